/**
 * Credit notes: refunds (`POST /transactions`, type refund) linked to their sale by processor
 * and processor_id, and `POST /credits` with credited_amount. A credit note credits the
 * taxes the invoice charged, prorated cumulatively by the one refund routine (core/refund.ts),
 * so that a sale and its refunds never fall below zero tax and a full refund nets the sale to zero.
 * On the test rule set (test/support/mini-rules.ts): Avalonia's VAT (20 %, e-books 10 %) and
 * Northmoor's GST 5 % and PST 7 %.
 */
import { describe, expect, it } from 'vitest';
import { buildCreditNote, buildDocument, defineAccount, TaxRulesError, voidDocument, type BillingDocument, type Account, type DocumentOptions, type CreditNoteOptions } from '../../src/index.js';
import { refused } from '../helpers.js';
import { miniRules as rules } from '../support/mini-rules.js';

/** Requests and options as a server hands them over (parsed JSON: checked at run time), invalid ones included. */
const build = (request: unknown, account: Account, options: unknown): BillingDocument => buildDocument(request, account, { rules, ...(options as object) } as DocumentOptions);
const creditNote = (request: unknown, options: unknown): BillingDocument => buildCreditNote(request, { rules, ...(options as object) } as CreditNoteOptions);

const ie = defineAccount({ country: 'XA', postal_code: '10115', currency: 'EUR', registrations: [{ jurisdiction_id: 901 }] }, rules);
const bc = defineAccount({ country: 'XC', postal_code: '1000', currency: 'XTS', default_product_type: 'good', registrations: [{ jurisdiction_id: 903 }, { jurisdiction_id: 903001 }] }, rules);
const payment = { method: 'credit_card' as const };

/** A sale of a plan (100.00 at 20 %: 20.00) and an e-book (two at 9.99 at 10 %: 1.998 → 2.00), linked to processor charge ch_42. */
const invoice = build(
  {
    date: '2026-06-01',
    customer: { id: 77 },
    items: [
      { product_code: 'plan', description: 'Plan', amount: 100, tax: { country: 'XA', tax_code: 'saas' } },
      { product_code: 'book', description: 'Book', quantity: 2, amount: '9.99', tax: { country: 'XA', tax_code: 'ebook' } },
    ],
    payment,
    processor: 'stripe',
    processor_id: 'ch_42',
  },
  ie,
  { id: 1, number: 'INV-1', createdAt: 1_780_300_800 },
);
const refund = (extra: object = {}) => ({ type: 'refund' as const, processor: 'stripe', processor_id: 'ch_42', date: '2026-06-10', payment, ...extra });
const at = (id: number, extra: object = {}) => ({ id, number: `CN-${id}`, createdAt: 1_781_049_600 + id, invoice, ...extra });
const taxOf = (d: BillingDocument) => d.total_cents - d.subtotal_cents + d.discount_cents;

describe('a refund', () => {
  it('is a credit note against the invoice with the same processor and processor_id, its processor_id the invoice’s with the timestamp appended', () => {
    const credit = build(refund(), ie, at(2));
    expect([credit.type, credit.related_document, credit.payment_processor, credit.payment_processor_id, credit.issue_date, credit.state]).toEqual([
      'Credit',
      { id: 1, type: 'Invoice' },
      'stripe',
      'ch_421781049602',
      '2026-06-10',
      'paid',
    ]);
    // Without items the whole invoice is refunded: the same items, net and taxes.
    expect([credit.subtotal_cents, credit.discount_cents, credit.total_cents, credit.taxes]).toEqual([invoice.subtotal_cents, invoice.discount_cents, invoice.total_cents, invoice.taxes]);
    expect(credit.items.map((i) => i.invoice_item)).toEqual([0, 1]);
    expect(credit.contact).toEqual({ id: 77 });
  });

  it('of some items prorates each item’s taxes on the net refunded', () => {
    // 40.00 of the plan's 100.00: 40 % of its 20.00 VAT.
    const credit = build(refund({ items: [{ product_code: 'plan', amount: 40, tax: { country: 'XA' } }] }), ie, at(2));
    expect(credit.items.map((i) => [i.invoice_item, i.subtotal_cents, i.tax_1_rate, i.tax_1_amount_cents, i.total_amount])).toEqual([[0, 4000, 20, 800, 48]]);
    // One book of two: 9.99 of 19.98, half of 2.00.
    const book = build(refund({ items: [{ description: 'Book', amount: '9.99', tax: { country: 'XA' } }] }), ie, at(3));
    expect(book.items.map((i) => [i.invoice_item, i.subtotal_cents, i.tax_1_amount_cents])).toEqual([[1, 999, 100]]);
  });

  it('never takes more tax than is left: the last refund takes exactly the rest', () => {
    // Three refunds of 6.66 of the books' 19.98, prorated cumulatively: after 6.66 in all, 2.00 × 6.66 / 19.98 = 0.6667 → 0.67;
    // after 13.32, 1.3333 → 1.33, so the second takes 0.66; the last the rest, 0.67. Each running sum is the nearest cent.
    const credits: BillingDocument[] = [];
    for (const id of [2, 3, 4]) credits.push(build(refund({ items: [{ product_code: 'book', amount: '6.66', tax: { country: 'XA' } }] }), ie, at(id, { credits: [...credits] })));
    expect(credits.map((c) => c.items[0]?.tax_1_amount_cents)).toEqual([67, 66, 67]);
    expect(credits.reduce((s, c) => s + (c.items[0]?.tax_1_amount_cents ?? 0), 0)).toBe(200);
    const e = refused(() => build(refund({ items: [{ product_code: 'book', amount: '0.01', tax: { country: 'XA' } }] }), ie, at(5, { credits })));
    expect([e.status, e.issues[0]?.path]).toEqual([422, ['items', 0, 'amount']]);
  });

  it('of what is left refunds the rest of every item, and then nothing is left', () => {
    const first = build(refund({ items: [{ product_code: 'plan', amount: 40, tax: { country: 'XA' } }] }), ie, at(2));
    const rest = build(refund(), ie, at(3, { credits: [first] }));
    expect(rest.items.map((i) => [i.invoice_item, i.subtotal_cents, i.tax_1_amount_cents])).toEqual([
      [0, 6000, 1200],
      [1, 1998, 200],
    ]);
    expect(first.total_cents + rest.total_cents).toBe(invoice.total_cents);
    expect(taxOf(first) + taxOf(rest)).toBe(taxOf(invoice));
    const e = refused(() => build(refund(), ie, at(4, { credits: [first, rest] })));
    expect([e.status, e.issues[0]?.message]).toEqual([422, 'invoice INV-1 is refunded in full already: nothing is left to credit']);
    // A voided credit note counts no more: its amount is left to refund again.
    const again = build(refund(), ie, at(4, { credits: [first, voidDocument(rest, { void_reason: 'refund failed' })] }));
    expect(again.total_cents).toBe(rest.total_cents);
  });

  it('credits an invoice’s two taxes each in proportion (GST and PST)', () => {
    // 5 % of 33.33 = 1.6665 → 1.67; 7 % = 2.3331 → 2.33.
    const sale = build(
      { date: '2026-06-01', shipping_address: { country: 'XC', postal_code: '1000' }, items: [{ amount: '33.33', tax: { country: 'XC', tax_code: 'standard' } }], payment, processor: 'p', processor_id: 'x' },
      bc,
      { id: 10, number: 'INV-10', createdAt: 1_780_300_800 },
    );
    expect([sale.items[0]?.tax_1_amount_cents, sale.items[0]?.tax_2_amount_cents]).toEqual([167, 233]);
    const part = build({ type: 'refund', processor: 'p', processor_id: 'x', date: '2026-06-02', items: [{ amount: 10, tax: { country: 'XC' } }], payment }, bc, { id: 11, number: 'CN-11', createdAt: 1_780_400_000, invoice: sale });
    // 1.67 × 10 / 33.33 = 0.501 → 0.50; 2.33 × 10 / 33.33 = 0.699 → 0.70.
    expect([part.items[0]?.tax_1_amount_cents, part.items[0]?.tax_2_amount_cents, part.total_cents]).toEqual([50, 70, 1120]);
  });

  it('is refused when it is not linked to the invoice, or contradicts it', () => {
    const issues = (req: object, opts: object = {}) => refused(() => build(refund(req), ie, at(2, opts))).issues.map((i) => [i.path.join('.'), i.code]);
    expect(refused(() => build(refund(), ie, { id: 2, number: 'CN-2', createdAt: 1 })).issues.map((i) => i.path.join('.'))).toEqual(['options.invoice']);
    expect(issues({ processor_id: undefined })).toEqual([['processor_id', 'missing']]);
    expect(issues({ processor_id: 'ch_43' })).toEqual([['processor_id', 'unprocessable']]);
    expect(issues({ currency: 'USD' })).toEqual([['currency', 'unprocessable']]);
    expect(issues({ date: '2026-05-31' })).toEqual([['date', 'unprocessable']]);
    expect(issues({ customer: { id: 78 } })).toEqual([['customer.id', 'unprocessable']]);
    expect(issues({ customer: { first_name: 'Eve' } })).toEqual([['customer', 'unprocessable']]);
    expect(issues({ exchange_rate: 1.1 })).toEqual([['exchange_rate', 'unprocessable']]);
    expect(issues({ items: [{ product_code: 'pen', amount: 1, tax: { country: 'XA' } }] })).toEqual([['items.0', 'unprocessable']]);
    expect(issues({ items: [{ amount: 1, tax: { country: 'XA' } }] })).toEqual([['items.0', 'unprocessable']]);
    expect(issues({ items: [{ product_code: 'plan', amount: 1, tax: { country: 'XA', rate: 19, name: 'VAT' } }] })).toEqual([['items.0.tax', 'unprocessable']]);
    expect(issues({ items: [{ product_code: 'plan', amount: '100.01', tax: { country: 'XA' } }] })).toEqual([['items.0.amount', 'unprocessable']]);
    expect(issues({ items: [{ product_code: 'plan', amount: 0, tax: { country: 'XA' } }] })).toEqual([['items.0.amount', 'unprocessable']]);
    expect(issues({}, { coupon: { code: 'X', percent: 5 } })).toEqual([['options.coupon', 'unprocessable']]);
    expect(issues({}, { invoice: { ...invoice, type: 'Credit' } })[0]).toEqual(['options.invoice.type', 'malformed']);
    expect(issues({}, { invoice: { ...invoice, items: [{ ...invoice.items[0], tax_1_amount_cents: -1 }] } })).toEqual([['options.invoice.items.0.tax_1_amount_cents', 'malformed']]);
    expect(issues({}, { credits: [{ ...invoice }] })).toEqual([['options.credits.0.type', 'malformed']]);
  });

  it('refuses a credit note of another invoice among the earlier ones', () => {
    const other = build(refund(), ie, at(2));
    const e = refused(() => build(refund(), ie, at(3, { credits: [{ ...other, related_document: { id: 9, type: 'Invoice' } }] })));
    expect([e.status, e.issues.map((i) => i.path.join('.'))]).toEqual([422, ['options.credits.0.related_document.id']]);
  });
});

describe('buildCreditNote (POST /credits)', () => {
  const single = build(
    { date: '2026-06-01', customer: { id: 5 }, items: [{ amount: '100.00', tax: { country: 'XA', tax_code: 'saas' } }], payment, processor: 'stripe', processor_id: 'ch_9' },
    ie,
    { id: 20, number: 'INV-20', createdAt: 1_780_300_800 },
  );
  const opts = (id: number, extra: object = {}) => ({ id, number: `CN-${id}`, createdAt: 1_781_049_600, invoice: single, ...extra });

  it('refuses an invoice whose items it would copy as no number or text (400): never an Infinity or an undefined in a credit note', () => {
    const item = single.items[0] as unknown as Record<string, unknown>;
    const withItem = (change: (i: Record<string, unknown>) => void): BillingDocument => {
      const copy = { ...item };
      change(copy);
      return { ...single, items: [copy] } as unknown as BillingDocument;
    };
    const issue = (inv: BillingDocument) => refused(() => creditNote({ invoice_id: 20 }, opts(21, { invoice: inv }))).issues.map((i) => [i.path.join('.'), i.code]);
    expect(issue(withItem((i) => (i.tax_1_rate = 1e308)))).toEqual([['options.invoice.items.0.tax_1_rate', 'malformed']]);
    expect(issue(withItem((i) => delete i.quantity))).toEqual([['options.invoice.items.0.quantity', 'missing']]);
    expect(issue(withItem((i) => (i.tax_1_transaction_type = 'vegetables')))).toEqual([['options.invoice.items.0.tax_1_transaction_type', 'malformed']]);
    expect(issue(withItem((i) => (i.tax_status = {})))).toEqual([['options.invoice.items.0.tax_status', 'malformed']]);
    // The invoice as buildDocument made it is credited.
    expect(creditNote({ invoice_id: 20 }, opts(21)).total_cents).toBe(single.total_cents);
  });

  it('credits the invoice total by default', () => {
    const c = creditNote({ invoice_id: 20, payment_method: 'wire_transfer' }, opts(21));
    expect([c.total_cents, c.taxes, c.payments[0]?.payment_method, c.issue_date, c.payment_processor_id]).toEqual([12000, single.taxes, 'wire_transfer', '2026-06-10', 'ch_91781049600']);
  });

  it('splits credited_amount into net and tax in proportion; the amounts add up to it exactly', () => {
    // 50.00 of 120.00: net 41.67 (100 × 50 / 120 = 41.666…), tax 8.33.
    const c = creditNote({ invoice_id: 20, credited_amount: 50 }, opts(21));
    expect([c.subtotal_cents, c.items[0]?.tax_1_amount_cents, c.total_cents]).toEqual([4167, 833, 5000]);
    const rest = creditNote({ invoice_id: 20, credited_amount: '70.00' }, opts(22, { credits: [c] }));
    expect([rest.subtotal_cents, rest.items[0]?.tax_1_amount_cents]).toEqual([10000 - 4167, 2000 - 833]);
  });

  it('keeps an item credited both by net and by gross within what is left of each figure, and the rest nets it to zero', () => {
    // 1.00 in Northmoor: GST 0.05 and PST 0.07. A refund of 0.10 net credits 0.01 of each (0.5 and 0.7 cents, half up); then a
    // credit of 0.87 gross: the routine's part of the gross (1.12) from 0.12 to 0.99 would be GST 0.05, PST 0.05, but only
    // 0.04 of the GST is left, so it takes 0.04 and 0.05, net 0.78; the rest takes what is left, none of it below zero.
    const sale = build({ date: '2026-06-01', items: [{ amount: '1.00', tax: { country: 'XC', region: 'NP' } }], payment, processor: 'stripe', processor_id: 'ch_bc' }, bc, { id: 30, number: 'INV-30', createdAt: 1_780_300_800 });
    expect([sale.items[0]?.tax_1_amount_cents, sale.items[0]?.tax_2_amount_cents]).toEqual([5, 7]);
    const byNet = build({ ...refund({ items: [{ amount: '0.10', tax: { country: 'XC' } }] }), processor_id: 'ch_bc' }, bc, { id: 31, number: 'CN-31', createdAt: 1_781_049_600, invoice: sale });
    const byGross = creditNote({ invoice_id: 30, credited_amount: '0.87' }, { id: 32, number: 'CN-32', createdAt: 1_781_049_600, invoice: sale, credits: [byNet] });
    const rest = creditNote({ invoice_id: 30 }, { id: 33, number: 'CN-33', createdAt: 1_781_049_600, invoice: sale, credits: [byNet, byGross] });
    const figures = (d: BillingDocument) => d.items.map((i) => [i.subtotal_cents - i.discount_cents, i.tax_1_amount_cents, i.tax_2_amount_cents]);
    expect([byNet, byGross, rest].map(figures)).toEqual([[[10, 1, 1]], [[78, 4, 5]], [[12, 0, 1]]]);
    expect([byNet, byGross, rest].reduce((s, d) => s + d.total_cents, 0)).toBe(sale.total_cents);
  });

  it('refuses credited_amount above what is left, on an invoice of several items, or when it is not the invoice named', () => {
    const issue = (req: object, extra: object = {}, invoice: BillingDocument = single) => {
      const e = refused(() => creditNote({ invoice_id: invoice.id, ...req }, opts(21, { invoice, ...extra })));
      return [e.status, e.issues.map((i) => [i.path.join('.'), i.code])];
    };
    expect(issue({ credited_amount: '120.01' })).toEqual([422, [['credited_amount', 'unprocessable']]]);
    const half = creditNote({ invoice_id: 20, credited_amount: 61 }, opts(21));
    expect(issue({ credited_amount: 60 }, { credits: [half] })).toEqual([422, [['credited_amount', 'unprocessable']]]);
    expect(issue({ credited_amount: 10 }, {}, invoice)).toEqual([422, [['credited_amount', 'unprocessable']]]);
    expect(issue({ credited_amount: 0 })).toEqual([400, [['credited_amount', 'malformed']]]);
    expect(issue({ credited_amount: '1.001' })).toEqual([400, [['credited_amount', 'malformed']]]);
    expect(issue({ invoice_id: 99 })).toEqual([422, [['invoice_id', 'unprocessable']]]);
    expect(issue({ credited_amonut: 5 })).toEqual([400, [['credited_amonut', 'unknown_field']]]);
    expect(issue({}, { createdAt: 1_780_000_000 })).toEqual([422, [['options.createdAt', 'unprocessable']]]);
  });
});

describe('an invoice without a field a credit note copies', () => {
  /** Every path of a value whose value is undefined. */
  const undefinedPaths = (v: unknown, path = ''): string[] => {
    if (v === undefined) return [path];
    if (Array.isArray(v)) return v.flatMap((x, i) => undefinedPaths(x, `${path}.${i}`));
    if (typeof v === 'object' && v !== null) return Object.entries(v).flatMap(([k, x]) => undefinedPaths(x, `${path}.${k}`));
    return [];
  };
  const inv = invoice as unknown as Record<string, unknown>;
  const item = invoice.items[0] as unknown as Record<string, unknown>;
  const variants: [string, Record<string, unknown>][] = [
    ...Object.keys(inv).flatMap((k): [string, Record<string, unknown>][] => {
      const { [k]: _, ...without } = inv;
      return [[`without ${k}`, without], [`${k} undefined`, { ...inv, [k]: undefined }]];
    }),
    ...Object.keys(item).map((k): [string, Record<string, unknown>] => [`items.0.${k} undefined`, { ...inv, items: [{ ...item, [k]: undefined }, ...invoice.items.slice(1)] }]),
    ['contact.first_name undefined', { ...inv, contact: { ...(invoice.contact ?? {}), first_name: undefined } }],
  ];

  it('is refused (400), or the credit note and the refund have no undefined field', () => {
    let refusedCount = 0;
    for (const [name, given] of variants) {
      for (const make of [() => creditNote({ invoice_id: invoice.id }, at(90, { invoice: given })), () => build(refund(), ie, at(91, { invoice: given }))]) {
        try {
          expect(undefinedPaths(make()), name).toEqual([]);
        } catch (e) {
          if (!(e instanceof TaxRulesError)) throw e;
          expect(e.status, name).toBe(400);
          refusedCount++;
        }
      }
    }
    expect(refusedCount).toBeGreaterThan(0);
    // Whole, the invoice is credited and refunded.
    expect(undefinedPaths(build(refund(), ie, at(91)))).toEqual([]);
    // The fields that were carried as undefined are named.
    for (const key of ['contact', 'country', 'postal_code', 'tax_id', 'street_line_2']) {
      const { [key]: _, ...without } = inv;
      expect(refused(() => creditNote({ invoice_id: invoice.id }, at(92, { invoice: without }))).issues.map((i) => [i.path.join('.'), i.code])).toEqual([[`options.invoice.${key}`, 'missing']]);
    }
    expect(refused(() => creditNote({ invoice_id: invoice.id }, at(93, { invoice: { ...inv, items: [{ ...item, tax_1_name: undefined }, ...invoice.items.slice(1)] } }))).issues.map((i) => i.path.join('.'))).toEqual(['options.invoice.items.0.tax_1_name']);
  });
});
