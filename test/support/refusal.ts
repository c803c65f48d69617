import { TaxRulesError } from '../../src/core/errors.js';

/** The TaxRulesError that `run` throws; fails the test when it throws nothing or something else. */
export function refusal(run: () => unknown): TaxRulesError {
  try {
    run();
  } catch (e) {
    if (e instanceof TaxRulesError) return e;
    throw e;
  }
  throw new Error('expected a TaxRulesError, got an answer');
}
