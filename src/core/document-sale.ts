/**
 * A v20241028 document's sale priced in one call: its items' discounts (each item's own, then
 * its share of the coupon: discount.ts), its delivery charge shared between the goods
 * (delivery.ts), the items to one country priced as one sale (the customer's tax ID checked for
 * that country, its goods one consignment; under an exemption that applies instead of
 * decisions, every item one sale) by the sale routine, each line answered with its taxes
 * folded as that version reports them (determine.ts, priceFoldedSale). The document parses its
 * request into this sale and renders what comes back; it prices nothing itself.
 */
import type { Address, TaxInput } from './types.js';
import type { TaxRulesError, TaxRulesIssue } from './errors.js';
import { normalMinor } from './money.js';
import { discountsOf, type Coupon, type CouponRefusal, type Discounts } from './discount.js';
import { deliveryLines, type DeliveryLine, type DeliveryRefusal } from './delivery.js';
import { priceFoldedSale, type FoldedSoldLine } from './determine.js';
import type { GivenSaleLine, GivenTax, Sale, SaleLine, SaleOptions, SaleParty } from './sale.js';

/** A tax the request gives a line, without its group: the main one, or the additional one. */
export type GivenPair = { readonly main: Omit<GivenTax, 'group'>; readonly additional: Omit<GivenTax, 'group'> | null };

/** An item of the document before its discounts. */
export interface DocumentLine {
  /** Its subtotal before discounts: net, or gross with `taxBehavior` `inclusive`. */
  readonly amount: bigint;
  readonly articles: number;
  readonly taxCode: SaleLine['taxCode'];
  readonly productType: SaleLine['productType'];
  readonly taxBehavior: SaleLine['taxBehavior'];
  /** Where it is taxed: items to one place share one address (and so their decision). */
  readonly destination: Address;
  /** Its own discount, in rate units. */
  readonly discountUnits: number;
  /** The taxes its request gives, or null for the rules'. */
  readonly given: GivenPair | null;
  /** The country whose sale it is in. */
  readonly country: string;
  /** Left out of its sale, its issue listed by the document (a US item without a ZIP code): priced as nothing. */
  readonly skipped: boolean;
}

export interface DocumentSale {
  /** What the sales share: date, seller, currency, registrations (asked only for a sale that is priced). */
  readonly party: () => Omit<SaleParty, 'destination' | 'customerTaxId'>;
  readonly day: number;
  readonly minorUnits: number;
  readonly lines: readonly DocumentLine[];
  readonly coupon: Coupon | null;
  /** The delivery charge in minor units (net, or gross with `inclusive`), or null. */
  readonly delivery: { readonly amount: bigint; readonly inclusive: boolean } | null;
  /** The customer's tax ID as the sale to `country` checks it; undefined without one. */
  readonly customerTaxId: (country: string) => TaxInput['customerTaxId'];
}

export interface DocumentSaleOptions extends SaleOptions {
  /** The request's issues so far: the coupon's refusal is added (refuseCoupon), and a sale with any is not priced. */
  readonly issues: TaxRulesIssue[];
  /** A coupon that cannot be shared, as the document lists it. */
  readonly refuseCoupon: (r: CouponRefusal) => void;
  /** A delivery charge that cannot be shared, in the request's terms (thrown). */
  readonly refuseDelivery: (r: DeliveryRefusal) => TaxRulesError;
  /** An issue of line `k` (an item's; `lines.length + n` for the n-th line of the delivery charge) in the request's terms. */
  readonly issue: (k: number, issue: TaxRulesIssue) => TaxRulesIssue;
}

/** A line of the delivery charge, with its goods' place and codes, and its line once priced (null for a sale that failed). */
export type PricedDelivery = DeliveryLine & { priced: FoldedSoldLine | null };

/** The document's sale priced: each item's discounts, each item's line (null: skipped, or with an issue), the delivery charge's lines. */
export interface PricedDocument {
  readonly discounts: Discounts;
  readonly lines: readonly (FoldedSoldLine | null)[];
  readonly deliveries: readonly PricedDelivery[];
}

/** An item's line of its sale, on its amount after discounts (an item that gives its taxes at those). */
function lineOf(l: DocumentLine, due: bigint): SaleLine | GivenSaleLine {
  const line: SaleLine = { amount: normalMinor(due), articles: l.articles, taxCode: l.taxCode, productType: l.productType, taxBehavior: l.taxBehavior, destination: l.destination, delivery: false };
  // A discounted item priced with tax included shows the net of its gross subtotal too.
  const listed = l.taxBehavior === 'inclusive' && due !== l.amount ? { ...line, listAmount: normalMinor(l.amount) } : line;
  if (l.given === null) return listed;
  const given: GivenTax[] = [{ group: 'main', ...l.given.main }];
  if (l.given.additional !== null) given.push({ group: 'additional', ...l.given.additional });
  return { ...listed, given };
}

/**
 * The document's sale priced, or null when the request has issues (the coupon's refusal among
 * them): the delivery charge shared between the goods (one line per place and codes of the
 * goods, per place only under an exemption that applies instead of decisions), each line in
 * its goods' sale (none with goods skipped).
 */
export function priceDocumentSale(sale: DocumentSale, options: DocumentSaleOptions): PricedDocument | null {
  const discounts = discountsOf(sale.lines.map((l) => ({ amount: l.amount, discountUnits: l.discountUnits, inclusive: l.taxBehavior === 'inclusive' })), sale.coupon);
  if (discounts.refused !== null) options.refuseCoupon(discounts.refused);
  if (options.issues.length > 0) return null;
  const undecided = options.undecidedExemption === true && Object.hasOwn(options, 'undecidedExemption');
  const lines = sale.lines.map((l, k) => lineOf(l, l.amount - (discounts.own[k] as bigint) - (discounts.coupon[k] as bigint)));
  const charge = sale.delivery;
  const deliveries: PricedDelivery[] =
    charge === null
      ? []
      : deliveryLines(lines, normalMinor(charge.amount), options.rules, { behavior: charge.inclusive ? 'inclusive' : 'exclusive', byPlace: undecided, oneBehavior: true, skipEmpty: true, refuse: options.refuseDelivery }).map((d) => ({ ...d, priced: null }));
  // Each sale's lines by their index in the document: items, then the delivery charge's.
  const sales = new Map<string, number[]>();
  const place = (k: number): void => {
    const l = sale.lines[k < lines.length ? k : (deliveries[k - lines.length] as PricedDelivery).first] as DocumentLine;
    if (l.skipped) return;
    const key = undecided ? '' : l.country;
    const group = sales.get(key);
    if (group === undefined) sales.set(key, [k]);
    else group.push(k);
  };
  lines.forEach((_, k) => place(k));
  deliveries.forEach((_, n) => place(lines.length + n));
  const line = (k: number): SaleLine | GivenSaleLine => (k < lines.length ? (lines[k] as SaleLine) : (deliveries[k - lines.length] as PricedDelivery).line);
  const out = new Array<FoldedSoldLine | null>(lines.length).fill(null);
  const shared = sale.party();
  for (const [country, group] of sales) {
    const own = group.map(line);
    // The tax ID is checked for a decision only (lines that give their taxes need none).
    const decided = !undecided && own.some((l) => !Object.hasOwn(l, 'given'));
    const party: SaleParty = { ...shared, destination: own[0]?.destination as Address, customerTaxId: decided ? sale.customerTaxId(country) : undefined };
    const priced: Sale<SaleLine | GivenSaleLine> = { party, day: sale.day, minorUnits: sale.minorUnits, lines: own };
    const sold = priceFoldedSale(priced, { ...options, issue: (i, iss) => options.issue(group[i] as number, iss) });
    group.forEach((k, i) => {
      if (k < lines.length) out[k] = sold[i] ?? null;
      else (deliveries[k - lines.length] as PricedDelivery).priced = sold[i] ?? null;
    });
  }
  return { discounts, lines: out, deliveries };
}

