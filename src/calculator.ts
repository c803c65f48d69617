import type { TaxInput, TaxResult } from './core/types.js';
import type { RuleSet } from './core/ruleset.js';
import type { CurrencyConverter } from './core/decide.js';
import type { DecisionCacheStats } from './core/decision-cache.js';
import { determine } from './core/determine.js';
import type { Account, PreparedAccount } from './adapters/account.js';
import { createEngine } from './adapters/engine.js';
import { calculateTaxRate, explainTaxRate, parseTaxRateQuery, type CalculateOptions, type TaxRateQueryInput, type TaxRateResponse } from './adapters/v20241028.js';
import { calculate, type CalculationOptions, type CalculationRequest, type CalculationResponse } from './adapters/v20260309.js';
import { defaultRuleSet } from './default-rules.js';

export interface CalculatorOptions {
  /** The rule set (default: `defaultRuleSet`). */
  readonly rules?: RuleSet;
  /**
   * Upper bound, in bytes, of the memory the decision cache holds (default 32 MiB, by a
   * measured size per decision); 0 turns the cache off.
   */
  readonly cacheBytes?: number;
  /**
   * Converts a consignment's value into the currency of a scheme's value limit (the import
   * scheme's EUR 150), e.g. from the ECB's rates: `(value, currency, date) => amount | null`.
   * Without it, a priced sale of goods in another currency that the import scheme would
   * cover is a TaxRulesError (422): the limit cannot be checked.
   */
  readonly convertCurrency?: CurrencyConverter;
}

type Query = TaxRateQueryInput;

/**
 * A calculator: a rule set with its own caches (prepared accounts, decisions). Every
 * function of the package is here as a method; the plain functions use a default
 * calculator per rule set.
 */
export interface Calculator {
  readonly rules: RuleSet;
  calculateTaxRate(query: Query, account: Account, options?: Omit<CalculateOptions, 'rules'>): TaxRateResponse;
  explainTaxRate(query: Query, account: Account, options?: Omit<CalculateOptions, 'rules'>): TaxResult;
  parseTaxRateQuery(query: Query, account: Account, options?: Omit<CalculateOptions, 'rules'>): TaxInput;
  calculate(request: CalculationRequest | unknown, account: Account, options?: Omit<CalculationOptions, 'rules'>): CalculationResponse;
  /** The core on a neutral input, through this calculator's decision cache. */
  determine(input: TaxInput): TaxResult;
  /** An account checked against the rules (reused while the object is unchanged). */
  prepareAccount(account: Account): PreparedAccount;
  /** What the decision cache holds, and its bound. */
  cacheStats(): DecisionCacheStats;
  /** Empties the caches. */
  clearCache(): void;
}

export function createCalculator(options: CalculatorOptions = {}): Calculator {
  const rules = options.rules ?? defaultRuleSet;
  const engine = createEngine(rules, { cacheBytes: options.cacheBytes, convertCurrency: options.convertCurrency });
  const empty: DecisionCacheStats = { entries: 0, maxEntries: 0, registrationSets: 0, bytes: 0, maxBytes: 0, hits: 0, misses: 0 };
  return {
    rules,
    calculateTaxRate: (query, account, o = {}) => calculateTaxRate(query, account, o, engine),
    explainTaxRate: (query, account, o = {}) => explainTaxRate(query, account, o, engine),
    parseTaxRateQuery: (query, account, o = {}) => parseTaxRateQuery(query, account, o, engine),
    calculate: (request, account, o = {}) => calculate(request, account, o, engine),
    determine: (input) => determine(input, rules, engine.decider()),
    prepareAccount: (account) => engine.accounts.prepare(account),
    cacheStats: () => engine.decisions?.stats() ?? empty,
    clearCache: () => engine.decisions?.clear(),
  };
}
