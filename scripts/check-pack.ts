/**
 * Checks the package as `npm pack` would publish it (run after the build): every file the
 * `exports` map and `bin` name is in it, the LICENSE is, and no source map, test or source
 * file is, and every package a published module or declaration file imports is a dependency
 * or peer dependency (entries bundle what they use; zod, for one, must not be imported from
 * `node_modules`, since it is not installed with the package), and no published script holds
 * a character above U+00FF (one such character makes V8 hold the whole module's source as
 * two-byte text: twice the memory, a slower start). Exits 1 listing each problem.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { build } from 'esbuild';

interface Pack {
  files: { path: string }[];
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; exports: Record<string, unknown>; bin: Record<string, string>; dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
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
// A `prepare` script runs (and warns) on every install of the package: the build runs before packing (`prepack`).
const published = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts?: Record<string, string> };
if (published.scripts && Object.hasOwn(published.scripts, 'prepare')) problems.push('package.json has a prepare script: it runs on every install of the package; build in prepack');
for (const f of files) {
  if (f.endsWith('.map')) problems.push(`source map in the package: ${f}`);
  if (/^(?:src|test|bench|scripts|fixtures)\//.test(f)) problems.push(`development file in the package: ${f}`);
}
// Bare imports of the published JavaScript (read by esbuild) and declaration files: each must
// be installable.
const allowed = new Set([pkg.name, ...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]);
const packageOf = (spec: string): string => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
const bare = new Map<string, Set<string>>();
const note = (file: string, spec: string): void => {
  if (spec.startsWith('.') || spec.startsWith('node:') || builtinModules.includes(packageOf(spec))) return;
  if (!bare.has(file)) bare.set(file, new Set());
  bare.get(file)!.add(spec);
};
const scripts = [...files].filter((f) => /\.(?:c|m)?js$/.test(f));
const meta = await build({
  entryPoints: scripts.map((f) => ({ in: f, out: f.replace(/\.[^.]+$/, '') + f.slice(f.lastIndexOf('.')).replace('.', '-') })),
  bundle: true,
  write: false,
  metafile: true,
  logLevel: 'silent',
  platform: 'node',
  outdir: 'out',
  plugins: [{ name: 'bare-imports', setup: (b) => b.onResolve({ filter: /^[^./]/ }, (args) => ({ path: args.path, external: true })) }],
});
for (const [file, input] of Object.entries(meta.metafile.inputs)) for (const i of input.imports) if (i.external) note(file, i.path);
for (const f of files) {
  if (!/\.d\.c?ts$/.test(f)) continue;
  for (const m of readFileSync(f, 'utf8').matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm)) note(f, (m[1] ?? m[2])!);
}
for (const f of scripts) {
  const text = readFileSync(f, 'utf8');
  const at = text.search(/[^\u0000-\u00ff]/);
  if (at >= 0) problems.push(`${f} holds ${JSON.stringify(text[at])} (U+${text.codePointAt(at)!.toString(16).toUpperCase().padStart(4, '0')}) near ${JSON.stringify(text.slice(Math.max(0, at - 40), at + 10))}: write it as an escape`);
}
for (const [file, specs] of bare) for (const spec of specs) if (!allowed.has(packageOf(spec))) problems.push(`${file} imports ${spec}, which is not a dependency of the package`);
if (problems.length > 0) {
  console.error(`package check: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`package check: ${files.size} files, every export present, no source maps, every import installable, every script one-byte text`);
