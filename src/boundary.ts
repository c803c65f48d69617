/**
 * The package's functions over the query adapter (v20241028), the core, the rule data and
 * the account, at the package boundary: options absent or null are the defaults, options that are not an
 * object are a 400 naming `options`, and nothing but a TaxRulesError is thrown — an
 * exception while reading the input (a getter, a Proxy trap, a callback of the options)
 * is a 400 with the exception as `cause`.
 */
import type { TaxInput, TaxResult } from './core/types.js';
import { createRuleSet as buildRuleSet, type PackedRuleData, type RuleSet } from './core/ruleset.js';
import type { RuleData } from './core/rule-data.js';
import { packRuleData as pack } from './core/pack.js';
import { checkRuleData as checkRules, type RuleProblem } from './core/rule-checks.js';
import { determine as decide } from './core/determine.js';
import { createTaxIdValidator as taxIdValidator, type TaxIdModule, type TaxIdValidator } from './taxid/index.js';
import type { Account, PreparedAccount, SellerAccount } from './adapters/account.js';
import { engineFor } from './adapters/engine.js';
import { optionsObject, ruleSetArg, unreadable } from './adapters/read.js';
import * as v20241028 from './adapters/v20241028.js';
import type { CalculateOptions, TaxRateQueryInput, TaxRateResponse } from './adapters/v20241028.js';

/**
 * `GET /tax_rates/calculate` (version 20241028) as a function: the tax rate, status and,
 * when `amount` is given, the amounts of a sale, for an account and its registrations.
 * Throws TaxRulesError (with the spec's HTTP status) for bad input, and nothing else.
 */
export function calculateTaxRate(query: TaxRateQueryInput, account: SellerAccount, options?: CalculateOptions | null): TaxRateResponse {
  try {
    return v20241028.calculateTaxRate(query, account, optionsObject(options));
  } catch (e) {
    throw unreadable(e, []);
  }
}

/**
 * Determines the tax of a sale in the core's neutral result, from a v20241028 query:
 * status, machine reason, jurisdiction, tax lines with their sources, exact decimal amounts.
 */
export function explainTaxRate(query: TaxRateQueryInput, account: SellerAccount, options?: CalculateOptions | null): TaxResult {
  try {
    return v20241028.explainTaxRate(query, account, optionsObject(options));
  } catch (e) {
    throw unreadable(e, []);
  }
}

/**
 * Parses and validates a v20241028 query for an account into the core's neutral input,
 * every problem at once in one TaxRulesError (400 missing or malformed, 406 invalid values).
 */
export function parseTaxRateQuery(query: TaxRateQueryInput, account: SellerAccount, options?: CalculateOptions | null): TaxInput {
  try {
    return v20241028.parseTaxRateQuery(query, account, optionsObject(options));
  } catch (e) {
    throw unreadable(e, []);
  }
}

/**
 * Validates an account against a rule set and returns its neutral form; later calls with
 * the same, unchanged object reuse it (a changed object is prepared afresh).
 */
export function prepareAccount(account: SellerAccount, rules?: RuleSet | null): PreparedAccount {
  try {
    return engineFor(ruleSetArg(rules)).accounts.prepare(account);
  } catch (e) {
    throw unreadable(e, ['account']);
  }
}

/** The pure core on a neutral input (from `parseTaxRateQuery`), deciding afresh. */
export function determine(input: TaxInput, rules?: RuleSet | null): TaxResult {
  try {
    return decide(input, ruleSetArg(rules));
  } catch (e) {
    throw unreadable(e, ['input']);
  }
}

/** A rule set from rule data or packed rule data (`packRuleData`); data that cannot be read is a 400 naming `data`. */
export function createRuleSet(data: RuleData | PackedRuleData): RuleSet {
  try {
    return buildRuleSet(data);
  } catch (e) {
    throw unreadable(e, ['data'], 'the rule data');
  }
}

/** Rule data in the form the package ships its own; data that cannot be read is a 400 naming `data`. */
export function packRuleData(data: RuleData): PackedRuleData {
  try {
    return pack(data);
  } catch (e) {
    throw unreadable(e, ['data'], 'the rule data');
  }
}

/** The problems of rule data, as the rules build reports them; data that cannot be read at all is a 400 naming `data`. */
export function checkRuleData(data: RuleData): RuleProblem[] {
  try {
    return checkRules(data);
  } catch (e) {
    throw unreadable(e, ['data'], 'the rule data');
  }
}

/** A tax-ID validator from a list of country modules; a list that cannot be read is a 400 naming `modules`. */
export function createTaxIdValidator(modules: readonly TaxIdModule[], countryCodes?: Iterable<string>): TaxIdValidator {
  try {
    return taxIdValidator(modules, countryCodes);
  } catch (e) {
    throw unreadable(e, ['modules'], 'the tax-ID modules');
  }
}
