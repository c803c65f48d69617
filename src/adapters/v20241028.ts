import type { Address, Decision, TaxBehavior, TaxIdVerdict, TaxInput, TaxLine, TaxResult, TaxStatus } from '../core/types.js';
import { PERCENT_100, RATE_SCALE, addMinor, minorToNumber, type Minor } from '../core/money.js';
import type { RuleSet } from '../core/ruleset.js';
import { decisionFor, inputAmount, inputDay, inputMinorUnits, priceOf, resultOf, taxIdNote } from '../core/determine.js';
import type { Priced } from '../core/pricing.js';
import { dayNumber } from '../core/dates.js';
import { errorFromIssues, TaxRulesError, type TaxRulesIssue } from '../core/errors.js';
import { canonicalCountry } from '../core/location.js';
import { offlineTaxIdVerdict } from '../taxid/index.js';
import { PRODUCT_TYPES, TAX_CODES, type Account } from './account.js';
import { engineFor, type Engine } from './engine.js';
import { AMOUNT_RE, COUNTRY_RE, CURRENCY_RE } from './input.js';

/** The query parameters of `GET /tax_rates/calculate` (version 20241028). */
export interface TaxRateQuery {
  to_country?: string;
  to_postal_code?: string;
  to_city?: string;
  to_street?: string;
  from_country?: string;
  from_postal_code?: string;
  tax_id?: string;
  tax_code?: string;
  tax_behavior?: string;
  product_type?: string;
  date?: string;
  amount?: string | number;
  currency?: string;
}

/** The response of `GET /tax_rates/calculate` (version 20241028): exactly the spec's fields. */
export interface TaxRateResponse {
  name: string | null;
  rate: number;
  taxable_part: number;
  country: string;
  region: string | null;
  county: string | null;
  city: string | null;
  tax_code: string;
  tax_behavior: TaxBehavior;
  product_type: string;
  tax_amount: number | null;
  subtotal: number | null;
  total_amount: number | null;
  status: TaxStatus;
  notes: string | null;
  additional_name: string | null;
  additional_rate: number | null;
  additional_taxable_part: number | null;
  additional_tax_amount: number | null;
}

/** Decides whether a customer's tax ID makes it a business. */
export type TaxIdVerdictFunction = (country: string, taxId: string) => TaxIdVerdict;

export interface CalculateOptions {
  /** Rule set to use; the default one covers every file under rules/. */
  rules?: RuleSet;
  /** The date used when the query has none (YYYY-MM-DD); default: today in the process's local time zone. */
  today?: string | (() => string);
  /** Verdict on a customer's tax ID; default: offline validation with check digits (`validateTaxId`). */
  taxIdVerdict?: TaxIdVerdictFunction;
  /**
   * Reuse decisions between calls (default true): the first call of a situation — rules,
   * registrations, rate epoch, addresses, tax code, product type, business or consumer —
   * decides it, later ones look it up. The answers are the same either way; false decides
   * every call afresh (for measuring or debugging).
   */
  cache?: boolean;
}

/** The engine of a call: the one given (a calculator's), else the rule set's default one. */
export function engineOf(options: CalculateOptions, engine?: Engine): Engine {
  return engine ?? engineFor(options.rules);
}

const PARAMS = [
  'to_country',
  'to_postal_code',
  'to_city',
  'to_street',
  'from_country',
  'from_postal_code',
  'tax_id',
  'tax_code',
  'tax_behavior',
  'product_type',
  'date',
  'amount',
  'currency',
] as const;
const PARAM_SET: ReadonlySet<string> = new Set(PARAMS);

const MAX_TEXT = 200;

/** True when trimming could change the string: it starts or ends with a space, control or non-ASCII character. */
function hasOuterSpace(v: string): boolean {
  if (v.length === 0) return false;
  const a = v.charCodeAt(0);
  const b = v.charCodeAt(v.length - 1);
  return a <= 32 || a >= 127 || b <= 32 || b >= 127;
}

/** The query's values, one fixed shape for every call (so later reads stay monomorphic). */
interface Params {
  to_country: string | undefined;
  to_postal_code: string | undefined;
  to_city: string | undefined;
  to_street: string | undefined;
  from_country: string | undefined;
  from_postal_code: string | undefined;
  tax_id: string | undefined;
  tax_code: string | undefined;
  tax_behavior: string | undefined;
  product_type: string | undefined;
  date: string | undefined;
  amount: string | undefined;
  currency: string | undefined;
  issues: TaxRulesIssue[] | null;
}

function emptyParams(): Params {
  return {
    to_country: undefined, to_postal_code: undefined, to_city: undefined, to_street: undefined, from_country: undefined, from_postal_code: undefined, tax_id: undefined,
    tax_code: undefined, tax_behavior: undefined, product_type: undefined, date: undefined, amount: undefined, currency: undefined, issues: null,
  };
}

function addIssue(q: Params, issue: TaxRulesIssue): void {
  if (q.issues === null) q.issues = [issue];
  else q.issues.push(issue);
}

/**
 * Stores a parameter's value (trimmed, blanks ignored) with a named store per parameter.
 * Returns the parameter's bit (for spotting repeats), or 0 for a name that is not one.
 */
function setParam(q: Params, name: string, raw: string): number {
  const v = hasOuterSpace(raw) ? raw.trim() : raw;
  const value = v === '' ? undefined : v;
  switch (name) {
    case 'to_country': q.to_country = value; return 1;
    case 'to_postal_code': q.to_postal_code = value; return 2;
    case 'to_city': q.to_city = value; return 4;
    case 'to_street': q.to_street = value; return 8;
    case 'from_country': q.from_country = value; return 16;
    case 'from_postal_code': q.from_postal_code = value; return 32;
    case 'tax_id': q.tax_id = value; return 64;
    case 'tax_code': q.tax_code = value; return 128;
    case 'tax_behavior': q.tax_behavior = value; return 256;
    case 'product_type': q.product_type = value; return 512;
    case 'date': q.date = value; return 1024;
    case 'amount': q.amount = value; return 2048;
    case 'currency': q.currency = value; return 4096;
    default: return 0;
  }
}

/** One component of an application/x-www-form-urlencoded string, or null when it is not valid UTF-8 percent-encoding. */
function decodeComponent(text: string): string | null {
  if (text.indexOf('%') < 0 && text.indexOf('+') < 0) return text;
  try {
    return decodeURIComponent(text.indexOf('+') < 0 ? text : text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * Reads a query string in one pass, as URLSearchParams reads it (plus signs are spaces, percent
 * escapes decoded). Returns null to hand over to URLSearchParams when a parameter repeats
 * or an escape is not valid UTF-8 (URLSearchParams replaces those, decodeURIComponent refuses).
 */
function readQueryString(query: string): Params | null {
  const q = emptyParams();
  let seen = 0;
  let i = query.charCodeAt(0) === 63 ? 1 : 0; // "?"
  const n = query.length;
  while (i <= n) {
    let end = query.indexOf('&', i);
    if (end < 0) end = n;
    if (end > i) {
      const eq = query.indexOf('=', i);
      const hasValue = eq >= 0 && eq < end;
      const name = decodeComponent(query.slice(i, hasValue ? eq : end));
      const value = hasValue ? decodeComponent(query.slice(eq + 1, end)) : '';
      if (name === null || value === null) return null;
      const bit = setParam(q, name, value);
      if ((seen & bit) !== 0) return null;
      seen |= bit;
    }
    i = end + 1;
  }
  return q;
}

/** Reads URLSearchParams, reporting repeated parameters. */
function readSearchParams(params: URLSearchParams): Params {
  const q = emptyParams();
  for (const p of PARAMS) {
    const all = params.getAll(p);
    if (all.length > 1) addIssue(q, { path: [p], code: 'malformed', message: `${p} is given ${all.length} times` });
    if (all.length > 0) setParam(q, p, all[0] as string);
  }
  return q;
}

function readParams(query: string | URLSearchParams | Record<string, unknown>): Params {
  if (typeof query === 'string') return readQueryString(query) ?? readSearchParams(new URLSearchParams(query));
  if (query instanceof URLSearchParams) return readSearchParams(query);
  const q = emptyParams();
  if (query === null || typeof query !== 'object') {
    addIssue(q, { path: [], code: 'malformed', message: 'the query must be a query string, URLSearchParams or an object' });
    return q;
  }
  // Walk the object's own keys (a handful) rather than probing all parameters.
  const keys = Object.keys(query);
  for (let i = 0; i < keys.length; i++) {
    const p = keys[i] as string;
    const v = query[p];
    if (v === undefined || v === null) continue;
    if (typeof v === 'string') setParam(q, p, v);
    else if (typeof v === 'number' && p === 'amount' && Number.isFinite(v)) q.amount = String(v);
    else if (PARAM_SET.has(p)) addIssue(q, { path: [p], code: 'malformed', message: `${p} must be a string` });
  }
  return q;
}

/**
 * Parses and validates a v20241028 query for an account into the core's neutral input.
 * Every problem is reported at once in one TaxRulesError (400 for missing or malformed
 * parameters, 406 for invalid values).
 */
export function parseTaxRateQuery(
  query: string | URLSearchParams | TaxRateQuery | Record<string, unknown>,
  account: Account,
  options: CalculateOptions = {},
  engine: Engine = engineOf(options),
): TaxInput {
  const rules = engine.rules;
  const seller = engine.accounts.prepare(account);
  const q = readParams(query as Record<string, unknown>);

  const toCountry = countryParam(q, 'to_country', q.to_country, rules);
  if (q.to_country === undefined) addIssue(q, { path: ['to_country'], code: 'missing', message: 'to_country is required' });
  const fromCountry = countryParam(q, 'from_country', q.from_country, rules);
  if (q.to_postal_code !== undefined) textParam(q, 'to_postal_code', q.to_postal_code);
  if (q.to_city !== undefined) textParam(q, 'to_city', q.to_city);
  if (q.to_street !== undefined) textParam(q, 'to_street', q.to_street);
  if (q.from_postal_code !== undefined) textParam(q, 'from_postal_code', q.from_postal_code);
  if (q.tax_id !== undefined) textParam(q, 'tax_id', q.tax_id);
  const taxCode = oneOf(q, 'tax_code', q.tax_code, TAX_CODES);
  const taxBehavior = oneOf(q, 'tax_behavior', q.tax_behavior, BEHAVIORS);
  const productType = oneOf(q, 'product_type', q.product_type, PRODUCT_TYPES);
  let date = q.date;
  if (date !== undefined && Number.isNaN(dayNumber(date))) {
    addIssue(q, { path: ['date'], code: 'malformed', message: `date must be a calendar date YYYY-MM-DD, got ${JSON.stringify(date)}` });
    date = undefined;
  }
  if (q.amount !== undefined && !AMOUNT_RE.test(q.amount)) {
    addIssue(q, { path: ['amount'], code: 'malformed', message: `amount must be a decimal number such as 100 or 99.95, got ${JSON.stringify(q.amount)}` });
  }
  let currency = seller.currency;
  if (q.currency !== undefined && q.currency !== currency) {
    if (!CURRENCY_RE.test(q.currency)) addIssue(q, { path: ['currency'], code: 'malformed', message: `currency must be a 3-letter ISO 4217 code, got ${JSON.stringify(q.currency)}` });
    else if (!rules.currencies.has(q.currency.toUpperCase())) addIssue(q, { path: ['currency'], code: 'invalid_value', message: unknownCurrency(rules, q.currency.toUpperCase()) });
    else currency = q.currency.toUpperCase();
  }
  if (q.issues !== null) throw errorFromIssues(q.issues);

  const to = toCountry as string;
  let customerTaxId: TaxInput['customerTaxId'];
  if (q.tax_id !== undefined) {
    const verdict = (options.taxIdVerdict ?? offlineTaxIdVerdict)(to, q.tax_id);
    customerTaxId = { value: q.tax_id, verdict };
  }
  let origin: Address = seller.origin;
  if ((fromCountry !== undefined && fromCountry !== seller.country) || q.from_postal_code !== undefined) {
    const home = fromCountry === undefined || fromCountry === seller.country;
    origin = { country: fromCountry ?? seller.country, postalCode: q.from_postal_code ?? (home ? seller.postalCode : undefined), region: home ? seller.region : undefined };
  }
  return {
    date: date ?? (typeof options.today === 'function' ? options.today() : (options.today ?? engine.today())),
    origin,
    destination: { country: to, postalCode: q.to_postal_code, city: q.to_city, street: q.to_street },
    taxCode: taxCode ?? seller.defaultTaxCode,
    productType: productType ?? seller.defaultProductType,
    customerTaxId,
    taxBehavior: taxBehavior ?? 'exclusive',
    amount: q.amount,
    currency,
    registrations: seller.registrations,
  };
}

const BEHAVIORS = ['exclusive', 'inclusive'] as const;

/** Why a well-formed currency code is refused: not in ISO 4217, or an ISO 4217 code that no sale is priced in. */
function unknownCurrency(rules: RuleSet, code: string): string {
  const name = rules.nonTenderCurrencies.get(code);
  if (name === undefined) return `currency ${code} is not an ISO 4217 currency code`;
  return `currency ${code} (${name}) is not a currency a sale can be in: ISO 4217 lists it as a fund, precious metal, unit of account, testing or no-currency code`;
}

/** A country parameter checked and resolved (EL → GR); issues are added to the query's. */
function countryParam(q: Params, param: 'to_country' | 'from_country', v: string | undefined, rules: RuleSet): string | undefined {
  if (v === undefined) return undefined;
  const c = rules.countryOf(v);
  if (c !== null) return c;
  if (!COUNTRY_RE.test(v)) {
    addIssue(q, { path: [param], code: 'malformed', message: `${param} must be a 2-letter ISO 3166-1 code, got ${JSON.stringify(v)}` });
    return undefined;
  }
  addIssue(q, { path: [param], code: 'invalid_value', message: `${param} ${v} is not an ISO 3166-1 country code` });
  return canonicalCountry(rules, v);
}

function textParam(q: Params, param: string, v: string): void {
  if (v.length > MAX_TEXT) addIssue(q, { path: [param], code: 'malformed', message: `${param} is longer than ${MAX_TEXT} characters` });
}

function oneOf<T extends string>(q: Params, param: string, v: string | undefined, allowed: readonly T[]): T | undefined {
  if (v === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(v)) {
    addIssue(q, { path: [param], code: 'invalid_value', message: `${param} must be one of: ${allowed.join(', ')}; got ${JSON.stringify(v)}` });
    return undefined;
  }
  return v as T;
}

const PATHS: Record<string, string> = {
  'destination.postalCode': 'to_postal_code',
  'destination.region': 'to_postal_code',
  'destination.country': 'to_country',
  'origin.postalCode': 'from_postal_code',
  'origin.country': 'from_country',
  taxCode: 'tax_code',
  currency: 'currency',
  amount: 'amount',
  date: 'date',
};

/** Renames the core's neutral field paths to the v20241028 parameter names. */
function renameIssues(error: TaxRulesError): TaxRulesError {
  const issues = error.issues.map((i) => {
    const name = PATHS[i.path.join('.')];
    return name ? { ...i, path: [name], message: i.message } : i;
  });
  return new TaxRulesError(error.code, error.status, issues, error.message);
}

/** Amounts of at most 15 digits: their numbers read back as the same decimals. */
const NUMBER_LIMIT = 1e15;

/**
 * v20241028 answers amounts as JSON numbers, which hold 15 significant digits exactly: an
 * amount whose subtotal or total needs more is refused (400), never answered rounded.
 */
function exactInNumbers(priced: Priced, input: TaxInput): void {
  for (const v of [priced.subtotal, priced.total]) {
    if (typeof v === 'number' ? v < NUMBER_LIMIT && v > -NUMBER_LIMIT : false) continue;
    throw new TaxRulesError('invalid_request', 400, [
      {
        path: ['amount'],
        code: 'malformed',
        message: `amount ${input.amount} is beyond what the v20241028 number form answers exactly (amounts, taxes and totals of at most 15 digits); explainTaxRate and calculate answer any amount as decimal strings`,
      },
    ]);
  }
}

/** What a v20241028 response takes from a decision alone (the same for every call of it). */
interface QuoteParts {
  readonly name: string | null;
  readonly rate: number;
  readonly taxablePart: number;
  readonly additionalName: string | null;
  readonly additionalRate: number | null;
  readonly additionalPart: number | null;
  readonly notes: string | null;
  readonly hasMain: boolean;
  readonly hasAdditional: boolean;
}

/**
 * The parts of a decision's v20241028 response. v20241028 reports one main tax and one
 * additional tax: each group of the decision's lines is folded into one (see fold).
 */
function quotePartsOf(d: Decision): QuoteParts {
  const main = d.lines.some((l) => l.group === 'main') ? fold(d.lines, 'main') : null;
  const add = d.lines.some((l) => l.group === 'additional') ? fold(d.lines, 'additional') : null;
  return {
    name: main ? main.name : null,
    rate: main ? main.rateUnits / RATE_SCALE : 0,
    taxablePart: main ? main.partUnits / RATE_SCALE : 100,
    additionalName: add ? add.name : null,
    additionalRate: add ? add.rateUnits / RATE_SCALE : null,
    additionalPart: add ? add.partUnits / RATE_SCALE : null,
    notes: d.notes.length === 0 ? null : d.notes.join(' '),
    hasMain: main !== null,
    hasAdditional: add !== null,
  };
}

/** The v20241028 response of a decision for an input. */
function renderTaxRate(engine: Engine, d: Decision, input: TaxInput, priced: Priced | null, minorUnits: number): TaxRateResponse {
  // Decisions are frozen and shared: their parts are worked out once per engine.
  let parts = engine.rendered.get(d) as QuoteParts | undefined;
  if (parts === undefined) engine.rendered.set(d, (parts = quotePartsOf(d)));
  let mainTax: Minor = 0;
  let addTax: Minor = 0;
  if (priced !== null) {
    const lines = d.lines;
    if (lines.length === 1) {
      if (parts.hasMain) mainTax = priced.tax;
      else addTax = priced.tax;
    } else {
      for (let i = 0; i < lines.length; i++) {
        if ((lines[i] as TaxLine).group === 'main') mainTax = addMinor(mainTax, priced.taxes[i] as Minor);
        else addTax = addMinor(addTax, priced.taxes[i] as Minor);
      }
    }
  }
  if (priced !== null) exactInNumbers(priced, input);
  const note = taxIdNote(input);
  const j = d.jurisdiction;
  return {
    name: parts.name,
    rate: parts.rate,
    taxable_part: parts.taxablePart,
    country: j.country,
    region: j.region,
    county: j.county,
    city: j.city,
    tax_code: input.taxCode,
    tax_behavior: input.taxBehavior,
    product_type: input.productType,
    // The first tax present is reported as the tax (the main one when there is one).
    tax_amount: priced ? minorToNumber(parts.hasMain ? mainTax : addTax, minorUnits) : null,
    subtotal: priced ? minorToNumber(priced.subtotal, minorUnits) : null,
    total_amount: priced ? minorToNumber(priced.total, minorUnits) : null,
    status: d.status,
    notes: note === null ? parts.notes : parts.notes === null ? note : `${note} ${parts.notes}`,
    additional_name: parts.additionalName,
    additional_rate: parts.additionalRate,
    additional_taxable_part: parts.additionalPart,
    additional_tax_amount: parts.hasAdditional && priced ? (parts.hasMain ? minorToNumber(addTax, minorUnits) : 0) : null,
  };
}

/**
 * The lines of a group as the one tax v20241028 reports: the first line's name, the
 * combined rate and the taxable part; lines with different taxable parts give their
 * effective combined rate on a whole part.
 */
function fold(lines: readonly TaxLine[], group: 'main' | 'additional'): Pick<TaxLine, 'name' | 'rateUnits' | 'partUnits'> {
  const own = lines.filter((l) => l.group === group);
  const firstLine = own[0] as TaxLine;
  if (own.every((l) => l.partUnits === firstLine.partUnits)) return { name: firstLine.name, rateUnits: own.reduce((s, l) => s + l.rateUnits, 0), partUnits: firstLine.partUnits };
  return { name: firstLine.name, rateUnits: own.reduce((s, l) => s + (l.rateUnits * l.partUnits) / PERCENT_100, 0), partUnits: PERCENT_100 };
}


/** What a quote is rendered from: the input, its decision and its amounts. */
type Renderer<T> = (engine: Engine, decision: Decision, input: TaxInput, priced: Priced | null, minorUnits: number) => T;

/** Parses a query, decides and prices it, and renders it; errors of the core name the query's parameters. */
function quote<T>(query: string | URLSearchParams | TaxRateQuery | Record<string, unknown>, account: Account, options: CalculateOptions, engine: Engine, render: Renderer<T>): T {
  const input = parseTaxRateQuery(query, account, options, engine);
  try {
    const day = inputDay(input);
    const minorUnits = inputMinorUnits(input, engine.rules);
    const amount = inputAmount(input, minorUnits);
    const decision = decisionFor(engine.decider(options.cache), input, day, amount, minorUnits);
    return render(engine, decision, input, priceOf(decision, input, amount), minorUnits);
  } catch (error) {
    throw error instanceof TaxRulesError ? renameIssues(error) : error;
  }
}

/** The neutral result of a quote. */
function neutralResult(_engine: Engine, decision: Decision, input: TaxInput, priced: Priced | null, minorUnits: number): TaxResult {
  return resultOf(decision, input, minorUnits, priced);
}

/**
 * Determines the tax of a sale in the core's neutral result, from a v20241028 query:
 * status, machine reason, jurisdiction, tax lines with their sources, exact decimal amounts.
 */
export function explainTaxRate(
  query: string | URLSearchParams | TaxRateQuery | Record<string, unknown>,
  account: Account,
  options: CalculateOptions = {},
  engine: Engine = engineOf(options),
): TaxResult {
  return quote(query, account, options, engine, neutralResult);
}

/**
 * `GET /tax_rates/calculate` (version 20241028) as a function: the tax rate, status and,
 * when `amount` is given, the amounts of a sale, for an account and its registrations.
 * Throws TaxRulesError (with the spec's HTTP status) for bad input.
 */
export function calculateTaxRate(
  query: string | URLSearchParams | TaxRateQuery | Record<string, unknown>,
  account: Account,
  options: CalculateOptions = {},
  engine: Engine = engineOf(options),
): TaxRateResponse {
  return quote(query, account, options, engine, renderTaxRate);
}
