/**
 * The sale routine, between the stages and the renderers. Every entry that prices — the
 * v20241028 quote, `determine`, `calculate` (v20260309), `buildDocument` and through them
 * `computeTransaction` and `computeBatch` — parses its request into a neutral `Sale`, prices
 * it here, and renders the `PricedSale` in its own shape. This file owns:
 *
 * - the consignment value: the goods of a sale to one country are one consignment (the EU
 *   import scheme's EUR 150 limit applies to it), unless the entry gives it;
 * - one decision shared by the lines that differ only in their amounts;
 * - the inclusive recheck: the import scheme's limit applies to the value net of VAT, so a
 *   consignment of inclusive amounts that the gross puts above it is valued again at its net
 *   under the scheme's answer;
 * - the one policy for a per-article limit of local taxes (see article-cap.ts): a limit
 *   shared out (Florida's) charges the local lines on at most the limit times the articles
 *   where the line says its articles and its renderer can show a limited base
 *   (`limitedBases`); otherwise a line whose articles (or whose whole net, when it does not
 *   say them) are above the limit is refused (422) rather than charged the full local rate.
 */
import type { Address, Decision, ProductType, TaxBehavior, TaxCodeId, TaxInput } from './types.js';
import type { RuleSet } from './ruleset.js';
import type { CurrencyConverter } from './situation.js';
import { TaxRulesError, errorFromIssues, type TaxRulesIssue } from './errors.js';
import { addMinor, formatMinor, type Minor } from './money.js';
import { price, type Priced } from './pricing.js';
import { articleLimit, checkArticleCap, perArticle } from './article-cap.js';
import { supplyKind } from './taxability.js';

/** How decisions are made: through a cache, or afresh (see determine.ts). */
export type Decider = (input: TaxInput, day: number) => Decision;

/** One line of a sale. */
export interface SaleLine {
  /** Net (exclusive) or gross (inclusive) amount in minor units; null: the rate only. */
  readonly amount: Minor | null;
  /** The number of articles the amount is the price of (a document's quantity may be a fraction); null when the amount does not say. */
  readonly articles: number | null;
  readonly taxCode: TaxCodeId;
  readonly productType: ProductType;
  readonly taxBehavior: TaxBehavior;
  /** Where this line's customer is, when a sale's lines go to different places (a document's items); default the sale's. */
  readonly destination?: Address | undefined;
}

/** What the lines of a sale share: a TaxInput without the fields of a line. */
export type SaleParty = Omit<TaxInput, 'taxCode' | 'productType' | 'taxBehavior'>;

/**
 * A neutral sale. `party.amount`, when given, is the text of a one-line sale's amount and
 * its consignment value by default (a quote's); `party.consignmentValue`, when given, is the
 * value of the consignment of every line.
 */
export interface Sale {
  readonly party: SaleParty;
  /** Day number of `party.date`. */
  readonly day: number;
  /** Minor units of `party.currency`. */
  readonly minorUnits: number;
  readonly lines: readonly SaleLine[];
}

export interface SaleOptions {
  readonly rules: RuleSet;
  readonly decider: Decider;
  readonly convert?: CurrencyConverter | undefined;
  /** The renderer shows a line's limited base (a calculation's line tax): a limit shared out is applied, not refused. */
  readonly limitedBases?: boolean | undefined;
  /**
   * An issue of line `line` in the request's terms. The core names the decision's fields
   * (`destination.postalCode`, `date`, …) and a line's amount `['lines', line, 'amount']`.
   */
  readonly issue?: ((line: number, issue: TaxRulesIssue) => TaxRulesIssue) | undefined;
  /**
   * Where the issues go: given, they are added to it and a line that has one is null in the
   * answer; without it, priceSale throws the TaxRulesError listing them all.
   */
  readonly issues?: TaxRulesIssue[] | undefined;
}

/** A line priced. */
export interface PricedLine {
  /** The input its decision was made for. */
  readonly input: TaxInput;
  readonly decision: Decision;
  /** Its amounts (each tax line's, and a limited base where a limit cut it), or null for a rate-only line. */
  readonly priced: Priced | null;
  /** The index of the first line that shares its decision: its own when it is the first. */
  readonly first: number;
}

export interface PricedSale {
  /** Each line priced, in order; null for a line with an issue (only when `options.issues` is given). */
  readonly lines: readonly (PricedLine | null)[];
  /** Σ of the lines' nets, taxes and totals (0 for rate-only lines). */
  readonly subtotal: Minor;
  readonly tax: Minor;
  readonly total: Minor;
}

/** The first line that differs only in its amount from line i, or i. */
function firstAlike(lines: readonly SaleLine[], i: number): number {
  const l = lines[i] as SaleLine;
  for (let j = 0; j < i; j++) {
    const o = lines[j] as SaleLine;
    if (o.taxCode === l.taxCode && o.productType === l.productType && o.taxBehavior === l.taxBehavior && o.destination === l.destination) return j;
  }
  return i;
}

/** The input of a line: the party's fields and the line's, with the consignment value given. */
function inputOf(party: SaleParty, line: SaleLine, consignmentValue: TaxInput['consignmentValue']): TaxInput {
  const p = party as TaxInput;
  // A quote's party is its one line's input already.
  if (p.taxCode === line.taxCode && p.productType === line.productType && p.taxBehavior === line.taxBehavior && line.destination === undefined && consignmentValue === party.consignmentValue) return p;
  return {
    ...party,
    ...(line.destination === undefined ? {} : { destination: line.destination }),
    taxCode: line.taxCode,
    productType: line.productType,
    taxBehavior: line.taxBehavior,
    consignmentValue,
  };
}

/** A sale being priced: its lines' inputs and decisions, and the issues found. */
interface Work {
  readonly sale: Sale;
  readonly options: SaleOptions;
  readonly first: number[];
  readonly inputs: (TaxInput | null)[];
  readonly decisions: (Decision | null)[];
  readonly issues: TaxRulesIssue[];
  /** The status and code of the only error, kept when it is the only one. */
  error: TaxRulesError | null;
  errors: number;
}

/** Records an error of line i (its issues in the request's terms). */
function fail(w: Work, i: number, e: unknown): void {
  if (!(e instanceof TaxRulesError)) throw e;
  const map = w.options.issue;
  for (const issue of e.issues) w.issues.push(map ? map(i, issue) : issue);
  w.error = e;
  w.errors++;
}

/** The country a line goes to: its consignment. */
function countryOf(sale: Sale, line: SaleLine): string {
  return (line.destination ?? sale.party.destination).country;
}

/** Decides the lines to one country (every line when `country` is null) with a consignment value. */
function decideLines(w: Work, value: TaxInput['consignmentValue'], country: string | null): void {
  const { sale, options } = w;
  for (let i = 0; i < sale.lines.length; i++) {
    const line = sale.lines[i] as SaleLine;
    if (country !== null && countryOf(sale, line) !== country) continue;
    if (w.first[i] !== i) continue;
    const input = inputOf(sale.party, line, value);
    w.inputs[i] = input;
    try {
      w.decisions[i] = options.decider(input, sale.day);
    } catch (e) {
      w.decisions[i] = null;
      fail(w, i, e);
    }
  }
}

/** Whether line i is goods (an unknown tax code is an issue of its decision, found there). */
function isGoods(w: Work, i: number): boolean {
  const line = w.sale.lines[i] as SaleLine;
  try {
    return supplyKind(w.options.rules, line.taxCode, line.productType) === 'goods';
  } catch {
    return false;
  }
}

/** The value of the goods of a consignment: each line's amount, or for an inclusive line with `nets` its net there. */
function goodsValue(w: Work, members: readonly number[], nets: Map<number, Minor> | null): TaxInput['consignmentValue'] {
  // A one-line sale's amount text (a quote's) is its value by default: its input is used as it is.
  if (nets === null && w.sale.party.amount !== undefined) return undefined;
  let sum: Minor = 0;
  let any = false;
  for (const i of members) {
    const amount = (w.sale.lines[i] as SaleLine).amount;
    if (amount === null) continue;
    sum = addMinor(sum, nets?.get(i) ?? amount);
    any = true;
  }
  return any ? { amount: formatMinor(sum, w.sale.minorUnits), currency: w.sale.party.currency } : undefined;
}

/**
 * Decides a consignment (the goods to one country) valued at its goods' amounts, and again
 * at their nets when the import scheme's limit was passed by inclusive amounts: the net of an
 * inclusive line is its amount priced under the decision within the limit.
 */
function decideConsignment(w: Work, country: string): void {
  const members: number[] = [];
  for (let i = 0; i < w.sale.lines.length; i++) if (countryOf(w.sale, w.sale.lines[i] as SaleLine) === country && isGoods(w, i)) members.push(i);
  decideLines(w, goodsValue(w, members, null), country);
  const border = members.find((i) => w.decisions[w.first[i] as number]?.reason === 'import_vat_at_border');
  if (border === undefined) return;
  const limit = (w.decisions[w.first[border] as number] as Decision).consignmentLimit;
  const inclusive = members.filter((i) => (w.sale.lines[i] as SaleLine).taxBehavior === 'inclusive' && (w.sale.lines[i] as SaleLine).amount !== null);
  if (!limit || inclusive.length === 0) return;
  const nets = new Map<number, Minor>();
  try {
    for (const i of inclusive) {
      const line = w.sale.lines[i] as SaleLine;
      const within = w.options.decider(inputOf(w.sale.party, line, { amount: '0', currency: limit.currency }), w.sale.day);
      nets.set(i, price(within.lines, line.amount as Minor, 'inclusive').subtotal);
    }
  } catch (e) {
    fail(w, inclusive[nets.size] as number, e);
    return;
  }
  decideLines(w, goodsValue(w, members, nets), country);
}

/**
 * The amounts of line i under its decision, with the per-article policy of the file's
 * comment; an issue (a limit that refuses) is recorded and the line is null.
 */
function priceLine(w: Work, i: number, d: Decision): Priced | null {
  const line = w.sale.lines[i] as SaleLine;
  const amount = line.amount as Minor;
  const cap = d.articleCap;
  if (cap === null) return price(d.lines, amount, line.taxBehavior);
  const { party, minorUnits } = w.sale;
  const path = ['lines', i, 'amount'];
  try {
    if (cap.apportion && w.options.limitedBases === true && line.articles !== null) {
      return price(d.lines, amount, line.taxBehavior, { lines: cap.lines, amount: articleLimit(cap, party.currency, minorUnits, party.date, line.articles, path, w.options.convert) });
    }
    const priced = price(d.lines, amount, line.taxBehavior);
    checkArticleCap(d, line.articles === null ? priced.subtotal : perArticle(priced.subtotal, line.articles), party.currency, minorUnits, party.date, path, w.options.convert, line.articles);
    return priced;
  } catch (e) {
    fail(w, i, e);
    return null;
  }
}

/**
 * Prices a sale: each line's decision (shared by the lines that differ only in their
 * amounts), its amounts and any limited base, and the sums. Throws TaxRulesError listing
 * every line's issue (the error itself when there is one), unless `options.issues` is given.
 */
export function priceSale(sale: Sale, options: SaleOptions): PricedSale {
  const n = sale.lines.length;
  const w: Work = { sale, options, first: new Array<number>(n), inputs: new Array<TaxInput | null>(n).fill(null), decisions: new Array<Decision | null>(n).fill(null), issues: [], error: null, errors: 0 };
  const countries: string[] = [];
  for (let i = 0; i < n; i++) {
    const f = firstAlike(sale.lines, i);
    w.first[i] = f;
    const country = countryOf(sale, sale.lines[i] as SaleLine);
    if (f === i && !countries.includes(country)) countries.push(country);
  }
  // A consignment value given is every line's; else the goods to each country are one consignment.
  if (sale.party.consignmentValue !== undefined) decideLines(w, sale.party.consignmentValue, null);
  else for (const country of countries) decideConsignment(w, country);

  const out: (PricedLine | null)[] = new Array<PricedLine | null>(n);
  let subtotal: Minor = 0;
  let tax: Minor = 0;
  let total: Minor = 0;
  for (let i = 0; i < n; i++) {
    const f = w.first[i] as number;
    const d = w.decisions[f] ?? null;
    if (d === null) {
      out[i] = null;
      continue;
    }
    let priced: Priced | null = null;
    if ((sale.lines[i] as SaleLine).amount !== null) {
      priced = priceLine(w, i, d);
      if (priced === null) {
        out[i] = null;
        continue;
      }
      subtotal = addMinor(subtotal, priced.subtotal);
      tax = addMinor(tax, priced.tax);
      total = addMinor(total, priced.total);
    }
    out[i] = { input: w.inputs[f] as TaxInput, decision: d, priced, first: f };
  }
  if (w.errors > 0) {
    if (options.issues !== undefined) options.issues.push(...w.issues);
    else if (w.errors === 1 && w.error !== null) throw new TaxRulesError(w.error.code, w.error.status, w.issues, w.error.message);
    else throw errorFromIssues(w.issues);
  }
  return { lines: out, subtotal, tax, total };
}
