/** taxrules/testing: the arbitraries draw valid inputs of real places, and the engine holds every invariant. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculate, calculateTaxRate, TaxRulesError } from '../src/index.js';
import { invariants, registeredEverywhere, taxArbitraries } from '../src/testing.js';

const kit = taxArbitraries();

describe('the arbitraries', () => {
  it('cover every country with rules, every US state and Canadian province, and special territories', () => {
    const countries = new Set(kit.destinations.map((d) => d.to_country));
    expect(countries.size).toBeGreaterThanOrEqual(139);
    expect(kit.destinations.filter((d) => d.to_country === 'US').length).toBeGreaterThanOrEqual(51);
    expect(kit.destinations.filter((d) => d.to_country === 'CA').length).toBe(13);
    expect(kit.destinations).toContainEqual({ to_country: 'DE', to_postal_code: '27498' });
    expect(kit.destinations).toContainEqual({ to_country: 'ES', to_postal_code: '35000' });
  });

  it('draw queries and requests every answer reads (or refuses only for a date before a tax’s history)', () => {
    const account = registeredEverywhere();
    fc.assert(
      fc.property(kit.query, kit.request, (q, r) => {
        for (const run of [() => calculateTaxRate(q, account), () => calculate(r, account)]) {
          try {
            run();
          } catch (e) {
            expect(e).toBeInstanceOf(TaxRulesError);
            expect((e as TaxRulesError).status, (e as Error).message).toBe(422);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('draw accounts a calculation accepts, and malformed queries it refuses with 400', () => {
    fc.assert(
      fc.property(kit.account, kit.malformedQuery, (account, bad) => {
        expect(() => calculateTaxRate({ to_country: 'FR', tax_code: 'saas', date: '2026-06-01' }, account)).not.toThrow();
        let status = 0;
        try {
          calculateTaxRate(bad as never, account);
        } catch (e) {
          status = (e as TaxRulesError).status;
        }
        expect(status).toBe(400);
      }),
      { numRuns: 200 },
    );
  });

  it('draw dates on both sides of rate changes', () => {
    const dates = fc.sample(kit.dateFor('DE'), 2_000);
    expect(dates).toContain('2020-06-30');
    expect(dates).toContain('2020-07-01');
  });
});

describe('the invariants hold', () => {
  it('status taxable exactly when the rate is above zero', () => fc.assert(invariants.taxableIffPositiveRate(), { numRuns: 400 }));
  it('inclusive ↔ exclusive within one minor unit per tax', () => fc.assert(invariants.inclusiveRoundTrip(), { numRuns: 300 }));
  it('tax monotonic in the amount', () => fc.assert(invariants.monotonicInAmount(), { numRuns: 300 }));
  it('a removed registration gives not_registered', () => fc.assert(invariants.removedRegistrationIsNotRegistered(), { numRuns: 300 }));
  it('the answer does not depend on key order', () => fc.assert(invariants.keyOrderIndependent(), { numRuns: 200 }));
  it('one rate period per date', () => fc.assert(invariants.onePeriodPerDate(), { numRuns: 300 }));

  it('and an invariant fails where the engine would be wrong', () => {
    const account = registeredEverywhere();
    const lying = fc.property(kit.query, (q) => {
      let r;
      try {
        r = calculateTaxRate(q, account);
      } catch {
        return;
      }
      // A wrong expectation (taxable only above 1000 %) is caught at once.
      if ((r.status === 'taxable') !== r.rate > 1000) throw new Error('caught');
    });
    expect(() => fc.assert(lying, { numRuns: 200 })).toThrow(/Property failed after/);
  });
});
