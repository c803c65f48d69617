/**
 * The hand-written checks of the fast paths agree with the patterns the schemas use, on
 * any string (the fast paths accept nothing the schemas would refuse, and refuse nothing
 * they would accept).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AMOUNT_RE, COUNTRY_RE, CURRENCY_RE, isAmountText, isCountryText, isCurrencyText } from '../src/adapters/input.js';

// Strings near the patterns: digits, signs, points, letters around the ASCII ranges, and any character.
const near = fc.oneof(
  fc.string({ unit: fc.constantFrom('0', '1', '9', '-', '.', '+', ' ', 'e', '٣', '/', ':'), maxLength: 12 }),
  fc.string({ unit: fc.constantFrom('a', 'z', 'A', 'Z', '@', '[', '`', '{', 'é', 'ſ', 'K', '\u0000'), maxLength: 4 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
);

describe('fast input checks', () => {
  it('isAmountText is AMOUNT_RE', () => {
    fc.assert(fc.property(near, (v) => isAmountText(v) === AMOUNT_RE.test(v)), { numRuns: 20_000 });
    for (const v of ['0', '-0', '12.50', '-3.5', '1.', '.5', '-', '', '1..2', '1.2.3', '+1', '1e5', ' 1', '١٢']) expect(isAmountText(v), v).toBe(AMOUNT_RE.test(v));
  });

  it('isCountryText is COUNTRY_RE and isCurrencyText is CURRENCY_RE', () => {
    fc.assert(
      fc.property(near, (v) => isCountryText(v) === COUNTRY_RE.test(v) && isCurrencyText(v) === CURRENCY_RE.test(v)),
      { numRuns: 20_000 },
    );
    for (const v of ['DE', 'de', 'D@', '[E', 'Dé', 'EUR', 'eur', 'EU{', 'EU`', 'E\u0000R']) {
      expect(isCountryText(v), v).toBe(COUNTRY_RE.test(v));
      expect(isCurrencyText(v), v).toBe(CURRENCY_RE.test(v));
    }
  });
});
