/**
 * The delivery charge of a v20241028 sale (`shipping_cost`, a taxrules field beside the
 * spec's): what the seller charges for delivering the goods, stated apart from them, read
 * here. As in a calculation, the sale routine shares it between the goods items in proportion
 * to their amounts, each share decided as its goods are and then by the taxes' delivery rules
 * (core/delivery.ts). A document item holds one place and two tax slots, so the charge
 * becomes one item per place, tax code and product type of the goods it is shared with.
 */
import { errorFromIssues, type TaxRulesError, type TaxRulesIssue } from '../../core/errors.js';
import type { DeliveryRefusal } from '../../core/delivery.js';
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
 * Why the charge cannot be shared between the items (core/delivery.ts), in the request's
 * terms (422): no goods items; a goods item that gives its own tax (its delivery rule is the
 * request's to give); goods priced both net and with tax included (shares of gross and net
 * amounts are not in proportion).
 */
export function shippingRefusal(r: DeliveryRefusal): TaxRulesError {
  if (r.why === 'no_goods') {
    return errorFromIssues([unprocessable('shipping_cost is a charge for delivering goods, and no item is goods (product type good): add it to the item it is the price of, or leave it out')], 422);
  }
  if (r.why === 'given') {
    return errorFromIssues([unprocessable(`shipping_cost is taxed as the goods it delivers, and items.${r.at} gives its own tax: give the delivery as an item with its tax, or leave the tax of items.${r.at} to taxrules`)], 422);
  }
  return errorFromIssues([unprocessable('shipping_cost cannot be shared between goods priced with tax included and goods priced net: give the delivery as an item of each')], 422);
}
