/**
 * A v20260309 refund: the part of its sale's items (and shipping cost) it refunds, with
 * the sale's taxes prorated by the one refund routine (core/refund.ts, cumulative), read from the
 * sale and the earlier refunds the caller hands over.
 */
import type { CalculationLineResult, LineTax, ShippingCostResult } from '../../adapters/schemas.js';
import type { TaxBehavior } from '../../core/types.js';
import { dayNumber } from '../../core/dates.js';
import { errorFromIssues, quoted, TaxRulesError, type TaxRulesIssue } from '../../core/errors.js';
import { checkBySchema } from '../../adapters/issues.js';
import { ownCopy } from '../../adapters/read.js';
import { transactionSchemas } from './schemas.js';
import { refundedPart, type SoldItem } from '../../core/refund.js';
import type { Context, Parsed, Path, Stored, TaxTransaction, Taxed } from './types.js';
import { amountAt, breakdownOf, ownShipping } from './totals.js';
import { absOf, minorOfText, moneyText, signOf } from '../../core/money.js';
import { customerOf } from './sale.js';

/** A stored transaction handed over in the options, read by the answer's schema. */
function readStored(value: unknown, path: Path): TaxTransaction {
  const schema = transactionSchemas().result;
  const parsed = checkBySchema(schema, ownCopy(value, 7, 10_000), path);
  if (!parsed.success) throw errorFromIssues(parsed.issues);
  return parsed.data as unknown as TaxTransaction;
}

/** The figures of a stored item, checked to add up as this library makes them (magnitudes and the sign). */
function soldItemOf(item: CalculationLineResult, mu: number, path: Path): { sold: SoldItem; sign: number } | TaxRulesIssue {
  const read = (t: string): bigint | null => minorOfText(t, mu);
  const amount = read(item.amount);
  const subtotal = read(item.amount_subtotal);
  const tax = read(item.amount_tax);
  const total = read(item.amount_total);
  const taxes = item.taxes.map((t) => read(t.amount));
  const taxable = item.taxes.map((t) => read(t.taxable_amount));
  const bad = (why: string): TaxRulesIssue => ({ path, code: 'unprocessable', message: `${path.join('.')} (${quoted(item.reference, 40)}) ${why}; pass the sale as computeTransaction answered it` });
  if (amount === null || subtotal === null || tax === null || total === null || taxes.includes(null) || taxable.includes(null)) return bad('has amounts in other decimals than the currency');
  const s = signOf(amount);
  const inclusive = item.tax_behavior === 'inclusive';
  let sum = 0n;
  for (const t of taxes as bigint[]) sum += t;
  const addsUp = sum === tax && subtotal + tax === total && (inclusive ? total === amount : subtotal === amount);
  const signed = [subtotal, ...(taxes as bigint[]), ...(taxable as bigint[])].every((v) => v === 0n || signOf(v) === s);
  if (!addsUp || !signed) return bad('does not add up (amount, subtotal, taxes and total)');
  return { sold: { amount: absOf(amount), inclusive, taxes: (taxes as bigint[]).map(absOf), taxable: (taxable as bigint[]).map(absOf) }, sign: s };
}

/** The stored transactions a refund reads, each read once; 404 without the sale. */
export function storedOf(req: Parsed, ctx: Context, prefix: Path): Stored {
  if (ctx.options.original === undefined) {
    const at = [...prefix, 'refund_of_source_id'];
    throw new TaxRulesError('not_found', 404, [{ path: at, code: 'not_found', message: `${at.join('.')}: no sale ${quoted(req.refund_of_source_id, 60)} was handed over; pass it as options.original` }]);
  }
  const sale = readStored(ctx.options.original, ['options', 'original']);
  const earlier = (ctx.options.earlierRefunds ?? []).map((r, i) => readStored(r, ['options', 'earlierRefunds', i]));
  // Their totals read once, as amounts of the sale's currency: the sale's tax, and what the earlier refunds took of its total and tax.
  const minorUnits = ctx.engine.rules.currencies.get(sale.currency);
  const issues: TaxRulesIssue[] = [];
  const read = { saleTax: 0n, total: 0n, tax: 0n };
  [sale, ...earlier].forEach((t, i) => {
    const path: Path = i === 0 ? ['options', 'original'] : ['options', 'earlierRefunds', i - 1];
    for (const field of ['subtotal', 'total_tax', 'total'] as const) {
      const m = minorUnits === undefined ? null : minorOfText(t[field], minorUnits);
      if (m === null) issues.push({ path: [...path, field], code: 'malformed', message: `${[...path, field].join('.')} ${quoted(t[field], 40)} is no amount in ${sale.currency}` });
      else if (i === 0 && field === 'total_tax') read.saleTax = m;
      else if (i > 0 && field !== 'subtotal') read[field === 'total' ? 'total' : 'tax'] -= m;
    }
  });
  if (issues.length > 0) throw errorFromIssues(issues);
  return { sale, earlier, taxLeft: read.saleTax - read.tax, refundedBefore: { total: read.total, tax: read.tax } };
}

/** A refund: the part of the sale's items it refunds, with their prorated taxes. */
export function refundOf(req: Parsed, source: string, amounts: bigint[], mu: number, { sale, earlier }: Stored, prefix: Path): Taxed {
  const at = (...path: Path): Path => [...prefix, ...path];
  const name = (...path: Path): string => at(...path).join('.');
  const saleId = req.refund_of_source_id as string;
  const issues: TaxRulesIssue[] = [];
  if (sale.transaction_type !== 'sale') issues.push({ path: ['options', 'original', 'transaction_type'], code: 'unprocessable', message: `options.original is a ${sale.transaction_type}; a refund refunds a sale` });
  if (sale.source !== source || sale.source_id !== saleId) {
    issues.push({ path: at('refund_of_source_id'), code: 'unprocessable', message: `${name('refund_of_source_id')} names sale ${quoted(saleId, 60)} of source ${quoted(source, 40)}, but options.original is sale ${quoted(sale.source_id, 60)} of source ${quoted(sale.source, 40)}` });
  }
  if (sale.currency !== req.currency) issues.push({ path: at('currency'), code: 'unprocessable', message: `${name('currency')} ${req.currency} is not the sale's currency ${sale.currency}; a refund is in the currency of its sale` });
  if (req.day < dayNumber(sale.date)) issues.push({ path: at('date'), code: 'unprocessable', message: `${name('date')} ${req.date} is before the sale's date ${sale.date}` });
  const seenRefunds = new Set<string>([req.source_id]);
  earlier.forEach((r, i) => {
    const path: Path = ['options', 'earlierRefunds', i];
    if (r.transaction_type !== 'refund' || r.refund_of_source_id !== sale.source_id || r.source !== sale.source || r.currency !== sale.currency) {
      issues.push({ path, code: 'unprocessable', message: `${path.join('.')} is not a refund of sale ${quoted(sale.source_id, 60)} of source ${quoted(sale.source, 40)} in ${sale.currency}` });
    } else if (seenRefunds.has(r.source_id)) {
      issues.push({ path: [...path, 'source_id'], code: 'unprocessable', message: `${path.join('.')}.source_id ${quoted(r.source_id, 60)} is ${r.source_id === req.source_id ? "this refund's own source id" : 'given twice'}; a refund counts once` });
    } else seenRefunds.add(r.source_id);
  });
  if (issues.length > 0) throw errorFromIssues(issues);

  // What each item of the sale has had refunded so far.
  const saleItems = new Map(sale.items.map((item, i) => [item.reference, { item, index: i }]));
  const refundedBefore = new Map<string, bigint>();
  earlier.forEach((r, i) => {
    r.items.forEach((item, j) => {
      const path: Path = ['options', 'earlierRefunds', i, 'items', j];
      const m = minorOfText(item.amount, mu);
      if (!saleItems.has(item.reference) || m === null) {
        issues.push({ path, code: 'unprocessable', message: `${path.join('.')} (${quoted(item.reference, 40)}) refunds no item of the sale` });
        return;
      }
      refundedBefore.set(item.reference, (refundedBefore.get(item.reference) ?? 0n) - m);
    });
  });
  if (issues.length > 0) throw errorFromIssues(issues);

  const items: CalculationLineResult[] = [];
  const sums: Refunded<{ readonly taxes: readonly LineTax[] }>[] = [];
  req.items.forEach((item, i) => {
    const found = saleItems.get(item.reference);
    if (found === undefined) {
      issues.push({ path: at('items', i, 'reference'), code: 'unprocessable', message: `${name('items', i, 'reference')} ${quoted(item.reference, 60)} is no item of sale ${quoted(saleId, 60)}` });
      return;
    }
    const target = { path: at('items', i, 'amount'), name: `${name('items', i, 'amount')} ${item.amount}`, what: `item ${quoted(item.reference, 40)}`, of: 'of amount ', zero: 'a refunded item refunds some of its amount' };
    const refunded = refundedFigures(found.item, ['options', 'original', 'items', found.index], amounts[i] as bigint, refundedBefore.get(item.reference) ?? 0n, target, mu, issues);
    if (refunded === undefined) return;
    items.push({ reference: found.item.reference, quantity: item.quantity ?? 1, tax_code: found.item.tax_code, product_type: found.item.product_type, ...refunded.line });
    sums.push(refunded);
  });
  const refundedShipping = req.shipping_cost ? refundedShippingOf(req.shipping_cost.amount, mu, sale, earlier, at, issues) : undefined;
  if (issues.length > 0) throw errorFromIssues(issues);
  const shipping = refundedShipping?.line;
  if (refundedShipping !== undefined) sums.push(refundedShipping);
  let subtotal = 0n;
  let tax = 0n;
  for (const r of sums) {
    subtotal += r.subtotal;
    tax += r.tax;
  }
  const behaviors = new Set([...items, ...(shipping ? [shipping] : [])].map((i) => i.tax_behavior));
  const t: TaxTransaction = {
    id: null,
    source,
    source_id: req.source_id,
    transaction_type: 'refund',
    refund_of_source_id: saleId,
    status: 'taxed',
    supply_type: sale.supply_type,
    date: req.date,
    currency: sale.currency,
    tax_behavior: behaviors.size === 1 ? ([...behaviors][0] as TaxBehavior) : sale.tax_behavior,
    customer: customerOf(req),
    origin_address: sale.origin_address,
    subtotal: moneyText(subtotal, mu),
    total_tax: moneyText(tax, mu),
    total: moneyText(subtotal + tax, mu),
    items,
    ...(shipping === undefined ? {} : { shipping_cost: shipping }),
    tax_breakdown: breakdownOf(sums, mu),
    tax_context: sale.tax_context,
    tax_id_validation: sale.tax_id_validation,
    exchange_rate: null,
    discrepancy: null,
  };
  return { t, sums: { subtotal, tax, total: subtotal + tax } };
}

/** A sold line's part a refund takes: its figures (signed against the sale's), and its net, tax, and each tax's taxable amount and amount in minor units. */
interface Refunded<L> {
  readonly line: L;
  readonly subtotal: bigint;
  readonly tax: bigint;
  readonly taxable: readonly bigint[];
  readonly taxes: readonly bigint[];
}

/** What a refund names of a sold line (an item, or the shipping cost), for its issues. */
interface RefundTarget {
  readonly path: Path;
  /** The refunded amount's field and value, as the request gives them. */
  readonly name: string;
  /** The sold line ("item 'x'", "the sale's shipping cost"), and what precedes its amount ("of amount "). */
  readonly what: string;
  readonly of: string;
  /** Why a zero amount is refused. */
  readonly zero: string;
}

/**
 * The figures of a refund of `r` (in minor units, signed as the request gives them) of a sold
 * line that earlier refunds took `before` of (signed as theirs): its part of the line's amount,
 * subtotal, taxes and total by the one refund routine (core/refund.ts, cumulative), signed
 * against the sale's; undefined with its issue added when the line's figures do not add up,
 * or the amount is zero, of the other sign, or more than is left.
 */
function refundedFigures(sold: CalculationLineResult, soldPath: Path, r: bigint, before: bigint, target: RefundTarget, mu: number, issues: TaxRulesIssue[]): Refunded<Omit<CalculationLineResult, 'reference' | 'quantity' | 'tax_code' | 'product_type'>> | undefined {
  const read = soldItemOf(sold, mu, soldPath);
  if (!Object.hasOwn(read, 'sold')) {
    issues.push(read as TaxRulesIssue);
    return undefined;
  }
  const { sold: figures, sign: s } = read as { sold: SoldItem; sign: number };
  const left = figures.amount - absOf(before);
  const refused = (message: string): undefined => void issues.push({ path: target.path, code: 'unprocessable', message });
  if (r === 0n) return refused(`${target.path.join('.')} is zero; ${target.zero}`);
  if (s === 0 || signOf(r) !== s || (before !== 0n && signOf(before) !== s)) return refused(`${target.name} cannot refund ${target.what} ${target.of}${sold.amount}: a refunded amount has the sign of the sold one`);
  if (absOf(r) > left) return refused(`${target.name} is more than is left of ${target.what}: ${moneyText(BigInt(s) * left, mu)} of ${sold.amount} (${moneyText(BigInt(s) * absOf(before), mu)} refunded before)`);
  const part = refundedPart(figures, absOf(before), absOf(r));
  const sign = BigInt(-s);
  const signed = (v: bigint): string => moneyText(sign * v, mu);
  const line = {
    tax_behavior: sold.tax_behavior,
    amount: signed(sold.tax_behavior === 'inclusive' ? part.total : part.subtotal),
    amount_subtotal: signed(part.subtotal),
    amount_tax: signed(part.tax),
    amount_total: signed(part.total),
    taxes: sold.taxes.map((t, k): LineTax => ({ ...t, taxable_amount: signed(part.taxable[k] as bigint), amount: signed(part.taxes[k] as bigint) })),
    notes: [...sold.notes],
  };
  return { line, subtotal: sign * part.subtotal, tax: sign * part.tax, taxable: part.taxable.map((v) => sign * v), taxes: part.taxes.map((v) => sign * v) };
}

/**
 * The part of the sale's shipping cost a refund refunds (`amount`, signed as the sale's), its
 * taxes prorated cumulatively as an item's are: refunding all of it, in any steps, nets it to
 * zero. Its issues (no shipping cost in the sale, more than is left) are added to `issues`.
 */
function refundedShippingOf(amount: string, mu: number, sale: TaxTransaction, earlier: readonly TaxTransaction[], at: (...path: Path) => Path, issues: TaxRulesIssue[]): Refunded<ShippingCostResult> | undefined {
  const path = at('shipping_cost', 'amount');
  const r = amountAt(amount, mu, sale.currency, path, issues);
  const sold = ownShipping(sale);
  if (r === null) return undefined;
  if (sold === undefined) {
    issues.push({ path: at('shipping_cost'), code: 'unprocessable', message: `${at('shipping_cost').join('.')}: sale ${quoted(sale.source_id, 60)} has no shipping cost to refund` });
    return undefined;
  }
  // What the earlier refunds took of it (their figures are signed against the sale's).
  let before = 0n;
  earlier.forEach((e, i) => {
    const theirs = ownShipping(e);
    if (theirs === undefined) return;
    const m = minorOfText(theirs.amount, mu);
    if (m === null) issues.push({ path: ['options', 'earlierRefunds', i, 'shipping_cost', 'amount'], code: 'malformed', message: `options.earlierRefunds.${i}.shipping_cost.amount is no amount in ${sale.currency}` });
    else before -= m;
  });
  const target = { path, name: `${path.join('.')} ${amount}`, what: "the sale's shipping cost", of: 'of ', zero: 'leave shipping_cost out to refund none of it' };
  return refundedFigures({ ...sold, reference: 'shipping_cost' } as unknown as CalculationLineResult, ['options', 'original', 'shipping_cost'], r, before, target, mu, issues) as Refunded<ShippingCostResult> | undefined;
}
