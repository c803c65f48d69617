/**
 * Two builds of the package side by side, on the measures a user meets: import time per entry,
 * the first defineAccount, heap after one quote, quotes with a large seller (a plain object as
 * read from a store, and prepared where the build can), the query string, calculate, and the
 * whole-corpus functions. Cold measures alternate the builds process by process; warm ones
 * alternate measuring windows inside one process and keep each case's best window.
 *
 * Usage: node bench/compare.mjs BEFORE_DIR AFTER_DIR   (each a package root with a built dist/)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const roots = process.argv.slice(2, 4).map((d) => resolve(d));
if (roots.length !== 2) {
  console.error('usage: node bench/compare.mjs BEFORE_DIR AFTER_DIR');
  process.exit(2);
}
const dist = (root, f) => JSON.stringify(pathToFileURL(join(root, 'dist', f)).href);
const dir = mkdtempSync(join(tmpdir(), 'taxrules-compare-'));
const EU = ['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'];

/** Median of `runs` fresh processes printing one number, the builds alternating. */
function cold(name, body, runs = 11, flags = []) {
  const values = roots.map(() => []);
  const files = roots.map((root, k) => {
    const file = join(dir, `${name}-${k}.mjs`);
    writeFileSync(file, body(root));
    return file;
  });
  for (let i = 0; i < runs; i++) {
    files.forEach((file, k) => values[k].push(Number(spawnSync(process.execPath, [...flags, file], { encoding: 'utf8' }).stdout.trim())));
  }
  return values.map((v) => v.sort((a, b) => a - b)[(runs - 1) >> 1]);
}

const quote = `m.calculateTaxRate({ to_country: 'DE', tax_code: 'ebook', date: '2026-06-01', amount: '100' }, { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }] });`;
const rows = [];
const row = (name, [a, b], unit, digits = 1) => rows.push([name, a, b, unit, digits]);

for (const entry of ['index.js', 'eu.js', 'http.js']) {
  row(`import ${entry}`, cold(`import-${entry}`, (r) => `const t0 = performance.now(); await import(${dist(r, entry)}); console.log(performance.now() - t0);`), 'ms');
}
row('import index.js + http.js', cold('import-both', (r) => `const t0 = performance.now(); await import(${dist(r, 'index.js')}); await import(${dist(r, 'http.js')}); console.log(performance.now() - t0);`), 'ms');
row('import + first DE quote', cold('first-quote', (r) => `const t0 = performance.now(); const m = await import(${dist(r, 'index.js')}); ${quote} console.log(performance.now() - t0);`), 'ms');
row('first defineAccount (IE, OSS, GB)', cold('define', (r) => `const m = await import(${dist(r, 'index.js')}); const t0 = performance.now(); m.defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss' }, { country: 'GB' }] }); console.log(performance.now() - t0);`), 'ms');
row('heap after import and one DE quote', cold('heap', (r) => `globalThis.gc(); const h0 = process.memoryUsage().heapUsed; const m = await import(${dist(r, 'index.js')}); ${quote} globalThis.gc(); console.log((process.memoryUsage().heapUsed - h0) / 2 ** 20);`, 5, ['--expose-gc']), 'MB');
row(
  'uncaught TaxRulesError, bytes on stderr',
  roots.map((r, k) => {
    const file = join(dir, `uncaught-${k}.mjs`);
    writeFileSync(file, `import { calculateTaxRate } from ${dist(r, 'index.js')};\ncalculateTaxRate({ to_country: 'DE' }, { country: 'IE' });\n`);
    return Buffer.byteLength(spawnSync(process.execPath, [file], { encoding: 'utf8' }).stderr);
  }),
  'B',
  0,
);
row(
  'package, unpacked',
  roots.map((r) => JSON.parse(spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: r, encoding: 'utf8' }).stdout)[0].unpackedSize / 1e6),
  'MB',
);
row('full rule diff, CPU', cold('diff', (r) => `const t = await import(${dist(r, 'testing.js')}); const m = await import(${dist(r, 'index.js')}); const d = m.defaultRuleSet.data; const c0 = process.cpuUsage(); t.diffRules(d, d); const c = process.cpuUsage(c0); console.log((c.user + c.system) / 1e6);`, 3), 's');
row(
  'taxSummaryReport, 100 000 documents',
  cold('report', (r) => `const m = await import(${dist(r, 'index.js')}); const a = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }, { jurisdiction_id: 250 }, { jurisdiction_id: 372 }] }; const docs = []; for (let i = 0; i < 100; i++) docs.push(m.buildDocument({ items: [{ amount: 10 + i, tax: { country: ['DE', 'FR', 'IE'][i % 3] } }], payment: {}, date: '2026-06-01' }, a, { id: i + 1, number: 'INV-' + i, createdAt: 1780300800 })); const all = Array.from({ length: 100000 }, (_, i) => docs[i % 100]); const t0 = performance.now(); m.taxSummaryReport(all, { from_date: '2026-01-01', to_date: '2026-12-31' }); console.log(performance.now() - t0);`, 3),
  'ms',
  0,
);
row(
  'computeBatch, 500 sales (best of 10)',
  cold('batch', (r) => `const m = await import(${dist(r, 'index.js')}); const a = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }, { jurisdiction_id: 250 }, { jurisdiction_id: 372 }] }; const cs = ['DE', 'FR', 'IE']; const req = { transactions: Array.from({ length: 500 }, (_, i) => ({ source_id: 's' + i, date: '2026-06-01', currency: 'EUR', customer: { address: { country: cs[i % 3] } }, items: [{ reference: 'a', amount: (10 + i % 90) + '.00', tax_code: 'ebook' }] })) }; m.computeBatch(req, a); let best = Infinity; for (let k = 0; k < 10; k++) { const t0 = performance.now(); m.computeBatch(req, a); best = Math.min(best, performance.now() - t0); } console.log(best);`, 3),
  'ms',
);

// Warm cases: both builds in one process, windows alternating, best window kept.
const warmFile = join(dir, 'warm.mjs');
writeFileSync(
  warmFile,
  `
const libs = await Promise.all([${roots.map((r) => `import(${dist(r, 'index.js')})`).join(', ')}]);
const EU = ${JSON.stringify(EU)};
const corpus = [['DE','ebook'],['FR','saas'],['IT','eservice'],['NL','standard','good'],['GB','ebook'],['CH','saas'],['US','saas','service','78701'],['US','standard','good','10001'],['CA','saas','service','V6B1A1'],['AU','eservice'],['JP','ebook']].map(([c, t, p, z]) => ({ to_country: c, tax_code: t, ...(p ? { product_type: p } : {}), ...(z ? { to_postal_code: z } : {}), date: '2026-09-15' }));
const strings = corpus.map((q) => new URLSearchParams({ ...q, amount: '123.45' }).toString());
const cases = libs.map((m) => {
  const regions = [...m.defaultRuleSet.countries.get('US').byRegion.keys()];
  const spec = { country: 'IE', postal_code: 'D02X285', currency: 'EUR', registrations: [...EU.map((country) => ({ country })), ...regions.map((region) => ({ country: 'US', region })), ...['GB', 'NO', 'CH', 'AU', 'CA'].map((country) => ({ country }))] };
  const plain = JSON.parse(JSON.stringify(m.defineAccount(spec)));
  let prepared = null;
  try { m.calculateTaxRate(corpus[0], m.prepareAccount(plain)); prepared = m.prepareAccount(plain); } catch { prepared = null; }
  const small = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000 }, { jurisdiction_id: 826 }] };
  const ten = { customer_address: { country: 'DE' }, tax_date: 1780315200, line_items: Array.from({ length: 10 }, (_, i) => ({ reference: 'l' + i, amount: (10 + i) + '.99', tax_code: i % 3 === 0 ? 'ebook' : 'saas' })) };
  return {
    'rate-only quote, large seller (plain object)': () => { for (const q of corpus) m.calculateTaxRate(q, plain); },
    'rate-only quote, large seller (prepared)': prepared ? () => { for (const q of corpus) m.calculateTaxRate(q, prepared); } : null,
    'priced quote from a query string, 3 registrations': () => { for (const s of strings) m.calculateTaxRate(s, small); },
    'calculate, 10 lines': () => { for (let k = 0; k < corpus.length; k++) m.calculate(ten, small); },
  };
});
const out = {};
for (const name of Object.keys(cases[0])) {
  const best = cases.map(() => Infinity);
  for (let w = 0; w < 40; w++) {
    cases.forEach((c, k) => {
      const f = c[name];
      if (!f) return;
      const t0 = performance.now();
      for (let i = 0; i < 300; i++) f();
      best[k] = Math.min(best[k], performance.now() - t0);
    });
  }
  out[name] = best.map((b) => (b === Infinity ? null : (b * 1e6) / (300 * corpus.length)));
}
console.log(JSON.stringify(out));
`,
);
const warm = JSON.parse(spawnSync(process.execPath, [warmFile], { encoding: 'utf8', maxBuffer: 1 << 24 }).stdout.trim());
for (const [name, values] of Object.entries(warm)) row(`${name}, per call`, values, 'ns', 0);

const fmt = (v, digits) => (v === null || Number.isNaN(v) ? '—' : v.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits }));
console.log(`| measure | ${roots[0]} | ${roots[1]} |\n|---|---|---|`);
for (const [name, a, b, unit, digits] of rows) console.log(`| ${name} | ${fmt(a, digits)} ${unit} | ${fmt(b, digits)} ${unit} |`);
