/**
 * The core's entry: a neutral input in, a neutral result out. Checks the per-call parts
 * (date, currency, amount), prices the input as a one-line sale (sale.ts: the decision of
 * decide.ts, through a cache when given one, priced by pricing.ts) and assembles the result.
 */
import type { Decision, PricedTaxLine, Registration, TaxInput, TaxLine, TaxResult } from './types.js';
import type { RuleSet } from './ruleset.js';
import { dayNumber } from './dates.js';
import { TaxRulesError, type TaxRulesIssue } from './errors.js';
import { addMinor, formatMinor, parseAmount, PERCENT_100, type Minor } from './money.js';
import { taxableAmount, type Priced } from './pricing.js';
import { decide } from './decide.js';
import { situationOf, type CurrencyConverter } from './situation.js';
import { priceSale, priceSaleLine, type Decider, type GivenSaleLine, type GivenTax, type PricedLine, type Sale, type SaleLine, type SaleOptions, type SoldLine } from './sale.js';
import { activeOn, indexRegistrations, isFrozenList, type RegistrationIndex } from './registration.js';
import type { DecisionCache } from './decision-cache.js';
import { checkedDayOf } from './rules-age.js';

/** Day number of the input's date; TaxRulesError (400) when it is not a calendar date. */
export function inputDay(input: TaxInput): number {
  const day = dayNumber(input.date);
  if (Number.isNaN(day)) {
    throw new TaxRulesError('invalid_request', 400, [{ path: ['date'], code: 'malformed', message: `${input.date} is not a calendar date (YYYY-MM-DD)` }]);
  }
  return day;
}

/**
 * Minor units of a currency under the rules, or undefined for none a sale can be in. Calls
 * come in runs of one currency (a seller's): the last answer is remembered, as a pure
 * function's (a rule set never changes; the last one asked stays reachable from here).
 */
export function minorUnitsOf(rules: RuleSet, currency: string): number | undefined {
  if (currency === lastUnits.currency && rules === lastUnits.rules) return lastUnits.minorUnits;
  const minorUnits = rules.currencies.get(currency);
  if (minorUnits !== undefined) {
    lastUnits.rules = rules;
    lastUnits.currency = currency;
    lastUnits.minorUnits = minorUnits;
  }
  return minorUnits;
}

const lastUnits: { rules: RuleSet | null; currency: string; minorUnits: number } = { rules: null, currency: '', minorUnits: 0 };

/** Minor units of the input's currency; TaxRulesError (406) for an unknown currency. */
export function inputMinorUnits(input: TaxInput, rules: RuleSet): number {
  const minorUnits = minorUnitsOf(rules, input.currency);
  if (minorUnits === undefined) {
    throw new TaxRulesError('invalid_value', 406, [{ path: ['currency'], code: 'invalid_value', message: `unknown currency ${input.currency}` }]);
  }
  return minorUnits;
}

/** The input's amount in minor units, or null without one; TaxRulesError (400) when malformed, too precise or negative (a refund has its own forms). */
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
  if (parsed.minor < 0) {
    throw new TaxRulesError('invalid_request', 400, [{ path: ['amount'], code: 'malformed', message: `amount ${input.amount} is negative: a quote prices a sale; a refund is a credit note (POST /credits) or a refund transaction` }]);
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

export type { Decider };

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

/** The one line of an input's sale (a quote's, `determine`'s): the input is its party, its amount the line's. */
export function lineOf(input: TaxInput, amount: Minor | null): SaleLine {
  return { amount, articles: null, taxCode: input.taxCode, productType: input.productType, taxBehavior: input.taxBehavior, delivery: false };
}

/** An issue of an input's sale in the input's terms: the line's amount is the input's `amount`. */
export function inputIssue(_line: number, issue: TaxRulesIssue): TaxRulesIssue {
  return issue.path[0] === 'lines' ? { ...issue, path: ['amount'] } : issue;
}

/** The neutral result of a decision for an input, with its amounts when priced. */
export function resultOf(decision: Decision, input: TaxInput, minorUnits: number, priced: Priced | null, rules: RuleSet): TaxResult {
  let lines: TaxResult['lines'] = decision.lines;
  let amounts: TaxResult['amounts'] = null;
  if (priced !== null) {
    lines = decision.lines.map((l, i): PricedTaxLine => ({ ...l, amount: formatMinor(priced.taxes[i] as Minor, minorUnits) }));
    amounts = { subtotal: formatMinor(priced.subtotal, minorUnits), tax: formatMinor(priced.tax, minorUnits), total: formatMinor(priced.total, minorUnits) };
  }
  const result: TaxResult = {
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
    rules: { version: rules.info.version, checked: checkedDayOf(rules, decision) },
    amounts,
  };
  // A product category's answer says which treatment of which tax applied.
  return decision.treatments === null ? result : { ...result, treatments: decision.treatments };
}

/**
 * The pure core: status, jurisdiction, tax lines and (given an amount) the exact amounts
 * of one supply, from the rule set passed in. Reads no clock, no files, no globals; throws
 * only TaxRulesError. Decides afresh unless given a decider (see createCalculator for one
 * with a cache).
 */
export function determine(input: TaxInput, rules: RuleSet, decider: Decider = freshDecider(rules), convert?: CurrencyConverter): TaxResult {
  const { line, minorUnits } = priceInput(input, { rules, decider, convert, issue: inputIssue, exemption: undefined });
  return resultOf(line.decision, line.input, minorUnits, line.priced, rules);
}

/**
 * One supply priced as a sale of one line: its day, its currency's minor units and its amount
 * read from the input, then `priceSaleLine` with the sale's options. The one way in of
 * `determine` and of the v20241028 quote.
 */
export function priceInput(input: TaxInput, options: SaleOptions): { line: PricedLine; minorUnits: number } {
  const day = inputDay(input);
  const minorUnits = inputMinorUnits(input, options.rules);
  const amount = inputAmount(input, minorUnits);
  return { line: priceSaleLine(input, day, minorUnits, lineOf(input, amount), options), minorUnits };
}

/**
 * The lines of a group as the one tax v20241028 reports (its quotes and its documents): the
 * first line's name, the combined rate and the taxable part; lines with different taxable
 * parts give their effective combined rate on a whole part (not rounded to rate units).
 */
export function foldGroup(lines: readonly FoldedLine[], group: TaxLine['group']): Pick<TaxLine, 'name' | 'rateUnits' | 'partUnits'> | null {
  let first: FoldedLine | null = null;
  let units = 0;
  let effective = 0;
  let samePart = true;
  for (const l of lines) {
    if (l.group !== group) continue;
    if (first === null) first = l;
    else if (l.partUnits !== first.partUnits) samePart = false;
    units += l.rateUnits;
    effective += (l.rateUnits * l.partUnits) / PERCENT_100;
  }
  if (first === null) return null;
  return samePart ? { name: first.name, rateUnits: units, partUnits: first.partUnits } : { name: first.name, rateUnits: effective, partUnits: PERCENT_100 };
}

/** What folding reads of a tax line: a decision's, or one a request gives. */
type FoldedLine = Pick<TaxLine, 'group' | 'name' | 'rateUnits' | 'partUnits'>;

/** One group of a priced line's taxes as the one tax v20241028 reports (see foldGroup), with its amount and taxable base. */
export interface FoldedTax<L extends FoldedLine = TaxLine | GivenTax> extends Pick<TaxLine, 'name' | 'rateUnits' | 'partUnits'> {
  /** Its lines, in their order. */
  readonly lines: readonly L[];
  /** The sum of its lines' taxes. */
  readonly amount: Minor;
  /** The part of the line's net it is levied on. */
  readonly base: Minor;
}

/**
 * A priced line of a sale as a v20241028 document renders it: each group of its taxes folded
 * into one (its amount the sum of the group's, its base the taxable part of the line's net),
 * in their order, and its notes (the decision's, the one on the customer's tax ID first; a
 * line nothing was decided for, its sale's).
 */
function foldedLine(line: SoldLine): { readonly taxes: FoldedTax[]; readonly notes: readonly string[] } {
  const priced = line.priced as Priced;
  const lines: readonly (TaxLine | GivenTax)[] = line.decision === null ? line.given : line.decision.lines;
  const groups: { lines: (TaxLine | GivenTax)[]; amount: Minor }[] = [];
  lines.forEach((l, k) => {
    const last = groups[groups.length - 1];
    if (last !== undefined && (last.lines[0] as FoldedLine).group === l.group) {
      last.lines.push(l);
      last.amount = addMinor(last.amount, priced.taxes[k] as Minor);
    } else groups.push({ lines: [l], amount: priced.taxes[k] as Minor });
  });
  const taxes = groups.map((g): FoldedTax => {
    const folded = foldGroup(g.lines, (g.lines[0] as FoldedLine).group) as Pick<TaxLine, 'name' | 'rateUnits' | 'partUnits'>;
    return { ...folded, lines: g.lines, amount: g.amount, base: taxableAmount(priced.subtotal, folded.partUnits) };
  });
  return { taxes, notes: line.decision === null ? line.notes : notesOf(line.decision, line.input) };
}

/** A sold line as a v20241028 document renders it: the sale routine's line, with its taxes folded (foldedLine; null for a line it could not price). */
export type FoldedSoldLine = SoldLine & { readonly folded: ReturnType<typeof foldedLine> | null };

/**
 * A sale of a v20241028 document priced by the sale routine (`priceSale`), each line answered
 * with its taxes folded as that version reports them (document-sale.ts prices each sale of a
 * document with it; the document renders what comes back).
 */
export function priceFoldedSale(sale: Sale<SaleLine | GivenSaleLine>, options: SaleOptions): (FoldedSoldLine | null)[] {
  return priceSale(sale, options).lines.map((line) => (line === null ? null : { ...line, folded: line.priced === null ? null : foldedLine(line) }));
}
