import { lightFormat } from 'date-fns/lightFormat';
import type { TaxBehavior, TaxIdVerdict, TaxInput, TaxResult, TaxStatus } from '../core/types.js';
import { formatMinor } from '../core/money.js';
import type { RuleSet } from '../core/ruleset.js';
import { decisionOf, determine, inputAmount, inputDay, inputMinorUnits, taxAmounts, taxIdNote, type Decision } from '../core/determine.js';
import { dayNumber } from '../core/dates.js';
import { errorFromIssues, TaxRulesError, type TaxRulesIssue } from '../core/errors.js';
import { canonicalCountry } from '../core/location.js';
import { offlineTaxIdVerdict } from '../taxid/index.js';
import { defaultRuleSet } from '../default-rules.js';
import { PRODUCT_TYPES, TAX_CODES, prepareAccount, type Account } from './account.js';

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
type Param = (typeof PARAMS)[number];
const PARAM_SET: ReadonlySet<string> = new Set(PARAMS);

const COUNTRY_RE = /^[A-Za-z]{2}$/;
const CURRENCY_RE = /^[A-Za-z]{3}$/;
const AMOUNT_RE = /^-?\d+(\.\d+)?$/;
const MAX_TEXT = 200;

/** True when trimming could change the string: it starts or ends with a space, control or non-ASCII character. */
function hasOuterSpace(v: string): boolean {
  if (v.length === 0) return false;
  const a = v.charCodeAt(0);
  const b = v.charCodeAt(v.length - 1);
  return a <= 32 || a >= 127 || b <= 32 || b >= 127;
}

function readParams(query: string | URLSearchParams | Record<string, unknown>): { values: Partial<Record<Param, string>>; issues: TaxRulesIssue[] } {
  // One fixed shape for every call, so that later reads are monomorphic.
  const values: Partial<Record<Param, string>> = {
    to_country: undefined, to_postal_code: undefined, to_city: undefined, to_street: undefined, from_country: undefined, from_postal_code: undefined, tax_id: undefined,
    tax_code: undefined, tax_behavior: undefined, product_type: undefined, date: undefined, amount: undefined, currency: undefined,
  };
  const issues: TaxRulesIssue[] = [];
  if (typeof query === 'string' || query instanceof URLSearchParams) {
    const params = typeof query === 'string' ? new URLSearchParams(query.startsWith('?') ? query.slice(1) : query) : query;
    for (const p of PARAMS) {
      const all = params.getAll(p);
      if (all.length > 1) issues.push({ path: [p], code: 'malformed', message: `${p} is given ${all.length} times` });
      const v = all[0];
      if (v !== undefined && v.trim() !== '') values[p] = v.trim();
    }
    return { values, issues };
  }
  if (query === null || typeof query !== 'object') {
    return { values, issues: [{ path: [], code: 'malformed', message: 'the query must be a query string, URLSearchParams or an object' }] };
  }
  // Walk the object's own keys (a handful) rather than probing all parameters.
  const keys = Object.keys(query);
  for (let i = 0; i < keys.length; i++) {
    const p = keys[i] as Param;
    if (!PARAM_SET.has(p)) continue;
    const v = query[p];
    if (v === undefined || v === null) continue;
    if (typeof v === 'number' && p === 'amount' && Number.isFinite(v)) values[p] = String(v);
    else if (typeof v === 'string') {
      const t = hasOuterSpace(v) ? v.trim() : v;
      if (t !== '') values[p] = t;
    } else issues.push({ path: [p], code: 'malformed', message: `${p} must be a string` });
  }
  return { values, issues };
}

let todayText = '';
let todayEnds = 0;
/** Today's date in the process's time zone; formatted once a day, not once a call. */
function todayLocal(): string {
  const now = Date.now();
  if (now >= todayEnds) {
    const d = new Date(now);
    todayText = lightFormat(d, 'yyyy-MM-dd');
    todayEnds = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
  }
  return todayText;
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
): TaxInput {
  const rules = options.rules ?? defaultRuleSet;
  const seller = prepareAccount(account, rules);
  const { values: q, issues } = readParams(query as Record<string, unknown>);

  const country = (param: 'to_country' | 'from_country'): string | undefined => {
    const v = q[param];
    if (v === undefined) return undefined;
    if (!COUNTRY_RE.test(v)) {
      issues.push({ path: [param], code: 'malformed', message: `${param} must be a 2-letter ISO 3166-1 code, got ${JSON.stringify(v)}` });
      return undefined;
    }
    const c = canonicalCountry(rules, v);
    if (!rules.world.has(c)) issues.push({ path: [param], code: 'invalid_value', message: `${param} ${v} is not an ISO 3166-1 country code` });
    return c;
  };
  const toCountry = country('to_country');
  if (q.to_country === undefined) issues.push({ path: ['to_country'], code: 'missing', message: 'to_country is required' });
  const fromCountry = country('from_country');
  for (const p of ['to_postal_code', 'to_city', 'to_street', 'from_postal_code', 'tax_id'] as const) {
    const v = q[p];
    if (v !== undefined && v.length > MAX_TEXT) issues.push({ path: [p], code: 'malformed', message: `${p} is longer than ${MAX_TEXT} characters` });
  }
  const oneOf = <T extends string>(param: Param, allowed: readonly T[]): T | undefined => {
    const v = q[param];
    if (v === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(v)) {
      issues.push({ path: [param], code: 'invalid_value', message: `${param} must be one of: ${allowed.join(', ')}; got ${JSON.stringify(v)}` });
      return undefined;
    }
    return v as T;
  };
  const taxCode = oneOf('tax_code', TAX_CODES);
  const taxBehavior = oneOf('tax_behavior', ['exclusive', 'inclusive'] as const);
  const productType = oneOf('product_type', PRODUCT_TYPES);
  let date = q.date;
  if (date !== undefined && Number.isNaN(dayNumber(date))) {
    issues.push({ path: ['date'], code: 'malformed', message: `date must be a calendar date YYYY-MM-DD, got ${JSON.stringify(date)}` });
    date = undefined;
  }
  if (q.amount !== undefined && !AMOUNT_RE.test(q.amount)) {
    issues.push({ path: ['amount'], code: 'malformed', message: `amount must be a decimal number such as 100 or 99.95, got ${JSON.stringify(q.amount)}` });
  }
  let currency = seller.currency;
  if (q.currency !== undefined) {
    if (!CURRENCY_RE.test(q.currency)) issues.push({ path: ['currency'], code: 'malformed', message: `currency must be a 3-letter ISO 4217 code, got ${JSON.stringify(q.currency)}` });
    else if (!rules.currencies.has(q.currency.toUpperCase())) issues.push({ path: ['currency'], code: 'invalid_value', message: `currency ${q.currency} is not an ISO 4217 currency code` });
    else currency = q.currency.toUpperCase();
  }
  if (issues.length > 0) throw errorFromIssues(issues);

  const to = toCountry as string;
  let customerTaxId: TaxInput['customerTaxId'];
  if (q.tax_id !== undefined) {
    const verdict = (options.taxIdVerdict ?? offlineTaxIdVerdict)(to, q.tax_id);
    customerTaxId = { value: q.tax_id, verdict };
  }
  const fromPostal = q.from_postal_code ?? (fromCountry === undefined || fromCountry === seller.country ? seller.postalCode : undefined);
  return {
    date: date ?? (typeof options.today === 'function' ? options.today() : (options.today ?? todayLocal())),
    origin: {
      country: fromCountry ?? seller.country,
      postalCode: fromPostal,
      region: fromCountry === undefined || fromCountry === seller.country ? seller.region : undefined,
    },
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

/** Renders a core result in the v20241028 response shape. */
export function renderTaxRate(result: TaxResult): TaxRateResponse {
  const main = result.main;
  const add = result.additional;
  const amounts = result.amounts;
  return {
    name: main?.name ?? null,
    rate: main ? Number(main.rate) : 0,
    taxable_part: main ? Number(main.taxablePart) : 100,
    country: result.jurisdiction.country,
    region: result.jurisdiction.region,
    county: result.jurisdiction.county,
    city: result.jurisdiction.city,
    tax_code: result.taxCode,
    tax_behavior: result.taxBehavior,
    product_type: result.productType,
    tax_amount: amounts ? Number(amounts.tax) : null,
    subtotal: amounts ? Number(amounts.subtotal) : null,
    total_amount: amounts ? Number(amounts.total) : null,
    status: result.status,
    notes: result.notes.length > 0 ? result.notes.join(' ') : null,
    additional_name: add?.name ?? null,
    additional_rate: add ? Number(add.rate) : null,
    additional_taxable_part: add ? Number(add.taxablePart) : null,
    additional_tax_amount: add && amounts ? Number(amounts.additionalTax) : null,
  };
}

/**
 * Determines the tax of a sale in the core's neutral result, from a v20241028 query:
 * status, machine reason, jurisdiction, rates with their sources, exact decimal amounts.
 */
export function explainTaxRate(
  query: string | URLSearchParams | TaxRateQuery | Record<string, unknown>,
  account: Account,
  options: CalculateOptions = {},
): TaxResult {
  const input = parseTaxRateQuery(query, account, options);
  try {
    return determine(input, options.rules ?? defaultRuleSet, options);
  } catch (error) {
    throw error instanceof TaxRulesError ? renameIssues(error) : error;
  }
}

const POW10 = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000];
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * A minor-unit amount as a number: the same double as Number(formatMinor(minor)), since
 * both are the nearest double to minor / 10^minorUnits.
 */
function minorToNumber(minor: bigint, minorUnits: number): number {
  if (minor <= MAX_SAFE && minor >= -MAX_SAFE && minorUnits < POW10.length) return Number(minor) / (POW10[minorUnits] as number);
  return Number(formatMinor(minor, minorUnits));
}

/** The v20241028 response of a decision, without the intermediate neutral result. */
function quoteOf(d: Decision, input: TaxInput, minorUnits: number, amountMinor: bigint | null): TaxRateResponse {
  const main = d.main;
  const add = d.additional;
  let tax: number | null = null;
  let subtotal: number | null = null;
  let total: number | null = null;
  let additionalTax: number | null = null;
  if (amountMinor !== null) {
    const priced = taxAmounts(d.status, main, add, amountMinor, input.taxBehavior);
    tax = minorToNumber(priced.taxes[0] ?? 0n, minorUnits);
    subtotal = minorToNumber(priced.subtotal, minorUnits);
    total = minorToNumber(priced.total, minorUnits);
    if (add) additionalTax = minorToNumber(priced.taxes[1] ?? 0n, minorUnits);
  }
  const idNote = taxIdNote(input);
  let notes = d.notesText;
  if (idNote !== null) {
    const all = d.notes.slice();
    all.splice(d.taxIdNoteAt, 0, idNote);
    notes = all.join(' ');
  }
  const j = d.jurisdiction;
  return {
    name: main ? main.name : null,
    rate: d.rateNumber,
    taxable_part: d.partNumber,
    country: j.country,
    region: j.region,
    county: j.county,
    city: j.city,
    tax_code: input.taxCode,
    tax_behavior: input.taxBehavior,
    product_type: input.productType,
    tax_amount: tax,
    subtotal,
    total_amount: total,
    status: d.status,
    notes,
    additional_name: add ? add.name : null,
    additional_rate: d.additionalRateNumber,
    additional_taxable_part: d.additionalPartNumber,
    additional_tax_amount: additionalTax,
  };
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
): TaxRateResponse {
  const input = parseTaxRateQuery(query, account, options);
  const rules = options.rules ?? defaultRuleSet;
  try {
    const day = inputDay(input);
    const minorUnits = inputMinorUnits(input, rules);
    const amountMinor = inputAmount(input, minorUnits);
    return quoteOf(decisionOf(input, rules, day, options.cache !== false), input, minorUnits, amountMinor);
  } catch (error) {
    throw error instanceof TaxRulesError ? renameIssues(error) : error;
  }
}
