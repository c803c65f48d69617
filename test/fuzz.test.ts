/**
 * Fuzzing every public function with well-formed and hostile inputs: no untyped throw (only
 * TaxRulesError), JSON-safe answers, and the invariants of a result. Bounded: a few hundred
 * thousand inputs in well under a minute.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as api from '../src/index.js';
import { registeredEverywhere } from './helpers.js';

const counts: Record<string, number> = {};
/** Reported, never asserted: the largest error (JSON bytes) and the slowest call (ms), with their function. */
const largest = { bytes: 0, name: '' };
const slowest = { ms: 0, name: '' };
afterAll(() => {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const byEntry: Record<string, number> = {};
  for (const [name, n] of Object.entries(counts)) {
    const entry = name.startsWith('taxrules') ? (name.split(' ')[0] as string) : name.startsWith('schemas') ? 'taxrules/schemas' : 'taxrules';
    byEntry[entry] = (byEntry[entry] ?? 0) + n;
  }
  console.log(
    `fuzz: ${total.toLocaleString('en')} inputs, 0 untyped throws; by entry: ${Object.entries(byEntry).map(([k, v]) => `${k} ${v.toLocaleString('en')}`).join(', ')}; ` +
      `largest error ${largest.bytes.toLocaleString('en')} B (${largest.name}), slowest call ${slowest.ms.toFixed(1)} ms (${slowest.name}); ` +
      `by function: ${Object.entries(counts).map(([k, v]) => `${k} ${v.toLocaleString('en')}`).join(', ')}`,
  );
});

/** Runs a call: it returns, or throws a TaxRulesError; anything else fails with the input. */
function typed<T>(name: string, input: unknown, run: () => T): T | api.TaxRulesError {
  counts[name] = (counts[name] ?? 0) + 1;
  const start = performance.now();
  try {
    return run();
  } catch (e) {
    if (e instanceof api.TaxRulesError) {
      const bytes = new TextEncoder().encode(JSON.stringify(e.toJSON())).length;
      if (bytes > largest.bytes) Object.assign(largest, { bytes, name });
      expect([400, 404, 406, 422]).toContain(e.status);
      // A refusal caused by an exception must be one the input threw (a trap's getter,
      // proxy or toString), never one of the library's own (a TypeError of a bug).
      const cause = (e as { cause?: unknown }).cause;
      if (cause !== undefined && !(cause instanceof Error && TRAP_MESSAGES.has(cause.message))) {
        throw new Error(`${name} failed inside: ${cause instanceof Error ? `${cause.name}: ${cause.message}\n${cause.stack}` : String(cause)} for ${safeText(input)}`);
      }
      expect(bytes).toBeLessThanOrEqual(64 * 1024);
      return e;
    }
    throw new Error(`${name} threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)} for ${safeText(input)}`);
  } finally {
    const ms = performance.now() - start;
    if (ms > slowest.ms) Object.assign(slowest, { ms, name });
  }
}

function safeText(v: unknown): string {
  try {
    return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : x))?.slice(0, 300) ?? String(v);
  } catch {
    return Object.prototype.toString.call(v);
  }
}

/** JSON-safe: serialises, and reads back as the same value (no BigInt, Infinity, NaN, undefined in arrays). */
function expectJsonSafe(value: unknown): void {
  const walk = (v: unknown): void => {
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error(`not JSON-safe: ${v}`);
    }
    else if (typeof v === 'bigint' || typeof v === 'function' || typeof v === 'symbol') throw new Error(`not JSON-safe: ${typeof v}`);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(value);
  expect(JSON.parse(JSON.stringify(value))).toEqual(value);
}

// Hostile values: anything fast-check makes (BigInt, nested objects, odd strings), plus
// hand-made traps. The traps are made at call time (fast-check itself would trip over a
// proxy that throws), from markers.
const TRAP_MESSAGES = new Set(['getter', 'proxy', 'toString']);
class Trap {
  constructor(readonly index: number) {}
}
const traps: (() => unknown)[] = [
  () => null,
  () => undefined,
  () => 42,
  () => 10n,
  () => 'x'.repeat(100_000),
  () => [],
  () => ['DE'],
  () => Object.create(null),
  () => Object.create({ to_country: 'DE', country: 'DE', currency: 'EUR', registrations: [] }),
  () => ({ toString: () => { throw new Error('toString'); } }),
  () => new Proxy({}, { get: () => { throw new Error('proxy'); }, ownKeys: () => { throw new Error('proxy'); }, getPrototypeOf: () => { throw new Error('proxy'); } }),
  () => Symbol('s'),
  () => () => 1,
  () => new Date(),
  () => new Map([['to_country', 'DE']]),
  () => {
    const o: Record<string, unknown> = {};
    Object.defineProperty(o, 'to_country', { enumerable: true, get: () => { throw new Error('getter'); } });
    Object.defineProperty(o, 'country', { enumerable: true, get: () => { throw new Error('getter'); } });
    return o;
  },
  () => ({ to_country: 'DE', country: 'DE', currency: 'EUR', registrations: new Proxy([], { get: () => { throw new Error('proxy'); } }) }),
];
const make = (v: unknown): unknown => (v instanceof Trap ? (traps[v.index] as () => unknown)() : v);
const anything = fc.oneof(
  fc.anything({ withBigInt: true, withNullPrototype: true, withObjectString: true, withSparseArray: true, withBoxedValues: true }),
  fc.integer({ min: 0, max: traps.length - 1 }).map((i) => new Trap(i)),
);

const countries = fc.constantFrom('DE', 'de', 'EL', 'GB', 'UK', 'FR', 'US', 'CA', 'AU', 'CH', 'ES', 'IT', 'AT', 'PT', 'HK', 'XK', 'ZZ', 'D', '', 'DEU');
const postal = fc.oneof(fc.constantFrom('27498', '35001', '6691', '78266', 'V6B 1A1', 'H2X1Y4', '78701', '10001', '97201', '9500-123', '22060', '00000', 'ABC'), fc.string({ maxLength: 12 }));
const codes = fc.constantFrom('consulting', 'eservice', 'ebook', 'saas', 'standard', 'reduced', 'exempt', 'EBOOK', 'groceries');
const dates = fc.oneof(fc.constantFrom('2026-06-01', '2014-12-31', '2021-07-01', '1999-12-31', '2026-02-30', '9999-12-31', '0001-01-01', 'today'), fc.date({ min: new Date('1990-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)));
const amounts = fc.oneof(fc.constantFrom('100', '0', '-5.5', '0.01', '1e3', '12,50', '99999999999999.99', '1'.repeat(40), 'NaN'), fc.double({ noNaN: false }).map(String), fc.integer({ min: -1e9, max: 1e9 }));
const currencies = fc.constantFrom('EUR', 'eur', 'USD', 'JPY', 'KWD', 'XXX', 'XAU', 'ABC', '+', '');
const query = fc.record(
  {
    to_country: countries,
    to_postal_code: postal,
    to_city: fc.string({ maxLength: 20 }),
    from_country: countries,
    tax_id: fc.constantFrom('DE811569869', 'DE811569868', 'GB980780684', 'ESA28015865', 'x', ''),
    tax_code: codes,
    tax_behavior: fc.constantFrom('exclusive', 'inclusive', 'both'),
    product_type: fc.constantFrom('good', 'service', 'thing'),
    date: dates,
    amount: amounts,
    currency: currencies,
    tax_status: fc.constantFrom('taxable', 'exempt', 'reverse', 'exmpt', ''),
    exemption_certificate: fc.constantFrom('TX-1', '', ' '),
  },
  { requiredKeys: [] },
);
// Well-formed queries: places with their postal codes, real codes, dates and amounts.
const places = fc.constantFrom<Record<string, string>>(
  { to_country: 'DE' }, { to_country: 'DE', to_postal_code: '27498' }, { to_country: 'DE', to_postal_code: '78266' }, { to_country: 'FR' }, { to_country: 'GR', to_postal_code: '63086' },
  { to_country: 'ES', to_postal_code: '35001' }, { to_country: 'AT', to_postal_code: '6691' }, { to_country: 'IT', to_postal_code: '23041' }, { to_country: 'PT', to_postal_code: '9500-123' },
  { to_country: 'GB' }, { to_country: 'XI' }, { to_country: 'CH' }, { to_country: 'NO' }, { to_country: 'AU' }, { to_country: 'JP' }, { to_country: 'SG' }, { to_country: 'HK' },
  { to_country: 'US', to_postal_code: '78701' }, { to_country: 'US', to_postal_code: '97201' }, { to_country: 'US', to_postal_code: '10001' }, { to_country: 'US', to_postal_code: '73301' },
  { to_country: 'CA', to_postal_code: 'V6B 1A1' }, { to_country: 'CA', to_postal_code: 'H2X 1Y4' }, { to_country: 'CA', to_postal_code: 'M5V 2T6' },
);
const validQuery = fc
  .record({
    place: places,
    tax_code: fc.constantFrom('consulting', 'eservice', 'ebook', 'saas', 'standard', 'reduced', 'exempt'),
    product_type: fc.constantFrom('good', 'service'),
    tax_behavior: fc.constantFrom('exclusive', 'inclusive'),
    date: fc.date({ min: new Date('2015-01-01'), max: new Date('2027-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    amount: fc.oneof(fc.integer({ min: -1_000_000, max: 100_000_000 }).map((c) => (c / 100).toFixed(2)), fc.constant(undefined)),
    tax_id: fc.constantFrom(undefined, 'DE811569869', 'GB980780684', 'DE811569868'),
    from_country: fc.constantFrom(undefined, 'IE', 'US', 'DE'),
    tax_status: fc.constantFrom(undefined, undefined, undefined, 'exempt', 'reverse'),
  })
  .map(({ place, ...rest }) => Object.fromEntries(Object.entries({ ...place, ...rest }).filter(([, v]) => v !== undefined)));
const accounts = fc.oneof(
  fc.constant(registeredEverywhere()),
  fc.constant(registeredEverywhere('US', '98101', 'USD')),
  fc.record({
    country: countries,
    currency: currencies,
    registrations: fc.array(
      fc.record({ jurisdiction_id: fc.constantFrom(276, 372, 826, 9000, 840048, 124024, 0, -1, 1.5, 999_999), valid_from: dates, valid_until: dates, import_scheme: fc.boolean(), permanent_establishment: fc.boolean() }, { requiredKeys: ['jurisdiction_id'] }),
      { maxLength: 4 },
    ),
  }),
  anything,
);
const lineItem = fc.record(
  {
    reference: fc.string({ maxLength: 8 }),
    amount: amounts,
    tax_code: codes,
    product_type: fc.constantFrom('good', 'service'),
    quantity: fc.oneof(fc.integer({ min: -1, max: 5 }), fc.double()),
    // A product of the options below, or none of them; metadata echoed, or refused.
    product: fc.constantFrom('gross', 'abroad', 'food', 'nope', ''),
    metadata: fc.oneof(fc.dictionary(fc.string({ maxLength: 3 }), fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 3 }), anything),
  },
  { requiredKeys: ['reference', 'amount'] },
);
/** The products a line names by `product`. */
const products = { gross: { tax_class: 'saas', tax_type: 'included' }, abroad: { tax_class: 'eservice', tax_based_on: 'country', country: 'FR' }, food: { tax_class: 'reduced', product_type: 'good' } };
const request = fc.record(
  {
    customer_address: fc.record({ country: countries, postal_code: postal, state: fc.constantFrom('TX', 'BC', 'XX') }, { requiredKeys: ['country'] }),
    customer_tax_id: fc.constantFrom('DE811569869', 'GB980780684', 'bad'),
    customer_tax_ids: fc.oneof(fc.array(fc.constantFrom('DE811569869', 'GB980780684', 'bad', ''), { maxLength: 3 }), anything),
    currency: currencies,
    tax_date: fc.oneof(fc.integer({ min: 0, max: 2_000_000_000 }), fc.constantFrom(8_640_000_086_400, -1, 1.5, Number.MAX_SAFE_INTEGER)),
    tax_behavior: fc.constantFrom('exclusive', 'inclusive'),
    customer_tax_status: fc.constantFrom('taxable', 'exempt', 'reverse', 'none'),
    customer_exemption_certificate: fc.constantFrom('TX-1', '', null),
    shipping_cost: fc.oneof(fc.record({ amount: amounts, tax_behavior: fc.constantFrom('exclusive', 'inclusive', 'x'), tax_code: codes }, { requiredKeys: ['amount'] }), fc.constant(null), anything),
    line_items: fc.array(lineItem, { maxLength: 5 }),
  },
  { requiredKeys: ['customer_address', 'line_items'] },
);

// Fixed run counts, not speed targets: the timeout only keeps a slow machine from failing them.
// FUZZ_SCALE multiplies every count (a long run outside the test command: FUZZ_SCALE=12 gives
// over a million calls).
const SCALE = Math.max(1, Number(process.env.FUZZ_SCALE ?? 1) || 1);
const LONG = 1_200_000 * SCALE;
// FUZZ_SEED fixes fast-check's seed, to repeat a run or to run others than the default
// (fast-check's own random seed, printed with a failure).
if (process.env.FUZZ_SEED !== undefined) fc.configureGlobal({ seed: Number(process.env.FUZZ_SEED) | 0 });

describe('fuzz: every public function answers or throws a TaxRulesError', () => {
  it('calculateTaxRate and explainTaxRate: typed errors, JSON-safe results, consistent statuses', () => {
    const calculator = api.createCalculator({ cacheBytes: 1 << 20 });
    fc.assert(
      fc.property(
        fc.oneof({ arbitrary: validQuery, weight: 6 }, { arbitrary: query, weight: 3 }, { arbitrary: query.map((q) => new URLSearchParams(q as Record<string, string>).toString()), weight: 2 }, { arbitrary: anything, weight: 1 }),
        fc.oneof({ arbitrary: accounts, weight: 1 }, { arbitrary: fc.constantFrom(registeredEverywhere(), registeredEverywhere('US', '98101', 'USD')), weight: 3 }),
      (rawQuery, rawAccount) => {
        const q = make(rawQuery);
        const account = make(rawAccount);
        const quote = typed('calculateTaxRate', q, () => api.calculateTaxRate(q as never, account as never, { today: '2026-06-01' }));
        const cached = typed('calculator.calculateTaxRate', q, () => calculator.calculateTaxRate(q as never, account as never, { today: '2026-06-01' }));
        expect(cached).toEqual(quote);
        if (quote instanceof api.TaxRulesError) return;
        expectJsonSafe(quote);
        expect(quote.status === 'taxable').toBe(quote.rate > 0 || (quote.additional_rate ?? 0) > 0);
        if (quote.total_amount !== null) expect(quote.subtotal).not.toBeNull();
        const result = typed('explainTaxRate', q, () => api.explainTaxRate(q as never, account as never, { today: '2026-06-01' }));
        expect(result).not.toBeInstanceOf(api.TaxRulesError);
        expectJsonSafe(result);
        if (result instanceof api.TaxRulesError) return;
        expect(result.status).toBe(quote.status);
        if (result.amounts !== null) {
          // Exact: subtotal + tax = total, and the lines add up to the tax.
          const minor = (v: string): bigint => BigInt(v.replace('.', ''));
          expect(minor(result.amounts.subtotal) + minor(result.amounts.tax)).toBe(minor(result.amounts.total));
          expect(result.lines.reduce((sum, l) => sum + minor('amount' in l ? l.amount : '0'), 0n)).toBe(minor(result.amounts.tax));
          // The number form: the same amounts, as the nearest numbers.
          expect(quote.total_amount).toBe(Number(result.amounts.total));
          expect(quote.subtotal).toBe(Number(result.amounts.subtotal));
        }
      }),
      { numRuns: 20_000 * SCALE },
    );
  }, LONG);

  it('US local history: no refusal of a Washington day from 2019-01-01, nor of any state’s from 2026-05-19', () => {
    const account = registeredEverywhere();
    const day = (min: string) => fc.date({ min: new Date(min), max: new Date('2027-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    const washington = fc.record({ zip: fc.constantFrom('98101', '98520', '98004', '99201', '98660', '98801', '98225', '98362'), date: day('2019-01-01') });
    const others = fc.record({ zip: fc.constantFrom('66763', '23219', '75701', '35040', '73102', '84101', '57104', '83340', '87102', '80202', '70112', '37201', '60601', '85004', '05602', '25301', '82001', '68102', '58102', '43215'), date: day('2026-05-19') });
    fc.assert(
      fc.property(fc.oneof(washington, others), ({ zip, date }) => {
        const q = { to_country: 'US', to_postal_code: zip, date, tax_code: 'standard', product_type: 'good', amount: '100.00', currency: 'USD' };
        const r = typed('explainTaxRate (US local history)', q, () => api.explainTaxRate(q as never, account as never, { today: '2026-06-01' }));
        expect(r).not.toBeInstanceOf(api.TaxRulesError);
      }),
      { numRuns: 2_000 * SCALE },
    );
  }, LONG);

  it('calculate: typed errors, JSON-safe responses that add up', () => {
    fc.assert(
      fc.property(fc.oneof({ arbitrary: request, weight: 4 }, { arbitrary: anything, weight: 1 }), accounts, (rawBody, rawAccount) => {
        const body = make(rawBody);
        const account = make(rawAccount);
        const r = typed('calculate', body, () => api.calculate(body as never, account as never, { now: 1_780_000_000, products } as never));
        if (r instanceof api.TaxRulesError) return;
        expectJsonSafe(r);
        const minor = (v: string): bigint => BigInt(v.replace('.', ''));
        expect(minor(r.subtotal) + minor(r.total_tax)).toBe(minor(r.total));
        // The lines and the shipping cost add up to the totals.
        const parts = [...r.line_items, ...(r.shipping_cost ? [r.shipping_cost] : [])];
        expect(parts.reduce((s, l) => s + minor(l.amount_tax), 0n)).toBe(minor(r.total_tax));
        expect(parts.reduce((s, l) => s + minor(l.amount_subtotal), 0n)).toBe(minor(r.subtotal));
      }),
      { numRuns: 10_000 * SCALE },
    );
  }, LONG);

  it('the catalogue, versions, accounts and tax IDs: typed errors for any argument', async () => {
    fc.assert(
      fc.property(anything, anything, (rawA, rawB) => {
        const a = make(rawA);
        const b = make(rawB);
        const calls: [string, () => unknown][] = [
          ['listJurisdictions', () => api.listJurisdictions(a as never)],
          ['getJurisdiction', () => api.getJurisdiction(a as never)],
          ['getTaxCode', () => api.getTaxCode(a as never)],
          ['listTaxCodes', () => api.listTaxCodes()],
          ['negotiateVersion', () => api.negotiateVersion(a as never, b as never)],
          ['prepareAccount', () => api.prepareAccount(a as never)],
          ['validateTaxId', () => api.validateTaxId(a as never, b as never)],
          ['parseTaxRateQuery', () => api.parseTaxRateQuery(a as never, registeredEverywhere(), b as never)],
          ['calculateTaxRate(options)', () => api.calculateTaxRate({ to_country: 'DE' }, registeredEverywhere(), a as never)],
        ];
        for (const [name, run] of calls) {
          const out = typed(name, [a, b], run);
          if (!(out instanceof api.TaxRulesError) && name !== 'parseTaxRateQuery') expectJsonSafe(out);
        }
      }),
      { numRuns: 1_500 * SCALE },
    );
    await fc.assert(
      fc.asyncProperty(anything, anything, async (rawA, rawB) => {
        const a = make(rawA);
        const b = make(rawB);
        counts.checkTaxId = (counts.checkTaxId ?? 0) + 1;
        const verdict = await api.checkTaxId(a as never, b as never, async () => {
          throw new Error('offline');
        });
        expectJsonSafe(verdict);
      }),
      { numRuns: 1_000 * SCALE },
    );
  }, LONG);
});

/** The entries' public functions (classes left out: they are not called but constructed). */
function functionsOf(entry: Record<string, unknown>): [string, (...args: unknown[]) => unknown][] {
  return Object.entries(entry)
    .filter((e): e is [string, (...args: unknown[]) => unknown] => typeof e[1] === 'function' && !/^class\b/.test(Function.prototype.toString.call(e[1])))
    .sort(([a], [b]) => a.localeCompare(b));
}

describe('fuzz: every function of every entry, any arguments', () => {
  it('answers, or throws (or rejects with) a TaxRulesError, whatever it is given', async () => {
    const entries: [string, Record<string, unknown>][] = [
      ['taxrules', api as unknown as Record<string, unknown>],
      ['taxrules/eu', (await import('../src/eu.js')) as unknown as Record<string, unknown>],
      ['taxrules/http', (await import('../src/http.js')) as unknown as Record<string, unknown>],
      ['taxrules/testing', (await import('../src/testing.js')) as unknown as Record<string, unknown>],
      ['taxrules/testing/fast-check', (await import('../src/testing-fast-check.js')) as unknown as Record<string, unknown>],
      ['taxrules/ecb', (await import('../src/ecb.js')) as unknown as Record<string, unknown>],
    ];
    const functions = entries.flatMap(([entry, m]) => functionsOf(m).map(([name, f]): [string, (...args: unknown[]) => unknown] => [`${entry} ${name}`, f]));
    expect(functions.length).toBeGreaterThan(60);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: functions.length - 1 }), fc.array(anything, { maxLength: 3 }), async (k, rawArgs) => {
        const [name, f] = functions[k] as [string, (...args: unknown[]) => unknown];
        const args = rawArgs.map(make);
        const out = typed(name, args, () => f(...args));
        if (out instanceof Promise) {
          try {
            await out;
          } catch (e) {
            if (!(e instanceof api.TaxRulesError)) throw new Error(`${name} rejected with ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)} for ${safeText(args)}`);
          }
        }
      }),
      { numRuns: 20_000 * SCALE },
    );
  }, LONG);

  it('the schemas: safeParse never throws, parse throws only a TaxRulesError, ~standard.validate resolves to issues', async () => {
    const schemas = Object.entries((await import('../src/schemas.js')) as unknown as Record<string, unknown>).filter(
      (e): e is [string, { safeParse(v: unknown): unknown; parse(v: unknown): unknown; '~standard': { validate(v: unknown): unknown } }] => typeof e[1] === 'object' && e[1] !== null && 'safeParse' in e[1],
    );
    expect(schemas.length).toBeGreaterThanOrEqual(3);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: schemas.length - 1 }), anything, async (k, raw) => {
        const [name, schema] = schemas[k] as (typeof schemas)[number];
        const value = make(raw);
        counts[`schemas ${name}`] = (counts[`schemas ${name}`] ?? 0) + 1;
        const safe = schema.safeParse(value) as { success: boolean };
        expect(typeof safe.success).toBe('boolean');
        typed(`schemas ${name}.parse`, value, () => schema.parse(value));
        const validated = (await schema['~standard'].validate(value)) as { issues?: unknown[]; value?: unknown };
        expect('issues' in validated || 'value' in validated).toBe(true);
      }),
      { numRuns: 3_000 * SCALE },
    );
  }, LONG);
});
