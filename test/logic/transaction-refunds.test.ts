/**
 * Refunds of v20260309 transactions (computeTransaction with `refund_of_source_id`), as logic:
 * taxes prorated by the one refund routine, what is left after earlier refunds, a refund's
 * given total_tax, inclusive items refunded as gross, and every refusal. On the test rule set
 * (test/support/mini-rules.ts): a Calderan seller in Northmoor (GST 5 %, PST 7 %).
 */
import { describe, expect, it } from 'vitest';
import { computeTransaction, defineAccount, TaxRulesError, type TaxTransaction, type TaxTransactionRequest } from '../../src/index.js';
import { parseAmount } from '../../src/core/money.js';
import { refused } from '../helpers.js';
import { miniRules as rules } from '../support/mini-rules.js';

/** A seller registered for Caldera's GST and Northmoor's PST, in XTS (no conversion). */
const account = defineAccount({ country: 'XC', postal_code: '1000', currency: 'XTS', registrations: [{ jurisdiction_id: 903 }, { jurisdiction_id: 903001 }] }, rules);

/** A sale of the given items on 2026-06-01. */
function sale(items: TaxTransactionRequest['items'], extra: Partial<TaxTransactionRequest> = {}): TaxTransactionRequest {
  return { source_id: 'ch_1', date: '2026-06-01', currency: 'XTS', customer: { address: { country: 'XC', postal_code: '1000' } }, items, ...extra };
}

/** A refund of sale ch_1. */
function refund(items: TaxTransactionRequest['items'], extra: Partial<TaxTransactionRequest> = {}): TaxTransactionRequest {
  return { transaction_type: 'refund', source_id: 're_1', refund_of_source_id: 'ch_1', date: '2026-06-10', currency: 'XTS', customer: { address: { country: 'XC', postal_code: '1000' } }, items, ...extra };
}

const paths = (e: TaxRulesError): string[] => e.issues.map((i) => i.path.join('.'));
const minor = (text: string): bigint => {
  const p = parseAmount(text, 2);
  if (!p.ok) throw new Error(`not an amount: ${text}`);
  return BigInt(p.minor);
};

describe('computeTransaction: refunds', () => {
  // Northmoor: GST 5 % and PST 7 % on goods, GST only on consulting.
  const bc = { address: { country: 'XC', postal_code: '1000' } };
  const canadian = (items: TaxTransactionRequest['items'], extra: Partial<TaxTransactionRequest> = {}): TaxTransactionRequest => ({ ...sale(items, extra), currency: 'XTS', customer: bc });
  const sold = computeTransaction(
    canadian([
      { reference: 'book', amount: '10.00', tax_code: 'standard', product_type: 'good' },
      { reference: 'advice', amount: '100.00', tax_code: 'consulting' },
    ]),
    account,
    { rules },
  );
  const refundOf = (items: TaxTransactionRequest['items'], options: { earlierRefunds?: TaxTransaction[] } = {}, extra: Partial<TaxTransactionRequest> = {}) =>
    computeTransaction({ ...refund(items, extra), currency: 'XTS', customer: bc }, account, { rules, original: sold, ...options });

  it('refunds part of an item with its taxes prorated, as negative figures', () => {
    const r = refundOf([{ reference: 'book', amount: '3.33' }]);
    // GST 0.50 × 3.33 / 10.00 = 0.1665 → 0.17; PST 0.70 × 3.33 / 10.00 = 0.2331 → 0.23.
    expect(r).toMatchObject({ transaction_type: 'refund', refund_of_source_id: 'ch_1', status: 'taxed', supply_type: sold.supply_type, subtotal: '-3.33', total_tax: '-0.40', total: '-3.73' });
    expect(r.items[0]?.taxes.map((t) => [t.name, t.taxable_amount, t.amount])).toEqual([
      ['GST', '-3.33', '-0.17'],
      ['PST', '-3.33', '-0.23'],
    ]);
    expect(r.tax_breakdown.map((b) => [b.name, b.taxable_amount, b.amount])).toEqual([
      ['GST', '-3.33', '-0.17'],
      ['PST', '-3.33', '-0.23'],
    ]);
    expect(r.tax_context).toEqual(sold.tax_context);
  });

  it('refunds what is left after earlier refunds, and no more; a full refund in steps nets the sale to zero', () => {
    const first = refundOf([{ reference: 'book', amount: '3.33' }]);
    const second = refundOf([{ reference: 'book', amount: '6.67' }, { reference: 'advice', amount: '100.00' }], { earlierRefunds: [first] }, { source_id: 're_2' });
    expect(second.items[0]?.taxes.map((t) => t.amount)).toEqual(['-0.33', '-0.47']);
    for (const field of ['subtotal', 'total_tax', 'total'] as const) expect(minor(sold[field]) + minor(first[field]) + minor(second[field]), field).toBe(0n);
    const over = refused(() => refundOf([{ reference: 'book', amount: '6.68' }], { earlierRefunds: [first] }, { source_id: 're_2' }));
    expect([over.status, paths(over), over.issues[0]?.message]).toEqual([422, ['items.0.amount'], 'items.0.amount 6.68 is more than is left of item "book": 6.67 of 10.00 (3.33 refunded before)']);
    const nothingLeft = refused(() => refundOf([{ reference: 'book', amount: '0.01' }], { earlierRefunds: [first, second] }, { source_id: 're_3' }));
    expect(nothingLeft.status).toBe(422);
  });

  it('refuses a refund without its sale (404), or with a sale that is not the one it names (422)', () => {
    const none = refused(() => computeTransaction({ ...refund([{ reference: 'book', amount: '1.00' }]), currency: 'XTS', customer: bc }, account, { rules }));
    expect([none.status, none.code, paths(none)]).toEqual([404, 'not_found', ['refund_of_source_id']]);
    const other = refused(() => refundOf([{ reference: 'book', amount: '1.00' }], {}, { refund_of_source_id: 'ch_9' }));
    expect([other.status, paths(other)]).toEqual([422, ['refund_of_source_id']]);
    const otherSource = refused(() => refundOf([{ reference: 'book', amount: '1.00' }], {}, { source: 'shop' }));
    expect(paths(otherSource)).toEqual(['refund_of_source_id']);
    const refundAsSale = refused(() => computeTransaction({ ...refund([{ reference: 'book', amount: '1.00' }]), currency: 'XTS', customer: bc }, account, { rules, original: refundOf([{ reference: 'book', amount: '1.00' }]) }));
    expect(paths(refundAsSale)).toEqual(expect.arrayContaining(['options.original.transaction_type']));
  });

  it('refuses a refund in another currency, dated before its sale, of an unknown item, of zero or of the wrong sign', () => {
    const e = refused(() =>
      computeTransaction({ ...refund([{ reference: 'book', amount: '1.00' }]), currency: 'EUR', date: '2026-05-31', customer: bc }, account, { rules, original: sold }),
    );
    expect([e.status, paths(e)]).toEqual([422, ['currency', 'date']]);
    const items = refused(() => refundOf([{ reference: 'pen', amount: '1.00' }, { reference: 'book', amount: '0.00' }, { reference: 'advice', amount: '-1.00' }]));
    expect([items.status, paths(items)]).toEqual([422, ['items.0.reference', 'items.1.amount', 'items.2.amount']]);
  });

  it('refuses what would retax a refund: tax codes, product types, behaviors, an origin; requires refund_of_source_id', () => {
    const e = refused(() =>
      computeTransaction(
        { ...refund([{ reference: 'book', amount: '1.00', tax_code: 'exempt', product_type: 'service', tax_behavior: 'inclusive' }]), refund_of_source_id: undefined, currency: 'XTS', customer: bc, tax_behavior: 'inclusive', origin_address: { country: 'XC' } },
        account,
        { rules, original: sold },
      ),
    );
    expect([e.status, paths(e)]).toEqual([400, ['refund_of_source_id', 'tax_behavior', 'origin_address', 'items.0.tax_code', 'items.0.product_type', 'items.0.tax_behavior']]);
  });

  it('refuses earlier refunds of another sale, counted twice, or the refund itself', () => {
    const first = refundOf([{ reference: 'book', amount: '1.00' }]);
    const otherSale = computeTransaction({ ...canadian([{ reference: 'book', amount: '10.00', tax_code: 'standard', product_type: 'good' }]), source_id: 'ch_2' }, account, { rules });
    const ofOther = computeTransaction({ ...refund([{ reference: 'book', amount: '1.00' }], { refund_of_source_id: 'ch_2' }), currency: 'XTS', customer: bc }, account, { rules, original: otherSale });
    expect(paths(refused(() => refundOf([{ reference: 'book', amount: '1.00' }], { earlierRefunds: [ofOther] }, { source_id: 're_2' })))).toEqual(['options.earlierRefunds.0']);
    expect(paths(refused(() => refundOf([{ reference: 'book', amount: '1.00' }], { earlierRefunds: [first, first] }, { source_id: 're_2' })))).toEqual(['options.earlierRefunds.1.source_id']);
    expect(paths(refused(() => refundOf([{ reference: 'book', amount: '1.00' }], { earlierRefunds: [first] })))).toEqual(['options.earlierRefunds.0.source_id']);
  });

  it('refuses a stored sale that is not one this library answered, or whose figures do not add up', () => {
    const notOurs = refused(() => computeTransaction({ ...refund([{ reference: 'book', amount: '1.00' }]), currency: 'XTS', customer: bc }, account, { rules, original: { ...sold, items: 'x' } as never }));
    expect([notOurs.status, paths(notOurs)]).toEqual([400, ['options.original.items']]);
    const tampered = { ...sold, items: sold.items.map((i, k) => (k === 0 ? { ...i, amount_tax: '1.19' } : i)) };
    const e = refused(() => computeTransaction({ ...refund([{ reference: 'book', amount: '1.00' }]), currency: 'XTS', customer: bc }, account, { rules, original: tampered }));
    expect([e.status, paths(e)]).toEqual([422, ['options.original.items.0']]);
  });

  it('reads the sale back from JSON, as a store keeps it', () => {
    const stored = JSON.parse(JSON.stringify({ ...sold, id: 7 })) as TaxTransaction;
    const r = computeTransaction({ ...refund([{ reference: 'advice', amount: '50.00' }]), currency: 'XTS', customer: bc }, account, { rules, original: stored });
    expect([r.total_tax, r.total]).toEqual(['-2.50', '-52.50']);
  });

  it('uses a refund’s total_tax, which may not take the sale’s tax below zero; a sale with a given tax needs its refunds to give theirs', () => {
    const r = refundOf([{ reference: 'advice', amount: '100.00' }], {}, { total_tax: '4.90' });
    expect(r).toMatchObject({ total_tax: '-4.90', total: '-104.90', discrepancy: { total_tax: '-4.90', calculated_total_tax: '-5.00', difference: '0.10' } });
    const tooMuch = refused(() => refundOf([{ reference: 'advice', amount: '100.00' }], {}, { total_tax: '6.21' }));
    expect([tooMuch.status, tooMuch.issues[0]?.message]).toEqual([422, "total_tax 6.21 is more than is left of the sale's tax (6.20); a refund cannot take it below zero"]);
    const givenSale = computeTransaction(canadian([{ reference: 'advice', amount: '100.00', tax_code: 'consulting' }], { total_tax: '5.10' }), account, { rules });
    const missing = refused(() => computeTransaction({ ...refund([{ reference: 'advice', amount: '100.00' }]), currency: 'XTS', customer: bc }, account, { rules, original: givenSale }));
    expect([missing.status, paths(missing)]).toEqual([400, ['total_tax']]);
    const full = computeTransaction({ ...refund([{ reference: 'advice', amount: '100.00' }], { total_tax: '5.10' }), currency: 'XTS', customer: bc }, account, { rules, original: givenSale });
    expect(minor(full.total) + minor(givenSale.total)).toBe(0n);
  });

  it('refunds an inclusive item as gross: net and taxes add up to the amount refunded', () => {
    const gross = computeTransaction(canadian([{ reference: 'book', amount: '11.20', tax_code: 'standard', product_type: 'good' }], { tax_behavior: 'inclusive' }), account, { rules });
    const r = computeTransaction({ ...refund([{ reference: 'book', amount: '5.60' }]), currency: 'XTS', customer: bc }, account, { rules, original: gross });
    // 11.20 gross at 12 % holds 0.50 GST and 0.70 PST; half the gross refunds half of each.
    expect(r.items[0]).toMatchObject({ amount: '-5.60', amount_subtotal: '-5.00', amount_tax: '-0.60', amount_total: '-5.60' });
    expect(r.items[0]?.taxes.map((t) => t.amount)).toEqual(['-0.25', '-0.35']);
  });
});
