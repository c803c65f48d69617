/**
 * The figures of a v20260309 transaction: amounts in minor units, its tax breakdown, and
 * the tax a request gives in place of the one calculated (with the discrepancy).
 */
import type { LineTax, ShippingCostResult, TaxBreakdownEntry } from '../../adapters/schemas.js';
import { errorFromIssues, quoted, type TaxRulesIssue } from '../../core/errors.js';
import { absOf, minorOfText, moneyText, signOf } from '../../core/money.js';
import { hasOwn } from '../../adapters/input.js';
import type { TaxDiscrepancy } from './schemas.js';
import type { Path, Stored, Taxed } from './types.js';

/** An amount of the request in minor units, or null with its issue added (more decimals than the currency has). */
export function amountAt(text: string, mu: number, currency: string, path: Path, issues: TaxRulesIssue[]): bigint | null {
  const m = minorOfText(text, mu);
  if (m === null) issues.push({ path, code: 'malformed', message: `${path.join('.')} ${quoted(text, 60)} has more decimals than ${currency} allows (${mu})` });
  return m;
}

/** A transaction's (or calculation's) shipping cost: its own field only (one left out is not read from a polluted prototype). */
export function ownShipping(t: { readonly shipping_cost?: ShippingCostResult }): ShippingCostResult | undefined {
  return hasOwn.call(t, 'shipping_cost') ? t.shipping_cost : undefined;
}

/** The breakdown of lines (items, and a shipping cost) from their taxes in minor units: one entry per jurisdiction, tax, rate, status and reason, in the order they first occur. */
export function breakdownOf(lines: readonly { readonly line: { readonly taxes: readonly LineTax[] }; readonly taxable: readonly bigint[]; readonly taxes: readonly bigint[] }[], mu: number): TaxBreakdownEntry[] {
  const sums: { entry: Omit<TaxBreakdownEntry, 'taxable_amount' | 'amount'>; taxable: bigint; amount: bigint }[] = [];
  for (const { line, taxable, taxes } of lines) {
    line.taxes.forEach((t, k) => {
      let sum = sums.find((e) => e.entry.jurisdiction.id === t.jurisdiction.id && e.entry.name === t.name && e.entry.rate === t.rate && e.entry.status === t.status && e.entry.reason === t.reason);
      if (!sum) sums.push((sum = { entry: { jurisdiction: t.jurisdiction, name: t.name, rate: t.rate, status: t.status, reason: t.reason }, taxable: 0n, amount: 0n }));
      sum.taxable += taxable[k] as bigint;
      sum.amount += taxes[k] as bigint;
    });
  }
  return sums.map((s) => ({ ...s.entry, taxable_amount: moneyText(s.taxable, mu), amount: moneyText(s.amount, mu) }));
}

/**
 * The transaction with the tax the request gave (`total_tax`, signed as the transaction's
 * figures) in place of the one calculated, and the discrepancy between them. Exclusive items
 * keep their net (the total moves); inclusive ones their gross (the net moves). For a refund,
 * the given tax may not take the sale's tax below zero.
 */
export function withGivenTax({ t, sums }: Taxed, givenTax: bigint, mu: number, path: Path, stored: Stored | undefined): Taxed {
  const field = path.join('.');
  const { tax: calcTax, subtotal, total } = sums;
  const shipping = ownShipping(t);
  const behaviors = new Set([...t.items, ...(shipping ? [shipping] : [])].map((i) => i.tax_behavior));
  const fail = (message: string): never => {
    throw errorFromIssues([{ path, code: 'unprocessable', message }]);
  };
  if (behaviors.size > 1) fail(`${field} cannot be applied to items both exclusive and inclusive of tax`);
  const inclusive = behaviors.has('inclusive');
  const shown = (v: bigint): string => moneyText(t.transaction_type === 'refund' ? -v : v, mu);
  const direction = signOf(total) || signOf(subtotal);
  if (givenTax !== 0n && signOf(givenTax) !== direction) fail(`${field} ${shown(givenTax)} has the opposite sign of the transaction's total ${shown(total)}`);
  if (inclusive && absOf(givenTax) > absOf(total)) fail(`${field} ${shown(givenTax)} is more than the tax-inclusive total ${shown(total)}`);
  if (stored !== undefined && absOf(givenTax) > absOf(stored.taxLeft)) fail(`${field} ${shown(givenTax)} is more than is left of the sale's tax (${moneyText(stored.taxLeft, mu)}); a refund cannot take it below zero`);
  const difference = givenTax - calcTax;
  const discrepancy: TaxDiscrepancy = { total_tax: moneyText(givenTax, mu), calculated_total_tax: t.total_tax, difference: moneyText(difference, mu) };
  return inclusive
    ? { t: { ...t, subtotal: moneyText(subtotal - difference, mu), total_tax: moneyText(givenTax, mu), discrepancy }, sums: { subtotal: subtotal - difference, tax: givenTax, total } }
    : { t: { ...t, total_tax: moneyText(givenTax, mu), total: moneyText(total + difference, mu), discrepancy }, sums: { subtotal, tax: givenTax, total: total + difference } };
}
