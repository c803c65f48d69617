/** Shapes shared by the request checks of both API versions and the account. */
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

/** Absent, or one of the allowed strings (what the fast checks accept for an optional enumerated field). */
export function oneOfOrAbsent(v: unknown, allowed: readonly string[]): boolean {
  return v === undefined || (typeof v === 'string' && allowed.includes(v));
}

/** What a field's reader answers for a value its schema refuses. */
export const REFUSED: unique symbol = Symbol('refused');

/** A field's reader: the value as read (undefined when absent), or REFUSED. */
export type FieldReader = (v: unknown) => unknown;

/** The readers of an object's fields (see plainRecord). */
export interface FieldReaders {
  readonly keys: readonly string[];
  readonly readers: Readonly<Record<string, FieldReader>>;
}

/**
 * The fast reading of an object its schema accepts as it is: its own enumerable fields walked
 * once with for…in (an inherited one skipped, never read), each read by its reader, an
 * unknown one refused. The answer has every field of `fields`, undefined when absent, so that
 * no later read reaches a prototype; null when a field is unknown or refused, or a `required`
 * one absent (for the schema to name).
 */
export function plainRecord(value: unknown, fields: FieldReaders, required: readonly string[]): Record<string, unknown> | null {
  if (!isRecord(value)) return null;
  const { keys, readers } = fields;
  const out: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) out[keys[i] as string] = undefined;
  for (const key in value) {
    if (!hasOwn.call(value, key)) continue;
    const read = readers[key];
    if (read === undefined) return null;
    const v = read(value[key]);
    if (v === REFUSED) return null;
    out[key] = v;
  }
  for (let i = 0; i < required.length; i++) if (out[required[i] as string] === undefined) return null;
  return out;
}

/** The readers of `fields`, held without a prototype (so that `constructor` or `__proto__` is no field). */
export function readersOf(fields: Record<string, FieldReader>): FieldReaders {
  return { keys: Object.keys(fields), readers: Object.assign(Object.create(null) as Record<string, FieldReader>, fields) };
}
