/**
 * A delivery charge as lines of a sale (src/core/delivery.ts `deliveryLines`), the one routine
 * calculations and documents share: the charge shared by the goods' amounts, one line per place
 * and codes of the goods. On the frozen mini rule set (test/support/mini-rules.ts).
 */
import { describe, expect, it } from 'vitest';
import { deliveryLines, type DeliveryOptions, type DeliveryRefusal, type GoodsLine } from '../../src/core/delivery.js';
import { TaxRulesError } from '../../src/core/errors.js';
import type { Address } from '../../src/core/types.js';
import { miniRules } from '../support/mini-rules.js';

const north: Address = { country: 'XD', postalCode: '10001' };
const south: Address = { country: 'XD', postalCode: '20001' };

const goods = (amount: number, over: Partial<GoodsLine> = {}): GoodsLine => ({ amount, taxCode: 'standard', productType: 'good', taxBehavior: 'exclusive', destination: north, ...over });

const refusals: DeliveryRefusal[] = [];
const options = (over: Partial<DeliveryOptions> = {}): DeliveryOptions => ({
  behavior: 'exclusive',
  refuse: (r) => {
    refusals.push(r);
    return new TaxRulesError('unprocessable', 422, [{ path: ['shipping_cost'], code: 'unprocessable', message: r.why }]);
  },
  ...over,
});

const shown = (lines: ReturnType<typeof deliveryLines>) => lines.map((d) => [d.first, d.line.amount, d.line.taxCode, d.line.destination === north ? 'north' : 'south']);

describe('deliveryLines', () => {
  it('shares the charge by the goods’ amounts, the units left to the largest remainders, one line per place and codes', () => {
    // 10.00 by 1 : 1 : 1 → 3.33 each and the unit left to the first; services take none.
    const lines = [goods(100), goods(100, { taxCode: 'reduced' }), goods(100, { productType: 'service' }), goods(100, { destination: south })];
    expect(shown(deliveryLines(lines, 1_000, miniRules, options()))).toEqual([
      [0, 334, 'standard', 'north'],
      [1, 333, 'reduced', 'north'],
      [3, 333, 'standard', 'south'],
    ]);
    // One line per place only: the codes of its first goods.
    expect(shown(deliveryLines(lines, 1_000, miniRules, options({ byPlace: true })))).toEqual([
      [0, 667, 'standard', 'north'],
      [3, 333, 'standard', 'south'],
    ]);
  });

  it('gives all of it to the first goods when their amounts add up to 0, and opens no line for goods that share nothing only when asked', () => {
    expect(shown(deliveryLines([goods(0), goods(0, { taxCode: 'reduced' })], 500, miniRules, options()))).toEqual([
      [0, 500, 'standard', 'north'],
      [1, 0, 'reduced', 'north'],
    ]);
    expect(shown(deliveryLines([goods(0), goods(0, { taxCode: 'reduced' })], 500, miniRules, options({ skipEmpty: true })))).toEqual([[0, 500, 'standard', 'north']]);
  });

  it('refuses a charge without goods, with goods that give their own tax, and (when asked) with goods both net and gross', () => {
    refusals.length = 0;
    expect(() => deliveryLines([goods(100, { productType: 'service' })], 500, miniRules, options())).toThrow(TaxRulesError);
    expect(() => deliveryLines([goods(100, { productType: 'service' }), goods(100, { given: [] })], 500, miniRules, options())).toThrow(TaxRulesError);
    const mixed = [goods(100), goods(100, { taxBehavior: 'inclusive' })];
    expect(deliveryLines(mixed, 500, miniRules, options())).toHaveLength(1);
    expect(() => deliveryLines(mixed, 500, miniRules, options({ oneBehavior: true }))).toThrow(TaxRulesError);
    expect(refusals).toEqual([{ why: 'no_goods' }, { why: 'given', at: 1 }, { why: 'mixed' }]);
  });
});
