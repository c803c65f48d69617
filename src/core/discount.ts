/**
 * A coupon a sale's lines take before tax, after each line's own discount: a percentage off
 * each line's amount (half up, as `percentOf` rounds), or an amount shared among the lines in
 * proportion to their amounts (`apportion`: the shares add up to the coupon exactly, the units
 * left over to the largest remainders). An amount is refused when the lines mix amounts with
 * tax included and net ones (a share would take gross from some and net from others), or when
 * it is more than the lines' amounts together (no line goes below zero).
 */
import { apportion, percentOf } from './money.js';

/** A coupon: a percentage (in rate units) off every line, or an amount in minor units shared among them. */
export type Coupon = { readonly percentUnits: number } | { readonly amount: bigint };

/** Why a coupon's amount cannot be shared: lines both gross and net, or more than their amounts (`total`). */
export type CouponRefusal = { readonly why: 'mixed' } | { readonly why: 'beyond'; readonly total: bigint };

/** Each line's share of a coupon, by its amount (after its own discount; `inclusive`, an amount with tax included). */
export function couponShares(lines: readonly { readonly amount: bigint; readonly inclusive: boolean }[], coupon: Coupon): bigint[] | CouponRefusal {
  const amounts = lines.map((l) => l.amount);
  // Its own field only: a polluted Object.prototype makes no amount a percentage.
  if (Object.hasOwn(coupon, 'percentUnits')) {
    const units = (coupon as { readonly percentUnits: number }).percentUnits;
    return amounts.map((a) => percentOf(a, units));
  }
  const amount = (coupon as { readonly amount: bigint }).amount;
  if (lines.some((l) => l.inclusive) && lines.some((l) => !l.inclusive)) return { why: 'mixed' };
  const total = amounts.reduce((a, b) => a + b, 0n);
  if (amount > total) return { why: 'beyond', total };
  return apportion(amount, amounts);
}
