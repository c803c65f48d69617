/**
 * The integer arithmetic of documents: amounts in the currency's minor unit (safe integers:
 * a document answers them as JSON numbers), quantities and percentages read exactly from
 * their decimal text, products in BigInt, rounding half up (away from zero, on amounts that
 * are never negative here) as everywhere in taxrules.
 */
import { PERCENT_100, RATE_SCALE, formatMinor } from '../core/money.js';

/** The largest amount in minor units a document holds: 15 digits, so that its JSON number reads back exactly. */
export const MAX_CENTS = 999_999_999_999_999;

export { apportion, decimalOf, type Decimal } from '../core/money.js';
import type { Decimal } from '../core/money.js';

/** The decimal's trailing zeros dropped (2.50 → 2.5), so that its scale is the number of digits it needs. */
export function trimmed(d: Decimal): Decimal {
  let { units, scale } = d;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale--;
  }
  return { units, scale };
}

/** A decimal in minor units when it has at most `minorUnits` decimals (after trailing zeros), else null. */
export function minorOf(d: Decimal, minorUnits: number): bigint | null {
  const t = trimmed(d);
  if (t.scale > minorUnits) return null;
  return t.units * 10n ** BigInt(minorUnits - t.scale);
}

/** A percentage in rate units (0.0001 %) when it has at most 4 decimals, else null. */
export function rateUnitsOf(d: Decimal): number | null {
  const t = trimmed(d);
  if (t.scale > 4) return null;
  return Number(t.units * 10n ** BigInt(4 - t.scale));
}

/** a / b rounded half up, for a ≥ 0 and b > 0. */
export function roundDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b) * 2n >= b ? q + 1n : q;
}

/** A percentage (rate units) of an amount, rounded half up. */
export function percentOf(amount: bigint, rateUnits: number): bigint {
  return roundDiv(amount * BigInt(rateUnits), BigInt(PERCENT_100));
}

/** An amount in minor units as the document's number in the major unit (1999, 2 → 19.99). */
export function majorNumber(minor: bigint | number, minorUnits: number): number {
  return Number(formatMinor(typeof minor === 'number' ? minor : minor, minorUnits));
}

/** A percentage in rate units as a number (200000 → 20). */
export function rateNumber(units: number): number {
  return units / RATE_SCALE;
}
