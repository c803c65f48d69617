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
import type { Address, CustomerExemption, Decision, ProductType, TaxBehavior, TaxCodeId, TaxInput, TaxStatus } from './types.js';
import type { RuleSet } from './ruleset.js';
import type { CurrencyConverter } from './situation.js';
import { TaxRulesError, errorFromIssues, type TaxRulesIssue } from './errors.js';
import { addMinor, formatMinor, type Minor } from './money.js';
import { price, priceExcess, type Priced, type PricingLine } from './pricing.js';
import { articleSide } from './price-limit.js';
import { articleLimit, checkArticleCap, perArticle } from './article-cap.js';
import { supplyKind } from './taxability.js';
import { exempted, exemptionNote, exemptStatus } from './exemption.js';
import { deliveryDecision, pooledDeliveries } from './delivery.js';

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
  /** A delivery charge of goods with this line's codes (see delivery.ts): decided as they are, then by the taxes' delivery rules. A field every line sets. */
  readonly delivery: boolean;
  /** A line of the sale's own decision gives no taxes (see GivenSaleLine). */
  readonly given?: undefined;
  /** The line's amount before its discounts (a document item's subtotal), when it is shown: priced too, its net is the line's `listNet`. */
  readonly listAmount?: Minor | undefined;
}

/**
 * A line whose request gives its taxes (a document item's own `tax`): priced at them, nothing
 * decided for it (it is in no consignment).
 */
export interface GivenSaleLine extends Omit<SaleLine, 'given'> {
  readonly given: readonly GivenTax[];
}

/** A tax a request gives a line: its name, its group, its rate and taxable part (as pricing reads them). */
export interface GivenTax extends PricingLine {
  readonly name: string;
}

/*
 * The optional fields of a line and of the options below are read as own fields only, so that
 * one left out is read as left out whatever Object.prototype holds. The field is read first and
 * its owner asked only when it holds something: a left-out field reads as undefined (a quick
 * property load), and Object.hasOwn, a call, runs for a field given or a polluted prototype.
 */

/** A line's amount before its discounts. */
const listOf = (line: SaleLine | GivenSaleLine): Minor | undefined => {
  const v = line.listAmount;
  return v !== undefined && Object.hasOwn(line, 'listAmount') ? v : undefined;
};

/** The customer's exemption when it applies instead of decisions. */
const undecidedExemption = (options: SaleOptions): CustomerExemption | undefined => (options.undecidedExemption === true && Object.hasOwn(options, 'undecidedExemption') ? options.exemption : undefined);

/** The taxes a line gives. */
const givenOf = (line: SaleLine | GivenSaleLine): readonly GivenTax[] | undefined => {
  const v = line.given;
  return v !== undefined && Object.hasOwn(line, 'given') ? v : undefined;
};

/** Whether a line is a delivery charge (a field every line has, so never read from a prototype). */
const isDelivery = (line: SaleLine): boolean => line.delivery === true;

/** A line's own destination. */
const destinationOf = (line: SaleLine): Address | undefined => {
  const v = line.destination;
  return v !== undefined && Object.hasOwn(line, 'destination') ? v : undefined;
};

/** What the lines of a sale share: a TaxInput without the fields of a line. */
export type SaleParty = Omit<TaxInput, 'taxCode' | 'productType' | 'taxBehavior'>;

/**
 * A neutral sale. `party.amount`, when given, is the text of a one-line sale's amount and
 * its consignment value by default (a quote's); `party.consignmentValue`, when given, is the
 * value of the consignment of every line.
 */
export interface Sale<L extends SaleLine | GivenSaleLine = SaleLine> {
  readonly party: SaleParty;
  /** Day number of `party.date`. */
  readonly day: number;
  /** Minor units of `party.currency`. */
  readonly minorUnits: number;
  readonly lines: readonly L[];
}

export interface SaleOptions {
  readonly rules: RuleSet;
  readonly decider: Decider;
  /**
   * The customer's own tax status when it is exempt or accounts for the tax (exemption.ts),
   * applied to every decision of the sale (decisions are made, and cached, for every customer
   * alike); undefined for a taxable customer. A field every caller sets, so that it is never
   * read from a prototype.
   */
  readonly exemption: CustomerExemption | undefined;
  /**
   * The exemption applies instead of the decisions (a v20241028 document's contact): a line
   * that gives no taxes is priced at none with the exemption's status, nothing decided, and,
   * when no line of the sale gives its taxes, with the exemption's note. Default: it applies
   * to each decision, as above.
   */
  readonly undecidedExemption?: boolean | undefined;
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
  /** The net of the line's `listAmount` under its decision, when it gives one. */
  readonly listNet?: Minor | undefined;
}

/** A line priced without a decision: at the taxes its request gives, or at none by the customer's exemption (`undecidedExemption`). */
export interface UndecidedLine {
  readonly decision: null;
  /** The taxes it is priced at (none under the exemption). */
  readonly given: readonly GivenTax[];
  /** Its amounts (each given tax's, in their order), or null for a rate-only line. */
  readonly priced: Priced | null;
  /** The exemption's status, or null for the taxes given. */
  readonly status: TaxStatus | null;
  /** The exemption's note, when no line of the sale gives its taxes. */
  readonly notes: readonly string[];
  /** The net of the line's `listAmount` under its taxes, when it gives one. */
  readonly listNet?: Minor | undefined;
}

/** A line of a sale priced: decided, or priced at the taxes given. */
export type SoldLine = PricedLine | UndecidedLine;

export interface PricedSale<L extends SoldLine = PricedLine> {
  /** Each line priced, in order; null for a line with an issue (only when `options.issues` is given). */
  readonly lines: readonly (L | null)[];
  /** Σ of the lines' nets, taxes and totals (0 for rate-only lines). */
  readonly subtotal: Minor;
  readonly tax: Minor;
  readonly total: Minor;
}

/** The options with the customer's own tax status applied to every decision. */
function forCustomer(options: SaleOptions): SaleOptions {
  const e = options.exemption;
  if (e === undefined) return options;
  const decider = options.decider;
  return { ...options, exemption: undefined, decider: (input, day) => exempted(decider(input, day), e) };
}

/** The input of a line: the party's fields and the line's, with the consignment value given. */
function inputOf(party: SaleParty, line: SaleLine, consignmentValue: TaxInput['consignmentValue']): TaxInput {
  const p = party as TaxInput;
  // A quote's party is its one line's input already.
  if (p.taxCode === line.taxCode && p.productType === line.productType && p.taxBehavior === line.taxBehavior && destinationOf(line) === undefined && consignmentValue === party.consignmentValue) return p;
  // One shape for every input made here (the decision cache reads them all).
  return {
    date: party.date,
    origin: party.origin,
    sellerAddress: party.sellerAddress,
    destination: destinationOf(line) ?? party.destination,
    taxCode: line.taxCode,
    productType: line.productType,
    customerTaxId: party.customerTaxId,
    taxBehavior: line.taxBehavior,
    amount: party.amount,
    currency: party.currency,
    consignmentValue,
    registrations: party.registrations,
  };
}

/** The goods to one country: one consignment. */
interface Consignment {
  readonly country: string;
  /** The sum of its goods' amounts, or null without goods. */
  sum: Minor | null;
  /** Whether some of its goods are inclusive amounts. */
  inclusive: boolean;
  /** Its value as the decisions read it. */
  value: TaxInput['consignmentValue'];
}

/** The lines that differ only in their amounts: decided once. */
interface Plan {
  /** Its first line. */
  readonly first: number;
  readonly consignment: Consignment;
  readonly goods: boolean;
  input: TaxInput | null;
  /** Null after an issue. */
  decision: Decision | null;
}

/** A sale of many lines being priced: each line's plan, the plans, the consignments, the issues found. */
interface Work {
  readonly sale: Sale;
  readonly options: SaleOptions;
  readonly planOf: Plan[];
  readonly plans: Plan[];
  readonly consignments: Consignment[];
  issues: TaxRulesIssue[] | null;
  /** The only error, kept as it is when it is the only one. */
  error: TaxRulesError | null;
  errors: number;
}

/** Records an error of line i (its issues in the request's terms). */
function fail(w: Work, i: number, e: unknown): void {
  if (!(e instanceof TaxRulesError)) throw e;
  const map = w.options.issue;
  const issues = (w.issues ??= []);
  for (const issue of e.issues) issues.push(map ? map(i, issue) : issue);
  w.error = e;
  w.errors++;
}

/** The plan of line i, opened when no earlier line differs from it only in its amount; a line of goods adds its amount to its consignment. */
function planLine(w: Work, i: number): void {
  const lines = w.sale.lines;
  const line = lines[i] as SaleLine;
  let plan: Plan | null = null;
  for (let p = 0; p < w.plans.length; p++) {
    const o = lines[(w.plans[p] as Plan).first] as SaleLine;
    if (o.taxCode === line.taxCode && o.productType === line.productType && o.taxBehavior === line.taxBehavior && destinationOf(o) === destinationOf(line) && isDelivery(o) === isDelivery(line)) {
      plan = w.plans[p] as Plan;
      break;
    }
  }
  if (plan === null) {
    const country = (destinationOf(line) ?? w.sale.party.destination).country;
    let c = w.consignments.find((k) => k.country === country);
    if (c === undefined) w.consignments.push((c = { country, sum: null, inclusive: false, value: undefined }));
    // A delivery charge is not goods of the consignment (its value is the goods' own), but is decided with its value.
    plan = { first: i, consignment: c, goods: !isDelivery(line) && isGoods(w.options.rules, line), input: null, decision: null };
    w.plans.push(plan);
  }
  w.planOf[i] = plan;
  if (plan.goods && line.amount !== null) {
    const c = plan.consignment;
    c.sum = c.sum === null ? line.amount : addMinor(c.sum, line.amount);
    if (line.taxBehavior === 'inclusive') c.inclusive = true;
  }
}

/** Decides each plan (of consignment `c` only, when given) with its consignment's value. */
function decidePlans(w: Work, c: Consignment | null): void {
  const { sale, options } = w;
  for (const plan of w.plans) {
    if (c !== null && plan.consignment !== c) continue;
    const input = inputOf(sale.party, sale.lines[plan.first] as SaleLine, plan.consignment.value);
    plan.input = input;
    try {
      const d = options.decider(input, sale.day);
      plan.decision = isDelivery(sale.lines[plan.first] as SaleLine) ? deliveryDecision(d, options.rules, sale.day, sale.party.date) : d;
    } catch (e) {
      plan.decision = null;
      fail(w, plan.first, e);
    }
  }
}

/**
 * The last two answers of lineIsGoods, with the rule set, tax code and product type asked: a
 * sale's lines come in runs of a few codes, and a text compared with two costs less than the
 * tax code's lookup in the rule set (a getter and a map's probe). A pure function's answers: a
 * rule set's tax codes do not change.
 */
const recentGoods = { rules: null as RuleSet | null, a: '', aType: '', aGoods: false, b: '', bType: '', bGoods: false };

/** Whether a line is goods (an unknown tax code is an issue of its decision, found there). */
function isGoods(rules: RuleSet, line: SaleLine): boolean {
  const r = recentGoods;
  const code = line.taxCode;
  const type = line.productType;
  if (rules === r.rules) {
    if (code === r.a && type === r.aType) return r.aGoods;
    if (code === r.b && type === r.bType) return r.bGoods;
  } else {
    // No code is '' (one that were would be no goods: lineIsGoods refuses it).
    r.rules = rules;
    r.a = r.b = '';
    r.aGoods = r.bGoods = false;
  }
  const goods = lineIsGoods(rules, line);
  r.b = r.a;
  r.bType = r.aType;
  r.bGoods = r.aGoods;
  r.a = code;
  r.aType = type;
  r.aGoods = goods;
  return goods;
}

function lineIsGoods(rules: RuleSet, line: SaleLine): boolean {
  try {
    return supplyKind(rules, line.taxCode, line.productType) === 'goods';
  } catch {
    return false;
  }
}

/** An amount of the sale's currency as a consignment value. */
function valueOf(party: SaleParty, minorUnits: number, amount: Minor): TaxInput['consignmentValue'] {
  return { amount: formatMinor(amount, minorUnits), currency: party.currency };
}

/** The net of an inclusive line under the decision within a value limit (the import scheme's): what the limit is compared with. */
function netWithin(party: SaleParty, day: number, options: SaleOptions, line: SaleLine, limit: { readonly currency: string }): Minor {
  const within = options.decider(inputOf(party, line, { amount: '0', currency: limit.currency }), day);
  return price(within.lines, line.amount as Minor, 'inclusive').subtotal;
}

/**
 * The inclusive recheck (see the file's comment), for the goods `goods` (indices into `lines`)
 * of one consignment decided as `d`: when `d` puts them at the border under the import
 * scheme's value limit and some are inclusive amounts, the consignment's value at its net (an
 * inclusive line's net under the decision within the limit, an exclusive line's amount), to be
 * decided again; else null (the value stands). A line's error goes to `fail` (then null), or
 * is thrown without it.
 */
function netValue(sale: Sale, options: SaleOptions, goods: readonly number[], d: Decision | null, fail: ((i: number, e: unknown) => void) | null): TaxInput['consignmentValue'] | null {
  const limit = d?.consignmentLimit;
  if (d?.reason !== 'import_vat_at_border' || !limit) return null;
  let sum: Minor = 0;
  let inclusive = false;
  for (const i of goods) {
    const line = sale.lines[i] as SaleLine;
    if (line.amount === null) continue;
    if (line.taxBehavior !== 'inclusive') {
      sum = addMinor(sum, line.amount);
      continue;
    }
    inclusive = true;
    try {
      sum = addMinor(sum, netWithin(sale.party, sale.day, options, line, limit));
    } catch (e) {
      if (fail === null) throw e;
      fail(i, e);
      return null;
    }
  }
  return inclusive ? valueOf(sale.party, sale.minorUnits, sum) : null;
}

/** The amounts of a line under its decision, with the per-article policy of the file's comment (TaxRulesError 422 where a limit refuses). */
function priceLine(party: SaleParty, minorUnits: number, options: SaleOptions, line: SaleLine, i: number, d: Decision): Priced {
  const amount = line.amount as Minor;
  const cap = d.articleCap;
  if (cap === null) return price(d.lines, amount, line.taxBehavior);
  const path = ['lines', i, 'amount'];
  if (cap.apportion && options.limitedBases === true && line.articles !== null) {
    return price(d.lines, amount, line.taxBehavior, { lines: cap.lines, amount: articleLimit(cap, party.currency, minorUnits, party.date, line.articles, path, options.convert) });
  }
  const priced = price(d.lines, amount, line.taxBehavior);
  checkArticleCap(d, line.articles === null ? priced.subtotal : perArticle(priced.subtotal, line.articles), party.currency, minorUnits, party.date, path, options.convert, line.articles);
  return priced;
}

/**
 * A line priced under its decision: under a product category's price limit (price-limit.ts),
 * the decision of its articles' side of it (band, under nested limits), priced as that side says (an excess limit above
 * it: the limited lines on the part above the limit; with a local per-article limit too:
 * refused, 422, as taxrules does not combine them).
 */
function priceChosen(party: SaleParty, minorUnits: number, options: SaleOptions, line: SaleLine, i: number, d: Decision): { readonly decision: Decision; readonly priced: Priced } {
  if (d.priceLimit === null) return { decision: d, priced: priceLine(party, minorUnits, options, line, i, d) };
  // The side of the limit is chosen by the price of the line's articles.
  const path = ['lines', i, 'amount'];
  const side = articleSide(d, line.amount as Minor, line.taxBehavior, line.articles, { currency: party.currency, minorUnits, date: party.date, path, convert: options.convert });
  if (side.excess === null) return { decision: side.decision, priced: priceLine(party, minorUnits, options, line, i, side.decision) };
  if (side.decision.articleCap !== null) {
    const limit = side.decision.priceLimit ?? d.priceLimit;
    throw new TaxRulesError('unprocessable', 422, [{ path, code: 'unprocessable', message: `${side.decision.articleCap.note} The tax of ${limit.what} is charged only on the part of each article's price above ${limit.currency} ${limit.amount}: taxrules does not combine the two limits, and does not answer it` }]);
  }
  return { decision: side.decision, priced: priceExcess(side.decision.lines, line.amount as Minor, line.taxBehavior, side.excess) };
}

/**
 * An error of line i with its issues in the request's terms: the error itself when the map
 * changes none of them (a refusal of the decision names the decision's fields, which a one-line
 * sale's input shares), so that a refusal builds one error, not two.
 */
function mapped(options: SaleOptions, i: number, e: TaxRulesError): TaxRulesError {
  const map = options.issue;
  if (map === undefined) return e;
  const issues = e.issues.map((issue) => map(i, issue));
  return issues.every((issue, k) => issue === e.issues[k]) ? e : new TaxRulesError(e.code, e.status, issues, e.message);
}

/**
 * A line of `amount` (minor units, 0 or more) under a decision taken from the cache, priced
 * as `priceSaleLine` prices it when that is by `price` of the decision's lines alone; null
 * when the sale routine does more, for it to price: a product category's price limit (the
 * side of it chosen by the articles' price), a per-article limit of local taxes (checked or
 * apportioned), a consignment's value read against a limit, import VAT at the border
 * (rechecked on the net). The quick quote (adapters/v20241028.ts) prices through this, so
 * that a rule priced otherwise is priced here, once.
 */
export function priceByLinesAlone(d: Decision, amount: Minor, behavior: TaxBehavior): Priced | null {
  if (d.priceLimit !== null || d.articleCap !== null || d.consignmentLimit !== null || d.reason === 'import_vat_at_border') return null;
  return price(d.lines, amount, behavior);
}

/**
 * The one line of a one-line sale (a quote, `determine`, a calculation of one line), priced
 * (never a delivery charge: one comes with the goods it delivers, in a sale of several lines):
 * the steps of a sale of many lines without their bookkeeping. Throws TaxRulesError, its
 * issues in the request's terms (`options.issue`, line 0). `priceSale` of one line is this.
 */
export function priceSaleLine(party: SaleParty, day: number, minorUnits: number, line: SaleLine, options: SaleOptions): PricedLine {
  options = forCustomer(options);
  try {
    let value = party.consignmentValue;
    // Goods are their own consignment, unless a value is given or the party's amount text is the line's (its default).
    if (value === undefined && party.amount === undefined && line.amount !== null && isGoods(options.rules, line)) value = valueOf(party, minorUnits, line.amount);
    let input = inputOf(party, line, value);
    let d = options.decider(input, day);
    // (Checked first: a quote allocates nothing for the recheck unless it is at the border.)
    const net = party.consignmentValue === undefined && d.reason === 'import_vat_at_border' ? netValue({ party, day, minorUnits, lines: [line] }, options, [0], d, null) : null;
    if (net !== null) {
      input = inputOf(party, line, net);
      d = options.decider(input, day);
    }
    if (line.amount === null) return { input, decision: d, priced: null, first: 0 };
    if (d.priceLimit === null) return { input, decision: d, priced: priceLine(party, minorUnits, options, line, 0, d), first: 0 };
    const chosen = priceChosen(party, minorUnits, options, line, 0, d);
    return { input, decision: chosen.decision, priced: chosen.priced, first: 0 };
  } catch (e) {
    throw e instanceof TaxRulesError ? mapped(options, 0, e) : e;
  }
}

/** The first line of a plan answered by `decision` (under a price limit, its lines may take either side), else `i`. */
function firstWith(w: Work, out: readonly (PricedLine | null)[], plan: Plan, decision: Decision, i: number): number {
  for (let j = plan.first; j < i; j++) if (w.planOf[j] === plan && out[j]?.decision === decision) return j;
  return i;
}

/** A one-line sale priced: an issue is thrown, or added to `options.issues` (the line is then null). */
function priceOne(sale: Sale, options: SaleOptions): PricedSale {
  try {
    const line = priceSaleLine(sale.party, sale.day, sale.minorUnits, sale.lines[0] as SaleLine, options);
    const p = line.priced;
    return { lines: [line], subtotal: p === null ? 0 : p.subtotal, tax: p === null ? 0 : p.tax, total: p === null ? 0 : p.total };
  } catch (e) {
    if (!(e instanceof TaxRulesError) || options.issues === undefined) throw e;
    options.issues.push(...e.issues);
    return { lines: [null], subtotal: 0, tax: 0, total: 0 };
  }
}

/**
 * The consignments whose goods the import scheme's limit put at the border with inclusive
 * amounts, valued again at their nets (an inclusive line's net under the decision within the
 * limit, an exclusive line's amount) and decided again.
 */
function recheckInclusive(w: Work): void {
  for (const c of w.consignments) {
    if (!c.inclusive) continue;
    const border = w.plans.find((p) => p.consignment === c && p.goods && p.decision?.reason === 'import_vat_at_border' && p.decision.consignmentLimit);
    const goods = w.planOf.flatMap((plan, i) => (plan.consignment === c && plan.goods ? [i] : []));
    const net = netValue(w.sale, w.options, goods, border?.decision ?? null, (i, e) => fail(w, i, e));
    if (net === null) continue;
    c.value = net;
    decidePlans(w, c);
  }
}

/**
 * Prices a sale: each line's decision (shared by the lines that differ only in their
 * amounts), its amounts and any limited base, and the sums; a line whose request gives its
 * taxes at those, undecided. Throws TaxRulesError listing every line's issue (the error
 * itself when there is one), unless `options.issues` is given.
 */
export function priceSale(sale: Sale, options: SaleOptions): PricedSale;
export function priceSale(sale: Sale<SaleLine | GivenSaleLine>, options: SaleOptions): PricedSale<SoldLine>;
export function priceSale(sale: Sale<SaleLine | GivenSaleLine>, options: SaleOptions): PricedSale<SoldLine> {
  // Whether a line gives its taxes, and whether one gives its amount before discounts: one pass.
  let given = undecidedExemption(options) !== undefined;
  let list = false;
  const lines = sale.lines;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] as SaleLine | GivenSaleLine;
    if (givenOf(l) !== undefined) given = true;
    if (listOf(l) !== undefined) list = true;
  }
  const sold = given ? priceUndecided(sale, options) : priceDecided(sale as Sale, options);
  return list ? withListNets(sale, sold) : sold;
}

/** Each line priced that gives its amount before discounts, with that amount's net under its taxes (an inclusive amount's: what a document shows as the item's subtotal). */
function withListNets(sale: Sale<SaleLine | GivenSaleLine>, sold: PricedSale<SoldLine>): PricedSale<SoldLine> {
  const lines = sold.lines.map((l, i) => {
    const line = sale.lines[i] as SaleLine | GivenSaleLine;
    const list = listOf(line);
    if (l === null || list === undefined) return l;
    return { ...l, listNet: price(l.decision === null ? l.given : l.decision.lines, list, line.taxBehavior).subtotal };
  });
  return { ...sold, lines };
}

/**
 * A sale some of whose lines are not decided (they give their taxes, or the customer's
 * exemption applies instead of decisions): the others decided as a sale of their own (their
 * issues in the sale's terms), the undecided ones priced at their taxes or at none, the sums
 * of all.
 */
function priceUndecided(sale: Sale<SaleLine | GivenSaleLine>, options: SaleOptions): PricedSale<SoldLine> {
  const exemption = undecidedExemption(options);
  const decided: number[] = [];
  sale.lines.forEach((l, i) => {
    if (givenOf(l) === undefined && exemption === undefined) decided.push(i);
  });
  const note = exemption !== undefined && sale.lines.every((l) => givenOf(l) === undefined) ? [exemptionNote(exemption, null)] : [];
  const map = options.issue;
  const at = (k: number): number => decided[k] as number;
  const issue = (k: number, iss: TaxRulesIssue): TaxRulesIssue =>
    map !== undefined ? map(at(k), iss) : iss.path[0] === 'lines' && iss.path[1] === k ? { ...iss, path: ['lines', at(k), ...iss.path.slice(2)] } : iss;
  const sold = decided.length === 0 ? null : priceDecided({ ...sale, lines: decided.map((i) => sale.lines[i] as SaleLine) }, { ...options, issue });
  const out = new Array<SoldLine | null>(sale.lines.length).fill(null);
  decided.forEach((i, k) => {
    const l = sold?.lines[k] as PricedLine | null;
    out[i] = l === null ? null : { ...l, first: at(l.first) };
  });
  let subtotal: Minor = sold?.subtotal ?? 0;
  let tax: Minor = sold?.tax ?? 0;
  let total: Minor = sold?.total ?? 0;
  sale.lines.forEach((line, i) => {
    const given = givenOf(line);
    if (given === undefined && exemption === undefined) return;
    const priced = line.amount === null ? null : price(given ?? [], line.amount, line.taxBehavior);
    if (priced !== null) {
      subtotal = addMinor(subtotal, priced.subtotal);
      tax = addMinor(tax, priced.tax);
      total = addMinor(total, priced.total);
    }
    out[i] = given !== undefined ? { decision: null, given, priced, status: null, notes: [] } : { decision: null, given: [], priced, status: exemptStatus(exemption as CustomerExemption), notes: note };
  });
  return { lines: out, subtotal, tax, total };
}

/** A sale whose lines are all decided, priced (see priceSale). */
function priceDecided(sale: Sale, options: SaleOptions): PricedSale {
  const n = sale.lines.length;
  if (n === 1) return priceOne(sale, options); // priceSaleLine applies the customer's status
  options = forCustomer(options);
  const w: Work = { sale, options, planOf: new Array<Plan>(n), plans: [], consignments: [], issues: null, error: null, errors: 0 };
  for (let i = 0; i < n; i++) planLine(w, i);
  // A consignment value given is every line's; else the goods to each country are one consignment.
  const given = sale.party.consignmentValue;
  for (const c of w.consignments) c.value = given !== undefined ? given : c.sum === null ? undefined : valueOf(sale.party, sale.minorUnits, c.sum);
  decidePlans(w, null);
  if (given === undefined) recheckInclusive(w);

  const out: (PricedLine | null)[] = new Array<PricedLine | null>(n);
  for (let i = 0; i < n; i++) {
    const plan = w.planOf[i] as Plan;
    const d = plan.decision;
    const line = sale.lines[i] as SaleLine;
    out[i] = null;
    if (d === null) continue;
    let priced: Priced | null = null;
    let decision = d;
    if (line.amount !== null) {
      try {
        if (d.priceLimit === null) priced = priceLine(sale.party, sale.minorUnits, options, line, i, d);
        else ({ decision, priced } = priceChosen(sale.party, sale.minorUnits, options, line, i, d));
      } catch (e) {
        fail(w, i, e);
        continue;
      }
    }
    // A line a price limit answered otherwise than its plan's decision shares it with no line before it.
    out[i] = { input: plan.input as TaxInput, decision, priced, first: d.priceLimit === null ? plan.first : firstWith(w, out, plan, decision, i) };
  }
  if (w.issues !== null) {
    if (options.issues !== undefined) options.issues.push(...w.issues);
    else if (w.errors === 1 && w.error !== null) throw new TaxRulesError(w.error.code, w.error.status, w.issues, w.error.message);
    else throw errorFromIssues(w.issues);
  }
  // Only delivery charges are pooled: a sale without one is summed as priced.
  return summed(out, sale.lines.some(isDelivery) ? pooledDeliveries(sale.lines, out) : null);
}

/** The priced lines at their amounts (a delivery charge's pooled per tax and rate: see pooledDeliveries; null: as priced), and their sums. */
function summed(out: (PricedLine | null)[], amounts: readonly (Priced | null)[] | null): PricedSale {
  let subtotal: Minor = 0;
  let tax: Minor = 0;
  let total: Minor = 0;
  for (let i = 0; i < out.length; i++) {
    const line = out[i];
    if (line === null || line === undefined) continue;
    const priced = amounts === null ? line.priced : (amounts[i] ?? null);
    if (priced !== line.priced) out[i] = { ...line, priced };
    if (priced === null) continue;
    subtotal = addMinor(subtotal, priced.subtotal);
    tax = addMinor(tax, priced.tax);
    total = addMinor(total, priced.total);
  }
  return { lines: out, subtotal, tax, total };
}
