/**
 * The rules on final documents: which fields of a final invoice or credit note may still
 * change (422 for each other field, whatever its value), the limits of those fields, and
 * voiding a credit note, which needs a reason (422 without).
 */
import { describe, expect, it } from 'vitest';
import { buildDocument, checkDocumentUpdate, CREDIT_UPDATABLE_FIELDS, INVOICE_UPDATABLE_FIELDS, voidDocument, buildCreditNote, type BillingDocument, type Account, type DocumentOptions, type CreditNoteOptions } from '../src/index.js';
import { refused } from './helpers.js';

/** Requests and options as a server hands them over (parsed JSON: checked at run time), invalid ones included. */
const build = (request: unknown, account: Account, options: unknown): BillingDocument => buildDocument(request, account, options as DocumentOptions);
const creditNote = (request: unknown, options: unknown): BillingDocument => buildCreditNote(request, options as CreditNoteOptions);

const ie = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000 }] };
const invoice = build(
  { date: '2026-06-01', customer: { first_name: 'Anna', country: 'DE' }, items: [{ amount: 10, tax: { country: 'DE', tax_code: 'saas' } }], payment: {}, processor: 'p', processor_id: 'x' },
  ie,
  { id: 1, number: 'INV-1', createdAt: 1_780_300_800 },
);
const credit = build({ type: 'refund', processor: 'p', processor_id: 'x', payment: {} }, ie, { id: 2, number: 'CN-1', createdAt: 1_780_400_000, invoice });
const fail = (f: () => unknown) => {
  const e = refused(f);
  return [e.status, e.issues.map((i) => [i.path.join('.'), i.code])];
};

describe('an update of a final invoice', () => {
  it('may change po_number, tag_list, payment_details, notes, custom_metadata and the billing address', () => {
    const update = { po_number: 'PO-9', tag_list: ' a ,b', payment_details: 'IBAN …', notes: 'Thanks', custom_metadata: { order: 'A-1' }, street_line_1: 'Hauptstr. 1', street_line_2: null, city: 'Berlin', region: 'BE', postal_code: '10115' };
    const updated = checkDocumentUpdate(invoice, update);
    expect(updated).toEqual({ ...invoice, ...update, tag_list: 'a,b' });
    expect(Object.keys(update).sort()).toEqual([...INVOICE_UPDATABLE_FIELDS].sort());
    expect(invoice.po_number).toBeNull(); // the document given is not changed
  });

  it('refuses each other field with a 422 of its own, whatever its value: items, taxes, the issue date and the tax ID are corrected by a credit note', () => {
    const e = refused(() => checkDocumentUpdate(invoice, { notes: 'ok', items: invoice.items, issue_date: '2026-06-02', tax_id: 'DE136695976', taxes: [], country: 'FR' } as never));
    expect(e.status).toBe(422);
    expect(e.issues.map((i) => i.path.join('.'))).toEqual(['items', 'issue_date', 'tax_id', 'taxes', 'country']);
    expect(e.issues[0]?.message).toBe(
      'items cannot be changed on a final invoice: only po_number, tag_list, payment_details, notes, custom_metadata, street_line_1, street_line_2, city, region, postal_code can; correct it with a credit note and a new invoice',
    );
  });

  it('refuses a misspelt field (400, with the one meant) and values over the limits', () => {
    expect(fail(() => checkDocumentUpdate(invoice, { note: 'x' } as never))).toEqual([400, [['note', 'unknown_field']]]);
    expect(fail(() => checkDocumentUpdate(invoice, { tag_list: 'x'.repeat(41) }))).toEqual([400, [['tag_list', 'malformed']]]);
    const keys = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']));
    expect(fail(() => checkDocumentUpdate(invoice, { custom_metadata: keys }))).toEqual([400, [['custom_metadata', 'malformed']]]);
    expect(fail(() => checkDocumentUpdate(invoice, { notes: 5 } as never))).toEqual([400, [['notes', 'malformed']]]);
    expect(fail(() => checkDocumentUpdate({ ...invoice, total_cents: -1 }, {}))).toEqual([400, [['document.total_cents', 'malformed']]]);
  });
});

describe('an update of a final credit note', () => {
  it('may change tag_list, payment_details, notes and custom_metadata only', () => {
    expect(checkDocumentUpdate(credit, { notes: 'refund', custom_metadata: null }).notes).toBe('refund');
    expect([...CREDIT_UPDATABLE_FIELDS]).toEqual(['tag_list', 'payment_details', 'notes', 'custom_metadata']);
    expect(fail(() => checkDocumentUpdate(credit, { po_number: 'PO', city: 'Berlin', void_reason: 'x' } as never))).toEqual([
      422,
      [
        ['po_number', 'unprocessable'],
        ['city', 'unprocessable'],
        ['void_reason', 'unprocessable'],
      ],
    ]);
  });
});

describe('voiding', () => {
  it('voids a credit note with its reason', () => {
    const voided = voidDocument(credit, { void_reason: ' refund failed ' });
    expect([voided.state, voided.void_reason, credit.state]).toEqual(['voided', 'refund failed', 'paid']);
  });

  it('needs a void_reason (422), and voids neither an invoice nor a credit note twice', () => {
    expect(fail(() => voidDocument(credit, {} as never))).toEqual([422, [['void_reason', 'unprocessable']]]);
    expect(fail(() => voidDocument(credit, { void_reason: '  ' }))).toEqual([422, [['void_reason', 'unprocessable']]]);
    expect(fail(() => voidDocument(credit, { void_reason: 5 } as never))).toEqual([400, [['void_reason', 'malformed']]]);
    expect(fail(() => voidDocument(credit, { reason: 'x' } as never))).toEqual([400, [['reason', 'unknown_field'], ['void_reason', 'unprocessable']]]);
    expect(fail(() => voidDocument(invoice, { void_reason: 'x' }))).toEqual([422, [['document.type', 'unprocessable']]]);
    expect(fail(() => voidDocument(voidDocument(credit, { void_reason: 'x' }), { void_reason: 'y' }))).toEqual([422, [['document.state', 'unprocessable']]]);
  });
});
