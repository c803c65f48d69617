/**
 * Items priced with tax included (a product whose `tax_type` is `included`): the pricing
 * routine (`price`, core/pricing.ts) solves the net of a gross amount so that net + taxes =
 * gross exactly, and a document item shows that net as `subtotal_cents − discount_cents`.
 * This is how the item's gross subtotal and gross discount are shown in net terms.
 */
import { normalMinor } from '../../core/money.js';
import { price, type PricingLine } from '../../core/pricing.js';

/**
 * The net `subtotal` and `discount` of an item priced with tax included, whose gross subtotal
 * (quantity × gross unit price) less its gross discounts was solved to `net` under `lines`:
 * the subtotal is the net of the gross subtotal, solved the same way, and the discount what
 * comes off it down to the item's net, so that subtotal − discount = net exactly. Without a
 * discount the subtotal is the net itself. When taxes in two groups round the larger amount's
 * net one unit under the smaller's (each group rounds on its own), the subtotal is the net and
 * the discount 0 rather than negative.
 */
export function netSplit(grossSubtotal: bigint, grossDiscount: bigint, net: bigint, lines: readonly PricingLine[]): { subtotal: bigint; discount: bigint } {
  return netParts(grossDiscount === 0n ? null : BigInt(price(lines, normalMinor(grossSubtotal), 'inclusive').subtotal), net);
}

/**
 * The net `subtotal` and `discount` shown for an item priced with tax included whose net is
 * `net`, given the net of its gross subtotal (`listNet`, as the sale routine solved it; null
 * without a discount), as `netSplit` says.
 */
export function netParts(listNet: bigint | null, net: bigint): { subtotal: bigint; discount: bigint } {
  if (listNet === null) return { subtotal: net, discount: 0n };
  const subtotal = listNet > net ? listNet : net;
  return { subtotal, discount: subtotal - net };
}

/** The pricing lines of a document item's taxes: its main tax and, when it has one, its second, as `price` reads them. */
export function itemLines(tax1: { rateUnits: number; partUnits: number }, tax2: { rateUnits: number; partUnits: number } | null): PricingLine[] {
  const lines: PricingLine[] = [{ group: 'main', rateUnits: tax1.rateUnits, partUnits: tax1.partUnits }];
  if (tax2 !== null) lines.push({ group: 'additional', rateUnits: tax2.rateUnits, partUnits: tax2.partUnits });
  return lines;
}
