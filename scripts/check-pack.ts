/**
 * Checks the package as `npm pack` would publish it (run after the build): every file the
 * `exports` map and `bin` name is in it, the LICENSE is, and no source map, test or source
 * file is. Exits 1 listing each problem.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

interface Pack {
  files: { path: string }[];
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, unknown>; bin: Record<string, string> };
const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
const files = new Set((JSON.parse(out) as Pack[])[0]!.files.map((f) => f.path));
const problems: string[] = [];

const targets = (v: unknown): string[] => (typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.values(v).flatMap(targets) : []);
for (const [entry, target] of Object.entries(pkg.exports)) {
  for (const t of targets(target)) {
    if (t.includes('*')) continue;
    if (!files.has(t.replace(/^\.\//, ''))) problems.push(`exports["${entry}"] names ${t}, which is not in the package (run the build first)`);
  }
}
for (const bin of Object.values(pkg.bin)) if (!files.has(bin.replace(/^\.\//, ''))) problems.push(`bin ${bin} is not in the package`);
if (!files.has('LICENSE')) problems.push('LICENSE is not in the package');
for (const f of files) {
  if (f.endsWith('.map')) problems.push(`source map in the package: ${f}`);
  if (/^(?:src|test|bench|scripts|fixtures)\//.test(f)) problems.push(`development file in the package: ${f}`);
}
if (problems.length > 0) {
  console.error(`package check: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`package check: ${files.size} files, every export present, no source maps`);
