/**
 * Properties of billing documents over random sales and refunds: amounts are integers in
 * minor units; the items' taxes add up to the document's taxes and totals; each item's tax is
 * its net times its rate, rounded half up (decimal.js as the reference); a sale and its
 * refunds never fall below zero tax, and refunding the rest nets the sale to zero; the report
 * adds up to the documents. On the test rule set (test/support/mini-rules.ts), so that no real
 * rate change moves them.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCreditNote, buildDocument, defineAccount, taxSummaryReport, type BillingDocument, type Account, type DocumentOptions, type CreditNoteOptions } from '../../src/index.js';
import { miniRules as rules } from '../support/mini-rules.js';

/** Requests and options as a server hands them over (parsed JSON: checked at run time), invalid ones included. */
const build = (request: unknown, account: Account, options: unknown): BillingDocument => buildDocument(request, account, { rules, ...(options as object) } as DocumentOptions);
const creditNote = (request: unknown, options: unknown): BillingDocument => buildCreditNote(request, { rules, ...(options as object) } as CreditNoteOptions);
const report = (documents: BillingDocument[], parameters: { from_date: string; to_date: string }) => taxSummaryReport(documents, parameters, { rules });

const ie = defineAccount({ country: 'XA', postal_code: '10115', currency: 'EUR', registrations: [{ jurisdiction_id: 901 }, { jurisdiction_id: 902 }] }, rules);
const payment = {};

/** A tax the item gives: a rate with up to 3 decimals, sometimes a taxable part and a second tax. */
const givenTax = fc
  .tuple(
    fc.record(
      {
        country: fc.constantFrom('XA', 'XC', 'XD'),
        name: fc.constantFrom('VAT', 'GST', 'Sales tax'),
        rate: fc.integer({ min: 0, max: 30_000 }).map((r) => r / 1000),
        taxable_part: fc.constantFrom(100, 80, 50),
      },
      { requiredKeys: ['country', 'name', 'rate'] },
    ),
    fc.option(fc.record({ additional_name: fc.constant('PST'), additional_rate: fc.integer({ min: 0, max: 10_000 }).map((r) => r / 1000) }), { nil: undefined }),
  )
  .map(([main, additional]) => ({ ...main, ...additional }));
/** A tax left to the engine (an Avalonian seller registered in Avalonia and Borduria, not in Estmark). */
const engineTax = fc.record({ country: fc.constantFrom('XA', 'XB', 'XE'), tax_code: fc.constantFrom('saas', 'ebook', 'standard', 'consulting') });

const itemArb = fc.record({
  amount: fc.integer({ min: 1, max: 5_000_000 }).map((c) => (c / 100).toFixed(2)),
  quantity: fc.integer({ min: 1, max: 5 }),
  discount_rate: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 9_900 }).map((r) => r / 100)),
  tax: fc.oneof(givenTax, engineTax),
});
const itemsArb = fc.array(itemArb, { minLength: 1, maxLength: 6 });
const couponArb = fc.option(fc.oneof(fc.record({ code: fc.constant('P'), percent: fc.integer({ min: 0, max: 50 }) }), fc.record({ code: fc.constant('A'), amount: fc.constantFrom('0.01', '1.00', '3.33') })), { nil: undefined });

type Item = typeof itemArb extends fc.Arbitrary<infer T> ? T : never;

function saleOf(items: Item[], id: number, date = '2026-06-01', coupon?: { code: string; percent?: number; amount?: string }): BillingDocument | null {
  try {
    return build(
      { date, customer: { id: 1 }, items: items.map((it, k) => ({ ...it, product_code: `p${k}` })), payment, processor: 'p', processor_id: `sale-${id}` },
      ie,
      { id, number: `INV-${id}`, createdAt: 1_780_000_000 + id, ...(coupon ? { coupon } : {}) },
    );
  } catch (e) {
    // A coupon amount above the items' net amount is refused (422): no document.
    if ((e as { status?: number }).status === 422 && coupon?.amount !== undefined) return null;
    throw e;
  }
}

const taxOf = (d: BillingDocument) => d.total_cents - d.subtotal_cents + d.discount_cents;
const isCents = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The document's taxes summed again from its items, by label, place and transaction type. */
function taxesFromItems(d: BillingDocument): Map<string, [number, number]> {
  const sums = new Map<string, [number, number]>();
  for (const item of d.items) {
    for (const n of [1, 2] as const) {
      const f = item as unknown as Record<string, unknown>;
      if (f[`tax_${n}_name`] === null || f[`tax_${n}_name`] === undefined) continue;
      const key = JSON.stringify([f[`tax_${n}_name`], f[`tax_${n}_rate`], f[`tax_${n}_country`], f[`tax_${n}_region`], f[`tax_${n}_county`], f[`tax_${n}_city`], f[`tax_${n}_transaction_type`]]);
      const s = sums.get(key) ?? [0, 0];
      sums.set(key, [s[0] + (f[`tax_${n}_amount_cents`] as number), s[1] + (f[`tax_${n}_taxable_base_cents`] as number)]);
    }
  }
  return sums;
}

describe('documents, over random sales', () => {
  it('hold integer amounts; the items’ taxes sum to the document’s taxes and totals; each tax is the net times the rate, half up', () => {
    fc.assert(
      fc.property(itemsArb, couponArb, (items, coupon) => {
        const d = saleOf(items, 1, '2026-06-01', coupon);
        if (d === null) return;
        for (const item of d.items) {
          for (const v of [item.subtotal_cents, item.discount_cents, item.tax_1_amount_cents, item.tax_1_taxable_base_cents]) expect(isCents(v)).toBe(true);
          if (item.tax_2_amount_cents !== null) expect(isCents(item.tax_2_amount_cents)).toBe(true);
          const net = new Decimal(item.subtotal_cents - item.discount_cents);
          // One tax of one rate (every case here but a US local group): the reference is net × rate × part.
          expect(item.tax_1_amount_cents).toBe(net.times(item.tax_1_rate).times(item.tax_1_taxable_part).div(10_000).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber());
          expect(item.tax_1_taxable_base_cents).toBe(net.times(item.tax_1_taxable_part).div(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber());
          expect(item.subtotal_cents).toBe(new Decimal(item.unit_price).times(item.quantity).times(100).toNumber());
        }
        for (const v of [d.subtotal_cents, d.discount_cents, d.total_cents]) expect(isCents(v)).toBe(true);
        const fromItems = taxesFromItems(d);
        expect(d.taxes.map((t) => [JSON.stringify([t.name, t.rate, t.country, t.region, t.county, t.city, t.transaction_type]), [t.amount_cents, t.taxable_base_cents]])).toEqual([...fromItems.entries()]);
        const itemTaxes = d.items.reduce((s, i) => s + i.tax_1_amount_cents + (i.tax_2_amount_cents ?? 0), 0);
        expect(taxOf(d)).toBe(itemTaxes);
        expect(d.subtotal_cents).toBe(d.items.reduce((s, i) => s + i.subtotal_cents, 0));
        expect(d.discount_cents).toBe(d.items.reduce((s, i) => s + i.discount_cents, 0));
        expect(d.total_cents).toBe(Math.round(d.items.reduce((s, i) => s + i.total_amount * 100, 0)));
        expect(d.payments[0]?.amount).toBe(d.total_cents / 100);
      }),
      { numRuns: 300 },
    );
  });

  it('never fall below zero tax through partial refunds, and a full refund nets the sale to zero', () => {
    const steps = fc.array(fc.record({ item: fc.nat(), share: fc.integer({ min: 1, max: 100 }), byAmount: fc.boolean() }), { maxLength: 5 });
    fc.assert(
      fc.property(itemsArb, steps, (items, plan) => {
        const inv = saleOf(items, 1) as BillingDocument;
        const credits: BillingDocument[] = [];
        const left = inv.items.map((i) => i.subtotal_cents - i.discount_cents);
        for (const step of plan) {
          const k = step.item % inv.items.length;
          const net = Math.ceil(((left[k] as number) * step.share) / 100);
          if (net === 0) continue;
          const id = 10 + credits.length;
          const opts = { id, number: `CN-${id}`, createdAt: 1_781_000_000 + id, invoice: inv, credits: [...credits] };
          const credit =
            step.byAmount && inv.items.length === 1
              ? creditNote({ invoice_id: 1, credited_amount: (Math.max(1, Math.floor(((inv.total_cents - credits.reduce((s, c) => s + c.total_cents, 0)) * step.share) / 100)) / 100).toFixed(2) }, opts)
              : build({ type: 'refund', processor: 'p', processor_id: 'sale-1', date: '2026-06-02', items: [{ product_code: `p${k}`, amount: (net / 100).toFixed(2), tax: { country: 'XA' } }], payment }, ie, opts);
          credits.push(credit);
          for (const c of credit.items) left[c.invoice_item as number] = (left[c.invoice_item as number] as number) - (c.subtotal_cents - c.discount_cents);
          // Per invoice item and tax: what the credits took is never more than the invoice charged.
          inv.items.forEach((it, j) => {
            const taken = (n: 1 | 2) => credits.flatMap((c) => c.items).filter((c) => c.invoice_item === j).reduce((s, c) => s + ((n === 1 ? c.tax_1_amount_cents : c.tax_2_amount_cents) ?? 0), 0);
            expect(taken(1)).toBeLessThanOrEqual(it.tax_1_amount_cents);
            expect(taken(2)).toBeLessThanOrEqual(it.tax_2_amount_cents ?? 0);
          });
          for (const c of credit.items) for (const v of [c.subtotal_cents, c.discount_cents, c.tax_1_amount_cents, c.tax_1_taxable_base_cents]) expect(isCents(v)).toBe(true);
        }
        const leftTotal = inv.total_cents - credits.reduce((s, c) => s + c.total_cents, 0);
        if (leftTotal === 0) return;
        const id = 10 + credits.length;
        const rest = build({ type: 'refund', processor: 'p', processor_id: 'sale-1', date: '2026-06-03', payment }, ie, { id, number: `CN-${id}`, createdAt: 1_782_000_000, invoice: inv, credits });
        const all = [...credits, rest];
        expect(all.reduce((s, c) => s + c.total_cents, 0)).toBe(inv.total_cents);
        expect(all.reduce((s, c) => s + taxOf(c), 0)).toBe(taxOf(inv));
        // Tax by tax, and base by base, the credit notes add up to the invoice.
        const sum = (docs: BillingDocument[]) => {
          const m = new Map<string, [number, number]>();
          for (const d of docs) for (const [k, [a, b]] of taxesFromItems(d)) m.set(k, [(m.get(k)?.[0] ?? 0) + a, (m.get(k)?.[1] ?? 0) + b]);
          // An item with nothing to credit (a net of 0) is left out of the credit notes.
          return new Map([...m].filter(([, [a, b]]) => a !== 0 || b !== 0));
        };
        expect(sum(all)).toEqual(sum([inv]));
        const summary = report([inv, ...all], { from_date: '2026-06-01', to_date: '2026-06-30' });
        for (const row of summary.split('\r\n').slice(1, -1)) expect(row).toMatch(/,0\.00,0\.00,EUR$/);
      }),
      { numRuns: 200 },
    );
  });

  it('add up in the report: its tax amounts and bases are the documents’ taxes, invoices less credit notes', () => {
    const dates = fc.integer({ min: 1, max: 30 }).map((d) => `2026-06-${String(d).padStart(2, '0')}`);
    fc.assert(
      fc.property(fc.array(fc.tuple(itemsArb, dates, fc.boolean()), { minLength: 1, maxLength: 5 }), (sales) => {
        const docs: BillingDocument[] = [];
        sales.forEach(([items, date, refunded], i) => {
          const inv = saleOf(items, 100 + i, date) as BillingDocument;
          docs.push(inv);
          if (refunded && inv.total_cents > 0) docs.push(build({ type: 'refund', processor: 'p', processor_id: `sale-${100 + i}`, date: '2026-06-30', payment }, ie, { id: 200 + i, number: `CN-${i}`, createdAt: 1_782_000_000, invoice: inv }));
        });
        const rows = report(docs, { from_date: '2026-06-01', to_date: '2026-06-30' }).split('\r\n').slice(1, -1).map((r) => r.split(','));
        const cents = (text: string) => new Decimal(text).times(100).toNumber();
        const signed = (d: BillingDocument, v: number) => (d.type === 'Credit' ? -v : v);
        expect(rows.reduce((s, r) => s + cents(r[4] as string), 0)).toBe(docs.reduce((s, d) => s + signed(d, d.taxes.reduce((t, x) => t + x.amount_cents, 0)), 0));
        expect(rows.reduce((s, r) => s + cents(r[3] as string), 0)).toBe(docs.reduce((s, d) => s + signed(d, d.taxes.reduce((t, x) => t + x.taxable_base_cents, 0)), 0));
        expect(rows.reduce((s, r) => s + cents(r[4] as string), 0)).toBe(docs.reduce((s, d) => s + signed(d, taxOf(d)), 0));
      }),
      { numRuns: 100 },
    );
  });
});
