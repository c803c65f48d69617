/**
 * The parameters of v20241028 as its readers use them: each name's index in
 * TAX_RATE_PARAMETERS (found from a name's length and first and last characters), its kind's
 * check, whether it is required, its longest value and its allowed values, by index.
 */
import { TAX_RATE_PARAMETERS, TAX_RATE_PARAMETER_KINDS, type TaxRateParameter, type TaxRateParameterKind, type TaxRateParameterName } from './v20241028-parameters.js';

export const PARAMS: readonly TaxRateParameter[] = TAX_RATE_PARAMETERS;

export const NAMES: readonly string[] = PARAMS.map((p) => p.name);

export const COUNT = PARAMS.length;

const at = (name: TaxRateParameterName): number => NAMES.indexOf(name);

export const TO_COUNTRY = at('to_country');

export const TO_POSTAL_CODE = at('to_postal_code');

export const TO_CITY = at('to_city');

export const TO_STREET = at('to_street');

export const FROM_COUNTRY = at('from_country');

export const FROM_POSTAL_CODE = at('from_postal_code');

export const TAX_ID = at('tax_id');

export const TAX_CODE = at('tax_code');

export const TAX_BEHAVIOR = at('tax_behavior');

export const PRODUCT_TYPE = at('product_type');

export const DATE = at('date');

export const AMOUNT = at('amount');

export const CURRENCY = at('currency');

export const TAX_STATUS = at('tax_status');

export const EXEMPTION_CERTIFICATE = at('exemption_certificate');

/**
 * A name's slot in SLOTS, from its length and first and last characters: a lookup as quick
 * as a switch for the fresh strings a query string is cut into (a Map hashes each one), and
 * confirmed by one comparison, so no other name (nor one of Object.prototype) is taken for a
 * parameter.
 */
function slotOf(name: string): number {
  return slotAt(name, 0, name.length);
}

/** The slot of the name `text[start, end)` (see slotOf). */
export function slotAt(text: string, start: number, end: number): number {
  const n = end - start;
  return n === 0 ? 0 : (n * 7 + text.charCodeAt(start) * 3 + text.charCodeAt(end - 1)) & 63;
}

export const SLOTS = new Int8Array(64).fill(-1);

NAMES.forEach((name, i) => {
  const slot = slotOf(name);
  if (SLOTS[slot] !== -1) throw new Error(`parameters ${NAMES[SLOTS[slot] as number]} and ${name} share a slot: change slotOf`);
  SLOTS[slot] = i;
});

/**
 * The parameters' indexes by the length of their names (a few names share a length, at
 * most three): an object query's names are found by their length and one or two
 * comparisons, where slotOf reads two characters, each a check of the string's form first.
 */
const BY_LENGTH: readonly (readonly number[])[] = Array.from({ length: Math.max(...NAMES.map((n) => n.length)) + 1 }, (_, n) =>
  NAMES.flatMap((name, i) => (name.length === n ? [i] : [])),
);

/** A parameter's index in TAX_RATE_PARAMETERS, or -1 for a name that is none. */
export function indexOf(name: string): number {
  const n = name.length;
  if (n >= BY_LENGTH.length) return -1;
  const same = BY_LENGTH[n] as readonly number[];
  for (let k = 0; k < same.length; k++) {
    const i = same[k] as number;
    if (NAMES[i] === name) return i;
  }
  return -1;
}

/** The check of each kind, as a small integer by parameter index (a switch on constants is a jump). */
const CHECK_OF_KIND: { readonly [K in TaxRateParameterKind]: number } = { country: 1, 'postal code': 0, text: 0, 'tax code': 6, behaviour: 2, 'product type': 2, date: 3, amount: 4, currency: 5, 'tax status': 2 };

export const CHECK = Int8Array.from(PARAMS, (p) => CHECK_OF_KIND[p.kind]);

/** Whether each parameter is required (1), and its longest value, by index. */
export const REQUIRED = Int8Array.from(PARAMS, (p) => (p.required ? 1 : 0));

/** The required parameters as bits by index (see ReadQuery.given; the table holds at most 30, test/query.test.ts). */
export const REQUIRED_BITS = PARAMS.reduce((bits, p, i) => (p.required ? bits | (1 << i) : bits), 0);

export const MAX = Int32Array.from(PARAMS, (p) => p.max);

/** The values an enumerated parameter allows, by index (null for the others). */
export const ALLOWED: readonly (readonly string[] | null)[] = PARAMS.map((p) => TAX_RATE_PARAMETER_KINDS[p.kind].values ?? null);

/** True when trimming could change the string: it starts or ends with a space, control or non-ASCII character. */
export function hasOuterSpace(v: string): boolean {
  if (v.length === 0) return false;
  const a = v.charCodeAt(0);
  const b = v.charCodeAt(v.length - 1);
  return a <= 32 || a >= 127 || b <= 32 || b >= 127;
}
