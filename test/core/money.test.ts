import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalUnits, divRound, exclusiveTax, formatMinor, formatUnits, inclusiveTaxes, parseAmount } from '../../src/core/money.js';

describe('money', () => {
  it('scales decimal rates to integer units of 0.0001 %', () => {
    expect(decimalUnits('19', 4)).toBe(190_000);
    expect(decimalUnits('9.975', 4)).toBe(99_750);
    expect(decimalUnits('0.125', 4)).toBe(1_250);
    expect(() => decimalUnits('1.23456', 4)).toThrow(RangeError);
    expect(() => decimalUnits('-1', 4)).toThrow(RangeError);
  });

  it('parses amounts into minor units of the currency', () => {
    expect(parseAmount('100', 2)).toEqual({ ok: true, minor: 10_000n });
    expect(parseAmount('99.95', 2)).toEqual({ ok: true, minor: 9_995n });
    expect(parseAmount('10.500', 2)).toEqual({ ok: true, minor: 1_050n });
    expect(parseAmount('-5.5', 2)).toEqual({ ok: true, minor: -550n });
    expect(parseAmount('1000', 0)).toEqual({ ok: true, minor: 1_000n });
    expect(parseAmount('1.234', 3)).toEqual({ ok: true, minor: 1_234n });
    expect(parseAmount('1.005', 2)).toEqual({ ok: false, problem: 'precision' });
    expect(parseAmount('12,50', 2)).toEqual({ ok: false, problem: 'malformed' });
    expect(parseAmount('1e3', 2)).toEqual({ ok: false, problem: 'malformed' });
  });

  it('rounds half away from zero', () => {
    expect(divRound(5n, 10n)).toBe(1n);
    expect(divRound(4n, 10n)).toBe(0n);
    expect(divRound(-5n, 10n)).toBe(-1n);
    expect(divRound(-4n, 10n)).toBe(0n);
    expect(divRound(15n, 10n)).toBe(2n);
  });

  it('computes exclusive tax: 19 % of 10.05 EUR is 1.91 (1.9095 rounds up)', () => {
    expect(exclusiveTax(1005n, 190_000, 1_000_000)).toBe(191n);
    // Texas SaaS: 6.25 % on 80 % of 100.00 USD = 5.00
    expect(exclusiveTax(10_000n, 62_500, 800_000)).toBe(500n);
    // 0.5 cent rounds half up: 5 % of 0.10 = 0.005 → 0.01
    expect(exclusiveTax(10n, 50_000, 1_000_000)).toBe(1n);
  });

  it('splits inclusive amounts so that net + taxes = gross', () => {
    // 119.00 gross at 19 %: tax 19.00
    expect(inclusiveTaxes(11_900n, [{ rateUnits: 190_000, partUnits: 1_000_000 }])).toEqual([1_900n]);
    // BC: GST 5 % + PST 7 % on 112.00 gross: 5.00 and 7.00
    expect(inclusiveTaxes(11_200n, [
      { rateUnits: 50_000, partUnits: 1_000_000 },
      { rateUnits: 70_000, partUnits: 1_000_000 },
    ])).toEqual([500n, 700n]);
  });

  it('formats minor units as decimal strings', () => {
    expect(formatMinor(1_900n, 2)).toBe('19.00');
    expect(formatMinor(5n, 2)).toBe('0.05');
    expect(formatMinor(-5n, 3)).toBe('-0.005');
    expect(formatMinor(1_000n, 0)).toBe('1000');
    expect(formatUnits(99_750)).toBe('9.975');
    expect(formatUnits(190_000)).toBe('19');
  });
});

describe('integer money agrees with decimal.js', () => {
  // decimal.js is the reference arithmetic: the engine's integer path must give the same
  // rounded results (ROUND_HALF_UP = half away from zero in decimal.js).
  const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });
  it('exclusive tax = round(amount × rate % × part %)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -1_000_000_000_000n, max: 1_000_000_000_000n }), fc.integer({ min: 0, max: 300_000 }), fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(0, 2, 3), (minor, rateUnits, partUnits, mu) => {
          const amount = new D(minor.toString()).div(10 ** mu);
          const expected = amount.times(new D(rateUnits).div(1_000_000)).times(new D(partUnits).div(1_000_000)).toDecimalPlaces(mu);
          expect(formatMinor(exclusiveTax(minor, rateUnits, partUnits), mu)).toBe(expected.toFixed(mu));
        },
      ),
    );
  });

  it('exclusive tax on the whole amount (the fast double path) up to 2^53 / 10^6 minor units', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -9_007_199_254n, max: 9_007_199_254n }), fc.integer({ min: 1, max: 1_000_000 }), (minor, rateUnits) => {
        const expected = new D(minor.toString()).times(rateUnits).div(1_000_000).toDecimalPlaces(0);
        expect(exclusiveTax(minor, rateUnits, 1_000_000).toString()).toBe(expected.toFixed(0));
      }),
      { numRuns: 2000 },
    );
  });

  it('inclusive taxes = round(gross × eᵢ / (1 + Σ e))', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 1_000_000_000_000n }), fc.array(fc.integer({ min: 0, max: 300_000 }), { minLength: 1, maxLength: 2 }), (gross, rates) => {
        const taxes = inclusiveTaxes(gross, rates.map((r) => ({ rateUnits: r, partUnits: 1_000_000 })));
        const sum = rates.reduce((a, r) => a.plus(new D(r).div(1_000_000)), new D(0));
        rates.forEach((r, i) => {
          const expected = new D(gross.toString()).div(100).times(new D(r).div(1_000_000)).div(sum.plus(1)).toDecimalPlaces(2);
          expect(formatMinor(taxes[i] as bigint, 2)).toBe(expected.toFixed(2));
        });
      }),
    );
  });
});

describe('parseAmount fast and slow paths', () => {
  it('formats and parses amounts near 2^53 exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 9_007_199_254_000_000n, max: 9_007_199_254_740_991n }), fc.constantFrom(0, 2, 3, 4), fc.boolean(), (x, mu, neg) => {
        const minor = neg ? -x : x;
        const text = formatMinor(minor, mu);
        const digits = (neg ? -minor : minor).toString().padStart(mu + 1, '0');
        expect(text).toBe(`${neg ? '-' : ''}${mu ? `${digits.slice(0, -mu)}.${digits.slice(-mu)}` : digits}`);
        expect(parseAmount(text, mu)).toEqual({ ok: true, minor });
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the same minor units for long and short amounts', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.constantFrom(0, 2, 3, 4), (minor, mu) => {
        const text = formatMinor(minor, mu);
        expect(parseAmount(text, mu)).toEqual({ ok: true, minor });
        if (minor > 0n) expect(parseAmount(`-${text}`, mu)).toEqual({ ok: true, minor: -minor });
      }),
    );
  });
});
