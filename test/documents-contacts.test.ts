/**
 * Contacts of documents (spec: "Contact"; Transactions, version 20241028, rules 1 and 5): the
 * contact a sale creates carries the spec's defaults (`kind` company, `tax_status` taxable)
 * and the id the server gives it (`options.contactId`), and a refund may name it by that id
 * alone. Spanish electronic-invoicing accounts: `number` and `issue_date` accepted and ignored.
 */
import { describe, expect, it } from 'vitest';
import { buildCreditNote, buildDocument, type Account, type BillingDocument, type CreditNoteOptions, type DocumentOptions } from '../src/index.js';
import { refused } from './helpers.js';

/** Requests and options as a server hands them over (parsed JSON: checked at run time), invalid ones included. */
const build = (request: unknown, account: Account, options: unknown): BillingDocument => buildDocument(request, account, options as DocumentOptions);
const creditNote = (request: unknown, options: unknown): BillingDocument => buildCreditNote(request, options as CreditNoteOptions);
const fail = (f: () => unknown) => {
  const e = refused(f);
  return [e.status, e.issues.map((i) => [i.path.join('.'), i.code])];
};

const ie = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000 }] };
const ids = { id: 1, number: 'INV-1', createdAt: 1_780_300_800 }; // 2026-06-01
const sale = (customer: object | undefined, extra: object = {}) => ({
  date: '2026-06-01',
  ...(customer === undefined ? {} : { customer }),
  items: [{ amount: 100, tax: { country: 'DE', tax_code: 'saas' } }],
  payment: { method: 'credit_card' },
  processor: 'p',
  processor_id: 'x',
  ...extra,
});
const refund = (extra: object = {}) => ({ type: 'refund', processor: 'p', processor_id: 'x', payment: {}, ...extra });
const refundIds = { id: 2, number: 'CN-2', createdAt: 1_780_400_000 };

describe('the contact of a sale', () => {
  it('is the new contact with the spec’s defaults (kind company, tax_status taxable) and the id the server gives it', () => {
    expect(build(sale({ first_name: 'Anna', country: 'DE' }), ie, { ...ids, contactId: 42 }).contact).toEqual({ id: 42, first_name: 'Anna', country: 'DE', kind: 'company', tax_status: 'taxable' });
    expect(build(sale({ first_name: 'Anna', kind: 'person', tax_status: 'reverse', country: 'DE' }), ie, ids).contact).toEqual({ first_name: 'Anna', kind: 'person', tax_status: 'reverse', country: 'DE' });
  });

  it('is a stored contact referenced by its id alone, as given (its other fields are the server’s)', () => {
    expect(build(sale({ id: 42 }), ie, { ...ids, contactId: 42 }).contact).toEqual({ id: 42 });
    expect(build(sale({ id: 42 }), ie, ids).contact).toEqual({ id: 42 });
  });

  it('refuses an options.contactId that is not the referenced contact (422) or names no contact (400)', () => {
    expect(fail(() => build(sale({ id: 42 }), ie, { ...ids, contactId: 43 }))).toEqual([422, [['options.contactId', 'unprocessable']]]);
    expect(fail(() => build(sale(undefined), ie, { ...ids, contactId: 43 }))).toEqual([400, [['options.contactId', 'malformed']]]);
    expect(fail(() => build(sale({ first_name: 'Anna' }), ie, { ...ids, contactId: 0 }))).toEqual([400, [['options.contactId', 'malformed']]]);
  });
});

describe('the discount of a new contact (spec: "Default discount for this contact")', () => {
  const items = (...rates: (number | undefined)[]) => ({ items: rates.map((r) => ({ amount: 100, ...(r === undefined ? {} : { discount_rate: r }), tax: { country: 'DE', tax_code: 'saas' } })) });

  it('is the discount_rate of each item that gives none, before tax', () => {
    const doc = build(sale({ first_name: 'Anna', country: 'DE', discount: 10 }), ie, ids);
    expect(doc.items.map((i) => [i.discount_rate, i.subtotal_cents, i.discount_cents, i.tax_1_taxable_base_cents, i.tax_1_amount_cents])).toEqual([[10, 10000, 1000, 9000, 1710]]);
    expect(doc.total_cents).toBe(10710);
    expect(doc.contact).toMatchObject({ discount: 10 });
  });

  it('gives way to an item’s own discount_rate (0 included); null or no discount leaves the items as they are', () => {
    const doc = build(sale({ first_name: 'Anna', country: 'DE', discount: 10 }, items(undefined, 25, 0)), ie, ids);
    expect(doc.items.map((i) => [i.discount_rate, i.discount_cents])).toEqual([[10, 1000], [25, 2500], [0, 0]]);
    expect(build(sale({ first_name: 'Anna', country: 'DE', discount: null }), ie, ids).total_cents).toBe(11900);
    expect(build(sale({ first_name: 'Anna', country: 'DE' }), ie, ids).total_cents).toBe(11900);
  });

  it('is refused with more than 4 decimals, as a discount_rate is, under its own name', () => {
    expect(fail(() => build(sale({ first_name: 'Anna', country: 'DE', discount: 12.34567 }), ie, ids))).toEqual([400, [['customer.discount', 'malformed']]]);
  });
});

describe('a refund naming its customer by id', () => {
  const invoice = build(sale({ first_name: 'Anna', country: 'DE' }), ie, { ...ids, contactId: 42 });

  it('is accepted when the id is that of the invoice’s contact, whose contact the credit note carries', () => {
    const credit = build(refund({ customer: { id: 42 } }), ie, { ...refundIds, invoice });
    expect(credit.contact).toEqual(invoice.contact);
  });

  it('is refused (422) with another id, or when the invoice’s contact has none; a refund takes no contactId (400)', () => {
    expect(fail(() => build(refund({ customer: { id: 43 } }), ie, { ...refundIds, invoice }))).toEqual([422, [['customer.id', 'unprocessable']]]);
    const anonymous = build(sale({ first_name: 'Anna', country: 'DE' }), ie, ids);
    const e = refused(() => build(refund({ customer: { id: 42 } }), ie, { ...refundIds, invoice: anonymous }));
    expect([e.status, e.issues[0]?.message]).toEqual([422, "customer.id 42: the contact of invoice INV-1 has no id (its sale was built without options.contactId), so no id names it; leave customer out, the refund's contact is the invoice's"]);
    expect(fail(() => build(refund(), ie, { ...refundIds, invoice, contactId: 42 }))).toEqual([400, [['options.contactId', 'malformed']]]);
  });
});

describe('a Spanish electronic-invoicing account (spanishElectronicInvoicing)', () => {
  const spanish = { ...sale({ first_name: 'Ana', country: 'ES' }, { items: [{ amount: 100, tax: { country: 'ES', tax_code: 'saas' } }] }), number: 'F-2026-0001', issue_date: '2026-05-30' };

  it('accepts a request’s number and issue_date and ignores them: the document’s are the options’ and the request’s date', () => {
    const doc = build(spanish, ie, { ...ids, spanishElectronicInvoicing: true });
    expect([doc.number, doc.issue_date, doc.total_cents]).toEqual(['INV-1', '2026-06-01', 12100]); // ES IVA 21 %
    const { number: _number, issue_date: _issueDate, ...plain } = spanish;
    expect(doc).toEqual(build(plain, ie, ids));
    const credit = creditNote({ invoice_id: 1, number: 'R-1', issue_date: '2026-01-01' }, { ...refundIds, invoice: doc, spanishElectronicInvoicing: true });
    expect([credit.number, credit.issue_date]).toEqual(['CN-2', '2026-06-02']);
  });

  it('without it, refuses them as unknown fields (400), as it refuses any other field the spec does not name', () => {
    expect(fail(() => build(spanish, ie, ids))).toEqual([400, [['number', 'unknown_field'], ['issue_date', 'unknown_field']]]);
    expect(fail(() => build({ ...spanish, numbr: 'x' }, ie, { ...ids, spanishElectronicInvoicing: true }))).toEqual([400, [['numbr', 'unknown_field']]]);
    expect(fail(() => creditNote({ invoice_id: 1, number: 'R-1' }, { ...refundIds, invoice: build(spanish, ie, { ...ids, spanishElectronicInvoicing: true }) }))).toEqual([400, [['number', 'unknown_field']]]);
  });
});
