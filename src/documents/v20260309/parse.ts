/**
 * The reading of a v20260309 transaction request: a fast reading of a request the schema
 * accepts as it is, else the schema's (which names the issues), both giving the same shape (every
 * field, undefined when absent, never read from a prototype).
 */
import type { CalculationAddress } from '../../adapters/schemas.js';
import { dayNumber } from '../../core/dates.js';
import { errorFromIssues, type TaxRulesIssue } from '../../core/errors.js';
import { checkBySchema } from '../../adapters/issues.js';
import { ownCopy } from '../../adapters/read.js';
import { BEHAVIORS, CUSTOMER_TAX_STATUSES, MAX_AMOUNT_LENGTH, MAX_LINE_ITEMS } from '../../adapters/schemas.js';
import { hasOwn, isAmountText, isCurrencyText, isRecord, oneOfOrAbsent } from '../../adapters/input.js';
import { ADDRESS_FIELDS, addressValues, lineItemValues, optionalText } from '../../adapters/calculation-plain.js';
import { isTransactionDay, MAX_SOURCE_ID_LENGTH, MAX_SOURCE_LENGTH, TRANSACTION_TYPES, transactionSchemas } from './schemas.js';
import type { Parsed, Path } from './types.js';

type ParsedItem = Parsed['items'][number];

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
  out.day = dayNumber(out.date);
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
 * schema's output (every field, undefined when absent; the date's day number). Anything else
 * — what the schema refuses — answers null, for the schema to read and name the issues.
 */

const isText = (v: unknown, min: number, max: number): v is string => typeof v === 'string' && v.length >= min && v.length <= max;

const isDecimal = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_AMOUNT_LENGTH && isAmountText(v);

const isOneOf = <T extends string>(v: unknown, allowed: readonly T[]): v is T => typeof v === 'string' && (allowed as readonly string[]).includes(v);

/*
 * Each level's own fields are copied into a literal of its fields (one the schema does not know
 * refused, even without a value), then checked: the addresses and items as a calculation's
 * (adapters/calculation-plain.ts). A function per level, so that each copies one shape.
 */

/** Copies an object's own fields into `out`, a literal of the fields the schema knows (each undefined): false for one it does not know. */
function ownInto(a: Record<string, unknown>, out: Record<string, unknown>): boolean {
  for (const key in a) {
    if (!hasOwn.call(a, key)) continue;
    if (!hasOwn.call(out, key)) return false;
    out[key] = a[key];
  }
  return true;
}

/** An address the schema accepts, or null. */
function plainAddress(a: unknown): CalculationAddress | null {
  if (!isRecord(a)) return null;
  const out: Record<string, unknown> = { country: undefined, state: undefined, postal_code: undefined, city: undefined, line1: undefined, line2: undefined };
  return ownInto(a, out) && addressValues(out) ? (out as unknown as CalculationAddress) : null;
}

/** An item the schema accepts (`batch`: a batch's, without tax_behavior), or null. */
function plainItem(item: unknown, batch: boolean): ParsedItem | null {
  if (!isRecord(item) || (batch && hasOwn.call(item, 'tax_behavior'))) return null;
  const out: Record<string, unknown> = { reference: undefined, amount: undefined, quantity: undefined, tax_code: undefined, product_type: undefined, tax_behavior: undefined };
  return ownInto(item, out) && lineItemValues(out) ? (out as unknown as ParsedItem) : null;
}

/** The customer the schema accepts, or null. */
function plainCustomer(c: unknown): Parsed['customer'] | null {
  if (!isRecord(c)) return null;
  const out: Record<string, unknown> = { name: undefined, tax_id: undefined, address: undefined, tax_status: undefined, exemption_certificate: undefined };
  if (!ownInto(c, out)) return null;
  out.address = plainAddress(out.address);
  const { name, tax_id: taxId, tax_status: status, exemption_certificate: certificate } = out;
  const plain = out.address !== null && optionalText(name, 200) && (taxId === null || optionalText(taxId, 50)) && oneOfOrAbsent(status, CUSTOMER_TAX_STATUSES) && (certificate === null || optionalText(certificate, 100));
  return plain ? (out as unknown as Parsed['customer']) : null;
}

/** A transaction's fields a batch's schema knows (its transactions are sales of tax-inclusive amounts: no refund, tax behaviour or shipping cost), and a single transaction's (no total), without a prototype. */
const KNOWN = {
  batch: fieldSet(TRANSACTION_FIELDS.filter((f) => !['transaction_type', 'refund_of_source_id', 'tax_behavior', 'shipping_cost'].includes(f))),
  single: fieldSet(TRANSACTION_FIELDS.filter((f) => f !== 'total')),
};

function fieldSet(fields: readonly string[]): Readonly<Record<string, true>> {
  return Object.assign(Object.create(null) as Record<string, true>, Object.fromEntries(fields.map((f) => [f, true])));
}

/**
 * A transaction the schema accepts as it is (`batch`: the batch's schema, else the single
 * transaction's), read as ownTransaction reads the schema's output; null for anything else:
 * its own fields copied (one the schema does not know refused, even without a value), then
 * each checked as the schema checks it. An exception of a getter or a Proxy trap is thrown as
 * it is.
 */
export function plainTransaction(t: unknown, batch: boolean): Parsed | null {
  if (!isRecord(t)) return null;
  const known = batch ? KNOWN.batch : KNOWN.single;
  const d: Record<string, unknown> = {
    transaction_type: undefined,
    source: undefined,
    source_id: undefined,
    refund_of_source_id: undefined,
    date: undefined,
    currency: undefined,
    tax_behavior: undefined,
    total: undefined,
    total_tax: undefined,
    customer: undefined,
    origin_address: undefined,
    shipping_cost: undefined,
    items: undefined,
    day: Number.NaN,
  };
  for (const key in t) {
    if (!hasOwn.call(t, key)) continue;
    if (known[key] !== true) return null;
    d[key] = t[key];
  }
  // The date's day number, read once (NaN for no date).
  d.day = typeof d.date === 'string' ? dayNumber(d.date) : Number.NaN;
  if (!isText(d.source_id, 1, MAX_SOURCE_ID_LENGTH) || !isTransactionDay(d.day as number) || !(typeof d.currency === 'string' && isCurrencyText(d.currency))) return null;
  if ((d.transaction_type !== undefined && !isOneOf(d.transaction_type, TRANSACTION_TYPES)) || (d.tax_behavior !== undefined && !isOneOf(d.tax_behavior, BEHAVIORS))) return null;
  if ((d.source !== undefined && !isText(d.source, 1, MAX_SOURCE_LENGTH)) || (d.refund_of_source_id != null && !isText(d.refund_of_source_id, 1, MAX_SOURCE_ID_LENGTH))) return null;
  if ((d.total !== undefined && !isDecimal(d.total)) || (d.total_tax !== undefined && !isDecimal(d.total_tax))) return null;
  const origin = d.origin_address === undefined || d.origin_address === null ? d.origin_address : plainAddress(d.origin_address);
  const shipping = d.shipping_cost === undefined || d.shipping_cost === null ? d.shipping_cost : plainShipping(d.shipping_cost);
  d.currency = d.currency.toUpperCase();
  d.customer = plainCustomer(d.customer);
  d.items = plainItems(d.items, batch);
  if ((origin === null && d.origin_address !== null) || shipping === false || d.customer === null || d.items === null) return null;
  d.origin_address = origin;
  d.shipping_cost = shipping;
  return d as unknown as Parsed;
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
export function readWith(value: unknown, prefix: Path, batch: boolean): Parsed {
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
