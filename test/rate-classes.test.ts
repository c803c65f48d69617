/**
 * Rate classes no tax code selects (a supply-specific rate: press, accommodation) are still
 * in the data with their history, so that the notes and COVERAGE.md can name them and a
 * tax code can map to them later. Each case names its source.
 */
import { describe, expect, it } from 'vitest';
import { dayNumber } from '../src/core/dates.js';
import { rateOf } from '../src/core/rates.js';
import type { RateClass } from '../src/core/types.js';
import { defaultRuleSet } from '../src/default-rules.js';

function rateOn(jurisdictionId: number, rateClass: RateClass, date: string): string {
  const tax = defaultRuleSet.jurisdictions.get(jurisdictionId)?.taxes[0];
  if (!tax) throw new Error(`no tax in jurisdiction ${jurisdictionId}`);
  return rateOf(tax, rateClass, null, dayNumber(date), date).rate;
}

describe('Estonian press and accommodation rates', () => {
  it('press publications: 5 % from 2022-08-01, 9 % again from 2025-01-01 (Käibemaksuseadus § 15 as amended in May 2022 and June 2023)', () => {
    expect(rateOn(233, 'super_reduced', '2022-08-01')).toBe('5');
    expect(rateOn(233, 'super_reduced', '2024-12-31')).toBe('5');
    expect(rateOn(233, 'super_reduced', '2025-01-01')).toBe('9');
  });

  it('accommodation: 9 % until 2024-12-31, 13 % from 2025-01-01 (Käibemaksuseadus § 15 as amended in June 2023)', () => {
    expect(rateOn(233, 'reduced2', '2024-12-31')).toBe('9');
    expect(rateOn(233, 'reduced2', '2025-01-01')).toBe('13');
  });

  it('leaves books at 9 % throughout (KMS § 15(2))', () => {
    expect(rateOn(233, 'reduced', '2024-12-31')).toBe('9');
    expect(rateOn(233, 'reduced', '2025-01-01')).toBe('9');
  });
});
