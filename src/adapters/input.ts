/** Shapes shared by the request checks of both API versions and the account. */

export const COUNTRY_RE = /^[A-Za-z]{2}$/;
export const CURRENCY_RE = /^[A-Za-z]{3}$/;
export const AMOUNT_RE = /^-?\d+(\.\d+)?$/;

/** A plain object (object literal, JSON.parse, Object.create(null)): what the fast checks read directly. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}
