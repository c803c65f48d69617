/**
 * A v20241028 sale's priced lines as document items: each line's taxes in the document's two
 * tax slots (a decision's tax groups, or the taxes the request gives, folded by the sale's
 * pricing: core/determine.ts, priceFoldedSale), its net and status, and the items of the shipping cost.
 */
import type { TaxCodeId, TaxLine, TaxStatus } from '../../core/types.js';
import type { TaxRulesIssue } from '../../core/errors.js';
import { majorNumber, PERCENT_100 } from '../../core/money.js';
import type { Priced } from '../../core/pricing.js';
import type { FoldedSoldLine, FoldedTax } from '../../core/determine.js';
import type { ItemParts, TaxSlot } from '../assemble.js';
import type { DocumentOptions } from './read.js';
import type { PricedDelivery, PricedDocument } from '../../core/document-sale.js';
import type { PricedItem, ReadSale } from './items.js';

/**
 * The net `subtotal` and `discount` shown for an item priced with tax included (its product's
 * `tax_type` is `included`): the pricing routine solves the net of its gross so that net +
 * taxes = gross exactly, and the item shows that net as `subtotal_cents − discount_cents`:
 * without a discount (`listNet` null) the net is the subtotal; with one, the subtotal is the
 * net of the gross subtotal (`listNet`, solved the same way) and the discount what comes off it
 * down to the net. When taxes in two groups round the larger amount's net one unit under the
 * smaller's (each group rounds on its own), the subtotal is the net and the discount 0 rather
 * than negative.
 */
export function netParts(listNet: bigint | null, net: bigint): { subtotal: bigint; discount: bigint } {
  if (listNet === null) return { subtotal: net, discount: 0n };
  const subtotal = listNet > net ? listNet : net;
  return { subtotal, discount: subtotal - net };
}

/** What an item is charged: its taxes, its net, its status. */
interface ItemTaxes {
  readonly tax1: TaxSlot;
  readonly tax2: TaxSlot | null;
  readonly net: bigint;
  readonly status: TaxStatus | null;
  /** The net of the item's gross subtotal, as the sale solved it for an item priced with tax included and discounted; else null. */
  readonly listNet: bigint | null;
}

/**
 * A line's taxes in slots, its notes added to `notes`: each tax group where its first line's
 * jurisdiction is (a local group with the decision's county and city), or, nothing decided,
 * at the item's tax country and region (`place`); a line of no taxes has one slot of none.
 */
function taxesOf(line: FoldedSoldLine, place: { readonly country: string; readonly region: string | null }, taxCode: TaxCodeId, notes: string[]): ItemTaxes {
  const folded = line.folded as NonNullable<FoldedSoldLine['folded']>;
  for (const note of folded.notes) if (!notes.includes(note)) notes.push(note);
  const d = line.decision;
  const net = BigInt((line.priced as Priced).subtotal);
  const at = (t: FoldedTax | undefined): Pick<TaxSlot, 'country' | 'region' | 'county' | 'city'> => {
    if (d === null) return { country: place.country, region: place.region, county: null, city: null };
    const j = t === undefined ? d.jurisdiction : (t.lines[0] as TaxLine).jurisdiction;
    const local = t !== undefined && d.jurisdiction.country === j.country && t.lines.length > 1;
    return { country: j.country, region: j.region, county: local ? d.jurisdiction.county : null, city: local ? d.jurisdiction.city : null };
  };
  const slot = (t: FoldedTax | undefined): TaxSlot => ({
    name: t === undefined ? null : t.name,
    rateUnits: t === undefined ? 0 : Math.round(t.rateUnits),
    partUnits: t === undefined ? PERCENT_100 : t.partUnits,
    ...at(t),
    transactionType: taxCode,
    amount: t === undefined ? 0n : BigInt(t.amount),
    base: t === undefined ? net : BigInt(t.base),
  });
  const [first, second] = folded.taxes;
  // The net of a line's amount before discounts, when the sale priced one.
  const listNet = Object.hasOwn(line, 'listNet') && line.listNet !== undefined ? BigInt(line.listNet) : null;
  return { tax1: slot(first), tax2: second === undefined ? null : slot(second), net, status: d === null ? line.status : d.status, listNet };
}

/** An item's taxes: the request's, none for an exempt or reverse-charged contact, or the engine's (null with an issue added when it has none). */
export function itemTaxes(p: PricedItem, k: number, line: FoldedSoldLine | null, issues: TaxRulesIssue[], notes: string[]): ItemTaxes | null {
  if (line === null) return null;
  const d = line.decision;
  if (d?.reason === 'unsupported_country') {
    issues.push({ path: ['items', k, 'tax', 'country'], code: 'unprocessable', message: `items.${k}: taxrules has no tax rules for ${p.country} yet; give the item's tax (name and rate) rather than issue a document without it` });
    return null;
  }
  // The product's place as the rules read it (a territory such as Monaco is taxed as France).
  if (d !== null && p.productPlace && d.jurisdiction.country !== (d.customerJurisdiction?.country ?? p.country)) {
    // The rules place this supply elsewhere (a service to a consumer, where the seller is): taxing it in the product's country is the request's to say.
    issues.push({
      path: ['items', k, 'tax'],
      code: 'unprocessable',
      message: `items.${k}: its product is taxed in ${p.country} (tax_based_on: country), but taxrules's rules place this supply in ${d.jurisdiction.country} (as sold to a customer there); give the item's tax (name and rate) for ${p.country}`,
    });
    return null;
  }
  return taxesOf(line, { country: p.country, region: p.item.tax.region ?? null }, p.taxCode, notes);
}

/** An item of the document: how it describes itself, and what it is charged (priced with tax included: the net of its gross subtotal shown, `listNet`, and the discount down to its net). */
function partsOf(shown: Pick<ItemParts, 'id' | 'description' | 'productCode' | 'quantity' | 'unitPrice' | 'discountRate' | 'subtotal' | 'discount'>, t: ItemTaxes, inclusive: boolean): ItemParts {
  const net = inclusive ? netParts(t.listNet, t.net) : { subtotal: shown.subtotal, discount: shown.discount };
  return { ...shown, ...net, tax1: t.tax1, tax2: t.tax2, status: t.status, ...(inclusive ? { taxIncluded: true } : {}) };
}

/** An item's parts: as the request gives it, or, priced with tax included, its gross unit price with the net of its gross subtotal and the discount down to its net. */
export function itemParts(p: PricedItem, k: number, priced: PricedDocument, o: DocumentOptions, t: ItemTaxes): ItemParts {
  const id = o.itemIds ? (o.itemIds[k] as number) : null;
  const discount = (priced.discounts.own[k] as bigint) + (priced.discounts.coupon[k] as bigint);
  const shown = {
    id,
    description: p.item.description ?? null,
    productCode: p.item.product_code ?? null,
    quantity: p.quantity,
    unitPrice: p.unitPrice,
    discountRate: p.discountRate,
    subtotal: p.subtotal,
    discount,
  };
  return partsOf(shown, t, p.inclusive);
}

/**
 * The items of the shipping cost: one per group of shares (place, tax code and product type of
 * the goods), its taxes the engine's for its line, none for a contact's own status, with the
 * decision's notes (the delivery rule's among them).
 */
export function shippingParts(read: ReadSale, groups: readonly PricedDelivery[], notes: string[], issues: TaxRulesIssue[]): ItemParts[] {
  const charge = read.shipping;
  if (charge === null) return [];
  return groups.flatMap((g) => {
    const goods = read.items[g.first] as PricedItem;
    if (g.priced === null) {
      // Its goods' sale gave no line (their own issue is listed): never a document without this part of the charge.
      if (issues.length === 0) issues.push({ path: ['shipping_cost'], code: 'unprocessable', message: `shipping_cost: its share with the goods to ${goods.country} could not be taxed` });
      return [];
    }
    // At the place of the first goods item it is shared with.
    const t = { ...taxesOf(g.priced, { country: goods.country, region: goods.item.tax.region ?? null }, g.line.taxCode, notes), listNet: null };
    const amount = BigInt(g.line.amount);
    const shown = {
      id: null,
      description: charge.description,
      productCode: null,
      quantity: 1,
      unitPrice: majorNumber(amount, read.minorUnits),
      discountRate: 0,
      subtotal: amount,
      discount: 0n,
    };
    return [partsOf(shown, t, charge.inclusive)];
  });
}
