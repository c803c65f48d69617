/**
 * The discounts a sale's lines take before tax: each line's own (a percentage of its amount,
 * half up), then a coupon on what is left of each: a percentage off each line's amount (half up, as `percentOf` rounds), or an amount shared among the lines in
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

/** A line before its discounts: its amount (net, or gross with `inclusive`) and its own discount, in rate units. */
export interface ListedLine {
  readonly amount: bigint;
  readonly discountUnits: number;
  readonly inclusive: boolean;
}

/** What each line takes off before tax: its own discount, and its share of the coupon (none without one, or when the coupon is `refused`). */
export interface Discounts {
  readonly own: bigint[];
  readonly coupon: bigint[];
  readonly refused: CouponRefusal | null;
}

/** The discounts of a sale's lines: each line's own, then its share of the coupon (null for none) on its amount after that. */
export function discountsOf(lines: readonly ListedLine[], coupon: Coupon | null): Discounts {
  const own = lines.map((l) => percentOf(l.amount, l.discountUnits));
  const none = lines.map(() => 0n);
  if (coupon === null) return { own, coupon: none, refused: null };
  const shares = couponShares(lines.map((l, k) => ({ amount: l.amount - (own[k] as bigint), inclusive: l.inclusive })), coupon);
  return Array.isArray(shares) ? { own, coupon: shares, refused: null } : { own, coupon: none, refused: shares };
}
