/**
 * What a user's browser bundle of one export weighs: builds the package's library entries as
 * tsup.config.ts does (no declaration files) into a temporary `node_modules/taxrules`, then
 * bundles a small program per export with esbuild (bundle, minify, browser, ES module) and
 * prints the minified and gzipped sizes.
 *
 *   npx tsx scripts/bundle-sizes.ts              the table
 *   npx tsx scripts/bundle-sizes.ts --dump DIR   also writes each program's unminified bundle
 *                                                to DIR (grep it for the top-level statements
 *                                                kept, e.g. `^var \w+ = \w+\(`)
 *
 * The test test/bundle-size.test.ts holds the ceilings.
 */
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build as esbuild, type BuildOptions } from 'esbuild';
import { build, type Options } from 'tsup';
import tsupConfig from '../tsup.config.js';
import { bundleCases } from './bundle-cases.js';

export { bundleCases };

/**
 * Builds the package's library entries (every tsup build of tsup.config.ts, ES modules only,
 * no declarations) under a fresh `node_modules/taxrules` with the package.json; returns the
 * folder that holds that `node_modules`.
 */
export async function buildPackage(): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'taxrules-bundle-size-'));
  const pkg = join(root, 'node_modules', 'taxrules');
  mkdirSync(pkg, { recursive: true });
  copyFileSync(resolve('package.json'), join(pkg, 'package.json'));
  for (const options of tsupConfig as Options[]) {
    await build({ ...options, format: ['esm'], outDir: join(pkg, 'dist'), config: false, silent: true, dts: false, clean: false });
  }
  return root;
}

export interface BundleSize {
  name: string;
  /** The minified bundle. */
  code: Uint8Array;
  min: number;
  gz: number;
  ceilingGz: number;
}

/** Bundles each case against the package under `root`; `dump` receives the unminified bundles. */
export async function measure(root: string, dump?: string): Promise<BundleSize[]> {
  const sizes: BundleSize[] = [];
  for (const [i, c] of bundleCases.entries()) {
    const file = join(root, `case-${i}.js`);
    writeFileSync(file, c.source);
    const common: BuildOptions & { write: false } = { entryPoints: [file], bundle: true, platform: 'browser', format: 'esm', write: false, logLevel: 'silent', absWorkingDir: root };
    const out = await esbuild({ ...common, minify: true });
    const code = out.outputFiles[0]?.contents ?? new Uint8Array();
    sizes.push({ name: c.name, code, min: code.length, gz: gzipSync(code, { level: 9 }).length, ceilingGz: c.ceilingGz });
    if (dump) {
      mkdirSync(dump, { recursive: true });
      const plain = await esbuild({ ...common });
      writeFileSync(join(dump, `case-${i}.js`), plain.outputFiles[0]?.contents ?? new Uint8Array());
    }
  }
  return sizes;
}

const kB = (n: number): string => `${(n / 1024).toFixed(1)} kB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--dump');
  const dump = at >= 0 ? resolve(process.argv[at + 1] ?? 'bundle-dump') : undefined;
  const root = await buildPackage();
  for (const s of await measure(root, dump)) {
    console.log(`${s.name.padEnd(44)} ${kB(s.min).padStart(10)} min ${kB(s.gz).padStart(10)} gz  (ceiling ${kB(s.ceilingGz)} gz)`);
  }
  if (dump) console.log(`unminified bundles in ${dump}; package built in ${root}`);
}
