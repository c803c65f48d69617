/**
 * The benchmark suite: taxrules against the V8 floor and its peers, in one run.
 * Prints ops/s and ns/op (best median of five interleaved rounds, and its p99) per case, cold start, heap and sizes,
 * and each target as met or not met; writes bench/results/latest.json.
 *
 * Usage: npm run bench   (builds first; run on an otherwise idle machine)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, tmpdir, totalmem } from 'node:os';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { measure, do_not_optimize } from 'mitata';
import Decimal from 'decimal.js';
import salesTax from 'sales-tax';
import { checkVAT, countries as jsvatCountries } from 'jsvat';
import * as stdnumPkg from 'stdnum';
import { benchAccount, corpus, largeSellerSpec, salesTaxB2C } from './corpus.js';
import { floorQuote, type FloorInput } from './floor.js';
import { bundleCases } from '../scripts/bundle-cases.js';
import { defaultRulePack as worldPack } from '../src/generated/ruledata.js';
import { defaultRulePack as euPack } from '../src/generated/ruledata-eu.js';
import type { TaxRateQuery } from '../src/adapters/v20241028.js';

type Lib = typeof import('../src/index.js');
const lib = (await import(new URL('../dist/index.js', import.meta.url).href)) as Lib;
const { calculateTaxRate, calculate, prepareAccount, defineAccount, defaultRuleSet } = lib;
prepareAccount(benchAccount, defaultRuleSet);
type Account = import('../src/index.js').Account;

// A realistic large seller as an application holds one: a plain object read from its store
// (every EU country, the US states, DC and PR, GB, NO, CH, AU, CA), and the same account prepared.
const usRegions = [...(defaultRuleSet.countries.get('US')?.byRegion.keys() ?? [])];
const largePlain = JSON.parse(JSON.stringify(defineAccount(largeSellerSpec(usRegions)))) as Account;
const largePrepared = prepareAccount(largePlain);
// The same quotes with one registration and with every jurisdiction of the rules (prepared).
const oneRegistration = prepareAccount({ country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }] });
const allIds = [...defaultRuleSet.jurisdictions.keys()];
const everywhere = prepareAccount({ country: 'IE', currency: 'EUR', registrations: allIds.map((jurisdiction_id) => ({ jurisdiction_id })) });

interface Row {
  name: string;
  nsMedian: number;
  nsP99: number;
  opsPerSec: number;
}
const rows: Row[] = [];

interface Case {
  row: Row;
  fn: () => unknown;
  perCall: number;
  setup: (() => void) | undefined;
  best: { p50: number; p99: number } | null;
}
const cases: Case[] = [];

/**
 * Registers a case; `measureAll` fills its row. `setup` runs before each of its windows
 * (for peers with global switches).
 */
function bench(name: string, fn: () => unknown, perCall = 1, setup?: () => void): Row {
  const row: Row = { name, nsMedian: Number.NaN, nsP99: Number.NaN, opsPerSec: Number.NaN };
  rows.push(row);
  cases.push({ row, fn, perCall, setup, best: null });
  return row;
}

/**
 * Measures every case in five rounds, each round visiting every case once, and keeps each
 * case's best median: on a shared machine a burst of other work inflates a window, and
 * interleaving spreads it over all cases instead of one, so the ratios hold.
 */
async function measureAll(rounds = 5): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    for (const c of cases) {
      c.setup?.();
      const stats = await measure(c.fn, { min_cpu_time: 250 * 1e6 } as never);
      if (!c.best || stats.p50 < c.best.p50) c.best = { p50: stats.p50, p99: stats.p99 };
    }
  }
  for (const c of cases) {
    const stats = c.best as { p50: number; p99: number };
    Object.assign(c.row, { nsMedian: stats.p50 / c.perCall, nsP99: stats.p99 / c.perCall, opsPerSec: 1e9 / (stats.p50 / c.perCall) });
    const row = c.row;
    console.log(`${row.name.padEnd(58)} ${row.nsMedian.toFixed(0).padStart(8)} ns  p99 ${row.nsP99.toFixed(0).padStart(8)} ns  ${Math.round(row.opsPerSec).toLocaleString('en').padStart(12)} ops/s`);
  }
}

// Each case walks the whole corpus per call and reports the time per quote.
const n = corpus.length;
const priced = corpus.map((q) => ({ ...q, amount: '123.45' }));
const inclusive = priced.map((q) => ({ ...q, tax_behavior: 'inclusive' }));
const queryStrings = priced.map((q) => new URLSearchParams(q).toString());
const floorInputs: FloorInput[] = corpus.map((q, i) => ({ country: q.to_country as string, zip: Number(q.to_postal_code ?? 0) || i * 7, amountMinor: 12_345 }));
const usp8 = 'to_country=DE&to_postal_code=10115&tax_code=ebook&tax_behavior=exclusive&product_type=service&date=2026-06-01&amount=100&currency=EUR';
const keys8 = ['to_country', 'to_postal_code', 'tax_code', 'tax_behavior', 'product_type', 'date', 'amount', 'currency'];
const tenLines: import('../src/index.js').CalculationRequest = {
  customer_address: { country: 'DE' },
  tax_date: 1_780_315_200,
  line_items: Array.from({ length: 10 }, (_, i) => ({ reference: `l${i}`, amount: `${10 + i}.99`, tax_code: i % 3 === 0 ? 'ebook' : 'saas' })),
};

console.log(`taxrules bench — node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB\n`);
const floor = bench('floor: Map lookups + ZIP search + integer tax', () => {
  for (let i = 0; i < n; i++) do_not_optimize(floorQuote(floorInputs[i] as FloorInput));
}, n);
const rateOnly = bench('taxrules rate-only quote (object query)', () => {
  for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(corpus[i] as TaxRateQuery, benchAccount));
}, n);
const rateLargePlain = bench(`taxrules rate-only quote, large seller (${largePlain.registrations.length} registrations), plain object`, () => {
  for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(corpus[i] as TaxRateQuery, largePlain));
}, n);
const rateLargePrepared = bench(`taxrules rate-only quote, large seller (${largePlain.registrations.length} registrations), prepared`, () => {
  for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(corpus[i] as TaxRateQuery, largePrepared));
}, n);
const rateOne = bench('taxrules rate-only quote, 1 registration (prepared)', () => {
  for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(corpus[i] as TaxRateQuery, oneRegistration));
}, n);
const rateAll = bench(`taxrules rate-only quote, ${allIds.length.toLocaleString('en')} registrations (prepared)`, () => {
  for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(corpus[i] as TaxRateQuery, everywhere));
}, n);
// The same quotes deciding every call afresh (no decision table), and with the account loaded per call.
const accountJson = JSON.stringify(benchAccount);
const rateUncached = bench('taxrules rate-only quote, decision table off', () => {
  for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(corpus[i] as TaxRateQuery, benchAccount, { cache: false }));
}, n);
// A deeply frozen account cannot change: its preparation is reused without comparing it.
const frozenAccount = Object.freeze({ ...benchAccount, registrations: Object.freeze(benchAccount.registrations.map((r) => Object.freeze({ ...r }))) });
const rateFrozen = bench('taxrules rate-only quote, deeply frozen account', () => {
  for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(corpus[i] as TaxRateQuery, frozenAccount));
}, n);
const rateFreshAccount = bench('taxrules rate-only quote, account parsed per call', () => {
  for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(corpus[i] as TaxRateQuery, JSON.parse(accountJson)));
}, n);
const accountParse = bench('reference: JSON.parse of the account alone', () => {
  do_not_optimize(JSON.parse(accountJson));
});
// A stateless or multi-tenant server: the large seller read from its JSON for every request.
const largeJson = JSON.stringify(largePlain);
const rateLargePerRequest = bench(`taxrules rate-only quote, large seller (${largePlain.registrations.length} registrations) read from JSON per call`, () => {
  for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(corpus[i] as TaxRateQuery, JSON.parse(largeJson) as Account));
}, n);
const largeParse = bench(`reference: JSON.parse of the large seller alone`, () => {
  do_not_optimize(JSON.parse(largeJson));
});
const pricedEx = bench('taxrules priced quote, exclusive', () => {
  for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(priced[i] as TaxRateQuery, benchAccount));
}, n);
// A product category (food) beside the standard code, on the corpus's places whose rules record
// food (a place that does not is refused, 422, and left out), the same places for both.
const answers = (q: TaxRateQuery): boolean => {
  try {
    calculateTaxRate(q, benchAccount);
    return true;
  } catch {
    return false;
  }
};
const categoryQueries = priced.map((q): TaxRateQuery => ({ ...(q as TaxRateQuery), tax_code: 'food', product_type: 'good' })).filter(answers);
const standardQueries = categoryQueries.map((q) => ({ ...q, tax_code: 'standard' }));
const cn = categoryQueries.length;
const pricedStandard = cn === 0 ? null : bench(`taxrules priced quote, standard code (${cn} places recording food)`, () => {
  for (let i = 0; i < cn; i++) do_not_optimize(calculateTaxRate(standardQueries[i] as TaxRateQuery, benchAccount));
}, cn);
const pricedCategory = cn === 0 ? null : bench(`taxrules priced quote, product category food (the same ${cn} places)`, () => {
  for (let i = 0; i < cn; i++) do_not_optimize(calculateTaxRate(categoryQueries[i] as TaxRateQuery, benchAccount));
}, cn);
if (cn === 0) console.log('no place of the corpus records food: the product-category case is left out');
const pricedIn = bench('taxrules priced quote, inclusive', () => {
  for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(inclusive[i] as TaxRateQuery, benchAccount));
}, n);
const qs = bench('taxrules priced quote from a query string', () => {
  for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(queryStrings[i] as string, benchAccount));
}, n);
const usp = bench('URLSearchParams of 8 parameters + 8 get', () => {
  const p = new URLSearchParams(usp8);
  for (const k of keys8) do_not_optimize(p.get(k));
});
// URLSearchParams of the very strings the query-string case reads, each parameter got once.
const queryKeys = queryStrings.map((q) => [...new URLSearchParams(q).keys()]);
const uspSame = bench('URLSearchParams of the quote query strings + a get per parameter', () => {
  for (let i = 0; i < n; i++) {
    const p = new URLSearchParams(queryStrings[i] as string);
    for (const k of queryKeys[i] as string[]) do_not_optimize(p.get(k));
  }
}, n);
// Rate-only (the large seller is registered in Florida, whose per-article limit needs the amount in USD).
const rateStrings = corpus.map((q) => new URLSearchParams(q).toString());
const qsLarge = bench('taxrules rate-only quote from a query string, large seller prepared', () => {
  for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(rateStrings[i] as string, largePrepared));
}, n);
const calc10 = bench('taxrules calculate, 10 lines (v20260309)', () => do_not_optimize(calculate(tenLines, benchAccount)));
const oneLine = { ...tenLines, line_items: tenLines.line_items.slice(0, 1) };
const calc1 = bench('taxrules calculate, 1 line (v20260309)', () => do_not_optimize(calculate(oneLine, benchAccount)));

salesTax.setTaxOriginCountry('IE');
const peerB2C = bench('peer: npm sales-tax getSalesTax, B2C (awaited)', async () => {
  for (const [c, s] of salesTaxB2C) do_not_optimize(await salesTax.getSalesTax(c, s));
}, salesTaxB2C.length, () => salesTax.toggleEnabledTaxNumberValidation(false));
// Tax IDs: a mixed valid/invalid list of EU VAT numbers, the same for every library.
const ids = ['DE811569869', 'FR40303265045', 'ESA28015865', 'NL004495445B01', 'ATU13585627', 'IT00743110157', 'BE0411905847', 'PL5260250995', 'DE811569868', 'FR4030326504', 'ATU13585626', 'IT00743110158'];
const validateRow = bench('taxrules validateTaxId (prefix decides the country)', () => {
  for (const id of ids) do_not_optimize(lib.validateTaxId(null, id));
}, ids.length);
const jsvatRow = bench('peer: npm jsvat checkVAT (all countries)', () => {
  for (const id of ids) do_not_optimize(checkVAT(id, jsvatCountries));
}, ids.length);
const stdnumEu = stdnumPkg.euVat as unknown as Record<string, { validate(v: string): unknown }[]>;
const stdnumRow = bench('peer: npm stdnum euVat[country].validate', () => {
  for (const id of ids) {
    const prefix = id.slice(0, 2);
    do_not_optimize(stdnumEu[prefix === "EL" ? "GR" : prefix]?.[0]?.validate(id.slice(2)));
  }
}, ids.length);

// B2B: an EU business customer with a VAT number, online checks off in the peer.
const b2b: [string, string][] = [['DE', 'DE811569869'], ['FR', 'FR40303265045'], ['ES', 'ESA28015865'], ['NL', 'NL004495445B01'], ['AT', 'ATU13585627'], ['IT', 'IT00743110157']];
const b2bQueries = b2b.map(([c, id]): TaxRateQuery => ({ to_country: c, tax_code: 'saas', tax_id: id }));
const oursB2B = bench('taxrules rate-only quote, EU B2B with its tax-ID check', () => {
  for (const q of b2bQueries) do_not_optimize(calculateTaxRate(q, benchAccount));
}, b2b.length);
const peerB2B = bench('peer: npm sales-tax getSalesTax, EU B2B (offline VAT check)', async () => {
  for (const [c, id] of b2b) do_not_optimize(await salesTax.getSalesTax(c, null, id));
}, b2b.length, () => {
  salesTax.toggleEnabledTaxNumberValidation(true);
  salesTax.toggleEnabledTaxNumberFraudCheck(false);
});
// What detecting a changed account costs: the comparison of an account with what its
// preparation read (11 registrations), which every call makes.
// A US ZIP code's local rate areas (the state's data compiled): a binary search of its sorted
// ZIP numbers, and the ZIP code's list of areas (made on first lookup, then kept). Every ZIP
// code of Texas, the largest file, and as many that are not in it.
const txLocal = defaultRuleSet.usLocal.get('TX');
if (!txLocal) throw new Error('no Texas local data');
const txZipKeys = [...txLocal.zips.keys()].flatMap((z) => [z, String((Number(z) + 50_000) % 100_000).padStart(5, '0')]);
const zipLookup = bench('US local: a ZIP code\'s rate areas (Texas, hits and misses)', () => {
  for (let i = 0; i < txZipKeys.length; i++) do_not_optimize(txLocal.zips.get(txZipKeys[i] as string));
}, txZipKeys.length);
const changeCheck = bench('account change check (11 registrations), per call', () => {
  do_not_optimize(prepareAccount(benchAccount, defaultRuleSet));
});
const changeCheckLarge = bench(`account change check, plain object of ${largePlain.registrations.length} registrations, per call`, () => {
  do_not_optimize(prepareAccount(largePlain, defaultRuleSet));
});
const preparedCheck = bench('prepared account recognised, per call', () => {
  do_not_optimize(prepareAccount(largePrepared, defaultRuleSet));
});
const decimalRow = bench('reference: decimal.js times + toDecimalPlaces', () => {
  do_not_optimize(new Decimal('123.45').times('0.19').toDecimalPlaces(2));
});

await measureAll();

// Cold start: fresh node processes, the import alone (what a process pays over bare node) and
// import + first quote, measured in-process (median of 11). The script is a file, as an
// application is: with `node -e` the timer would also catch Node setting up its module
// loader for the first dynamic import (~5 ms more).
const coldDir = mkdtempSync(join(tmpdir(), 'taxrules-cold-'));
const distUrl = (f: string): string => JSON.stringify(new URL(`../dist/${f}`, import.meta.url).href);
function medianOfRuns(name: string, body: string, runs = 11, flags: string[] = []): number {
  const file = join(coldDir, `${name}.mjs`);
  writeFileSync(file, `${body}\n`);
  const values: number[] = [];
  for (let i = 0; i < runs; i++) values.push(Number(spawnSync(process.execPath, [...flags, file], { encoding: 'utf8' }).stdout.trim()));
  values.sort((a, b) => a - b);
  return values[(runs - 1) >> 1] as number;
}
const firstQuote = `m.calculateTaxRate({ to_country: 'DE', tax_code: 'ebook', date: '2026-06-01', amount: '100' }, { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }] });`;
const importMs = Object.fromEntries(
  ['index.js', 'eu.js', 'http.js', 'testing.js', 'schemas.js'].map((f) => [f, medianOfRuns(`import-${f.replace(/\W/g, '_')}`, `const t0 = performance.now(); await import(${distUrl(f)}); console.log(performance.now() - t0);`)]),
);
const importMainHttpMs = medianOfRuns('import-main-http', `const t0 = performance.now(); await import(${distUrl('index.js')}); await import(${distUrl('http.js')}); console.log(performance.now() - t0);`);
const coldMs = medianOfRuns('cold-index', `const t0 = performance.now(); const m = await import(${distUrl('index.js')}); ${firstQuote} console.log(performance.now() - t0);`);
const coldEuMs = medianOfRuns('cold-eu', `const t0 = performance.now(); const m = await import(${distUrl('eu.js')}); ${firstQuote} console.log(performance.now() - t0);`);
const firstDefineMs = medianOfRuns('first-define', `const m = await import(${distUrl('index.js')}); const t0 = performance.now(); m.defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss', valid_from: '2021-07-01' }, { country: 'GB' }] }); console.log(performance.now() - t0);`);
const heapQuoteMb = medianOfRuns('heap-quote', `globalThis.gc(); const h0 = process.memoryUsage().heapUsed; const m = await import(${distUrl('index.js')}); ${firstQuote} globalThis.gc(); console.log((process.memoryUsage().heapUsed - h0) / 2 ** 20);`, 5, ['--expose-gc']);
// An uncaught TaxRulesError: what Node prints of it.
const uncaughtFile = join(coldDir, 'uncaught.mjs');
writeFileSync(uncaughtFile, `import { calculateTaxRate } from ${distUrl('index.js')};\ncalculateTaxRate({ to_country: 'DE' }, { country: 'IE' });\n`);
const uncaughtBytes = Buffer.byteLength(spawnSync(process.execPath, [uncaughtFile], { encoding: 'utf8' }).stderr);
// The package as npm would publish it.
const packed = JSON.parse(spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8' }).stdout) as { unpackedSize: number; size: number; entryCount: number }[];
const packageMb = (packed[0]?.unpackedSize ?? Number.NaN) / 1e6;
// Whole-corpus work: the full rule diff (CPU time), a tax summary of 100 000 documents, a batch of 500 sales (best of 10 after a warm-up).
const diffCpuS = medianOfRuns('diff', `const t = await import(${distUrl('testing.js')}); const m = await import(${distUrl('index.js')}); const d = m.defaultRuleSet.data; const c0 = process.cpuUsage(); t.diffRules(d, d); const c = process.cpuUsage(c0); console.log((c.user + c.system) / 1e6);`, 3);
const reportMs = medianOfRuns('report', `const m = await import(${distUrl('index.js')}); const a = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }, { jurisdiction_id: 250 }, { jurisdiction_id: 372 }] }; const docs = []; for (let i = 0; i < 100; i++) docs.push(m.buildDocument({ items: [{ amount: 10 + i, tax: { country: ['DE', 'FR', 'IE'][i % 3] } }, { amount: 5, tax: { country: ['DE', 'FR', 'IE'][i % 3] } }], payment: {}, date: '2026-06-01' }, a, { id: i + 1, number: 'INV-' + i, createdAt: 1780300800 })); const all = Array.from({ length: 100000 }, (_, i) => docs[i % 100]); const t0 = performance.now(); m.taxSummaryReport(all, { from_date: '2026-01-01', to_date: '2026-12-31' }); console.log(performance.now() - t0);`, 3);
const batchMs = medianOfRuns('batch', `const m = await import(${distUrl('index.js')}); const a = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }, { jurisdiction_id: 250 }, { jurisdiction_id: 372 }] }; const countries = ['DE', 'FR', 'IE']; const request = { transactions: Array.from({ length: 500 }, (_, i) => ({ source_id: 's' + i, date: '2026-06-01', currency: 'EUR', customer: { address: { country: countries[i % 3] } }, items: [{ reference: 'a', amount: (10 + i % 90) + '.00', tax_code: 'ebook' }, { reference: 'b', amount: '5.00', tax_code: 'saas' }] })) }; m.computeBatch(request, a); let best = Infinity; for (let k = 0; k < 10; k++) { const t0 = performance.now(); m.computeBatch(request, a); best = Math.min(best, performance.now() - t0); } console.log(best);`, 3);
// The 10-line calculate alone in a fresh process (no other case before it): best of ten
// windows of 10 000 calls.
const calcAloneScript = `const m = await import(${JSON.stringify(new URL('../dist/index.js', import.meta.url).href)}); const account = ${JSON.stringify(benchAccount)}; const body = ${JSON.stringify(tenLines)}; m.prepareAccount(account, m.defaultRuleSet); let best = Infinity; for (let w = 0; w < 10; w++) { const t0 = performance.now(); for (let k = 0; k < 10000; k++) m.calculate(body, account); best = Math.min(best, (performance.now() - t0) * 100); } console.log(best);`;
const calcAloneNs = Number(spawnSync(process.execPath, ['--input-type=module', '-e', calcAloneScript], { encoding: 'utf8' }).stdout.trim());
// The first quote that reaches a US state's local data (its file parsed and compiled, the
// largest: Texas), after a first US quote elsewhere: median of 10 fresh processes.
const usLocalScript = `const m = await import(${JSON.stringify(new URL('../dist/index.js', import.meta.url).href)}); const a = { country: 'US', postal_code: '10001', currency: 'USD', registrations: [{ jurisdiction_id: 840048 }, { jurisdiction_id: 840041 }] }; m.calculateTaxRate({ to_country: 'US', to_postal_code: '97201', date: '2026-06-01' }, a); const t0 = performance.now(); m.calculateTaxRate({ to_country: 'US', to_postal_code: '77002', date: '2026-06-01' }, a); console.log(performance.now() - t0);`;
const usLocalRuns: number[] = [];
for (let i = 0; i < 10; i++) usLocalRuns.push(Number(spawnSync(process.execPath, ['--input-type=module', '-e', usLocalScript], { encoding: 'utf8' }).stdout.trim()));
usLocalRuns.sort((a, b) => a - b);
const usLocalMs = ((usLocalRuns[4] as number) + (usLocalRuns[5] as number)) / 2;
// Heap once every country, regime and territory of the default rule set is compiled, and what
// compiling every US state's local data adds to it.
const heapScript = `globalThis.gc(); const h0 = process.memoryUsage().heapUsed; const m = await import(${JSON.stringify(new URL('../dist/index.js', import.meta.url).href)}); m.calculateTaxRate({ to_country: 'DE', date: '2026-06-01' }, { country: 'IE', currency: 'EUR', registrations: [] }); const r = m.defaultRuleSet; for (const x of [r.countries, r.regimes, r.territories]) for (const v of x.values()) void v; globalThis.gc(); const h1 = process.memoryUsage().heapUsed; for (const x of [r.jurisdictions, r.usLocal]) for (const v of x.values()) void v; globalThis.gc(); console.log(JSON.stringify([process.memoryUsage().heapUsed - h0, process.memoryUsage().heapUsed - h1]));`;
const [heapBytes, usLocalHeapBytes] = JSON.parse(spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', heapScript], { encoding: 'utf8' }).stdout.trim()) as [number, number];
const heapMb = heapBytes / 2 ** 20;
const usLocalHeapMb = usLocalHeapBytes / 2 ** 20;
// The decision cache's bound under many sellers and addresses (heap measured after GC).
const cacheRun = spawnSync(process.execPath, ['--expose-gc', new URL('./cache-memory.mjs', import.meta.url).pathname, new URL('../dist/index.js', import.meta.url).href], { encoding: 'utf8' });
const cacheMemory = JSON.parse(cacheRun.stdout.trim()) as { sellers: number; addresses: number; quotes: number; seconds: number; heapGrowthBytes: number; stats: { entries: number; maxEntries: number; bytes: number; maxBytes: number } };
const cacheMb = cacheMemory.heapGrowthBytes / 2 ** 20;
// Each published entry as an application's bundler ships it (one file with its chunks, minified), gzipped.
const gzKb = (bytes: Uint8Array | string): number => gzipSync(bytes).length / 1024;
const bundled = (f: string): Uint8Array =>
  buildSync({ entryPoints: [fileURLToPath(new URL(`../dist/${f}`, import.meta.url))], bundle: true, minify: true, write: false, format: 'esm', platform: 'neutral', logLevel: 'silent' }).outputFiles[0]?.contents ?? new Uint8Array();
const entrySizes = Object.fromEntries(['index.js', 'eu.js', 'schemas.js', 'http.js'].map((f) => [f, gzKb(bundled(f))]));
const bundleKb = entrySizes['index.js'] as number;
const euKb = entrySizes['eu.js'] as number;
// Each rule pack alone (its JSON texts and index), gzipped.
// What a browser bundle of one export weighs (the cases and ceilings of scripts/bundle-sizes.ts), against the built dist/.
const exportRoot = mkdtempSync(join(tmpdir(), 'taxrules-bench-exports-'));
mkdirSync(join(exportRoot, 'node_modules'));
symlinkSync(fileURLToPath(new URL('..', import.meta.url)), join(exportRoot, 'node_modules', 'taxrules'));
const exportSizes = bundleCases.map((c, i) => {
  const file = join(exportRoot, `case-${i}.js`);
  writeFileSync(file, c.source);
  const code = buildSync({ entryPoints: [file], bundle: true, minify: true, write: false, format: 'esm', platform: 'browser', logLevel: 'silent', absWorkingDir: exportRoot }).outputFiles[0]?.contents ?? new Uint8Array();
  return { name: c.name, gzKb: gzKb(code) };
});
const exportKb = (start: string): number => exportSizes.find((e) => e.name.startsWith(start))?.gzKb ?? Number.NaN;
const packSizes = { world: gzKb(JSON.stringify(worldPack)), eu: gzKb(JSON.stringify(euPack)), usLocal: gzKb(JSON.stringify(worldPack.usLocal ?? {})) };
console.log(`\nimport alone (median of 11 fresh processes): ${Object.entries(importMs).map(([f, ms]) => `${f} ${ms.toFixed(1)} ms`).join(', ')}; index.js + http.js ${importMainHttpMs.toFixed(1)} ms`);
console.log(`import + first quote: default entry ${coldMs.toFixed(1)} ms, EU entry ${coldEuMs.toFixed(1)} ms; first defineAccount ${firstDefineMs.toFixed(1)} ms; heap after import and one DE quote ${heapQuoteMb.toFixed(1)} MB`);
console.log(`package ${packageMb.toFixed(1)} MB unpacked (${packed[0]?.entryCount} files); an uncaught error prints ${uncaughtBytes} bytes`);
console.log(`full rule diff ${diffCpuS.toFixed(1)} s CPU; taxSummaryReport of 100 000 documents ${reportMs.toFixed(0)} ms; computeBatch of 500 sales ${batchMs.toFixed(1)} ms`);
console.log(`plain account change check: ${changeCheckLarge.nsMedian.toFixed(0)} ns for ${largePlain.registrations.length} registrations (${(changeCheckLarge.nsMedian / largePlain.registrations.length).toFixed(1)} ns per registration); a prepared account is recognised in ${preparedCheck.nsMedian.toFixed(0)} ns`);
console.log(`calculate, 10 lines, alone in a fresh process: ${calcAloneNs.toFixed(0)} ns (${Math.round(1e9 / calcAloneNs).toLocaleString('en')}/s)`);
console.log(`heap with every rule compiled: ${heapMb.toFixed(1)} MB, of which the US local data ${usLocalHeapMb.toFixed(1)} MB (${Object.keys(worldPack.usLocal ?? {}).length} files, ${(Object.values(worldPack.usLocal ?? {}).reduce((sum, t) => sum + t.length, 0) / 1024).toFixed(0)} kB of packed text)`);
console.log(`decision cache, ${cacheMemory.sellers} sellers × ${cacheMemory.addresses.toLocaleString('en')} addresses (${cacheMemory.quotes.toLocaleString('en')} quotes in ${cacheMemory.seconds.toFixed(1)} s): heap +${cacheMb.toFixed(1)} MB after GC; the cache counts ${cacheMemory.stats.entries.toLocaleString('en')} decisions, ${(cacheMemory.stats.bytes / 2 ** 20).toFixed(1)} MB by its estimate, bound ${(cacheMemory.stats.maxBytes / 2 ** 20).toFixed(0)} MB`);
console.log(`account change check: ${changeCheck.nsMedian.toFixed(0)} ns per call for 11 registrations`);
console.log(`entries, bundled + minified + gzipped with their dependencies: ${Object.entries(entrySizes).map(([f, kb]) => `${f} ${kb.toFixed(1)} kB`).join(', ')}`);
console.log(`one export, bundled for a browser + minified + gzipped: ${exportSizes.map((e) => `${e.name} ${e.gzKb.toFixed(1)} kB`).join('; ')}`);
console.log(`account read from JSON per request (${largePlain.registrations.length} registrations): quote + JSON.parse ${(rateLargePerRequest.nsMedian / 1000).toFixed(1)} µs, JSON.parse alone ${(largeParse.nsMedian / 1000).toFixed(1)} µs`);
console.log(`rule packs, gzipped: world ${packSizes.world.toFixed(1)} kB (of which US local data ${packSizes.usLocal.toFixed(1)} kB), EU ${packSizes.eu.toFixed(1)} kB`);
console.log(`first quote reaching a US state's local data (Texas, median of 10 fresh processes): ${usLocalMs.toFixed(1)} ms`);

const ratio = (slow: Row, fast: Row): number => slow.nsMedian / fast.nsMedian;
const targets: [string, boolean, string][] = [
  ['rate-only, large plain seller ≥ 5× sales-tax B2C', ratio(peerB2C, rateLargePlain) >= 5, `${ratio(peerB2C, rateLargePlain).toFixed(1)}×`],
  ['rate-only, large prepared seller ≥ 6× sales-tax B2C', ratio(peerB2C, rateLargePrepared) >= 6, `${ratio(peerB2C, rateLargePrepared).toFixed(1)}×`],
  ['priced quote ≤ 2× the rate-only one', pricedEx.nsMedian <= 2 * rateOnly.nsMedian, `${ratio(pricedEx, rateOnly).toFixed(2)}×`],
  ['query string ≤ 1.0× URLSearchParams of it', qs.nsMedian <= uspSame.nsMedian, `${ratio(qs, uspSame).toFixed(2)}×`],
  ['8,719 registrations within 1.2× of one', rateAll.nsMedian <= 1.2 * rateOne.nsMedian, `${ratio(rateAll, rateOne).toFixed(2)}×`],
  ['10-line calculate alone ≥ 300 k/s', 1e9 / calcAloneNs >= 300_000, `${Math.round(1e9 / calcAloneNs).toLocaleString('en')}/s`],
  ['each extra line ≤ 0.6 µs', (calc10.nsMedian - calc1.nsMedian) / 9 <= 600, `${((calc10.nsMedian - calc1.nsMedian) / 9 / 1000).toFixed(2)} µs`],
  ['default entry import ≤ 15 ms', (importMs['index.js'] as number) <= 15, `${(importMs['index.js'] as number).toFixed(1)} ms`],
  ['taxrules/eu import ≤ 6 ms', (importMs['eu.js'] as number) <= 6, `${(importMs['eu.js'] as number).toFixed(1)} ms`],
  ['account from JSON per request ≤ 2× its JSON.parse', rateLargePerRequest.nsMedian <= 2 * largeParse.nsMedian, `${ratio(rateLargePerRequest, largeParse).toFixed(2)}×`],
  ['rate-only, large prepared seller ≥ 4× sales-tax B2C', ratio(peerB2C, rateLargePrepared) >= 4, `${ratio(peerB2C, rateLargePrepared).toFixed(1)}×`],
  ['rate-only query string, prepared ≤ 1.5× URLSearchParams of it', qsLarge.nsMedian <= 1.5 * uspSame.nsMedian, `${ratio(qsLarge, uspSame).toFixed(2)}×`],
  ['rate-only quote ≤ 10× floor', rateOnly.nsMedian <= 10 * floor.nsMedian, `${ratio(rateOnly, floor).toFixed(1)}×`],
  ["TaxRulesError alone ≤ 5 kB gz (browser)", exportKb('import { TaxRulesError }') <= 5, `${exportKb('import { TaxRulesError }').toFixed(1)} kB`],
  ["validateTaxId alone ≤ 40 kB gz (browser)", exportKb('import { validateTaxId }') <= 40, `${exportKb('import { validateTaxId }').toFixed(1)} kB`],
  ["a quote through taxrules/eu ≤ 60 kB gz (browser)", exportKb("a quote through 'taxrules/eu'") <= 60, `${exportKb("a quote through 'taxrules/eu'").toFixed(1)} kB`],
  ['heap after import and a DE quote ≤ 4 MB', heapQuoteMb <= 4, `${heapQuoteMb.toFixed(1)} MB`],
  ['first defineAccount ≤ 5 ms', firstDefineMs <= 5, `${firstDefineMs.toFixed(1)} ms`],
  ['package ≤ 10 MB unpacked', packageMb <= 10, `${packageMb.toFixed(1)} MB`],
  ['full rule diff ≤ 5 s CPU', diffCpuS <= 5, `${diffCpuS.toFixed(1)} s`],
  ['taxSummaryReport of 100k documents ≤ 1 s', reportMs <= 1000, `${reportMs.toFixed(0)} ms`],
  ['computeBatch of 500 sales ≤ 10 ms', batchMs <= 10, `${batchMs.toFixed(1)} ms`],
  ['an uncaught error prints ≤ 4 kB', uncaughtBytes <= 4096, `${uncaughtBytes} B`],
  ['rate-only quote ≤ 2× floor', rateOnly.nsMedian <= 2 * floor.nsMedian, `${ratio(rateOnly, floor).toFixed(1)}×`],
  ['≥ 20× sales-tax on EU B2B', peerB2B.nsMedian >= 20 * oursB2B.nsMedian, `${ratio(peerB2B, oursB2B).toFixed(1)}×`],
  ['validateTaxId ≥ 10× jsvat', jsvatRow.nsMedian >= 10 * validateRow.nsMedian, `${ratio(jsvatRow, validateRow).toFixed(1)}×`],
  ['validateTaxId ≥ 30× stdnum', stdnumRow.nsMedian >= 30 * validateRow.nsMedian, `${ratio(stdnumRow, validateRow).toFixed(1)}×`],
  ['heap with all rules ≤ 30 MB', heapMb <= 30, `${heapMb.toFixed(1)} MB`],
  ['decision cache within its 32 MB bound', cacheMb <= cacheMemory.stats.maxBytes / 2 ** 20, `${cacheMb.toFixed(1)} MB`],
  ['US local data on first use ≤ 20 ms', usLocalMs <= 20, `${usLocalMs.toFixed(1)} ms`],
  ['US ZIP lookup ≤ 100 ns', zipLookup.nsMedian <= 100, `${zipLookup.nsMedian.toFixed(0)} ns`],
];
if (pricedCategory !== null && pricedStandard !== null) targets.push(['category quote ≤ 1.1× the standard one', pricedCategory.nsMedian <= 1.1 * pricedStandard.nsMedian, `${ratio(pricedCategory, pricedStandard).toFixed(2)}×`]);
console.log('\ntargets');
for (const [name, met, value] of targets) console.log(`  ${met ? 'met    ' : 'NOT MET'}  ${name.padEnd(40)} ${value}`);
void pricedIn;
void usp;
void rateUncached;
void rateFreshAccount;
void accountParse;
void decimalRow;
void changeCheck;
void rateFrozen;

mkdirSync('bench/results', { recursive: true });
const result = { date: new Date().toISOString(), node: process.version, cpu: cpus()[0]?.model, cores: cpus().length, rows, calculateAloneNs: calcAloneNs, coldStartMs: coldMs, coldStartEuMs: coldEuMs, importMs, importMainHttpMs, firstDefineMs, heapQuoteMb, packageMb, uncaughtBytes, diffCpuS, reportMs, batchMs, heapMb, usLocalHeapMb, cacheMemory, bundleGzipKb: bundleKb, entryGzipKb: entrySizes, exportGzipKb: exportSizes, packGzipKb: packSizes, targets: targets.map(([name, met, value]) => ({ name, met, value })) };
writeFileSync('bench/results/latest.json', `${JSON.stringify(result, null, 2)}\n`);
console.log('\nwrote bench/results/latest.json');
