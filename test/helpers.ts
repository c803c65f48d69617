import fc from 'fast-check';
import type { Account } from '../src/adapters/account.js';
import { defaultRuleSet } from '../src/default-rules.js';
import { demoAccount } from '../src/cli/demo-account.js';
import { TaxRulesError } from '../src/core/errors.js';

/** A seller registered in every jurisdiction (the CLI's demo seller), in a country of choice. */
export function registeredEverywhere(country = 'IE', postal_code?: string, currency = 'EUR'): Account {
  const base = demoAccount(defaultRuleSet);
  return { ...base, country, postal_code, currency };
}

/** A seller registered only in the given jurisdictions. */
export function registeredIn(country: string, ids: number[], extra: Partial<Account> = {}): Account {
  return {
    country,
    currency: 'EUR',
    registrations: ids.map((jurisdiction_id) => ({ jurisdiction_id })),
    ...extra,
  };
}

/** Mostly `good` values, now and then a `bad` one (for checks that must agree with a schema). */
export const mostly = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>) => fc.oneof({ arbitrary: good, weight: 12 }, { arbitrary: bad, weight: 1 });

/**
 * Records that now and then carry fields their schema does not know (a typo, a stray note),
 * even as undefined: a strict schema refuses them, and so must the fast check.
 */
export const withUnknown = <T extends object>(record: fc.Arbitrary<T>, names: readonly string[]) =>
  fc
    .tuple(record, mostly(fc.constant({}), fc.record(Object.fromEntries(names.map((n) => [n, fc.oneof(fc.constant(undefined), fc.string({ maxLength: 4 }))])), { requiredKeys: [] })))
    .map(([r, extra]) => ({ ...r, ...extra }) as T);

/** The value or an absent (undefined) one. */
export const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

/** The TaxRulesError a call throws (fails the test when it returns or throws anything else). */
export function refused(f: () => unknown): TaxRulesError {
  try {
    f();
  } catch (e) {
    if (e instanceof TaxRulesError) return e;
    throw e;
  }
  throw new Error('expected a TaxRulesError');
}

/** An answer, or the error's status and issues (a comparable outcome); anything else thrown fails the test. */
export function outcome(f: () => unknown): unknown {
  try {
    return f();
  } catch (e) {
    if (!(e instanceof TaxRulesError)) throw e;
    return { status: e.status, issues: e.issues };
  }
}
