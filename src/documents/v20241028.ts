/**
 * `POST /transactions` (version 20241028) as a pure function: a sale becomes an invoice (or a
 * receipt), a refund a credit note (see credit.ts). Items are priced exactly in the
 * currency's minor unit: `subtotal = quantity × amount` (the item's `amount` is its unit
 * price, net of tax — or gross, taxes included, when the item names a product whose
 * `tax_type` is `included`: its net is then solved by the pricing routine so that net and
 * taxes add up to the gross exactly), the item's `discount_rate` and a coupon come off before
 * tax, and each item's taxes are rounded half up on their own, as `calculate` rounds a line.
 * An item's taxes are the ones its `tax` object gives (name and rate, and an additional tax),
 * else the engine's — the decision `calculateTaxRate` makes for the item's country, region,
 * the customer's postal code (or, for a product taxed in its own country, none), tax code and
 * date.
 */
import type { Address, CustomerExemption, Decision, ProductType, TaxCodeId, TaxLine, TaxStatus } from '../core/types.js';
import { productTypeIssue, productTypeOf } from '../core/taxability.js';
import { dayNumber } from '../core/dates.js';
import { errorFromIssues, quoted, type TaxRulesIssue } from '../core/errors.js';
import { canonicalCountry } from '../core/location.js';
import { certificateIssue, exemptionOf } from '../core/exemption.js';
import { formatMinor, normalMinor, PERCENT_100, type Minor } from '../core/money.js';
import { taxableAmount, type Priced } from '../core/pricing.js';
import { notesOf } from '../core/determine.js';
import { priceSale, type GivenSaleLine, type GivenTax, type PricedLine, type Sale, type SaleLine, type SaleParty, type SoldLine, type UndecidedLine } from '../core/sale.js';
import { sellerAddressOn, type PreparedAccount, type Account, type SellerAccount } from '../adapters/account.js';
import { agedEngine, engineFor, maxRulesAgeOf, type Engine } from '../adapters/engine.js';
import { unreadable } from '../adapters/read.js';
import { offlineTaxIdVerdict } from '../taxid/index.js';
import { apportion, decimalOf, majorNumber, percentOf, rateNumber, rateUnitsOf, type Decimal } from '../core/money.js';
import { documentTotals, renderDocument, type DocumentHead, type ItemParts, type TaxSlot } from './assemble.js';
import { netParts } from './inclusive.js';
import { documentExchangeRate } from './exchange.js';
import { MAX_CENTS, MAX_DOCUMENT_ITEMS, normalTagList } from './limits.js';
import { parseRequest, readDocumentOptions, SPANISH_IGNORED_FIELDS, type DocumentOptions, type ProductDefaults } from './read.js';
import { verdictOfOption } from '../adapters/v20260309.js';
import { documentSchemas, type TransactionItemOutput, type TransactionRequest, type TransactionRequestOutput } from './request.js';
import { buildRefund } from './credit.js';
import { amountIn, currencyOf, dateOf, paymentOf } from './common.js';
import type { BillingDocument, DocumentContact } from './types.js';
import { documentEvidence } from './evidence.js';
import { shippingOf, shippingRefusal, type DocumentShipping } from './shipping.js';
import { deliveryLines } from '../core/delivery.js';

export type { DocumentOptions } from './read.js';

/** Where a request's taxes come from, per item: the item's own, or the engine's decision. */
type Path = (string | number)[];

/** An item read and priced before tax. */
interface PricedItem {
  readonly index: number;
  readonly item: TransactionItemOutput;
  readonly country: string;
  readonly taxCode: TaxCodeId;
  readonly productType: ProductType;
  readonly subtotal: bigint;
  /** The item's own discount. */
  readonly discount: bigint;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly discountRate: number;
  /** The item's taxes as its request gives them (rate units), or null for the engine's. */
  readonly given: { readonly main: RequestTax; readonly additional: RequestTax | null } | null;
  /** Its product's `tax_type` is `included`: `subtotal` and `discount` are gross, taxes included. */
  readonly inclusive: boolean;
  /** Its product's `tax_based_on` is `country`: it is taxed in its tax country as such, never at the customer's or the shipping address. */
  readonly productPlace: boolean;
}

/** A tax an item's request gives. */
interface RequestTax {
  readonly name: string;
  readonly rateUnits: number;
  readonly partUnits: number;
}

/**
 * `POST /transactions` (version 20241028): the billing document of a sale (an invoice) or a
 * refund (a credit note against `options.invoice`). Ids, the number and the creation time are
 * options; nothing is read from a clock, a network or a store. Throws TaxRulesError (400
 * malformed or missing, 406 an invalid value such as an unknown tax code, 422 what the
 * documents or the rules cannot answer) with every issue listed, and nothing else.
 */
export function buildDocument(request: TransactionRequest, account: SellerAccount, options: DocumentOptions, engine?: Engine): BillingDocument;
/** A request whose static type is `unknown` (a parsed JSON body) is checked at run time like any other. */
export function buildDocument<R>(request: unknown extends R ? R : never, account: SellerAccount, options: DocumentOptions, engine?: Engine): BillingDocument;
export function buildDocument(request: unknown, account: SellerAccount, options: unknown, engine?: Engine): BillingDocument {
  try {
    const o = readDocumentOptions(options);
    const e = agedEngine(engine ?? engineFor(o.rules), maxRulesAgeOf(o));
    const seller = e.accounts.prepare(account);
    const req = parseRequest(documentSchemas().transaction, request, 6, missingItems, o.spanishElectronicInvoicing === true ? SPANISH_IGNORED_FIELDS : []);
    if (req.type === 'refund') {
      const sale = (['documentType', 'contactId'] as const).find((key) => o[key] !== undefined);
      if (sale !== undefined) throw errorFromIssues([{ path: ['options', sale], code: 'malformed', message: `options.${sale} is for a sale: a refund is a credit note, and its contact is its invoice's` }]);
      if (req.shipping_cost != null) {
        throw errorFromIssues([{ path: ['shipping_cost'], code: 'malformed', message: "shipping_cost is a sale's: a refund credits the invoice's shipping items, named in items by their description (or leave items out to refund all that is left)" }]);
      }
      return buildRefund(req, seller, o, e);
    }
    if (o.invoice !== undefined || o.credits !== undefined) {
      throw errorFromIssues([{ path: ['options', o.invoice !== undefined ? 'invoice' : 'credits'], code: 'malformed', message: 'options.invoice and options.credits are for a refund (type: refund), not a sale' }]);
    }
    return buildSale(req, seller, o, e);
  } catch (error) {
    throw unreadable(error, []);
  }
}

/** A sale needs its items (a refund may leave them out: the invoice's remaining amount is refunded). */
function missingItems(raw: unknown): TaxRulesIssue[] {
  if (typeof raw !== 'object' || raw === null) return [];
  const r = raw as Record<string, unknown>;
  return r.type !== 'refund' && r.items === undefined ? [{ path: ['items'], code: 'missing', message: 'items is required: a sale has at least one item' }] : [];
}

/** Checks a country as typed (406 when it is no ISO 3166-1 country). */
function countryIssue(engine: Engine, path: Path, value: string | undefined, issues: TaxRulesIssue[]): void {
  if (value !== undefined && engine.rules.countryOf(value) === null) issues.push({ path, code: 'invalid_value', message: `${path.join('.')} ${value} is not an ISO 3166-1 country code` });
}

/** A percentage of the request in rate units (at most 4 decimals), or null (an issue added). */
function percentUnits(value: number | string, path: Path, issues: TaxRulesIssue[]): number | null {
  const d = decimalOf(value);
  const units = d === null ? null : rateUnitsOf(d);
  if (units === null) issues.push({ path, code: 'malformed', message: `${path.join('.')} ${quoted(value, 40)} must be a percentage with at most 4 decimals` });
  return units;
}

/** quantity × unit price in minor units when exact, else null (an issue added: a price that is not a whole number of minor units is never rounded into a document). */
function lineSubtotal(unit: bigint, quantity: Decimal, currency: string, path: Path, issues: TaxRulesIssue[]): bigint | null {
  const scale = 10n ** BigInt(quantity.scale);
  const product = unit * quantity.units;
  if (product % scale !== 0n) {
    issues.push({ path: [...path, 'quantity'], code: 'malformed', message: `${path.join('.')}: quantity × amount is not a whole amount of ${currency}'s minor unit; give a unit price that makes it one` });
    return null;
  }
  const subtotal = product / scale;
  if (subtotal > BigInt(MAX_CENTS)) {
    issues.push({ path: [...path, 'amount'], code: 'malformed', message: `${path.join('.')}: quantity × amount is beyond what a document holds exactly (15 digits in minor units)` });
    return null;
  }
  return subtotal;
}

/** The taxes an item's `tax` object gives, checked: a name goes with its rate; an additional tax needs a main one. */
function givenTaxes(item: TransactionItemOutput, path: Path, issues: TaxRulesIssue[]): PricedItem['given'] {
  const t = item.tax;
  const at = [...path, 'tax'];
  const pair = (name: string | undefined, rate: number | undefined, part: number | undefined, prefix: '' | 'additional_'): RequestTax | null => {
    if (name === undefined && rate === undefined) {
      if (part !== undefined) issues.push({ path: [...at, `${prefix}taxable_part`], code: 'malformed', message: `${at.join('.')}.${prefix}taxable_part is given without ${prefix}rate` });
      return null;
    }
    if (name === undefined || rate === undefined) {
      const missing = name === undefined ? `${prefix}name` : `${prefix}rate`;
      issues.push({ path: [...at, missing], code: 'missing', message: `${at.join('.')}.${missing} is required with ${name === undefined ? `${prefix}rate` : `${prefix}name`}: a tax the request gives has both` });
      return null;
    }
    const rateUnits = percentUnits(rate, [...at, `${prefix}rate`], issues);
    const partUnits = part === undefined ? PERCENT_100 : percentUnits(part, [...at, `${prefix}taxable_part`], issues);
    if (partUnits === 0) issues.push({ path: [...at, `${prefix}taxable_part`], code: 'malformed', message: `${at.join('.')}.${prefix}taxable_part must be more than 0` });
    return rateUnits === null || partUnits === null ? null : { name, rateUnits, partUnits };
  };
  const main = pair(t.name, t.rate, t.taxable_part, '');
  const additional = pair(t.additional_name, t.additional_rate, t.additional_taxable_part, 'additional_');
  if (main === null && (t.additional_name !== undefined || t.additional_rate !== undefined) && t.name === undefined && t.rate === undefined) {
    issues.push({ path: [...at, 'name'], code: 'missing', message: `${at.join('.')}: an additional tax is given without the main tax (name and rate)` });
  }
  return main === null ? null : { main, additional };
}

/** Items read and priced before tax: subtotal, own discount, where their taxes come from. */
function readItems(req: TransactionRequestOutput, seller: PreparedAccount, o: DocumentOptions, engine: Engine, currency: string, minorUnits: number, issues: TaxRulesIssue[]): PricedItem[] {
  const items = req.items ?? [];
  const out: PricedItem[] = [];
  items.forEach((item, index) => {
    const path: Path = ['items', index];
    countryIssue(engine, [...path, 'tax', 'country'], item.tax.country, issues);
    const unit = amountIn(item.amount, minorUnits, currency, [...path, 'amount'], issues);
    const qtyValue = item.quantity ?? 1;
    const quantity = decimalOf(qtyValue);
    if (quantity === null) issues.push({ path: [...path, 'quantity'], code: 'malformed', message: `${path.join('.')}.quantity ${quoted(qtyValue, 40)} has no plain decimal form` });
    const discountRate = item.discount_rate ?? 0;
    const discountUnits = percentUnits(discountRate, [...path, 'discount_rate'], issues);
    const product = productOf(item, o, engine, path, issues);
    const contradiction = productTypeIssue(engine.rules, item.tax.tax_code ?? product?.tax_class ?? seller.defaultTaxCode, product?.product_type, [...path, 'product_code']);
    if (contradiction !== null) issues.push(contradiction);
    const given = givenTaxes(item, path, issues);
    if (item.tax.import === true && given === null) {
      issues.push({ path: [...path, 'tax', 'import'], code: 'unprocessable', message: `${path.join('.')}.tax.import: an import is taxed by where the goods come from, which a transaction does not say: give the item's tax (name and rate: 0 when the customer pays import VAT at the border, the destination's rate under an import scheme such as the EU's IOSS), or leave import out to have the item taxed as a sale from the account's address` });
    }
    if (unit === null || quantity === null || discountUnits === null) return;
    const subtotal = lineSubtotal(unit, quantity, currency, path, issues);
    if (subtotal === null) return;
    out.push({
      index,
      item,
      country: canonicalCountry(engine.rules, item.tax.country),
      taxCode: item.tax.tax_code ?? product?.tax_class ?? seller.defaultTaxCode,
      productType: productTypeOf(engine.rules, item.tax.tax_code ?? product?.tax_class ?? seller.defaultTaxCode, product?.product_type, seller.defaultProductType),
      subtotal,
      discount: percentOf(subtotal, discountUnits),
      quantity: qtyValue,
      unitPrice: majorNumber(unit, minorUnits),
      discountRate: rateNumber(discountUnits),
      given,
      inclusive: product?.tax_type === 'included',
      productPlace: product?.tax_based_on === 'country',
    });
  });
  return out;
}

/**
 * The product an item names (`options.products`), or undefined for none. A product taxed in
 * its own country (`tax_based_on: country`) needs the item's `tax.country` to be that country:
 * the spec requires the item's tax country, and an item saying another is refused (422)
 * rather than taxed in either.
 */
function productOf(item: TransactionItemOutput, o: DocumentOptions, engine: Engine, path: Path, issues: TaxRulesIssue[]): ProductDefaults | undefined {
  if (item.product_code === undefined || o.products === undefined) return undefined;
  const product = Object.hasOwn(o.products, item.product_code) ? o.products[item.product_code] : undefined;
  if (product === undefined) {
    issues.push({ path: [...path, 'product_code'], code: 'unprocessable', message: `${path.join('.')}.product_code ${quoted(item.product_code, 60)} is not one of options.products` });
    return undefined;
  }
  // A product country that is none is refused as such (productCountryIssues), not compared.
  const where = product.tax_based_on === 'country' && typeof product.country === 'string' && engine.rules.countryOf(product.country) !== null ? canonicalCountry(engine.rules, product.country) : null;
  if (where !== null && engine.rules.countryOf(item.tax.country) !== null && canonicalCountry(engine.rules, item.tax.country) !== where) {
    issues.push({
      path: [...path, 'tax', 'country'],
      code: 'unprocessable',
      message: `${path.join('.')}.tax.country ${item.tax.country} is not ${where}, where product ${quoted(item.product_code, 60)} is taxed (tax_based_on: country): give tax.country ${where}`,
    });
  }
  return product;
}

/** The countries of the products taxed in their own country, checked as a request's countries are (406 for one that is none). */
function productCountryIssues(o: DocumentOptions, engine: Engine, issues: TaxRulesIssue[]): void {
  const products = o.products ?? {};
  for (const code of Object.keys(products)) {
    const p = products[code] as ProductDefaults;
    if (p.tax_based_on === 'country' && typeof p.country === 'string') countryIssue(engine, ['options', 'products', code, 'country'], p.country, issues);
  }
}

/** Each item's share of the coupon, by its amount after its own discount (net, or gross for an item priced with tax included). */
function couponShares(items: readonly PricedItem[], o: DocumentOptions, currency: string, minorUnits: number, issues: TaxRulesIssue[]): bigint[] {
  const c = o.coupon;
  const nets = items.map((i) => i.subtotal - i.discount);
  if (c === undefined) return nets.map(() => 0n);
  if (c.percent !== undefined) {
    const units = percentUnits(c.percent, ['options', 'coupon', 'percent'], issues);
    return units === null ? nets.map(() => 0n) : nets.map((n) => percentOf(n, units));
  }
  const amount = amountIn(c.amount as number | string, minorUnits, currency, ['options', 'coupon', 'amount'], issues);
  if (amount === null) return nets.map(() => 0n);
  if (items.some((i) => i.inclusive) && items.some((i) => !i.inclusive)) {
    // Shared by the items' amounts, it would take gross from some and net from others.
    issues.push({ path: ['options', 'coupon', 'amount'], code: 'unprocessable', message: 'options.coupon.amount cannot be shared among items priced with tax included and items priced net: give the coupon as a percent' });
    return nets.map(() => 0n);
  }
  const total = nets.reduce((a, b) => a + b, 0n);
  if (amount > total) {
    issues.push({ path: ['options', 'coupon', 'amount'], code: 'unprocessable', message: `options.coupon.amount ${formatMinor(amount, minorUnits)} is more than the items' net amount ${formatMinor(total, minorUnits)}` });
    return nets.map(() => 0n);
  }
  return apportion(amount, nets);
}

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
  let address: Address = { country: p.item.tax.country, region: p.item.tax.region, postalCode: undefined, city: undefined, street: undefined };
  let postalFrom: Path | null = null;
  // A product taxed where it is (an event's admission): the customer's address is not its place.
  if (p.productPlace) return { address, postalFrom };
  if (ship !== undefined && same(ship.country) && ship.postal_code !== undefined) {
    address = { ...address, postalCode: ship.postal_code, city: ship.city, street: street(ship) };
    postalFrom = ['shipping_address', 'postal_code'];
  } else if (customer !== undefined && same(customer.country) && customer.postal_code) {
    address = { ...address, postalCode: customer.postal_code, city: customer.city ?? undefined, street: street(customer) };
    postalFrom = ['customer', 'postal_code'];
  }
  return { address, postalFrom };
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

/** One tax group of a decision folded into a slot, as v20241028 reports a group: the first line's name, the combined rate. */
function slotOfGroup(d: Decision, lines: readonly TaxLine[], taxes: readonly bigint[], net: bigint, taxCode: TaxCodeId): TaxSlot {
  const first = lines[0] as TaxLine;
  let units = 0;
  let effective = 0;
  let samePart = true;
  let amount = 0n;
  lines.forEach((l, k) => {
    if (l.partUnits !== first.partUnits) samePart = false;
    units += l.rateUnits;
    effective += (l.rateUnits * l.partUnits) / PERCENT_100;
    amount += taxes[k] as bigint;
  });
  const partUnits = samePart ? first.partUnits : PERCENT_100;
  const local = d.jurisdiction.country === first.jurisdiction.country && lines.length > 1;
  return {
    name: first.name,
    rateUnits: samePart ? units : Math.round(effective),
    partUnits,
    country: first.jurisdiction.country,
    region: first.jurisdiction.region,
    county: local ? d.jurisdiction.county : null,
    city: local ? d.jurisdiction.city : null,
    transactionType: taxCode,
    amount,
    base: BigInt(taxableAmount(Number(net), partUnits)),
  };
}

/** The item's taxes from the engine's decision and the taxes of its lines priced on its net. */
function slotsOfDecision(d: Decision, priced: readonly Minor[], net: bigint, taxCode: TaxCodeId): { tax1: TaxSlot; tax2: TaxSlot | null } {
  const taxes = priced.map((t) => BigInt(t));
  const groups: { lines: TaxLine[]; taxes: bigint[] }[] = [];
  d.lines.forEach((l, k) => {
    const last = groups[groups.length - 1];
    if (last !== undefined && last.lines[0]?.group === l.group) {
      last.lines.push(l);
      last.taxes.push(taxes[k] as bigint);
    } else groups.push({ lines: [l], taxes: [taxes[k] as bigint] });
  });
  const [g1, g2] = groups;
  if (g1 === undefined) {
    const j = d.jurisdiction;
    return { tax1: { name: null, rateUnits: 0, partUnits: PERCENT_100, country: j.country, region: j.region, county: null, city: null, transactionType: taxCode, amount: 0n, base: net }, tax2: null };
  }
  return { tax1: slotOfGroup(d, g1.lines, g1.taxes, net, taxCode), tax2: g2 === undefined ? null : slotOfGroup(d, g2.lines, g2.taxes, net, taxCode) };
}

/** What an item is charged: its taxes, its net, its status, and the lines its taxes are priced on. */
interface ItemTaxes {
  readonly tax1: TaxSlot;
  readonly tax2: TaxSlot | null;
  readonly net: bigint;
  readonly status: TaxStatus | null;
  /** The net of the item's gross subtotal, as the sale solved it for an item priced with tax included and discounted; else null. */
  readonly listNet: bigint | null;
}

/** The taxes an item's request gives, as the sale prices them. */
function givenLines(given: NonNullable<PricedItem['given']>): GivenTax[] {
  const lines: GivenTax[] = [{ group: 'main', ...given.main }];
  if (given.additional !== null) lines.push({ group: 'additional', ...given.additional });
  return lines;
}

/**
 * An item's taxes from its line of the sale that nothing was decided for: the taxes its request
 * gives, or none by the contact's own tax status (an amount priced with tax included is then
 * all net), with the line's notes.
 */
function undecidedTaxes(place: { country: string; region: string | null; taxCode: TaxCodeId }, line: UndecidedLine, engine: Engine, notes: string[]): ItemTaxes {
  for (const note of line.notes) if (!notes.includes(note)) notes.push(note);
  const priced = line.priced as Priced;
  const net = BigInt(priced.subtotal);
  const country = canonicalCountry(engine.rules, place.country);
  const slot = (g: GivenTax | undefined, k: number): TaxSlot => ({
    name: g?.name ?? null,
    rateUnits: g?.rateUnits ?? 0,
    partUnits: g?.partUnits ?? PERCENT_100,
    country,
    region: place.region,
    county: null,
    city: null,
    transactionType: place.taxCode,
    amount: g === undefined ? 0n : BigInt(priced.taxes[k] as Minor),
    base: g === undefined ? net : BigInt(taxableAmount(normalMinor(net), g.partUnits)),
  });
  const [main, additional] = line.given;
  return { tax1: slot(main, 0), tax2: additional === undefined ? null : slot(additional, 1), net, status: line.status, listNet: listNetOf(line) };
}

/** The net of a line's amount before discounts, when the sale priced one. */
const listNetOf = (line: SoldLine): bigint | null => (Object.hasOwn(line, 'listNet') && line.listNet !== undefined ? BigInt(line.listNet) : null);

/** An item's taxes from its line of the sale: the decision's notes added, its taxes in slots on its net (inclusive, the net the sale routine solved so that net + taxes = the gross). */
function taxesOfLine(line: PricedLine, due: bigint, inclusive: boolean, taxCode: TaxCodeId, notes: string[]): ItemTaxes {
  const d = line.decision;
  for (const note of notesOf(d, line.input)) if (!notes.includes(note)) notes.push(note);
  const priced = line.priced as Priced;
  const net = inclusive ? BigInt(priced.subtotal) : due;
  return { ...slotsOfDecision(d, priced.taxes, net, taxCode), net, status: d.status, listNet: listNetOf(line) };
}

/** A sale's request read: its currency, date, items priced before tax, coupon shares and exchange rate. */
interface ReadSale {
  readonly currency: string;
  readonly minorUnits: number;
  readonly date: string;
  readonly items: readonly PricedItem[];
  readonly coupon: readonly bigint[];
  readonly exchangeRate: number | undefined;
  /** The delivery charge, or null without one. */
  readonly shipping: DocumentShipping | null;
}

/** The sale's customer: a stored contact referenced by its id alone, or the fields of a new one, whose id `options.contactId` gives. */
function customerIssues(req: TransactionRequestOutput, o: DocumentOptions, engine: Engine, issues: TaxRulesIssue[]): void {
  const customer = req.customer;
  if (customer === undefined) {
    if (o.contactId !== undefined) issues.push({ path: ['options', 'contactId'], code: 'malformed', message: 'options.contactId is the id of the sale\'s contact, and the request has no customer' });
    return;
  }
  const fields = Object.keys(customer).filter((k) => k !== 'id');
  if (customer.id !== undefined && fields.length > 0) {
    issues.push({ path: ['customer'], code: 'malformed', message: `customer: either reference a contact by id, or give the fields of a new one (${fields.slice(0, 3).join(', ')}…), not both` });
  } else if (customer.id === undefined && customer.first_name === undefined) {
    issues.push({ path: ['customer', 'first_name'], code: 'missing', message: 'customer.first_name is required for a new contact (or reference a stored one by id)' });
  }
  if (customer.id !== undefined && o.contactId !== undefined && o.contactId !== customer.id) {
    issues.push({ path: ['options', 'contactId'], code: 'unprocessable', message: `options.contactId ${o.contactId} is not customer.id ${customer.id}, the stored contact the request references` });
  }
  countryIssue(engine, ['customer', 'country'], customer.country, issues);
  // A certificate goes with an exempt contact: with any other status it would be kept while the tax is charged.
  const refused = certificateIssue(customer.tax_status, customer.exemption_certificate, 'customer.tax_status', 'customer.exemption_certificate');
  if (refused !== null) issues.push(refused);
}

/**
 * The document's contact: a reference as given (`{ id }`: the stored contact's other fields
 * are the server's, never guessed here), or the new contact the sale creates, with its id
 * (`options.contactId`) and the spec's defaults for what the request leaves out (`kind`
 * `company`, `tax_status` `taxable`).
 */
function contactOf(customer: TransactionRequestOutput['customer'], contactId: number | undefined): DocumentContact | null {
  if (customer === undefined) return null;
  if (customer.id !== undefined) return { ...customer };
  return { ...(contactId === undefined ? {} : { id: contactId }), ...customer, kind: customer.kind ?? 'company', tax_status: customer.tax_status ?? 'taxable' };
}

/** Reads a sale's request: every issue at once (TaxRulesError). */
function readSale(req: TransactionRequestOutput, seller: PreparedAccount, o: DocumentOptions, engine: Engine): ReadSale {
  const issues: TaxRulesIssue[] = [];
  const currency = currencyOf(req, seller, engine, issues);
  const date = dateOf(req, o.createdAt);
  customerIssues(req, o, engine, issues);
  productCountryIssues(o, engine, issues);
  countryIssue(engine, ['shipping_address', 'country'], req.shipping_address?.country, issues);
  if (o.itemIds !== undefined && req.items !== undefined && o.itemIds.length !== req.items.length) {
    issues.push({ path: ['options', 'itemIds'], code: 'malformed', message: `options.itemIds has ${o.itemIds.length} ids for ${req.items.length} items` });
  }
  if (currency === null) throw errorFromIssues(issues);
  const minorUnits = engine.rules.currencies.get(currency) as number;
  const items = readItems(req, seller, o, engine, currency, minorUnits, issues);
  const coupon = couponShares(items, o, currency, minorUnits, issues);
  const exchangeRate = documentExchangeRate(currency, seller.currency, date, req.exchange_rate, o.exchangeRate, o.exchangeRates, issues);
  const shipping = shippingOf(req.shipping_cost, currency, minorUnits, issues);
  if (issues.length > 0) throw errorFromIssues(issues);
  return { currency, minorUnits, date, items, coupon, exchangeRate, shipping };
}

/** What an item is priced on: its subtotal less its own discount and its share of the coupon (net, or gross for an item priced with tax included). */
function dueOf(read: ReadSale, k: number): bigint {
  const p = read.items[k] as PricedItem;
  return p.subtotal - p.discount - (read.coupon[k] as bigint);
}

/** An item as a line of its country's sale (`k` the item's position; a share of the shipping cost: -1 - its group's). */
interface EngineItem {
  readonly k: number;
  readonly line: SaleLine | GivenSaleLine;
  readonly postalFrom: Path | null;
}

/** The shares of the shipping cost with goods of one place (and tax code and product type, when they are decided): its line of the sale, and one item of the document. */
interface ShippingGroup {
  /** The first goods item it is shared with: its place and codes. */
  readonly first: number;
  readonly line: SaleLine;
  readonly country: string;
  readonly region: string | null;
  readonly taxCode: TaxCodeId;
  readonly amount: bigint;
  /** Its line of the sale, once priced (null for a sale that failed). */
  priced: SoldLine | null;
}

/** The sale's taxes: per item, and per group of the shipping cost's shares. */
interface EngineTaxes {
  readonly items: (SoldLine | null)[];
  readonly shipping: ShippingGroup[];
}

/**
 * The shipping cost as lines of the sale of the items' `lines` (core/delivery.ts: shared by
 * the goods items' amounts, one line per place and codes of the goods, or per place only when
 * nothing is decided), each with the place of its first goods item. Refused (422) as
 * shippingRefusal says.
 */
function shippingGroups(read: ReadSale, lines: readonly (SaleLine | GivenSaleLine)[], engine: Engine, byPlace: boolean): ShippingGroup[] {
  const charge = read.shipping;
  if (charge === null) return [];
  const behavior = charge.inclusive ? 'inclusive' : 'exclusive';
  const shares = deliveryLines(lines, normalMinor(charge.amount), engine.rules, { behavior, byPlace, oneBehavior: true, skipEmpty: true, refuse: (r) => shippingRefusal(r, read.items) });
  return shares.map(({ line, first }) => {
    const p = read.items[first] as PricedItem;
    return { first, line, country: p.country, region: p.item.tax.region ?? null, taxCode: line.taxCode, amount: BigInt(line.amount), priced: null };
  });
}

/** An item's line of the sale to `destination` (an item that gives its taxes: at those), on its amount after discounts. */
function itemLine(read: ReadSale, k: number, destination: Address): SaleLine | GivenSaleLine {
  const p = read.items[k] as PricedItem;
  const due = dueOf(read, k);
  const line: SaleLine = { amount: normalMinor(due), articles: p.quantity, taxCode: p.taxCode, productType: p.productType, taxBehavior: p.inclusive ? 'inclusive' : 'exclusive', destination, delivery: false };
  // A discounted item priced with tax included shows the net of its gross subtotal too (inclusive.ts).
  const listed = p.inclusive && due !== p.subtotal ? { ...line, listAmount: normalMinor(p.subtotal) } : line;
  return p.given === null ? listed : { ...listed, given: givenLines(p.given) };
}

/** An issue of a share of the shipping cost, in the request's terms. */
function shippingIssue(iss: TaxRulesIssue): TaxRulesIssue {
  return iss.path[0] === 'shipping_cost' ? iss : { ...iss, path: ['shipping_cost'], message: `shipping_cost: ${iss.message}` };
}

/**
 * The items' taxes: the items to one country are one sale (the customer's tax ID is checked
 * for that country; its goods are one consignment), priced by the sale routine on their
 * amounts (net, or gross with tax included), each item's quantity its articles, an item that
 * gives its taxes at those. A US item without a postal code whose taxes the rules give is an
 * issue: its local taxes cannot be found.
 */
function engineTaxes(req: TransactionRequestOutput, seller: PreparedAccount, o: DocumentOptions, engine: Engine, read: ReadSale, issues: TaxRulesIssue[]): EngineTaxes {
  const exemption = exemptionOf(req.customer?.tax_status, req.customer?.exemption_certificate, 'customer.tax_status', 'customer.exemption_certificate');
  if (exemption !== undefined) return exemptTaxes(seller, o, engine, read, exemption);
  const out = new Array<SoldLine | null>(read.items.length).fill(null);
  const addresses = new Map<string, Address>();
  const placed = read.items.map((p, k) => {
    const { address, postalFrom } = destinationOf(req, engine, p);
    // Items to one place share one address, and so their decision (a product's own place is not the customer's address).
    const key = `${address.country}\u0000${address.region ?? ''}\u0000${p.productPlace}`;
    const destination = addresses.get(key) ?? address;
    addresses.set(key, destination);
    return { line: itemLine(read, k, destination), postalFrom };
  });
  const shipping = shippingGroups(read, placed.map((x) => x.line), engine, false);
  const byCountry = new Map<string, EngineItem[]>();
  const skipped = new Set<number>();
  read.items.forEach((p, k) => {
    const { line, postalFrom } = placed[k] as { line: SaleLine | GivenSaleLine; postalFrom: Path | null };
    if (p.given === null && p.country === 'US' && line.destination?.postalCode === undefined) {
      skipped.add(k);
      issues.push(
        p.productPlace
          ? { path: ['items', p.index, 'tax'], code: 'missing', message: `items.${p.index}: its product is taxed in the US where it is (tax_based_on: country), at a ZIP code's state and local rates that no product gives: give the item's tax (name and rate)` }
          : { path: ['shipping_address', 'postal_code'], code: 'missing', message: `items.${p.index}: a US sale is taxed at the ZIP code's state and local rates: give shipping_address (or customer) with country US and postal_code, or the item's tax` },
      );
      return;
    }
    const group = byCountry.get(p.country);
    if (group === undefined) byCountry.set(p.country, [{ k, line, postalFrom }]);
    else group.push({ k, line, postalFrom });
  });
  // The shipping cost's lines, each in its goods' country's sale, after the items (the sale's lines keep their order); none with goods refused above.
  shipping.forEach((g, n) => {
    if (!skipped.has(g.first)) byCountry.get(g.country)?.push({ k: -1 - n, line: g.line, postalFrom: null });
  });
  const own = sellerAddressOn(seller, read.date);
  const taxId = req.customer?.tax_id ?? undefined;
  const decider = engine.decider(o.cache);
  for (const [country, group] of byCountry) {
    const party: SaleParty = {
      date: read.date,
      origin: own.origin,
      ...(own.ref ? { sellerAddress: own.ref } : {}),
      destination: group[0]!.line.destination as Address,
      // The tax ID is checked for a decision only (lines that give their taxes need none).
      customerTaxId: taxId && group.some((g) => !Object.hasOwn(g.line, 'given')) ? { value: taxId, verdict: o.taxIdVerdict ? verdictOfOption(o.taxIdVerdict, country, taxId) : offlineTaxIdVerdict(country, taxId) } : undefined,
      currency: read.currency,
      registrations: seller.registrations,
    };
    const issue = (i: number, iss: TaxRulesIssue): TaxRulesIssue => {
      const g = group[i] as EngineItem;
      if (g.k < 0) return shippingIssue(iss);
      const itemPath: Path = ['items', (read.items[g.k] as PricedItem).index];
      const path = iss.path[0] === 'lines' ? [...itemPath, ...iss.path.slice(2)] : requestPath(iss.path, itemPath, g.postalFrom);
      return { ...iss, path, message: `${itemPath.join('.')}: ${iss.message}` };
    };
    const sale: Sale<SaleLine | GivenSaleLine> = { party, day: dayNumber(read.date), minorUnits: read.minorUnits, lines: group.map((g) => g.line) };
    const sold = priceSale(sale, { rules: engine.rules, decider, convert: engine.convert, issues, issue, exemption: undefined });
    group.forEach((g, i) => {
      if (g.k >= 0) out[g.k] = sold.lines[i] ?? null;
      else (shipping[-1 - g.k] as ShippingGroup).priced = sold.lines[i] ?? null;
    });
  }
  return { items: out, shipping };
}

/**
 * The taxes of a contact with its own tax status (exempt, or reverse charge): one sale of every
 * item and the shipping cost's items (one per place), the exemption applied instead of
 * decisions, so that an item is charged only the tax its request gives.
 */
function exemptTaxes(seller: PreparedAccount, o: DocumentOptions, engine: Engine, read: ReadSale, exemption: CustomerExemption): EngineTaxes {
  // Nothing is decided: a place is the item's tax country and region (the shipping cost's items are one per place).
  const places = new Map<string, Address>();
  const lines = read.items.map((p, k) => {
    const key = `${p.country}\u0000${p.item.tax.region ?? ''}`;
    const place = places.get(key) ?? { country: p.country, region: p.item.tax.region };
    places.set(key, place);
    return itemLine(read, k, place);
  });
  const shipping = shippingGroups(read, lines, engine, true);
  lines.push(...shipping.map((g) => g.line));
  const first = read.items[0] as PricedItem;
  const party: SaleParty = { date: read.date, origin: sellerAddressOn(seller, read.date).origin, destination: { country: first.country }, currency: read.currency, registrations: seller.registrations };
  const sale: Sale<SaleLine | GivenSaleLine> = { party, day: dayNumber(read.date), minorUnits: read.minorUnits, lines };
  const sold = priceSale(sale, { rules: engine.rules, decider: engine.decider(o.cache), exemption, undecidedExemption: true });
  const n = read.items.length;
  shipping.forEach((g, i) => (g.priced = sold.lines[n + i] ?? null));
  return { items: sold.lines.slice(0, n), shipping };
}

/** An item's taxes: the request's, none for an exempt or reverse-charged contact, or the engine's (null with an issue added when it has none). */
function itemTaxes(p: PricedItem, due: bigint, line: SoldLine | null, engine: Engine, issues: TaxRulesIssue[], notes: string[]): ItemTaxes | null {
  if (line === null) return null;
  if (line.decision === null) return undecidedTaxes({ country: p.item.tax.country, region: p.item.tax.region ?? null, taxCode: p.taxCode }, line, engine, notes);
  const d = line.decision;
  if (d.reason === 'unsupported_country') {
    issues.push({ path: ['items', p.index, 'tax', 'country'], code: 'unprocessable', message: `items.${p.index}: taxrules has no tax rules for ${p.country} yet; give the item's tax (name and rate) rather than issue a document without it` });
    return null;
  }
  // The product's place as the rules read it (a territory such as Monaco is taxed as France).
  if (p.productPlace && d.jurisdiction.country !== (d.customerJurisdiction?.country ?? p.country)) {
    // The rules place this supply elsewhere (a service to a consumer, where the seller is): taxing it in the product's country is the request's to say.
    issues.push({
      path: ['items', p.index, 'tax'],
      code: 'unprocessable',
      message: `items.${p.index}: its product is taxed in ${p.country} (tax_based_on: country), but taxrules's rules place this supply in ${d.jurisdiction.country} (as sold to a customer there); give the item's tax (name and rate) for ${p.country}`,
    });
    return null;
  }
  return taxesOfLine(line, due, p.inclusive, p.taxCode, notes);
}

/** An item's parts: as the request gives it, or, priced with tax included, its gross unit price with the net of its gross subtotal and the discount down to its net. */
function itemParts(p: PricedItem, k: number, read: ReadSale, o: DocumentOptions, t: ItemTaxes): ItemParts {
  const discount = p.discount + (read.coupon[k] as bigint);
  const shown = p.inclusive ? netParts(t.listNet, t.net) : { subtotal: p.subtotal, discount };
  return {
    id: o.itemIds ? (o.itemIds[p.index] as number) : null,
    description: p.item.description ?? null,
    productCode: p.item.product_code ?? null,
    quantity: p.quantity,
    unitPrice: p.unitPrice,
    discountRate: p.discountRate,
    subtotal: shown.subtotal,
    discount: shown.discount,
    tax1: t.tax1,
    tax2: t.tax2,
    status: t.status,
    ...(p.inclusive ? { taxIncluded: true } : {}),
  };
}

/**
 * The items of the shipping cost: one per group of shares (place, tax code and product type of
 * the goods), its taxes the engine's for its line, none for a contact's own status, with the
 * decision's notes (the delivery rule's among them).
 */
function shippingParts(read: ReadSale, groups: readonly ShippingGroup[], engine: Engine, notes: string[], issues: TaxRulesIssue[]): ItemParts[] {
  const charge = read.shipping;
  if (charge === null) return [];
  return groups.flatMap((g) => {
    const line = g.priced;
    if (line === null) {
      // Its goods' sale gave no line (their own issue is listed): never a document without this part of the charge.
      if (issues.length === 0) issues.push({ path: ['shipping_cost'], code: 'unprocessable', message: `shipping_cost: its share with the goods to ${g.country} could not be taxed` });
      return [];
    }
    const t = line.decision === null ? undecidedTaxes(g, line, engine, notes) : taxesOfLine(line, g.amount, charge.inclusive, g.taxCode, notes);
    const shown = charge.inclusive ? netParts(null, t.net) : { subtotal: g.amount, discount: 0n };
    const item: ItemParts = {
      id: null,
      description: charge.description,
      productCode: null,
      quantity: 1,
      unitPrice: majorNumber(g.amount, read.minorUnits),
      discountRate: 0,
      subtotal: shown.subtotal,
      discount: shown.discount,
      tax1: t.tax1,
      tax2: t.tax2,
      status: t.status,
      ...(charge.inclusive ? { taxIncluded: true } : {}),
    };
    return [item];
  });
}

function buildSale(req: TransactionRequestOutput, seller: PreparedAccount, o: DocumentOptions, engine: Engine): BillingDocument {
  const read = readSale(req, seller, o, engine);
  const issues: TaxRulesIssue[] = [];
  const taxes = engineTaxes(req, seller, o, engine, read, issues);
  const taxed = taxes.items;
  const notes: string[] = [];
  const parts: ItemParts[] = [];
  read.items.forEach((p, k) => {
    const t = itemTaxes(p, dueOf(read, k), taxed[k] ?? null, engine, issues, notes);
    if (t !== null) parts.push(itemParts(p, k, read, o, t));
  });
  parts.push(...shippingParts(read, taxes.shipping, engine, notes, issues));
  if (issues.length > 0) throw errorFromIssues(issues);
  if (parts.length > MAX_DOCUMENT_ITEMS) {
    throw errorFromIssues([{ path: ['shipping_cost'], code: 'unprocessable', message: `the shipping cost's items (one per place and tax of the goods) take the document to ${parts.length} items; at most ${MAX_DOCUMENT_ITEMS} are allowed` }], 422);
  }
  if (documentTotals(parts).total > BigInt(MAX_CENTS)) throw errorFromIssues([{ path: ['items'], code: 'malformed', message: 'the document total is beyond what a document holds exactly (15 digits in minor units)' }]);
  return renderInvoice(req, o, read, parts, notes, engine);
}

/** The invoice (or receipt) of a sale from its items. */
function renderInvoice(req: TransactionRequestOutput, o: DocumentOptions, read: ReadSale, parts: readonly ItemParts[], notes: string[], engine: Engine): BillingDocument {
  const customer = req.customer;
  const couponTotal = read.coupon.reduce((a, b) => a + b, 0n);
  const head: DocumentHead = {
    id: o.id,
    type: o.documentType === 'receipt' ? 'Receipt' : 'Invoice',
    created_at: String(o.createdAt),
    number: o.number,
    issue_date: read.date,
    related_document: null,
    po_number: req.po_number ?? null,
    currency: read.currency,
    tag_list: normalTagList(req.tags),
    notes: req.notes ?? null,
    contact: contactOf(customer, o.contactId),
    country: customer?.country ? canonicalCountry(engine.rules, customer.country) : (read.items[0] as PricedItem).country,
    postal_code: customer?.postal_code ?? null,
    region: customer?.region ?? null,
    city: customer?.city ?? null,
    street_line_1: customer?.street_line_1 ?? null,
    street_line_2: customer?.street_line_2 ?? null,
    tax_id: customer?.tax_id ?? null,
    tax_notes: notes,
    payment_processor: req.processor ?? null,
    payment_processor_id: req.processor_id ?? null,
    processor_fee_cents: req.processor_fee_cents ?? null,
    custom_metadata: req.custom_metadata ?? null,
    ...(read.exchangeRate === undefined ? {} : { exchange_rate: read.exchangeRate }),
    coupon: o.coupon === undefined ? null : { code: o.coupon.code, discount_cents: Number(couponTotal) },
    evidence: documentEvidence(req.evidence, engine.rules, o.ipCountry),
    shipping_address: req.shipping_address ?? null,
  };
  return renderDocument(head, parts, read.minorUnits, (total) => paymentOf(req.payment, o, total, read.minorUnits, read.date));
}
