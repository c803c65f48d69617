import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { asciiDecimalPlugin } from '../scripts/entry-plugins.js';

// decimal.js as the package bundles it: ASCII, its constants ln 10 and pi left as text (not
// made into Decimals at import). Logarithms, powers and trigonometry read them where they use
// them, and must give what decimal.js gives, at low and high precisions.
const dir = mkdtempSync(join(tmpdir(), 'taxrules-decimal-bundle-'));

const built = new Map<string, Promise<{ Decimal: typeof Decimal; text: string }>>();
const bundled = (format: 'esm' | 'cjs') => {
  if (!built.has(format)) built.set(format, bundle(format));
  return built.get(format) as Promise<{ Decimal: typeof Decimal; text: string }>;
};

async function bundle(format: 'esm' | 'cjs'): Promise<{ Decimal: typeof Decimal; text: string }> {
  const outfile = join(dir, format === 'esm' ? 'decimal.mjs' : 'decimal.cjs');
  await build({
    stdin: { contents: "export { default } from 'decimal.js';", resolveDir: process.cwd() },
    bundle: true,
    format,
    platform: 'neutral',
    mainFields: format === 'esm' ? ['module', 'main'] : ['main'],
    outfile,
    logLevel: 'silent',
    plugins: [asciiDecimalPlugin],
  });
  const text = readFileSync(outfile, 'utf8');
  const mod = format === 'esm' ? ((await import(pathToFileURL(outfile).href)) as { default: typeof Decimal }) : (createRequire(import.meta.url)(outfile) as { default: typeof Decimal });
  return { Decimal: mod.default, text };
}

const cases: [string, (D: typeof Decimal) => Decimal][] = [
  ['ln 2.71', (D) => D.ln('2.71')],
  ['log10 7', (D) => D.log10(7)],
  ['log2 1e-30', (D) => D.log2('1e-30')],
  ['exp 12.5', (D) => D.exp('12.5')],
  ['2.5 ^ 1.7', (D) => D.pow('2.5', '1.7')],
  ['acos -0.3', (D) => D.acos('-0.3')],
  ['atan 4', (D) => D.atan(4)],
  ['sin 1000', (D) => D.sin(1000)],
  ['cos -7.25', (D) => D.cos('-7.25')],
  ['tan 3', (D) => D.tan(3)],
];

describe.each(['esm', 'cjs'] as const)('decimal.js as the package bundles it (%s)', (format) => {
  it('is ASCII and leaves ln 10 and pi as text', async () => {
    const { text } = await bundled(format);
    expect(text).not.toMatch(/[^\x00-\x7f]/);
    expect(text).not.toMatch(/new Decimal\((LN10|PI)\)/);
    expect(text).toMatch(/LN10 = "2\.302585/);
  });

  it.each([5, 20, 100, 300])('gives what decimal.js gives at precision %i', async (precision) => {
    const { Decimal: Bundled } = await bundled(format);
    const ours = Bundled.clone({ precision });
    const theirs = Decimal.clone({ precision });
    for (const [name, f] of cases) expect(f(ours).toString(), name).toBe(f(theirs).toString());
  });
});
