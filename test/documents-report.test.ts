/**
 * The tax_summary report: one row per country, tax, rate and currency, credit notes
 * subtracting, voided ones left out, the period's dates included, RFC 4180 quoting.
 */
import { describe, expect, it } from 'vitest';
import { buildDocument, taxSummaryReport, voidDocument, buildCreditNote, type BillingDocument, type Account, type DocumentOptions, type CreditNoteOptions } from '../src/index.js';
import { csvField } from '../src/documents/report.js';
import { refused } from './helpers.js';

/** Requests and options as a server hands them over (parsed JSON: checked at run time), invalid ones included. */
const build = (request: unknown, account: Account, options: unknown): BillingDocument => buildDocument(request, account, options as DocumentOptions);
const creditNote = (request: unknown, options: unknown): BillingDocument => buildCreditNote(request, options as CreditNoteOptions);

const ie = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000 }] };
const bc = { country: 'CA', postal_code: 'V6B 1A1', currency: 'CAD', default_product_type: 'good' as const, registrations: [{ jurisdiction_id: 124 }, { jurisdiction_id: 124059 }] };
const payment = {};
let next = 1;
const sale = (date: string, items: object[], extra: object = {}, account: object = ie) =>
  build({ date, customer: { id: 1 }, items, payment, processor: 'p', processor_id: `s${next}`, ...extra }, account as typeof ie, { id: next, number: `N${next}`, createdAt: 1_780_000_000 + next++ });
const item = (amount: number | string, tax: object) => ({ amount, tax });

const june1 = sale('2026-06-01', [item(100, { country: 'DE', tax_code: 'saas' }), item(50, { country: 'FR', tax_code: 'saas' })]);
const june30 = sale('2026-06-30', [{ ...item('10.00', { country: 'DE', tax_code: 'ebook' }), description: 'Book' }, item(20, { country: 'DE', tax_code: 'saas' })]);
const july1 = sale('2026-07-01', [item(1000, { country: 'DE', tax_code: 'saas' })]);
const canada = sale('2026-06-15', [item(100, { country: 'CA', tax_code: 'standard' })], { shipping_address: { country: 'CA', postal_code: 'V5K 0A1' } }, bc);
/** A full refund of the sale of June 1st. */
const refund = build({ type: 'refund', processor: 'p', processor_id: june1.payment_processor_id as string, payment, date: '2026-06-20' }, ie, { id: 90, number: 'CN-90', createdAt: 1_781_000_000, invoice: june1 });

describe('taxSummaryReport', () => {
  it('sums each tax of the period’s documents by country, name, rate and currency, credit notes subtracting', () => {
    const partial = build(
      { type: 'refund', processor: 'p', processor_id: june30.payment_processor_id as string, date: '2026-06-30', items: [{ description: 'Book', amount: 5, tax: { country: 'DE', tax_code: 'ebook' } }], payment },
      ie,
      { id: 91, number: 'CN-91', createdAt: 1_781_000_001, invoice: june30 },
    );
    const csv = taxSummaryReport([june1, june30, july1, canada, partial], { from_date: '2026-06-01', to_date: '2026-06-30' });
    expect(csv).toBe(
      [
        'country,tax_name,tax_rate,taxable_base,tax_amount,currency',
        'CA,GST,5,100.00,5.00,CAD',
        'CA-BC,PST,7,100.00,7.00,CAD',
        'DE,VAT,7,5.00,0.35,EUR', // 10.00 at 7 % = 0.70, less the refund of 5.00 (0.35)
        'DE,VAT,19,120.00,22.80,EUR',
        'FR,VAT,20,50.00,10.00,EUR',
        '',
      ].join('\r\n'),
    );
  });

  it('nets a fully refunded sale to zero, and leaves voided credit notes out', () => {
    const lines = (docs: object[]) => taxSummaryReport(docs as never, { from_date: '2026-06-01', to_date: '2026-06-30' }).split('\r\n');
    expect(lines([june1, refund])).toEqual(['country,tax_name,tax_rate,taxable_base,tax_amount,currency', 'DE,VAT,19,0.00,0.00,EUR', 'FR,VAT,20,0.00,0.00,EUR', '']);
    expect(lines([june1, voidDocument(refund, { void_reason: 'x' })])).toEqual(['country,tax_name,tax_rate,taxable_base,tax_amount,currency', 'DE,VAT,19,100.00,19.00,EUR', 'FR,VAT,20,50.00,10.00,EUR', '']);
    // A refund in the period of a sale before it: negative amounts.
    expect(taxSummaryReport([june1, refund], { from_date: '2026-06-02', to_date: '2026-06-30' }).split('\r\n')[1]).toBe('DE,VAT,19,-100.00,-19.00,EUR');
  });

  it('reads the period’s dates as calendar dates, both included', () => {
    const only = (from: string, to: string) => taxSummaryReport([june1, june30, july1], { from_date: from, to_date: to }).split('\r\n').length - 2;
    expect([only('2026-06-01', '2026-06-01'), only('2026-06-30', '2026-06-30'), only('2026-07-01', '2026-07-01'), only('2026-06-02', '2026-06-29')]).toEqual([2, 2, 1, 0]);
  });

  it('quotes fields as RFC 4180 says', () => {
    expect([csvField('VAT'), csvField('a,b'), csvField('say "hi"'), csvField('two\nlines')]).toEqual(['VAT', '"a,b"', '"say ""hi"""', '"two\nlines"']);
    const odd = sale('2026-06-05', [item(10, { country: 'DE', name: 'VAT, "reduced"', rate: 7 })]);
    expect(taxSummaryReport([odd], { from_date: '2026-06-01', to_date: '2026-06-30' }).split('\r\n')[1]).toBe('DE,"VAT, ""reduced""",7,10.00,0.70,EUR');
  });

  it('refuses parameters and documents it cannot read', () => {
    const fail = (f: () => unknown) => refused(f).issues.map((i) => [i.path.join('.'), i.code]);
    expect(fail(() => taxSummaryReport([], { from_date: '2026-06-31', to_date: '2026-07-01' }))).toEqual([['parameters.from_date', 'malformed']]);
    expect(fail(() => taxSummaryReport([], { from_date: '2026-07-01', to_date: '2026-06-01' }))).toEqual([['parameters.to_date', 'malformed']]);
    expect(fail(() => taxSummaryReport([], { from_date: '2026-07-01' } as never))).toEqual([['parameters.to_date', 'missing']]);
    expect(fail(() => taxSummaryReport([], { from_date: '2026-07-01', to_date: '2026-07-01', from: 'x' } as never))).toEqual([['parameters.from', 'unknown_field']]);
    expect(fail(() => taxSummaryReport([{ ...june1, taxes: [{ name: 'VAT' }] }] as never, { from_date: '2026-06-01', to_date: '2026-06-30' })).map((p) => p[0])).toEqual([
      'documents.0.taxes.0.rate',
      'documents.0.taxes.0.country',
      'documents.0.taxes.0.region',
      'documents.0.taxes.0.amount_cents',
      'documents.0.taxes.0.taxable_base_cents',
    ]);
    expect(fail(() => taxSummaryReport('x' as never, { from_date: '2026-06-01', to_date: '2026-06-30' }))).toEqual([['documents', 'malformed']]);
  });
});
