/**
 * A v20241028 sale handed to the sale routine in one call (core/document-sale.ts): the items to
 * one country are one sale, each item a line at its place (an item that gives its taxes at
 * those), the coupon and the shipping cost shared between them there. A contact with its own
 * tax status (exempt, or reverse charge) makes one sale of every item, its status the sale's
 * exemption instead of decisions, so that an item is charged only the tax its request gives.
 * Each item's taxes are then rounded half up on their own, as `calculate` rounds a line, the
 * decision the one `calculateTaxRate` makes for the item's country, region, the customer's
 * postal code (or, for a product taxed in its own country, none), tax code and date.
 */
import type { Address } from '../../core/types.js';
import { dayNumber } from '../../core/dates.js';
import type { TaxRulesIssue } from '../../core/errors.js';
import { canonicalCountry } from '../../core/location.js';
import { formatMinor } from '../../core/money.js';
import type { Coupon, CouponRefusal } from '../../core/discount.js';
import { priceDocumentSale, type DocumentLine, type DocumentSale, type PricedDocument } from '../../core/document-sale.js';
import { sellerAddressOn, type PreparedAccount } from '../../adapters/account.js';
import type { Engine } from '../../adapters/engine.js';
import { offlineTaxIdVerdict } from '../../taxid/index.js';
import type { DocumentOptions } from './read.js';
import { verdictOfOption } from '../../adapters/v20260309.js';
import type { TransactionRequestOutput } from './request.js';
import { shippingRefusal } from './shipping.js';
import type { Path, PricedItem, ReadSale } from './items.js';

/**
 * Where an item is taxed: its tax country and region, with the postal code, city and street
 * of the shipping address or the customer when they are in that country — unless its product
 * is taxed in its own country (`tax_based_on: country`), whose place no address of the
 * customer's tells.
 */
function destinationOf(req: TransactionRequestOutput, engine: Engine, p: PricedItem): { address: Address; postalFrom: Path | null } {
  const same = (c: string | undefined): boolean => c !== undefined && canonicalCountry(engine.rules, c) === p.country;
  const ship = req.shipping_address;
  const customer = req.customer;
  const street = (a: { street_line_1?: string | null | undefined; street_line_2?: string | null | undefined }): string | undefined => [a.street_line_1, a.street_line_2].filter(Boolean).join(', ') || undefined;
  // Every field set: a field left out would read from a polluted Object.prototype.
  const address: Address = { country: p.item.tax.country, region: p.item.tax.region, postalCode: undefined, city: undefined, street: undefined };
  // A product taxed where it is (an event's admission): the customer's address is not its place.
  if (p.productPlace) return { address, postalFrom: null };
  if (ship !== undefined && same(ship.country) && ship.postal_code !== undefined) {
    return { address: { ...address, postalCode: ship.postal_code, city: ship.city, street: street(ship) }, postalFrom: ['shipping_address', 'postal_code'] };
  }
  if (customer !== undefined && same(customer.country) && customer.postal_code) {
    return { address: { ...address, postalCode: customer.postal_code, city: customer.city ?? undefined, street: street(customer) }, postalFrom: ['customer', 'postal_code'] };
  }
  return { address, postalFrom: null };
}

/** The engine's paths in the request's terms. */
function requestPath(path: readonly (string | number)[], itemPath: Path, postalFrom: Path | null): Path {
  switch (path.join('.')) {
    case 'destination.postalCode':
      return postalFrom ?? [...itemPath, 'tax', 'country'];
    case 'destination.region':
      return [...itemPath, 'tax', 'region'];
    case 'destination.country':
      return [...itemPath, 'tax', 'country'];
    case 'date':
      return ['date'];
    case 'currency':
      return ['currency'];
    default:
      return [...itemPath, 'tax', ...path.map(String)];
  }
}

/**
 * Each item's line of the document's sale before discounts, at its destination: items to one
 * place share one address, and so their decision (a product's own place is not the customer's
 * address); under the contact's exemption nothing is decided, and a place is the item's tax
 * country and region. A US item without a postal code whose taxes the rules give is `skipped`,
 * its issue added to `skips`: its local taxes cannot be found.
 */
function documentLines(req: TransactionRequestOutput, engine: Engine, read: ReadSale, skips: TaxRulesIssue[]): { lines: DocumentLine[]; postalFrom: (Path | null)[] } {
  const places = new Map<string, Address>();
  const exempt = read.exemption !== undefined;
  const postalFrom: (Path | null)[] = [];
  const lines = read.items.map((p, k): DocumentLine => {
    const { address, postalFrom: from } = exempt ? { address: { country: p.country, region: p.item.tax.region }, postalFrom: null } : destinationOf(req, engine, p);
    const key = `${address.country}\u0000${address.region ?? ''}${exempt ? '' : `\u0000${p.productPlace}`}`;
    const destination = places.get(key) ?? address;
    places.set(key, destination);
    postalFrom.push(from);
    const skipped = !exempt && p.given === null && p.country === 'US' && address.postalCode === undefined;
    if (skipped) {
      skips.push(
        p.productPlace
          ? { path: ['items', k, 'tax'], code: 'missing', message: `items.${k}: its product is taxed in the US where it is (tax_based_on: country), at a ZIP code's state and local rates that no product gives: give the item's tax (name and rate)` }
          : { path: ['shipping_address', 'postal_code'], code: 'missing', message: `items.${k}: a US sale is taxed at the ZIP code's state and local rates: give shipping_address (or customer) with country US and postal_code, or the item's tax` },
      );
    }
    const { subtotal: amount, quantity: articles, taxCode, productType, discountUnits, given, country } = p;
    return { amount, articles, taxCode, productType, taxBehavior: p.inclusive ? 'inclusive' : 'exclusive', destination, discountUnits, given, country, skipped };
  });
  return { lines, postalFrom };
}

/** Why the coupon's amount is not shared among the items (core/discount.ts), in the request's terms. */
function couponIssue(refused: CouponRefusal, coupon: Coupon, minorUnits: number): TaxRulesIssue {
  const path = ['options', 'coupon', 'amount'];
  if (refused.why === 'mixed') return { path, code: 'unprocessable', message: 'options.coupon.amount cannot be shared among items priced with tax included and items priced net: give the coupon as a percent' };
  const amount = (coupon as { readonly amount: bigint }).amount;
  return { path, code: 'unprocessable', message: `options.coupon.amount ${formatMinor(amount, minorUnits)} is more than the items' net amount ${formatMinor(refused.total, minorUnits)}` };
}

/**
 * The document's sale handed to the sale routine in one call (core/document-sale.ts): its
 * items, coupon and shipping cost; the read's issues in `issues` (the coupon's refusal put
 * among them where the request reads it), so that nothing is priced for a request with any.
 * Null then; else what the sale routine answers, the items it left out listed first.
 */
export function priceDocument(req: TransactionRequestOutput, seller: PreparedAccount, o: DocumentOptions, engine: Engine, read: ReadSale, issues: TaxRulesIssue[]): PricedDocument | null {
  const exempt = read.exemption !== undefined;
  const skips: TaxRulesIssue[] = [];
  const { lines, postalFrom } = documentLines(req, engine, read, skips);
  const taxId = req.customer?.tax_id ?? undefined;
  const sale: DocumentSale = {
    party: () => {
      const own = sellerAddressOn(seller, read.date);
      return { date: read.date, origin: own.origin, ...(own.ref ? { sellerAddress: own.ref } : {}), currency: read.currency, registrations: seller.registrations };
    },
    day: dayNumber(read.date),
    minorUnits: read.minorUnits,
    lines,
    coupon: read.coupon,
    delivery: read.shipping,
    customerTaxId: (country) => (taxId ? { value: taxId, verdict: o.taxIdVerdict ? verdictOfOption(o.taxIdVerdict, country, taxId) : offlineTaxIdVerdict(country, taxId) } : undefined),
  };
  const issue = (k: number, iss: TaxRulesIssue): TaxRulesIssue => {
    if (k >= lines.length) return iss.path[0] === 'shipping_cost' ? iss : { ...iss, path: ['shipping_cost'], message: `shipping_cost: ${iss.message}` };
    const itemPath: Path = ['items', k];
    const path = iss.path[0] === 'lines' ? [...itemPath, ...iss.path.slice(2)] : requestPath(iss.path, itemPath, postalFrom[k] ?? null);
    return { ...iss, path, message: `${itemPath.join('.')}: ${iss.message}` };
  };
  // Under the contact's exemption nothing is decided: every line is priced at the taxes it gives, or at none.
  const priced = priceDocumentSale(sale, {
    rules: engine.rules,
    decider: engine.decider(o.cache),
    convert: engine.convert,
    issues,
    issue,
    exemption: read.exemption,
    undecidedExemption: exempt,
    refuseCoupon: (r) => issues.splice(read.couponAt, 0, couponIssue(r, read.coupon as Coupon, read.minorUnits)),
    refuseDelivery: shippingRefusal,
  });
  if (priced !== null) issues.unshift(...skips);
  return priced;
}
