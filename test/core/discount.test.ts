/** A sale's coupon (src/core/discount.ts). */
import { describe, expect, it } from 'vitest';
import { couponShares } from '../../src/core/discount.js';

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
