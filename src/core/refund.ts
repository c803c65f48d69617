/**
 * The refund routine of taxrules: what part of a sold item's taxes a refund of part of its
 * amount carries. Exact, on magnitudes in minor units (BigInt); the caller puts the signs
 * back. Credit notes (v20241028 refund transactions and `buildCreditNote`) and v20260309
 * refunds all take their figures from `refundedPart`; a credit note's ledger (what is left of
 * an invoice item once its credit notes are taken, and what a new one takes of it) is
 * `figuresLeft` and `creditedPart` below.
 *
 * Refunds are prorated **cumulatively**: after refunds of `p` of an item's amount `a` in all,
 * the refunded part of each of its figures is a function of `p` alone, `cum(p)`, and a refund
 * taking the refunded amount from `p` to `p + r` carries `cum(p + r) − cum(p)`. Hence:
 *
 * - the refunds of an item add up to `cum(total refunded)`, whatever the steps: a run of small
 *   refunds does not drift from one large one;
 * - `cum(a)` is the sale's own figure, so refunding all of an item nets it to zero exactly;
 * - every `cum` is non-decreasing and at most the sale's figure, so no refund carries a
 *   negative tax and the refunds never take more tax than the sale had (never below zero).
 *
 * Exclusive items (the amount is net): each tax is `round(t × p / a)` on its own, half up,
 * and the refunded net is `p` itself.
 *
 * Inclusive items (the amount is gross): the refunded gross is `p` and must split exactly into
 * net + taxes. The taxes together are `round(T × p / a)` (T = Σ t ≤ a), which rises by at most
 * `r` when `p` rises by `r`, so the refunded net `p − taxes` never falls either. That sum is
 * shared among the taxes by D'Hondt's divisor method (see `shareByWeights`), which is
 * house-monotone: a larger sum never gives any tax less.
 */

import { roundDiv } from './money.js';

/**
 * `h` units shared among weights by D'Hondt's method: the units go, one by one, to the weight
 * with the largest `w / (units so far + 1)`, the earlier on a tie. Every weight gets at least
 * the floor of its exact share (the method's lower quota), so the shares start there and at
 * most one unit per weight is given out one by one. The shares for `h` are the `h` largest of
 * all `w / j` in one fixed order, so those for `h + 1` contain them: no share ever falls as
 * `h` rises. With `h = Σ w` each weight gets itself.
 */
export function shareByWeights(h: bigint, weights: readonly bigint[]): bigint[] {
  let total = 0n;
  for (const w of weights) total += w;
  if (total === 0n) return weights.map(() => 0n);
  const shares = weights.map((w) => (w * h) / total);
  let left = h;
  for (const s of shares) left -= s;
  while (left > 0n) {
    let best = -1;
    for (let i = 0; i < weights.length; i++) {
      const w = weights[i] as bigint;
      if (w === 0n) continue;
      // w_i / (s_i + 1) > w_best / (s_best + 1), cross-multiplied.
      if (best < 0 || w * ((shares[best] as bigint) + 1n) > (weights[best] as bigint) * ((shares[i] as bigint) + 1n)) best = i;
    }
    shares[best] = (shares[best] as bigint) + 1n;
    left -= 1n;
  }
  return shares;
}

/** A sold item's figures, as magnitudes in minor units. */
export interface SoldItem {
  /** The amount as given (net when exclusive, gross when inclusive); > 0. */
  amount: bigint;
  inclusive: boolean;
  /** Each tax of the item. */
  taxes: readonly bigint[];
  /** Each tax's taxable amount. */
  taxable: readonly bigint[];
}

/** What a refund of part of a sold item carries (magnitudes). */
export interface RefundedPart {
  subtotal: bigint;
  taxes: bigint[];
  taxable: bigint[];
  tax: bigint;
  total: bigint;
}

/** The refunded taxes of an item once `p` of its amount is refunded in all. */
function cumulativeTaxes(item: SoldItem, p: bigint): bigint[] {
  const a = item.amount;
  if (!item.inclusive) return item.taxes.map((t) => roundDiv(t * p, a));
  let sum = 0n;
  for (const t of item.taxes) sum += t;
  return shareByWeights(roundDiv(sum * p, a), item.taxes);
}

/**
 * The part of a sold item a refund of `r` carries when `before` of it was refunded already
 * (0 < r, before + r ≤ amount).
 */
export function refundedPart(item: SoldItem, before: bigint, r: bigint): RefundedPart {
  const a = item.amount;
  const after = before + r;
  if (r <= 0n || before < 0n || after > a) throw new RangeError('a refund must be positive and within the amount left');
  const from = cumulativeTaxes(item, before);
  const to = cumulativeTaxes(item, after);
  const taxes = to.map((t, k) => t - (from[k] as bigint));
  const taxable = item.taxable.map((x) => roundDiv(x * after, a) - roundDiv(x * before, a));
  let tax = 0n;
  for (const t of taxes) tax += t;
  return item.inclusive ? { subtotal: r - tax, taxes, taxable, tax, total: r } : { subtotal: r, taxes, taxable, tax, total: r + tax };
}

/**
 * An item's figures as a ledger of credit notes holds them (magnitudes in minor units): its
 * net, and each tax's amount and taxable base. What a credit note takes of a sold item, and
 * what is left of it, are figures too.
 */
export interface ItemFigures {
  readonly net: bigint;
  readonly taxes: readonly bigint[];
  readonly taxable: readonly bigint[];
}

/** The net and taxes of figures together: what a gross amount of them is. */
export function grossOf(f: ItemFigures): bigint {
  let gross = f.net;
  for (const t of f.taxes) gross += t;
  return gross;
}

/** What is left of sold figures once `credited` are taken: each figure less theirs (negative where more was credited than sold). */
export function figuresLeft(sold: ItemFigures, credited: readonly ItemFigures[]): ItemFigures {
  const left = { net: sold.net, taxes: [...sold.taxes], taxable: [...sold.taxable] };
  for (const c of credited) {
    left.net -= c.net;
    c.taxes.forEach((t, k) => (left.taxes[k] = (left.taxes[k] as bigint) - t));
    c.taxable.forEach((x, k) => (left.taxable[k] = (left.taxable[k] as bigint) - x));
  }
  return left;
}

/**
 * What a credit of `amount` takes of a sold item, `left` of it not credited yet: the refund
 * routine's part of the item as sold, for a refund taking what was credited so far to that
 * plus `amount`. `gross`: the amount is net and taxes together, else the net. Crediting all
 * that is left takes exactly what is left.
 *
 * On credits issued by this routine a part never takes more of a figure than is left (the
 * routine's proof). Credits made otherwise (by hand, or crediting one item both by net and by
 * gross) may have taken a unit more or less of a figure than the routine's sum: the part is
 * then kept within what is left, each tax and base at most what is left of it and the net at
 * most its rest, the difference going to the taxes in their order (there is room, as the
 * amount is at most what is left), so that a sale and its credits never fall below zero.
 */
export function creditedPart(sold: ItemFigures, left: ItemFigures, amount: bigint, gross: boolean): ItemFigures {
  const leftAmount = gross ? grossOf(left) : left.net;
  if (amount === leftAmount) return left;
  const item: SoldItem = { amount: gross ? grossOf(sold) : sold.net, inclusive: gross, taxes: sold.taxes, taxable: sold.taxable };
  const part = refundedPart(item, item.amount - leftAmount, amount);
  const most = (v: bigint, rest: bigint): bigint => (v > rest ? rest : v);
  const taxes = part.taxes.map((t, k) => most(t, left.taxes[k] as bigint));
  const taxable = part.taxable.map((x, k) => most(x, left.taxable[k] as bigint));
  if (!gross) return { net: part.subtotal, taxes, taxable };
  // Net and taxes add up to the amount; a net beyond its rest gives its excess to the taxes.
  let over = amount - left.net;
  for (const t of taxes) over -= t;
  taxes.forEach((t, k) => {
    if (over <= 0n) return;
    const raised = k === taxes.length - 1 ? t + over : most(t + over, left.taxes[k] as bigint);
    over -= raised - t;
    taxes[k] = raised;
  });
  let net = amount;
  for (const t of taxes) net -= t;
  return { net, taxes, taxable };
}
