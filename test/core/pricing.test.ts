import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { price, priceCapped, taxableAmount, type PricingLine } from '../../src/core/pricing.js';

// decimal.js is the reference arithmetic (ROUND_HALF_UP is half away from zero there).
const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_UP });
const line = (rateUnits: number, partUnits = 1_000_000, group: 'main' | 'additional' = 'main'): PricingLine => ({ group, rateUnits, partUnits });
const big = (v: number | bigint): bigint => BigInt(v);
const effective = (l: PricingLine): Decimal => new D(l.rateUnits).times(l.partUnits).div(1e12);

/** The reference: each group's tax from decimal.js, net + taxes = gross for inclusive amounts. */
function groupTaxes(lines: readonly PricingLine[], amount: bigint, behavior: 'exclusive' | 'inclusive'): Map<string, Decimal> {
  const all = lines.reduce((s, l) => s.plus(effective(l)), new D(0));
  const out = new Map<string, Decimal>();
  for (const group of ['main', 'additional']) {
    const e = lines.filter((l) => l.group === group).reduce((s, l) => s.plus(effective(l)), new D(0));
    if (!lines.some((l) => l.group === group)) continue;
    const base = new D(amount.toString()).times(e);
    out.set(group, (behavior === 'inclusive' ? base.div(all.plus(1)) : base).toDecimalPlaces(0));
  }
  return out;
}

describe('price', () => {
  it('taxes a net amount: 19 % of 10.05 EUR is 1.91 (1.9095 rounds up)', () => {
    expect(price([line(190_000)], 1005, 'exclusive')).toEqual({ taxes: [191], tax: 191, subtotal: 1005, total: 1196 });
    // Texas SaaS: 6.25 % on 80 % of 100.00 USD = 5.00
    expect(price([line(62_500, 800_000)], 10_000, 'exclusive').taxes).toEqual([500]);
    // Half a cent rounds up: 5 % of 0.10 = 0.005 → 0.01; and down for a refund of it.
    expect(price([line(50_000)], 10, 'exclusive').taxes).toEqual([1]);
    expect(price([line(50_000)], -10, 'exclusive').taxes).toEqual([-1]);
  });

  it('splits a gross amount so that net + taxes = gross', () => {
    expect(price([line(190_000)], 11_900, 'inclusive')).toEqual({ taxes: [1_900], tax: 1_900, subtotal: 10_000, total: 11_900 });
    // British Columbia: GST 5 % + PST 7 % on 112.00 gross → 5.00 and 7.00, two taxes rounded apart.
    expect(price([line(50_000), line(70_000, 1_000_000, 'additional')], 11_200, 'inclusive').taxes).toEqual([500, 700]);
  });

  it('rounds the parts of one tax together and shares the rounded tax out', () => {
    // A 6.25 % state part and two 1 % local parts on 0.50: 0.03125 + 0.005 + 0.005 = 0.04125,
    // charged as 0.04 (not 0.03 + 0.01 + 0.01 = 0.05 from rounding each part).
    const lines = [line(62_500), line(10_000), line(10_000)];
    const p = price(lines, 50, 'exclusive');
    expect(p.tax).toBe(4);
    expect(p.taxes).toEqual([3, 1, 0]);
  });

  it('gives a unit left on a tie to the earlier line, in doubles and in BigInt alike', () => {
    // Two 1 % parts whose exact taxes end in .5: the group rounds to one unit more than the floors.
    expect(price([line(10_000), line(10_000)], 50, 'exclusive').taxes).toEqual([1, 0]);
    expect(price([line(10_000), line(10_000)], -50, 'exclusive').taxes).toEqual([-1, 0]);
    const a = 10n ** 20n + 50n;
    expect(price([line(10_000), line(10_000)], a, 'exclusive').taxes).toEqual([10n ** 18n + 1n, 10n ** 18n]);
    // The larger remainder first whatever the order: 0.6 and 0.4 units round to one unit, the 0.6's.
    expect(price([line(4_000), line(6_000)], 100, 'exclusive').taxes).toEqual([0, 1]);
  });

  it('gives each group its decimal.js tax, and lines that add up to it, on either path', () => {
    const lineArb = fc.record({
      group: fc.constantFrom<'main' | 'additional'>('main', 'additional'),
      rateUnits: fc.integer({ min: 0, max: 300_000 }),
      partUnits: fc.oneof(fc.constant(1_000_000), fc.integer({ min: 1, max: 1_000_000 })),
    });
    const amounts = fc.oneof(
      fc.integer({ min: -10_000_000, max: 10_000_000 }).map(big),
      fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
      fc.constantFrom(4_503_599_627n, 4_503_599_628n, 9_007_199_254n, 9_007_199_255n, -(2n ** 53n)),
    );
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 6 }), amounts, fc.constantFrom<'exclusive' | 'inclusive'>('exclusive', 'inclusive'), (raw, amount, behavior) => {
        // Lines of a group stand together, main first.
        const lines = [...raw.filter((l) => l.group === 'main'), ...raw.filter((l) => l.group === 'additional')];
        const small = amount <= BigInt(Number.MAX_SAFE_INTEGER) && amount >= -BigInt(Number.MAX_SAFE_INTEGER);
        const p = price(lines, small ? Number(amount) : amount, behavior);
        const expected = groupTaxes(lines, amount, behavior);
        let total = 0n;
        for (const [group, tax] of expected) {
          let sum = 0n;
          lines.forEach((l, i) => {
            if (l.group !== group) return;
            const t = big(p.taxes[i] as number | bigint);
            sum += t;
            // Each line within one unit of its exact share.
            const exact = new D(amount.toString()).times(effective(l));
            const share = behavior === 'inclusive' ? exact.div(lines.reduce((s, x) => s.plus(effective(x)), new D(1))) : exact;
            expect(share.minus(t.toString()).abs().lte(1)).toBe(true);
          });
          expect(sum.toString()).toBe(tax.toFixed(0));
          total += sum;
        }
        expect(big(p.tax)).toBe(total);
        if (behavior === 'inclusive') expect(big(p.subtotal) + big(p.tax)).toBe(amount);
        else expect(big(p.total) - big(p.tax)).toBe(amount);
        // Numbers only where exact.
        for (const v of [p.tax, p.subtotal, p.total, ...p.taxes]) if (typeof v === 'number') expect(Number.isSafeInteger(v)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('gives the taxable part of a net amount, rounded half away from zero', () => {
    expect(taxableAmount(10_000, 800_000)).toBe(8_000);
    expect(taxableAmount(5, 500_000)).toBe(3);
    expect(taxableAmount(-5, 500_000)).toBe(-3);
    expect(taxableAmount(10n ** 20n, 800_000)).toBe(8n * 10n ** 19n);
  });
});

describe('priceCapped', () => {
  // Florida: the state's 6 % on the whole net, a county's 1 % (line 1) on at most the limit.
  const fl = [line(60_000), line(10_000)];

  it('is price at or under the limit', () => {
    expect(priceCapped(fl, 500_000, 'exclusive', [1], 500_000)).toEqual({ ...price(fl, 500_000, 'exclusive'), bases: null });
    expect(priceCapped(fl, 535_000, 'inclusive', [1], 500_000)).toEqual({ ...price(fl, 535_000, 'inclusive'), bases: null });
  });

  it('charges the capped lines on the limit above it, exclusive and inclusive', () => {
    expect(priceCapped(fl, 600_000, 'exclusive', [1], 500_000)).toEqual({ taxes: [36_000, 5_000], tax: 41_000, subtotal: 600_000, total: 641_000, bases: [null, 500_000] });
    expect(priceCapped(fl, 641_000, 'inclusive', [1], 500_000)).toEqual({ taxes: [36_000, 5_000], tax: 41_000, subtotal: 600_000, total: 641_000, bases: [null, 500_000] });
    expect(priceCapped(fl, -600_000, 'exclusive', [1], 500_000)).toMatchObject({ taxes: [-36_000, -5_000], tax: -41_000, bases: [null, -500_000] });
  });

  it('matches decimal.js for any lines, amount and limit: each group rounded once, net + tax = gross', () => {
    const lineArb = fc.record({ group: fc.constantFrom<'main' | 'additional'>('main', 'additional'), rateUnits: fc.integer({ min: 0, max: 200_000 }), partUnits: fc.constant(1_000_000) });
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 5 }), fc.bigInt({ min: 1n, max: 10n ** 14n }), fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.constantFrom<'exclusive' | 'inclusive'>('exclusive', 'inclusive'), fc.boolean(), (raw, amount, limit, behavior, negate) => {
        const lines = [...raw.filter((l) => l.group === 'main'), ...raw.filter((l) => l.group === 'additional')];
        const capped = lines.map((_, i) => i).filter((i) => i % 2 === 1);
        const signed = negate ? -amount : amount;
        const p = priceCapped(lines, signed, behavior, capped, limit);
        const ex = (l: PricingLine) => new D(l.rateUnits).div(1e6);
        const rc = capped.reduce((s, i) => s.plus(ex(lines[i] as PricingLine)), new D(0));
        const ru = lines.reduce((s, l, i) => (capped.includes(i) ? s : s.plus(ex(l))), new D(0));
        // The exact net: the amount (exclusive), or the root of N + ru·N + rc·min(N, limit) = gross.
        const g = new D(amount.toString());
        let net = g;
        let base = (n: Decimal) => Decimal.min(n, new D(limit.toString()));
        if (behavior === 'inclusive') {
          net = g.div(ru.plus(rc).plus(1));
          if (net.gt(limit.toString())) net = g.minus(rc.times(limit.toString())).div(ru.plus(1));
          else base = (n) => n;
        }
        for (const group of ['main', 'additional'] as const) {
          let exact = new D(0);
          let sum = 0n;
          lines.forEach((l, i) => {
            if (l.group !== group) return;
            exact = exact.plus(ex(l).times(capped.includes(i) ? base(net) : net));
            sum += big(p.taxes[i] as number | bigint);
          });
          expect((negate ? -sum : sum).toString()).toBe(exact.toDecimalPlaces(0).toFixed(0));
        }
        if (behavior === 'inclusive') expect(big(p.subtotal) + big(p.tax)).toBe(signed);
        else expect(big(p.total) - big(p.tax)).toBe(signed);
      }),
      { numRuns: 2000 },
    );
  });
});
