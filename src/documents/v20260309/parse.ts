/**
 * The reading of a v20260309 transaction request: a fast reading of a request the schema
 * accepts as it is, else the schema's (which names the issues), both giving the same shape (every
 * field, undefined when absent, never read from a prototype).
 */
import { errorFromIssues, type TaxRulesIssue } from '../../core/errors.js';
import { checkBySchema } from '../../adapters/issues.js';
import { ownCopy } from '../../adapters/read.js';
import { BEHAVIORS, CUSTOMER_TAX_STATUSES, MAX_AMOUNT_LENGTH, MAX_LINE_ITEMS, PRODUCT_TYPES, TAX_CODES } from '../../adapters/schemas.js';
import { hasOwn, isAmountText, isCountryText, isCurrencyText, plainRecord, readersOf, REFUSED, type FieldReader, type FieldReaders } from '../../adapters/input.js';
import { isTransactionDate, MAX_SOURCE_ID_LENGTH, MAX_SOURCE_LENGTH, TRANSACTION_TYPES, transactionSchemas } from './schemas.js';
import type { Parsed, Path } from './types.js';

export const ADDRESS_FIELDS = ['country', 'state', 'postal_code', 'city', 'line1', 'line2'];

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
 * The fast reading of a transaction the schema accepts as it is (plainRecord, by a reader for
 * each field that checks it as the schema does); the answer has the shape ownTransaction gives
 * the schema's output (every field, undefined when absent). Anything else — what the schema
 * refuses — answers null, for the schema to read and name the issues.
 */

const isText = (v: unknown, min: number, max: number): v is string => typeof v === 'string' && v.length >= min && v.length <= max;
const isOneOf = <T extends string>(v: unknown, allowed: readonly T[]): v is T => typeof v === 'string' && (allowed as readonly string[]).includes(v);

/** A reader of a field the schema requires to pass `ok`. */
const required = (ok: (v: unknown) => boolean): FieldReader => (v) => (ok(v) ? v : REFUSED);
/** A reader of a field that may be absent (undefined), else passes `ok`. */
const optional = (ok: (v: unknown) => boolean): FieldReader => (v) => (v === undefined || ok(v) ? v : REFUSED);
/** A reader of a field that may be absent or null, else is read by `read`. */
const nullable = (read: FieldReader): FieldReader => (v) => (v === undefined || v === null ? v : read(v));
/** A field the schema does not know (a batch's transaction has no refund fields): refused even without a value. */
const unknown: FieldReader = () => REFUSED;

const decimal = (v: unknown): boolean => typeof v === 'string' && v.length <= MAX_AMOUNT_LENGTH && isAmountText(v);
const text = (min: number, max: number) => (v: unknown): boolean => isText(v, min, max);
const oneOf = (allowed: readonly string[]) => (v: unknown): boolean => isOneOf(v, allowed);

/** An address: its country, and the longest text of each optional field, as the schema has them. */
const ADDRESS = readersOf({
  country: required((v) => typeof v === 'string' && isCountryText(v)),
  state: optional(text(0, 100)),
  postal_code: optional(text(0, 20)),
  city: optional(text(0, 200)),
  line1: optional(text(0, 200)),
  line2: optional(text(0, 200)),
});
const address: FieldReader = (v) => plainRecord(v, ADDRESS, ['country']) ?? REFUSED;

const ITEM = {
  reference: required(text(1, 200)),
  amount: required(decimal),
  quantity: optional((v) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0),
  tax_code: optional(oneOf(TAX_CODES)),
  product_type: optional(oneOf(PRODUCT_TYPES)),
  tax_behavior: optional(oneOf(BEHAVIORS)),
};
/** A batch's items have no tax_behavior: its amounts are always tax-inclusive. */
const ITEMS = { single: readersOf(ITEM), batch: readersOf({ ...ITEM, tax_behavior: unknown }) };

const CUSTOMER = readersOf({
  name: optional(text(0, 200)),
  tax_id: nullable(required(text(0, 50))),
  address,
  tax_status: optional(oneOf(CUSTOMER_TAX_STATUSES)),
  exemption_certificate: nullable(required(text(0, 100))),
});

/** The items the schema accepts as they are (no item at all is the schema's to judge: a refund of the shipping cost alone). */
function itemsReader(readers: FieldReaders): FieldReader {
  return (v) => {
    if (!Array.isArray(v) || v.length < 1 || v.length > MAX_LINE_ITEMS) return REFUSED;
    const read = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) {
      const item = hasOwn.call(v, i) ? plainRecord(v[i], readers, ['reference', 'amount']) : null;
      if (item === null) return REFUSED;
      read[i] = item;
    }
    return read;
  };
}

const SHIPPING = readersOf({ amount: required(decimal) });

const TRANSACTION = {
  transaction_type: optional(oneOf(TRANSACTION_TYPES)),
  source: optional(text(1, MAX_SOURCE_LENGTH)),
  source_id: required(text(1, MAX_SOURCE_ID_LENGTH)),
  refund_of_source_id: nullable(required(text(1, MAX_SOURCE_ID_LENGTH))),
  date: required((v) => typeof v === 'string' && isTransactionDate(v)),
  // Three letters of either case, read in capitals as every entry reads it.
  currency: (v: unknown) => (typeof v === 'string' && isCurrencyText(v) ? v.toUpperCase() : REFUSED),
  tax_behavior: optional(oneOf(BEHAVIORS)),
  total: unknown,
  total_tax: optional(decimal),
  customer: (v: unknown) => plainRecord(v, CUSTOMER, ['address']) ?? REFUSED,
  origin_address: nullable(address),
  shipping_cost: nullable((v) => plainRecord(v, SHIPPING, ['amount']) ?? REFUSED),
  items: itemsReader(ITEMS.single),
};

/** A single transaction's fields, and a batch's: sales only, tax-inclusive, with the total they add up to. */
const TRANSACTIONS = {
  single: readersOf(TRANSACTION),
  batch: readersOf({ ...TRANSACTION, transaction_type: unknown, refund_of_source_id: unknown, tax_behavior: unknown, shipping_cost: unknown, total: optional(decimal), items: itemsReader(ITEMS.batch) }),
};

/**
 * A transaction the schema accepts as it is (`batch`: the batch's schema, else the single
 * transaction's), read as ownTransaction reads the schema's output; null for anything else.
 * An exception of a getter or a Proxy trap is thrown as it is.
 */
export function plainTransaction(t: unknown, batch: boolean): Parsed | null {
  return plainRecord(t, batch ? TRANSACTIONS.batch : TRANSACTIONS.single, ['source_id', 'date', 'currency', 'customer', 'items']) as Parsed | null;
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
