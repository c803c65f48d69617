/**
 * Checks the package as a user installs it (run after the build): `npm pack`, then the tarball
 * unpacked into a fresh project's node_modules (the package has no dependencies to install),
 * and from that project: `rulesInfo()` from the ES module and the CommonJS entry,
 * `taxrules rates 10001`, `taxrules rules export` of the installed rules, an edit of the copy,
 * `taxrules diff` of the copy against the installed rules, a quote with `--rules` of the copy,
 * and `loadRules` of `taxrules/node` reading it. Exits 1 listing each problem.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const problems: string[] = [];
const work = mkdtempSync(join(tmpdir(), 'taxrules-tarball-'));
const project = join(work, 'project');
const installed = join(project, 'node_modules', 'taxrules');
mkdirSync(installed, { recursive: true });
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'tarball-check', private: true, dependencies: { taxrules: '*' } }));

const packed = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as { filename: string }[];
execFileSync('tar', ['-xzf', join(work, packed[0]!.filename), '-C', installed, '--strip-components=1']);
const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { version: string; bin: Record<string, string> };
const bin = join(installed, pkg.bin.taxrules!);

/** Runs node in the project; its stdout, and a problem when it fails. */
function node(what: string, args: string[], expectStatus = 0): string {
  const r = spawnSync(process.execPath, args, { cwd: project, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== expectStatus) problems.push(`${what}: exit status ${r.status} (expected ${expectStatus}): ${(r.stderr || r.stdout).trim().split('\n').slice(0, 3).join(' | ')}`);
  return r.stdout;
}
function expect(what: string, ok: boolean, detail: string): void {
  if (!ok) problems.push(`${what}: ${detail}`);
}

// rulesInfo() from both module formats: the same rules version.
const esm = node('import taxrules', ['--input-type=module', '-e', "import { rulesInfo } from 'taxrules'; console.log(JSON.stringify(rulesInfo()))"]);
const cjs = node('require taxrules', ['-e', "const { rulesInfo } = require('taxrules'); console.log(JSON.stringify(rulesInfo()))"]);
const info = esm ? (JSON.parse(esm) as { version: string; digest: string }) : null;
expect('rulesInfo()', info !== null && /^\d{4}-\d{2}-\d{2}$/.test(info.version), `no rules version: ${esm.trim()}`);
expect('rulesInfo() of require', cjs.trim() === esm.trim(), 'differs from the ES module entry');
const version = node('taxrules --version', [bin, '--version']);
expect('taxrules --version', info !== null && version.trim() === `${pkg.version} (rules ${info.version})`, version.trim());

// Rates by place.
const rates = node('taxrules rates 10001', [bin, 'rates', '10001', '--date', '2026-10-01']);
expect('taxrules rates 10001', /New York/.test(rates) && /4\.5/.test(rates), rates.slice(0, 200));

// The installed rules exported, edited (Germany's standard rate at 21 % from 2027) and used.
node('taxrules rules export', [bin, 'rules', 'export', 'my-rules']);
expect('taxrules rules export', existsSync(join(project, 'my-rules', 'schema', 'country.schema.json')), 'wrote no schema/ beside the files');
const de = join(project, 'my-rules', 'countries', 'DE.json');
const text = readFileSync(de, 'utf8');
const last = /( *)(\{ "from": "2021-01-01", "rate": "19",[^\n]*\})\n/;
expect('the exported DE.json', last.test(text), 'has no 2021-01-01 period of 19 %');
writeFileSync(de, text.replace(last, (_m, indent: string, period: string) => `${indent}${period},\n${indent}{ "from": "2027-01-01", "rate": "21", "source": "an announced change", "checked": "2026-12-05" }\n`));
const diff = node('taxrules diff my-rules', [bin, 'diff', 'my-rules', '--from', '2027-01-01', '--json', '--exit-code'], 1);
const changes = diff ? (JSON.parse(diff) as { changes: { jurisdiction: { country: string }; after: unknown }[] }).changes : [];
expect('taxrules diff my-rules', changes.length > 0 && changes.every((c) => c.jurisdiction.country === 'DE') && JSON.stringify(changes[0]!.after).includes('21%'), `${changes.length} changes: ${diff.slice(0, 300)}`);
const quote = node('taxrules quote --rules my-rules', [bin, 'quote', 'to_country=DE&tax_code=standard&product_type=good&amount=100&date=2027-02-01', '--rules', 'my-rules']);
expect('taxrules quote --rules my-rules', quote.includes('"rate": 21,'), quote.slice(0, 200));
const loaded = node('loadRules(my-rules)', [
  '--input-type=module',
  '-e',
  "import { ratesAt } from 'taxrules'; import { loadRules } from 'taxrules/node'; const rules = loadRules('my-rules'); console.log(ratesAt({ country: 'DE', date: '2027-02-01' }, { rules }).taxes[0].classes.find((c) => c.rateClass === 'standard').rate)",
]);
expect('loadRules(my-rules)', loaded.trim() === '21', loaded.trim());

rmSync(work, { recursive: true, force: true });
if (problems.length > 0) {
  console.error(`tarball check: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`tarball check: ${packed[0]!.filename} installed in a fresh project: rulesInfo (ESM, CommonJS), --version, rates 10001, rules export, an edited copy's diff, quote and loadRules`);
