/**
 * `diffRules`: what a change to the rule data changes in the answers — the review artefact of
 * a pull request that changes rates. Pure: two RuleData values in, the changed results out.
 */
import type { RuleData } from '../core/rule-data.js';
import type { RuleSet } from '../core/ruleset.js';
import type { ProductType, TaxCodeId, TaxInput } from '../core/types.js';
import { askBoth, changedFields, fieldOf, inputOf, saleOf, stacksSettable, taxedBy } from './diff-answers.js';
import { createRuleSet } from '../boundary.js';
import { createCalculator, type Calculator } from '../calculator.js';
import type { Account, SellerAccount } from '../adapters/account.js';
import type { TaxRateQuery } from '../adapters/v20241028.js';
import { quoted, TaxRulesError } from '../core/errors.js';
import { dateOfDay, dayNumber } from '../core/dates.js';
import { guarded, isFunction, readOptions, unreadable, type OptionCheck } from '../adapters/read.js';
import { DATE, isDate, isObject, malformed, mustBe, nameOf } from './checks.js';
import { changeDays, localCases, type DiffCase } from './diff-local.js';

export type { DiffCase } from './diff-local.js';

/** A v20241028 query with its account, asked of both rule sets (the fixtures, or your own). */
export interface DiffQueryCase {
  /** A name for the report (a fixture's file and case name). */
  name: string;
  query: TaxRateQuery;
  account: SellerAccount;
}

export interface RuleChange {
  case: DiffCase | DiffQueryCase;
  jurisdiction: { id: number | null; country: string; region: string | null };
  /** `status`, `reason`, `jurisdiction`, `scheme`, `rates`, `notes` or `error`. */
  field: string;
  before: unknown;
  after: unknown;
}

export interface RuleDiff {
  /** How many cases were asked of both rule sets. */
  cases: number;
  changes: RuleChange[];
}

export interface DiffOptions {
  /** The first day the default corpus looks at (default 2019-01-01). */
  from?: string;
  /** Queries asked besides the cases (e.g. the fixtures), compared field by field of the response. */
  queries?: readonly DiffQueryCase[];
  /**
   * diffRules only: told how many of the `total` cases (the cases and the queries, as the
   * diff's `cases` counts them) are done, as they run: at most once every 1 % of them, and
   * always once at the end with `done === total` (also `(0, 0)` when there are none). A throw
   * stops the diff: diffRules throws that exception itself, as it was thrown (the caller's own
   * error, not a TaxRulesError), to stop a long diff.
   */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Each tax code of the rules (either data set's, in their order) with the product types it is
 * asked with, from its `supply`: goods as a good, services and digital supplies as a service,
 * a code that follows the product type (`by_product_type`) as both.
 */
function kindsOf(base: RuleData, next: RuleData): [TaxCodeId, ProductType][] {
  const kinds: [TaxCodeId, ProductType][] = [];
  const seen = new Set<string>();
  for (const code of [...next.taxCodes.tax_codes, ...base.taxCodes.tax_codes]) {
    if (seen.has(code.id)) continue;
    seen.add(code.id);
    const id = code.id as TaxCodeId;
    if (code.supply !== 'services' && code.supply !== 'digital') kinds.push([id, 'good']);
    if (code.supply !== 'goods') kinds.push([id, 'service']);
  }
  return kinds;
}


/** The longest postal code samplePostalCode writes. */
const MAX_SAMPLE = 100;

/**
 * A postal code a simple pattern matches (`^27498$`, `^3[58]\d{3}$`, `^BT\d.*$`), or null; a pattern that is no string is a 400.
 *
 * @example
 * ```ts
 * import { samplePostalCode } from 'taxrules/testing';
 *
 * samplePostalCode('^3[58]\\d{3}$');
 * // '35000'
 * samplePostalCode('^BT\\d.*$');
 * // 'BT0'
 * ```
 */
export function samplePostalCode(pattern: string): string | null {
  if (typeof pattern !== 'string') throw mustBe(['pattern'], "a string (a regular expression's source)", pattern);
  let p = pattern.replace(/^\^/, '').replace(/\$$/, '');
  p = p.replace(/\(\?:([^()|]*)(?:\|[^()]*)?\)\??/g, '$1').replace(/\(([^()|]*)(?:\|[^()]*)?\)\??/g, '$1');
  let out = '';
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    let piece: string;
    if (c === '\\') {
      const n = p[++i];
      if (n === 'd') piece = '0';
      else if (n === 's') piece = ' ';
      else if (n !== undefined && /[^\w]/.test(n)) piece = n;
      else return null;
    } else if (c === '[') {
      const end = p.indexOf(']', i);
      if (end < 0) return null;
      const cls = p.slice(i + 1, end);
      if (cls.startsWith('^')) return null;
      piece = cls[0] === '\\' ? (cls[1] === 'd' ? '0' : (cls[1] ?? '')) : cls[0]!;
      i = end;
    } else if (c === '.') piece = 'A';
    else if (/[*+?{}()|]/.test(c)) return null;
    else piece = c;
    // A quantifier after the piece.
    const q = /^(?:\{(\d+)(?:,\d*)?\}|[*?]|\+)/.exec(p.slice(i + 1));
    if (q) {
      i += q[0].length;
      if (q[0] === '*' || q[0] === '?') piece = '';
      else if (q[1] !== undefined) {
        // No postal code is that long (`a{999999999}` is no pattern of one).
        if (out.length + piece.length * Number(q[1]) > MAX_SAMPLE) return null;
        piece = piece.repeat(Number(q[1]));
      }
    }
    out += piece;
    if (out.length > MAX_SAMPLE) return null;
  }
  return out === '' ? null : out;
}

/** Each option of diffRules and diffCorpus and what it must be. */
const DIFF_OPTIONS: { readonly [K in keyof DiffOptions]-?: OptionCheck } = {
  from: DATE,
  queries: [Array.isArray, 'an array of { name, query, account }'],
  onProgress: [isFunction, 'a function (done, total)'],
};

/** The options of diffRules and diffCorpus, checked (absent or null: the defaults). */
function diffOptions(options: unknown): DiffOptions {
  return guarded(() => {
    const o = readOptions<DiffOptions>(options, DIFF_OPTIONS);
    each((o.queries ?? []) as unknown[], (q, i) => {
      const path = ['options', 'queries', i];
      if (!isObject(q)) throw mustBe(path, 'an object { name, query, account }', q);
      if (typeof q.name !== 'string') throw mustBe([...path, 'name'], 'a string', q.name);
      if (typeof q.query !== 'object' || q.query === null) throw mustBe([...path, 'query'], 'a v20241028 query (an object)', q.query);
      if (typeof q.account !== 'object' || q.account === null) throw mustBe([...path, 'account'], 'an account (an object)', q.account);
    });
    return o;
  }, ['options']);
}

/** Each item of an array, a hole as undefined: a sparse array of length 2³² − 1 fails at its first hole, not after billions of steps. */
function each(items: unknown[], f: (item: unknown, i: number) => void): void {
  for (let i = 0; i < items.length; i++) f(items[i], i);
}

/** Deepest nesting of rule data accepted: the rule files nest about ten levels. */
const MAX_RULE_DEPTH = 64;

/**
 * Rule data as diffRules and diffCorpus read it, checked: an object of the arrays of files
 * (`countries`, `regimes`, `territories`, `usLocal`), each file with the fields the corpus
 * reads, nothing nested deeper than 64 levels nor referring to itself. The rest is the rule
 * set's to read.
 */
function checkRuleDataArg(data: unknown, name: string): void {
  guarded(() => {
    if (!isObject(data)) throw mustBe([name], 'rule data (an object of countries, regimes, territories, …)', data);
    const list = (key: string, optional = false): unknown[] => {
      const v = data[key];
      if (optional && v === undefined) return [];
      if (!Array.isArray(v)) throw mustBe([name, key], 'an array of rule files', v);
      return v;
    };
    const file = (v: unknown, path: (string | number)[], key: string): Record<string, unknown> => {
      if (!isObject(v)) throw mustBe(path, 'a rule file (an object)', v);
      if (typeof v[key] !== 'string') throw mustBe([...path, key], 'a string', v[key]);
      return v;
    };
    const array = (v: unknown, path: (string | number)[], what: string, optional = true): unknown[] => {
      if (optional && v === undefined) return [];
      if (!Array.isArray(v)) throw mustBe(path, what, v);
      return v;
    };
    each(list('countries'), (v, i) => {
      const f = file(v, [name, 'countries', i], 'country');
      each(array(f.jurisdictions, [name, 'countries', i, 'jurisdictions'], 'an array of jurisdictions', false), (j, k) => {
        if (!isObject(j)) throw mustBe([name, 'countries', i, 'jurisdictions', k], 'a jurisdiction (an object)', j);
      });
      each(array(f.regimes, [name, 'countries', i, 'regimes'], 'an array of { regime }'), (m, k) => file(m, [name, 'countries', i, 'regimes', k], 'regime'));
    });
    each(list('regimes'), (v, i) => file(v, [name, 'regimes', i], 'regime'));
    each(list('territories'), (v, i) => {
      const f = file(v, [name, 'territories', i], 'country');
      each(array(f.territories, [name, 'territories', i, 'territories'], 'an array of territories'), (t, k) => {
        const path = [name, 'territories', i, 'territories', k];
        if (!isObject(t)) throw mustBe(path, 'a territory (an object)', t);
        if (!isObject(t.match)) throw mustBe([...path, 'match'], 'an object { all, postal_codes, cities }', t.match);
        array(t.match.cities, [...path, 'match', 'cities'], 'an array of city names');
        each(array(t.match.postal_codes, [...path, 'match', 'postal_codes'], 'an array of patterns'), (c, n) => {
          if (typeof c !== 'string') throw mustBe([...path, 'match', 'postal_codes', n], 'a pattern (a string)', c);
        });
      });
    });
    each(list('usLocal', true), (v, i) => {
      const path = [name, 'usLocal', i];
      const f = file(v, path, 'state');
      if (!orNull(f.country)) throw mustBe([...path, 'country'], 'a country code or absent', f.country);
      each(array(f.jurisdictions, [...path, 'jurisdictions'], 'an array of jurisdictions', false), (j, k) => {
        if (!isObject(j)) throw mustBe([...path, 'jurisdictions', k], 'a jurisdiction (an object)', j);
        each(array(j.rates, [...path, 'jurisdictions', k, 'rates'], 'an array of rates', false), (r, n) => {
          if (!isObject(r) || !isDate(r.from)) throw mustBe([...path, 'jurisdictions', k, 'rates', n], 'a rate { from: YYYY-MM-DD, … }', r);
        });
      });
      each(array(f.zips, [...path, 'zips'], 'an array of [zip, areas, share]', false), (z, n) => {
        if (!Array.isArray(z) || typeof z[0] !== 'string' || typeof z[1] !== 'string' || typeof z[2] !== 'number') throw mustBe([...path, 'zips', n], 'a [zip, areas, share]', z);
      });
    });
    // Nesting, walked without recursion (as the corpus would recurse into it): a value met again
    // on its own path is a cycle; one already walked is not walked again. A value that holds no
    // object (a ZIP code's row, a rate period) is walked as it is met: it can be on no path.
    const onPath = new Set<object>();
    const walked = new Set<object>();
    const stack: [object, number, boolean][] = [[data, 0, false]];
    while (stack.length > 0) {
      const [v, depth, leaving] = stack.pop()!;
      if (leaving) {
        onPath.delete(v);
        walked.add(v);
        continue;
      }
      if (walked.has(v)) continue;
      if (onPath.has(v)) throw malformed([name], `${name} refers to itself: it is no rule data`);
      if (depth >= MAX_RULE_DEPTH) throw malformed([name], `${name} nests deeper than ${MAX_RULE_DEPTH} levels: it is no rule data`);
      const values = Object.values(v);
      if (!values.some((x) => typeof x === 'object' && x !== null)) {
        walked.add(v);
        continue;
      }
      onPath.add(v);
      stack.push([v, depth, true]);
      for (const x of values) if (typeof x === 'object' && x !== null) stack.push([x, depth + 1, false]);
    }
  }, [name]);
}

const PRODUCT_TYPES: readonly unknown[] = ['good', 'service'];
const CUSTOMERS: readonly unknown[] = ['consumer', 'business'];
const orNull = (v: unknown): boolean => v === null || v === undefined || typeof v === 'string';

/** The cases of diffRules, checked: absent or null (the default corpus), or an array of DiffCase. */
function checkCases(cases: unknown): void {
  if (cases === undefined || cases === null) return;
  guarded(() => {
    if (!Array.isArray(cases)) throw mustBe(['cases'], 'an array of cases (as diffCorpus gives), or null for the default corpus', cases);
    for (let i = 0; i < cases.length; i++) {
      const c: unknown = cases[i];
      const path = ['cases', i];
      if (!isObject(c)) throw mustBe(path, 'a case { country, region, postalCode, date, taxCode, productType, customer }', c);
      if (typeof c.country !== 'string') throw mustBe([...path, 'country'], 'a country code', c.country);
      if (!orNull(c.region)) throw mustBe([...path, 'region'], 'a region code or null', c.region);
      if (!orNull(c.postalCode)) throw mustBe([...path, 'postalCode'], 'a postal code or null', c.postalCode);
      if (!isDate(c.date)) throw mustBe([...path, 'date'], 'a calendar date YYYY-MM-DD', c.date);
      if (typeof c.taxCode !== 'string') throw mustBe([...path, 'taxCode'], 'a tax code', c.taxCode);
      if (!PRODUCT_TYPES.includes(c.productType)) throw mustBe([...path, 'productType'], '"good" or "service"', c.productType);
      if (!CUSTOMERS.includes(c.customer)) throw mustBe([...path, 'customer'], '"consumer" or "business"', c.customer);
    }
  }, ['cases']);
}

interface Place {
  country: string;
  region: string | null;
  postalCode: string | null;
}

/** The places of a country file: the country, each region, each special territory that a postal code can name. */
function placesOf(data: RuleData, country: string): Place[] {
  const file = data.countries.find((c) => c.country === country);
  const places: Place[] = [];
  const regions = new Set<string>();
  for (const j of (file?.jurisdictions ?? []) as { region?: string | null; level?: string }[]) {
    if (j.region) regions.add(j.region);
  }
  const hasRegions = regions.size > 0;
  if (!hasRegions) places.push({ country, region: null, postalCode: null });
  for (const r of [...regions].sort()) places.push({ country, region: r, postalCode: null });
  for (const t of data.territories.find((f) => f.country === country)?.territories ?? []) {
    const match = t.match as { all?: boolean; postal_codes?: string[]; cities?: string[] };
    if (match.all || match.cities?.length) continue;
    const postal = match.postal_codes?.[0] ? samplePostalCode(match.postal_codes[0]) : null;
    if (postal !== null) places.push({ country, region: null, postalCode: postal });
  }
  return places;
}

/**
 * The default corpus: for every country with rules in either data set, its country, regions
 * and special territories (by a postal code of theirs) × the rules' tax codes (each as a good
 * or a service as its `supply` says; standard, reduced and exempt, which follow the product
 * type, as both; a finer code drawn for other countries' laws only where the country's tables
 * name it) × consumer and business × the day before and the day of every change in the rules
 * that apply at the place (the country's file but other regions' jurisdictions, its territories
 * and its regimes), from `from` (default 2019-01-01) on, and that first day itself; and every
 * county, city and district of the
 * local files (the US states') by a ZIP code of it (goods and SaaS to a consumer, around each local change).
 *
 * @example
 * ```ts
 * import { defaultRuleSet } from 'taxrules';
 * import { diffCorpus, diffRules } from 'taxrules/testing';
 *
 * // The shipped data, and a copy with a change of your own (here a made-up one: Germany's standard rate at 20 % from 2027-07-01).
 * const base = defaultRuleSet.data;
 * const next = structuredClone(base);
 * next.countries.find((c) => c.country === 'DE')!.jurisdictions[0]!.taxes[0]!.rates.standard!.push({ from: '2027-07-01', rate: '20', source: 'the act that sets it', checked: '2026-12-01' });
 * const corpus = diffCorpus(base, next, { from: '2027-01-01' });
 * // Germany's cases of standard-rated goods to consumers (its special territories aside): the first day, and both sides of the change.
 * corpus.filter((c) => c.country === 'DE' && c.postalCode === null && c.taxCode === 'standard' && c.productType === 'good' && c.customer === 'consumer').map((c) => c.date);
 * // ['2027-01-01', '2027-06-30', '2027-07-01']
 * // A diff of Germany's cases only.
 * const diff = diffRules(base, next, corpus.filter((c) => c.country === 'DE'));
 * ```
 */
export function diffCorpus(base: RuleData, next: RuleData, options: DiffOptions = {}): DiffCase[] {
  return readingRules(() => corpusOf(base, next, options));
}

function corpusOf(base: RuleData, next: RuleData, options: DiffOptions): DiffCase[] {
  checkRuleDataArg(base, 'base');
  checkRuleDataArg(next, 'next');
  return casesOf(base, next, diffOptions(options));
}

/** The default corpus of rule data and options already checked (diffCorpus's, or diffRules' own: each checks them once). */
function casesOf(base: RuleData, next: RuleData, options: DiffOptions): DiffCase[] {
  const first = dayNumber(options.from ?? '2019-01-01');
  const countries = [...new Set([...base.countries, ...next.countries].map((c) => c.country))].sort();
  const kinds = kindsOf(base, next);
  const codes = new Map([...base.taxCodes.tax_codes, ...next.taxCodes.tax_codes].map((c) => [c.id, c]));
  const cases: DiffCase[] = [];
  for (const country of countries) {
    const { shared, byRegion } = countryDays(base, next, country);
    const places = new Map<string, Place>();
    for (const data of [base, next]) for (const p of placesOf(data, country)) places.set(`${p.region}|${p.postalCode}`, p);
    localCases(base, next, country, first, kinds, cases);
    const named = new Set<string>();
    for (const data of [base, next]) namesIn(data.countries.find((c) => c.country === country), named);
    const asked = kinds.filter(([code]) => askedIn(code, country, codes, named));
    for (const place of places.values()) {
      // A region's own rules change only its answers; a place without a region may be in any.
      const days = new Set(shared);
      for (const [region, own] of byRegion) if (place.region === null || place.region === region) for (const d of own) days.add(d);
      for (const date of datesOf(days, first)) {
        for (const [taxCode, productType] of asked) {
          for (const customer of ['consumer', 'business'] as const) {
            cases.push({ country: place.country, region: place.region, postalCode: place.postalCode, date, taxCode, productType, customer });
          }
        }
      }
    }
  }
  return cases;
}

/** The first day, and the day before and the day of each change (within 30 years of the first), sorted. */
function datesOf(days: ReadonlySet<number>, first: number): string[] {
  const dates = new Set<string>([dateOfDay(first)]);
  for (const d of days) {
    if (d < first || d > first + 366 * 30) continue;
    dates.add(dateOfDay(d - 1 >= first ? d - 1 : first));
    dates.add(dateOfDay(d));
  }
  return [...dates].sort();
}

/**
 * The days a country's answers may change, in either data: those of its file but its regions'
 * jurisdictions, its territories and the regimes it belongs to (`shared`, every place's), and
 * those of each region's jurisdictions (`byRegion`, the region's places' only).
 */
function countryDays(base: RuleData, next: RuleData, country: string): { shared: Set<number>; byRegion: Map<string, Set<number>> } {
  const shared = new Set<number>();
  const byRegion = new Map<string, Set<number>>();
  for (const data of [base, next]) {
    const file = data.countries.find((c) => c.country === country);
    if (file !== undefined) {
      changeDays({ ...file, jurisdictions: file.jurisdictions.filter((j) => !j.region) }, shared);
      for (const j of file.jurisdictions) {
        if (!j.region) continue;
        const own = byRegion.get(j.region) ?? new Set<number>();
        byRegion.set(j.region, own);
        changeDays(j, own);
      }
    }
    changeDays(data.territories.find((t) => t.country === country), shared);
    // The regimes it belongs to: their rules change its answers too.
    for (const m of file?.regimes ?? []) changeDays(data.regimes.find((r) => r.regime === m.regime), shared);
  }
  return { shared, byRegion };
}

/**
 * Whether a code is asked in a country: every code but a finer one drawn for other countries'
 * laws (Italy's foods …), which is asked only where the country's tables name it (`named`;
 * elsewhere it is answered as its parent, which is asked).
 */
function askedIn(code: string, country: string, codes: ReadonlyMap<string, RuleData['taxCodes']['tax_codes'][number]>, named: ReadonlySet<string>): boolean {
  const drawn = codes.get(code)?.jurisdictions;
  return drawn === undefined || drawn.some((j) => j === country || j.startsWith(`${country}-`)) || named.has(code);
}

/** Every key (a taxability table's entry) and string (a split's codes) a value holds, added to `out`. */
function namesIn(value: unknown, out: Set<string>): void {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const v of value) namesIn(v, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      namesIn(v, out);
    }
  }
}


const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The count of the cases run, told to `onProgress` each time it passes another 1 % of `total`
 * (at most 101 calls, whatever the total) and at the end; nothing without a function.
 */
/** What the caller's onProgress threw: thrown by diffRules as it is, never read as rule data that could not be read. */
class CallbackThrew {
  constructor(readonly error: unknown) {}
}

/**
 * `f`, reading rule data: an exception of anything but the caller's callback (rule data that
 * passed the first checks and is read otherwise later — a field changed since it was loaded, a
 * getter, a revoked Proxy deep in it) is a TaxRulesError (400), never a TypeError of ours.
 */
function readingRules<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof CallbackThrew) throw e.error;
    throw unreadable(e, ['data'], 'the rule data');
  }
}

function progressOf(onProgress: DiffOptions['onProgress'], total: number): { caseDone(): void; end(): void } {
  if (onProgress === undefined) return { caseDone() {}, end() {} };
  const report = onProgress;
  const step = Math.max(1, Math.ceil(total / 100));
  let done = 0;
  let told = -1;
  const tell = () => {
    told = done;
    try {
      report(done, total);
    } catch (e) {
      throw new CallbackThrew(e);
    }
  };
  return {
    caseDone() {
      done++;
      if (done % step === 0 || done === total) tell();
    },
    end() {
      if (told !== total) tell();
    },
  };
}

/**
 * Every result that differs between two rule data sets, on `cases` (default: `diffCorpus`),
 * field by field, in the cases' order. Each change names the jurisdiction that taxes the case
 * (after the change, else before; for a case neither answers, the country asked about). A
 * rule set that cannot be built from its data is a TaxRulesError. `options.onProgress` is told
 * how many cases are done as they run (see DiffOptions); an exception it throws stops the diff
 * and is thrown by diffRules as it is.
 *
 * @example
 * ```ts
 * import { defaultRuleSet } from 'taxrules';
 * import { diffRules } from 'taxrules/testing';
 *
 * // The shipped data, and a copy with a change of your own (here a made-up one: Germany's standard rate at 20 % from 2027-07-01).
 * const base = defaultRuleSet.data;
 * const next = structuredClone(base);
 * next.countries.find((c) => c.country === 'DE')!.jurisdictions[0]!.taxes[0]!.rates.standard!.push({ from: '2027-07-01', rate: '20', source: 'the act that sets it', checked: '2026-12-01' });
 * // Without cases, diffRules asks the default corpus (diffCorpus): about a hundred thousand of them.
 * const sale = { country: 'DE', region: null, postalCode: null, date: '2027-07-01', taxCode: 'standard', productType: 'good', customer: 'consumer' } as const;
 * diffRules(base, next, [sale]);
 * // { cases: 1, changes: [{ field: 'rates', jurisdiction: { id: 276, country: 'DE', region: null }, before: ['VAT 19% (Germany)'], after: ['VAT 20% (Germany)'], … }] }
 * ```
 */
export function diffRules(base: RuleData, next: RuleData, cases?: readonly DiffCase[] | null, options: DiffOptions = {}): RuleDiff {
  return readingRules(() => diffOf(base, next, cases, options));
}

function diffOf(base: RuleData, next: RuleData, cases: readonly DiffCase[] | null | undefined, options: DiffOptions): RuleDiff {
  checkRuleDataArg(base, 'base');
  checkRuleDataArg(next, 'next');
  checkCases(cases);
  options = diffOptions(options);
  const before = createRuleSet(base);
  const after = createRuleSet(next);
  // Registered wherever one registers (US local taxes are collected under the state's registration).
  const registeredIn = (rules: RuleSet) => [...rules.jurisdictions.values()].filter((j) => j.level !== 'county' && j.level !== 'city' && j.level !== 'district').map((j) => j.id);
  const ids = [...new Set([...registeredIn(before), ...registeredIn(after)])].sort((a, b) => a - b);
  // Frozen, the list and each registration: the decision caches key them by identity, not by reading every one on each call.
  const registrations: TaxInput['registrations'] = Object.freeze(ids.map((id) => Object.freeze({ jurisdictionId: id })));
  // The queries' calculators: without a decision cache, as the cases are asked.
  const ofBefore = createCalculator({ rules: before, cacheBytes: 0 });
  const ofAfter = createCalculator({ rules: after, cacheBytes: 0 });
  const corpus = cases ?? casesOf(base, next, options);
  const total = corpus.length + (options.queries?.length ?? 0);
  const progress = progressOf(options.onProgress, total);
  const changes: RuleChange[] = [];
  // Decided afresh, without a decision cache: each case is asked once, and few share a decision (storing them cost more than it saved).
  const saleBefore = saleOf(before);
  const saleAfter = saleOf(after);
  const stackless = stacksSettable();
  for (const c of corpus) {
    const input = inputOf(c, registrations);
    const [a, b] = askBoth(saleBefore, saleAfter, input, stackless);
    const fields = changedFields(a, b, input);
    if (fields.length > 0) {
      const jurisdiction = taxedBy(a, b) ?? { id: null, country: c.country, region: c.region };
      for (const field of fields) changes.push({ case: c, jurisdiction, field, before: fieldOf(a, field, input), after: fieldOf(b, field, input) });
    }
    progress.caseDone();
  }
  for (const q of options.queries ?? []) {
    const a = answerOf(ofBefore, q);
    const b = answerOf(ofAfter, q);
    const country = String((b.country ?? a.country ?? (q.query as { to_country?: unknown }).to_country) ?? '');
    const region = (b.region ?? a.region ?? null) as string | null;
    const jurisdiction = { id: jurisdictionIdOf(after, country, region) ?? jurisdictionIdOf(before, country, region), country, region };
    for (const field of Object.keys({ ...a, ...b })) {
      if (!same(a[field], b[field])) changes.push({ case: q, jurisdiction, field, before: a[field] ?? null, after: b[field] ?? null });
    }
    progress.caseDone();
  }
  progress.end();
  return { cases: total, changes };
}

/** A query's response as fields, or its refusal as `error`. */
function answerOf(calculator: Calculator, q: DiffQueryCase): Record<string, unknown> {
  try {
    return { ...calculator.calculateTaxRate(q.query, q.account), error: null };
  } catch (e) {
    if (!(e instanceof TaxRulesError)) throw e;
    return { error: `${e.status} ${e.message}` };
  }
}

function jurisdictionIdOf(rules: RuleSet, country: string, region: string | null): number | null {
  const c = rules.countries.get(country);
  if (!c) return null;
  return (region ? c.byRegion.get(region)?.id : undefined) ?? c.root.id;
}

/** A change as the text shows it: its group, field, case and values, each read once. */
interface ShownChange {
  group: string;
  field: string;
  what: string;
  before: string;
  after: string;
}

/** A value as the text shows it (JSON), or a 400 when it is none. */
function shown(value: unknown, path: (string | number)[]): string {
  try {
    return String(JSON.stringify(value));
  } catch {
    throw malformed(path, `${nameOf(path)} must be a JSON value, got ${quoted(value, 60)}`);
  }
}

/** A diff as formatRuleDiff reads it, checked: `cases` a whole number, `changes` an array of RuleChange. */
function shownDiff(diff: unknown): { cases: number; changes: ShownChange[] } {
  return guarded(() => {
    if (!isObject(diff)) throw mustBe(['diff'], 'a rule diff { cases, changes } (as diffRules gives)', diff);
    const { cases, changes } = diff;
    if (typeof cases !== 'number' || !Number.isSafeInteger(cases) || cases < 0) throw mustBe(['diff', 'cases'], 'a whole number of cases, 0 or more', cases);
    if (!Array.isArray(changes)) throw mustBe(['diff', 'changes'], 'an array of changes', changes);
    const out: ShownChange[] = [];
    for (let i = 0; i < changes.length; i++) out.push(guarded(() => shownChange(changes[i], ['diff', 'changes', i]), ['diff', 'changes', i]));
    return { cases, changes: out };
  }, ['diff']);
}

/** One change of a diff as formatRuleDiff reads it, checked (see shownDiff). */
function shownChange(ch: unknown, path: (string | number)[]): ShownChange {
  if (!isObject(ch)) throw mustBe(path, 'a change { case, jurisdiction, field, before, after }', ch);
  const { case: c, jurisdiction: j, field } = ch;
  if (!isObject(j)) throw mustBe([...path, 'jurisdiction'], 'an object { id, country, region }', j);
  if (j.id !== null && !(typeof j.id === 'number' && Number.isFinite(j.id))) throw mustBe([...path, 'jurisdiction', 'id'], 'a jurisdiction id or null', j.id);
  if (typeof j.country !== 'string') throw mustBe([...path, 'jurisdiction', 'country'], 'a country code', j.country);
  if (!orNull(j.region)) throw mustBe([...path, 'jurisdiction', 'region'], 'a region code or null', j.region);
  if (typeof field !== 'string') throw mustBe([...path, 'field'], 'a string', field);
  let what: string;
  if (isObject(c) && 'name' in c) {
    if (typeof c.name !== 'string') throw mustBe([...path, 'case', 'name'], 'a string', c.name);
    what = c.name;
  } else {
    if (!isObject(c)) throw mustBe([...path, 'case'], 'a case (a DiffCase or a DiffQueryCase)', c);
    for (const key of ['date', 'country', 'taxCode', 'productType', 'customer'] as const) {
      if (typeof c[key] !== 'string') throw mustBe([...path, 'case', key], 'a string', c[key]);
    }
    for (const key of ['region', 'postalCode'] as const) if (!orNull(c[key])) throw mustBe([...path, 'case', key], 'a string or null', c[key]);
    what = `${c.date} ${c.country}${c.region ? `-${c.region}` : ''}${c.postalCode ? ` ${c.postalCode}` : ''} ${c.taxCode}/${c.productType} ${c.customer}`;
  }
  const group = `${j.country}${j.region ? `-${j.region}` : ''}${j.id !== null ? ` (${j.id})` : ''}`;
  return { group, field, what, before: shown(ch.before, [...path, 'before']), after: shown(ch.after, [...path, 'after']) };
}

/**
 * The changes as text for a review: grouped by jurisdiction, then field, each case on a line. A diff of another shape is a 400.
 *
 * @example
 * ```ts
 * import { defaultRuleSet } from 'taxrules';
 * import { diffRules, formatRuleDiff } from 'taxrules/testing';
 *
 * // The shipped data, and a copy with a change of your own (here a made-up one: Germany's standard rate at 20 % from 2027-07-01).
 * const base = defaultRuleSet.data;
 * const next = structuredClone(base);
 * next.countries.find((c) => c.country === 'DE')!.jurisdictions[0]!.taxes[0]!.rates.standard!.push({ from: '2027-07-01', rate: '20', source: 'the act that sets it', checked: '2026-12-01' });
 * const sale = { country: 'DE', region: null, postalCode: null, date: '2027-07-01', taxCode: 'standard', productType: 'good', customer: 'consumer' } as const;
 * formatRuleDiff(diffRules(base, next, [sale])).split('\n');
 * // ['1 changed results in 1 cases:', '', 'DE (276)', '  rates:', '    2027-07-01 DE standard/good consumer: ["VAT 19% (Germany)"] → ["VAT 20% (Germany)"]', '']
 * ```
 */
export function formatRuleDiff(diff: RuleDiff): string {
  const { cases, changes } = shownDiff(diff);
  if (changes.length === 0) return `No changes in ${cases} cases.\n`;
  const groups = new Map<string, Map<string, ShownChange[]>>();
  for (const ch of changes) {
    const byField = groups.get(ch.group) ?? new Map<string, ShownChange[]>();
    const list = byField.get(ch.field) ?? [];
    list.push(ch);
    byField.set(ch.field, list);
    groups.set(ch.group, byField);
  }
  const lines = [`${changes.length} changed results in ${cases} cases:`];
  for (const [key, byField] of [...groups].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    lines.push('', key);
    for (const [field, list] of byField) {
      lines.push(`  ${field}:`);
      for (const ch of list) lines.push(`    ${ch.what}: ${ch.before} → ${ch.after}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
