/**
 * The arithmetic of rates taxrules derives from the ECB's (decimal.js, never floats). The ECB
 * publishes units of each currency per 1 EUR; the inverse (euros per unit) and a cross rate
 * between two other currencies are quotients that rarely end, so they are rounded, half up,
 * to ECB_RATE_DIGITS significant digits. A published rate is never rounded: it is given as
 * the ECB wrote it.
 */
import Decimal from 'decimal.js';

/**
 * Significant digits of a derived rate (an inverse or a cross rate): the ECB publishes five
 * or six (1.0842, 0.85175, 17595.37), so a derived rate keeps more than the data holds, and
 * fewer than a double's 15, so that it reads back exactly as a JSON number too (the v20241028
 * documents read rates as numbers). 1 / 1.0842 is 0.9223390518; 1 / 17595.37 is
 * 0.00005683313281.
 */
export const ECB_RATE_DIGITS = 10;

/** Division rounded half up to ECB_RATE_DIGITS significant digits. */
const Derived = /* @__PURE__ */ Decimal.clone({ precision: ECB_RATE_DIGITS, rounding: Decimal.ROUND_HALF_UP });

/**
 * Products kept exact: an amount (at most 40 characters, as amounts are) times a rate (at most
 * ECB_RATE_DIGITS digits, or a published rate of fewer) has fewer than 100 digits.
 */
const Exact = /* @__PURE__ */ Decimal.clone({ precision: 100, rounding: Decimal.ROUND_HALF_UP });

/** `a / b` rounded half up to ECB_RATE_DIGITS significant digits, in plain notation (no exponent). */
export function derivedRate(a: string, b: string): string {
  return new Derived(a).div(b).toFixed();
}

/** `a × b` exactly, in plain notation without trailing zeros. */
export function exactProduct(a: string, b: string): string {
  return new Exact(a).mul(b).toFixed();
}
