/**
 * A v20260309 sale: its items taxed by the v20260309 calculation of the same lines (the
 * sale routine, core/sale.ts, through calculatePriced), so that a transaction and a calculation
 * agree to the minor unit; the calculation's issues named as the transaction's fields.
 */
import type { CalculationAddress, CalculationRequest } from '../../adapters/schemas.js';
import type { TaxBehavior } from '../../core/types.js';
import type { SellerAccount } from '../../adapters/account.js';
import { TaxRulesError, type TaxRulesIssue } from '../../core/errors.js';
import { calculatePriced, type CalculationOptions, type PricedCalculation } from '../../adapters/v20260309.js';
import type { Engine } from '../../adapters/engine.js';
import type { Context, Parsed, Path, TaxTransaction, TaxTransactionBatchOptions, TaxTransactionCustomerResult, Taxed } from './types.js';
import { ADDRESS_FIELDS } from '../../adapters/calculation-plain.js';
import { ownShipping } from './totals.js';

/** The calculation's fields that the transaction names otherwise. */
const RENAMED: Readonly<Record<string, string>> = {
  customer_address: 'customer.address',
  customer_tax_id: 'customer.tax_id',
  customer_tax_status: 'customer.tax_status',
  customer_exemption_certificate: 'customer.exemption_certificate',
  line_items: 'items',
  tax_date: 'date',
};

/** Issue paths of the calculation, as the transaction names the same fields. */
function transactionPath(path: Path): Path {
  const [head, ...rest] = path;
  return typeof head === 'string' && Object.hasOwn(RENAMED, head) ? [...(RENAMED[head] as string).split('.'), ...rest] : path;
}

/** An issue's message of the calculation, naming the transaction's fields (a line by its index). */
function transactionMessage(message: string): string {
  return message.replace(/\bline_items\.(\d+)/g, 'items.$1').replace(/\b(customer_address|customer_tax_id|customer_tax_status|customer_exemption_certificate|tax_date)\b/g, (name) => RENAMED[name] as string);
}

/** Runs the calculation (its answer and its priced sale's sums); its errors name the transaction's fields, under `prefix` (a batch's transaction) but for the account's and the options'. */
function calculated(request: CalculationRequest, account: SellerAccount, options: TaxTransactionBatchOptions, engine: Engine, prefix: Path): PricedCalculation {
  try {
    const o: CalculationOptions = { rules: options.rules, taxIdVerdict: options.taxIdVerdict, cache: options.cache, now: undefined };
    // Checked as calculate checks them (the transaction's options check rules, taxIdVerdict and cache alike): not again for each transaction of a batch.
    return calculatePriced(request, account, o, engine, true);
  } catch (e) {
    if (!(e instanceof TaxRulesError)) throw e;
    const issues = e.issues.map((i): TaxRulesIssue => {
      const named = { ...i, path: transactionPath(i.path), message: transactionMessage(i.message) };
      return prefix.length === 0 || i.path[0] === 'account' || i.path[0] === 'options' ? named : { ...named, path: [...prefix, ...named.path], message: `${prefix.join('.')}: ${named.message}` };
    });
    throw new TaxRulesError(e.code, e.status, issues);
  }
}

/** An address as the transaction answers it: its fields that have a value, in their order. */
function echoed(a: CalculationAddress): CalculationAddress {
  const out: Record<string, string> = {};
  for (const k of ADDRESS_FIELDS) {
    const v = (a as Record<string, string | undefined>)[k];
    if (v !== undefined) out[k] = v;
  }
  return out as unknown as CalculationAddress;
}

/** The customer as the transaction answers it. */
export function customerOf(req: Parsed): TaxTransactionCustomerResult {
  const c = req.customer;
  const certificate = c.exemption_certificate?.trim();
  return { name: c.name ?? null, tax_id: c.tax_id ?? null, address: echoed(c.address), ...(c.tax_status === undefined ? {} : { tax_status: c.tax_status }), ...(certificate ? { exemption_certificate: certificate } : {}) };
}

/** A sale: its items taxed by the calculation of the same lines, its totals the priced sale's. */
export function saleOf(req: Parsed, source: string, ctx: Context, prefix: Path): Taxed {
  const behavior: TaxBehavior = ctx.batch ? 'inclusive' : (req.tax_behavior ?? 'exclusive');
  // Every field given, undefined when absent: the calculation reads none of them from a prototype.
  const request: CalculationRequest = {
    customer_address: req.customer.address,
    customer_tax_id: req.customer.tax_id,
    customer_tax_status: req.customer.tax_status,
    customer_exemption_certificate: req.customer.exemption_certificate,
    origin_address: req.origin_address,
    currency: req.currency,
    tax_date: req.day * 86_400,
    tax_behavior: behavior,
    shipping_cost: req.shipping_cost ? { amount: req.shipping_cost.amount, tax_behavior: behavior } : undefined,
    line_items: req.items,
  };
  const priced = calculated(request, ctx.account, ctx.options, ctx.engine, prefix);
  const calc = priced.response;
  const t: TaxTransaction = {
    id: null,
    source,
    source_id: req.source_id,
    transaction_type: 'sale',
    refund_of_source_id: null,
    status: 'taxed',
    supply_type: calc.tax_context.origin.country === calc.tax_context.customer.country ? 'domestic' : 'cross_border',
    date: req.date,
    currency: calc.currency,
    tax_behavior: behavior,
    customer: customerOf(req),
    origin_address: req.origin_address ? echoed(req.origin_address) : null,
    subtotal: calc.subtotal,
    total_tax: calc.total_tax,
    total: calc.total,
    items: calc.line_items,
    ...(ownShipping(calc) === undefined ? {} : { shipping_cost: ownShipping(calc) }),
    tax_breakdown: calc.tax_breakdown,
    tax_context: calc.tax_context,
    tax_id_validation: calc.tax_id_validation,
    exchange_rate: null,
    discrepancy: null,
  };
  const { subtotal, tax, total } = priced.sums;
  return { t, sums: { subtotal: BigInt(subtotal), tax: BigInt(tax), total: BigInt(total) } };
}
