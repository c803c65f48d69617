/** diffRules asks both rule sets with one frozen list of frozen registrations: the decision caches key it by identity. */
import { describe, expect, it, vi } from 'vitest';
import type { TaxInput } from '../src/core/types.js';

const asked: TaxInput['registrations'][] = [];

vi.mock('../src/core/determine.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/core/determine.js')>();
  return {
    ...original,
    priceInput: (input: TaxInput, ...rest: Parameters<typeof original.priceInput> extends [TaxInput, ...infer R] ? R : never) => {
      asked.push(input.registrations);
      return original.priceInput(input, ...rest);
    },
  };
});

const { diffRules } = await import('../src/testing/diff.js');
const { readRuleDirectory } = await import('../src/cli/rules-dir.js');

describe('diffRules', () => {
  it('asks every case with the same frozen list of frozen registrations', () => {
    const cases = [
      { country: 'DE', region: null, postalCode: null, date: '2026-06-01', taxCode: 'saas', productType: 'service', customer: 'consumer' },
      { country: 'US', region: 'TX', postalCode: '78701', date: '2026-06-01', taxCode: 'standard', productType: 'good', customer: 'consumer' },
    ] as const;
    const rules = readRuleDirectory('rules');
    expect(diffRules(rules, rules, cases).changes).toEqual([]);
    expect(asked).toHaveLength(4);
    const list = asked[0] as TaxInput['registrations'];
    expect(asked.every((l) => l === list)).toBe(true);
    expect(list.length).toBeGreaterThan(100);
    expect(Object.isFrozen(list) && list.every((r) => Object.isFrozen(r))).toBe(true);
  });
});
