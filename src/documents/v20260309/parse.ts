/**
 * The reading of a v20260309 transaction request: a fast reading of a request the schema
 * accepts as it is, else the schema's (which names the issues), both giving the same shape (every
 * field, undefined when absent, never read from a prototype).
 */
import { dayNumber } from '../../core/dates.js';
import { errorFromIssues, type TaxRulesIssue } from '../../core/errors.js';
import { checkBySchema } from '../../adapters/issues.js';
import { ownCopy } from '../../adapters/read.js';
import { BEHAVIORS, CUSTOMER_TAX_STATUSES, MAX_LINE_ITEMS } from '../../adapters/schemas.js';
import { hasOwn, isCurrencyText, isRecord, oneOfOrAbsent } from '../../adapters/input.js';
import { ADDRESS_FIELDS, addressValues, isDecimalText, lineItemValues, optionalText, PLAIN_LINE_FIELDS } from '../../adapters/calculation-plain.js';
import { isTransactionDay, MAX_SOURCE_ID_LENGTH, MAX_SOURCE_LENGTH, TRANSACTION_TYPES, transactionSchemas } from './schemas.js';
import type { Parsed, Path } from './types.js';

const CUSTOMER_FIELDS = ['name', 'tax_id', 'address', 'tax_status', 'exemption_certificate'];

const TRANSACTION_FIELDS = ['transaction_type', 'source', 'source_id', 'refund_of_source_id', 'date', 'currency', 'tax_behavior', 'total', 'total_tax', 'customer', 'origin_address', 'shipping_cost', 'items'];

/** The fields a copy has (each undefined until read) and those the input may have: a copy's template, and a set to look them up. */
interface Shape {
  readonly empty: Readonly<Record<string, undefined>>;
  readonly known: ReadonlySet<string>;
}

const shape = (keys: readonly string[], known: readonly string[] = keys): Shape => ({ empty: Object.fromEntries(keys.map((k) => [k, undefined])), known: new Set(known) });

/** A transaction's shapes: a batch's knows no refund, tax behaviour or shipping cost (its transactions are sales of tax-inclusive amounts), a single one no total. */
const SHAPES = {
  batch: shape(TRANSACTION_FIELDS, TRANSACTION_FIELDS.filter((f) => !['transaction_type', 'refund_of_source_id', 'tax_behavior', 'shipping_cost'].includes(f))),
  single: shape(TRANSACTION_FIELDS, TRANSACTION_FIELDS.filter((f) => f !== 'total')),
  any: shape(TRANSACTION_FIELDS),
  customer: shape(CUSTOMER_FIELDS),
  address: shape(ADDRESS_FIELDS),
  shipping: shape(['amount']),
  item: shape(PLAIN_LINE_FIELDS),
  batchItem: shape(PLAIN_LINE_FIELDS, PLAIN_LINE_FIELDS.filter((f) => f !== 'tax_behavior')),
};

/**
 * An object's own fields on a plain object that has every field of the shape (undefined when
 * absent): walked once with for…in, each read once, an inherited one skipped, never read. Null
 * for anything but an object, or one with an own field the shape does not know, even without a value.
 */
function ownOf(o: unknown, { empty, known }: Shape): Record<string, unknown> | null {
  if (!isRecord(o)) return null;
  const out: Record<string, unknown> = { ...empty };
  for (const k in o) {
    if (!hasOwn.call(o, k)) continue;
    if (!known.has(k)) return null;
    out[k] = o[k];
  }
  return out;
}

/**
 * A transaction's fields (`top`, `item`: what it and its items may have) copied by ownOf at every level, the
 * currency in capitals, the date's day number read once: what the schema's output is read as, and what the fast reading checks.
 * Null when a level is not an object or has an unknown field (the schema's to name).
 */
function ownTransaction(t: unknown, top: Shape, item: Shape): Parsed | null {
  const out = ownOf(t, top);
  const customer = ownOf(out?.customer, SHAPES.customer);
  const address = ownOf(customer?.address, SHAPES.address);
  const { origin_address: origin, shipping_cost: shipping, items } = out ?? {};
  if (out === null || customer === null || address === null || typeof out.currency !== 'string' || !Array.isArray(items) || items.length > MAX_LINE_ITEMS) return null;
  customer.address = address;
  out.customer = customer;
  out.currency = out.currency.toUpperCase();
  out.day = typeof out.date === 'string' ? dayNumber(out.date) : Number.NaN;
  out.origin_address = origin === undefined || origin === null ? origin : ownOf(origin, SHAPES.address);
  out.shipping_cost = shipping === undefined || shipping === null ? shipping : ownOf(shipping, SHAPES.shipping);
  const copied = new Array<Record<string, unknown> | null>(items.length);
  for (let i = 0; i < items.length; i++) copied[i] = hasOwn.call(items, i) ? ownOf(items[i], item) : null;
  out.items = copied;
  return out.origin_address === null || out.shipping_cost === null || copied.includes(null) ? null : (out as unknown as Parsed);
}

const isText = (v: unknown, min: number, max: number): v is string => typeof v === 'string' && v.length >= min && v.length <= max;

/**
 * The fast reading of a transaction the schema accepts as it is (`batch`: the batch's schema,
 * else the single transaction's): its own fields copied (ownTransaction), then each checked as
 * the schema checks it, the addresses and items as a calculation's. Anything else — what the
 * schema refuses — answers null, for the schema to read and name the issues. An exception of a
 * getter or a Proxy trap is thrown as it is.
 */
export function plainTransaction(value: unknown, batch: boolean): Parsed | null {
  const t = ownTransaction(value, batch ? SHAPES.batch : SHAPES.single, batch ? SHAPES.batchItem : SHAPES.item);
  if (t === null) return null;
  const { source, source_id: id, refund_of_source_id: refunded, total, total_tax: tax, customer: c, origin_address: origin, shipping_cost: shipping } = t;
  const plain =
    isText(id, 1, MAX_SOURCE_ID_LENGTH) &&
    isTransactionDay(t.day) &&
    isCurrencyText(t.currency) &&
    oneOfOrAbsent(t.transaction_type, TRANSACTION_TYPES) &&
    oneOfOrAbsent(t.tax_behavior, BEHAVIORS) &&
    (source === undefined || isText(source, 1, MAX_SOURCE_LENGTH)) &&
    (refunded === undefined || refunded === null || isText(refunded, 1, MAX_SOURCE_ID_LENGTH)) &&
    (total === undefined || isDecimalText(total)) &&
    (tax === undefined || isDecimalText(tax)) &&
    (origin === undefined || origin === null || addressValues(origin)) &&
    (shipping === undefined || shipping === null || isDecimalText(shipping.amount)) &&
    optionalText(c.name, 200) &&
    (c.tax_id === null || optionalText(c.tax_id, 50)) &&
    addressValues(c.address) &&
    oneOfOrAbsent(c.tax_status, CUSTOMER_TAX_STATUSES) &&
    (c.exemption_certificate === null || optionalText(c.exemption_certificate, 100)) &&
    t.items.length >= 1 && // none at all is the schema's to judge (a refund of the shipping cost alone)
    t.items.every(lineItemValues);
  return plain ? t : null;
}

/**
 * A transaction read against its schema (`batch`: a batch's), on a copy of its own fields: as
 * ownTransaction reads the schema's output, or its issues thrown under `prefix`.
 */
export function parsedBySchema(value: unknown, prefix: Path, batch: boolean): Parsed {
  const schema = batch ? transactionSchemas().batchTransaction : transactionSchemas().transaction;
  const parsed = checkBySchema(schema, ownCopy(value, 4, MAX_LINE_ITEMS), prefix);
  if (!parsed.success) throw errorFromIssues(batchHints(parsed.issues));
  return ownTransaction(parsed.data, SHAPES.any, SHAPES.item) as Parsed;
}

/** Reads one transaction: directly when the fast reading accepts it, else by the schema (which names the issues). */
export function readWith(value: unknown, prefix: Path, batch: boolean): Parsed {
  try {
    const fast = plainTransaction(value, batch);
    if (fast !== null) return fast;
  } catch {
    // A reading that throws (a getter, a Proxy trap) is done again by the schema's copy, which throws what a full reading throws.
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
