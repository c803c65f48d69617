/**
 * The fast check of a v20260309 calculation request: a request of plain objects that the
 * schema accepts as it is is read directly, without the schema's copy (see readRequest). A
 * transaction's items and addresses are a calculation's, their values checked here too
 * (documents/v20260309/parse.ts).
 */
import { BEHAVIORS, CUSTOMER_TAX_STATUSES, MAX_AMOUNT_LENGTH, MAX_LINE_ITEMS, MAX_TAX_DATE, PRODUCT_TYPES, type CalculationRequestOutput } from './schemas.js';
import { prototypePolluted } from '../core/own.js';
import { ownFields } from './read.js';
import { isAmountText, isCountryText, isCurrencyText, hasOwn, isPlainObject, oneOfOrAbsent } from './input.js';
import { isCanonicalAmount } from '../core/money.js';
import { taxCodeNumber } from '../core/situation.js';

/** The fields of a request, of an address, of a line item and of a shipping cost the fast check reads: one with any other goes through the schema. */
const PLAIN_REQUEST_FIELDS = ['origin_address', 'customer_address', 'customer_tax_id', 'customer_tax_status', 'customer_exemption_certificate', 'currency', 'tax_date', 'tax_behavior', 'shipping_cost', 'line_items'] as const;
const PLAIN_LINE_FIELDS = ['reference', 'amount', 'quantity', 'tax_code', 'product_type', 'tax_behavior'] as const;
const PLAIN_SHIPPING_FIELDS = ['amount', 'tax_behavior'] as const;
export const ADDRESS_FIELDS = ['country', 'state', 'postal_code', 'city', 'line1', 'line2'] as const;

/** Every field of a request, of a line item and of a shipping cost, as the schema has them (what a copy of the own fields keeps). */
export const REQUEST_FIELDS = [...PLAIN_REQUEST_FIELDS, 'customer_tax_ids'] as const;
export const LINE_FIELDS = [...PLAIN_LINE_FIELDS, 'product', 'metadata'] as const;
export const SHIPPING_FIELDS = [...PLAIN_SHIPPING_FIELDS, 'tax_code'] as const;

/** Each field a fast check reads, by its bit: 1 << its index in the list (a line item's are compared in place: onlyLineFields). */
const bitsOf = (fields: readonly string[]): ReadonlyMap<string, number> => new Map(fields.map((f, i) => [f, 1 << i]));
const KNOWN_REQUEST = bitsOf(PLAIN_REQUEST_FIELDS);
const KNOWN_SHIPPING = bitsOf(PLAIN_SHIPPING_FIELDS);
const KNOWN_ADDRESS = bitsOf(ADDRESS_FIELDS);
/** A field's bit in its list's map (bitsOf), by a name the list holds (a name it does not is a type error). */
const bit = <T extends string>(fields: readonly T[], name: NoInfer<T>): number => 1 << fields.indexOf(name);
const A_COUNTRY = bit(ADDRESS_FIELDS, 'country');
const A_STATE = bit(ADDRESS_FIELDS, 'state');
const A_POSTAL_CODE = bit(ADDRESS_FIELDS, 'postal_code');
const A_CITY = bit(ADDRESS_FIELDS, 'city');
const A_LINE1 = bit(ADDRESS_FIELDS, 'line1');
const A_LINE2 = bit(ADDRESS_FIELDS, 'line2');
const S_AMOUNT = bit(PLAIN_SHIPPING_FIELDS, 'amount');
const S_BEHAVIOR = bit(PLAIN_SHIPPING_FIELDS, 'tax_behavior');
const R_ORIGIN = bit(PLAIN_REQUEST_FIELDS, 'origin_address');
const R_CUSTOMER = bit(PLAIN_REQUEST_FIELDS, 'customer_address');
const R_TAX_ID = bit(PLAIN_REQUEST_FIELDS, 'customer_tax_id');
const R_STATUS = bit(PLAIN_REQUEST_FIELDS, 'customer_tax_status');
const R_CERTIFICATE = bit(PLAIN_REQUEST_FIELDS, 'customer_exemption_certificate');
const R_CURRENCY = bit(PLAIN_REQUEST_FIELDS, 'currency');
const R_TAX_DATE = bit(PLAIN_REQUEST_FIELDS, 'tax_date');
const R_BEHAVIOR = bit(PLAIN_REQUEST_FIELDS, 'tax_behavior');
const R_SHIPPING = bit(PLAIN_REQUEST_FIELDS, 'shipping_cost');
const R_LINES = bit(PLAIN_REQUEST_FIELDS, 'line_items');

/**
 * Whether an object has no field but the known ones (`known`, each with its bit), and every
 * field the fast checks below read a value of by name (`needed`: the bits of the known fields
 * not undefined) is one of its own enumerable fields, the ones a copy of the object keeps.
 * Each field `for…in` lists is looked up among the known names, and its bit kept: a count of
 * the fields let a value the copy leaves out (a field not enumerable, or a non-enumerable one
 * of a polluted Object.prototype) make up for a misspelt field or one holding undefined, and
 * the fast check then read a field the schema's reading does not. An inherited field (a
 * polluted prototype) hands the object to the schema's path.
 */
function onlyKnownFields(o: object, needed: number, known: ReadonlyMap<string, number>, polluted: boolean): boolean {
  let seen = 0;
  for (const key in o) {
    const bit = known.get(key);
    if (bit === undefined || (polluted && !hasOwn.call(o, key))) return false;
    seen |= bit;
  }
  return (seen & needed) === needed;
}

/**
 * onlyKnownFields for a line item (most objects of a request are its lines), its names compared
 * in place: each field for…in lists must be a line item's, and every field the check read a
 * value of by name (`needed`, the bits of the switch below) among them. The bits are written
 * as numbers, here and in plainLineItem: named module constants, read in this loop for each
 * field of each line, counted about 330 instructions more a 10-line calculation.
 */
function onlyLineFields(l: Record<string, unknown>, needed: number, polluted: boolean): boolean {
  let seen = 0;
  for (const key in l) {
    switch (key) {
      case 'reference':
        seen |= 1;
        break;
      case 'amount':
        seen |= 2;
        break;
      case 'tax_code':
        seen |= 4;
        break;
      case 'quantity':
        seen |= 8;
        break;
      case 'product_type':
        seen |= 16;
        break;
      case 'tax_behavior':
        seen |= 32;
        break;
      default:
        return false;
    }
    if (polluted && !hasOwn.call(l, key)) return false;
  }
  return (seen & needed) === needed;
}

/**
 * Whether a line item's amount is the canonical text of its amount (as isCanonicalAmount), read
 * by its length: the request's check accepted it as a decimal text (`-?digits(.digits)?`) of 0
 * or more, so it is canonical exactly when it has no sign, the point where the currency's
 * decimals put it, and no leading zero (what the check accepts is tested against
 * isCanonicalAmount).
 */
export function isCanonicalLineAmount(text: string, mu: number): boolean {
  if (mu === 0) return isCanonicalAmount(text, 0);
  const point = text.length - mu - 1;
  const c = text.charCodeAt(0);
  return point > 0 && text.charCodeAt(point) === 46 && c !== 45 && (c !== 48 || point === 1);
}

/** Whether an optional text field is absent or a string of at most `max` characters. */
export function optionalText(v: unknown, max: number): boolean {
  return v === undefined || (typeof v === 'string' && v.length <= max);
}

/** Whether an address's values (read by name) are what the schema accepts. */
export function addressValues(a: Record<string, unknown>): boolean {
  return addressValuesOk(a.country, a.state, a.postal_code, a.city, a.line1, a.line2);
}

/** addressValues of an address's values, each read once. */
function addressValuesOk(country: unknown, state: unknown, postalCode: unknown, city: unknown, line1: unknown, line2: unknown): boolean {
  return typeof country === 'string' && isCountryText(country) && optionalText(state, 100) && optionalText(postalCode, 20) && optionalText(city, 200) && optionalText(line1, 200) && optionalText(line2, 200);
}

/**
 * An address the schema accepts as it is, as a copy of the values checked (each field read
 * once: a getter is not read again later), or null; an unknown field refuses it. Its fields are
 * read before it is found plain (see plainLineItem).
 */
function plainAddress(a: unknown, polluted: boolean): Record<string, unknown> | null {
  if (typeof a !== 'object' || a === null) return null;
  const { country, state, postal_code, city, line1, line2 } = a as Record<string, unknown>;
  if (!isPlainObject(a)) return null;
  if (!addressValuesOk(country, state, postal_code, city, line1, line2)) return null;
  // The country always, the others when they hold a value.
  const needed = A_COUNTRY | (state !== undefined ? A_STATE : 0) | (postal_code !== undefined ? A_POSTAL_CODE : 0) | (city !== undefined ? A_CITY : 0) | (line1 !== undefined ? A_LINE1 : 0) | (line2 !== undefined ? A_LINE2 : 0);
  return onlyKnownFields(a, needed, KNOWN_ADDRESS, polluted) ? { country, state, postal_code, city, line1, line2 } : null;
}

/** What lineItemCode answers for a line item the schema refuses. */
const REFUSED = -2;

/**
 * A line item's values (read by name) checked as the schema checks them: its tax code's number
 * (taxCodeNumber, the one lookup the check of the code is), -1 without a code, or REFUSED.
 */
function lineItemCode(l: Record<string, unknown>): number {
  return lineValuesCode(l.reference, l.amount, l.quantity, l.tax_code, l.product_type, l.tax_behavior);
}

/** lineItemCode of a line item's values, each read once. */
function lineValuesCode(reference: unknown, amount: unknown, quantity: unknown, code: unknown, productType: unknown, behavior: unknown): number {
  const valid =
    typeof reference === 'string' &&
    reference.length >= 1 &&
    reference.length <= 200 &&
    typeof amount === 'string' &&
    amount.length <= MAX_AMOUNT_LENGTH &&
    isAmountText(amount) &&
    (quantity === undefined || (typeof quantity === 'number' && Number.isSafeInteger(quantity) && quantity > 0)) &&
    oneOfOrAbsent(productType, PRODUCT_TYPES) &&
    oneOfOrAbsent(behavior, BEHAVIORS);
  if (!valid) return REFUSED;
  if (code === undefined) return -1;
  const k = typeof code === 'string' ? codeNumber(code) : -1;
  return k < 0 ? REFUSED : k;
}

/**
 * The last two texts looked up as tax codes and their numbers (taxCodeNumber: -1 for none). A
 * document's lines come in runs of a few codes, and a request like the last one names the same:
 * a text compared with two is cheaper than its hash and a probe of the codes' map. A pure
 * function's answers: nothing they depend on can change.
 */
const recentCodes = { a: '', aNumber: -1, b: '', bNumber: -1 };

/** taxCodeNumber, with the last two answers remembered. */
function codeNumber(code: string): number {
  const r = recentCodes;
  if (code === r.a) return r.aNumber;
  if (code === r.b) return r.bNumber;
  const k = taxCodeNumber(code);
  r.b = r.a;
  r.bNumber = r.aNumber;
  r.a = code;
  r.aNumber = k;
  return k;
}

/** Whether a line item's values (read by name) are what the schema accepts. */
export function lineItemValues(l: Record<string, unknown>): boolean {
  return lineItemCode(l) !== REFUSED;
}

/**
 * A line item the schema accepts as it is: its tax code's number (-1 without one), its copy of
 * the values checked put at `at` of `copies` (each field read once: a getter is not read again
 * later), else REFUSED.
 *
 * Its fields are read before it is found plain: V8 then knows the object's shape and answers
 * Object.getPrototypeOf from it, where a call that knows nothing of the object goes into V8's
 * runtime (about 140 instructions, a twentieth of a 10-line calculation's checks). An object
 * that is not plain (a class's instance, a Map) has had its fields read once, their answers
 * left, and goes to the schema's path, which reads a copy of its own fields (as does one
 * whose reading throws: plainRequest).
 */
function plainLineItem(l: unknown, polluted: boolean, copies: unknown[], at: number): number {
  if (typeof l !== 'object' || l === null) return REFUSED;
  const { reference, amount, quantity, tax_code, product_type, tax_behavior } = l as Record<string, unknown>;
  if (!isPlainObject(l)) return REFUSED;
  // The fields the fast path leaves to the schema read as absent (not inherited either).
  if (l.product !== undefined || l.metadata !== undefined) return REFUSED;
  const k = lineValuesCode(reference, amount, quantity, tax_code, product_type, tax_behavior);
  if (k === REFUSED) return REFUSED;
  // The fields whose values the check read (onlyLineFields's bits): reference and amount always, the others when they hold one.
  const needed = 3 | (k >= 0 ? 4 : 0) | (quantity !== undefined ? 8 : 0) | (product_type !== undefined ? 16 : 0) | (tax_behavior !== undefined ? 32 : 0);
  if (!onlyLineFields(l, needed, polluted)) return REFUSED;
  copies[at] = { reference, amount, quantity, tax_code, product_type, tax_behavior, product: undefined, metadata: undefined };
  return k;
}

/** A shipping cost the schema accepts as it is, as a copy of the values checked (each read once), or null. */
function plainShipping(s: unknown, polluted: boolean): Record<string, unknown> | null {
  if (typeof s !== 'object' || s === null) return null;
  // Its fields read before it is found plain (see plainLineItem).
  const { amount, tax_behavior: behavior } = s as Record<string, unknown>;
  if (!isPlainObject(s)) return null;
  if (s.tax_code !== undefined) return null;
  if (typeof amount !== 'string' || amount.length > MAX_AMOUNT_LENGTH || !isAmountText(amount)) return null;
  if (!oneOfOrAbsent(behavior, BEHAVIORS)) return null;
  return onlyKnownFields(s, S_AMOUNT | (behavior !== undefined ? S_BEHAVIOR : 0), KNOWN_SHIPPING, polluted) ? { amount, tax_behavior: behavior, tax_code: undefined } : null;
}

/**
 * True only for a request the schema accepts as it is (plain objects, every constraint of
 * the request schema met, no field the schema does not know): such a request is read
 * directly, without the schema's copy. Anything else — including what this check is
 * stricter about — goes through the schema, which gives the issues. `polluted`: what
 * prototypePolluted() answers, when the caller has asked it.
 */
export function isPlainValidRequest(r: unknown, polluted: boolean = prototypePolluted()): r is CalculationRequestOutput {
  return plainRequest(r, polluted) !== null;
}

/** A request read by the fast check: a copy of the values it checked, and each line's tax code's number. */
export interface PlainRequest {
  /** The request as checked: each of its objects copied from the values read (each field once), in the schema's form. */
  readonly req: CalculationRequestOutput;
  /** Each line's tax code's number (taxCodeNumber; -1 for a line without one). */
  readonly codes: number[];
}

/**
 * isPlainValidRequest, answered as a copy of the request made of the values the check read
 * (each field read once, so a getter that answers otherwise on a later read changes nothing
 * checked) with each line's tax code's number, or null for a request that is not plainly valid.
 */
export function plainRequest(r: unknown, polluted: boolean): PlainRequest | null {
  // Its objects' fields are read before they are found plain (see plainLineItem): one whose
  // reading throws (a getter of a class's prototype, which is no field) goes to the schema's
  // path, as every object that is not plain does.
  try {
    return readPlainRequest(r, polluted);
  } catch {
    return null;
  }
}

function readPlainRequest(r: unknown, polluted: boolean): PlainRequest | null {
  if (typeof r !== 'object' || r === null) return null;
  const { customer_address: customer, line_items: lines, origin_address: origin, customer_tax_id: taxId, currency, tax_date: taxDate, tax_behavior: behavior, customer_tax_status: status, customer_exemption_certificate: certificate, shipping_cost: shipping } = r as Record<string, unknown>;
  if (!isPlainObject(r)) return null;
  const customerCopy = plainAddress(customer, polluted);
  if (customerCopy === null) return null;
  if (r.customer_tax_ids !== undefined) return null;
  if (!Array.isArray(lines) || lines.length < 1 || lines.length > MAX_LINE_ITEMS) return null;
  // At its length, every slot set before it is read (an array pushed from empty has room for 17).
  const count = lines.length;
  const codes = new Array<number>(count);
  const copies = new Array<unknown>(count);
  for (let i = 0; i < count; i++) {
    const k = plainLineItem(lines[i], polluted, copies, i);
    if (k === REFUSED) return null;
    codes[i] = k;
  }
  let originCopy: Record<string, unknown> | null | undefined = origin as null | undefined;
  if (origin !== undefined && origin !== null && (originCopy = plainAddress(origin, polluted)) === null) return null;
  if (taxId !== null && !optionalText(taxId, 50)) return null;
  if (currency !== undefined && !(typeof currency === 'string' && isCurrencyText(currency))) return null;
  if (taxDate !== undefined && !(typeof taxDate === 'number' && Number.isSafeInteger(taxDate) && taxDate >= 0 && taxDate <= MAX_TAX_DATE)) return null;
  if (!oneOfOrAbsent(behavior, BEHAVIORS)) return null;
  if (!oneOfOrAbsent(status, CUSTOMER_TAX_STATUSES)) return null;
  if (certificate !== null && !optionalText(certificate, 100)) return null;
  let shippingCopy: Record<string, unknown> | null | undefined = shipping as null | undefined;
  if (shipping !== undefined && shipping !== null && (shippingCopy = plainShipping(shipping, polluted)) === null) return null;
  // The customer's address and the lines always, the others when they hold a value.
  const needed =
    R_CUSTOMER |
    R_LINES |
    (origin !== undefined ? R_ORIGIN : 0) |
    (taxId !== undefined ? R_TAX_ID : 0) |
    (status !== undefined ? R_STATUS : 0) |
    (certificate !== undefined ? R_CERTIFICATE : 0) |
    (currency !== undefined ? R_CURRENCY : 0) |
    (taxDate !== undefined ? R_TAX_DATE : 0) |
    (behavior !== undefined ? R_BEHAVIOR : 0) |
    (shipping !== undefined ? R_SHIPPING : 0);
  if (!onlyKnownFields(r, needed, KNOWN_REQUEST, polluted)) return null;
  const req = {
    origin_address: originCopy,
    customer_address: customerCopy,
    customer_tax_id: taxId,
    customer_tax_ids: undefined,
    customer_tax_status: status,
    customer_exemption_certificate: certificate,
    currency,
    tax_date: taxDate,
    tax_behavior: behavior,
    shipping_cost: shippingCopy,
    line_items: copies,
  };
  return { req: req as unknown as CalculationRequestOutput, codes };
}

/** A request read field by field, own fields only: what a polluted Object.prototype cannot reach. */
export function ownRequest(req: CalculationRequestOutput): CalculationRequestOutput {
  const out = ownFields(req, REQUEST_FIELDS);
  const origin = out.origin_address;
  const shipping = out.shipping_cost;
  return Object.assign(out, {
    customer_address: ownFields(out.customer_address, ADDRESS_FIELDS),
    origin_address: origin ? ownFields(origin, ADDRESS_FIELDS) : origin,
    shipping_cost: shipping ? ownFields(shipping, SHIPPING_FIELDS) : shipping,
    line_items: out.line_items.map((l) => ownFields(l, LINE_FIELDS)),
  });
}
