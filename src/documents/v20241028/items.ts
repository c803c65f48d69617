/**
 * A v20241028 sale's request read: its currency, date, contact, and items priced before
 * tax. Items are priced exactly in the currency's minor unit: `subtotal = quantity × amount` (the
 * item's `amount` is its unit price, net of tax — or gross, taxes included, when the item names a
 * product whose `tax_type` is `included`), the item's `discount_rate` (else its new contact's
 * `discount`) and a coupon come off before tax, in the document's sale (core/document-sale.ts). An item's taxes are the ones its `tax` object
 * gives (name and rate, and an additional tax), else the engine's.
 */
import type { CustomerExemption, ProductType, TaxCodeId } from '../../core/types.js';
import { productTypeOf } from '../../core/taxability.js';
import { errorFromIssues, quoted, type TaxRulesIssue } from '../../core/errors.js';
import { canonicalCountry } from '../../core/location.js';
import { exemptionOf } from '../../core/exemption.js';
import type { Coupon } from '../../core/discount.js';
import type { GivenPair } from '../../core/document-sale.js';
import type { PreparedAccount } from '../../adapters/account.js';
import type { Engine } from '../../adapters/engine.js';
import { majorNumber, PERCENT_100, rateNumber } from '../../core/money.js';
import type { DocumentOptions, ProductDefaults } from './read.js';
import type { TransactionItemOutput, TransactionRequestOutput } from './request.js';
import { amountIn, currencyOf, dateOf, documentExchangeRate, itemAmounts, percentUnits, type Path } from './common.js';

export type { Path } from './common.js';
import { shippingOf, type DocumentShipping } from './shipping.js';


/** An item read and priced before tax (the k-th of the request's items). */
export interface PricedItem {
  readonly item: TransactionItemOutput;
  readonly country: string;
  readonly taxCode: TaxCodeId;
  readonly productType: ProductType;
  readonly subtotal: bigint;
  /** The item's own discount rate, in rate units. */
  readonly discountUnits: number;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly discountRate: number;
  /** The item's taxes as its request gives them (rate units), or null for the engine's. */
  readonly given: GivenPair | null;
  /** Its product's `tax_type` is `included`: `subtotal` and `discount` are gross, taxes included. */
  readonly inclusive: boolean;
  /** Its product's `tax_based_on` is `country`: it is taxed in its tax country as such, never at the customer's or the shipping address. */
  readonly productPlace: boolean;
}

/** A tax an item's request gives. */
type RequestTax = GivenPair['main'];

/** Checks a country as typed (406 when it is no ISO 3166-1 country). */
function countryIssue(engine: Engine, path: Path, value: string | undefined, issues: TaxRulesIssue[]): void {
  if (value !== undefined && engine.rules.countryOf(value) === null) issues.push({ path, code: 'invalid_value', message: `${path.join('.')} ${value} is not an ISO 3166-1 country code` });
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

/** Items read before tax: subtotal, own discount rate, where their taxes come from. */
function readItems(req: TransactionRequestOutput, seller: PreparedAccount, o: DocumentOptions, engine: Engine, currency: string, minorUnits: number, issues: TaxRulesIssue[]): PricedItem[] {
  const out: PricedItem[] = [];
  (req.items ?? []).forEach((item, index) => {
    const path: Path = ['items', index];
    countryIssue(engine, [...path, 'tax', 'country'], item.tax.country, issues);
    // An item without its own discount_rate takes its new contact's default discount (the spec's contact `discount`).
    const byContact = item.discount_rate === undefined && req.customer?.discount != null;
    const discount = { rate: item.discount_rate ?? req.customer?.discount ?? 0, path: byContact ? ['customer', 'discount'] : [...path, 'discount_rate'] };
    const amounts = itemAmounts(item, discount, minorUnits, currency, path, issues);
    const product = productOf(item, o, engine, path, issues);
    const taxCode = item.tax.tax_code ?? product?.tax_class ?? seller.defaultTaxCode;
    const productType = productTypeOf(engine.rules, taxCode, product?.product_type, seller.defaultProductType, { path: [...path, 'product_code'], issues });
    const given = givenTaxes(item, path, issues);
    if (item.tax.import === true && given === null) {
      issues.push({ path: [...path, 'tax', 'import'], code: 'unprocessable', message: `${path.join('.')}.tax.import: an import is taxed by where the goods come from, which a transaction does not say: give the item's tax (name and rate: 0 when the customer pays import VAT at the border, the destination's rate under an import scheme such as the EU's IOSS), or leave import out to have the item taxed as a sale from the account's address` });
    }
    if (amounts === null) return;
    out.push({
      item,
      country: canonicalCountry(engine.rules, item.tax.country),
      taxCode,
      productType,
      subtotal: amounts.subtotal,
      discountUnits: amounts.discountUnits,
      quantity: item.quantity ?? 1,
      unitPrice: majorNumber(amounts.unit, minorUnits),
      discountRate: rateNumber(amounts.discountUnits),
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

/** The coupon of `options.coupon`, read in the document's currency (null without one, or with an issue added). */
function couponOf(o: DocumentOptions, currency: string, minorUnits: number, issues: TaxRulesIssue[]): Coupon | null {
  const c = o.coupon;
  if (c === undefined) return null;
  if (c.percent !== undefined) {
    const units = percentUnits(c.percent, ['options', 'coupon', 'percent'], issues);
    return units === null ? null : { percentUnits: units };
  }
  const amount = amountIn(c.amount as number | string, minorUnits, currency, ['options', 'coupon', 'amount'], issues);
  return amount === null ? null : { amount };
}

/** A sale's request read: its currency, date, items priced before tax, coupon and exchange rate. */
export interface ReadSale {
  readonly currency: string;
  readonly minorUnits: number;
  readonly date: string;
  readonly items: readonly PricedItem[];
  /** The coupon, or null without one (or with an issue). */
  readonly coupon: Coupon | null;
  /** Where the coupon's refusal goes among the read's issues: after the items' and the coupon's own, as the request reads. */
  readonly couponAt: number;
  readonly exchangeRate: number | undefined;
  /** The delivery charge, or null without one. */
  readonly shipping: DocumentShipping | null;
  /** The contact's own tax status (exempt, or reverse charge), the sale's exemption. */
  readonly exemption: CustomerExemption | undefined;
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
}

/** Reads a sale's request, its issues added to `issues` (thrown at once for a currency that is none). */
export function readSale(req: TransactionRequestOutput, seller: PreparedAccount, o: DocumentOptions, engine: Engine, issues: TaxRulesIssue[]): ReadSale {
  const currency = currencyOf(req, seller, engine, issues);
  const date = dateOf(req, o.createdAt);
  customerIssues(req, o, engine, issues);
  // A certificate goes with an exempt contact: with any other status it would be kept while the tax is charged.
  const exemption = exemptionOf(req.customer?.tax_status, req.customer?.exemption_certificate, 'customer.tax_status', 'customer.exemption_certificate', issues);
  productCountryIssues(o, engine, issues);
  countryIssue(engine, ['shipping_address', 'country'], req.shipping_address?.country, issues);
  if (o.itemIds !== undefined && req.items !== undefined && o.itemIds.length !== req.items.length) {
    issues.push({ path: ['options', 'itemIds'], code: 'malformed', message: `options.itemIds has ${o.itemIds.length} ids for ${req.items.length} items` });
  }
  if (currency === null) throw errorFromIssues(issues);
  const minorUnits = engine.rules.currencies.get(currency) as number;
  const items = readItems(req, seller, o, engine, currency, minorUnits, issues);
  const coupon = couponOf(o, currency, minorUnits, issues);
  const couponAt = issues.length;
  const exchangeRate = documentExchangeRate(currency, seller.currency, date, req.exchange_rate, o.exchangeRate, o.exchangeRates, issues);
  const shipping = shippingOf(req.shipping_cost, currency, minorUnits, issues);
  return { currency, minorUnits, date, items, coupon, couponAt, exchangeRate, shipping, exemption };
}
