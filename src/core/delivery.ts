/**
 * Delivery charges: what a seller charges for delivering the goods it sells (shipping and
 * handling), stated apart from them. A charge is shared between the goods of the sale in
 * proportion to their amounts (`deliveryShares`) and becomes lines of the sale, one per place
 * and codes of the goods it is shared with (`deliveryLines`). A delivery charge is decided as
 * the goods it delivers are (the same place, the same taxes), then each tax treats it as its rules say
 * (`delivery` of the tax in the rules, else of its regime): `follows_goods` keeps the
 * goods' treatment (VAT: part of the taxable amount of the supply; most US states: part of
 * the sales price), `exempt_if_separately_stated` and `not_taxable` charge nothing. A tax
 * without a rule is refused (422): a delivery charge is never taxed by a guess.
 */
import type { CompiledDelivery, CompiledJurisdiction, CompiledTax, RuleSet } from './compiled.js';
import { inForce } from './ruleset.js';
import type { Address, Decision, ProductType, TaxBehavior, TaxCodeId, TaxLine } from './types.js';
import { frozen } from './draft.js';
import { TaxRulesError } from './errors.js';
import { zeroedLine } from './exemption.js';
import { apportion, normalMinor, type Minor } from './money.js';
import { price, type Priced } from './pricing.js';
import { isGoods } from './taxability.js';

/** The tax a decision's line is of, when the rules have its jurisdiction (a US local line's is the state's tax, found through the main line). */
function taxOf(rules: RuleSet, line: TaxLine): { tax: CompiledTax; jurisdiction: CompiledJurisdiction } | null {
  const j = line.jurisdiction.id === null ? undefined : rules.jurisdictions.get(line.jurisdiction.id);
  if (!j) return null;
  const tax = j.taxes.find((t) => t.name === line.name && t.role === line.group) ?? j.taxes.find((t) => t.role === line.group);
  return tax ? { tax, jurisdiction: j } : null;
}

/** The delivery rule of a tax on a day: its own, else its regime's (the country's membership on that day). */
function ruleOf(tax: CompiledTax, j: CompiledJurisdiction, day: number): CompiledDelivery | undefined {
  const own = inForce(tax.delivery, day);
  if (own !== undefined || tax.delivery.length > 0) return own;
  const membership = j.home?.regimes.find((m) => m.from <= day && day <= m.until);
  return membership ? inForce(membership.regime.delivery, day) : undefined;
}

/** The refusal of a delivery charge under a tax without a rule for it on the day (422). */
function noRule(line: TaxLine, date: string): TaxRulesError {
  return new TaxRulesError('unprocessable', 422, [
    {
      path: ['shipping_cost'],
      code: 'unprocessable',
      message: `taxrules has no rule yet for delivery charges under ${line.name} in ${line.jurisdiction.name} on ${date}: leave shipping_cost out and send the delivery as a line with the goods' tax code where it is taxed as the goods`,
    },
  ]);
}

/** The refusal of a delivery charge of goods whose tax depends on each article's price (a product category's price limit, 422). */
function pricedByArticle(d: Decision, date: string): TaxRulesError {
  const limit = d.priceLimit as NonNullable<Decision['priceLimit']>;
  return new TaxRulesError('unprocessable', 422, [
    {
      path: ['shipping_cost'],
      code: 'unprocessable',
      message: `the tax of ${limit.what} depends on each article's price (a limit of ${limit.currency} ${limit.amount}) on ${date}, which a delivery charge shared between the goods does not have: taxrules does not answer it; leave shipping_cost out and add the delivery to the price of the goods it delivers`,
    },
  ]);
}

/**
 * The decision for a delivery charge of goods decided as `d` (see the module's comment). A
 * decision that charges nothing is the delivery charge's too. Throws TaxRulesError 422 when
 * a tax the goods are charged has no rule for delivery charges on that day.
 */
export function deliveryDecision(d: Decision, rules: RuleSet, day: number, date: string): Decision {
  if (d.priceLimit !== null) throw pricedByArticle(d, date);
  if (d.status !== 'taxable') return d;
  const main = d.lines.find((l) => l.group === 'main') ?? d.lines[0];
  if (!main) return d;
  const mainTax = taxOf(rules, main);
  const mainRule = mainTax ? ruleOf(mainTax.tax, mainTax.jurisdiction, day) : undefined;
  if (!mainTax || !mainRule) throw noRule(main, date);
  const notes = [...d.notes];
  let charged = false;
  let changed = false;
  const lines = d.lines.map((line) => {
    // A line of a tax with a rule of its own (British Columbia's PST) follows it; the others (US local taxes) the main tax's.
    // A second tax's rule is its own only: its regime's is the main tax's (Canada's GST/HST), never a province's.
    const own = line === main ? null : taxOf(rules, line);
    const ownRule = own && own.tax !== mainTax.tax ? (line.group === 'additional' ? inForce(own.tax.delivery, day) : ruleOf(own.tax, own.jurisdiction, day)) : undefined;
    // A second tax of the sale (a province's PST) without a rule of its own is not taxed by the main tax's rule: refused.
    if (ownRule === undefined && line.group === 'additional') throw noRule(line, date);
    const rule = ownRule ?? mainRule;
    if (rule.treatment === 'follows_goods') {
      charged = true;
      return line;
    }
    changed = true;
    return zeroedLine(line);
  });
  const text = (r: typeof mainRule): string =>
    r.treatment === 'follows_goods'
      ? `Delivery charges are part of the price of the goods: ${main.name} is charged on them as on the goods.`
      : `${main.name} is not charged on delivery charges stated apart from the goods${r.conditions ? ` (${r.conditions.replace(/[.]$/, '')})` : ''}.`;
  notes.push(text(mainRule));
  if (mainRule.note) notes.push(mainRule.note);
  // A per-article limit (Florida's surtax) is of the goods' articles: a delivery charge is none.
  if (!changed) return frozen({ ...d, notes, articleCap: null });
  return frozen({ ...d, status: charged ? 'taxable' : 'non_taxable', reason: charged ? d.reason : 'delivery_not_taxable', lines, notes, articleCap: null });
}

/**
 * A delivery charge shared in proportion to its goods' amounts (a negative amount weighs 0):
 * each share rounded down to the minor unit, the units left to the largest remainders, the
 * earlier first on a tie; all of it to the first when the amounts add up to 0. The shares add
 * up to the charge.
 */
export function deliveryShares(total: bigint, amounts: readonly bigint[]): bigint[] {
  const weights = amounts.map((a) => (a > 0n ? a : 0n));
  const shares = apportion(total, weights);
  if (weights.every((w) => w === 0n)) shares[0] = total;
  return shares;
}

/** What a delivery charge reads of a sale's line (core/sale.ts's SaleLine). */
export interface GoodsLine {
  readonly amount: Minor | null;
  readonly taxCode: TaxCodeId;
  readonly productType: ProductType;
  readonly taxBehavior: TaxBehavior;
  readonly destination?: Address | undefined;
  /** The taxes the line's request gives, when it gives them. */
  readonly given?: unknown;
}

/** A delivery charge's line of a sale (a SaleLine), with the first goods line it is shared with (whose place and codes it has). */
export interface DeliveryLine {
  readonly line: {
    readonly amount: Minor;
    readonly articles: null;
    readonly taxCode: TaxCodeId;
    readonly productType: ProductType;
    readonly taxBehavior: TaxBehavior;
    readonly destination: Address | undefined;
    readonly delivery: true;
  };
  readonly first: number;
}

/** Why a charge cannot be shared: no goods; goods (line `at`) that give their own tax, whose delivery rule is the request's to give; goods priced both net and with tax included, whose amounts are not in proportion. */
export type DeliveryRefusal = { readonly why: 'no_goods' } | { readonly why: 'given'; readonly at: number } | { readonly why: 'mixed' };

export interface DeliveryOptions {
  /** Whether the charge is net or gross. */
  readonly behavior: TaxBehavior;
  /** One line per place only, with the codes of its first goods (a sale nothing is decided for); default one per place, tax code and product type. */
  readonly byPlace?: boolean | undefined;
  /** Goods priced both net and with tax included refused (a document's: its items show one behaviour); default allowed. */
  readonly oneBehavior?: boolean | undefined;
  /** Goods that share nothing (an amount of 0 among others) open no line of their own; default they do. */
  readonly skipEmpty?: boolean | undefined;
  /** The refusal (422) in the request's terms. */
  readonly refuse: (r: DeliveryRefusal) => TaxRulesError;
}

/**
 * A delivery charge as lines of the sale of `lines`: shared between its goods lines in
 * proportion to their amounts (`deliveryShares`), one line per place (`destination`) and tax
 * code and product type of the goods it is shared with, decided as those goods and then by
 * the taxes' delivery rules (see `deliveryDecision`). Refused (`options.refuse`) without goods
 * and with goods that give their own tax.
 */
export function deliveryLines(lines: readonly GoodsLine[], charge: Minor, rules: RuleSet, options: DeliveryOptions): DeliveryLine[] {
  // An option or field left out is read as left out, whatever Object.prototype holds.
  const set = (key: 'byPlace' | 'oneBehavior' | 'skipEmpty'): boolean => Object.hasOwn(options, key) && options[key] === true;
  const place = (l: GoodsLine): Address | undefined => (Object.hasOwn(l, 'destination') ? l.destination : undefined);
  const goods = lines.flatMap((l, i) => (isGoods(rules, l.taxCode, l.productType) ? [i] : []));
  if (goods.length === 0) throw options.refuse({ why: 'no_goods' });
  const own = goods.find((i) => Object.hasOwn(lines[i] as GoodsLine, 'given') && (lines[i] as GoodsLine).given !== undefined);
  if (own !== undefined) throw options.refuse({ why: 'given', at: own });
  const inclusive = (i: number): boolean => (lines[i] as GoodsLine).taxBehavior === 'inclusive';
  if (set('oneBehavior') && goods.some(inclusive) && !goods.every(inclusive)) throw options.refuse({ why: 'mixed' });
  const shares = deliveryShares(BigInt(charge), goods.map((i) => BigInt((lines[i] as GoodsLine).amount ?? 0)));
  const out: { first: number; amount: bigint }[] = [];
  goods.forEach((i, k) => {
    const share = shares[k] as bigint;
    if (share === 0n && set('skipEmpty')) return;
    const l = lines[i] as GoodsLine;
    const group = out.find((g) => {
      const o = lines[g.first] as GoodsLine;
      return place(o) === place(l) && (set('byPlace') || (o.taxCode === l.taxCode && o.productType === l.productType));
    });
    if (group === undefined) out.push({ first: i, amount: share });
    else group.amount += share;
  });
  return out.map(({ first, amount }) => {
    const l = lines[first] as GoodsLine;
    return { first, line: { amount: normalMinor(amount), articles: null, taxCode: l.taxCode, productType: l.productType, taxBehavior: options.behavior, destination: place(l), delivery: true } };
  });
}

/** What pooling reads of a sale's line (core/sale.ts's SaleLine). */
export interface ChargedLine {
  readonly amount: Minor | null;
  readonly taxBehavior: TaxBehavior;
  /** A delivery charge's line (see deliveryLines). */
  readonly delivery: boolean;
}

/** What pooling reads of a priced line (core/sale.ts's PricedLine). */
export interface ChargedPrice {
  readonly decision: Decision;
  readonly priced: Priced | null;
}

/** The taxes a decision charges, each with its jurisdiction, rate and taxable part, in its lines' order: two decisions with the same key price an amount alike. */
function taxesKey(d: Decision): string {
  return d.lines.map((l) => `${l.jurisdiction.id ?? l.jurisdiction.name}|${l.name}|${l.group}|${l.rateUnits}|${l.partUnits}`).join(';');
}

/**
 * A delivery charge rounded per tax and rate. Its lines are one per tax code and product type
 * of the goods it delivers (deliveryLines), but its tax depends on the taxes and rates of
 * those goods only, never on their codes' labels: the delivery lines whose decisions charge
 * the same taxes at the same rates (Denmark's reduced code, taxed at its standard 25 %, as
 * the standard code) are priced as one amount, whose taxes are shared between them in
 * proportion to their amounts (apportion: the shares add up to each tax). Answers each line's
 * amounts: the pooled ones, else those it was priced at.
 */
export function pooledDeliveries(lines: readonly ChargedLine[], priced: readonly (ChargedPrice | null)[]): (Priced | null)[] {
  const out = priced.map((p) => p?.priced ?? null);
  const pools = new Map<string, number[]>();
  lines.forEach((l, i) => {
    const p = priced[i];
    // A line with a limited base is none of a delivery charge's (deliveryDecision drops the limits); a negative amount is not shared.
    if (l.delivery !== true || p === null || p === undefined || p.priced === null || p.priced.bases !== null || l.amount === null || l.amount < 0) return;
    const key = `${l.taxBehavior}/${taxesKey(p.decision)}`;
    const pool = pools.get(key);
    if (pool === undefined) pools.set(key, [i]);
    else pool.push(i);
  });
  for (const pool of pools.values()) {
    if (pool.length < 2) continue;
    const first = lines[pool[0] as number] as ChargedLine;
    const amounts = pool.map((i) => BigInt((lines[i] as ChargedLine).amount as Minor));
    const whole = price((priced[pool[0] as number] as ChargedPrice).decision.lines, normalMinor(amounts.reduce((a, b) => a + b, 0n)), first.taxBehavior);
    const shares = whole.taxes.map((t) => apportion(BigInt(t), amounts));
    pool.forEach((i, k) => {
      const taxes = shares.map((s) => s[k] as bigint);
      const tax = taxes.reduce((a, b) => a + b, 0n);
      const amount = amounts[k] as bigint;
      const net = first.taxBehavior === 'inclusive' ? amount - tax : amount;
      out[i] = { taxes: taxes.map(normalMinor), tax: normalMinor(tax), subtotal: normalMinor(net), total: normalMinor(net + tax), bases: null };
    });
  }
  return out;
}
