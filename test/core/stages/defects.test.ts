import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createDecisionCache } from '../../../src/core/decision-cache.js';
import { createRuleSet } from '../../../src/core/ruleset.js';
import { checkRuleData } from '../../../src/core/rule-checks.js';
import { locate } from '../../../src/core/location.js';
import { decide } from '../../../src/core/decide.js';
import { activeRegistrations } from '../../../src/core/registration.js';
import { dayNumber } from '../../../src/core/dates.js';
import type { RuleData } from '../../../src/core/rule-data.js';
import type { TaxInput } from '../../../src/core/types.js';
import { miniRuleData, miniRules } from '../../support/mini-rules.js';

const day = dayNumber('2024-06-01');
const sale = (destination: TaxInput['destination'], origin: TaxInput['origin'] = { country: 'XA' }): TaxInput => ({
  date: '2024-06-01', origin, destination, taxCode: 'standard', productType: 'service', taxBehavior: 'exclusive', currency: 'EUR',
  registrations: Object.freeze([Object.freeze({ jurisdictionId: 901 })]),
});

describe('defects found on the mini rule set', () => {
  it('a bound with room for one decision holds at most one (there is no cache below two)', () => {
    const cache = createDecisionCache(miniRules, { maxBytes: 6144 });
    cache.decisionOf(sale({ country: 'XA' }), day);
    cache.decisionOf(sale({ country: 'XB' }), day);
    const s = cache.stats();
    expect(s.entries).toBeLessThanOrEqual(s.maxEntries);
    expect(s.bytes).toBeLessThanOrEqual(6144);
  });

  it('calls that throw take no cache memory, whatever their origins', () => {
    // A real collection before each reading, so that garbage is not counted.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const cache = createDecisionCache(miniRules, { maxBytes: 16 * 1024 });
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 200_000; i++) {
      // Caldera without a postal code: 400 (the province decides the tax); each call a new origin city.
      try { cache.decisionOf(sale({ country: 'XC' }, { country: 'XA', postalCode: '10115', city: `c${i}` }), day); } catch { /* 400 */ }
    }
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(cache.stats().bytes).toBeLessThanOrEqual(16 * 1024);
    expect(grown).toBeLessThan(8 * 2 ** 20);
  });

  it('a territory taxed as a province is placed in that province, with its taxes', () => {
    const data = JSON.parse(JSON.stringify(miniRuleData)) as RuleData;
    data.territories.push({
      $schema: '../schema/territories.schema.json', country: 'XC',
      territories: [{ id: 'XC-LAKE', name: 'Lake Enclave', match: { postal_codes: ['^1999$'] },
        treatment: [{ from: '2000-01-01', kind: 'taxed_as', country: 'XC', region: 'NP', source: 'Test data: fictional territory', checked: '2026-01-15' }] }],
    });
    expect(checkRuleData(data)).toEqual([]);
    const rules = createRuleSet(data);
    const where = locate(rules, { country: 'XC', postalCode: '1999' }, day, 'goods', 'destination');
    expect(where.region).toBe('NP');
    expect(where.jurisdiction?.id).toBe(903001);
    const d = decide({ origin: { country: 'XC' }, destination: { country: 'XC', postalCode: '1999' }, taxCode: 'standard', productType: 'good', customer: 'consumer', consignmentValue: undefined },
      rules, day, activeRegistrations([{ jurisdictionId: 903 }, { jurisdictionId: 903001 }], day));
    expect(d.jurisdiction).toMatchObject({ id: 903001, region: 'NP', name: 'Northmoor Province' });
    expect(d.lines.map((l) => `${l.name} ${l.rate}`)).toEqual(['GST 5', 'PST 7']);
  });
});
