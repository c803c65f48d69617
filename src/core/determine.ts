/**
 * The core's entry: a neutral input in, a neutral result out. Checks the per-call parts
 * (date, currency, amount), gets the decision (decide.ts, through a cache when given one),
 * prices it (pricing.ts) and assembles the result.
 */
import type { Decision, PricedTaxLine, Registration, TaxInput, TaxResult } from './types.js';
import type { RuleSet } from './ruleset.js';
import { dayNumber } from './dates.js';
import { TaxRulesError } from './errors.js';
import { formatMinor, parseAmount, type Minor } from './money.js';
import { price, type Priced } from './pricing.js';
import { decide, situationOf, type CurrencyConverter } from './decide.js';
import { checkArticleCap } from './article-cap.js';
import { activeOn, indexRegistrations, isFrozenList, type RegistrationIndex } from './registration.js';
import type { DecisionCache } from './decision-cache.js';

/** Day number of the input's date; TaxRulesError (400) when it is not a calendar date. */
export function inputDay(input: TaxInput): number {
  const day = dayNumber(input.date);
  if (Number.isNaN(day)) {
    throw new TaxRulesError('invalid_request', 400, [{ path: ['date'], code: 'malformed', message: `${input.date} is not a calendar date (YYYY-MM-DD)` }]);
  }
  return day;
}

/** Minor units of the input's currency; TaxRulesError (406) for an unknown currency. */
export function inputMinorUnits(input: TaxInput, rules: RuleSet): number {
  const minorUnits = rules.currencies.get(input.currency);
  if (minorUnits === undefined) {
    throw new TaxRulesError('invalid_value', 406, [{ path: ['currency'], code: 'invalid_value', message: `unknown currency ${input.currency}` }]);
  }
  return minorUnits;
}

/** The input's amount in minor units, or null without one; TaxRulesError (400) when malformed or too precise. */
export function inputAmount(input: TaxInput, minorUnits: number): Minor | null {
  if (input.amount === undefined) return null;
  const parsed = parseAmount(input.amount, minorUnits);
  if (!parsed.ok) {
    throw new TaxRulesError('invalid_request', 400, [
      {
        path: ['amount'],
        code: 'malformed',
        message: parsed.problem === 'precision' ? `amount ${input.amount} has more decimals than ${input.currency} allows (${minorUnits})` : `amount ${input.amount} is not a decimal number`,
      },
    ]);
  }
  return parsed.minor;
}

/** The note on a customer's tax ID that did not make it a business, or null. */
export function taxIdNote(input: TaxInput): string | null {
  const id = input.customerTaxId;
  if (!id || id.verdict === 'valid') return null;
  return id.verdict === 'invalid'
    ? `Tax ID ${id.value} is not valid: the customer is treated as a consumer.`
    : `Tax ID ${id.value} could not be validated offline: the customer is treated as a consumer.`;
}

/** The notes of a result: the note on the customer's tax ID first, then the decision's. */
export function notesOf(decision: Decision, input: TaxInput): readonly string[] {
  const note = taxIdNote(input);
  return note === null ? decision.notes : [note, ...decision.notes];
}

/** How decisions are made: through a cache, or afresh. */
export type Decider = (input: TaxInput, day: number) => Decision;

/**
 * A decider without a cache: every call decides afresh. The index of a frozen list of
 * registrations (a prepared account's) is kept with the list; any other is indexed per call.
 */
export function freshDecider(rules: RuleSet, convert?: CurrencyConverter): Decider {
  const indexes = new WeakMap<readonly Registration[], RegistrationIndex>();
  const indexOf = (list: readonly Registration[]): RegistrationIndex => {
    // A list remembered was frozen then, and freezing cannot be undone.
    let index = indexes.get(list);
    if (index !== undefined) return index;
    index = indexRegistrations(list);
    if (isFrozenList(list)) indexes.set(list, index);
    return index;
  };
  return (input, day) => decide(situationOf(input), rules, day, activeOn(indexOf(input.registrations), day), convert);
}

/** A decider through a decision cache. */
export function cachedDecider(cache: DecisionCache): Decider {
  return (input, day) => cache.decisionOf(input, day);
}

/**
 * The decision for an input and its amount. For an inclusive amount the import scheme's
 * value limit applies to the value net of VAT, so a gross amount above it is checked again
 * under the scheme's answer.
 */
export function decisionFor(decider: Decider, input: TaxInput, day: number, amount: Minor | null, minorUnits: number): Decision {
  const decision = decider(input, day);
  if (amount === null || decision.reason !== 'import_vat_at_border' || input.taxBehavior !== 'inclusive' || input.consignmentValue !== undefined || !decision.consignmentLimit) return decision;
  const limit = decision.consignmentLimit;
  const within = decider({ ...input, consignmentValue: { amount: '0', currency: limit.currency } }, day);
  const net = price(within.lines, amount, 'inclusive').subtotal;
  return decider({ ...input, consignmentValue: { amount: formatMinor(net, minorUnits), currency: input.currency } }, day);
}

/**
 * The amounts of a decision for an amount, or null without one; TaxRulesError (422) when the
 * amount is above the per-article limit of the local taxes the decision charges (see
 * checkArticleCap: a converter compares an amount in another currency).
 */
export function priceOf(decision: Decision, input: TaxInput, amount: Minor | null, minorUnits: number, convert?: CurrencyConverter): Priced | null {
  if (amount === null) return null;
  const priced = price(decision.lines, amount, input.taxBehavior);
  if (decision.articleCap !== null) checkArticleCap(decision, priced.subtotal, input.currency, minorUnits, input.date, ['amount'], convert);
  return priced;
}

/** The neutral result of a decision for an input, with its amounts when priced. */
export function resultOf(decision: Decision, input: TaxInput, minorUnits: number, priced: Priced | null): TaxResult {
  let lines: TaxResult['lines'] = decision.lines;
  let amounts: TaxResult['amounts'] = null;
  if (priced !== null) {
    lines = decision.lines.map((l, i): PricedTaxLine => ({ ...l, amount: formatMinor(priced.taxes[i] as Minor, minorUnits) }));
    amounts = { subtotal: formatMinor(priced.subtotal, minorUnits), tax: formatMinor(priced.tax, minorUnits), total: formatMinor(priced.total, minorUnits) };
  }
  return {
    status: decision.status,
    reason: decision.reason,
    jurisdiction: decision.jurisdiction,
    customerJurisdiction: decision.customerJurisdiction,
    lines,
    notes: notesOf(decision, input),
    supply: decision.supply,
    customer: decision.customer,
    territory: decision.territory,
    scheme: decision.scheme,
    consignmentLimit: decision.consignmentLimit,
    local: decision.local,
    taxCode: input.taxCode,
    productType: input.productType,
    taxBehavior: input.taxBehavior,
    date: input.date,
    currency: input.currency,
    sellerAddress: input.sellerAddress ?? null,
    amounts,
  };
}

/**
 * The pure core: status, jurisdiction, tax lines and (given an amount) the exact amounts
 * of one supply, from the rule set passed in. Reads no clock, no files, no globals; throws
 * only TaxRulesError. Decides afresh unless given a decider (see createCalculator for one
 * with a cache).
 */
export function determine(input: TaxInput, rules: RuleSet, decider: Decider = freshDecider(rules), convert?: CurrencyConverter): TaxResult {
  const day = inputDay(input);
  const minorUnits = inputMinorUnits(input, rules);
  const amount = inputAmount(input, minorUnits);
  const decision = decisionFor(decider, input, day, amount, minorUnits);
  return resultOf(decision, input, minorUnits, priceOf(decision, input, amount, minorUnits, convert));
}
