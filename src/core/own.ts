/**
 * Reading objects while Object.prototype may be polluted: a field an object leaves out reads
 * as an inherited value, so what the library reads from a caller, or parses from its rule
 * texts, is read as a copy of its own fields when Object.prototype carries any.
 */

/**
 * A copy of an input made of its own enumerable fields only, `levels` containers deep
 * (objects and arrays; what lies deeper is kept as it is, for the schema to refuse by its
 * type). An array is copied up to `maxItems + 1` items: enough for the schema to say it is
 * too long, without walking a hostile length of 2³² − 1. Getters and Proxy traps run here,
 * once each: call it inside a `try` that hands the exception to `unreadable`.
 */
export function ownCopy(value: unknown, levels: number, maxItems: number): unknown {
  if (levels === 0 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const n = Math.min(value.length, maxItems + 1);
    const out: unknown[] = new Array<unknown>(n);
    for (let i = 0; i < n; i++) out[i] = Object.hasOwn(value, i) ? ownCopy(value[i], levels - 1, maxItems) : undefined;
    return out;
  }
  // A null prototype: an own "__proto__" field stays a field (and the schema names it unknown).
  const out = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value)) out[key] = ownCopy((value as Record<string, unknown>)[key], levels - 1, maxItems);
  return out;
}

/** `Object.prototype.hasOwnProperty`, quick inside `for…in` (see adapters/input.ts). */
const hasOwnField: (this: object, key: PropertyKey) => boolean = Object.prototype.hasOwnProperty;

/**
 * Reads what `ownCopy(value, levels, maxItems)` reads (own enumerable fields, array items up to
 * `maxItems + 1`), keeping nothing: so that a fast reading of an input runs every getter and
 * Proxy trap its copy would run.
 */
export function touchOwn(value: unknown, levels: number, maxItems: number): void {
  if (levels === 0 || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    const n = Math.min(value.length, maxItems + 1);
    for (let i = 0; i < n; i++) if (hasOwnField.call(value, i)) touchOwn(value[i], levels - 1, maxItems);
    return;
  }
  for (const key in value) if (hasOwnField.call(value, key)) touchOwn((value as Record<string, unknown>)[key], levels - 1, maxItems);
}

/**
 * Whether `Object.prototype` carries enumerable fields (it was polluted): then a field an
 * input leaves out would read as the polluted value, so inputs are read field by field.
 */
export function prototypePolluted(): boolean {
  for (const _ in Object.prototype) return true;
  return false;
}

/**
 * Data the library reads field by field (rule data, a rule text as parsed): as it is, or,
 * while Object.prototype is polluted, a copy of its own fields `levels` deep (every level by
 * default), so that a field it leaves out reads as absent.
 */
export function ownData<T>(value: T, levels = Number.POSITIVE_INFINITY): T {
  return prototypePolluted() ? (ownCopy(value, levels, Number.MAX_SAFE_INTEGER) as T) : value;
}

/** The levels of a neutral input (`TaxInput`): its fields, its addresses and registrations, each registration's fields. */
export const TAX_INPUT_LEVELS = 3;
