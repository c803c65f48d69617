/**
 * Transactions of version 20260309 (`POST /transactions`) and their batches, as pure
 * functions: the request is checked, its items are taxed by the v20260309 calculation (so a
 * transaction and a calculation of the same lines agree to the minor unit), and the
 * transaction is answered as the service would store it. Nothing is stored: the caller says
 * which source ids are taken and hands over the sale a refund names.
 */
import type { CalculationAddress, CalculationLineResult, CalculationRequest, LineTax, ShippingCostResult, TaxBreakdownEntry, TaxContext } from '../adapters/schemas.js';
import type { TaxBehavior } from '../core/types.js';
import type { RuleSet } from '../core/ruleset.js';
import type { Account, SellerAccount } from '../adapters/account.js';
import type { TaxIdVerdictFunction } from '../core/options.js';
import { dayNumber } from '../core/dates.js';
import { errorFromIssues, quoted, TaxRulesError, type TaxRulesIssue } from '../core/errors.js';
import { formatMinor, normalMinor, parseAmount } from '../core/money.js';
import { calculatePriced, type CalculationOptions, type PricedCalculation } from '../adapters/v20260309.js';
import { agedEngine, engineFor, MAX_RULES_AGE, maxRulesAgeOf, type Engine } from '../adapters/engine.js';
import { checkBySchema } from '../adapters/issues.js';
import { isBoolean, isFunction, ownCopy, readOptions, RULE_SET, unreadable, type OptionCheck } from '../adapters/read.js';
import { BEHAVIORS, CUSTOMER_TAX_STATUSES, MAX_AMOUNT_LENGTH, MAX_LINE_ITEMS, PRODUCT_TYPES, TAX_CODES } from '../adapters/schemas.js';
import { hasOwn, isAmountText, isCountryText, isRecord } from '../adapters/input.js';
import {
  isTransactionDate,
  MAX_BATCH_TRANSACTIONS,
  MAX_SOURCE_ID_LENGTH,
  MAX_SOURCE_LENGTH,
  TRANSACTION_TYPES,
  transactionSchemas,
  type TaxTransactionBatchRequest,
  type TaxDiscrepancy,
  type SupplyType,
  type TaxTransactionExchangeRate,
  type TaxTransactionRequest,
  type TaxTransactionType,
} from './v20260309-schemas.js';
import { refundedPart, type SoldItem } from '../core/refund.js';
import { converter, rateText, readRateTable, tableRate } from './v20260309-exchange.js';
import { askRateFunction, notARate, type ExchangeRate, type ExchangeRateFunction } from './exchange.js';

export { MAX_BATCH_TRANSACTIONS } from './v20260309-schemas.js';
export type {
  TaxTransactionBatchRequest,
  TaxTransactionBatchEntry,
  TaxDiscrepancy,
  SupplyType,
  TaxTransactionCustomer,
  TaxTransactionExchangeRate,
  TaxTransactionItem,
  TaxTransactionRequest,
  TaxTransactionType,
} from './v20260309-schemas.js';

/** A source id as the spec makes it unique: per source and transaction type. */
export interface SourceKey {
  source: string;
  transaction_type: TaxTransactionType;
  source_id: string;
}

/** The customer of a transaction, as the request gave it. */
export interface TaxTransactionCustomerResult {
  name: string | null;
  tax_id: string | null;
  address: CalculationAddress;
  /** The customer's own tax status, when the request gives one: `exempt` or `reverse` (no tax charged), or `taxable`. */
  tax_status?: 'taxable' | 'exempt' | 'reverse';
  /** An exempt customer's certificate, when the request gives one. */
  exemption_certificate?: string;
}

/** A transaction as taxed (the service's answer to `POST /transactions`, version 20260309). */
export interface TaxTransaction {
  /** The stored record's id: null here (taxrules stores nothing); the store that keeps the transaction sets it. */
  id: number | null;
  source: string;
  source_id: string;
  transaction_type: TaxTransactionType;
  /** The sale a refund refunds (null for a sale). */
  refund_of_source_id: string | null;
  status: 'taxed';
  /** `domestic` when the customer is taxed in the country the supply is made from, else `cross_border`. */
  supply_type: SupplyType;
  date: string;
  currency: string;
  tax_behavior: TaxBehavior;
  customer: TaxTransactionCustomerResult;
  origin_address: CalculationAddress | null;
  /** Net of tax; a refund's figures are negative. */
  subtotal: string;
  /** The request's `total_tax` when it gave one (see `discrepancy`), else the sum of the items' taxes. */
  total_tax: string;
  /** subtotal + total_tax. */
  total: string;
  items: CalculationLineResult[];
  /** The delivery charge, when the request has one (see `shipping_cost` of calculations); a refund's is the part of the sale's it refunds. */
  shipping_cost?: ShippingCostResult;
  tax_breakdown: TaxBreakdownEntry[];
  tax_context: TaxContext;
  tax_id_validation: { tax_id: string; country: string; valid: boolean | null } | null;
  /** The totals in the account's currency, when the transaction's differs and the options give a rate (else null). */
  exchange_rate: TaxTransactionExchangeRate | null;
  /** When the request gave `total_tax`: it, the tax calculated, and the difference (given − calculated). */
  discrepancy: TaxDiscrepancy | null;
}

/** A batch as taxed: every transaction, in the request's order. */
export interface TaxTransactionBatch {
  id: number | null;
  status: 'taxed';
  transactions: TaxTransaction[];
}

/** Options of `computeBatch`. */
export interface TaxTransactionBatchOptions {
  rules?: RuleSet;
  taxIdVerdict?: TaxIdVerdictFunction;
  /** Reuse decisions between calls (default true). */
  cache?: boolean;
  /** Refuses (422) a transaction whose date is more than this many days after its jurisdiction's data was last checked; see CalculateOptions.maxRulesAge. */
  maxRulesAge?: number;
  /** The source ids already taken, as a list or a lookup: a transaction whose id is taken is refused (422). */
  usedSourceIds?: readonly SourceKey[] | ((key: SourceKey) => boolean);
  /**
   * Dated exchange rates, units of the account's currency per unit of another (e.g. a central
   * bank's reference rates): `{ currency, date, rate }` or `{ currency, from, until, rate }`.
   * A transaction in another currency than the account's is converted at its date's rate; a
   * table without one is a 422. Or a function asked for each rate, `(currency, date,
   * accountCurrency) => rate` (the ECB's reference rates: `ecbRates` of `taxrules/ecb`).
   */
  exchangeRates?: readonly ExchangeRate[] | ExchangeRateFunction;
}

/** Options of `computeTransaction`. */
export interface TaxTransactionOptions extends TaxTransactionBatchOptions {
  /** For a refund: the sale it names, as `computeTransaction` answered it. */
  original?: TaxTransaction;
  /** For a refund: the refunds already made of that sale (what is left of the sale is what they leave). */
  earlierRefunds?: readonly TaxTransaction[];
  /** One exchange rate for this transaction, units of the account's currency per unit of the transaction's (a number or a decimal string). */
  exchangeRate?: number | string;
}

const SOURCE_KEY_FIELDS = ['source', 'transaction_type', 'source_id'];

const isUsedSourceIds = (v: unknown): boolean => typeof v === 'function' || Array.isArray(v);

const BATCH_OPTIONS: { readonly [K in keyof TaxTransactionBatchOptions]-?: OptionCheck } = {
  rules: RULE_SET,
  taxIdVerdict: [isFunction, "a function (country, taxId) => 'valid' | 'invalid' | 'unknown'"],
  cache: [isBoolean, 'true or false'],
  maxRulesAge: MAX_RULES_AGE,
  usedSourceIds: [isUsedSourceIds, 'an array of { source, transaction_type, source_id }, or a function (key) => boolean'],
  exchangeRates: [(v) => Array.isArray(v) || typeof v === 'function', 'an array of { currency, date | from, until, rate }, or a function (currency, date, accountCurrency) => rate'],
};

const TRANSACTION_OPTIONS: { readonly [K in keyof TaxTransactionOptions]-?: OptionCheck } = {
  ...BATCH_OPTIONS,
  original: [(v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'a transaction (what computeTransaction answered)'],
  earlierRefunds: [Array.isArray, 'an array of transactions'],
  exchangeRate: [(v) => rateText(v) !== null, 'a positive decimal: a number or a decimal string such as "1.0842"'],
};

/** A transaction request as checked: own fields only (every field, undefined when absent), defaults not yet applied. */
export interface Parsed {
  transaction_type?: TaxTransactionType;
  source?: string;
  source_id: string;
  refund_of_source_id?: string | null;
  date: string;
  currency: string;
  tax_behavior?: TaxBehavior;
  total?: string;
  total_tax?: string;
  customer: { name?: string; tax_id?: string | null; address: CalculationAddress; tax_status?: 'taxable' | 'exempt' | 'reverse'; exemption_certificate?: string | null };
  origin_address?: CalculationAddress | null;
  shipping_cost?: { amount: string } | null;
  items: ParsedItem[];
}

interface ParsedItem {
  reference: string;
  amount: string;
  quantity?: number;
  tax_code?: CalculationLineResult['tax_code'];
  product_type?: CalculationLineResult['product_type'];
  tax_behavior?: TaxBehavior;
}

type Path = (string | number)[];

const ADDRESS_FIELDS = ['country', 'state', 'postal_code', 'city', 'line1', 'line2'];
const ITEM_FIELDS = ['reference', 'amount', 'quantity', 'tax_code', 'product_type', 'tax_behavior'];
const SHIPPING_FIELDS = ['amount'];
const CUSTOMER_FIELDS = ['name', 'tax_id', 'address', 'tax_status', 'exemption_certificate'];
const TRANSACTION_FIELDS = ['transaction_type', 'source', 'source_id', 'refund_of_source_id', 'date', 'currency', 'tax_behavior', 'total', 'total_tax', 'customer', 'origin_address', 'shipping_cost', 'items'];

/**
 * The fields `keys` of an object on a plain object, each its own value or undefined: what is
 * read after the schema, so that no read of a field (one the input left out included) can
 * reach a prototype, a polluted Object.prototype's or any other.
 */
function fields<T>(value: T, keys: readonly string[]): T {
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = hasOwn.call(value as object, k) ? (value as Record<string, unknown>)[k] : undefined;
  return out as T;
}

function ownTransaction(t: Parsed): Parsed {
  const out = fields(t, TRANSACTION_FIELDS);
  out.currency = out.currency.toUpperCase();
  const customer = fields(out.customer, CUSTOMER_FIELDS);
  customer.address = fields(customer.address, ADDRESS_FIELDS);
  out.customer = customer;
  if (out.origin_address) out.origin_address = fields(out.origin_address, ADDRESS_FIELDS);
  if (out.shipping_cost) out.shipping_cost = fields(out.shipping_cost, SHIPPING_FIELDS);
  out.items = out.items.map((i) => fields(i, ITEM_FIELDS));
  return out;
}

/*
 * The fast reading of a transaction the schema accepts as it is: its own enumerable fields
 * walked once with for…in (an inherited one skipped, never read), each checked as the schema
 * checks it, an unknown one refused; the answer has the shape ownTransaction gives the
 * schema's output (every field, undefined when absent). Anything else — what the schema
 * refuses — answers null, for the schema to read and name the issues.
 */

const isText = (v: unknown, min: number, max: number): v is string => typeof v === 'string' && v.length >= min && v.length <= max;
const isDecimal = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_AMOUNT_LENGTH && isAmountText(v);
const isOneOf = <T extends string>(v: unknown, allowed: readonly T[]): v is T => typeof v === 'string' && (allowed as readonly string[]).includes(v);

/** A currency code: three letters of either case (/^[A-Za-z]{3}$/), read in capitals as every entry reads it. */
function isLetterCode(v: unknown): v is string {
  if (typeof v !== 'string' || v.length !== 3) return false;
  for (let i = 0; i < 3; i++) {
    const c = v.charCodeAt(i) | 0x20;
    if (c < 97 || c > 122) return false;
  }
  return true;
}


/** The longest text of each optional field of an address, as the schema has them. */
const ADDRESS_TEXT: Readonly<Record<string, number>> = { state: 100, postal_code: 20, city: 200, line1: 200, line2: 200 };

/** An address the schema accepts, or null. */
function plainAddress(a: unknown): CalculationAddress | null {
  if (!isRecord(a)) return null;
  const out: Record<string, string | undefined> = { country: undefined, state: undefined, postal_code: undefined, city: undefined, line1: undefined, line2: undefined };
  for (const key in a) {
    if (!hasOwn.call(a, key)) continue;
    const v = a[key];
    if (key === 'country') {
      if (typeof v !== 'string' || !isCountryText(v)) return null;
      out.country = v;
      continue;
    }
    if (!hasOwn.call(ADDRESS_TEXT, key)) return null;
    if (v === undefined) continue;
    if (!isText(v, 0, ADDRESS_TEXT[key] as number)) return null;
    out[key] = v;
  }
  return out.country === undefined ? null : (out as unknown as CalculationAddress);
}

/** An item the schema accepts (`batch`: a batch's, without tax_behavior), or null. */
function plainItem(item: unknown, batch: boolean): ParsedItem | null {
  if (!isRecord(item)) return null;
  let reference: string | undefined;
  let amount: string | undefined;
  let quantity: number | undefined;
  let taxCode: ParsedItem['tax_code'];
  let productType: ParsedItem['product_type'];
  let behavior: TaxBehavior | undefined;
  for (const key in item) {
    if (!hasOwn.call(item, key)) continue;
    const v = item[key];
    switch (key) {
      case 'reference':
        if (!isText(v, 1, 200)) return null;
        reference = v;
        break;
      case 'amount':
        if (!isDecimal(v)) return null;
        amount = v;
        break;
      case 'quantity':
        if (v === undefined) break;
        if (!(typeof v === 'number' && Number.isSafeInteger(v) && v > 0)) return null;
        quantity = v;
        break;
      case 'tax_code':
        if (v === undefined) break;
        if (!isOneOf(v, TAX_CODES)) return null;
        taxCode = v;
        break;
      case 'product_type':
        if (v === undefined) break;
        if (!isOneOf(v, PRODUCT_TYPES)) return null;
        productType = v;
        break;
      case 'tax_behavior':
        if (batch) return null; // unknown to a batch's schema, even without a value
        if (v === undefined) break;
        if (!isOneOf(v, BEHAVIORS)) return null;
        behavior = v;
        break;
      default:
        return null;
    }
  }
  if (reference === undefined || amount === undefined) return null;
  return { reference, amount, quantity, tax_code: taxCode, product_type: productType, tax_behavior: behavior };
}

/** The customer the schema accepts, or null. */
function plainCustomer(c: unknown): Parsed['customer'] | null {
  if (!isRecord(c)) return null;
  let name: string | undefined;
  let taxId: string | null | undefined;
  let address: CalculationAddress | null = null;
  let status: 'taxable' | 'exempt' | 'reverse' | undefined;
  let certificate: string | null | undefined;
  for (const key in c) {
    if (!hasOwn.call(c, key)) continue;
    const v = c[key];
    switch (key) {
      case 'name':
        if (v === undefined) break;
        if (!isText(v, 0, 200)) return null;
        name = v;
        break;
      case 'tax_id':
        if (v === undefined) break;
        if (v !== null && !isText(v, 0, 50)) return null;
        taxId = v;
        break;
      case 'address':
        address = plainAddress(v);
        if (address === null) return null;
        break;
      case 'tax_status':
        if (v === undefined) break;
        if (!isOneOf(v, CUSTOMER_TAX_STATUSES)) return null;
        status = v;
        break;
      case 'exemption_certificate':
        if (v === undefined) break;
        if (v !== null && !isText(v, 0, 100)) return null;
        certificate = v;
        break;
      default:
        return null;
    }
  }
  if (address === null) return null;
  return { name, tax_id: taxId, address, tax_status: status, exemption_certificate: certificate };
}

/**
 * A transaction the schema accepts as it is (`batch`: the batch's schema, else the single
 * transaction's), read as ownTransaction reads the schema's output; null for anything else.
 * An exception of a getter or a Proxy trap is thrown as it is.
 */
export function plainTransaction(t: unknown, batch: boolean): Parsed | null {
  if (!isRecord(t)) return null;
  const d: PlainDraft = { type: undefined, source: undefined, sourceId: undefined, refundOf: undefined, date: undefined, currency: undefined, behavior: undefined, total: undefined, totalTax: undefined, customer: undefined, origin: undefined, shipping: undefined, items: undefined };
  for (const key in t) {
    if (hasOwn.call(t, key) && !plainField(d, key, t[key], batch)) return null;
  }
  if (d.sourceId === undefined || d.date === undefined || d.currency === undefined || d.customer === undefined || d.items === undefined) return null;
  return {
    transaction_type: d.type,
    source: d.source,
    source_id: d.sourceId,
    refund_of_source_id: d.refundOf,
    date: d.date,
    currency: d.currency,
    tax_behavior: d.behavior,
    total: d.total,
    total_tax: d.totalTax,
    customer: d.customer,
    origin_address: d.origin,
    shipping_cost: d.shipping,
    items: d.items,
  };
}

/** A transaction's fields as plainTransaction reads them. */
interface PlainDraft {
  type: TaxTransactionType | undefined;
  source: string | undefined;
  sourceId: string | undefined;
  refundOf: string | null | undefined;
  date: string | undefined;
  currency: string | undefined;
  behavior: TaxBehavior | undefined;
  total: string | undefined;
  totalTax: string | undefined;
  customer: Parsed['customer'] | undefined;
  origin: CalculationAddress | null | undefined;
  shipping: { amount: string } | null | undefined;
  items: ParsedItem[] | undefined;
}

/** The items the schema accepts as they are, else null (no item at all is the schema's to judge: a refund of the shipping cost alone). */
function plainItems(v: unknown, batch: boolean): ParsedItem[] | null {
  if (!Array.isArray(v) || v.length < 1 || v.length > MAX_LINE_ITEMS) return null;
  const read = new Array<ParsedItem>(v.length);
  for (let i = 0; i < v.length; i++) {
    const item = hasOwn.call(v, i) ? plainItem(v[i], batch) : null;
    if (item === null) return null;
    read[i] = item;
  }
  return read;
}

/** A shipping cost the schema accepts as it is (`{ amount }`), else false. */
function plainShipping(v: unknown): { amount: string } | false {
  if (!isRecord(v)) return false;
  let amount: string | undefined;
  for (const k in v) {
    if (!hasOwn.call(v, k)) continue;
    if (k !== 'amount' || !isDecimal(v[k])) return false;
    amount = v[k] as string;
  }
  return amount === undefined ? false : { amount };
}

/** Reads one own field of a transaction into `d`: false when the schema would not accept it as it is (or does not know it). */
function plainField(d: PlainDraft, key: string, v: unknown, batch: boolean): boolean {
  switch (key) {
    case 'transaction_type':
      if (batch) return false;
      if (v === undefined) return true;
      if (!isOneOf(v, TRANSACTION_TYPES)) return false;
      d.type = v;
      return true;
    case 'source':
      if (v === undefined) return true;
      if (!isText(v, 1, MAX_SOURCE_LENGTH)) return false;
      d.source = v;
      return true;
    case 'source_id':
      if (!isText(v, 1, MAX_SOURCE_ID_LENGTH)) return false;
      d.sourceId = v;
      return true;
    case 'refund_of_source_id':
      if (batch) return false;
      if (v === undefined) return true;
      if (v !== null && !isText(v, 1, MAX_SOURCE_ID_LENGTH)) return false;
      d.refundOf = v;
      return true;
    case 'date':
      if (typeof v !== 'string' || !isTransactionDate(v)) return false;
      d.date = v;
      return true;
    case 'currency':
      if (!isLetterCode(v)) return false;
      d.currency = v.toUpperCase();
      return true;
    case 'tax_behavior':
      if (batch) return false; // unknown to a batch's schema, even without a value
      if (v === undefined) return true;
      if (!isOneOf(v, BEHAVIORS)) return false;
      d.behavior = v;
      return true;
    case 'total':
      if (!batch) return false;
      if (v === undefined) return true;
      if (!isDecimal(v)) return false;
      d.total = v;
      return true;
    case 'total_tax':
      if (v === undefined) return true;
      if (!isDecimal(v)) return false;
      d.totalTax = v;
      return true;
    default:
      return plainPart(d, key, v, batch);
  }
}

/** Reads one of a transaction's object fields (customer, origin address, shipping cost, items) into `d`, as plainField does. */
function plainPart(d: PlainDraft, key: string, v: unknown, batch: boolean): boolean {
  switch (key) {
    case 'customer': {
      const c = plainCustomer(v);
      if (c === null) return false;
      d.customer = c;
      return true;
    }
    case 'origin_address':
      if (v === undefined) return true;
      if (v === null) d.origin = null;
      else {
        d.origin = plainAddress(v);
        if (d.origin === null) return false;
      }
      return true;
    case 'shipping_cost': {
      if (batch) return false;
      if (v === undefined) return true;
      const s = v === null ? null : plainShipping(v);
      if (s === false) return false;
      d.shipping = s;
      return true;
    }
    case 'items': {
      const read = plainItems(v, batch);
      if (read === null) return false;
      d.items = read;
      return true;
    }
    default:
      return false;
  }
}

/**
 * A transaction read against its schema (`batch`: a batch's), on a copy of its own fields: as
 * ownTransaction reads the schema's output, or its issues thrown under `prefix`.
 */
export function parsedBySchema(value: unknown, prefix: Path, batch: boolean): Parsed {
  const schema = batch ? transactionSchemas().batchTransaction : transactionSchemas().transaction;
  const parsed = checkBySchema(schema, ownCopy(value, 4, MAX_LINE_ITEMS), prefix);
  if (!parsed.success) throw errorFromIssues(batchHints(parsed.issues));
  return ownTransaction(parsed.data as Parsed);
}

/**
 * Reads one transaction: directly when the fast reading accepts it, else by the schema (which
 * names the issues). A reading that throws (a getter, a Proxy trap) is done again by the
 * schema's copy, which throws what a full reading throws.
 */
function readWith(value: unknown, prefix: Path, batch: boolean): Parsed {
  try {
    const fast = plainTransaction(value, batch);
    if (fast !== null) return fast;
  } catch {
    // Read again below.
  }
  return parsedBySchema(value, prefix, batch);
}

/** A batch's fields that single transactions have: the unknown-field issue says why a batch has them not. */
function batchHints(issues: TaxRulesIssue[]): TaxRulesIssue[] {
  return issues.map((i) => {
    if (i.code !== 'unknown_field' || i.path[0] !== 'transactions') return i;
    const last = i.path[i.path.length - 1];
    if (last === 'transaction_type' || last === 'refund_of_source_id') return { ...i, message: `${i.path.join('.')}: unknown field; a batch takes sales only` };
    if (last === 'tax_behavior') return { ...i, message: `${i.path.join('.')}: unknown field; a batch's amounts are always tax-inclusive` };
    return i;
  });
}

/** The key of a source id, for sets. */
const keyOf = (k: SourceKey): string => JSON.stringify([k.source, k.transaction_type, k.source_id]);

/** The check of the source ids already taken (the options' list or function), or null. */
function sourceIdCheck(used: TaxTransactionBatchOptions['usedSourceIds']): ((key: SourceKey) => boolean) | null {
  if (used === undefined) return null;
  if (typeof used === 'function') {
    return (key) => {
      let answer: unknown;
      try {
        answer = used({ ...key });
      } catch (e) {
        throw unreadable(e, ['options', 'usedSourceIds'], 'options.usedSourceIds()');
      }
      if (typeof answer !== 'boolean') throw errorFromIssues([{ path: ['options', 'usedSourceIds'], code: 'malformed', message: `options.usedSourceIds() must return true or false, got ${quoted(answer, 60)}` }]);
      return answer;
    };
  }
  const issues: TaxRulesIssue[] = [];
  const keys = new Set<string>();
  const list = ownCopy(used, 2, Number.MAX_SAFE_INTEGER) as unknown[];
  list.forEach((entry, i) => {
    const at = ['options', 'usedSourceIds', i];
    const e = entry as Record<string, unknown> | null;
    const ok =
      typeof e === 'object' &&
      e !== null &&
      Object.keys(e).every((k) => SOURCE_KEY_FIELDS.includes(k)) &&
      typeof e.source === 'string' &&
      typeof e.source_id === 'string' &&
      (e.transaction_type === 'sale' || e.transaction_type === 'refund');
    if (!ok) issues.push({ path: at, code: 'malformed', message: `${at.join('.')} must be { source, transaction_type: 'sale' | 'refund', source_id }, got ${quoted(entry, 60)}` });
    else keys.add(keyOf(e as unknown as SourceKey));
  });
  if (issues.length > 0) throw errorFromIssues(issues);
  return (key) => keys.has(keyOf(key));
}

/** Issue paths of the calculation, as the transaction names the same fields. */
function transactionPath(path: Path): Path {
  const [head, ...rest] = path;
  switch (head) {
    case 'customer_address':
      return ['customer', 'address', ...rest];
    case 'customer_tax_id':
      return ['customer', 'tax_id', ...rest];
    case 'customer_tax_status':
      return ['customer', 'tax_status', ...rest];
    case 'customer_exemption_certificate':
      return ['customer', 'exemption_certificate', ...rest];
    case 'line_items':
      return ['items', ...rest];
    case 'tax_date':
      return ['date', ...rest];
    default:
      return path;
  }
}

function transactionMessage(message: string): string {
  return message
    .replace(/\bline_items\.(\d+)/g, 'items.$1')
    .replace(/\bcustomer_address\b/g, 'customer.address')
    .replace(/\bcustomer_tax_id\b/g, 'customer.tax_id')
    .replace(/\bcustomer_tax_status\b/g, 'customer.tax_status')
    .replace(/\bcustomer_exemption_certificate\b/g, 'customer.exemption_certificate')
    .replace(/\btax_date\b/g, 'date');
}

/** Whether calculate's check of its options would accept these as they are (see CALCULATION_OPTIONS). */
function optionsOk(o: CalculationOptions): boolean {
  return (o.rules === undefined || RULE_SET[0](o.rules)) && (o.taxIdVerdict === undefined || isFunction(o.taxIdVerdict)) && (o.cache === undefined || isBoolean(o.cache));
}

/** Runs the calculation (its answer and its priced sale's sums); its errors name the transaction's fields. */
function calculated(request: CalculationRequest, account: SellerAccount, options: TaxTransactionBatchOptions, engine: Engine): PricedCalculation {
  try {
    const o: CalculationOptions = { rules: options.rules, taxIdVerdict: options.taxIdVerdict, cache: options.cache, now: undefined };
    // Options calculate's own check would accept as they are skip it (a batch calculates hundreds of times); any other is checked there.
    return calculatePriced(request, account, o, engine, optionsOk(o));
  } catch (e) {
    if (!(e instanceof TaxRulesError)) throw e;
    const issues = e.issues.map((i) => ({ ...i, path: transactionPath(i.path), message: transactionMessage(i.message) }));
    throw new TaxRulesError(e.code, e.status, issues);
  }
}

const sign = (v: bigint): number => (v > 0n ? 1 : v < 0n ? -1 : 0);
const abs = (v: bigint): bigint => (v < 0n ? -v : v);

/** An amount in minor units as a BigInt, or null when it has more decimals than the currency. */
function minorOf(text: string, minorUnits: number): bigint | null {
  const p = parseAmount(text, minorUnits);
  return p.ok ? BigInt(p.minor) : null;
}

const money = (v: bigint, minorUnits: number): string => formatMinor(normalMinor(v), minorUnits);

/** A transaction's totals in minor units (signed as its figures), carried beside its text. */
interface Sums {
  readonly subtotal: bigint;
  readonly tax: bigint;
  readonly total: bigint;
}

/** A transaction taxed, with its totals as numbers. */
interface Taxed {
  readonly t: TaxTransaction;
  readonly sums: Sums;
}

/** The totals of a transaction known only by its text (a refund's, worked from stored transactions). */
function sumsOf(t: TaxTransaction, mu: number): Sums {
  return { subtotal: parseMinorOrThrow(t.subtotal, mu), tax: parseMinorOrThrow(t.total_tax, mu), total: parseMinorOrThrow(t.total, mu) };
}

/** What the checks of one transaction read besides the request. */
interface Context {
  account: SellerAccount;
  options: TaxTransactionOptions;
  engine: Engine;
  used: ((key: SourceKey) => boolean) | null;
  /** The options' table of exchange rates, checked. */
  rates: ExchangeRate[] | ExchangeRateFunction | undefined;
  /** Batch transactions: sales with tax-inclusive amounts. */
  batch: boolean;
}

/**
 * `POST /transactions` (version 20260309): the transaction taxed, with status `taxed`, its
 * supply type, items, tax breakdown and totals. A sale's items are taxed by `calculate`; a
 * refund (`transaction_type: 'refund'`, `refund_of_source_id`) carries the prorated part of
 * the sale's taxes, the sale handed over as `options.original` and the refunds already made of
 * it as `options.earlierRefunds`. Throws TaxRulesError (400/404/406/422) listing every
 * problem, and nothing else.
 */
export function computeTransaction(request: TaxTransactionRequest, account: SellerAccount, options?: TaxTransactionOptions | null): TaxTransaction;
export function computeTransaction<R>(request: unknown extends R ? R : never, account: SellerAccount, options?: TaxTransactionOptions | null): TaxTransaction;
export function computeTransaction(request: unknown, account: SellerAccount, options?: TaxTransactionOptions | null): TaxTransaction {
  try {
    const o = readOptions<TaxTransactionOptions>(options, TRANSACTION_OPTIONS);
    const engine = agedEngine(engineFor(o.rules), maxRulesAgeOf(o));
    engine.accounts.prepare(account);
    const req = readWith(request, [], false);
    const rates = o.exchangeRates === undefined || typeof o.exchangeRates === 'function' ? o.exchangeRates : readRateTable(ownCopy(o.exchangeRates, 2, Number.MAX_SAFE_INTEGER) as unknown[]);
    return transactionOf(req, { account, options: o, engine, used: sourceIdCheck(o.usedSourceIds), rates, batch: false }, []);
  } catch (e) {
    throw unreadable(e, []);
  }
}

/**
 * `POST /transactions/batch` (version 20260309): up to 500 sales, their amounts tax-inclusive.
 * Every transaction is checked and taxed before any is answered; one that fails fails the
 * batch, and the TaxRulesError lists the problems of every transaction under its index
 * (`transactions.3.items.0.amount`). A source id given twice in the batch, or already taken
 * (`options.usedSourceIds`), is refused.
 */
export function computeBatch(request: TaxTransactionBatchRequest, account: SellerAccount, options?: TaxTransactionBatchOptions | null): TaxTransactionBatch;
export function computeBatch<R>(request: unknown extends R ? R : never, account: SellerAccount, options?: TaxTransactionBatchOptions | null): TaxTransactionBatch;
export function computeBatch(request: unknown, account: SellerAccount, options?: TaxTransactionBatchOptions | null): TaxTransactionBatch {
  try {
    const o = readOptions<TaxTransactionBatchOptions>(options, BATCH_OPTIONS);
    const engine = agedEngine(engineFor(o.rules), maxRulesAgeOf(o));
    engine.accounts.prepare(account);
    const used = sourceIdCheck(o.usedSourceIds);
    const rates = o.exchangeRates === undefined || typeof o.exchangeRates === 'function' ? o.exchangeRates : readRateTable(ownCopy(o.exchangeRates, 2, Number.MAX_SAFE_INTEGER) as unknown[]);
    const list = readBatchList(request);
    const issues: TaxRulesIssue[] = [];
    const out: TaxTransaction[] = [];
    const seen = new Map<string, number>();
    list.forEach((value, i) => {
      const prefix: Path = ['transactions', i];
      try {
        const req = readWith(value, prefix, true);
        const source = req.source ?? 'api';
        const key = keyOf({ source, transaction_type: 'sale', source_id: req.source_id });
        const first = seen.get(key);
        if (first !== undefined) {
          issues.push({ path: [...prefix, 'source_id'], code: 'unprocessable', message: `transactions.${i}.source_id ${quoted(req.source_id, 60)} repeats transactions.${first}.source_id (source ${quoted(source, 40)}); source ids are unique per source` });
        } else seen.set(key, i);
        out.push(transactionOf(req, { account, options: o, engine, used, rates, batch: true }, prefix));
      } catch (e) {
        if (!(e instanceof TaxRulesError) || e.issues.some((iss) => iss.path[0] === 'options' || iss.path[0] === 'account')) throw e;
        issues.push(...e.issues);
      }
    });
    if (issues.length > 0) throw errorFromIssues(issues);
    return { id: null, status: 'taxed', transactions: out };
  } catch (e) {
    throw unreadable(e, []);
  }
}

/** The batch's list of transactions: `{ transactions: [...] }`, 1 to 500 of them, nothing else. */
function readBatchList(request: unknown): unknown[] {
  const shape = transactionSchemas().batchShape;
  const parsed = checkBySchema(shape, ownCopy(request, 2, MAX_BATCH_TRANSACTIONS));
  if (!parsed.success) throw errorFromIssues(parsed.issues);
  return parsed.data.transactions;
}

/** One transaction, checked and taxed; throws its issues (paths under `prefix`). */
function transactionOf(req: Parsed, ctx: Context, prefix: Path): TaxTransaction {
  const type: TaxTransactionType = req.transaction_type ?? 'sale';
  const source = req.source ?? 'api';
  const rules = ctx.engine.rules;
  const issues: TaxRulesIssue[] = [];
  const at = (...path: Path): Path => [...prefix, ...path];
  const name = (...path: Path): string => at(...path).join('.');

  const minorUnits = rules.currencies.get(req.currency);
  if (minorUnits === undefined) issues.push({ path: at('currency'), code: 'invalid_value', message: `${name('currency')} ${req.currency} is not an ISO 4217 currency code` });
  const amounts: bigint[] = [];
  const firstOf = new Map<string, number>();
  req.items.forEach((item, i) => {
    const f = firstOf.get(item.reference);
    if (f !== undefined) issues.push({ path: at('items', i, 'reference'), code: 'invalid_value', message: `${name('items', i, 'reference')} ${quoted(item.reference, 60)} repeats ${name('items', f, 'reference')}; references must be unique` });
    else firstOf.set(item.reference, i);
    if (minorUnits === undefined) return;
    const m = minorOf(item.amount, minorUnits);
    if (m === null) issues.push({ path: at('items', i, 'amount'), code: 'malformed', message: `${name('items', i, 'amount')} ${quoted(item.amount, 60)} has more decimals than ${req.currency} allows (${minorUnits})` });
    else amounts.push(m);
  });
  // Both fields present (undefined until read): an absent one is not looked up on a prototype.
  const given: { total: bigint | undefined; total_tax: bigint | undefined } = { total: undefined, total_tax: undefined };
  for (const field of ['total', 'total_tax'] as const) {
    const text = req[field];
    if (text === undefined || minorUnits === undefined) continue;
    const m = minorOf(text, minorUnits);
    if (m === null) issues.push({ path: at(field), code: 'malformed', message: `${name(field)} ${quoted(text, 60)} has more decimals than ${req.currency} allows (${minorUnits})` });
    else given[field] = m;
  }

  if (type === 'sale') {
    if (req.refund_of_source_id !== undefined && req.refund_of_source_id !== null) {
      issues.push({ path: at('refund_of_source_id'), code: 'malformed', message: `${name('refund_of_source_id')}: only a refund names a sale; a sale has none (or null)` });
    }
    if (ctx.options.original !== undefined) issues.push({ path: ['options', 'original'], code: 'malformed', message: 'options.original is for a refund; this transaction is a sale' });
    if (ctx.options.earlierRefunds !== undefined) issues.push({ path: ['options', 'earlierRefunds'], code: 'malformed', message: 'options.earlierRefunds is for a refund; this transaction is a sale' });
  } else {
    if (req.refund_of_source_id === undefined || req.refund_of_source_id === null) {
      issues.push({ path: at('refund_of_source_id'), code: 'missing', message: `${name('refund_of_source_id')} is required when transaction_type is refund` });
    }
    // A refund is taxed as its sale was: what decided the sale's taxes is not given again.
    if (req.tax_behavior !== undefined) issues.push({ path: at('tax_behavior'), code: 'malformed', message: `${name('tax_behavior')}: a refund takes each item's tax behavior from the sale; leave it out` });
    if (req.origin_address !== undefined && req.origin_address !== null) issues.push({ path: at('origin_address'), code: 'malformed', message: `${name('origin_address')}: a refund is taxed as its sale, from the sale's origin; leave it out` });
    req.items.forEach((item, i) => {
      for (const field of ['tax_code', 'product_type', 'tax_behavior'] as const) {
        if (item[field] !== undefined) issues.push({ path: at('items', i, field), code: 'malformed', message: `${name('items', i, field)}: a refunded item is taxed as the sale's item of its reference; leave ${field} out` });
      }
    });
  }
  if (issues.length > 0) throw errorFromIssues(issues);

  if (ctx.used?.({ source, transaction_type: type, source_id: req.source_id })) {
    throw errorFromIssues([{ path: at('source_id'), code: 'unprocessable', message: `${name('source_id')} ${quoted(req.source_id, 60)} is already taken for ${type}s of source ${quoted(source, 40)}; source ids are unique per source and transaction type` }]);
  }

  const mu = minorUnits as number;
  const stored = type === 'refund' ? storedOf(req, ctx, prefix) : undefined;
  const base: Taxed = stored === undefined ? saleOf(req, source, ctx, prefix) : withSums(refundOf(req, source, amounts, mu, stored, prefix), mu);
  if (stored !== undefined && given.total_tax === undefined && stored.sale.discrepancy !== null) {
    // The sale's tax was the seller's own figure: what part of it a refund returns is the seller's to say.
    throw errorFromIssues([{ path: at('total_tax'), code: 'missing', message: `${name('total_tax')} is required: the sale's tax was given as its total_tax, so its refunds give theirs` }]);
  }
  const withTax = given.total_tax === undefined ? base : withGivenTax(base, stored === undefined ? given.total_tax : -given.total_tax, mu, at('total_tax'), stored);
  if (given.total !== undefined && withTax.sums.total !== given.total) {
    throw errorFromIssues([{ path: at('total'), code: 'unprocessable', message: `${name('total')} ${req.total} is not the transaction's total ${withTax.t.total} (the sum of its tax-inclusive items)` }]);
  }
  return { ...withTax.t, exchange_rate: exchangeOf(withTax, ctx, mu, prefix, stored) };
}

/** A refund with its totals (read from its text). */
function withSums(t: TaxTransaction, mu: number): Taxed {
  return { t, sums: sumsOf(t, mu) };
}

function parseMinorOrThrow(text: string, minorUnits: number): bigint {
  const m = minorOf(text, minorUnits);
  if (m === null) throw new RangeError(`${text} is not an amount in ${minorUnits} decimals`);
  return m;
}

/** An address as the transaction answers it: its fields that have a value, in their order. */
function echoed(a: CalculationAddress): CalculationAddress {
  const out: Record<string, string> = {};
  for (const k of ADDRESS_FIELDS) {
    const v = (a as Record<string, string | undefined>)[k];
    if (v !== undefined) out[k] = v;
  }
  return out as unknown as CalculationAddress;
}

/** The customer as the transaction answers it. */
function customerOf(req: Parsed): TaxTransactionCustomerResult {
  const c = req.customer;
  const certificate = c.exemption_certificate?.trim();
  return { name: c.name ?? null, tax_id: c.tax_id ?? null, address: echoed(c.address), ...(c.tax_status === undefined ? {} : { tax_status: c.tax_status }), ...(certificate ? { exemption_certificate: certificate } : {}) };
}

/** A sale: its items taxed by the calculation of the same lines, its totals the priced sale's. */
function saleOf(req: Parsed, source: string, ctx: Context, prefix: Path): Taxed {
  const behavior: TaxBehavior = ctx.batch ? 'inclusive' : (req.tax_behavior ?? 'exclusive');
  // Every field given, undefined when absent: the calculation reads none of them from a prototype.
  const request: CalculationRequest = {
    customer_address: req.customer.address,
    customer_tax_id: req.customer.tax_id,
    customer_tax_status: req.customer.tax_status,
    customer_exemption_certificate: req.customer.exemption_certificate,
    origin_address: req.origin_address,
    currency: req.currency,
    tax_date: dayNumber(req.date) * 86_400,
    tax_behavior: behavior,
    shipping_cost: req.shipping_cost ? { amount: req.shipping_cost.amount, tax_behavior: behavior } : undefined,
    line_items: req.items,
  };
  let priced: PricedCalculation;
  try {
    priced = calculated(request, ctx.account, ctx.options, ctx.engine);
  } catch (e) {
    if (e instanceof TaxRulesError && prefix.length > 0) {
      const within = (i: TaxRulesIssue): TaxRulesIssue => (i.path[0] === 'account' || i.path[0] === 'options' ? i : { ...i, path: [...prefix, ...i.path], message: `${prefix.join('.')}: ${i.message}` });
      throw new TaxRulesError(e.code, e.status, e.issues.map(within));
    }
    throw e;
  }
  const calc = priced.response;
  const t: TaxTransaction = {
    id: null,
    source,
    source_id: req.source_id,
    transaction_type: 'sale',
    refund_of_source_id: null,
    status: 'taxed',
    supply_type: calc.tax_context.origin.country === calc.tax_context.customer.country ? 'domestic' : 'cross_border',
    date: req.date,
    currency: calc.currency,
    tax_behavior: behavior,
    customer: customerOf(req),
    origin_address: req.origin_address ? echoed(req.origin_address) : null,
    subtotal: calc.subtotal,
    total_tax: calc.total_tax,
    total: calc.total,
    items: calc.line_items,
    ...(ownShipping(calc) === undefined ? {} : { shipping_cost: ownShipping(calc) }),
    tax_breakdown: calc.tax_breakdown,
    tax_context: calc.tax_context,
    tax_id_validation: calc.tax_id_validation,
    exchange_rate: null,
    discrepancy: null,
  };
  const { subtotal, tax, total } = priced.sums;
  return { t, sums: { subtotal: BigInt(subtotal), tax: BigInt(tax), total: BigInt(total) } };
}

/** A stored transaction handed over in the options, read by the answer's schema. */
function readStored(value: unknown, path: Path): TaxTransaction {
  const schema = transactionSchemas().result;
  const parsed = checkBySchema(schema, ownCopy(value, 7, 10_000), path);
  if (!parsed.success) throw errorFromIssues(parsed.issues);
  return parsed.data as unknown as TaxTransaction;
}

/** The figures of a stored item, checked to add up as this library makes them (magnitudes and the sign). */
function soldItemOf(item: CalculationLineResult, mu: number, path: Path): { sold: SoldItem; sign: number } | TaxRulesIssue {
  const read = (t: string): bigint | null => minorOf(t, mu);
  const amount = read(item.amount);
  const subtotal = read(item.amount_subtotal);
  const tax = read(item.amount_tax);
  const total = read(item.amount_total);
  const taxes = item.taxes.map((t) => read(t.amount));
  const taxable = item.taxes.map((t) => read(t.taxable_amount));
  const bad = (why: string): TaxRulesIssue => ({ path, code: 'unprocessable', message: `${path.join('.')} (${quoted(item.reference, 40)}) ${why}; pass the sale as computeTransaction answered it` });
  if (amount === null || subtotal === null || tax === null || total === null || taxes.includes(null) || taxable.includes(null)) return bad('has amounts in other decimals than the currency');
  const s = sign(amount);
  const inclusive = item.tax_behavior === 'inclusive';
  let sum = 0n;
  for (const t of taxes as bigint[]) sum += t;
  const addsUp = sum === tax && subtotal + tax === total && (inclusive ? total === amount : subtotal === amount);
  const signed = [subtotal, ...(taxes as bigint[]), ...(taxable as bigint[])].every((v) => v === 0n || sign(v) === s);
  if (!addsUp || !signed) return bad('does not add up (amount, subtotal, taxes and total)');
  return { sold: { amount: abs(amount), inclusive, taxes: (taxes as bigint[]).map(abs), taxable: (taxable as bigint[]).map(abs) }, sign: s };
}

/** A refund's sale and the refunds made of it before, as the options hand them over. */
interface Stored {
  sale: TaxTransaction;
  earlier: TaxTransaction[];
}

/** The stored transactions a refund reads, each read once; 404 without the sale. */
function storedOf(req: Parsed, ctx: Context, prefix: Path): Stored {
  if (ctx.options.original === undefined) {
    const at = [...prefix, 'refund_of_source_id'];
    throw new TaxRulesError('not_found', 404, [{ path: at, code: 'not_found', message: `${at.join('.')}: no sale ${quoted(req.refund_of_source_id, 60)} was handed over; pass it as options.original` }]);
  }
  const sale = readStored(ctx.options.original, ['options', 'original']);
  const earlier = (ctx.options.earlierRefunds ?? []).map((r, i) => readStored(r, ['options', 'earlierRefunds', i]));
  // Their totals are read as amounts of the sale's currency.
  const minorUnits = ctx.engine.rules.currencies.get(sale.currency);
  const issues: TaxRulesIssue[] = [];
  [sale, ...earlier].forEach((t, i) => {
    const path: Path = i === 0 ? ['options', 'original'] : ['options', 'earlierRefunds', i - 1];
    for (const field of ['subtotal', 'total_tax', 'total'] as const) {
      if (minorUnits === undefined || minorOf(t[field], minorUnits) === null) issues.push({ path: [...path, field], code: 'malformed', message: `${[...path, field].join('.')} ${quoted(t[field], 40)} is no amount in ${sale.currency}` });
    }
  });
  if (issues.length > 0) throw errorFromIssues(issues);
  return { sale, earlier };
}

/** A refund: the part of the sale's items it refunds, with their prorated taxes. */
function refundOf(req: Parsed, source: string, amounts: bigint[], mu: number, { sale, earlier }: Stored, prefix: Path): TaxTransaction {
  const at = (...path: Path): Path => [...prefix, ...path];
  const name = (...path: Path): string => at(...path).join('.');
  const saleId = req.refund_of_source_id as string;
  const issues: TaxRulesIssue[] = [];
  if (sale.transaction_type !== 'sale') issues.push({ path: ['options', 'original', 'transaction_type'], code: 'unprocessable', message: `options.original is a ${sale.transaction_type}; a refund refunds a sale` });
  if (sale.source !== source || sale.source_id !== saleId) {
    issues.push({ path: at('refund_of_source_id'), code: 'unprocessable', message: `${name('refund_of_source_id')} names sale ${quoted(saleId, 60)} of source ${quoted(source, 40)}, but options.original is sale ${quoted(sale.source_id, 60)} of source ${quoted(sale.source, 40)}` });
  }
  if (sale.currency !== req.currency) issues.push({ path: at('currency'), code: 'unprocessable', message: `${name('currency')} ${req.currency} is not the sale's currency ${sale.currency}; a refund is in the currency of its sale` });
  if (dayNumber(req.date) < dayNumber(sale.date)) issues.push({ path: at('date'), code: 'unprocessable', message: `${name('date')} ${req.date} is before the sale's date ${sale.date}` });
  const seenRefunds = new Set<string>([req.source_id]);
  earlier.forEach((r, i) => {
    const path: Path = ['options', 'earlierRefunds', i];
    if (r.transaction_type !== 'refund' || r.refund_of_source_id !== sale.source_id || r.source !== sale.source || r.currency !== sale.currency) {
      issues.push({ path, code: 'unprocessable', message: `${path.join('.')} is not a refund of sale ${quoted(sale.source_id, 60)} of source ${quoted(sale.source, 40)} in ${sale.currency}` });
    } else if (seenRefunds.has(r.source_id)) {
      issues.push({ path: [...path, 'source_id'], code: 'unprocessable', message: `${path.join('.')}.source_id ${quoted(r.source_id, 60)} is ${r.source_id === req.source_id ? "this refund's own source id" : 'given twice'}; a refund counts once` });
    } else seenRefunds.add(r.source_id);
  });
  if (issues.length > 0) throw errorFromIssues(issues);

  // What each item of the sale has had refunded so far.
  const saleItems = new Map(sale.items.map((item, i) => [item.reference, { item, index: i }]));
  const refundedBefore = new Map<string, bigint>();
  earlier.forEach((r, i) => {
    r.items.forEach((item, j) => {
      const path: Path = ['options', 'earlierRefunds', i, 'items', j];
      const m = minorOf(item.amount, mu);
      if (!saleItems.has(item.reference) || m === null) {
        issues.push({ path, code: 'unprocessable', message: `${path.join('.')} (${quoted(item.reference, 40)}) refunds no item of the sale` });
        return;
      }
      refundedBefore.set(item.reference, (refundedBefore.get(item.reference) ?? 0n) - m);
    });
  });
  if (issues.length > 0) throw errorFromIssues(issues);

  const items: CalculationLineResult[] = [];
  req.items.forEach((item, i) => {
    const found = saleItems.get(item.reference);
    if (found === undefined) {
      issues.push({ path: at('items', i, 'reference'), code: 'unprocessable', message: `${name('items', i, 'reference')} ${quoted(item.reference, 60)} is no item of sale ${quoted(saleId, 60)}` });
      return;
    }
    const read = soldItemOf(found.item, mu, ['options', 'original', 'items', found.index]);
    if (!Object.hasOwn(read, 'sold')) {
      issues.push(read as TaxRulesIssue);
      return;
    }
    const { sold, sign: s } = read as { sold: SoldItem; sign: number };
    const r = amounts[i] as bigint;
    const before = refundedBefore.get(item.reference) ?? 0n;
    const left = sold.amount - abs(before);
    const sale = found.item.amount;
    if (r === 0n) {
      issues.push({ path: at('items', i, 'amount'), code: 'unprocessable', message: `${name('items', i, 'amount')} is zero; a refunded item refunds some of its amount` });
    } else if (s === 0 || sign(r) !== s || (before !== 0n && sign(before) !== s)) {
      issues.push({ path: at('items', i, 'amount'), code: 'unprocessable', message: `${name('items', i, 'amount')} ${item.amount} cannot refund item ${quoted(item.reference, 40)} of amount ${sale}: a refunded amount has the sign of the sold one` });
    } else if (abs(r) > left) {
      issues.push({
        path: at('items', i, 'amount'),
        code: 'unprocessable',
        message: `${name('items', i, 'amount')} ${item.amount} is more than is left of item ${quoted(item.reference, 40)}: ${money(BigInt(s) * left, mu)} of ${sale} (${money(BigInt(s) * abs(before), mu)} refunded before)`,
      });
    } else {
      items.push(refundedItem(found.item, item, refundedPart(sold, abs(before), abs(r)), -s, mu));
    }
  });
  const shipping = req.shipping_cost ? refundedShippingOf(req.shipping_cost.amount, mu, sale, earlier, at, issues) : undefined;
  if (issues.length > 0) throw errorFromIssues(issues);

  let subtotal = 0n;
  let tax = 0n;
  for (const item of [...items, ...(shipping ? [shipping] : [])]) {
    subtotal += parseMinorOrThrow(item.amount_subtotal, mu);
    tax += parseMinorOrThrow(item.amount_tax, mu);
  }
  const behaviors = new Set([...items, ...(shipping ? [shipping] : [])].map((i) => i.tax_behavior));
  return {
    id: null,
    source,
    source_id: req.source_id,
    transaction_type: 'refund',
    refund_of_source_id: saleId,
    status: 'taxed',
    supply_type: sale.supply_type,
    date: req.date,
    currency: sale.currency,
    tax_behavior: behaviors.size === 1 ? ([...behaviors][0] as TaxBehavior) : sale.tax_behavior,
    customer: customerOf(req),
    origin_address: sale.origin_address,
    subtotal: money(subtotal, mu),
    total_tax: money(tax, mu),
    total: money(subtotal + tax, mu),
    items,
    ...(shipping === undefined ? {} : { shipping_cost: shipping }),
    tax_breakdown: breakdownOf([...items, ...(shipping ? [shipping] : [])], mu),
    tax_context: sale.tax_context,
    tax_id_validation: sale.tax_id_validation,
    exchange_rate: null,
    discrepancy: null,
  };
}

/** A refunded item: the sale's item with the refunded part's figures, signed `s` (the opposite of the sale's). */
function refundedItem(sold: CalculationLineResult, requested: ParsedItem, part: ReturnType<typeof refundedPart>, s: number, mu: number): CalculationLineResult {
  const signed = (v: bigint): string => money(BigInt(s) * v, mu);
  return {
    reference: sold.reference,
    quantity: requested.quantity ?? 1,
    tax_code: sold.tax_code,
    product_type: sold.product_type,
    tax_behavior: sold.tax_behavior,
    amount: signed(sold.tax_behavior === 'inclusive' ? part.total : part.subtotal),
    amount_subtotal: signed(part.subtotal),
    amount_tax: signed(part.tax),
    amount_total: signed(part.total),
    taxes: sold.taxes.map((t, k): LineTax => ({ ...t, taxable_amount: signed(part.taxable[k] as bigint), amount: signed(part.taxes[k] as bigint) })),
    notes: [...sold.notes],
  };
}

/** A transaction's (or calculation's) shipping cost: its own field only (one left out is not read from a polluted prototype). */
function ownShipping(t: { readonly shipping_cost?: ShippingCostResult }): ShippingCostResult | undefined {
  return hasOwn.call(t, 'shipping_cost') ? t.shipping_cost : undefined;
}

/**
 * The part of the sale's shipping cost a refund refunds (`amount`, signed as the sale's), its
 * taxes prorated cumulatively as an item's are (see core/refund.ts): refunding all of it,
 * in any steps, nets it to zero. Its issues (no shipping cost in the sale, more than is left)
 * are added to `issues`.
 */
function refundedShippingOf(amount: string, mu: number, sale: TaxTransaction, earlier: readonly TaxTransaction[], at: (...path: Path) => Path, issues: TaxRulesIssue[]): ShippingCostResult | undefined {
  const name = at('shipping_cost', 'amount').join('.');
  const r = minorOf(amount, mu);
  const sold = ownShipping(sale);
  if (r === null) {
    issues.push({ path: at('shipping_cost', 'amount'), code: 'malformed', message: `${name} ${quoted(amount, 60)} has more decimals than ${sale.currency} allows (${mu})` });
    return undefined;
  }
  if (sold === undefined) {
    issues.push({ path: at('shipping_cost'), code: 'unprocessable', message: `${at('shipping_cost').join('.')}: sale ${quoted(sale.source_id, 60)} has no shipping cost to refund` });
    return undefined;
  }
  // What the earlier refunds took of it (their figures are signed against the sale's).
  let before = 0n;
  earlier.forEach((e, i) => {
    const theirs = ownShipping(e);
    if (theirs === undefined) return;
    const m = minorOf(theirs.amount, mu);
    if (m === null) issues.push({ path: ['options', 'earlierRefunds', i, 'shipping_cost', 'amount'], code: 'malformed', message: `options.earlierRefunds.${i}.shipping_cost.amount is no amount in ${sale.currency}` });
    else before -= m;
  });
  const read = soldItemOf({ ...sold, reference: 'shipping_cost' } as unknown as CalculationLineResult, mu, ['options', 'original', 'shipping_cost']);
  if (!Object.hasOwn(read, 'sold')) {
    issues.push(read as TaxRulesIssue);
    return undefined;
  }
  const { sold: figures, sign: s } = read as { sold: SoldItem; sign: number };
  const left = figures.amount - abs(before);
  if (r === 0n) issues.push({ path: at('shipping_cost', 'amount'), code: 'unprocessable', message: `${name} is zero; leave shipping_cost out to refund none of it` });
  else if (s === 0 || sign(r) !== s || (before !== 0n && sign(before) !== s)) {
    issues.push({ path: at('shipping_cost', 'amount'), code: 'unprocessable', message: `${name} ${amount} cannot refund the sale's shipping cost of ${sold.amount}: a refunded amount has the sign of the sold one` });
  } else if (abs(r) > left) {
    issues.push({ path: at('shipping_cost', 'amount'), code: 'unprocessable', message: `${name} ${amount} is more than is left of the sale's shipping cost: ${money(BigInt(s) * left, mu)} of ${sold.amount} (${money(BigInt(s) * abs(before), mu)} refunded before)` });
  } else {
    const part = refundedPart(figures, abs(before), abs(r));
    const signed = (v: bigint): string => money(BigInt(-s) * v, mu);
    return {
      tax_behavior: sold.tax_behavior,
      amount: signed(sold.tax_behavior === 'inclusive' ? part.total : part.subtotal),
      amount_subtotal: signed(part.subtotal),
      amount_tax: signed(part.tax),
      amount_total: signed(part.total),
      taxes: sold.taxes.map((t, k): LineTax => ({ ...t, taxable_amount: signed(part.taxable[k] as bigint), amount: signed(part.taxes[k] as bigint) })),
      notes: [...sold.notes],
    };
  }
  return undefined;
}

/** The breakdown of items (and a shipping cost): one entry per jurisdiction, tax, rate, status and reason, in the order they first occur. */
function breakdownOf(items: readonly { readonly taxes: readonly LineTax[] }[], mu: number): TaxBreakdownEntry[] {
  const sums: { entry: Omit<TaxBreakdownEntry, 'taxable_amount' | 'amount'>; taxable: bigint; amount: bigint }[] = [];
  for (const item of items) {
    for (const t of item.taxes) {
      let sum = sums.find((e) => e.entry.jurisdiction.id === t.jurisdiction.id && e.entry.name === t.name && e.entry.rate === t.rate && e.entry.status === t.status && e.entry.reason === t.reason);
      if (!sum) sums.push((sum = { entry: { jurisdiction: t.jurisdiction, name: t.name, rate: t.rate, status: t.status, reason: t.reason }, taxable: 0n, amount: 0n }));
      sum.taxable += parseMinorOrThrow(t.taxable_amount, mu);
      sum.amount += parseMinorOrThrow(t.amount, mu);
    }
  }
  return sums.map((s) => ({ ...s.entry, taxable_amount: money(s.taxable, mu), amount: money(s.amount, mu) }));
}

/**
 * The transaction with the tax the request gave (`total_tax`, signed as the transaction's
 * figures) in place of the one calculated, and the discrepancy between them. Exclusive items
 * keep their net (the total moves); inclusive ones their gross (the net moves). For a refund,
 * the given tax may not take the sale's tax below zero.
 */
function withGivenTax({ t, sums }: Taxed, givenTax: bigint, mu: number, path: Path, stored: Stored | undefined): Taxed {
  const field = path.join('.');
  const { tax: calcTax, subtotal, total } = sums;
  const shipping = ownShipping(t);
  const behaviors = new Set([...t.items, ...(shipping ? [shipping] : [])].map((i) => i.tax_behavior));
  const fail = (message: string): never => {
    throw errorFromIssues([{ path, code: 'unprocessable', message }]);
  };
  if (behaviors.size > 1) fail(`${field} cannot be applied to items both exclusive and inclusive of tax`);
  const inclusive = behaviors.has('inclusive');
  const shown = (v: bigint): string => money(t.transaction_type === 'refund' ? -v : v, mu);
  const direction = sign(total) || sign(subtotal);
  if (givenTax !== 0n && sign(givenTax) !== direction) fail(`${field} ${shown(givenTax)} has the opposite sign of the transaction's total ${shown(total)}`);
  if (inclusive && abs(givenTax) > abs(total)) fail(`${field} ${shown(givenTax)} is more than the tax-inclusive total ${shown(total)}`);
  if (stored !== undefined) {
    // What is left of the sale's tax after the earlier refunds (their tax as stored, given or calculated).
    let left = parseMinorOrThrow(stored.sale.total_tax, mu);
    for (const r of stored.earlier) left += parseMinorOrThrow(r.total_tax, mu);
    if (abs(givenTax) > abs(left)) fail(`${field} ${shown(givenTax)} is more than is left of the sale's tax (${money(left, mu)}); a refund cannot take it below zero`);
  }
  const difference = givenTax - calcTax;
  const discrepancy: TaxDiscrepancy = { total_tax: money(givenTax, mu), calculated_total_tax: t.total_tax, difference: money(difference, mu) };
  return inclusive
    ? { t: { ...t, subtotal: money(subtotal - difference, mu), total_tax: money(givenTax, mu), discrepancy }, sums: { subtotal: subtotal - difference, tax: givenTax, total } }
    : { t: { ...t, total_tax: money(givenTax, mu), total: money(total + difference, mu), discrepancy }, sums: { subtotal, tax: givenTax, total: total + difference } };
}

/**
 * The totals in the account's currency when the transaction's differs: at the options' rate
 * (fixed, or the table's for the date); without either a 422 naming them (null only when the
 * currencies are the same). A refund is converted at its
 * sale's rate, and cumulatively, as its taxes are prorated (see core/refund.ts): after
 * refunds of P of the sale's total (and Q of its tax) in all, the refunds in the account's
 * currency add up to convert(P) (and convert(Q)), so a refund carries convert(P after) −
 * convert(P before). Whatever the steps, refunding all of a sale nets it to zero in the
 * account's currency too.
 */
function exchangeOf({ t, sums }: Taxed, ctx: Context, mu: number, prefix: Path, stored: Stored | undefined): TaxTransactionExchangeRate | null {
  const sale = stored?.sale;
  const to = ctx.engine.accounts.prepare(ctx.account).currency;
  const fixed = ctx.options.exchangeRate === undefined ? null : (rateText(ctx.options.exchangeRate) as string);
  if (t.currency === to) {
    if (fixed !== null && compareToOne(fixed) !== 0) {
      throw errorFromIssues([{ path: ['options', 'exchangeRate'], code: 'unprocessable', message: `options.exchangeRate ${fixed} is for a transaction in another currency than the account's (${to}); this one is in ${t.currency}` }]);
    }
    return null;
  }
  const saleRate = sale?.exchange_rate ?? null;
  let rate: string;
  let date = t.date;
  if (saleRate) {
    rate = saleRate.rate;
    date = saleRate.date;
  } else if (fixed !== null) rate = fixed;
  else if (typeof ctx.rates === 'function') {
    const v = askRateFunction(ctx.rates, t.currency, t.date, to, prefix.length > 0 ? `${prefix.join('.')}: ` : '');
    const text = rateText(v);
    if (text === null) throw notARate(v, t.currency, t.date, to);
    rate = text;
  } else if (ctx.rates !== undefined) rate = tableRate(ctx.rates, t.currency, t.date, [...prefix, 'currency'], prefix.length > 0 ? `${prefix.join('.')}: ` : '');
  else {
    // The spec applies the central bank's reference rate when none is given: never a silent null.
    throw errorFromIssues(
      [
        {
          path: [...prefix, 'currency'],
          code: 'unprocessable',
          message: `${prefix.length > 0 ? `${prefix.join('.')}: ` : ''}no exchange rate from ${t.currency} to the account's ${to} on ${t.date}: give options.exchangeRate, or options.exchangeRates (the ECB's reference rates are ecbRates of taxrules/ecb)`,
        },
      ],
      422,
    );
  }
  const toUnits = ctx.engine.rules.currencies.get(to) as number;
  const convert = converter(rate, mu, toUnits);
  let total = convert(sums.total);
  let tax = convert(sums.tax);
  if (stored !== undefined) {
    // Magnitudes refunded before this refund, and after it; the refund carries the difference of their conversions (negative).
    let totalBefore = 0n;
    let taxBefore = 0n;
    for (const r of stored.earlier) {
      totalBefore -= parseMinorOrThrow(r.total, mu);
      taxBefore -= parseMinorOrThrow(r.total_tax, mu);
    }
    const totalAfter = totalBefore - sums.total;
    const taxAfter = taxBefore - sums.tax;
    total = convert(totalBefore) - convert(totalAfter);
    tax = convert(taxBefore) - convert(taxAfter);
  }
  return { from: t.currency, to, rate, date, subtotal: money(total - tax, toUnits), total_tax: money(tax, toUnits), total: money(total, toUnits) };
}

function compareToOne(rate: string): number {
  const [whole, frac = ''] = rate.split('.');
  const v = BigInt(`${whole}${frac}`) - 10n ** BigInt(frac.length);
  return v < 0n ? -1 : v > 0n ? 1 : 0;
}
