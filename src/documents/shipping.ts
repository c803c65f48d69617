/**
 * The delivery charge of a v20241028 sale (`shipping_cost`, a taxrules field beside the
 * spec's): what the seller charges for delivering the goods, stated apart from them. As in a
 * calculation, it is shared between the goods items in proportion to their amounts (exactly:
 * `apportion`), each share decided as its goods are and then by the taxes' delivery rules
 * (core/delivery.ts). A document item holds one place and two tax slots, so the charge
 * becomes one item per place, tax code and product type of the goods it is shared with.
 */
import { errorFromIssues, type TaxRulesIssue } from '../core/errors.js';
import type { RuleSet } from '../core/ruleset.js';
import { isGoods } from '../core/taxability.js';
import type { ProductType, TaxCodeId } from '../core/types.js';
import { deliveryShares } from '../core/money.js';
import { amountIn } from './common.js';

/** A sale's delivery charge, read. */
export interface DocumentShipping {
  /** In minor units: net, or gross with `inclusive`. */
  readonly amount: bigint;
  /** `tax_type: included`: the amount is gross, its taxes included. */
  readonly inclusive: boolean;
  /** The description of its items (default `Shipping`). */
  readonly description: string;
}

/** What the shares are taken from: an item's place, codes, whether it gives its own taxes and is priced gross. */
export interface ShareableItem {
  readonly index: number;
  readonly taxCode: TaxCodeId;
  readonly productType: ProductType;
  readonly given: unknown;
  readonly inclusive: boolean;
}

/** The request's `shipping_cost`, read in the document's currency (null without one, or with an issue added). */
export function shippingOf(
  given: { readonly amount: number | string; readonly tax_type?: 'excluded' | 'included' | undefined; readonly description?: string | null | undefined } | null | undefined,
  currency: string,
  minorUnits: number,
  issues: TaxRulesIssue[],
): DocumentShipping | null {
  if (given === undefined || given === null) return null;
  const amount = amountIn(given.amount, minorUnits, currency, ['shipping_cost', 'amount'], issues);
  if (amount === null) return null;
  return { amount, inclusive: given.tax_type === 'included', description: given.description?.trim() || 'Shipping' };
}

const unprocessable = (message: string): TaxRulesIssue => ({ path: ['shipping_cost'], code: 'unprocessable', message });

/**
 * Each item's share of the charge, by position (0 for an item that is not goods): in
 * proportion to the goods items' amounts after discounts (`dues`), each share rounded down to
 * the minor unit and the units left to the largest remainders, all of it to the first goods
 * item when their amounts add up to 0. Refused (422) without goods items, with a goods item
 * that gives its own tax (its delivery rule is the request's to give), and with goods priced
 * both net and with tax included (shares of gross and net amounts are not in proportion).
 */
export function shippingShares(shipping: DocumentShipping, items: readonly ShareableItem[], dues: readonly bigint[], rules: RuleSet): bigint[] {
  const goods = items.flatMap((item, k) => (isGoods(rules, item.taxCode, item.productType) ? [k] : []));
  if (goods.length === 0) {
    throw errorFromIssues([unprocessable('shipping_cost is a charge for delivering goods, and no item is goods (product type good): add it to the item it is the price of, or leave it out')], 422);
  }
  const own = goods.find((k) => (items[k] as ShareableItem).given !== null);
  if (own !== undefined) {
    const index = (items[own] as ShareableItem).index;
    throw errorFromIssues([unprocessable(`shipping_cost is taxed as the goods it delivers, and items.${index} gives its own tax: give the delivery as an item with its tax, or leave the tax of items.${index} to taxrules`)], 422);
  }
  if (goods.some((k) => (items[k] as ShareableItem).inclusive) && goods.some((k) => !(items[k] as ShareableItem).inclusive)) {
    throw errorFromIssues([unprocessable('shipping_cost cannot be shared between goods priced with tax included and goods priced net: give the delivery as an item of each')], 422);
  }
  const parts = deliveryShares(shipping.amount, goods.map((k) => dues[k] as bigint));
  const shares = items.map(() => 0n);
  goods.forEach((k, g) => (shares[k] = parts[g] as bigint));
  return shares;
}
