/**
 * The fast paths held to a slower reading of the same input, under hostile forms of it:
 * the quick reading of an object query (v20241028-quick.ts) against the full reading (the
 * cache off, and the same query as a query string); a plain account changed between calls
 * in every way against a fresh copy of it prepared afresh (account.ts's change check); the
 * texts of amounts (money.ts's table of 0.00–99.99) against decimal.js; a calculation's plain
 * check (calculation-plain.ts) against the schema's reading of the request's own fields.
 * Bounded to a few seconds; FUZZ_SCALE multiplies the runs, FUZZ_SEED fixes the seed (as in
 * test/fuzz.test.ts).
 */
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { calculate, calculateTaxRate, type Account, type CalculationRequest, type TaxRateQuery } from '../src/index.js';
import { prepareAccountAfresh } from '../src/adapters/account.js';
import { defaultRuleSet } from '../src/default-rules.js';
import { formatMinor, formatMinorNumber, parseAmount } from '../src/core/money.js';
import { outcome, registeredEverywhere } from './helpers.js';

const SCALE = Math.max(1, Number(process.env.FUZZ_SCALE ?? 1) || 1);
const SEED = process.env.FUZZ_SEED === undefined ? {} : { seed: Number(process.env.FUZZ_SEED) | 0 };
const runs = (n: number) => ({ numRuns: n * SCALE, ...SEED });

/** A copy of an object's own enumerable fields, deeply, each getter read once (what a caller that copied the account would hand over). */
function deepCopy(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return Array.from({ length: v.length }, (_, i) => (Object.hasOwn(v, i) ? deepCopy(v[i]) : undefined));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(v)) Object.defineProperty(out, key, { value: deepCopy((v as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
  return out;
}

// ---------------------------------------------------------------------------------------
// (a) The quick reading of an object query.

const PLACES: readonly Record<string, string>[] = [
  { to_country: 'DE' },
  { to_country: 'DE', to_postal_code: '27498' },
  { to_country: 'FR' },
  { to_country: 'GB' },
  { to_country: 'AT', to_postal_code: '6691' },
  { to_country: 'ES', to_postal_code: '35001' },
  { to_country: 'US', to_postal_code: '78701' },
  { to_country: 'US', to_postal_code: '10001' },
  { to_country: 'CA', to_postal_code: 'V6B 1A1' },
  { to_country: 'el' },
  { to_country: 'UK' },
];

/** Values of each parameter: usual ones, and ones the quick reading must leave to the full one. */
const VALUES: Record<string, readonly unknown[]> = {
  tax_code: ['ebook', 'saas', 'standard', 'consulting', 'eservice', 'EBOOK', ' ebook', 'ebоok', ''],
  product_type: ['good', 'service', 'Good'],
  tax_behavior: ['exclusive', 'inclusive', 'both'],
  date: ['2026-06-01', '2024-12-31', '2021-07-01', '2026-02-30', '２０２６-06-01'],
  amount: ['100', '19.99', '99.99', '100.00', '0', '-0', '0.005', '1e2', '0100', ' 100', '١٠٠', 100, 99.99, -0, 1e21, Number.NaN],
  currency: ['EUR', 'USD', 'eur', 'JPY', 'KWD'],
  tax_id: ['DE811569869', 'FR40303265045', 'DE123'],
  to_city: ['Berlin', 'Zürich', '東京', 'a\u0000b', '\u{1F600}'],
};

const entry = fc.constantFrom(...Object.keys(VALUES)).chain((name) => fc.tuple(fc.constant(name), fc.constantFrom(...(VALUES[name] as unknown[]))));

/** A query's own entries, in the order given. */
const entries = fc
  .tuple(fc.constantFrom(...PLACES), fc.uniqueArray(entry, { maxLength: 5, selector: ([name]) => name }))
  .chain(([place, rest]) => fc.shuffledSubarray([...Object.entries(place), ...rest], { minLength: Object.keys(place).length + rest.length }));

/** How the entries are handed over: each form's object, and the own fields the full reading reads of it. */
type Form = (own: [string, unknown][], extra: [string, unknown][]) => { query: object; own: [string, unknown][] };

const FORMS: Record<string, Form> = {
  plain: (own) => ({ query: Object.fromEntries(own), own }),
  'null prototype': (own) => ({ query: Object.assign(Object.create(null) as object, Object.fromEntries(own)), own }),
  // Fields of a prototype are no parameters: the full reading reads own fields only.
  inherited: (own, extra) => ({ query: Object.assign(Object.create(Object.fromEntries(extra)) as object, Object.fromEntries(own)), own }),
  'inherited, shadowed': (own) => ({ query: Object.assign(Object.create(Object.fromEntries(own.map(([k]) => [k, 'XX']))) as object, Object.fromEntries(own)), own }),
  'class instance': (own) => {
    class Query {
      method(): number {
        return 1;
      }
    }
    return { query: Object.assign(new Query(), Object.fromEntries(own)), own };
  },
  getters: (own) => {
    const q = {};
    for (const [k, v] of own) Object.defineProperty(q, k, { enumerable: true, configurable: true, get: () => v });
    return { query: q, own };
  },
  // A field that is not enumerable is not read (Object.keys leaves it out).
  'not enumerable': (own, extra) => {
    const q = Object.fromEntries(own);
    for (const [k, v] of extra) if (!Object.hasOwn(q, k)) Object.defineProperty(q, k, { value: v, enumerable: false });
    return { query: q, own };
  },
  'proxy, keys reversed': (own) => {
    const target = Object.fromEntries(own);
    return { query: new Proxy(target, { ownKeys: (t) => Reflect.ownKeys(t).reverse(), get: (t, k) => Reflect.get(t, k) }), own: [...own].reverse() };
  },
  'own __proto__': (own) => {
    const q = JSON.parse(JSON.stringify(Object.fromEntries(own.filter(([, v]) => typeof v === 'string')))) as Record<string, unknown>;
    const filtered = own.filter(([, v]) => typeof v === 'string');
    Object.defineProperty(q, '__proto__', { value: { tax_code: 'ebook' }, enumerable: true, writable: true, configurable: true });
    return { query: q, own: [...filtered, ['__proto__', { tax_code: 'ebook' }]] };
  },
  'numeric name': (own) => ({ query: { ...Object.fromEntries(own), 0: 'DE' }, own: [['0', 'DE'], ...own] }),
  'undefined field': (own) => ({ query: { ...Object.fromEntries(own), tax_code: undefined }, own: [...own.filter(([k]) => k !== 'tax_code'), ['tax_code', undefined]] }),
};

/** The own fields as a plain object built afresh (the full reading's input). */
function plainOf(own: [string, unknown][]): object {
  const q: Record<string, unknown> = {};
  for (const [k, v] of own) Object.defineProperty(q, k, { value: v, enumerable: true, writable: true, configurable: true });
  return q;
}

/** The own fields as a query string, when each is a string (an amount may be a finite number): percent-encoded, some characters at random. */
function queryStringOf(own: [string, unknown][], encodeAll: boolean): string | null {
  const parts: string[] = [];
  for (const [k, v] of own) {
    if (v === undefined) continue;
    if (typeof v !== 'string' && !(k === 'amount' && typeof v === 'number' && Number.isFinite(v))) return null;
    const text = String(v);
    const value = encodeAll ? Array.from(new TextEncoder().encode(text), (b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('') : encodeURIComponent(text);
    parts.push(`${encodeURIComponent(k)}=${value}`);
  }
  return parts.join('&');
}

describe('the quick reading of an object query, against the full reading', () => {
  it('answers every form of a query as the full reading of its own fields does, the decision held or not', () => {
    const accounts = [registeredEverywhere(), registeredEverywhere('US', '78701', 'USD')];
    fc.assert(
      fc.property(entries, fc.array(entry), fc.constantFrom(...Object.keys(FORMS)), fc.nat(1), fc.boolean(), (own, extra, formName, a, encodeAll) => {
        const account = accounts[a] as Account;
        const { query, own: read } = (FORMS[formName] as Form)(own, extra);
        const full = outcome(() => calculateTaxRate(plainOf(read) as TaxRateQuery, account, { cache: false, today: '2026-06-01' }));
        // Twice: the second finds the decision held, which the quick way needs.
        expect(outcome(() => calculateTaxRate(query as TaxRateQuery, account, { today: '2026-06-01' }))).toEqual(full);
        expect(outcome(() => calculateTaxRate(query as TaxRateQuery, account, { today: '2026-06-01' }))).toEqual(full);
        const text = queryStringOf(read, encodeAll);
        if (text !== null && !read.some(([k]) => k === '__proto__' || k === '0')) {
          const answer = outcome(() => calculateTaxRate(text, account, { today: '2026-06-01' }));
          if (!(full !== null && typeof full === 'object' && 'status' in full && typeof full.status === 'number')) expect(answer).toEqual(full);
          else expect((answer as { status: unknown }).status).toBe(full.status);
        }
      }),
      runs(250),
    );
  });

  it('reads a query string as URLSearchParams does: repeated, percent-encoded and plus-spaced parameters', () => {
    const account = registeredEverywhere();
    const name = fc.constantFrom('to_country', 'tax_code', 'amount', 'date', 'currency', 'to_postal_code', 'to_city', 'tax_cod', 'tö', '__proto__', 'constructor', '0');
    const value = fc.oneof(fc.constantFrom('DE', 'FR', 'ebook', '100', '19.99', '2026-06-01', 'EUR', '27498', 'a b', 'a+b', '%', '%zz', '%C3%BC', '%FF', '=', ''), fc.string({ maxLength: 6 }));
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value, fc.boolean()), { maxLength: 7 }), (pairs) => {
        const text = pairs.map(([k, v, raw]) => (raw ? `${k}=${v}` : `${encodeURIComponent(k)}=${encodeURIComponent(v).replace(/%20/g, '+')}`)).join('&');
        const viaText = outcome(() => calculateTaxRate(`to_country=DE&date=2026-06-01&${text}`, account));
        const viaParams = outcome(() => calculateTaxRate(new URLSearchParams(`to_country=DE&date=2026-06-01&${text}`), account));
        if (viaText !== null && typeof viaText === 'object' && 'status' in viaText && typeof viaText.status === 'number') {
          // A percent-escape that is no UTF-8: read as URLSearchParams reads it (replaced), so the issue may name the replaced text.
          expect((viaParams as { status: unknown }).status).toBe(viaText.status);
        } else expect(viaParams).toEqual(viaText);
      }),
      runs(250),
    );
  });
});

// ---------------------------------------------------------------------------------------
// (b) A plain account changed between calls.

const IDS = [40, 250, 276, 372, 826, 124, 124059, 840048, 999_999];
const DAYS = ['2021-07-01', '2024-01-01', '2025-06-30', '2026-01-01', '2026-06-01', '', null, undefined, 'x'];
const registration = fc.record(
  {
    jurisdiction_id: fc.constantFrom(...IDS),
    valid_from: fc.constantFrom(...DAYS),
    valid_until: fc.constantFrom(...DAYS),
    created_at: fc.constantFrom(undefined, 1_700_000_000, 1_780_000_000, -1),
    permanent_establishment: fc.constantFrom(undefined, true, false),
    import_scheme: fc.constantFrom(undefined, true, false),
    value: fc.constantFrom(undefined, 'DE811569869'),
  },
  { requiredKeys: ['jurisdiction_id'] },
);
const address = fc.record({ country: fc.constantFrom('IE', 'DE', 'US'), postal_code: fc.constantFrom(undefined, 'D02X285', '10115'), valid_from: fc.constantFrom(...DAYS), valid_until: fc.constantFrom(...DAYS) }, { requiredKeys: ['country'] });
const account = fc.record(
  {
    country: fc.constantFrom('IE', 'DE', 'US', 'CA'),
    currency: fc.constantFrom('EUR', 'USD'),
    postal_code: fc.constantFrom(undefined, 'D02X285', '10115', '78701'),
    region: fc.constantFrom(undefined, 'TX', 'BC'),
    default_tax_code: fc.constantFrom(undefined, 'ebook', 'standard', 'saas'),
    default_product_type: fc.constantFrom(undefined, 'good', 'service'),
    registrations: fc.array(registration, { maxLength: 5 }),
    addresses: fc.constantFrom(undefined, undefined, undefined, [{ country: 'IE', postal_code: 'D02X285' }]),
  },
  { requiredKeys: ['country', 'currency', 'registrations'] },
);

type Fields = Record<string, unknown>;
/** A change to make to an account between two calls (with a value drawn for it). */
type Mutation = (a: Fields, pick: number, value: unknown) => void;
const FIELDS = ['country', 'currency', 'postal_code', 'region', 'default_tax_code', 'default_product_type', 'web', 'countyr'];
const REG_FIELDS = ['jurisdiction_id', 'valid_from', 'valid_until', 'created_at', 'permanent_establishment', 'import_scheme', 'value', 'jurisdiction'];
const regs = (a: Fields): Fields[] => (Array.isArray(a.registrations) ? (a.registrations as Fields[]) : []);
/** Sets a field as a data property (over a getter too). */
const set = (o: Fields, k: string, v: unknown): void => void Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
const at = <T>(list: T[], pick: number): T | undefined => (list.length === 0 ? undefined : list[pick % list.length]);
const MUTATIONS: Record<string, Mutation> = {
  'field set': (a, pick, v) => set(a, FIELDS[pick % FIELDS.length] as string, v),
  'field deleted': (a, pick) => delete a[FIELDS[pick % FIELDS.length] as string],
  'field set to undefined': (a, pick) => set(a, FIELDS[pick % FIELDS.length] as string, undefined),
  'field made a getter': (a, pick, v) => Object.defineProperty(a, FIELDS[pick % 3] as string, { enumerable: true, configurable: true, get: () => v }),
  'field hidden': (a, pick) => {
    const k = FIELDS[pick % FIELDS.length] as string;
    if (Object.hasOwn(a, k)) Object.defineProperty(a, k, { enumerable: false });
  },
  'registrations replaced': (a) => set(a, 'registrations', Array.isArray(a.registrations) ? regs(a).map((r) => ({ ...r })) : []),
  'registrations pushed': (a, pick) => regs(a).push({ jurisdiction_id: IDS[pick % IDS.length] }),
  'registrations spliced': (a, pick) => regs(a).splice(pick % (regs(a).length + 1), 1),
  'registrations reversed': (a) => regs(a).reverse(),
  'registrations emptied': (a) => (regs(a).length = 0),
  'registrations not an array': (a) => (a.registrations = { 0: regs(a)[0], length: regs(a).length }),
  'registration replaced': (a, pick) => {
    const list = regs(a);
    if (list.length > 0) list[pick % list.length] = { ...(list[pick % list.length] as Fields) };
  },
  'registration field set': (a, pick, v) => {
    const r = at(regs(a), pick);
    if (r) set(r, REG_FIELDS[pick % REG_FIELDS.length] as string, v);
  },
  'registration field set to undefined': (a, pick) => {
    const r = at(regs(a), pick);
    if (r) set(r, REG_FIELDS[pick % REG_FIELDS.length] as string, undefined);
  },
  'registration field deleted': (a, pick) => {
    const r = at(regs(a), pick);
    if (r) delete r[REG_FIELDS[pick % REG_FIELDS.length] as string];
  },
  'registration field made a getter': (a, pick, v) => {
    const r = at(regs(a), pick);
    if (r) Object.defineProperty(r, REG_FIELDS[pick % 4] as string, { enumerable: true, configurable: true, get: () => v });
  },
  'addresses set': (a) => (a.addresses = [{ country: 'DE', postal_code: '10115', valid_until: '2025-12-31' }, { country: 'IE', valid_from: '2026-01-01' }]),
  'addresses deleted': (a) => delete a.addresses,
  'address field set': (a, pick, v) => {
    const list = a.addresses as Fields[] | undefined;
    const ad = list === undefined ? undefined : at(list, pick);
    if (ad) set(ad, ['country', 'postal_code', 'valid_from', 'valid_until', 'region'][pick % 5] as string, v);
  },
  'address pushed': (a) => (a.addresses as Fields[] | undefined)?.push({ country: 'US', valid_from: '2030-01-01' }),
};
/** Values a change may set: right ones and wrong ones. */
const mutationValue = fc.constantFrom<unknown>('DE', 'IE', 'US', 'de', 'EUR', 'USD', 'eur', '10115', 'TX', 'ebook', 'standard', 'good', 'https://example.com', 276, 250, 840048, 999_999, 0, 1_780_000_000, '2026-01-01', '2027-01-01', '', null, true, false, undefined, {}, []);

const QUOTES: readonly TaxRateQuery[] = [
  { to_country: 'DE', tax_code: 'ebook', date: '2026-06-01', amount: '100' },
  { to_country: 'DE', date: '2024-06-01' },
  { to_country: 'FR', tax_code: 'standard', product_type: 'good', date: '2025-06-01', amount: '19.99' },
  { to_country: 'IE', date: '2026-06-01', amount: '10' },
  { to_country: 'CA', to_postal_code: 'V6B 1A1', tax_code: 'saas', date: '2026-06-01', amount: '100', currency: 'CAD' },
  { to_country: 'US', to_postal_code: '78701', tax_code: 'standard', product_type: 'good', date: '2026-06-01', amount: '100', currency: 'USD' },
] as TaxRateQuery[];

describe('a plain account changed between calls, against a fresh copy of it', () => {
  it('answers after any change as a copy of the account, prepared afresh, does', () => {
    fc.assert(
      fc.property(
        account,
        fc.array(fc.tuple(fc.constantFrom(...Object.keys(MUTATIONS)), fc.nat(1000), mutationValue), { minLength: 1, maxLength: 4 }),
        fc.nat(QUOTES.length - 1),
        fc.boolean(),
        (made, changes, k, v2) => {
          const a = structuredClone(made) as Fields;
          const q = QUOTES[k] as TaxRateQuery;
          const ask = (): unknown => (v2 ? outcome(() => calculate({ customer_address: { country: q.to_country, postal_code: q.to_postal_code }, currency: q.currency, tax_date: 1_780_000_000, line_items: [{ reference: 'a', amount: '100.00', tax_code: q.tax_code }] } as CalculationRequest, a as Account, { now: 1_780_000_000 })) : outcome(() => calculateTaxRate(q, a as Account, {})));
          const afresh = (): unknown => {
            const copy = deepCopy(a) as Account;
            return v2
              ? outcome(() => calculate({ customer_address: { country: q.to_country, postal_code: q.to_postal_code }, currency: q.currency, tax_date: 1_780_000_000, line_items: [{ reference: 'a', amount: '100.00', tax_code: q.tax_code }] } as CalculationRequest, prepareAccountAfresh(copy, defaultRuleSet), { now: 1_780_000_000, cache: false }))
              : outcome(() => calculateTaxRate(q, prepareAccountAfresh(copy, defaultRuleSet), { cache: false }));
          };
          // Seen twice before the first change: remembered by identity, compared on each call.
          ask();
          expect(ask()).toEqual(afresh());
          for (const [name, pick, value] of changes) {
            (MUTATIONS[name] as Mutation)(a, pick, value);
            expect(ask(), name).toEqual(afresh());
          }
        },
      ),
      runs(200),
    );
  });

  it('refuses a misspelt field added where a field holding undefined was deleted, in the account and in a registration', () => {
    const q = { to_country: 'DE', tax_code: 'ebook', date: '2026-06-01' } as TaxRateQuery;
    const reg: Record<string, unknown> = { jurisdiction_id: 276, valid_from: undefined };
    const a: Record<string, unknown> = { country: 'IE', currency: 'EUR', postal_code: undefined, registrations: [reg] };
    calculateTaxRate(q, a as unknown as Account);
    expect(calculateTaxRate(q, a as unknown as Account).country).toBe('DE');
    delete reg.valid_from;
    reg.valid_form = '2027-01-01';
    expect(outcome(() => calculateTaxRate(q, a as unknown as Account))).toMatchObject({ status: 400, issues: [{ path: ['account', 'registrations', 0, 'valid_form'] }] });
    delete reg.valid_form;
    reg.valid_from = undefined;
    expect(calculateTaxRate(q, a as unknown as Account).country).toBe('DE');
    delete a.postal_code;
    a.postl_code = 'D02X285';
    expect(outcome(() => calculateTaxRate(q, a as unknown as Account))).toMatchObject({ status: 400, issues: [{ path: ['account', 'postl_code'] }] });
  });

  it('notices a field hidden (made not enumerable) where a misspelt one was added', () => {
    const q = { to_country: 'DE', tax_code: 'ebook', date: '2026-06-01' } as TaxRateQuery;
    const a: Record<string, unknown> = { country: 'IE', currency: 'EUR', registrations: [] };
    calculateTaxRate(q, a as unknown as Account);
    calculateTaxRate(q, a as unknown as Account);
    a.countyr = 'DE';
    Object.defineProperty(a, 'country', { enumerable: false });
    expect(outcome(() => calculateTaxRate(q, a as unknown as Account))).toEqual(outcome(() => calculateTaxRate(q, deepCopy(a) as Account)));
  });

  it("notices a registration's field hidden (made not enumerable) where a misspelt one was added", () => {
    const q = { to_country: 'DE', tax_code: 'ebook', date: '2026-06-01' } as TaxRateQuery;
    const reg: Record<string, unknown> = { jurisdiction_id: 276, valid_from: '2020-01-01' };
    const a: Record<string, unknown> = { country: 'IE', currency: 'EUR', registrations: [reg] };
    calculateTaxRate(q, a as unknown as Account);
    calculateTaxRate(q, a as unknown as Account);
    reg.valid_form = '2027-01-01';
    Object.defineProperty(reg, 'valid_from', { enumerable: false });
    expect(outcome(() => calculateTaxRate(q, a as unknown as Account))).toMatchObject({ status: 400, issues: [{ path: ['account', 'registrations', 0, 'valid_form'] }] });
    expect(outcome(() => calculateTaxRate(q, a as unknown as Account))).toEqual(outcome(() => calculateTaxRate(q, deepCopy(a) as Account)));
  });

  it("answers as a fresh copy after a registration's field is added not enumerable, or inherited from a polluted Object.prototype", () => {
    const q = { to_country: 'DE', tax_code: 'ebook', date: '2026-06-01' } as TaxRateQuery;
    const reg: Record<string, unknown> = { jurisdiction_id: 276 };
    const a = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, reg] } as unknown as Account;
    calculateTaxRate(q, a);
    expect(calculateTaxRate(q, a).country).toBe('DE');
    // Neither is a field a copy of the account keeps: both readers leave them out.
    Object.defineProperty(reg, 'valid_until', { value: '2020-01-01', enumerable: false, configurable: true });
    expect(calculateTaxRate(q, a)).toEqual(calculateTaxRate(q, deepCopy(a) as Account, { cache: false }));
    expect(calculateTaxRate(q, a).country).toBe('DE');
    delete reg.valid_until;
    Object.defineProperty(Object.prototype, 'valid_from', { value: '2030-01-01', enumerable: false, configurable: true, writable: true });
    try {
      expect(calculateTaxRate(q, a)).toEqual(calculateTaxRate(q, deepCopy(a) as Account, { cache: false }));
      expect(calculateTaxRate(q, a).country).toBe('DE');
    } finally {
      delete (Object.prototype as Record<string, unknown>).valid_from;
    }
    // A value set and set back: compared by value, read afresh only while it differs.
    reg.jurisdiction_id = 250;
    expect(calculateTaxRate(q, a).country).toBe('IE');
    reg.jurisdiction_id = 276;
    expect(calculateTaxRate(q, a).country).toBe('DE');
  });

  it('reuses a deeply frozen account without comparing it, and tells it from a plain one changed after it', () => {
    const q = { to_country: 'DE', tax_code: 'ebook', date: '2026-06-01' } as TaxRateQuery;
    const frozen = Object.freeze({ country: 'IE', currency: 'EUR', registrations: Object.freeze([Object.freeze({ jurisdiction_id: 276 })]) }) as unknown as Account;
    const plain = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }] } as Account;
    expect(calculateTaxRate(q, frozen).country).toBe('DE');
    expect(calculateTaxRate(q, frozen).country).toBe('DE');
    expect(calculateTaxRate(q, plain).country).toBe('DE');
    (plain.registrations[0] as { jurisdiction_id: number }).jurisdiction_id = 250;
    expect(calculateTaxRate(q, plain).country).toBe('IE');
    expect(calculateTaxRate(q, frozen).country).toBe('DE');
    expect(calculateTaxRate(q, plain).country).toBe('IE');
  });

  it('notices a created_at set on a registration that had the field holding undefined', () => {
    // created_at sets where a registration without valid_from starts: 1 January of its year.
    const reg: Record<string, unknown> = { jurisdiction_id: 276, created_at: undefined };
    const a = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, reg] } as unknown as Account;
    const q = { to_country: 'DE', tax_code: 'standard', product_type: 'good', date: '2024-06-01', amount: '100' } as TaxRateQuery;
    expect(calculateTaxRate(q, a, {}).country).toBe('DE');
    expect(calculateTaxRate(q, a, {}).country).toBe('DE');
    reg.created_at = 1_780_000_000; // 2026: not registered in Germany in 2024
    expect(calculateTaxRate(q, a, {})).toEqual(calculateTaxRate(q, deepCopy(a) as Account, { cache: false }));
    expect(calculateTaxRate(q, a, {}).country).toBe('IE');
  });
});

// ---------------------------------------------------------------------------------------
// (c) Amounts around the table of 0.00–99.99.

describe('amount texts, against decimal.js', () => {
  it('formats every amount from -1.00 to 101.00 (two decimals) and around the table edges as decimal.js does', () => {
    const around = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    for (const units of [0, 2, 3]) {
      for (const minor of units === 2 ? around(-100, 10_100) : [...around(-100, 200), ...around(9_900, 10_100)]) {
        const expected = new Decimal(minor).div(10 ** units).toFixed(units);
        expect(formatMinorNumber(minor, units)).toBe(expected);
        expect(formatMinor(BigInt(minor), units)).toBe(expected);
      }
    }
    // Twice: the second reads the table's kept texts.
    for (let minor = 0; minor < 10_000; minor++) expect(formatMinorNumber(minor, 2)).toBe(new Decimal(minor).div(100).toFixed(2));
    expect(formatMinorNumber(-0, 2)).toBe('0.00');
  });

  it('parses amount texts as decimal.js reads them, or refuses them', () => {
    const text = fc.oneof(
      fc.constantFrom('99.99', '100.00', '100', '0.00', '-0', '-0.00', '0.005', '99.995', '1e2', '0099.99', '00.01', '.5', '5.', '+5', '-', '', ' 1', '1 ', '0x10', '١٠٠', '99.990', '100.0000'),
      fc.tuple(fc.integer({ min: -20_000, max: 20_000 }), fc.integer({ min: 0, max: 4 }), fc.nat(2)).map(([n, d, zeros]) => `${n < 0 ? '-' : ''}${'0'.repeat(zeros)}${new Decimal(Math.abs(n)).div(10 ** d).toFixed(d)}`),
    );
    fc.assert(
      fc.property(text, fc.constantFrom(0, 2, 3), (t, units) => {
        const parsed = parseAmount(t, units);
        const plain = /^-?\d+(\.\d+)?$/.test(t.trim());
        if (!plain) {
          expect(parsed.ok).toBe(false);
          return;
        }
        const d = new Decimal(t.trim());
        if (d.decimalPlaces() > units) expect(parsed).toEqual({ ok: false, problem: 'precision' });
        else expect(parsed).toEqual({ ok: true, minor: d.times(10 ** units).toNumber() + 0 });
      }),
      runs(1000),
    );
  });

  it('prices amounts around 99.99 and 100.00 in a calculation and a quote as decimal.js does', () => {
    const seller = registeredEverywhere();
    const amount = fc.oneof(
      fc.constantFrom('99.99', '100.00', '100', '99.9', '0.01', '0.00', '0', '-0', '-0.00', '0099.99', '100.000', '9999.99', '10000.00', '99.995', '0.005', '1e2', '-0.01', '-99.99', '-100.00'),
      fc.integer({ min: -20_000, max: 20_000 }).map((m) => new Decimal(m).div(100).toFixed(2)),
    );
    // German VAT on goods, 19 % (UStG § 12(1)); e-books 7 % (UStG § 12(2) no. 14).
    const rates: Record<string, number> = { standard: 19, ebook: 7 };
    fc.assert(
      fc.property(amount, fc.constantFrom('standard', 'ebook'), fc.constantFrom<'exclusive' | 'inclusive'>('exclusive', 'inclusive'), (text, code, behavior) => {
        const rate = new Decimal(rates[code] as number);
        const plain = /^-?\d+(\.\d{1,2}0*)?$/.test(text);
        const a = new Decimal(plain ? text : 0);
        const tax = behavior === 'exclusive' ? a.times(rate).div(100) : a.times(rate).div(rate.plus(100));
        const taxText = tax.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
        const request = { customer_address: { country: 'DE' }, currency: 'EUR', tax_date: 1_780_000_000, tax_behavior: behavior, line_items: [{ reference: 'a', amount: text, tax_code: code, product_type: 'good' }] } as CalculationRequest;
        const calc = outcome(() => calculate(request, seller, { now: 1_780_000_000 }));
        const quote = outcome(() => calculateTaxRate({ to_country: 'DE', tax_code: code, product_type: 'good', tax_behavior: behavior, amount: text, date: '2026-05-28' } as TaxRateQuery, seller, {}));
        const negative = a.isNegative() && !a.isZero();
        if (!plain) {
          expect(calc).toMatchObject({ status: 400 });
          expect(quote).toMatchObject({ status: 400 });
          return;
        }
        if (negative) {
          // A calculation prices a sale (a refund is a transaction); a quote's amount is a price.
          expect(calc).toMatchObject({ status: 400 });
          expect(quote).toMatchObject({ status: 400 });
          return;
        }
        const c = calc as { total_tax: string; subtotal: string; total: string };
        if (!(calc instanceof Object) || 'status' in calc) throw new Error(`${text}: ${JSON.stringify(calc)}`);
        expect(c.total_tax).toBe(taxText);
        const gross = behavior === 'exclusive' ? a.plus(taxText) : a;
        expect(c.total).toBe(gross.toFixed(2));
        expect(c.subtotal).toBe(gross.minus(taxText).toFixed(2));
        const q = quote as { tax_amount: number; total_amount: number; subtotal: number };
        expect(q.tax_amount).toBe(Number(taxText) + 0);
        expect(q.total_amount).toBe(gross.toNumber() + 0);
        // Asked again: the decision held, the quick way prices it.
        expect(outcome(() => calculateTaxRate({ to_country: 'DE', tax_code: code, product_type: 'good', tax_behavior: behavior, amount: text, date: '2026-05-28' } as TaxRateQuery, seller, {}))).toEqual(quote);
      }),
      runs(250),
    );
  });
});

// ---------------------------------------------------------------------------------------
// (d) A calculation's plain check: objects of other forms than data fields.

const lineItem = fc.record(
  {
    reference: fc.constantFrom('a', 'b', 'sku-1'),
    amount: fc.constantFrom('100.00', '99.99', '0.01', '19.995', '-1.00'),
    quantity: fc.constantFrom(1, 2, 0, 1.5),
    tax_code: fc.constantFrom('ebook', 'standard', 'saas', 'nope'),
    product_type: fc.constantFrom('good', 'service'),
    tax_behavior: fc.constantFrom('exclusive', 'inclusive'),
  },
  { requiredKeys: ['reference', 'amount'] },
);
const calculationRequest = fc.record(
  {
    customer_address: fc.record({ country: fc.constantFrom('DE', 'FR', 'US', 'CA'), postal_code: fc.constantFrom('27498', '78701', 'V6B 1A1'), state: fc.constantFrom('TX', 'BC') }, { requiredKeys: ['country'] }),
    currency: fc.constantFrom('EUR', 'USD', 'CAD'),
    tax_date: fc.constantFrom(1_780_000_000, 1_700_000_000),
    tax_behavior: fc.constantFrom('exclusive', 'inclusive'),
    customer_tax_id: fc.constantFrom('DE811569869', 'FR40303265045'),
    customer_tax_status: fc.constantFrom('taxable', 'exempt', 'reverse'),
    shipping_cost: fc.record({ amount: fc.constantFrom('5.00', '0.00'), tax_behavior: fc.constantFrom('exclusive', 'inclusive') }, { requiredKeys: ['amount'] }),
    line_items: fc.array(lineItem, { minLength: 1, maxLength: 3 }),
  },
  { requiredKeys: ['customer_address', 'line_items'] },
);
/** The names a request, an address, a line or a shipping cost may be given, known or not. */
const NAMES = ['country', 'postal_code', 'state', 'city', 'tax_code', 'quantity', 'product_type', 'tax_behavior', 'currency', 'tax_date', 'customer_tax_id', 'customer_tax_status', 'shipping_cost', 'reference', 'amount', 'taxcode', 'postal', 'curency'];

/** A value each name may hold where it is known (USUAL stands for it). */
const USUAL = Symbol('usual');
const USUAL_VALUES: Record<string, unknown> = { country: 'FR', postal_code: '10115', state: 'TX', city: 'Berlin', tax_code: 'ebook', quantity: 2, product_type: 'good', tax_behavior: 'inclusive', currency: 'USD', tax_date: 1_700_000_000, customer_tax_id: 'DE811569869', customer_tax_status: 'exempt', shipping_cost: { amount: '1.00' }, reference: 'z', amount: '10.00', taxcode: 'ebook', postal: '10115', curency: 'USD' };

/** Each object of a request (the request, its addresses, lines, shipping cost). */
function objectsOf(r: Fields): Fields[] {
  const out: Fields[] = [r];
  for (const k of ['customer_address', 'shipping_cost']) if (typeof r[k] === 'object' && r[k] !== null) out.push(r[k] as Fields);
  if (Array.isArray(r.line_items)) out.push(...(r.line_items as Fields[]));
  return out;
}

/** A change of form to one object of a request: the value as its own enumerable data fields read it is what a copy sees. */
const RESHAPES: Record<string, (o: Fields, name: string, v: unknown) => void> = {
  'a getter': (o, name) => {
    if (!Object.hasOwn(o, name)) return;
    const v = o[name];
    Object.defineProperty(o, name, { enumerable: true, configurable: true, get: () => v });
  },
  'a field not enumerable': (o, name, v) => {
    if (!Object.hasOwn(o, name)) Object.defineProperty(o, name, { value: v, enumerable: false, configurable: true, writable: true });
  },
  'a field holding undefined': (o, name) => {
    if (!Object.hasOwn(o, name)) o[name] = undefined;
  },
  'an unknown field': (o, name, v) => {
    if (!Object.hasOwn(o, name)) o[name] = v;
  },
  'a field deleted': (o, name) => delete o[name],
};

describe("a calculation's plain check, against a copy of the request's own fields", () => {
  it('answers a request whatever the form of its objects as a copy of their own enumerable fields', () => {
    const seller = registeredEverywhere();
    fc.assert(
      fc.property(
        calculationRequest,
        fc.nat(10),
        fc.array(fc.tuple(fc.constantFrom(...Object.keys(RESHAPES)), fc.constantFrom(...NAMES), fc.oneof(fc.constant(USUAL), fc.constantFrom<unknown>('DE', 1, 'x', null))), { minLength: 1, maxLength: 4 }),
        (made, k, reshapes) => {
          const request = structuredClone(made) as Fields;
          // Reshapes of one object: a field hidden and one added may make up for each other in a count.
          const objects = objectsOf(request);
          for (const [how, name, v] of reshapes) (RESHAPES[how] as (o: Fields, name: string, v: unknown) => void)(objects[k % objects.length] as Fields, name, v === USUAL ? USUAL_VALUES[name] : v);
          const copy = deepCopy(request) as CalculationRequest;
          const expected = outcome(() => calculate(copy, seller, { now: 1_780_000_000, cache: false }));
          expect(outcome(() => calculate(request as CalculationRequest, seller, { now: 1_780_000_000 }))).toEqual(expected);
        },
      ),
      runs(250),
    );
  });
});

describe("a calculation's plain check: fields a copy of the request leaves out", () => {
  const seller = registeredEverywhere();
  const request = (line: Fields): CalculationRequest => ({ customer_address: { country: 'DE' }, currency: 'EUR', tax_date: 1_780_000_000, line_items: [line] }) as unknown as CalculationRequest;
  const hidden = (o: Fields, name: string, value: unknown): Fields => Object.defineProperty(o, name, { value, enumerable: false, configurable: true, writable: true });

  it('refuses a misspelt field beside a field not enumerable, as the schema refuses it in a copy', () => {
    const line = hidden({ reference: 'a', amount: '100.00', tax_cod: 'ebook' }, 'tax_code', 'ebook');
    expect(outcome(() => calculate(request(line), seller, { now: 1_780_000_000 }))).toEqual(outcome(() => calculate(request(deepCopy(line) as Fields), seller, { now: 1_780_000_000, cache: false })));
    expect(outcome(() => calculate(request(line), seller, { now: 1_780_000_000 }))).toMatchObject({ status: 400 });
  });

  it('reads no field that is not enumerable beside a field holding undefined', () => {
    const line = hidden({ reference: 'a', amount: '100.00', quantity: undefined }, 'tax_code', 'ebook');
    const answer = calculate(request(line), seller, { now: 1_780_000_000 });
    expect(answer).toEqual(calculate(request(deepCopy(line) as Fields), seller, { now: 1_780_000_000, cache: false }));
    // The account's default code, eservice: German VAT at 19 % (UStG § 12(1)), not the e-book's 7 %.
    expect(answer.total_tax).toBe('19.00');
  });

  it('reads no hidden field of a polluted Object.prototype beside a field holding undefined', () => {
    const proto = Object.prototype as Fields;
    const line = { reference: 'a', amount: '100.00', quantity: undefined };
    const clean = calculate(request(line), seller, { now: 1_780_000_000, cache: false });
    hidden(proto, 'tax_code', 'ebook');
    try {
      expect(calculate(request(line), seller, { now: 1_780_000_000 })).toEqual(clean);
    } finally {
      delete proto.tax_code;
    }
    expect(clean.total_tax).toBe('19.00');
  });

  it('answers with the values it checked when a getter answers otherwise on a later read', () => {
    // Each getter answers its first value once, then another that the schema refuses.
    const shifting = (first: unknown, later: unknown): (() => unknown) => {
      let reads = 0;
      return () => (reads++ === 0 ? first : later);
    };
    const cases: [string, unknown, unknown][] = [
      ['quantity', 2, 1.5],
      ['quantity', 1, 1e300],
      ['amount', '100.00', '1234567890123456789012345678901234567890'],
      ['amount', '100.00', 100],
      ['tax_code', 'ebook', 'saas'],
      ['reference', 'a', ''],
    ];
    for (const [name, first, later] of cases) {
      const line: Fields = { reference: 'a', amount: '100.00', tax_code: 'eservice' };
      Object.defineProperty(line, name, { enumerable: true, configurable: true, get: shifting(first, later) });
      const checked = { reference: 'a', amount: '100.00', tax_code: 'eservice', [name]: first };
      expect(outcome(() => calculate(request(line), seller, { now: 1_780_000_000 })), name).toEqual(outcome(() => calculate(request(checked), seller, { now: 1_780_000_000, cache: false })));
    }
  });
});
