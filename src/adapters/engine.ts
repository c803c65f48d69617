/**
 * An engine: a rule set with its caches (prepared accounts, decisions). `createCalculator`
 * makes one per calculator; the plain functions (`calculateTaxRate`, `calculate`, …) use a
 * default one per rule set.
 */
import { lightFormat } from 'date-fns/lightFormat';
import type { RuleSet } from '../core/ruleset.js';
import type { ProductType } from '../core/types.js';
import type { TaxCodeId } from '../core/types.js';
import { TAX_CODES } from '../generated/tax-codes.js';
import { taxCodeNumber } from '../core/situation.js';
import { impliedType } from '../core/taxability.js';
import type { CurrencyConverter } from '../core/situation.js';
import { createDecisionCache, type DecisionCache } from '../core/decision-cache.js';
import { cachedDecider, freshDecider, inputIssue, type Decider } from '../core/determine.js';
import type { SaleOptions } from '../core/sale.js';
import { agedDecider, isMaxRulesAge, MAX_RULES_AGE_EXPECTED } from '../core/rules-age.js';
import { errorFromIssues, quoted } from '../core/errors.js';
import { isBoolean, RULE_SET, TAX_ID_VERDICT, type OptionCheck } from './read.js';
import type { DecisionOptions } from '../core/options.js';
import { createAccountCache, type Account, type AccountCache, type PreparedAccount, type SellerAccount } from './account.js';
import { packagedRuleSet } from '../default-rules.js';

export interface EngineOptions {
  /** Bound of the decision cache in bytes (default 32 MiB); 0 or false: no cache. */
  readonly cacheBytes?: number;
  /** Converts a value to another currency: a consignment's for the import scheme's EUR 150 limit, a line's for a per-article limit of local taxes (Tennessee's USD 1600). */
  readonly convertCurrency?: CurrencyConverter;
  /** Refuses (422) an answer for a tax date more than this many days after its jurisdiction's data was last checked (see rules-age.ts); absent: no limit. */
  readonly maxRulesAge?: number | undefined;
}

export interface Engine {
  readonly rules: RuleSet;
  readonly accounts: AccountCache;
  readonly decisions: DecisionCache | null;
  /**
   * The decision cache when its decisions are answered as they are (null under an age limit,
   * whose decider checks each one): a rate-only quote may look a decision up there directly.
   */
  readonly quoteDecisions: DecisionCache | null;
  /** The currency converter of the engine's options, if any. */
  readonly convert: CurrencyConverter | undefined;
  /** What the adapters work out once per decision (decisions are frozen: this cannot go stale; weak, so it goes with them). */
  readonly rendered: WeakMap<object, unknown>;
  /**
   * The product type each tax code implies under the rules (impliedType), by its index in
   * TAX_CODES, once found (undefined before): a reader that found a code's index reads it
   * here instead of looking the code up again.
   */
  readonly impliedTypes: (ProductType | null | undefined)[];
  /**
   * The country each text of two capital ASCII letters names under the rules (countryOf: a
   * code or an alias; null for none), by the letters' index (see countryOfText), once found
   * (undefined before): found from two character codes, where countryOf hashes the text.
   */
  readonly countryTexts: (string | null | undefined)[];
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
  const engine: Engine = {
    rules,
    accounts: createAccountCache(rules),
    decisions,
    quoteDecisions: decisions,
    convert: options.convertCurrency,
    rendered: new WeakMap(),
    impliedTypes: new Array<ProductType | null | undefined>(TAX_CODES.length).fill(undefined),
    countryTexts: new Array<string | null | undefined>(26 * 26).fill(undefined),
    decider: (cache = true) => (cache && cached !== null ? cached : fresh),
    inputSale: (cache = true) => (cache && cachedSale !== null ? cachedSale : freshSale),
    today: localDay(),
  };
  // An own field only: options left out are never read from a polluted prototype.
  const maxAge = Object.hasOwn(options, 'maxRulesAge') ? options.maxRulesAge : undefined;
  return maxAge === undefined ? engine : withMaxRulesAge(engine, maxAge);
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
// With an age limit (maxRulesAge): one engine per engine and limit, sharing the engine's caches.
const aged = new WeakMap<Engine, Map<number, Engine>>();

/**
 * The product type a tax code implies under the engine's rules (impliedType: a goods
 * category's `good`, a services category's `service`, else null), found once per code and
 * engine; `k`, the code's index in TAX_CODES, when the caller has it.
 */
export function impliedTypeOf(engine: Engine, taxCode: string, k: number = taxCodeNumber(taxCode)): ProductType | null {
  if (k < 0) return null;
  let type = engine.impliedTypes[k];
  if (type === undefined) engine.impliedTypes[k] = type = impliedType(engine.rules, TAX_CODES[k] as TaxCodeId);
  return type;
}

/**
 * The country a text names under the engine's rules, as countryOf gives it; a text of two
 * capital letters (as codes are written) by its letters (countryTexts), any other by countryOf.
 */
export function countryOfText(engine: Engine, v: string): string | null {
  if (v.length === 2) {
    const a = v.charCodeAt(0) - 65;
    const b = v.charCodeAt(1) - 65;
    if (a >= 0 && a < 26 && b >= 0 && b < 26) {
      const k = a * 26 + b;
      let country = engine.countryTexts[k];
      if (country === undefined) engine.countryTexts[k] = country = engine.rules.countryOf(v);
      return country;
    }
  }
  return engine.rules.countryOf(v);
}

/** The default engine of a rule set (of the default rule set without one). */
export function engineFor(rules: RuleSet = packagedRuleSet): Engine {
  if (rules === packagedRuleSet) return (defaultEngine ??= createEngine(rules));
  let engine = defaults.get(rules);
  if (engine === undefined) defaults.set(rules, (engine = createEngine(rules)));
  return engine;
}

/** An engine with the caches of `base` whose deciders refuse an answer older than `maxRulesAge` days on its tax date (see rules-age.ts). */
export function withMaxRulesAge(base: Engine, maxRulesAge: number): Engine {
  let byAge = aged.get(base);
  if (byAge === undefined) aged.set(base, (byAge = new Map()));
  let engine = byAge.get(maxRulesAge);
  if (engine === undefined) {
    const rules = base.rules;
    const cached = base.decisions ? agedDecider(base.decider(true), rules, maxRulesAge) : null;
    const fresh = agedDecider(base.decider(false), rules, maxRulesAge);
    const sale = (decider: Decider): SaleOptions => Object.freeze({ ...base.inputSale(false), decider });
    const cachedSale = cached !== null ? sale(cached) : null;
    const freshSale = sale(fresh);
    engine = {
      ...base,
      quoteDecisions: null,
      decider: (cache = true) => (cache && cached !== null ? cached : fresh),
      inputSale: (cache = true) => (cache && cachedSale !== null ? cachedSale : freshSale),
    };
    // A handful of limits in practice; a caller cycling through many keeps the latest few.
    if (byAge.size >= 16) byAge.clear();
    byAge.set(maxRulesAge, engine);
  }
  return engine;
}

/** The check of an age limit option (readOptions). */
export const MAX_RULES_AGE: OptionCheck = [isMaxRulesAge, MAX_RULES_AGE_EXPECTED];

/** The checks of the options every deciding call takes (`DecisionOptions`), for each API form's table of checks. */
export const DECISION_OPTIONS: { readonly [K in keyof DecisionOptions]-?: OptionCheck } = {
  rules: RULE_SET,
  taxIdVerdict: TAX_ID_VERDICT,
  cache: [isBoolean, 'true or false'],
  maxRulesAge: MAX_RULES_AGE,
};

/** An engine under an age limit when one is given (see withMaxRulesAge), else the engine itself. */
export function agedEngine(engine: Engine, maxRulesAge: number | undefined): Engine {
  return maxRulesAge === undefined ? engine : withMaxRulesAge(engine, maxRulesAge);
}

/** The age limit of options (`maxRulesAge`), an own field only (never one of a polluted prototype), checked as maxRulesAgeOption checks it. */
export function maxRulesAgeOf(options: object): number | undefined {
  return Object.hasOwn(options, 'maxRulesAge') ? maxRulesAgeOption((options as { maxRulesAge?: unknown }).maxRulesAge) : undefined;
}

/**
 * An age limit option read: absent (undefined or null) is none; anything but a whole number
 * of days, 0 or more, is a 400 naming it.
 */
export function maxRulesAgeOption(value: unknown, path: (string | number)[] = ['options', 'maxRulesAge']): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (isMaxRulesAge(value)) return value;
  throw errorFromIssues([{ path, code: 'malformed', message: `${path.join('.')} must be ${MAX_RULES_AGE_EXPECTED}, got ${quoted(value, 40)}` }]);
}

/**
 * Validates an account against a rule set and returns its neutral form; later calls with
 * the same, unchanged object reuse it (a changed object is prepared afresh).
 */
export function prepareAccount(account: SellerAccount, rules: RuleSet = packagedRuleSet): PreparedAccount {
  return engineFor(rules).accounts.prepare(account);
}
