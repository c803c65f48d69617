/**
 * US economic nexus: from a seller's sales history, where a state's threshold for remote
 * sellers is reached, or near, on a given day (rules/us/nexus.json holds the thresholds).
 *
 * Pure: no clock (the day is `asOf`), no I/O; the rules are an argument with the package's
 * as the default. Money is exact (BigInt fractions over powers of ten, held to decimal.js by a
 * property test); a share of a threshold is cut, never rounded up, so a share below 1 always
 * means "not reached".
 */
import * as z from 'zod/mini';
import { onFirstUse } from '../adapters/zod-english.js';
import { isRecord } from '../adapters/input.js';
import { dateOfDay, dayNumber } from '../core/dates.js';
import { errorFromIssues, quoted, type TaxRulesIssue } from '../core/errors.js';
import { checkBySchema } from '../adapters/issues.js';
import { guarded, ownCopy, prototypePolluted, readOptions, unreadable } from '../adapters/read.js';
import { usNexusText } from '../generated/us-nexus.js';
import { checkNexusRules, type NexusPeriod, type NexusState, type UsNexusRules } from './nexus-rules.js';
import { minLength, maxLength } from '../adapters/lengths.js';

export type { UsNexusRules, NexusPeriod, NexusState } from './nexus-rules.js';

/** One sale (or one day's sales) into a state. */
export interface NexusSale {
  /** The date of the sale, YYYY-MM-DD. */
  date: string;
  /** The state it was delivered to: a USPS code (`CA`, `DC`, `PR`). */
  state: string;
  /** The sale's amount in US dollars, a decimal string (`"129.95"`); not negative. */
  amount: string;
  /** How many separate transactions the row holds (default 1; 0 for an adjustment). */
  transactions?: number;
  /** Made through a marketplace facilitator that collected the tax (absent: it was not). */
  marketplace?: boolean;
  /** Taxable in the state (false: exempt or not taxable there). Absent: not said; where the state counts taxable sales only, such a sale is counted and the answer says whether it decides. */
  taxable?: boolean;
  /** A sale for resale (wholesale, on a resale certificate; absent: it was not). */
  resale?: boolean;
}

/** What `nexusStatus` is asked. */
export interface NexusQuery {
  /** The sales history, in any order. Sales after `asOf` are not read. */
  sales: readonly NexusSale[];
  /** The day the status is wanted for, YYYY-MM-DD. */
  asOf: string;
  /** From what share of a threshold a state is `near` (default 0.8); more than 0, at most 1. */
  nearRatio?: number;
  /** The states to answer for (default: every state the sales reach). */
  states?: readonly string[];
}

export interface NexusOptions {
  /** Nexus rules of your own (default: rules/us/nexus.json as the package ships it). */
  rules?: UsNexusRules;
}

/** Which test a threshold was reached by. */
export type NexusTest = 'sales' | 'transactions' | 'sales_and_transactions';

/** A measurement period on the day asked about, and what the history holds in it. */
export interface NexusWindow {
  /** First and last day (inclusive). */
  from: string;
  to: string;
  /** `previous calendar year`, `current calendar year`, `previous 12 months`, … */
  label: string;
  /** The counted sales, exact decimal string. */
  sales: string;
  /** The counted transactions. */
  transactions: number;
  /** Counted sales ÷ sales threshold, 4 decimals, cut (never rounded up). */
  salesShare: string;
  /** Counted transactions ÷ transaction threshold (null without a transaction test). */
  transactionsShare: string | null;
  /** The day the counted sales of the window reached the threshold, and by which test (null: not reached). */
  reached: { on: string; test: NexusTest } | null;
  /** Counted sales that do not say what the state's rule needs to know (whether they are taxable, where only taxable sales count). */
  undescribed: number;
}

/**
 * `reached`: the threshold is reached in a window that applies on `asOf`; `near`: not
 * reached, but its share is at least `nearRatio`; `below`: neither; `no_sales_tax`: the
 * state has no sales tax (DE, MT, NH, OR); `no_rule`: `asOf` is before the state's first
 * economic nexus rule.
 */
export type NexusStatusCode = 'reached' | 'near' | 'below' | 'no_sales_tax' | 'no_rule';

export interface NexusStateStatus {
  state: string;
  name: string;
  status: NexusStatusCode;
  /** The earliest crossing among the windows (null unless reached). */
  reached: { on: string; test: NexusTest; window: { from: string; to: string; label: string } } | null;
  /** The largest share of the threshold among the windows, by the rule's logic (both tests: the smaller share), 4 decimals, cut; null without a rule. */
  share: string | null;
  /** False when the answer depends on counted sales that do not say what the rule needs (the notes say which). */
  certain: boolean;
  /** The measurement windows on `asOf`. */
  windows: NexusWindow[];
  /** The rule in force on `asOf`, as the rule data has it (with its source). */
  rule: NexusPeriod | null;
  notes: string[];
}

export interface NexusReport {
  asOf: string;
  nearRatio: string;
  /** One entry per state, sorted by code. */
  states: NexusStateStatus[];
}

/** The most rows a history may have in one call. */
export const MAX_NEXUS_SALES = 1_000_000;
const MAX_AMOUNT_LENGTH = 40;
/** The most states a query asks for. */
const MAX_ASKED_STATES = 100;

/** The most entries a list of the rules holds: states, a state's periods or compared sources, notes (the package's: 52 states, at most 4 periods). */
const MAX_RULE_ITEMS = 100;

/**
 * How deep the rules are read: the rules, a list, a state, its periods, a period (5 levels
 * of objects and arrays). A period's fields are strings, numbers or null, so anything nested
 * deeper is refused by its type, unread.
 */
const RULES_DEPTH = 5;

// --- reading the query ---------------------------------------------------------------

/** The schemas of a nexus query and of nexus rules, built on first use. */
const nexusSchemas = /* @__PURE__ */ onFirstUse(buildSchemas);

/**
 * `value` checked by `schema` on its own, its issues added to `issues` one at a time under
 * `path`. Lists that can hold many bad entries (a history's rows, the states of the rules)
 * are checked so: zod hands an object's field the issues of its value in one spread call,
 * which a few hundred thousand issues would overflow.
 */
function parseApart<T extends z.ZodMiniType>(schema: T, value: unknown, path: (string | number)[], issues: TaxRulesIssue[]): z.output<T> | undefined {
  const parsed = guarded(() => checkBySchema(schema, value, path), path);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.issues) issues.push(issue);
  return undefined;
}

/** The values of a union of strings, each once: the compiler says when the rule-file type gains one. */
const valuesOf = <T extends string>(all: Record<T, true>): T[] => Object.keys(all) as T[];

function buildSchemas() {
  const date = z.string().check(z.refine((s) => !Number.isNaN(dayNumber(s)), { message: 'must be a calendar date YYYY-MM-DD' }));
  const state = z.string().check(z.regex(/^[A-Za-z]{2}$/, 'must be a 2-letter USPS state code'));
  const sale = z.strictObject({
    date,
    state,
    amount: z.string().check(
      maxLength(MAX_AMOUNT_LENGTH, `must be at most ${MAX_AMOUNT_LENGTH} characters`),
      z.refine((s) => !s.startsWith('-'), { message: 'must not be negative: take returns off the sales they refund' }),
      z.regex(/^-?\d+(\.\d+)?$/, 'must be a decimal string such as "129.95"'),
    ),
    transactions: z.optional(z.number().check(z.int('must be a whole number'), z.nonnegative('must not be negative'))),
    marketplace: z.optional(z.boolean()),
    taxable: z.optional(z.boolean()),
    resale: z.optional(z.boolean()),
  });
  // The rows and the states asked for are checked apart (`parseApart`), once the lists are
  // known to be no longer than their bounds.
  const query = z.strictObject({
    sales: z.array(z.unknown()).check(maxLength(MAX_NEXUS_SALES, `has more than ${MAX_NEXUS_SALES} rows`)),
    asOf: date,
    nearRatio: z.optional(z.number().check(z.gt(0, 'must be more than 0'), z.lte(1, 'must be at most 1'))),
    states: z.optional(z.array(z.unknown()).check(maxLength(MAX_ASKED_STATES, `has more than ${MAX_ASKED_STATES} states`))),
  });
  return { query, sales: z.array(sale), states: z.array(state), ...rulesSchemas(date) };
}

/**
 * The schemas of nexus rules (rules/schema/us-nexus.schema.json, `$schema` optional): the
 * rules, and apart (see `parseApart`) their sources and each state.
 */
function rulesSchemas(date: z.ZodMiniType<string, string>) {
  const list = <T extends z.ZodMiniType>(item: T) => z.array(item).check(maxLength(MAX_RULE_ITEMS, `has more than ${MAX_RULE_ITEMS} entries`));
  const text = z.string().check(minLength(1, 'must not be empty'));
  const source = z.string().check(minLength(8, 'must be a source of at least 8 characters'));
  const test = z.enum(valuesOf<NexusPeriod['sales_test']>({ exceeds: true, at_least: true }));
  const period = z.strictObject({
    // Windows reach back two years from a day the rule applies on, and stay in years of 4 digits.
    from: date.check(z.refine((d) => d >= '1900-01-01', { message: 'must be a date from 1900-01-01 on' })),
    sales: z.string().check(maxLength(MAX_AMOUNT_LENGTH, `must be at most ${MAX_AMOUNT_LENGTH} characters`), z.regex(/^[1-9]\d*(\.\d{1,2})?$/, 'must be an amount of dollars such as "100000" or "100000.00"')),
    sales_test: test,
    transactions: z.nullable(z.number().check(z.int('must be a whole number'), z.gte(1, 'must be at least 1'))),
    transactions_test: z.nullable(test),
    logic: z.enum(valuesOf<NexusPeriod['logic']>({ sales: true, sales_or_transactions: true, sales_and_transactions: true })),
    measurement: z.enum(
      valuesOf<NexusPeriod['measurement']>({
        previous_calendar_year: true,
        previous_calendar_year_april_to_march: true,
        previous_or_current_calendar_year: true,
        previous_12_months: true,
        previous_4_quarters: true,
        previous_4_sales_tax_quarters_ny: true,
        twelve_months_to_september_30: true,
      }),
    ),
    counts: z.enum(valuesOf<NexusPeriod['counts']>({ gross: true, retail: true, taxable: true })),
    marketplace: z.enum(valuesOf<NexusPeriod['marketplace']>({ included: true, excluded: true })),
    law: z.string().check(minLength(8, 'must cite a law in at least 8 characters')),
    effective: date,
    evidence: z.enum(valuesOf<NexusPeriod['evidence']>({ publisher: true, secondary: true, compilation: true })),
    source,
    checked: date,
    note: z.optional(text),
  });
  const state = z.strictObject({
    state: z.string().check(z.regex(/^[A-Z]{2}$/, 'must be a 2-letter USPS code in capitals')),
    name: text,
    sales_tax: z.enum(valuesOf<NexusState['sales_tax']>({ state: true, local_only: true, none: true })),
    source: z.optional(source),
    checked: z.optional(date),
    compared: z.optional(list(z.string())),
    disagreement: z.optional(text),
    note: z.optional(text),
    periods: list(period),
  });
  const rules = z.strictObject({
    $schema: z.optional(z.string()),
    sources: z.record(z.string(), z.unknown()),
    notes: z.optional(list(text)),
    states: list(z.unknown()),
  });
  const sources = z.record(z.string().check(z.regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a key of lowercase letters, digits and dashes')), source).check(
    z.refine((r) => Object.keys(r).length > 0, { message: 'must name at least one source' }),
  );
  return { rules, ruleSources: sources, ruleState: state };
}

interface Sale {
  day: number;
  date: string;
  amount: Share;
  transactions: number;
  marketplace?: boolean;
  taxable?: boolean;
  resale?: boolean;
}

interface ReadQuery {
  asOf: string;
  nearRatio: Share;
  byState: Map<string, Sale[]>;
  states: string[];
}

/** The query checked by its schemas, every problem at once; its sales checked apart (see `buildSchemas`). */
function parseQuery(query: unknown) {
  let copy: unknown;
  try {
    copy = ownCopy(query, 4, MAX_NEXUS_SALES);
  } catch (e) {
    throw unreadable(e, [], 'the query');
  }
  if (typeof copy !== 'object' || copy === null || Array.isArray(copy)) {
    throw errorFromIssues([{ path: [], code: 'malformed', message: `the query must be an object { sales, asOf }, got ${quoted(copy)}` }]);
  }
  const schemas = nexusSchemas();
  const issues: TaxRulesIssue[] = [];
  const parsed = parseApart(schemas.query, copy, [], issues);
  const { sales: rows, states: asked } = copy as { sales?: unknown; states?: unknown };
  const sales = Array.isArray(rows) && rows.length <= MAX_NEXUS_SALES ? parseApart(schemas.sales, rows, ['sales'], issues) : undefined;
  const states = Array.isArray(asked) && asked.length <= MAX_ASKED_STATES ? parseApart(schemas.states, asked, ['states'], issues) : undefined;
  if (!parsed || !sales || issues.length > 0) throw errorFromIssues(issues);
  const q = { ...parsed, sales, states };
  // zod's output objects have a prototype: with a polluted one, an optional field left out
  // (nearRatio, a sale's marketplace) would read as the polluted value. Read them own-only.
  return prototypePolluted() ? (ownCopy(q, 4, MAX_NEXUS_SALES) as typeof q) : q;
}

function readQuery(query: unknown, rules: UsNexusRules): ReadQuery {
  const q = parseQuery(query);
  const known = new Set(rules.states.map((s) => s.state));
  const issues: TaxRulesIssue[] = [];
  const unknownState = (path: (string | number)[], code: string): void => {
    issues.push({ path, code: 'invalid_value', message: `${path.join('.')}: ${quoted(code)} is not a US state, DC or Puerto Rico` });
  };
  const asOfDay = dayNumber(q.asOf);
  const byState = new Map<string, Sale[]>();
  q.sales.forEach((s, i) => {
    const code = s.state.toUpperCase();
    if (!known.has(code)) return unknownState(['sales', i, 'state'], s.state);
    let list = byState.get(code);
    if (!list) byState.set(code, (list = []));
    const day = dayNumber(s.date);
    if (day > asOfDay) return;
    list.push({ day, date: s.date, amount: decimalOf(s.amount), transactions: s.transactions ?? 1, marketplace: s.marketplace, taxable: s.taxable, resale: s.resale });
  });
  const asked = (q.states ?? []).map((s, i) => {
    const code = s.toUpperCase();
    if (!known.has(code)) unknownState(['states', i], s);
    return code;
  });
  if (issues.length > 0) throw errorFromIssues(issues);
  // Sorted by day; sales of one day keep their order (the crossing day does not depend on it).
  for (const list of byState.values()) list.sort((a, b) => a.day - b.day);
  const states = q.states ? [...new Set(asked)] : [...byState.keys()];
  return { asOf: q.asOf, nearRatio: q.nearRatio === undefined ? decimalOf('0.8') : decimalOf(String(q.nearRatio)), byState, states: states.sort() };
}

// --- the rules -----------------------------------------------------------------------

let defaultRules: UsNexusRules | undefined;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * The package's nexus rules (rules/us/nexus.json), parsed on first use; read-only.
 *
 * @example
 * ```ts
 * import { usNexusRules } from 'taxrules';
 *
 * const texas = usNexusRules().states.find((s) => s.state === 'TX');
 * texas?.periods.at(-1);
 * // { from: '2019-10-01', sales: '500000', sales_test: 'at_least', transactions: null, logic: 'sales', measurement: 'previous_12_months', … }
 * ```
 */
export function usNexusRules(): UsNexusRules {
  return (defaultRules ??= deepFreeze(JSON.parse(usNexusText()) as UsNexusRules));
}

/**
 * The rules of a call: the package's, or `options.rules` checked as the rules build checks
 * rules/us/nexus.json (its schema, then `checkNexusRules`), own fields only, every problem a
 * 400 naming its path. Read into a copy, so a getter runs once and a later change to the
 * caller's object changes nothing.
 */
function rulesOption(options: unknown): UsNexusRules {
  const read = readOptions<NexusOptions>(options, { rules: [(v) => typeof v === 'object' && v !== null, 'nexus rules ({ sources, states })'] });
  // With a polluted Object.prototype a field the rules leave out (a note) would read as the
  // polluted value: the rules' own fields, on objects without a prototype.
  if (read.rules === undefined) return prototypePolluted() ? (ownCopy(usNexusRules(), RULES_DEPTH, MAX_RULE_ITEMS) as UsNexusRules) : usNexusRules();
  const rules = parseRules(read.rules);
  const path = ['options', 'rules'];
  const problems = checkNexusRules(rules, 'options.rules');
  if (problems.length > 0) {
    const at = (p: string): (string | number)[] => p.split('/').filter(Boolean).map((k) => (/^\d+$/.test(k) ? Number(k) : k));
    throw errorFromIssues(problems.map((p) => ({ path: [...path, ...at(p.path)], code: 'malformed', message: `options.rules${p.path}: ${p.message}` })));
  }
  return rules;
}

/** Rules handed over, checked by their schemas (own fields, RULES_DEPTH deep), every problem at once. */
function parseRules(value: unknown): UsNexusRules {
  const path = ['options', 'rules'];
  const copy = guarded(() => ownCopy(value, RULES_DEPTH, MAX_RULE_ITEMS), path) as { sources?: unknown; states?: unknown };
  const schemas = nexusSchemas();
  const issues: TaxRulesIssue[] = [];
  const top = parseApart(schemas.rules, copy, path, issues);
  const sources = isRecord(copy.sources) ? parseApart(schemas.ruleSources, copy.sources, [...path, 'sources'], issues) : undefined;
  const listed = Array.isArray(copy.states) && copy.states.length <= MAX_RULE_ITEMS ? (copy.states as unknown[]) : [];
  const states = listed.map((s, i) => parseApart(schemas.ruleState, s, [...path, 'states', i], issues));
  // Rule data of the wrong form is malformed, a value outside a field's list included: 400.
  if (!top || !sources || issues.length > 0) throw errorFromIssues(issues.map((i) => (i.code === 'invalid_value' ? { ...i, code: 'malformed' } : i)));
  const rules: UsNexusRules = { ...top, sources, states: states.filter((s) => s !== undefined) };
  // zod's output objects have a prototype: with a polluted one, a field left out would read as the polluted value.
  return prototypePolluted() ? (ownCopy(rules, RULES_DEPTH, MAX_RULE_ITEMS) as UsNexusRules) : rules;
}

// --- measurement windows -------------------------------------------------------------

interface Window {
  from: number;
  to: number;
  label: string;
}

function ymd(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

/** Day number of the first day of month `m` (1-based, may be out of 1..12) of year `y`. */
function monthStart(y: number, m: number): number {
  const yy = y + Math.floor((m - 1) / 12);
  const mm = ((((m - 1) % 12) + 12) % 12) + 1;
  return dayNumber(`${String(yy).padStart(4, '0')}-${mm < 10 ? '0' : ''}${mm}-01`);
}

/** The windows a measurement period reads on `asOf`. */
export function measurementWindows(measurement: NexusPeriod['measurement'], asOf: string): Window[] {
  const [y, m] = ymd(asOf);
  const today = dayNumber(asOf);
  const year = (yr: number, label: string, to?: number): Window => ({ from: monthStart(yr, 1), to: to ?? monthStart(yr + 1, 1) - 1, label });
  switch (measurement) {
    case 'previous_calendar_year':
      return [year(y - 1, 'previous calendar year')];
    case 'previous_calendar_year_april_to_march':
      // Pennsylvania: a calendar year decides the collection period from the next 1 April.
      return [year(m >= 4 ? y - 1 : y - 2, 'calendar year before the collection period from 1 April')];
    case 'previous_or_current_calendar_year':
      return [year(y - 1, 'previous calendar year'), year(y, 'current calendar year', today)];
    case 'previous_12_months':
      return [{ from: monthStart(y, m - 12), to: monthStart(y, m) - 1, label: 'previous 12 months' }];
    case 'previous_4_quarters': {
      const q = m - ((m - 1) % 3); // first month of the current quarter
      return [{ from: monthStart(y, q - 12), to: monthStart(y, q) - 1, label: 'previous 4 quarters' }];
    }
    case 'previous_4_sales_tax_quarters_ny': {
      // New York's sales tax quarters start in March, June, September and December.
      const q = m - ((m + 9) % 3);
      return [{ from: monthStart(y, q - 12), to: monthStart(y, q) - 1, label: 'previous 4 New York sales tax quarters' }];
    }
    case 'twelve_months_to_september_30': {
      const end = m >= 10 ? y : y - 1;
      return [{ from: monthStart(end - 1, 10), to: monthStart(end, 10) - 1, label: '12 months to 30 September' }];
    }
  }
}

// --- counting ------------------------------------------------------------------------

/** Why a counted sale is not sure to count: the rule needs to know something the sale does not say. */
type Unknown = 'taxable';

/**
 * Whether a sale counts under a rule: `false`, `true`, or the fact it lacks (counted, as the
 * answer must not come late). A sale that does not say it was made through a marketplace or
 * for resale was not: a seller knows that of its own sales, where it often does not know a
 * state's taxability.
 */
function counts(sale: Sale, rule: NexusPeriod): boolean | Unknown {
  if (rule.marketplace === 'excluded' && sale.marketplace === true) return false;
  if (rule.counts !== 'gross' && sale.resale === true) return false;
  if (rule.counts === 'taxable') return sale.taxable === undefined ? 'taxable' : sale.taxable;
  return true;
}

/**
 * Amounts, thresholds and shares as exact fractions n / d (d > 0), in BigInt: an amount or a
 * threshold over a power of ten (`decimalOf`), a share over the threshold. The sums and
 * comparisons are exact, as decimal.js would make them (test/us-nexus.test.ts holds them to
 * it), without its 56 kB of code compiled at every import of the package.
 */
interface Share {
  n: bigint;
  d: bigint;
}

/**
 * A decimal text (`"129.95"`, `"100000"`, or a number's own text such as `"0.8"` or
 * `"1e-7"`: a sale's amount, a threshold, the near ratio) as a fraction over a power of ten.
 */
function decimalOf(text: string): Share {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i.exec(text);
  if (!m) throw new TypeError(`not a decimal: ${text}`);
  const [, sign, whole, fraction = '', exponent = '0'] = m;
  const places = fraction.length - Number(exponent);
  const n = BigInt(`${sign}${whole}${fraction}`);
  return places >= 0 ? { n, d: 10n ** BigInt(places) } : { n: n * 10n ** BigInt(-places), d: 1n };
}

/** A count (of transactions, a threshold of them) as a fraction: its number's text, as decimal.js reads a number. */
const wholeOf = (x: number): Share => decimalOf(String(x));

/** The significant digits a sum keeps, rounded half up: decimal.js's default, which the sums of amounts have always had. */
const SUM_DIGITS = 20;

/** a + b, both over powers of ten: over the larger of the two, rounded to SUM_DIGITS significant digits. */
function plus(a: Share, b: Share): Share {
  const sum = a.d >= b.d ? { n: a.n + b.n * (a.d / b.d), d: a.d } : { n: a.n * (b.d / a.d) + b.n, d: b.d };
  const abs = sum.n < 0n ? -sum.n : sum.n;
  const digits = abs.toString().length;
  if (digits <= SUM_DIGITS) return sum;
  const unit = 10n ** BigInt(digits - SUM_DIGITS);
  const kept = ((abs + unit / 2n) / unit) * unit;
  return { n: sum.n < 0n ? -kept : kept, d: sum.d };
}

/** An amount over a power of ten as plain decimal text, without trailing zeros (`"502000"`, `"129.5"`). */
function decimalText(x: Share): string {
  const places = x.d.toString().length - 1;
  const negative = x.n < 0n;
  const digits = (negative ? -x.n : x.n).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

const passes = (value: Share, threshold: Share, test: 'exceeds' | 'at_least' | null): boolean =>
  test === 'exceeds' ? compareShares(value, threshold) > 0 : compareShares(value, threshold) >= 0;

/** part / whole, exactly (whole is a threshold: more than 0). */
function shareIn(p: Share, w: Share): Share {
  return { n: p.n * w.d, d: p.d * w.n };
}

/** −1, 0 or 1 as a is below, at or above b. */
function compareShares(a: Share, b: Share): number {
  const l = a.n * b.d;
  const r = b.n * a.d;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** A share with 4 decimals, cut towards zero (never rounded up to a threshold). */
function cut(s: Share): string {
  const q = (s.n * 10_000n) / s.d;
  const abs = q < 0n ? -q : q;
  const digits = abs.toString().padStart(5, '0');
  return `${q < 0n ? '-' : ''}${digits.slice(0, -4)}.${digits.slice(-4)}`;
}

interface Tally {
  sales: Share;
  transactions: number;
  reached: { day: number; test: NexusTest } | null;
}

/**
 * Adds up a window's sales and finds the day its threshold was reached: with `undescribed`
 * counted (the answer's), or left out (to tell whether they decide it).
 */
function tally(sales: readonly Sale[], verdicts: readonly (boolean | Unknown)[], window: Window, rule: NexusPeriod, undescribed: boolean): Tally {
  const threshold = decimalOf(rule.sales);
  let total: Share = { n: 0n, d: 1n };
  let transactions = 0;
  let reached: Tally['reached'] = null;
  sales.forEach((s, i) => {
    const v = verdicts[i];
    if (s.day < window.from || s.day > window.to || v === false || (v !== true && !undescribed)) return;
    total = plus(total, s.amount);
    transactions += s.transactions;
    if (reached) return;
    const bySales = passes(total, threshold, rule.sales_test);
    const byCount = rule.transactions !== null && passes(wholeOf(transactions), wholeOf(rule.transactions), rule.transactions_test);
    if (rule.logic === 'sales' ? bySales : rule.logic === 'sales_or_transactions' ? bySales || byCount : bySales && byCount) {
      reached = { day: s.day, test: rule.logic === 'sales_and_transactions' ? 'sales_and_transactions' : bySales ? 'sales' : 'transactions' };
    }
  });
  return { sales: total, transactions, reached };
}

/** The share of the threshold a tally stands at, by the rule's logic. */
function shareOf(t: Tally, rule: NexusPeriod): { sales: Share; transactions: Share | null; overall: Share } {
  const sales = shareIn(t.sales, decimalOf(rule.sales));
  const transactions = rule.transactions === null ? null : shareIn(wholeOf(t.transactions), wholeOf(rule.transactions));
  const smaller = transactions !== null && compareShares(transactions, sales) < 0;
  const overall = transactions === null ? sales : (rule.logic === 'sales_and_transactions') === smaller ? transactions : sales;
  return { sales, transactions, overall };
}

/** The rule of a state in force on a day, or null before its first. */
function ruleOn(state: NexusState, day: number): NexusPeriod | null {
  let found: NexusPeriod | null = null;
  for (const p of state.periods) if (dayNumber(p.from) <= day) found = p;
  return found;
}

function stateStatus(state: NexusState, sales: readonly Sale[], asOf: string, nearRatio: Share): NexusStateStatus {
  const base = { state: state.state, name: state.name };
  const notes: string[] = [];
  if (state.note) notes.push(state.note);
  if (state.sales_tax === 'none') {
    return { ...base, status: 'no_sales_tax', reached: null, share: null, certain: true, windows: [], rule: null, notes };
  }
  const day = dayNumber(asOf);
  const rule = ruleOn(state, day);
  if (!rule) {
    notes.push(`${state.name} had no economic nexus rule before ${state.periods[0]?.from ?? 'its first'}.`);
    return { ...base, status: 'no_rule', reached: null, share: null, certain: true, windows: [], rule: null, notes };
  }
  if (rule.note) notes.push(rule.note);
  if (rule.evidence === 'compilation') notes.push(`This rule was taken from a compilation and not verified against ${state.name}'s own publication.`);
  const windows = measurementWindows(rule.measurement, asOf);
  if (state.periods[0] !== rule && dayNumber(rule.from) > (windows[0]?.from ?? day)) {
    notes.push(`The rule in force on ${asOf} (from ${rule.from}) is applied to the whole measurement period, which began under an earlier rule.`);
  }
  let certain = true;
  let best: Share | null = null;
  let reached: NexusStateStatus['reached'] = null;
  const out: NexusWindow[] = [];
  const verdicts = sales.map((s) => counts(s, rule));
  for (const w of windows) {
    const high = tally(sales, verdicts, w, rule, true);
    const low = tally(sales, verdicts, w, rule, false);
    const share = shareOf(high, rule);
    const window = { from: dateOfDay(w.from), to: dateOfDay(w.to), label: w.label };
    const unknown = new Map<Unknown, number>();
    sales.forEach((s, i) => {
      const v = verdicts[i];
      if (typeof v === 'string' && s.day >= w.from && s.day <= w.to) unknown.set(v, (unknown.get(v) ?? 0) + 1);
    });
    const undescribed = [...unknown.values()].reduce((a, b) => a + b, 0);
    out.push({
      ...window,
      sales: decimalText(high.sales),
      transactions: high.transactions,
      salesShare: cut(share.sales),
      transactionsShare: share.transactions === null ? null : cut(share.transactions),
      reached: high.reached ? { on: dateOfDay(high.reached.day), test: high.reached.test } : null,
      undescribed,
    });
    if (high.reached && (!reached || dateOfDay(high.reached.day) < reached.on)) reached = { on: dateOfDay(high.reached.day), test: high.reached.test, window };
    if (!best || compareShares(share.overall, best) > 0) best = share.overall;
    // Whether the sales that do not say what the rule needs decide the answer here.
    const lowShare = shareOf(low, rule).overall;
    const decides = (high.reached !== null) !== (low.reached !== null) || (!high.reached && compareShares(share.overall, nearRatio) >= 0 !== compareShares(lowShare, nearRatio) >= 0);
    if (undescribed > 0 && decides) {
      certain = false;
      const n = unknown.get('taxable') ?? 0;
      notes.push(
        `In the ${w.label} (${window.from} to ${window.to}) ${n} counted sale${n === 1 ? ' does' : 's do'} not say whether ${n === 1 ? 'it is' : 'they are'} taxable, where ${state.name} counts taxable sales only: counted here; without ${n === 1 ? 'it' : 'them'} the share would be ${cut(lowShare)}${low.reached ? '' : ' (not reached)'}.`,
      );
    }
  }
  const status: NexusStatusCode = reached ? 'reached' : best && compareShares(best, nearRatio) >= 0 ? 'near' : 'below';
  return { ...base, status, reached, share: best ? cut(best) : null, certain, windows: out, rule, notes };
}

/**
 * Where a seller's sales reach, or come near, the economic nexus threshold of each US
 * state on `asOf`: per state the status, the day the threshold was reached and by which
 * test, the measurement windows with what they hold, the rule applied (with its source)
 * and notes where the history cannot tell (the state counts taxable sales only, and some
 * sales do not say whether they are). Throws a TaxRulesError: 400 for a malformed query
 * (unknown fields, impossible dates, amounts that are not decimal strings), 406 for a
 * state code that is no US state, DC or Puerto Rico.
 *
 * @example
 * ```ts
 * import { nexusStatus } from 'taxrules';
 *
 * const report = nexusStatus({
 *   asOf: '2026-03-15',
 *   sales: [
 *     { date: '2025-06-02', state: 'CA', amount: '312000.00' },
 *     { date: '2025-11-20', state: 'CA', amount: '190000.00' },
 *     { date: '2025-12-01', state: 'TX', amount: '120000.00' },
 *   ],
 * });
 * report.states.map((s) => [s.state, s.status, s.share]);
 * // [['CA', 'reached', '1.0040'], ['TX', 'below', '0.2400']]
 * report.states[0]?.reached;
 * // { on: '2025-11-20', test: 'sales', window: { from: '2025-01-01', to: '2025-12-31', label: 'previous calendar year' } }
 * ```
 */
export function nexusStatus(query: NexusQuery, options?: NexusOptions): NexusReport {
  const rules = rulesOption(options);
  const q = readQuery(query, rules);
  const byCode = new Map(rules.states.map((s) => [s.state, s]));
  return {
    asOf: q.asOf,
    nearRatio: decimalText(q.nearRatio),
    states: q.states.map((code) => stateStatus(byCode.get(code) as NexusState, q.byState.get(code) ?? [], q.asOf, q.nearRatio)),
  };
}
