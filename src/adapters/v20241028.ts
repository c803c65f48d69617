/**
 * `GET /tax_rates/calculate` (version 20241028): the query read (v20241028-query.ts), the
 * tax decided and priced by the core, and the answer rendered with one main and one additional
 * tax.
 */
import type { Decision, TaxBehavior, TaxInput, TaxLine, TaxResult, TaxStatus } from '../core/types.js';
import { RATE_SCALE, addMinor, minorToNumber, parseAmount, type Minor } from '../core/money.js';
import { foldGroup, minorUnitsOf, priceInput, resultOf, taxIdNote } from '../core/determine.js';
import type { Priced } from '../core/pricing.js';
import { priceByLinesAlone } from '../core/sale.js';
import type { HeldDecision } from '../core/decision-cache.js';
import { quoted, TaxRulesError } from '../core/errors.js';
import type { PreparedAccount, SellerAccount } from './account.js';
import type { Engine } from './engine.js';
import type { TaxRateQueryInput } from './v20241028-parameters.js';
import { engineOf, readTaxRateQuery, renameIssues, type CalculateOptions } from './v20241028-query.js';
import { readQuickQuery } from './v20241028-quick.js';
import { NO_OPTIONS } from './read.js';

export { TAX_RATE_PARAMETERS, TAX_RATE_PARAMETER_KINDS } from './v20241028-parameters.js';
export type { TaxRateParameter, TaxRateParameterKind, TaxRateParameterName, TaxRateQuery, TaxRateQueryInput } from './v20241028-parameters.js';
export { engineOf, parseTaxRateQuery } from './v20241028-query.js';
export type { CalculateOptions } from './v20241028-query.js';

/** The response of `GET /tax_rates/calculate` (version 20241028): exactly the spec's fields. */
export interface TaxRateResponse {
  name: string | null;
  rate: number;
  taxable_part: number;
  country: string;
  region: string | null;
  county: string | null;
  city: string | null;
  tax_code: string;
  tax_behavior: TaxBehavior;
  product_type: string;
  tax_amount: number | null;
  subtotal: number | null;
  total_amount: number | null;
  status: TaxStatus;
  notes: string | null;
  additional_name: string | null;
  additional_rate: number | null;
  additional_taxable_part: number | null;
  additional_tax_amount: number | null;
}

export type { TaxIdVerdictFunction } from '../core/options.js';

/** Amounts of at most 15 digits: their numbers read back as the same decimals. */
const NUMBER_LIMIT = 1e15;

/**
 * v20241028 answers amounts as JSON numbers, which hold 15 significant digits exactly: an
 * amount whose subtotal or total needs more is refused (400), never answered rounded.
 */
function exactInNumbers(priced: Priced, input: TaxInput): void {
  if (!fitsNumbers(priced)) {
    throw new TaxRulesError('invalid_request', 400, [
      {
        path: ['amount'],
        code: 'malformed',
        message: `amount ${quoted(input.amount, 60)} is beyond what the v20241028 number form answers exactly (amounts, taxes and totals of at most 15 digits); explainTaxRate and calculate answer any amount as decimal strings`,
      },
    ]);
  }
}

/** Whether a priced quote's subtotal and total (and so its taxes) are numbers of at most 15 digits. */
function fitsNumbers(priced: Priced): boolean {
  const { subtotal, total } = priced;
  return typeof subtotal === 'number' && typeof total === 'number' && subtotal < NUMBER_LIMIT && subtotal > -NUMBER_LIMIT && total < NUMBER_LIMIT && total > -NUMBER_LIMIT;
}

/** What a v20241028 response takes from a decision alone (the same for every call of it). */
interface QuoteParts {
  readonly name: string | null;
  readonly rate: number;
  readonly taxablePart: number;
  readonly additionalName: string | null;
  readonly additionalRate: number | null;
  readonly additionalPart: number | null;
  readonly notes: string | null;
  readonly hasMain: boolean;
  readonly hasAdditional: boolean;
}

/**
 * The parts of a decision's v20241028 response. v20241028 reports one main tax and one
 * additional tax: each group of the decision's lines is folded into one (see foldGroup, core/determine.ts).
 */
function quotePartsOf(d: Decision): QuoteParts {
  const main = foldGroup(d.lines, 'main');
  const add = foldGroup(d.lines, 'additional');
  return {
    name: main ? main.name : null,
    rate: main ? main.rateUnits / RATE_SCALE : 0,
    taxablePart: main ? main.partUnits / RATE_SCALE : 100,
    additionalName: add ? add.name : null,
    additionalRate: add ? add.rateUnits / RATE_SCALE : null,
    additionalPart: add ? add.partUnits / RATE_SCALE : null,
    notes: d.notes.length === 0 ? null : d.notes.join(' '),
    hasMain: main !== null,
    hasAdditional: add !== null,
  };
}

/** The v20241028 response of a decision for an input. */
function renderTaxRate(engine: Engine, d: Decision, input: TaxInput, priced: Priced | null, minorUnits: number, cached: boolean): TaxRateResponse {
  // Decisions from the cache are frozen and shared: their parts are worked out once per engine.
  let parts = engine.rendered.get(d) as QuoteParts | undefined;
  if (parts === undefined) {
    parts = quotePartsOf(d);
    if (cached) engine.rendered.set(d, parts);
  }
  return answerOf(parts, d, input, priced, minorUnits);
}

/** The v20241028 response of a decision, with its parts, for an input. */
function answerOf(parts: QuoteParts, d: Decision, input: TaxInput, priced: Priced | null, minorUnits: number): TaxRateResponse {
  let mainTax: Minor = 0;
  let addTax: Minor = 0;
  if (priced !== null) {
    const lines = d.lines;
    if (lines.length === 1) {
      if (parts.hasMain) mainTax = priced.tax;
      else addTax = priced.tax;
    } else {
      for (let i = 0; i < lines.length; i++) {
        if ((lines[i] as TaxLine).group === 'main') mainTax = addMinor(mainTax, priced.taxes[i] as Minor);
        else addTax = addMinor(addTax, priced.taxes[i] as Minor);
      }
    }
  }
  if (priced !== null) exactInNumbers(priced, input);
  const note = taxIdNote(input);
  const j = d.jurisdiction;
  return new TaxRateAnswer(
    parts.name,
    parts.rate,
    parts.taxablePart,
    j.country,
    j.region,
    j.county,
    j.city,
    input.taxCode,
    input.taxBehavior,
    input.productType,
    // The first tax present is reported as the tax (the main one when there is one).
    priced ? minorToNumber(parts.hasMain ? mainTax : addTax, minorUnits) : null,
    priced ? minorToNumber(priced.subtotal, minorUnits) : null,
    priced ? minorToNumber(priced.total, minorUnits) : null,
    d.status,
    note === null ? parts.notes : parts.notes === null ? note : `${note} ${parts.notes}`,
    parts.additionalName,
    parts.additionalRate,
    parts.additionalPart,
    parts.hasAdditional && priced ? (parts.hasMain ? minorToNumber(addTax, minorUnits) : 0) : null,
  );
}

/**
 * A v20241028 response: a plain data object (JSON as the spec has it). Made by a
 * constructor, not an object literal: V8 may decide that a literal's objects live long
 * ("pretenuring", from what survives its young-generation collections) and then allocate
 * every later one in the old generation, which made a quote up to 1.5× slower in some
 * processes; objects made by `new` are always allocated young.
 */
class TaxRateAnswer implements TaxRateResponse {
  constructor(
    readonly name: string | null,
    readonly rate: number,
    readonly taxable_part: number,
    readonly country: string,
    readonly region: string | null,
    readonly county: string | null,
    readonly city: string | null,
    readonly tax_code: string,
    readonly tax_behavior: TaxBehavior,
    readonly product_type: string,
    readonly tax_amount: number | null,
    readonly subtotal: number | null,
    readonly total_amount: number | null,
    readonly status: TaxStatus,
    readonly notes: string | null,
    readonly additional_name: string | null,
    readonly additional_rate: number | null,
    readonly additional_taxable_part: number | null,
    readonly additional_tax_amount: number | null,
  ) {}
}


/** What a quote is rendered from: the input, its decision and its amounts. */
type Renderer<T> = (engine: Engine, decision: Decision, input: TaxInput, priced: Priced | null, minorUnits: number, cached: boolean) => T;

/** Parses a query, prices it as a one-line sale, and renders it; errors of the core name the query's parameters. */
function quote<T>(query: TaxRateQueryInput, seller: PreparedAccount, options: CalculateOptions, engine: Engine, render: Renderer<T>): T {
  const { input, exemption } = readTaxRateQuery(query, seller, options, engine);
  try {
    const sale = engine.inputSale(options.cache);
    const { line, minorUnits } = priceInput(input, exemption === undefined ? sale : { ...sale, exemption });
    return render(engine, line.decision, line.input, line.priced, minorUnits, options.cache !== false && engine.decisions !== null);
  } catch (error) {
    throw error instanceof TaxRulesError ? renameIssues(error) : error;
  }
}

/** The neutral result of a quote. */
function neutralResult(engine: Engine, decision: Decision, input: TaxInput, priced: Priced | null, minorUnits: number): TaxResult {
  return resultOf(decision, input, minorUnits, priced, engine.rules);
}

/**
 * Determines the tax of a sale in the core's neutral result, from a v20241028 query:
 * status, machine reason, jurisdiction, tax lines with their sources, exact decimal amounts.
 */
export function explainTaxRate(
  query: TaxRateQueryInput,
  account: SellerAccount,
  options: CalculateOptions = {},
  engine: Engine = engineOf(options),
): TaxResult {
  return quote(query, engine.accounts.prepare(account), options, engine, neutralResult);
}

/**
 * `GET /tax_rates/calculate` (version 20241028) as a function: the tax rate, status and,
 * when `amount` is given, the amounts of a sale, for an account and its registrations.
 * Throws TaxRulesError (with the spec's HTTP status) for bad input.
 */
export function calculateTaxRate(
  query: TaxRateQueryInput,
  account: SellerAccount,
  options: CalculateOptions = {},
  engine: Engine = engineOf(options),
): TaxRateResponse {
  const seller = engine.accounts.prepare(account);
  return quickRateQuote(query, seller, options, engine) ?? quote(query, seller, options, engine, renderTaxRate);
}

/**
 * A quote of an object query read quickly (readQuickQuery) whose decision the cache holds: the
 * decision looked up, priced when the query gives an amount (quickPriced), and rendered, as
 * `quote` would (a one-line sale without an amount is its decision, unpriced). Null for any
 * other (another query, a decision to make, a cache off or under an age limit, an amount the
 * full way prices otherwise or refuses): `quote` answers it, deciding and reporting every
 * problem.
 */
function quickRateQuote(query: TaxRateQueryInput, seller: PreparedAccount, options: CalculateOptions, engine: Engine): TaxRateResponse | null {
  const decisions = engine.quoteDecisions;
  if (decisions === null || typeof query !== 'object' || (options !== NO_OPTIONS && options.cache === false)) return null;
  let input: TaxInput;
  let held: HeldDecision | undefined;
  try {
    const read = readQuickQuery(query, seller, options, engine);
    if (read === null) return null;
    input = read.input as TaxInput;
    held = decisions.knownDecision(input, read.day, read.code);
  } catch {
    // A getter or proxy that throws: the full reading reports it.
    return null;
  }
  if (held === undefined) return null;
  const decision = held.decision;
  let priced: Priced | null = null;
  // The currency's minor units matter only to an amount (the quick reading took a currency
  // of the rules', as a prepared account has).
  const minorUnits = input.amount === undefined ? 0 : minorUnitsOf(engine.rules, input.currency);
  if (minorUnits === undefined) return null;
  if (input.amount !== undefined) {
    priced = quickPriced(decision, input, minorUnits);
    if (priced === null) return null;
  }
  // The decision's parts are kept beside it in the cache: no lookup by the decision (engine.rendered).
  const parts = (held.answerParts ??= quotePartsOf(decision)) as QuoteParts;
  return answerOf(parts, decision, input, priced, minorUnits);
}

/**
 * The amounts of a quote read quickly, as the full way's one-line sale gives them: the amount
 * read as `inputAmount` reads it, priced by the sale routine's `priceByLinesAlone`. Null
 * wherever the full way does more or refuses, so that it answers or reports it: an amount
 * malformed, with more decimals than the currency has, or negative; a decision the sale
 * routine prices otherwise than by its lines; amounts beyond the number form.
 */
function quickPriced(d: Decision, input: TaxInput, minorUnits: number): Priced | null {
  const parsed = parseAmount(input.amount as string, minorUnits);
  if (!parsed.ok || parsed.minor < 0) return null;
  const priced = priceByLinesAlone(d, parsed.minor, input.taxBehavior);
  return priced !== null && fitsNumbers(priced) ? priced : null;
}
