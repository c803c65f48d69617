/**
 * The states of documents (spec: "States and transitions"): payments recorded on a credit
 * note (`POST /credits/{id}/payments`, `paid` once they reach its total), a credit note voided
 * with the invoice it had closed reopened (`PUT /credits/{id}/void`), and receipts, immutable
 * after creation and corrected by voiding.
 */
import { describe, expect, it } from 'vitest';
import {
  buildCreditNote,
  buildDocument,
  checkDocumentUpdate,
  creditInvoice,
  recordCreditPayment,
  taxSummaryReport,
  voidCreditNote,
  voidDocument,
  type Account,
  type BillingDocument,
  type CreditNoteOptions,
  type CreditPaymentOptions,
  type DocumentOptions,
  type VoidCreditNoteOptions,
} from '../src/index.js';
import { refused } from './helpers.js';

/** Requests and options as a server hands them over (parsed JSON: checked at run time), invalid ones included. */
const build = (request: unknown, account: Account, options: unknown): BillingDocument => buildDocument(request, account, options as DocumentOptions);
const creditNote = (request: unknown, options: unknown): BillingDocument => buildCreditNote(request, options as CreditNoteOptions);
const pay = (credit: BillingDocument, body: unknown, options: unknown) => recordCreditPayment(credit, body, options as CreditPaymentOptions);
const voidWith = (credit: BillingDocument, body: unknown, options: unknown) => voidCreditNote(credit, body, options as VoidCreditNoteOptions);
const fail = (f: () => unknown) => {
  const e = refused(f);
  return [e.status, e.issues.map((i) => [i.path.join('.'), i.code])];
};

const ie = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000 }] };
const sale = { date: '2026-06-01', customer: { first_name: 'Anna', country: 'DE' }, items: [{ amount: 100, tax: { country: 'DE', tax_code: 'saas' } }], payment: { method: 'credit_card' }, processor: 'p', processor_id: 'x' };
// DE VAT 19 % on 100.00: 119.00.
const invoice = build(sale, ie, { id: 1, number: 'INV-1', createdAt: 1_780_300_800 });
const outstanding = creditNote({ invoice_id: 1, payment_method: 'wire_transfer' }, { id: 2, number: 'CN-2', createdAt: 1_780_400_000, invoice, recordRefund: false });
const at = { createdAt: 1_780_500_000, paymentId: 7 }; // 2026-06-03

describe('a credit note’s refund', () => {
  it('is recorded with it by POST /credits (paid), or left to record (outstanding, no payments) with recordRefund: false', () => {
    const paid = creditNote({ invoice_id: 1 }, { id: 2, number: 'CN-2', createdAt: 1_780_400_000, invoice });
    expect([paid.state, paid.payments.length]).toEqual(['paid', 1]);
    expect([outstanding.state, outstanding.payments, outstanding.total_cents]).toEqual(['outstanding', [], 11900]);
    expect(fail(() => creditNote({ invoice_id: 1 }, { id: 2, number: 'CN-2', createdAt: 1_780_400_000, invoice, recordRefund: false, paymentId: 3 }))).toEqual([400, [['options.paymentId', 'malformed']]]);
  });
});

describe('recordCreditPayment (POST /credits/{id}/payments)', () => {
  it('adds the payment record; the credit note stays outstanding until its payments reach its total, then is paid', () => {
    const first = pay(outstanding, { amount: '19.00', payment_method: 'wire_transfer', processor: 'bank', processor_id: 'tr_1' }, at);
    expect(first.payment).toEqual({ id: 7, amount: 19, created_at: '1780500000', date: '2026-06-03', payment_method: 'wire_transfer', processor: 'bank', processor_id: 'tr_1' });
    expect([first.credit.state, first.credit.payments]).toEqual(['outstanding', [first.payment]]);
    const second = pay(first.credit, { amount: 100, date: '2026-06-04' }, { createdAt: 1_780_600_000 });
    expect([second.credit.state, second.credit.payments.map((p) => [p.id, p.amount, p.date])]).toEqual([
      'paid',
      [
        [7, 19, '2026-06-03'],
        [null, 100, '2026-06-04'],
      ],
    ]);
    expect(outstanding.payments).toEqual([]); // the credit note given is not changed
  });

  it('keeps a late credit note late until it is paid', () => {
    expect(pay({ ...outstanding, state: 'late' }, { amount: 1 }, at).credit.state).toBe('late');
  });

  it('refuses an amount of 0 or less, or finer than the currency (400), and one beyond what is left to pay (422)', () => {
    expect(fail(() => pay(outstanding, { amount: 0 }, at))).toEqual([400, [['amount', 'malformed']]]);
    expect(fail(() => pay(outstanding, { amount: -5 }, at))).toEqual([400, [['amount', 'malformed']]]);
    expect(fail(() => pay(outstanding, { amount: '1.001' }, at))).toEqual([400, [['amount', 'malformed']]]);
    const e = refused(() => pay(pay(outstanding, { amount: 100 }, at).credit, { amount: '19.01' }, at));
    expect([e.status, e.issues[0]?.message]).toEqual([422, 'amount 19.01 is more than is left to pay on credit note CN-2: 19.00 of its total 119.00']);
  });

  it('refuses a payment on a voided credit note or one paid already (422), a document that is no credit note, an unknown field, and missing options (400)', () => {
    expect(fail(() => pay(voidDocument(outstanding, { void_reason: 'issued twice' }), { amount: 1 }, at))).toEqual([422, [['document.state', 'unprocessable']]]);
    expect(fail(() => pay(creditNote({ invoice_id: 1 }, { id: 2, number: 'CN-2', createdAt: 1_780_400_000, invoice }), { amount: 1 }, at))).toEqual([422, [['document.state', 'unprocessable']]]);
    expect(fail(() => pay(invoice, { amount: 1 }, at))).toEqual([400, [['document.type', 'malformed']]]);
    expect(fail(() => pay(outstanding, { amount: 1, id: 3 }, at))).toEqual([400, [['id', 'unknown_field']]]);
    expect(fail(() => pay(outstanding, { amount: 1 }, {}))).toEqual([400, [['options.createdAt', 'missing']]]);
  });
});

describe('voidCreditNote (PUT /credits/{id}/void with the invoice)', () => {
  // An invoice the customer never paid, closed by a credit note of its whole amount.
  const unpaid = { ...invoice, payments: [] };
  const closing = creditNote({ invoice_id: 1 }, { id: 3, number: 'CN-3', createdAt: 1_780_400_000, invoice: unpaid });

  it('voids the credit note and reopens the invoice it had closed (outstanding)', () => {
    const { credit, invoice: after } = voidWith(closing, { void_reason: 'refund reversed' }, { invoice: unpaid });
    expect([credit.state, credit.void_reason, after.state, after.id]).toEqual(['voided', 'refund reversed', 'outstanding', 1]);
  });

  it('leaves an invoice its own payments pay, or one another credit note closes, as it was', () => {
    expect(voidWith(closing, { void_reason: 'x' }, { invoice }).invoice.state).toBe('paid');
    const half = { ...invoice, payments: [{ ...invoice.payments[0], amount: 59.5 }] } as BillingDocument;
    const first = creditNote({ invoice_id: 1, credited_amount: '59.50' }, { id: 4, number: 'CN-4', createdAt: 1_780_400_000, invoice: half });
    const second = creditNote({ invoice_id: 1 }, { id: 5, number: 'CN-5', createdAt: 1_780_400_000, invoice: half, credits: [first] });
    // 59.50 paid, 59.50 credited by CN-4: voiding CN-5 leaves 119.00 covered.
    expect(voidWith(second, { void_reason: 'x' }, { invoice: half, credits: [first, second] }).invoice.state).toBe('paid');
    expect(voidWith(first, { void_reason: 'x' }, { invoice: half, credits: [voidDocument(second, { void_reason: 'y' })] }).invoice.state).toBe('outstanding');
  });

  it('needs its reason (422) and the invoice the credit note credits (422), and keeps voidDocument as it was', () => {
    expect(fail(() => voidWith(closing, {}, { invoice: unpaid }))).toEqual([422, [['void_reason', 'unprocessable']]]);
    expect(fail(() => voidWith(closing, { void_reason: 'x' }, { invoice: { ...unpaid, id: 9 } }))).toEqual([422, [['document.related_document.id', 'unprocessable']]]);
    expect(fail(() => voidWith(closing, { void_reason: 'x' }, {}))).toEqual([400, [['options.invoice', 'missing']]]);
    expect(voidDocument(closing, { void_reason: 'x' }).state).toBe('voided');
  });
});

describe('creditInvoice (POST /credits with the invoice)', () => {
  const unpaid = { ...invoice, payments: [] };
  const closing = creditNote({ invoice_id: 1 }, { id: 3, number: 'CN-3', createdAt: 1_780_400_000, invoice: unpaid });
  const reopened = voidWith(closing, { void_reason: 'refund reversed' }, { invoice: unpaid });
  const credit = (request: unknown, options: unknown) => creditInvoice(request, options as CreditNoteOptions);

  it('closes again (paid) an invoice reopened by a voided credit note, when the new credit note offsets it', () => {
    expect(reopened.invoice.state).toBe('outstanding');
    const again = credit({ invoice_id: 1 }, { id: 6, number: 'CN-6', createdAt: 1_780_500_000, invoice: reopened.invoice, credits: [reopened.credit] });
    expect([again.credit.state, again.credit.total_cents, again.invoice.state, again.invoice.id]).toEqual(['paid', 11900, 'paid', 1]);
    // The credit note is the one buildCreditNote builds from the same request and options.
    expect(again.credit).toEqual(creditNote({ invoice_id: 1 }, { id: 6, number: 'CN-6', createdAt: 1_780_500_000, invoice: reopened.invoice, credits: [reopened.credit] }));
    // A late invoice too; a credit note left to pay (recordRefund: false) offsets it as well.
    const late = { ...reopened.invoice, state: 'late' };
    expect(credit({ invoice_id: 1 }, { id: 6, number: 'CN-6', createdAt: 1_780_500_000, invoice: late, credits: [reopened.credit], recordRefund: false }).invoice.state).toBe('paid');
  });

  it('leaves an invoice a partial credit does not offset unpaid, and a paid one as it was', () => {
    const partial = credit({ invoice_id: 1, credited_amount: '50.00' }, { id: 6, number: 'CN-6', createdAt: 1_780_500_000, invoice: reopened.invoice, credits: [reopened.credit] });
    expect([partial.credit.total_cents, partial.invoice.state]).toEqual([5000, 'outstanding']);
    // Payments and the other live credit notes count: 69.00 paid and 50.00 credited reach 119.00.
    const part = { ...reopened.invoice, payments: [{ ...invoice.payments[0], amount: 69 }] };
    expect(credit({ invoice_id: 1, credited_amount: '50.00' }, { id: 6, number: 'CN-6', createdAt: 1_780_500_000, invoice: part, credits: [reopened.credit] }).invoice.state).toBe('paid');
    const paid = credit({ invoice_id: 1 }, { id: 6, number: 'CN-6', createdAt: 1_780_500_000, invoice });
    expect(paid.invoice).toEqual(invoice);
  });

  it('refuses as buildCreditNote refuses', () => {
    expect(fail(() => credit({ invoice_id: 9 }, { id: 6, number: 'CN-6', createdAt: 1_780_500_000, invoice: reopened.invoice, credits: [reopened.credit] }))).toEqual([422, [['invoice_id', 'unprocessable']]]);
    expect(fail(() => credit({ invoice_id: 1 }, { id: 6, number: 'CN-6', createdAt: 1_780_500_000 }))).toEqual([400, [['options.invoice', 'missing']]]);
  });
});

describe('a receipt', () => {
  const receipt = build(sale, ie, { id: 10, number: 'R-10', createdAt: 1_780_300_800, documentType: 'receipt' });

  it('is a sale’s document of type Receipt, priced as an invoice', () => {
    expect([receipt.type, receipt.state, receipt.total_cents]).toEqual(['Receipt', 'paid', invoice.total_cents]);
    expect(build(sale, ie, { id: 1, number: 'INV-1', createdAt: 1_780_300_800, documentType: 'invoice' })).toEqual(invoice);
  });

  it('is immutable after creation: every field is a 422, an empty update returns it as it is', () => {
    const e = refused(() => checkDocumentUpdate(receipt, { notes: 'x', tag_list: 'a' }));
    expect([e.status, e.issues.map((i) => i.path.join('.'))]).toEqual([422, ['notes', 'tag_list']]);
    expect(e.issues[0]?.message).toBe('notes cannot be changed on a receipt: a receipt is immutable after creation; void it (voidDocument) and issue another');
    expect(checkDocumentUpdate(receipt, {})).toEqual(receipt);
  });

  it('is corrected by voiding, never credited; a refund makes no receipt', () => {
    const voided = voidDocument(receipt, { void_reason: 'wrong customer' });
    expect([voided.state, voided.void_reason]).toEqual(['voided', 'wrong customer']);
    expect(fail(() => voidDocument(voided, { void_reason: 'x' }))).toEqual([422, [['document.state', 'unprocessable']]]);
    expect(fail(() => creditNote({ invoice_id: 10 }, { id: 11, number: 'CN-11', createdAt: 1_780_400_000, invoice: receipt }))).toEqual([422, [['options.invoice.type', 'unprocessable']]]);
    expect(fail(() => build({ type: 'refund', processor: 'p', processor_id: 'x', payment: {} }, ie, { id: 11, number: 'CN-11', createdAt: 1_780_400_000, invoice, documentType: 'receipt' }))).toEqual([400, [['options.documentType', 'malformed']]]);
  });

  it('counts in the report as a sale, until it is voided', () => {
    const period = { from_date: '2026-06-01', to_date: '2026-06-30' };
    expect(taxSummaryReport([receipt], period)).toBe(taxSummaryReport([invoice], period));
    expect(taxSummaryReport([voidDocument(receipt, { void_reason: 'x' })], period)).toBe('country,tax_name,tax_rate,taxable_base,tax_amount,currency\r\n');
  });
});
