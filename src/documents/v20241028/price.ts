/**
 * A v20241028 sale handed to the sale routine (core/sale.ts, `priceSale`): the items to one
 * country are one sale, each item a line at its place (an item that gives its taxes at those),
 * the shipping cost shared between the goods (core/delivery.ts). A contact with its own tax
 * status (exempt, or reverse charge) makes one sale of every item, its status the sale's
 * exemption instead of decisions, so that an item is charged only the tax its request gives.
 * Each item's taxes are then rounded half up on their own, as `calculate` rounds a line, the
 * decision the one `calculateTaxRate` makes for the item's country, region, the customer's
 * postal code (or, for a product taxed in its own country, none), tax code and date.
 */
import type { Address } from '../../core/types.js';
import { dayNumber } from '../../core/dates.js';
import type { TaxRulesIssue } from '../../core/errors.js';
import { canonicalCountry } from '../../core/location.js';
import { normalMinor } from '../../core/money.js';
import type { GivenSaleLine, GivenTax, Sale, SaleLine, SaleParty } from '../../core/sale.js';
import { priceFoldedSale, type FoldedSoldLine } from '../../core/determine.js';
import { sellerAddressOn, type PreparedAccount } from '../../adapters/account.js';
import type { Engine } from '../../adapters/engine.js';
import { offlineTaxIdVerdict } from '../../taxid/index.js';
import type { DocumentOptions } from './read.js';
import { verdictOfOption } from '../../adapters/v20260309.js';
import type { TransactionRequestOutput } from './request.js';
import { shippingRefusal } from './shipping.js';
import { deliveryLines, type DeliveryLine } from '../../core/delivery.js';
import { dueOf, type Path, type PricedItem, type ReadSale } from './items.js';

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

/** A line of a sale: an item's (`k` its position) or a share of the shipping cost's (`k` -1 - its group's). */
interface EngineItem {
  readonly k: number;
  readonly line: SaleLine | GivenSaleLine;
  readonly postalFrom: Path | null;
}

/**
 * The shares of the shipping cost with goods of one place (and tax code and product type, when
 * they are decided): its line of the sale with the first goods item it is shared with (whose
 * place and codes it has), and one item of the document; `priced`, its line of the sale once
 * priced (null for a sale that failed).
 */
export type ShippingGroup = DeliveryLine & { priced: FoldedSoldLine | null };

/** An item's line of the sale to `destination` (an item that gives its taxes: at those), on its amount after discounts. */
function itemLine(read: ReadSale, k: number, destination: Address): SaleLine | GivenSaleLine {
  const p = read.items[k] as PricedItem;
  const due = dueOf(read, k);
  const line: SaleLine = { amount: normalMinor(due), articles: p.quantity, taxCode: p.taxCode, productType: p.productType, taxBehavior: p.inclusive ? 'inclusive' : 'exclusive', destination, delivery: false };
  // A discounted item priced with tax included shows the net of its gross subtotal too (render.ts, netParts).
  const listed = p.inclusive && due !== p.subtotal ? { ...line, listAmount: normalMinor(p.subtotal) } : line;
  if (p.given === null) return listed;
  const given: GivenTax[] = [{ group: 'main', ...p.given.main }];
  if (p.given.additional !== null) given.push({ group: 'additional', ...p.given.additional });
  return { ...listed, given };
}

/**
 * Each item's line of its sale, at its destination: items to one place share one address, and
 * so their decision (a product's own place is not the customer's address); under the contact's
 * exemption nothing is decided, and a place is the item's tax country and region. A US item
 * without a postal code whose taxes the rules give is `skipped`, an issue added: its local
 * taxes cannot be found.
 */
function itemLines(req: TransactionRequestOutput, engine: Engine, read: ReadSale, issues: TaxRulesIssue[]): (EngineItem & { readonly skipped: boolean })[] {
  const places = new Map<string, Address>();
  return read.items.map((p, k) => {
    const exempt = read.exemption !== undefined;
    const { address, postalFrom } = exempt ? { address: { country: p.country, region: p.item.tax.region }, postalFrom: null } : destinationOf(req, engine, p);
    const key = `${address.country}\u0000${address.region ?? ''}${exempt ? '' : `\u0000${p.productPlace}`}`;
    const destination = places.get(key) ?? address;
    places.set(key, destination);
    const skipped = !exempt && p.given === null && p.country === 'US' && address.postalCode === undefined;
    if (skipped) {
      issues.push(
        p.productPlace
          ? { path: ['items', k, 'tax'], code: 'missing', message: `items.${k}: its product is taxed in the US where it is (tax_based_on: country), at a ZIP code's state and local rates that no product gives: give the item's tax (name and rate)` }
          : { path: ['shipping_address', 'postal_code'], code: 'missing', message: `items.${k}: a US sale is taxed at the ZIP code's state and local rates: give shipping_address (or customer) with country US and postal_code, or the item's tax` },
      );
    }
    return { k, line: itemLine(read, k, destination), postalFrom, skipped };
  });
}

/**
 * The shipping cost as lines of the sale of the items' `lines` (core/delivery.ts: shared by
 * the goods items' amounts, one line per place and codes of the goods, or per place only when
 * nothing is decided), each with the place of its first goods item. Refused (422) as
 * shippingRefusal says.
 */
function shippingGroups(read: ReadSale, lines: readonly (SaleLine | GivenSaleLine)[], engine: Engine): ShippingGroup[] {
  const charge = read.shipping;
  if (charge === null) return [];
  const behavior = charge.inclusive ? 'inclusive' : 'exclusive';
  const byPlace = read.exemption !== undefined;
  const shares = deliveryLines(lines, normalMinor(charge.amount), engine.rules, { behavior, byPlace, oneBehavior: true, skipEmpty: true, refuse: shippingRefusal });
  return shares.map((share) => ({ ...share, priced: null }));
}

/** An issue of a share of the shipping cost, in the request's terms. */
function shippingIssue(iss: TaxRulesIssue): TaxRulesIssue {
  return iss.path[0] === 'shipping_cost' ? iss : { ...iss, path: ['shipping_cost'], message: `shipping_cost: ${iss.message}` };
}

/**
 * The items' taxes: the items to one country are one sale (the customer's tax ID is checked
 * for that country; its goods are one consignment) — under the contact's exemption, every item
 * one sale — priced by the sale routine on their amounts (net, or gross with tax included),
 * each item's quantity its articles, an item that gives its taxes at those; then the shipping
 * cost's lines, each in its goods' sale (none with goods refused above).
 */
export function engineTaxes(req: TransactionRequestOutput, seller: PreparedAccount, o: DocumentOptions, engine: Engine, read: ReadSale, issues: TaxRulesIssue[]): { items: (FoldedSoldLine | null)[]; shipping: ShippingGroup[] } {
  const exempt = read.exemption !== undefined;
  const placed = itemLines(req, engine, read, issues);
  const shipping = shippingGroups(read, placed.map((x) => x.line), engine);
  const sales = new Map<string, EngineItem[]>();
  for (const x of placed) {
    const country = exempt ? '' : (read.items[x.k] as PricedItem).country;
    const sale = sales.get(country);
    if (x.skipped) continue;
    if (sale === undefined) sales.set(country, [x]);
    else sale.push(x);
  }
  shipping.forEach((g, n) => {
    if (!(placed[g.first] as { skipped: boolean }).skipped) sales.get(exempt ? '' : (read.items[g.first] as PricedItem).country)?.push({ k: -1 - n, line: g.line, postalFrom: null });
  });
  const own = sellerAddressOn(seller, read.date);
  const taxId = req.customer?.tax_id ?? undefined;
  const decider = engine.decider(o.cache);
  const out = new Array<FoldedSoldLine | null>(read.items.length).fill(null);
  for (const [country, group] of sales) {
    const party: SaleParty = {
      date: read.date,
      origin: own.origin,
      ...(own.ref ? { sellerAddress: own.ref } : {}),
      destination: group[0]!.line.destination as Address,
      // The tax ID is checked for a decision only (lines that give their taxes need none).
      customerTaxId: taxId && !exempt && group.some((g) => !Object.hasOwn(g.line, 'given')) ? { value: taxId, verdict: o.taxIdVerdict ? verdictOfOption(o.taxIdVerdict, country, taxId) : offlineTaxIdVerdict(country, taxId) } : undefined,
      currency: read.currency,
      registrations: seller.registrations,
    };
    const issue = (i: number, iss: TaxRulesIssue): TaxRulesIssue => {
      const g = group[i] as EngineItem;
      if (g.k < 0) return shippingIssue(iss);
      const itemPath: Path = ['items', g.k];
      const path = iss.path[0] === 'lines' ? [...itemPath, ...iss.path.slice(2)] : requestPath(iss.path, itemPath, g.postalFrom);
      return { ...iss, path, message: `${itemPath.join('.')}: ${iss.message}` };
    };
    const sale: Sale<SaleLine | GivenSaleLine> = { party, day: dayNumber(read.date), minorUnits: read.minorUnits, lines: group.map((g) => g.line) };
    // Under the contact's exemption nothing is decided: every line is priced at the taxes it gives, or at none.
    const sold = priceFoldedSale(sale, { rules: engine.rules, decider, convert: engine.convert, issues, issue, exemption: read.exemption, undecidedExemption: exempt });
    group.forEach((g, i) => {
      if (g.k >= 0) out[g.k] = sold[i] ?? null;
      else (shipping[-1 - g.k] as ShippingGroup).priced = sold[i] ?? null;
    });
  }
  return { items: out, shipping };
}
