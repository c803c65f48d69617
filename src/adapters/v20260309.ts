import type { Address, CustomerExemption, Decision, JurisdictionRef, LineJurisdiction, ProductType, TaxBehavior, TaxCodeId, TaxIdVerdict, TaxInput } from '../core/types.js';
import type { RuleSet } from '../core/ruleset.js';
import { minorUnitsOf, notesOf } from '../core/determine.js';
import { dateOfDay, dayNumber } from '../core/dates.js';
import { errorFromIssues, quoted, TaxRulesError, type TaxRulesIssue } from '../core/errors.js';
import { canonicalCountry } from '../core/location.js';
import { addMinor, formatMinor, isCanonicalAmount, parseAmount, parseMinorNumber, type Minor } from '../core/money.js';
import { taxableAmount, type Priced } from '../core/pricing.js';
import { productTypeIssue } from '../core/taxability.js';
import { exemptionOf } from '../core/exemption.js';
import { deliveryLines } from '../core/delivery.js';
import { priceSale, type PricedLine, type PricedSale, type Sale, type SaleLine, type SaleParty } from '../core/sale.js';
import { validateTaxId, verdictOf } from '../taxid/index.js';
import { sellerAddressOn, type Account, type PreparedAccount, type SellerAccount } from './account.js';
import { agedEngine, engineFor, impliedTypeOf, MAX_RULES_AGE, maxRulesAgeOf, type Engine } from './engine.js';
import { checkBySchema } from './issues.js';
import { isBoolean, ownCopy, prototypePolluted, readOptions, RULE_SET, TAX_ID_VERDICT, unreadable, type OptionCheck } from './read.js';
import { MAX_LINE_ITEMS, MAX_TAX_DATE, requestSchemas, type CalculationJurisdiction, type CalculationRequest, type CalculationRequestOutput, type CalculationResponse, type CalculationLineResult, type ShippingCostResult, type LineTax, type TaxBreakdownEntry } from './schemas.js';
import { isCanonicalLineAmount, ownRequest, plainRequest } from './calculation-plain.js';
import { firstOfReferences } from './input.js';
import type { DecisionOptions, TaxIdVerdictFunction } from '../core/options.js';
import type { ProductDefaults } from '../core/products.js';
import { productBehavior, productPlace, productPlaceIssues, productsOf } from './calculation-products.js';

export { MAX_LINE_ITEMS, MAX_TAX_DATE } from './schemas.js';
export { isPlainValidRequest } from './calculation-plain.js';
export type { CalculationAddress, CalculationLineItem, CalculationRequest, CalculationJurisdiction, LineTax, CalculationLineResult, TaxBreakdownEntry, TaxContext, CalculationResponse } from './schemas.js';

type ParsedRequest = CalculationRequestOutput;

export interface CalculationOptions extends DecisionOptions {
  /** The current time in Unix seconds, used when the request has no tax_date; default: the clock. */
  now?: number | (() => number);
  /**
   * The products lines name by `product`, as buildDocument's `options.products`: a product's
   * `tax_class`, `product_type` and `tax_type` (`included`: the line's amount is gross) are the
   * defaults of a line that names it, and one taxed in its own `country` (`tax_based_on:
   * country`) is taxed there, not where the customer is.
   */
  products?: Readonly<Record<string, ProductDefaults>>;
}

function verdictToValid(v: TaxIdVerdict): boolean | null {
  return v === 'valid' ? true : v === 'invalid' ? false : null;
}

function addressOf(a: NonNullable<ParsedRequest['origin_address']>, rules: RuleSet): Address {
  return {
    country: canonicalCountry(rules, a.country),
    region: a.state,
    postalCode: a.postal_code,
    city: a.city,
    street: a.line1 && a.line2 ? `${a.line1}, ${a.line2}` : a.line1 || a.line2 || undefined,
  };
}

/** One determination shared by the lines that differ only in their amounts. */
interface Plan {
  /** The decision (shared: never changed). */
  d: Decision;
  /** The decision's notes with the tax-ID note, for this document. */
  notes: readonly string[];
  taxCode: TaxCodeId;
  productType: ProductType;
  taxBehavior: TaxBehavior;
  /** The breakdown entry of each of the decision's lines. */
  entries: BreakdownSum[];
  /** The decision's lines, copied into a plain array: V8 reads a frozen one (the decision's) by an index on a slow path. */
  taxLines: Decision['lines'][number][];
}

function jurisdictionOf(j: LineJurisdiction): CalculationJurisdiction {
  return { id: j.id, name: j.name, country: j.country, region: j.region, level: j.level };
}

const PATHS: Record<string, (string | number)[]> = {
  'destination.postalCode': ['customer_address', 'postal_code'],
  'destination.region': ['customer_address', 'state'],
  'destination.country': ['customer_address', 'country'],
  'origin.postalCode': ['origin_address', 'postal_code'],
  'origin.region': ['origin_address', 'state'],
  'origin.country': ['origin_address', 'country'],
  currency: ['currency'],
  date: ['tax_date'],
};

/**
 * What `calculate` takes besides a CalculationRequest: a value whose static type is `unknown`
 * (a parsed JSON body), which it checks at run time like any other. A value of any other
 * type must be a CalculationRequest, so `calculate(42, account)` or a misspelt field does not
 * compile.
 */
export type UncheckedRequest<R> = unknown extends R ? R : never;

const isSeconds = (v: unknown): v is number => typeof v === 'number' && v >= 0 && v <= MAX_TAX_DATE;

const CALCULATION_OPTIONS: { readonly [K in keyof CalculationOptions]-?: OptionCheck } = {
  rules: RULE_SET,
  now: [(v) => typeof v === 'function' || isSeconds(v), `Unix seconds from 0 to ${MAX_TAX_DATE}, or a function that returns them`],
  taxIdVerdict: TAX_ID_VERDICT,
  cache: [isBoolean, 'true or false'],
  products: [(v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'an object of products by code: { product_type?, tax_class?, tax_type?, tax_based_on?, country? }'],
  maxRulesAge: MAX_RULES_AGE,
};

/** Absent options (the usual call): each field its own (none read from a polluted Object.prototype; NO_OPTIONS is a dictionary to V8, each field read a hash lookup). */
const DEFAULT_OPTIONS: CalculationOptions = Object.freeze({ rules: undefined, now: undefined, taxIdVerdict: undefined, cache: undefined, products: undefined, maxRulesAge: undefined });

/**
 * The calculation of version 20260309 (`POST /tax/calculations`): taxes of up to 200 line
 * items for one customer, with per-line taxes, a breakdown per jurisdiction and tax, and
 * the verdict on the customer's tax ID. Every line is determined by the same core as
 * `calculateTaxRate`; each line's taxes are rounded to the minor unit, and the totals are
 * the sums of the lines. Throws TaxRulesError (400/406/422) listing every problem at once,
 * and nothing else: options absent or null are the defaults, and an exception while reading
 * the input (a getter, a Proxy, a callback of the options) is a 400.
 *
 * @example
 * ```ts
 * import { calculate, defineAccount } from 'taxrules';
 *
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss', valid_from: '2021-07-01' }] });
 * const result = calculate(
 *   {
 *     customer_address: { country: 'DE' },
 *     tax_date: 1780000000, // Unix seconds: 2026-05-28
 *     line_items: [
 *       { reference: 'plan', amount: '100.00', tax_code: 'saas' },
 *       { reference: 'handbook', amount: '20.00', tax_code: 'ebook' },
 *     ],
 *   },
 *   seller,
 * );
 * result.line_items.map((line) => [line.reference, line.amount_tax]);
 * // [['plan', '19.00'], ['handbook', '1.40']]
 * [result.subtotal, result.total_tax, result.total];
 * // ['120.00', '20.40', '140.40']
 * ```
 */
export function calculate(request: CalculationRequest, account: SellerAccount, options?: CalculationOptions | null, engine?: Engine): CalculationResponse;
export function calculate<R>(request: UncheckedRequest<R>, account: SellerAccount, options?: CalculationOptions | null, engine?: Engine): CalculationResponse;
export function calculate(request: unknown, account: SellerAccount, options?: CalculationOptions | null, engine?: Engine): CalculationResponse {
  try {
    if (options === undefined || options === null) return calculateChecked(request, account, DEFAULT_OPTIONS, engine ?? engineFor()).response;
    const o = readOptions<CalculationOptions>(options, CALCULATION_OPTIONS);
    return calculateChecked(request, account, o, agedEngine(engine ?? engineFor(o.rules), maxRulesAgeOf(o))).response;
  } catch (e) {
    throw unreadable(e, []);
  }
}

/**
 * `calculate` with options already checked (what readOptions answers for them): for callers
 * that check their own options once and calculate many times (a batch of transactions).
 */
export function calculateWith(request: CalculationRequest, account: SellerAccount, options: CalculationOptions, engine: Engine): CalculationResponse {
  return calculatePriced(request, account, options, engine, true).response;
}

/** A calculation's answer and the sums of its priced sale, in minor units: what a transaction works its totals from (never from the answer's text). */
export interface PricedCalculation {
  readonly response: CalculationResponse;
  readonly sums: { readonly subtotal: Minor; readonly tax: Minor; readonly total: Minor };
}

/** `calculate` with the sums of the priced sale; options checked by readOptions unless `checked` says they were. */
export function calculatePriced(request: CalculationRequest, account: SellerAccount, options: CalculationOptions, engine: Engine | undefined, checked: boolean): PricedCalculation {
  try {
    const o = checked ? options : readOptions<CalculationOptions>(options, CALCULATION_OPTIONS);
    return calculateChecked(request, account, o, agedEngine(engine ?? engineFor(o.rules), maxRulesAgeOf(o)));
  } catch (e) {
    throw unreadable(e, []);
  }
}

/** A request as the schema reads it, and each line's tax code's number when the fast check found them (else null). */
interface ReadRequest {
  readonly req: ParsedRequest;
  readonly codes: readonly number[] | null;
}

/**
 * The request as the schema reads it: as the fast check read and copied it when plainly valid
 * (every value it reads an own field, each read once), else through the schema on a copy of
 * its own fields (the schema would read inherited ones), its answer read back as own fields.
 */
function readRequest(request: unknown): ReadRequest {
  // With a polluted Object.prototype, the fast check reads a copy of the own fields (objects
  // without a prototype, so a field left out stays left out).
  const polluted = prototypePolluted();
  const own = polluted ? ownCopy(request, 3, MAX_LINE_ITEMS) : request;
  const plain = plainRequest(own, polluted);
  // Plainly valid: the values as checked, each read once (`own` is a copy of them already when polluted).
  if (plain !== null) return { req: polluted ? (own as ParsedRequest) : plain.req, codes: plain.codes };
  const schema = requestSchemas().request;
  const parsed = checkBySchema(schema, polluted ? own : ownCopy(request, 3, MAX_LINE_ITEMS));
  if (!parsed.success) throw errorFromIssues(parsed.issues);
  // The schema's output objects have a prototype: read field by field, own fields only (a
  // non-enumerable field of a polluted Object.prototype escapes the check above).
  return { req: ownRequest(parsed.data), codes: null };
}

/** The current time in Unix seconds: the options' `now` (checked), else the clock. */
function nowOf(options: CalculationOptions): number {
  let seconds: unknown;
  try {
    seconds = typeof options.now === 'function' ? options.now() : (options.now ?? Math.floor(Date.now() / 1000));
  } catch (e) {
    throw unreadable(e, ['options', 'now'], 'options.now()');
  }
  if (!isSeconds(seconds)) {
    throw errorFromIssues([{ path: ['options', 'now'], code: 'malformed', message: `options.now() must return Unix seconds from 0 to ${MAX_TAX_DATE}, got ${quoted(seconds, 60)}` }]);
  }
  return seconds;
}

const VERDICTS: readonly unknown[] = ['valid', 'invalid', 'unknown'];

/** The verdict of the options' `taxIdVerdict`, checked: a function that answers anything else is refused (400), not read as a consumer. */
export function verdictOfOption(f: TaxIdVerdictFunction, country: string, taxId: string): TaxIdVerdict {
  let verdict: unknown;
  try {
    verdict = f(country, taxId);
  } catch (e) {
    throw unreadable(e, ['options', 'taxIdVerdict'], 'options.taxIdVerdict()');
  }
  if (!VERDICTS.includes(verdict)) {
    throw errorFromIssues([{ path: ['options', 'taxIdVerdict'], code: 'malformed', message: `options.taxIdVerdict() must return 'valid', 'invalid' or 'unknown', got ${quoted(verdict, 60)}` }]);
  }
  return verdict as TaxIdVerdict;
}

function calculateChecked(request: unknown, account: SellerAccount, options: CalculationOptions, engine: Engine): PricedCalculation {
  const seller = engine.accounts.prepare(account);
  const { req, codes } = readRequest(request);
  const read = checkRequest(req, seller, engine.rules);
  const parties = partiesOf(req, seller, options, engine.rules);
  const p = parties.party;
  // Read as an own field: a caller's options made as an object literal without it (a transaction's) inherit nothing.
  const products = productsOf(req.line_items, options !== DEFAULT_OPTIONS && Object.hasOwn(options, 'products') ? options.products : undefined, seller.defaultTaxCode, engine.rules);
  const items = saleLines(req, read, seller, parties.behavior, engine, products, codes);
  const sale: Sale = {
    party: { date: p.date, origin: p.origin, sellerAddress: p.sellerAddress, destination: p.destination, customerTaxId: p.customerTaxId, amount: undefined, currency: read.currency, consignmentValue: undefined, registrations: p.registrations },
    day: dayNumber(parties.party.date),
    minorUnits: read.minorUnits,
    lines: read.shipping === null ? items : [...items, ...shippingLines(items, read.shipping, req.shipping_cost, parties.behavior, engine.rules)],
  };
  const count = req.line_items.length;
  // A delivery line's issue is the shipping cost's.
  const issue =
    read.shipping === null ? calculationIssue : (line: number, i: TaxRulesIssue): TaxRulesIssue => (line < count ? calculationIssue(line, i) : { ...i, path: i.path[0] === 'shipping_cost' ? i.path : ['shipping_cost', ...i.path.slice(i.path[0] === 'lines' ? 2 : 0)] });
  let sold: PricedSale;
  try {
    sold = priceSale(sale, { rules: engine.rules, decider: engine.decider(options.cache), convert: engine.convert, limitedBases: true, issue, exemption: parties.exemption });
  } catch (e) {
    // The delivery lines of one shipping cost refused for one reason: said once.
    if (read.shipping === null || !(e instanceof TaxRulesError)) throw e;
    const seen = new Set<string>();
    const once = e.issues.filter((i) => {
      const key = `${i.path.join('.')}\n${i.message}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
    throw once.length === e.issues.length ? e : new TaxRulesError(e.code, e.status, once);
  }
  const response = renderCalculation(req, sale, sold, parties, engine.rules);
  productPlaceIssues(req.line_items, products, response, engine.rules);
  return { response, sums: { subtotal: sold.subtotal, tax: sold.tax, total: sold.total } };
}

/**
 * The request's line items as the sale's lines: each line's quantity is its articles; a line's
 * own fields first, then its product's, then the request's and the account's. `codes`: each
 * line's tax code's number as the fast check found it, or null.
 */
function saleLines(req: ParsedRequest, read: CheckedRequest, seller: PreparedAccount, behavior: TaxBehavior, engine: Engine, products: readonly (ProductDefaults | null)[] | null, codes: readonly number[] | null): SaleLine[] {
  const items = req.line_items;
  const lines = new Array<SaleLine>(items.length);
  for (let i = 0; i < items.length; i++) {
    const line = items[i] as ParsedRequest['line_items'][number];
    const product = products === null ? null : (products[i] ?? null);
    const taxCode = line.tax_code ?? product?.tax_class ?? seller.defaultTaxCode;
    lines[i] = {
      amount: read.amounts[i] as Minor,
      articles: line.quantity ?? 1,
      taxCode,
      productType: line.product_type ?? product?.product_type ?? impliedTypeOf(engine, taxCode, codes !== null && line.tax_code !== undefined ? codes[i] : undefined) ?? seller.defaultProductType,
      taxBehavior: line.tax_behavior ?? productBehavior(product) ?? behavior,
      // A product taxed where it is (an event's admission) is placed there, not at the customer's address.
      destination: productPlace(product),
      delivery: false,
    };
  }
  return lines;
}

/** What a request's fields give once checked: its currency, minor units and each line's amount in them. */
interface CheckedRequest {
  readonly currency: string;
  readonly minorUnits: number;
  readonly amounts: readonly Minor[];
  /** The shipping cost in minor units, or null without one. */
  readonly shipping: Minor | null;
}

/** Checks what the schema cannot (countries, currency, unique references, amounts in the currency's minor unit), every issue at once. */
function checkRequest(req: ParsedRequest, seller: PreparedAccount, rules: RuleSet): CheckedRequest {
  const issues: TaxRulesIssue[] = [];
  const checkCountry = (path: (string | number)[], value: string): void => {
    if (rules.countryOf(value) === null) issues.push({ path, code: 'invalid_value', message: `${path.join('.')} ${value} is not an ISO 3166-1 country code` });
  };
  checkCountry(['customer_address', 'country'], req.customer_address.country);
  if (req.customer_tax_ids !== undefined && req.customer_tax_id) {
    issues.push({ path: ['customer_tax_ids'], code: 'malformed', message: 'customer_tax_ids and customer_tax_id are both given: give the one tax ID as customer_tax_id, or every one in customer_tax_ids' });
  }
  if (req.origin_address) checkCountry(['origin_address', 'country'], req.origin_address.country);
  const currency = req.currency ? req.currency.toUpperCase() : seller.currency;
  const minorUnits = minorUnitsOf(rules, currency);
  if (minorUnits === undefined) issues.push({ path: ['currency'], code: 'invalid_value', message: `currency ${req.currency} is not an ISO 4217 currency code` });
  const count = req.line_items.length;
  const firstOf = firstOfReferences(req.line_items);
  // Each line's amount in minor units, parsed once.
  const amounts: Minor[] = new Array<Minor>(count);
  for (let i = 0; i < count; i++) {
    const line = req.line_items[i] as ParsedRequest['line_items'][number];
    const f = firstOf[i] as number;
    if (f !== i) issues.push({ path: ['line_items', i, 'reference'], code: 'invalid_value', message: `line_items.${i}.reference ${quoted(line.reference, 60)} repeats line_items.${f}.reference; references must be unique` });
    // A line that names a product is checked with the product's codes (productsOf).
    const contradiction = line.product === undefined && line.product_type !== undefined ? productTypeIssue(rules, line.tax_code ?? seller.defaultTaxCode, line.product_type, ['line_items', i, 'product_type']) : null;
    if (contradiction !== null) issues.push(contradiction);
    if (minorUnits === undefined) continue;
    // A plain amount ("19.99") is read without the general parser's result object.
    const fast = parseMinorNumber(line.amount, minorUnits);
    const amount = fast >= 0 ? null : parseAmount(line.amount, minorUnits);
    if (amount === null) amounts[i] = fast;
    else if (!amount.ok) issues.push({ path: ['line_items', i, 'amount'], code: 'malformed', message: `line_items.${i}.amount ${quoted(line.amount, 60)} has more decimals than ${currency} allows (${minorUnits})` });
    else if (amount.minor < 0) issues.push({ path: ['line_items', i, 'amount'], code: 'malformed', message: `line_items.${i}.amount ${quoted(line.amount, 60)} is negative: a calculation prices a sale; a refund is a transaction of transaction_type refund` });
    else amounts[i] = amount.minor;
  }
  let shipping: Minor | null = null;
  const sc = req.shipping_cost;
  if (sc && minorUnits !== undefined) {
    const amount = parseAmount(sc.amount, minorUnits);
    if (!amount.ok) issues.push({ path: ['shipping_cost', 'amount'], code: 'malformed', message: `shipping_cost.amount ${quoted(sc.amount, 60)} has more decimals than ${currency} allows (${minorUnits})` });
    else if (amount.minor < 0) issues.push({ path: ['shipping_cost', 'amount'], code: 'malformed', message: `shipping_cost.amount ${quoted(sc.amount, 60)} is negative: a delivery charge is 0 or more` });
    else shipping = amount.minor;
  }
  if (issues.length > 0) throw errorFromIssues(issues);
  return { currency, minorUnits: minorUnits as number, amounts, shipping };
}

/**
 * The delivery charge as lines of the sale (core/delivery.ts): shared between the goods lines,
 * or, with a `tax_code`, between the goods lines of that code alone (the goods it delivers).
 */
function shippingLines(items: readonly SaleLine[], charge: Minor, given: ParsedRequest['shipping_cost'], behavior: TaxBehavior, rules: RuleSet): SaleLine[] {
  const code = given?.tax_code;
  const delivered = code === undefined ? items : items.filter((l) => l.taxCode === code);
  return deliveryLines(delivered, charge, rules, { behavior: given?.tax_behavior ?? behavior, refuse: () => noGoods(code) }).map((d) => d.line);
}

/** The refusal of a delivery charge without goods lines, or without goods lines of the tax code it names (422). */
function noGoods(code: TaxCodeId | undefined): TaxRulesError {
  const issue: TaxRulesIssue =
    code === undefined
      ? { path: ['shipping_cost'], code: 'unprocessable', message: 'shipping_cost is a charge for delivering goods, and no line item is goods (product_type good): add it to the line it is the price of, or leave it out' }
      : { path: ['shipping_cost', 'tax_code'], code: 'unprocessable', message: `shipping_cost.tax_code ${code}: no line item is goods of that tax code; the tax code names the goods the charge delivers` };
  return errorFromIssues([issue], 422);
}

/** Who and where: the sale's party (without its currency), the request's behaviour and the verdict on the customer's tax ID. */
interface Parties {
  readonly party: Omit<SaleParty, 'currency'>;
  readonly behavior: TaxBehavior;
  readonly verdict: TaxIdVerdict | undefined;
  readonly taxIdCountry: string;
  /** The customer's own tax status, when exempt or reverse. */
  readonly exemption: CustomerExemption | undefined;
  /** The tax ID that decides (the one given, or the first valid one of a list), and each of a list. */
  readonly deciding: TaxIdValidation | undefined;
  readonly each: readonly TaxIdValidation[] | null;
}

function partiesOf(req: ParsedRequest, seller: PreparedAccount, options: CalculationOptions, rules: RuleSet): Parties {
  const seconds = req.tax_date ?? nowOf(options);
  const taxDate = dateOfDay(Math.floor(seconds / 86_400));
  const destination = addressOf(req.customer_address, rules);
  // The origin given, else the seller's address on the tax date (its address history's, else its own).
  const own = req.origin_address ? null : sellerAddressOn(seller, taxDate);
  const origin: Address = req.origin_address ? addressOf(req.origin_address, rules) : own!.origin;
  const judge = (taxId: string): TaxIdValidation => {
    if (options.taxIdVerdict) return { tax_id: taxId, country: destination.country, verdict: verdictOfOption(options.taxIdVerdict, destination.country, taxId) };
    const v = validateTaxId(destination.country, taxId);
    return { tax_id: taxId, country: v.country ?? destination.country, verdict: verdictOf(v) };
  };
  // A list: each validated, in its order; the first valid one decides (else the first whose verdict is unknown, else the first).
  const each = req.customer_tax_ids ? req.customer_tax_ids.map(judge) : null;
  const deciding = each
    ? (each.find((t) => t.verdict === 'valid') ?? each.find((t) => t.verdict === 'unknown') ?? each[0])
    : req.customer_tax_id
      ? judge(req.customer_tax_id)
      : undefined;
  const party = {
    date: taxDate,
    origin,
    sellerAddress: own?.ref,
    destination,
    customerTaxId: deciding ? { value: deciding.tax_id, verdict: deciding.verdict } : undefined,
    registrations: seller.registrations,
  };
  const exemption = exemptionOf(req.customer_tax_status, req.customer_exemption_certificate, 'customer_tax_status', 'customer_exemption_certificate');
  return { party, behavior: req.tax_behavior ?? 'exclusive', verdict: deciding?.verdict, taxIdCountry: deciding?.country ?? destination.country, exemption, deciding, each };
}

/** A customer tax ID and its verdict (the country it was read in). */
interface TaxIdValidation {
  readonly tax_id: string;
  readonly country: string;
  readonly verdict: TaxIdVerdict;
}

/** An issue of the sale in the request's terms: the customer's and origin's fields, the date, else the line's. */
function calculationIssue(line: number, issue: TaxRulesIssue): TaxRulesIssue {
  const path = PATHS[issue.path.join('.')] ?? (issue.path[0] === 'lines' ? ['line_items', line, ...issue.path.slice(2)] : ['line_items', line, ...issue.path]);
  return { ...issue, path };
}

/** The calculation's response from its priced sale: each line, the breakdown by jurisdiction and tax, the totals and the context of the first line. */
function renderCalculation(req: ParsedRequest, sale: Sale, sold: PricedSale, parties: Parties, rules: RuleSet): CalculationResponse {
  const mu = sale.minorUnits;
  // Few entries per document: a list searched in order beats string keys.
  const breakdown: BreakdownSum[] = [];
  const all = sold.lines.length;
  const n = req.line_items.length;
  // Filled, not holes: a hole would read a polluted Object.prototype's numeric field (by a
  // loop: Array.prototype.fill runs in the runtime).
  const plans = new Array<Plan | undefined>(all);
  for (let i = 0; i < all; i++) plans[i] = undefined;
  const lines = new Array<CalculationLineResult>(n);
  for (let i = 0; i < n; i++) {
    const priced = sold.lines[i] as PricedLine;
    const plan = (plans[priced.first] ??= planOf(rules, priced, breakdown));
    lines[i] = lineResult(req.line_items[i] as ParsedRequest['line_items'][number], plan, priced.priced as Priced, mu);
  }
  const shipping = req.shipping_cost && all > n ? shippingResult(req.shipping_cost, sold.lines.slice(n) as PricedLine[], (i) => (plans[i] ??= planOf(rules, sold.lines[i] as PricedLine, breakdown)), mu) : undefined;
  const first = (sold.lines[0] as PricedLine).decision;
  const destination = sale.party.destination;
  const response: CalculationResponse = {
    subtotal: formatMinor(sold.subtotal, mu),
    total_tax: formatMinor(sold.tax, mu),
    total: formatMinor(sold.total, mu),
    currency: sale.party.currency,
    tax_behavior: parties.behavior,
    tax_context: {
      customer: {
        country: first.customerJurisdiction?.country ?? destination.country,
        region: first.customerJurisdiction?.region ?? null,
        postal_code: req.customer_address.postal_code ?? null,
        jurisdiction: first.customerJurisdiction ? jurisdictionOfRef(rules, first.customerJurisdiction) : null,
        territory: first.territory ? { id: first.territory.id, name: first.territory.name } : null,
      },
      customer_type: first.customer,
      origin: { country: sale.party.origin.country, postal_code: sale.party.origin.postalCode ?? null },
      tax_date: sale.party.date,
    },
    line_items: lines,
    tax_breakdown: breakdown.map((b) => ({
      jurisdiction: b.entry.jurisdiction,
      name: b.entry.name,
      rate: b.entry.rate,
      status: b.entry.status,
      reason: b.entry.reason,
      taxable_amount: formatMinor(b.taxable, mu),
      amount: formatMinor(b.amount, mu),
    })),
    tax_id_validation: parties.deciding ? { tax_id: parties.deciding.tax_id, country: parties.deciding.country, valid: verdictToValid(parties.deciding.verdict) } : null,
  };
  // Set after, in this order, where a spread of an empty object cost a copy call each.
  if (parties.each !== null) response.tax_ids_validation = parties.each.map((t) => ({ tax_id: t.tax_id, country: t.country, valid: verdictToValid(t.verdict) }));
  if (shipping !== undefined) response.shipping_cost = shipping;
  return response;
}

/**
 * The shipping cost's result from its delivery lines (one per tax code of the goods): their
 * amounts summed, and their taxes, one per jurisdiction, tax, rate and status, each summed
 * over the lines; the breakdown's entries take them as a line's.
 */
function shippingResult(given: NonNullable<ParsedRequest['shipping_cost']>, delivery: readonly PricedLine[], planAt: (first: number) => Plan, mu: number): ShippingCostResult {
  let subtotal: Minor = 0;
  let tax: Minor = 0;
  let total: Minor = 0;
  const taxes: { entry: BreakdownSum; name: string | null; rate: string; part: string; status: LineTax['status']; reason: LineTax['reason']; additional: boolean; taxable: Minor; amount: Minor }[] = [];
  const notes: string[] = [];
  for (const line of delivery) {
    const plan = planAt(line.first);
    const priced = line.priced as Priced;
    subtotal = addMinor(subtotal, priced.subtotal);
    tax = addMinor(tax, priced.tax);
    total = addMinor(total, priced.total);
    for (const note of plan.notes) if (!notes.includes(note)) notes.push(note);
    const d = plan.d;
    const count = Math.max(d.lines.length, 1);
    for (let k = 0; k < count; k++) {
      const tl = d.lines[k];
      const amount = tl ? (priced.taxes[k] as Minor) : 0;
      const taxable = tl ? taxableAmount(priced.subtotal, tl.partUnits) : priced.subtotal;
      const entry = plan.entries[k] as BreakdownSum;
      entry.taxable = addMinor(entry.taxable, taxable);
      entry.amount = addMinor(entry.amount, amount);
      const part = tl ? tl.taxablePart : '100';
      const same = taxes.find((t) => t.entry === entry && t.part === part);
      if (same) {
        same.taxable = addMinor(same.taxable, taxable);
        same.amount = addMinor(same.amount, amount);
      } else {
        taxes.push({ entry, name: tl ? tl.name : null, rate: tl ? tl.rate : '0', part, status: d.status, reason: d.reason, additional: tl ? tl.group === 'additional' : false, taxable, amount });
      }
    }
  }
  return {
    tax_behavior: given.tax_behavior ?? (delivery[0] as PricedLine).input.taxBehavior,
    amount: isCanonicalAmount(given.amount, mu) ? given.amount : formatMinor((delivery[0] as PricedLine).input.taxBehavior === 'inclusive' ? total : subtotal, mu),
    amount_subtotal: formatMinor(subtotal, mu),
    amount_tax: formatMinor(tax, mu),
    amount_total: formatMinor(total, mu),
    taxes: taxes.map((t) => new LineTaxRecord(t.name, t.rate, t.part, formatMinor(t.taxable, mu), formatMinor(t.amount, mu), t.status, t.reason, t.entry.entry.jurisdiction, t.additional)),
    notes,
  };
}

function jurisdictionOfRef(rules: RuleSet, ref: JurisdictionRef): CalculationJurisdiction {
  const j = ref.id !== null ? rules.jurisdictions.get(ref.id) : undefined;
  if (!j) return { id: ref.id, name: ref.name, country: ref.country, region: ref.region, level: 'country' };
  return { id: j.id, name: j.name, country: j.country, region: j.region === '' ? null : j.region, level: j.level };
}

/** A breakdown entry and its running sums. */
interface BreakdownSum {
  entry: Omit<TaxBreakdownEntry, 'taxable_amount' | 'amount'>;
  taxable: Minor;
  amount: Minor;
}

/** The plan of the lines that share a decision: its notes, and the breakdown entry of each tax line (found, or opened). */
function planOf(rules: RuleSet, line: PricedLine, breakdown: BreakdownSum[]): Plan {
  const d = line.decision;
  const input = line.input;
  // An index loop: V8 maps a frozen array (a decision's lines) on its slow path. At its
  // length (an array pushed from empty has room for 17), every slot set before it is read.
  const entries = new Array<BreakdownSum>(Math.max(d.lines.length, 1));
  const taxLines = new Array<Decision['lines'][number]>(d.lines.length);
  for (let k = 0; k < d.lines.length; k++) entries[k] = breakdownSum(breakdown, d, (taxLines[k] = d.lines[k] as Decision['lines'][number]));
  if (d.lines.length === 0) {
    // No tax line (no tax there, or no rules): one entry of the jurisdiction at rate 0.
    const j = jurisdictionOfRef(rules, d.jurisdiction);
    let sum = breakdown.find((b) => b.entry.jurisdiction.id === j.id && b.entry.name === null && b.entry.status === d.status && b.entry.reason === d.reason);
    if (!sum) breakdown.push((sum = { entry: { jurisdiction: j, name: null, rate: '0', status: d.status, reason: d.reason }, taxable: 0, amount: 0 }));
    entries[0] = sum;
  }
  // A copy by an index loop (a decision's notes are frozen: V8 slices a frozen array on its slow
  // path, 55 % slower, and Array.from walks an iterator).
  const given = notesOf(d, input);
  const notes = new Array<string>(given.length);
  for (let k = 0; k < given.length; k++) notes[k] = given[k] as string;
  return { d, notes, taxCode: input.taxCode, productType: input.productType, taxBehavior: input.taxBehavior, entries, taxLines };
}

/** The breakdown entry of a tax line of decision `d`: found, or opened. */
function breakdownSum(breakdown: BreakdownSum[], d: Decision, tl: Decision['lines'][number]): BreakdownSum {
  const j = jurisdictionOf(tl.jurisdiction);
  for (const sum of breakdown) {
    const e = sum.entry;
    if (e.jurisdiction.id === j.id && e.name === tl.name && e.rate === tl.rate && e.status === d.status && e.reason === d.reason) return sum;
  }
  const sum: BreakdownSum = { entry: { jurisdiction: j, name: tl.name, rate: tl.rate, status: d.status, reason: d.reason }, taxable: 0, amount: 0 };
  breakdown.push(sum);
  return sum;
}

/** One line of the document from its priced taxes; its breakdown entries updated. */
function lineResult(line: ParsedRequest['line_items'][number], plan: Plan, priced: Priced, mu: number): CalculationLineResult {
  const d = plan.d;
  const net = priced.subtotal;
  // An amount given in its canonical form is its own text: the net when exclusive, the total when inclusive.
  const own = isCanonicalLineAmount(line.amount, mu) ? line.amount : null;
  const netText = own !== null && plan.taxBehavior === 'exclusive' ? own : formatMinor(net, mu);
  const count = Math.max(plan.taxLines.length, 1);
  // Made at its length, every slot filled below (k < count) before anything reads it: no hole
  // is left to read a polluted Object.prototype's numeric field (a copy of an array of nulls
  // of that length, as before, cost more: docs/performance.md).
  const taxes = new Array<LineTax>(count);
  // The line's tax as text: also the text of its one tax line when it has one.
  const taxText = formatMinor(priced.tax, mu);
  // The base of lines a per-article limit caps (Florida's surtax), where it is not the net.
  const bases = priced.bases;
  for (let k = 0; k < count; k++) {
    const tl = plan.taxLines[k];
    const tax = tl ? (priced.taxes[k] as Minor) : 0;
    const base = bases === null ? null : (bases[k] ?? null);
    const taxable = tl ? taxableAmount(base ?? net, tl.partUnits) : net;
    const entry = plan.entries[k] as BreakdownSum;
    entry.taxable = addMinor(entry.taxable, taxable);
    entry.amount = addMinor(entry.amount, tax);
    taxes[k] = new LineTaxRecord(
      tl ? tl.name : null,
      tl ? tl.rate : '0',
      tl ? tl.taxablePart : '100',
      taxable === net ? netText : formatMinor(taxable, mu),
      count === 1 ? taxText : formatMinor(tax, mu),
      d.status,
      d.reason,
      entry.entry.jurisdiction,
      tl ? tl.group === 'additional' : false,
    );
  }
  const total = own !== null && plan.taxBehavior === 'inclusive' ? own : formatMinor(priced.total, mu);
  const notes = notesCopy(plan.notes);
  // A US line with a local rate area says whose address placed it (origin-sourced states, in-state sellers): `sourcing`.
  const record =
    d.local === null
      ? new LineRecord(line.reference, line.quantity ?? 1, plan.taxCode, plan.productType, plan.taxBehavior, line.amount, netText, taxText, total, taxes, notes)
      : new SourcedLineRecord(line.reference, line.quantity ?? 1, plan.taxCode, plan.productType, plan.taxBehavior, line.amount, netText, taxText, total, taxes, notes, d.local.sourcedAt);
  // The line's metadata, echoed as given (a copy): only on a line that has it, so a result without any is as before.
  return line.metadata === undefined ? record : { ...record, metadata: { ...line.metadata } };
}

/**
 * A line's own copy of its plan's notes. Most plans have one note or none (the One-Stop Shop's,
 * a reverse charge's): an array literal of that length is made in place, where `slice` is a call
 * of V8's builtin.
 */
function notesCopy(notes: readonly string[]): string[] {
  if (notes.length === 0) return [];
  if (notes.length === 1) return [notes[0] as string];
  return notes.slice();
}

/** A tax of a line: a plain data object made by a constructor (see TaxRateAnswer in v20241028.ts). */
class LineTaxRecord implements LineTax {
  constructor(
    readonly name: string | null,
    readonly rate: string,
    readonly taxable_part: string,
    readonly taxable_amount: string,
    readonly amount: string,
    readonly status: LineTax['status'],
    readonly reason: LineTax['reason'],
    readonly jurisdiction: LineTax['jurisdiction'],
    readonly additional: boolean,
  ) {}
}

/** A line of a calculation: a plain data object made by a constructor (see TaxRateAnswer in v20241028.ts). */
class LineRecord implements CalculationLineResult {
  constructor(
    readonly reference: string,
    readonly quantity: number,
    readonly tax_code: CalculationLineResult['tax_code'],
    readonly product_type: CalculationLineResult['product_type'],
    readonly tax_behavior: CalculationLineResult['tax_behavior'],
    readonly amount: string,
    readonly amount_subtotal: string,
    readonly amount_tax: string,
    readonly amount_total: string,
    readonly taxes: LineTax[],
    readonly notes: string[],
  ) {}
}

/** A line placed by a US local rate area: with `sourcing`, whose address decided its local taxes (the customer's, or the seller's in an origin-sourced state). */
class SourcedLineRecord extends LineRecord {
  constructor(
    reference: string,
    quantity: number,
    tax_code: CalculationLineResult['tax_code'],
    product_type: CalculationLineResult['product_type'],
    tax_behavior: CalculationLineResult['tax_behavior'],
    amount: string,
    amount_subtotal: string,
    amount_tax: string,
    amount_total: string,
    taxes: LineTax[],
    notes: string[],
    readonly sourcing: 'origin' | 'destination',
  ) {
    super(reference, quantity, tax_code, product_type, tax_behavior, amount, amount_subtotal, amount_tax, amount_total, taxes, notes);
  }
}
