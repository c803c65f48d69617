/**
 * An engine: a rule set with its caches (prepared accounts, decisions). `createCalculator`
 * makes one per calculator; the plain functions (`calculateTaxRate`, `calculate`, …) use a
 * default one per rule set.
 */
import { lightFormat } from 'date-fns/lightFormat';
import type { RuleSet } from '../core/ruleset.js';
import type { CurrencyConverter } from '../core/situation.js';
import { createDecisionCache, type DecisionCache } from '../core/decision-cache.js';
import { cachedDecider, freshDecider, inputIssue, type Decider } from '../core/determine.js';
import type { SaleOptions } from '../core/sale.js';
import { createAccountCache, type Account, type AccountCache, type PreparedAccount, type SellerAccount } from './account.js';
import { defaultRuleSet } from '../default-rules.js';

export interface EngineOptions {
  /** Bound of the decision cache in bytes (default 32 MiB); 0 or false: no cache. */
  readonly cacheBytes?: number;
  /** Converts a value to another currency: a consignment's for the import scheme's EUR 150 limit, a line's for a per-article limit of local taxes (Tennessee's USD 1600). */
  readonly convertCurrency?: CurrencyConverter;
}

export interface Engine {
  readonly rules: RuleSet;
  readonly accounts: AccountCache;
  readonly decisions: DecisionCache | null;
  /** The currency converter of the engine's options, if any. */
  readonly convert: CurrencyConverter | undefined;
  /** What the adapters work out once per decision (decisions are frozen: this cannot go stale; weak, so it goes with them). */
  readonly rendered: WeakMap<object, unknown>;
  /** The decider to use: through the cache unless `cache` is false. */
  decider(cache?: boolean): Decider;
  /** The sale options of a one-line sale of an input (a quote): the decider (as `decider`), the converter, the issues in the input's terms. */
  inputSale(cache?: boolean): SaleOptions;
  /** Today's date in the process's time zone (the tax date of a query without one). */
  today(): string;
}

export function createEngine(rules: RuleSet, options: EngineOptions = {}): Engine {
  const decisions = options.cacheBytes === 0 ? null : createDecisionCache(rules, { maxBytes: options.cacheBytes, convertCurrency: options.convertCurrency });
  const cached = decisions ? cachedDecider(decisions) : null;
  const fresh = freshDecider(rules, options.convertCurrency);
  const sale = (decider: Decider): SaleOptions => Object.freeze({ rules, decider, convert: options.convertCurrency, issue: inputIssue, exemption: undefined });
  const cachedSale = cached !== null ? sale(cached) : null;
  const freshSale = sale(fresh);
  return {
    rules,
    accounts: createAccountCache(rules),
    decisions,
    convert: options.convertCurrency,
    rendered: new WeakMap(),
    decider: (cache = true) => (cache && cached !== null ? cached : fresh),
    inputSale: (cache = true) => (cache && cachedSale !== null ? cachedSale : freshSale),
    today: localDay(),
  };
}

/** A reader of today's local date that formats it once a day, not once a call. */
function localDay(): () => string {
  let text = '';
  let ends = 0;
  return () => {
    const now = Date.now();
    if (now >= ends) {
      const d = new Date(now);
      text = lightFormat(d, 'yyyy-MM-dd');
      ends = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
    }
    return text;
  };
}

// The default engine of each rule set the plain functions are called with.
const defaults = new WeakMap<RuleSet, Engine>();
let defaultEngine: Engine | undefined;

/** The default engine of a rule set (of the default rule set without one). */
export function engineFor(rules: RuleSet = defaultRuleSet): Engine {
  if (rules === defaultRuleSet) return (defaultEngine ??= createEngine(rules));
  let engine = defaults.get(rules);
  if (engine === undefined) defaults.set(rules, (engine = createEngine(rules)));
  return engine;
}

/**
 * Validates an account against a rule set and returns its neutral form; later calls with
 * the same, unchanged object reuse it (a changed object is prepared afresh).
 */
export function prepareAccount(account: SellerAccount, rules: RuleSet = defaultRuleSet): PreparedAccount {
  return engineFor(rules).accounts.prepare(account);
}
