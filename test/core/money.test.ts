import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMinor, compareDecimal, decimalUnits, formatMinor, formatUnits, isCanonicalAmount, normalMinor, parseAmount } from '../../src/core/money.js';

describe('money', () => {
  it('scales decimal rates to integer units of 0.0001 %', () => {
    expect(decimalUnits('19', 4)).toBe(190_000);
    expect(decimalUnits('9.975', 4)).toBe(99_750);
    expect(decimalUnits('0.125', 4)).toBe(1_250);
    expect(() => decimalUnits('1.23456', 4)).toThrow(RangeError);
    expect(() => decimalUnits('-1', 4)).toThrow(RangeError);
  });

  it('parses amounts into minor units of the currency', () => {
    expect(parseAmount('100', 2)).toEqual({ ok: true, minor: 10_000 });
    expect(parseAmount('99.95', 2)).toEqual({ ok: true, minor: 9_995 });
    expect(parseAmount('10.500', 2)).toEqual({ ok: true, minor: 1_050 });
    expect(parseAmount('-5.5', 2)).toEqual({ ok: true, minor: -550 });
    expect(parseAmount('1000', 0)).toEqual({ ok: true, minor: 1_000 });
    expect(parseAmount('1.234', 3)).toEqual({ ok: true, minor: 1_234 });
    expect(parseAmount('1.005', 2)).toEqual({ ok: false, problem: 'precision' });
    expect(parseAmount('12,50', 2)).toEqual({ ok: false, problem: 'malformed' });
    expect(parseAmount('1e3', 2)).toEqual({ ok: false, problem: 'malformed' });
  });

  it('formats minor units as decimal strings', () => {
    expect(formatMinor(1_900n, 2)).toBe('19.00');
    expect(formatMinor(5n, 2)).toBe('0.05');
    expect(formatMinor(-5n, 3)).toBe('-0.005');
    expect(formatMinor(1_000n, 0)).toBe('1000');
    expect(formatUnits(99_750)).toBe('9.975');
    expect(formatUnits(190_000)).toBe('19');
    expect(formatMinor(1_900, 2)).toBe('19.00');
  });

  it('formats the amounts it keeps the texts of (0.00 to 99.99) as it formats the others, kept or made', () => {
    // Each text twice: made on its first use, then the one kept; the BigInt path never keeps one.
    for (let round = 0; round < 2; round++) {
      for (let minor = 0; minor <= 10_001; minor++) {
        const text = formatMinor(minor, 2);
        expect(text).toBe(formatMinor(BigInt(minor), 2));
        expect(text).toBe(new Decimal(minor).div(100).toFixed(2));
      }
    }
    expect(formatMinor(-0, 2)).toBe('0.00');
    expect(formatMinor(-5, 2)).toBe('-0.05');
    expect(formatMinor(5, 3)).toBe('0.005');
    expect(formatMinor(9_999, 0)).toBe('9999');
  });

  it('keeps amounts as numbers while exact, BigInt beyond', () => {
    expect(addMinor(1, 2)).toBe(3);
    expect(addMinor(Number.MAX_SAFE_INTEGER, 1)).toBe(2n ** 53n);
    expect(addMinor(2n ** 53n, -1)).toBe(Number.MAX_SAFE_INTEGER);
    expect(normalMinor(-(2n ** 60n))).toBe(-(2n ** 60n));
  });

  it('compares decimal strings exactly', () => {
    expect(compareDecimal('150', '150.00')).toBe(0);
    expect(compareDecimal('150.01', '150')).toBe(1);
    expect(compareDecimal('149.999999999999999999', '150')).toBe(-1);
    expect(compareDecimal('-1', '0')).toBe(-1);
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
        expect(parseAmount(text, mu)).toEqual({ ok: true, minor: normalMinor(minor) });
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the same minor units for long and short amounts', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.constantFrom(0, 2, 3, 4), (minor, mu) => {
        const text = formatMinor(minor, mu);
        expect(parseAmount(text, mu)).toEqual({ ok: true, minor: normalMinor(minor) });
        if (minor > 0n) expect(parseAmount(`-${text}`, mu)).toEqual({ ok: true, minor: normalMinor(-minor) });
      }),
    );
  });
});

describe('isCanonicalAmount', () => {
  const text = fc.oneof(
    fc.string({ unit: fc.constantFrom('0', '1', '5', '9', '.', '-'), minLength: 1, maxLength: 10 }),
    fc.tuple(fc.boolean(), fc.nat({ max: 10 ** 9 }), fc.integer({ min: 0, max: 4 })).map(([neg, n, d]) => `${neg ? '-' : ''}${d === 0 ? n : (n / 10 ** d).toFixed(d)}`),
  );
  it('is true exactly when formatting the parsed amount gives the text back', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 3 }), (t, mu) => {
        const parsed = /^-?\d+(\.\d+)?$/.test(t) ? parseAmount(t, mu) : null;
        const roundTrips = parsed !== null && parsed.ok && formatMinor(parsed.minor, mu) === t;
        return isCanonicalAmount(t, mu) === roundTrips;
      }),
      { numRuns: 20_000 },
    );
    expect(['10.99', '0.05', '-3.50', '0.00'].map((t) => isCanonicalAmount(t, 2))).toEqual([true, true, true, true]);
    expect(['010.99', '10.9', '10.990', '-0.00', '.99', '10'].map((t) => isCanonicalAmount(t, 2))).toEqual([false, false, false, false, false, false]);
    expect(['10', '-7', '0'].map((t) => isCanonicalAmount(t, 0))).toEqual([true, true, true]);
    expect(['10.0', '-0', '00'].map((t) => isCanonicalAmount(t, 0))).toEqual([false, false, false]);
  });
});
