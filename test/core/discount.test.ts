/** A sale's coupon (src/core/discount.ts). */
import { describe, expect, it } from 'vitest';
import { couponShares, discountsOf } from '../../src/core/discount.js';

const net = (...amounts: bigint[]) => amounts.map((amount) => ({ amount, inclusive: false }));

describe('couponShares', () => {
  it('takes a percentage off each line, half up', () => {
    // 12.5 % of 1.00 and of 0.05: 12.5 and 0.625 units, rounded half up.
    expect(couponShares(net(100n, 5n), { percentUnits: 125_000 })).toEqual([13n, 1n]);
  });

  it('shares an amount by the lines, adding up to it exactly', () => {
    const shares = couponShares(net(100n, 200n, 300n), { amount: 100n });
    expect(shares).toEqual([17n, 33n, 50n]);
  });

  it('refuses an amount beyond the lines, or shared between gross and net lines', () => {
    expect(couponShares(net(100n, 200n), { amount: 301n })).toEqual({ why: 'beyond', total: 300n });
    expect(couponShares([{ amount: 100n, inclusive: true }, { amount: 100n, inclusive: false }], { amount: 10n })).toEqual({ why: 'mixed' });
    expect(couponShares([{ amount: 100n, inclusive: true }, { amount: 100n, inclusive: false }], { percentUnits: 100_000 })).toEqual([10n, 10n]);
  });
});

describe('discountsOf', () => {
  it("takes each line's own discount, then the coupon on what is left of it", () => {
    // 10 % off 1.00 and none off 2.00, then 0.29 shared by 0.90 and 2.00.
    const lines = [
      { amount: 100n, discountUnits: 100_000, inclusive: false },
      { amount: 200n, discountUnits: 0, inclusive: false },
    ];
    expect(discountsOf(lines, { amount: 29n })).toEqual({ own: [10n, 0n], coupon: [9n, 20n], refused: null });
    expect(discountsOf(lines, null)).toEqual({ own: [10n, 0n], coupon: [0n, 0n], refused: null });
    expect(discountsOf(lines, { amount: 291n })).toEqual({ own: [10n, 0n], coupon: [0n, 0n], refused: { why: 'beyond', total: 290n } });
  });
});
