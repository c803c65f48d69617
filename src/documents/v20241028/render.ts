/**
 * A v20241028 sale's priced lines as document items: each line's taxes folded into the
 * document's two tax slots (a decision's tax groups, or the taxes the request gives), its net and
 * status, and the items of the shipping cost.
 */
import type { Decision, TaxCodeId, TaxLine, TaxStatus } from '../../core/types.js';
import type { TaxRulesIssue } from '../../core/errors.js';
import { canonicalCountry } from '../../core/location.js';
import { normalMinor, PERCENT_100, type Minor } from '../../core/money.js';
import { taxableAmount, type Priced } from '../../core/pricing.js';
import { foldGroup, notesOf } from '../../core/determine.js';
import type { GivenTax, PricedLine, SoldLine, UndecidedLine } from '../../core/sale.js';
import type { Engine } from '../../adapters/engine.js';
import { majorNumber } from '../../core/money.js';
import type { ItemParts, TaxSlot } from '../assemble.js';
import { netParts } from './inclusive.js';
import type { DocumentOptions } from './read.js';
import type { PricedItem, ReadSale } from './items.js';
import type { ShippingGroup } from './price.js';

/** One tax group of a decision folded into a slot, as v20241028 reports a group: the first line's name, the combined rate. */
function slotOfGroup(d: Decision, lines: readonly TaxLine[], taxes: readonly bigint[], net: bigint, taxCode: TaxCodeId): TaxSlot {
  const first = lines[0] as TaxLine;
  const { name, rateUnits, partUnits } = foldGroup(lines, first.group) as Pick<TaxLine, 'name' | 'rateUnits' | 'partUnits'>;
  const local = d.jurisdiction.country === first.jurisdiction.country && lines.length > 1;
  return {
    name,
    rateUnits: Math.round(rateUnits),
    partUnits,
    country: first.jurisdiction.country,
    region: first.jurisdiction.region,
    county: local ? d.jurisdiction.county : null,
    city: local ? d.jurisdiction.city : null,
    transactionType: taxCode,
    amount: taxes.reduce((a, b) => a + b, 0n),
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

/** An item's taxes: the request's, none for an exempt or reverse-charged contact, or the engine's (null with an issue added when it has none). */
export function itemTaxes(p: PricedItem, due: bigint, line: SoldLine | null, engine: Engine, issues: TaxRulesIssue[], notes: string[]): ItemTaxes | null {
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
export function itemParts(p: PricedItem, k: number, read: ReadSale, o: DocumentOptions, t: ItemTaxes): ItemParts {
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
export function shippingParts(read: ReadSale, groups: readonly ShippingGroup[], engine: Engine, notes: string[], issues: TaxRulesIssue[]): ItemParts[] {
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
