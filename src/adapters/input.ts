/** Shapes shared by the request checks of both API versions and the account. */
import { taxCodeNumber } from '../core/situation.js';

export { closestName, editDistance, unknownFieldIssues } from '../core/fields.js';

export const COUNTRY_RE = /^[A-Za-z]{2}$/;
export const CURRENCY_RE = /^[A-Za-z]{3}$/;
export const AMOUNT_RE = /^-?\d+(\.\d+)?$/;

/** Whether the character at `i` is an ASCII digit. */
function digitAt(v: string, i: number): boolean {
  const c = v.charCodeAt(i);
  return c >= 48 && c <= 57;
}

/** Whether a string is a decimal amount as AMOUNT_RE has it (read by hand: the fast checks run on every line). */
export function isAmountText(v: string): boolean {
  const n = v.length;
  let i = n > 0 && v.charCodeAt(0) === 45 ? 1 : 0; // "-"
  const start = i;
  while (i < n && digitAt(v, i)) i++;
  if (i === start) return false;
  if (i === n) return true;
  if (v.charCodeAt(i) !== 46 || i + 1 === n) return false; // "."
  for (i++; i < n; i++) if (!digitAt(v, i)) return false;
  return true;
}

/** Whether the character at `i` is an ASCII letter. */
function letterAt(v: string, i: number): boolean {
  const c = v.charCodeAt(i) | 32;
  return c >= 97 && c <= 122;
}

/** Whether a string is two ASCII letters (as COUNTRY_RE has it). */
export function isCountryText(v: string): boolean {
  return v.length === 2 && letterAt(v, 0) && letterAt(v, 1);
}

/** Whether a string is three ASCII letters (as CURRENCY_RE has it). */
export function isCurrencyText(v: string): boolean {
  return v.length === 3 && letterAt(v, 0) && letterAt(v, 1) && letterAt(v, 2);
}

/**
 * `Object.prototype.hasOwnProperty`, called as `hasOwn.call(o, key)`: inside a `for…in`
 * loop V8 compiles this call to a check of the loop's own cache, where `Object.hasOwn` is
 * a full call (~20 ns a field on Node 20).
 */
export const hasOwn: (this: object, key: PropertyKey) => boolean = Object.prototype.hasOwnProperty;

/** An object that is not an array (of any prototype). */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A plain object (object literal, JSON.parse, Object.create(null)): what the fast checks read directly. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** Absent, or a tax code: one lookup, where a scan of the 233 codes compared a code near the list's end with all of them. */
export function isTaxCodeOrAbsent(v: unknown): boolean {
  return v === undefined || (typeof v === 'string' && taxCodeNumber(v) >= 0);
}

/** Absent, or one of the allowed strings (what the fast checks accept for an optional enumerated field). */
export function oneOfOrAbsent(v: unknown, allowed: readonly string[]): boolean {
  return v === undefined || (typeof v === 'string' && allowed.includes(v));
}

/**
 * For each line, the index of the first line with its reference (its own index when the
 * reference is new). Small documents compare directly: cheaper than a Map; the last
 * characters first, where references of one length differ ("l1", "l2"; "sku-0001").
 */
export function firstOfReferences(lines: readonly { reference: string }[]): number[] {
  const n = lines.length;
  // At their length (an array pushed from empty has room for 17), every slot set before it is read.
  const out = new Array<number>(n);
  if (n <= 32) {
    // Each reference's last character, read once (0 for an empty one: compared whole).
    const ends = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      const ref = (lines[i] as { reference: string }).reference;
      ends[i] = ref.charCodeAt(ref.length - 1) | 0;
    }
    for (let i = 0; i < n; i++) {
      const end = ends[i] as number;
      let f = i;
      for (let j = 0; j < i; j++) {
        if (ends[j] === end && (lines[j] as { reference: string }).reference === (lines[i] as { reference: string }).reference) {
          f = j;
          break;
        }
      }
      out[i] = f;
    }
    return out;
  }
  const seen = new Map<string, number>();
  for (let i = 0; i < lines.length; i++) {
    const ref = (lines[i] as { reference: string }).reference;
    const f = seen.get(ref);
    if (f === undefined) seen.set(ref, i);
    out[i] = f ?? i;
  }
  return out;
}
