import type { TaxInput, TaxResult } from './core/types.js';
import type { RuleSet } from './core/ruleset.js';
import type { CurrencyConverter } from './core/situation.js';
import type { DecisionCacheStats } from './core/decision-cache.js';
import { determine } from './core/determine.js';
import type { Account, PreparedAccount, SellerAccount } from './adapters/account.js';
import { createEngine, MAX_RULES_AGE, type Engine } from './adapters/engine.js';
import { guarded, isFunction, optionsObject, readOptions, RULE_SET, type OptionCheck } from './adapters/read.js';
import { calculateTaxRate, engineOf, explainTaxRate, parseTaxRateQuery, type CalculateOptions, type TaxRateQueryInput, type TaxRateResponse } from './adapters/v20241028.js';
import { calculate, type CalculationOptions, type CalculationRequest, type CalculationResponse, type UncheckedRequest } from './adapters/v20260309.js';
import { packagedRuleSet } from './default-rules.js';
import { ownData, TAX_INPUT_LEVELS } from './core/own.js';
import { resultOf, type Result } from './safe.js';

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
  /**
   * Refuses (422, naming the day) an answer whose tax date is more than this many days after
   * the day its jurisdiction's data was last checked (see `rulesInfo`); default: no limit.
   */
  readonly maxRulesAge?: number;
}

const CALCULATOR_OPTIONS: { readonly [K in keyof CalculatorOptions]-?: OptionCheck } = {
  rules: RULE_SET,
  cacheBytes: [(v) => typeof v === 'number' && Number.isFinite(v) && v >= 0, 'a number of bytes, 0 or more (0: no cache)'],
  convertCurrency: [isFunction, 'a function (value, currency, date) => amount | null'],
  maxRulesAge: MAX_RULES_AGE,
};

type Query = TaxRateQueryInput;

/**
 * A calculator: a rule set with its own caches (prepared accounts, decisions). Every
 * function of the package is here as a method; the plain functions use a default
 * calculator per rule set. Like them, every method throws nothing but TaxRulesError.
 */
export interface Calculator {
  readonly rules: RuleSet;
  calculateTaxRate(query: Query, account: SellerAccount, options?: Omit<CalculateOptions, 'rules'> | null): TaxRateResponse;
  explainTaxRate(query: Query, account: SellerAccount, options?: Omit<CalculateOptions, 'rules'> | null): TaxResult;
  parseTaxRateQuery(query: Query, account: SellerAccount, options?: Omit<CalculateOptions, 'rules'> | null): TaxInput;
  calculate(request: CalculationRequest, account: SellerAccount, options?: Omit<CalculationOptions, 'rules'> | null): CalculationResponse;
  calculate<R>(request: UncheckedRequest<R>, account: SellerAccount, options?: Omit<CalculationOptions, 'rules'> | null): CalculationResponse;
  /** The core on a neutral input, through this calculator's decision cache. */
  determine(input: TaxInput): TaxResult;
  /** An account checked against the rules (reused while the object is unchanged). */
  prepareAccount(account: SellerAccount): PreparedAccount;
  /** What the decision cache holds, and its bound. */
  cacheStats(): DecisionCacheStats;
  /** Empties the caches. */
  clearCache(): void;
  /** `calculate` without throwing: `{ ok: true, value }` or `{ ok: false, error }`. */
  safeCalculate(request: CalculationRequest, account: SellerAccount, options?: Omit<CalculationOptions, 'rules'> | null): Result<CalculationResponse>;
  safeCalculate<R>(request: UncheckedRequest<R>, account: SellerAccount, options?: Omit<CalculationOptions, 'rules'> | null): Result<CalculationResponse>;
  /** `calculateTaxRate` without throwing. */
  safeCalculateTaxRate(query: Query, account: SellerAccount, options?: Omit<CalculateOptions, 'rules'> | null): Result<TaxRateResponse>;
  /** `explainTaxRate` without throwing. */
  safeExplainTaxRate(query: Query, account: SellerAccount, options?: Omit<CalculateOptions, 'rules'> | null): Result<TaxResult>;
  /** `prepareAccount` without throwing. */
  safePrepareAccount(account: SellerAccount): Result<PreparedAccount>;
}

/**
 * A calculator with caches of its own. Options absent or null are the defaults; options
 * that are not an object, an unknown option or one of the wrong type are a 400.
 *
 * @example
 * ```ts
 * import { createCalculator, defineAccount } from 'taxrules';
 *
 * // A calculator whose decision cache holds at most 8 MiB.
 * const calculator = createCalculator({ cacheBytes: 8 * 1024 * 1024 });
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss', valid_from: '2021-07-01' }] });
 * calculator.calculateTaxRate({ to_country: 'FR', tax_code: 'saas', amount: '100', date: '2026-06-01' }, seller);
 * // { name: 'VAT', rate: 20, tax_amount: 20, … }
 * calculator.cacheStats();
 * // { entries: 1, hits: 0, misses: 1, maxBytes: 8388608, … }
 * ```
 */
export function createCalculator(options?: CalculatorOptions | null): Calculator {
  const o = guarded(() => readOptions<CalculatorOptions>(options, CALCULATOR_OPTIONS), ['options']);
  const rules = o.rules ?? packagedRuleSet;
  const engine = createEngine(rules, { cacheBytes: o.cacheBytes, convertCurrency: o.convertCurrency, maxRulesAge: o.maxRulesAge });
  // A call's own options may set an age limit of their own.
  const quoting = <T>(opts: Omit<CalculateOptions, 'rules'> | null | undefined, call: (options: CalculateOptions, engine: Engine) => T): T =>
    guarded(() => {
      const options = optionsObject(opts);
      return call(options, engineOf(options, engine));
    });
  const empty: DecisionCacheStats = { entries: 0, maxEntries: 0, registrationSets: 0, bytes: 0, maxBytes: 0, hits: 0, misses: 0 };
  const calculator: Calculator = {
    rules,
    calculateTaxRate: (query, account, opts) => quoting(opts, (options, e) => calculateTaxRate(query, account, options, e)),
    explainTaxRate: (query, account, opts) => quoting(opts, (options, e) => explainTaxRate(query, account, options, e)),
    parseTaxRateQuery: (query, account, opts) => quoting(opts, (options, e) => parseTaxRateQuery(query, account, options, e)),
    calculate: (request: unknown, account: SellerAccount, opts?: Omit<CalculationOptions, 'rules'> | null) => calculate(request as CalculationRequest, account, opts, engine),
    determine: (input) => guarded(() => determine(ownData(input, TAX_INPUT_LEVELS), rules, engine.decider(), o.convertCurrency), ['input']),
    prepareAccount: (account) => engine.accounts.prepare(account),
    cacheStats: () => engine.decisions?.stats() ?? empty,
    clearCache: () => engine.decisions?.clear(),
    safeCalculate: (request: unknown, account: SellerAccount, opts?: Omit<CalculationOptions, 'rules'> | null) => resultOf(() => calculator.calculate(request as CalculationRequest, account, opts)),
    safeCalculateTaxRate: (query, account, opts) => resultOf(() => calculator.calculateTaxRate(query, account, opts)),
    safeExplainTaxRate: (query, account, opts) => resultOf(() => calculator.explainTaxRate(query, account, opts)),
    safePrepareAccount: (account) => resultOf(() => calculator.prepareAccount(account)),
  };
  return calculator;
}
