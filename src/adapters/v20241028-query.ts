/**
 * The reading of a v20241028 query (a query string, URLSearchParams or an object) into the
 * core's neutral input: every parameter read once, checked by its kind, unknown and repeated
 * names refused (or ignored, as the options say), every problem reported at once.
 */
import type { Address, CustomerExemption, ProductType, TaxBehavior, TaxCodeId, TaxInput } from '../core/types.js';
import type { RuleSet } from '../core/ruleset.js';
import { dayNumber } from '../core/dates.js';
import { errorFromIssues, quoted, TaxRulesError, type TaxRulesIssue } from '../core/errors.js';
import { canonicalCountry } from '../core/location.js';
import { offlineTaxIdVerdict } from '../taxid/index.js';
import { sellerAddressOn, type PreparedAccount, type SellerAccount } from './account.js';
import { agedEngine, engineFor, impliedTypeOf, maxRulesAgeOf, type Engine } from './engine.js';
import { exemptionOf } from '../core/exemption.js';
import { impliedType, productTypeIssue, productTypeOf } from '../core/taxability.js';
import { isAmountText, closestName, isCountryText, isCurrencyText, unknownFieldIssues } from './input.js';
import type { DecisionOptions } from '../core/options.js';
import { NO_OPTIONS } from './read.js';
import { taxCodeNumber } from '../core/situation.js';
import { TAX_CODES } from '../generated/tax-codes.js';
import { TAX_RATE_PARAMETER_KINDS, type TaxRateParameter, type TaxRateQueryInput } from './v20241028-parameters.js';
import {
  ALLOWED,
  AMOUNT,
  CHECK,
  COUNT,
  CURRENCY,
  DATE,
  EXEMPTION_CERTIFICATE,
  FROM_COUNTRY,
  FROM_POSTAL_CODE,
  hasOuterSpace,
  indexOf,
  MAX,
  NAMES,
  PARAMS,
  PRODUCT_TYPE,
  REQUIRED,
  REQUIRED_BITS,
  SLOTS,
  slotAt,
  TAX_BEHAVIOR,
  TAX_CODE,
  TAX_ID,
  TAX_STATUS,
  TO_CITY,
  TO_COUNTRY,
  TO_POSTAL_CODE,
  TO_STREET,
} from './v20241028-table.js';

export interface CalculateOptions extends DecisionOptions {
  /** The date used when the query has none (YYYY-MM-DD); default: today in the process's local time zone. */
  today?: string | (() => string);
  /**
   * What a query string or URLSearchParams with a name that is no parameter gets: `'reject'`
   * (the default) a TaxRulesError (400) listing each such name and the parameter it may be a
   * misspelling of; `'ignore'` an answer that leaves them out (for a server handed URLs with
   * tracking parameters), except names that are a misspelling of a parameter (`tax_cod`,
   * `country`), which are refused still. Object queries are always read strictly.
   */
  unknownParameters?: 'reject' | 'ignore';
}

/** The engine of a call: the one given (a calculator's, under the limit of the options when they set one), else the rule set's default one. */
export function engineOf(options: CalculateOptions, engine?: Engine): Engine {
  // No options (the usual call): the default engine, with no field of the empty bag read.
  if (options === NO_OPTIONS && engine === undefined) return engineFor();
  return agedEngine(engine ?? engineFor(options.rules), maxRulesAgeOf(options));
}


/** The neutral input's field paths → the parameter that fills them. */
const PARAMETER_OF_FIELD: ReadonlyMap<string, string> = new Map(PARAMS.flatMap((p) => p.fields.map((f): [string, string] => [f, p.name])));

/** One store per parameter, all empty: copied for each query (a packed array, so reads stay fast). */
const NO_VALUES: (string | undefined)[] = [];

for (let i = 0; i < COUNT; i++) NO_VALUES.push(undefined);

/** Unknown names listed in an error; further ones are counted. */
const UNKNOWN_LISTED = 20;

/** Unknown names examined for misspellings when they are ignored; a query with more is refused. */
const UNKNOWN_EXAMINED = 64;

/** Unknown names longer than this are cut short in an issue's path. */
const NAME_SHOWN = 64;

/** A query as read, before its values are checked. */
interface ReadQuery {
  /** Each parameter's value (trimmed), by its index in TAX_RATE_PARAMETERS; checked values replace them. */
  values: (string | undefined)[];
  /** The parameters given a value, as bits by index: a quote gives a few of them, and only those (and the required ones) are checked. */
  given: number;
  issues: TaxRulesIssue[] | null;
  /** How often each parameter is given, by index, once one is given twice (else null). */
  counts: number[] | null;
  /** Unknown names to refuse, distinct, at most UNKNOWN_LISTED. */
  refused: string[] | null;
  /** Unknown names to refuse beyond those listed. */
  refusedMore: number;
  /** Unknown names seen (ignored or not). */
  unknownSeen: number;
  /** Whether unknown names went unexamined (ignored beyond UNKNOWN_EXAMINED): the query is refused. */
  unexamined: boolean;
  /** Whether the query as a whole could not be read (then its values are not checked). */
  unreadable: boolean;
  /** The tax code's index in TAX_CODES once checked, else -1. */
  code: number;
}

function readQuery(): ReadQuery {
  return { values: NO_VALUES.slice(), given: 0, issues: null, counts: null, refused: null, refusedMore: 0, unknownSeen: 0, unexamined: false, unreadable: false, code: -1 };
}

function addIssue(q: ReadQuery, issue: TaxRulesIssue): void {
  if (q.issues === null) q.issues = [issue];
  else q.issues.push(issue);
}

/** Stores the value of parameter `i`, trimmed; a repeat is counted (the first value stays). */
function store(q: ReadQuery, i: number, raw: string): void {
  if (q.values[i] !== undefined) {
    const counts = (q.counts ??= NO_VALUES.map(() => 1));
    counts[i] = (counts[i] as number) + 1;
    return;
  }
  q.values[i] = hasOuterSpace(raw) ? raw.trim() : raw;
  q.given |= 1 << i;
}

/**
 * Names other tax APIs give what a parameter holds, and the parameter meant: a query written
 * for another service is refused naming ours. The spec's query has no region: a US state or
 * a Canadian province is found from the postal code.
 */
const FOREIGN_NAMES: Readonly<Record<string, string>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, string>, {
    to_state: 'to_postal_code (the state is found from the ZIP code)',
    to_region: 'to_postal_code (the state or province is found from it)',
    to_province: 'to_postal_code (the province is found from it)',
    state: 'to_postal_code (the state is found from the ZIP code)',
    to_zip: 'to_postal_code',
    to_zip_code: 'to_postal_code',
    to_zipcode: 'to_postal_code',
    to_postcode: 'to_postal_code',
    zip: 'to_postal_code',
    zip_code: 'to_postal_code',
    postal_code: 'to_postal_code',
    from_state: 'from_postal_code (the state is found from the ZIP code)',
    from_zip: 'from_postal_code',
    from_zip_code: 'from_postal_code',
    vat_number: 'tax_id',
    vat_id: 'tax_id',
    customer_tax_id: 'tax_id',
    product_tax_code: 'tax_code',
    price: 'amount',
    transaction_date: 'date',
  }),
);

/**
 * A name that is no parameter: refused, or with `ignore` left out unless it is a
 * misspelling of a parameter, or another API's name for one (a typo must not turn into a default).
 */
function unknownName(q: ReadQuery, name: string, ignore: boolean): void {
  q.unknownSeen++;
  if (ignore) {
    if (q.unknownSeen > UNKNOWN_EXAMINED) q.unexamined = true;
    if (q.unexamined || (closestName(name, NAMES) === null && FOREIGN_NAMES[name] === undefined)) return;
  }
  const refused = (q.refused ??= []);
  if (refused.includes(name)) return;
  if (refused.length < UNKNOWN_LISTED) refused.push(name);
  else q.refusedMore++;
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

const hasURLSearchParams = (): boolean => typeof URLSearchParams !== 'undefined';

/**
 * The parameter index of the name `query[start, end)`, or -1: found as `indexOf` finds it,
 * compared in place, so that a parameter's name is never cut out of the query string.
 */
function indexIn(query: string, start: number, end: number): number {
  const i = SLOTS[slotAt(query, start, end)] as number;
  if (i < 0) return -1;
  const name = NAMES[i] as string;
  if (name.length !== end - start) return -1;
  for (let k = 0; k < name.length; k++) if (query.charCodeAt(start + k) !== name.charCodeAt(k)) return -1;
  return i;
}

/**
 * Reads a query string in one pass, as URLSearchParams reads it (plus signs are spaces,
 * percent escapes decoded). A query string without either (the usual one) is read without
 * decoding: each parameter's name compared in place, only its value cut out. Returns null to
 * hand over to URLSearchParams when an escape is not valid UTF-8 (URLSearchParams replaces
 * those, decodeURIComponent refuses).
 */
function readQueryString(query: string, ignore: boolean): ReadQuery | null {
  const q = readQuery();
  const n = query.length;
  const plain = query.indexOf('%') < 0 && query.indexOf('+') < 0;
  let i = n > 0 && query.charCodeAt(0) === 63 ? 1 : 0; // "?"
  while (i < n) {
    let end = query.indexOf('&', i);
    if (end < 0) end = n;
    if (end > i) {
      let eq = query.indexOf('=', i);
      if (eq >= end) eq = -1;
      const nameEnd = eq < 0 ? end : eq;
      if (plain) {
        const p = indexIn(query, i, nameEnd);
        if (p < 0) unknownName(q, query.slice(i, nameEnd), ignore);
        else store(q, p, eq < 0 ? '' : query.slice(eq + 1, end));
      } else {
        const name = decodeComponent(query.slice(i, nameEnd));
        const value = eq < 0 ? '' : decodeComponent(query.slice(eq + 1, end));
        if (name === null || value === null) return null;
        const p = indexOf(name);
        if (p < 0) unknownName(q, name, ignore);
        else store(q, p, value);
      }
    }
    i = end + 1;
  }
  return q;
}

/** Reads URLSearchParams: every entry, in order. */
function readSearchParams(params: URLSearchParams, ignore: boolean): ReadQuery {
  const q = readQuery();
  for (const [name, value] of params) {
    const p = indexOf(name);
    if (p < 0) unknownName(q, name, ignore);
    else store(q, p, value);
  }
  return q;
}

/** How a value that is no string is named in a message (never by serialising it). */
function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  switch (typeof v) {
    case 'number':
    case 'boolean':
      return String(v);
    case 'bigint':
      return quoted(v, 30);
    case 'object':
      return 'an object';
    default:
      return `a ${typeof v}`;
  }
}

/**
 * Reads an object's own enumerable string keys: an inherited key is no parameter (a
 * polluted Object.prototype cannot add one). Each value is a string (for `amount` a finite
 * number too); `undefined` is absent; anything else is refused (400). With `careful`, a
 * getter or proxy that throws is reported as malformed; without, the throw goes to the
 * caller, which reads the object again carefully (a try around each read slows every query).
 */
function readObject(query: object, careful: boolean): ReadQuery {
  let keys: string[];
  try {
    keys = Object.keys(query);
  } catch {
    return unreadable('the query object cannot be read: listing its keys threw');
  }
  const q = readQuery();
  for (let k = 0; k < keys.length; k++) readEntry(q, query, keys[k] as string, careful);
  return q;
}

/** One own entry of an object query: a parameter's value, or an unknown name. */
function readEntry(q: ReadQuery, query: object, name: string, careful: boolean): void {
  {
    const i = indexOf(name);
    if (i === -1) {
      unknownName(q, name, false);
      return;
    }
    let v: unknown;
    if (!careful) v = (query as Record<string, unknown>)[name];
    else {
      try {
        v = (query as Record<string, unknown>)[name];
      } catch {
        addIssue(q, { path: [name], code: 'malformed', message: `${name} cannot be read: reading it threw` });
        return;
      }
    }
    if (typeof v === 'string') store(q, i, v);
    else if (v !== undefined) notAString(q, i, v);
  }
}

/** A value of an object query that is no string: a finite number is an amount's; anything else is refused. */
function notAString(q: ReadQuery, i: number, v: unknown): void {
  const name = NAMES[i] as string;
  if (i === AMOUNT && typeof v === 'number' && Number.isFinite(v)) store(q, i, String(v));
  else addIssue(q, { path: [name], code: 'malformed', message: `${name} must be a string${i === AMOUNT ? ' or a finite number' : ''}, got ${typeOf(v)}` });
}

/** A query that cannot be read as a whole: one issue, and no checks of its values. */
function unreadable(message: string): ReadQuery {
  const q = readQuery();
  q.unreadable = true;
  addIssue(q, { path: [], code: 'malformed', message });
  return q;
}

/** The query read by its form: a query string, URLSearchParams (when the runtime has them) or an object. */
function readParams(query: unknown, ignore: boolean): ReadQuery {
  if (typeof query === 'string') {
    const read = readQueryString(query, ignore);
    if (read !== null) return read;
    if (hasURLSearchParams()) return readSearchParams(new URLSearchParams(query), ignore);
    return unreadable('the query string has a percent-escape that is not UTF-8');
  }
  if (query === null || typeof query !== 'object') return unreadable('the query must be a query string, URLSearchParams or an object');
  try {
    // A bare runtime (some edge functions) has no URLSearchParams: objects do not need it.
    if (hasURLSearchParams() && query instanceof URLSearchParams) return readSearchParams(query, ignore);
    return readObject(query, false);
  } catch {
    // A proxy or getter that throws: read again, reporting what throws.
    return readObject(query, true);
  }
}

/** The issues of how the query was given: repeated parameters, then unknown names. */
function formIssues(q: ReadQuery): void {
  if (q.counts !== null) {
    for (let i = 0; i < COUNT; i++) {
      const n = q.counts[i] as number;
      if (n > 1) addIssue(q, { path: [NAMES[i] as string], code: 'malformed', message: `${NAMES[i]} is given ${n} times` });
    }
  }
  if (q.refused !== null) {
    // A bag without a prototype: any name, __proto__ included, is a key of its own.
    const bag: Record<string, true> = Object.create(null) as Record<string, true>;
    for (const name of q.refused) bag[name] = true;
    for (const found of unknownFieldIssues(bag, NAMES, [], 'parameter')) {
      const name = found.path[0] as string;
      const meant = FOREIGN_NAMES[name];
      const issue = meant === undefined ? found : { ...found, message: `${name}: unknown parameter; did you mean ${meant}?` };
      addIssue(q, name.length > NAME_SHOWN ? { ...issue, path: [`${name.slice(0, NAME_SHOWN - 1)}…`] } : issue);
    }
    if (q.refusedMore > 0) addIssue(q, { path: [], code: 'unknown_field', message: `and ${q.refusedMore} more unknown parameters` });
  }
  if (q.unexamined) {
    addIssue(q, { path: [], code: 'unknown_field', message: `the query has more than ${UNKNOWN_EXAMINED} unknown parameters` });
  }
}

/** A malformed value: the message says what it must be and quotes it cut short. */
function malformed(q: ReadQuery, p: TaxRateParameter, v: string): undefined {
  addIssue(q, { path: [p.name], code: 'malformed', message: `${p.name} must be ${TAX_RATE_PARAMETER_KINDS[p.kind].expected}, got ${quoted(v, 60)}` });
  return undefined;
}

/** A value longer than its parameter's longest: refused unread (a fixed format says what it must be instead). */
function tooLong(q: ReadQuery, p: TaxRateParameter, v: string): void {
  if (p.kind === 'country' || p.kind === 'currency' || p.kind === 'date') malformed(q, p, v);
  else addIssue(q, { path: [p.name], code: 'malformed', message: `${p.name} is longer than ${p.max} characters (${v.length}): ${quoted(v, 60)}` });
}

/**
 * Checks each value against its parameter's kind, in the table's order, and replaces it by
 * its checked form (a country's code, a currency in capitals), or undefined when refused.
 * A parameter given with a blank value is refused (400), never read as absent: a blank
 * `currency` must not become the account's currency.
 */
function checkValues(q: ReadQuery, rules: RuleSet): void {
  const values = q.values;
  // The parameters given and the required ones, lowest index first (the table's order).
  for (let bits = q.given | REQUIRED_BITS; bits !== 0; bits &= bits - 1) {
    const i = 31 - Math.clz32(bits & -bits);
    const v = values[i];
    if (v === undefined) {
      if (REQUIRED[i] === 1) addIssue(q, { path: [NAMES[i] as string], code: 'missing', message: `${NAMES[i]} is required` });
      continue;
    }
    if (v.length === 0 || v.length > (MAX[i] as number)) {
      const p = PARAMS[i] as TaxRateParameter;
      if (v.length === 0) addIssue(q, { path: [p.name], code: 'malformed', message: `${p.name} is blank: give it a value or leave it out` });
      else tooLong(q, p, v);
      values[i] = undefined;
      continue;
    }
    switch (CHECK[i]) {
      case 1:
        values[i] = countryParam(q, PARAMS[i] as TaxRateParameter, v, rules);
        break;
      case 2: {
        // The kind's own string, not the one read: later lookups find its hash computed.
        const allowed = ALLOWED[i] as readonly string[];
        const k = allowed.indexOf(v);
        values[i] = k < 0 ? notOneOf(q, PARAMS[i] as TaxRateParameter, v) : allowed[k];
        break;
      }
      case 3:
        if (Number.isNaN(dayNumber(v))) values[i] = malformed(q, PARAMS[i] as TaxRateParameter, v);
        break;
      case 4:
        if (!isAmountText(v)) values[i] = malformed(q, PARAMS[i] as TaxRateParameter, v);
        break;
      case 5:
        values[i] = currencyParam(q, PARAMS[i] as TaxRateParameter, v, rules);
        break;
      case 6: {
        // One lookup, not a scan of the 233 codes; the list's own string, as for the other kinds.
        const k = taxCodeNumber(v);
        values[i] = k < 0 ? notOneOf(q, PARAMS[i] as TaxRateParameter, v) : TAX_CODES[k];
        q.code = k;
        break;
      }
      default:
    }
  }
}

/** A value of an enumerated kind (tax code, behaviour, product type) that is none of the kind's values. */
function notOneOf(q: ReadQuery, p: TaxRateParameter, v: string): undefined {
  const kind = TAX_RATE_PARAMETER_KINDS[p.kind] as { expected: string; values?: readonly string[] };
  const near = kind.values === undefined ? null : closestName(v, kind.values);
  addIssue(q, { path: [p.name], code: 'invalid_value', message: `${p.name} must be ${kind.expected}; got ${quoted(v, 60)}${near === null ? '' : `; did you mean ${near}?`}` });
  return undefined;
}

/** A country parameter checked and resolved (EL → GR). */
function countryParam(q: ReadQuery, p: TaxRateParameter, v: string, rules: RuleSet): string | undefined {
  const c = rules.countryOf(v);
  if (c !== null) return c;
  if (!isCountryText(v)) {
    malformed(q, p, v);
    return undefined;
  }
  addIssue(q, { path: [p.name], code: 'invalid_value', message: `${p.name} ${v} is not an ISO 3166-1 country code` });
  return canonicalCountry(rules, v);
}

/** A currency parameter checked, in capitals: a currency a sale can be in. */
function currencyParam(q: ReadQuery, p: TaxRateParameter, v: string, rules: RuleSet): string | undefined {
  if (rules.currencies.has(v)) return v;
  if (!isCurrencyText(v)) return malformed(q, p, v);
  const code = v.toUpperCase();
  if (rules.currencies.has(code)) return code;
  addIssue(q, { path: [p.name], code: 'invalid_value', message: unknownCurrency(rules, code) });
  return undefined;
}

/** Why a well-formed currency code is refused: not in ISO 4217, or an ISO 4217 code that no sale is priced in. */
function unknownCurrency(rules: RuleSet, code: string): string {
  const name = rules.nonTenderCurrencies.get(code);
  if (name === undefined) return `currency ${code} is not an ISO 4217 currency code`;
  return `currency ${code} (${name}) is not a currency a sale can be in: ISO 4217 lists it as a fund, precious metal, unit of account, testing or no-currency code`;
}

/**
 * Parses and validates a v20241028 query for an account into the core's neutral input.
 * Every problem is reported at once in one TaxRulesError (400 for missing, malformed,
 * blank, repeated or unknown parameters, 406 for invalid values).
 */
export function parseTaxRateQuery(query: TaxRateQueryInput, account: SellerAccount, options: CalculateOptions = {}, engine: Engine = engineOf(options)): TaxInput {
  return readTaxRateQuery(query, engine.accounts.prepare(account), options, engine).input;
}

/** A query read: the core's input, and the customer's own tax status (`tax_status`, `exemption_certificate`) when exempt or reverse. */
interface ReadTaxRateQuery {
  readonly input: TaxInput;
  readonly exemption: CustomerExemption | undefined;
}

/** Reads a query for a seller (the account prepared first: its problems are reported before the query's). */
export function readTaxRateQuery(query: TaxRateQueryInput, seller: PreparedAccount, options: CalculateOptions, engine: Engine): ReadTaxRateQuery {
  const rules = engine.rules;
  const q = readParams(query, options.unknownParameters === 'ignore');
  if (q.counts !== null || q.unknownSeen > 0) formIssues(q);
  if (!q.unreadable) checkValues(q, rules);
  if (q.issues !== null) throw errorFromIssues(q.issues);

  const v = q.values;
  const to = v[TO_COUNTRY] as string;
  const fromCountry = v[FROM_COUNTRY];
  const fromPostalCode = v[FROM_POSTAL_CODE];
  const taxId = v[TAX_ID];
  let customerTaxId: TaxInput['customerTaxId'];
  if (taxId !== undefined) {
    const verdict = (options.taxIdVerdict ?? offlineTaxIdVerdict)(to, taxId);
    customerTaxId = { value: taxId, verdict };
  }
  const date = v[DATE] ?? (typeof options.today === 'function' ? options.today() : (options.today ?? engine.today()));
  // The seller's address on the tax date (its address history's, else its own).
  const own = sellerAddressOn(seller, date);
  let origin: Address = own.origin;
  let sellerAddress = own.ref;
  if ((fromCountry !== undefined && fromCountry !== own.origin.country) || fromPostalCode !== undefined) {
    const home = fromCountry === undefined || fromCountry === own.origin.country;
    origin = { country: fromCountry ?? own.origin.country, postalCode: fromPostalCode ?? (home ? own.origin.postalCode : undefined), region: home ? own.origin.region : undefined, city: undefined, street: undefined };
    if (!home) sellerAddress = undefined;
  }
  const taxCode = (v[TAX_CODE] as TaxCodeId | undefined) ?? seller.defaultTaxCode;
  const givenType = v[PRODUCT_TYPE] as ProductType | undefined;
  // The type the code implies, from its index when the query gave the code (null: none).
  const implied = q.code < 0 ? undefined : impliedTypeOf(engine, taxCode, q.code);
  // Only a product type given can contradict the code: one other than the type it implies.
  if (givenType !== undefined && implied !== null && implied !== givenType) {
    const contradiction = productTypeIssue(rules, taxCode, givenType, ['product_type']);
    if (contradiction !== null) throw errorFromIssues([contradiction]);
  }
  const status = v[TAX_STATUS];
  const certificate = v[EXEMPTION_CERTIFICATE];
  const exemption = status === undefined && certificate === undefined ? undefined : exemptionOf(status, certificate, 'tax_status', 'exemption_certificate');
  const input: TaxInput = {
    date,
    origin,
    sellerAddress,
    // Every field present (region undefined: a query has none), so none is read from a prototype.
    destination: { country: to, region: undefined, postalCode: v[TO_POSTAL_CODE], city: v[TO_CITY], street: v[TO_STREET] },
    taxCode,
    productType: givenType ?? (implied === undefined ? productTypeOf(rules, taxCode, undefined, seller.defaultProductType) : (implied ?? seller.defaultProductType)),
    customerTaxId,
    taxBehavior: (v[TAX_BEHAVIOR] as TaxBehavior | undefined) ?? 'exclusive',
    amount: v[AMOUNT],
    currency: v[CURRENCY] ?? seller.currency,
    registrations: seller.registrations,
  };
  return { input, exemption };
}

/** Renames the core's neutral field paths to the v20241028 parameter names. */
export function renameIssues(error: TaxRulesError): TaxRulesError {
  const issues = error.issues.map((i) => {
    const name = PARAMETER_OF_FIELD.get(i.path.join('.'));
    return name ? { ...i, path: [name], message: i.message } : i;
  });
  return new TaxRulesError(error.code, error.status, issues, error.message);
}
