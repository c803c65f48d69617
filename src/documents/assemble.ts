/**
 * A document from its items: the items rendered with their `tax_1_*` / `tax_2_*` fields, the
 * `taxes` array summed from them, and the totals. Shared by invoices and credit notes.
 */
import type { TaxCodeId, TaxStatus } from '../core/types.js';
import { formatUnits, majorNumber, rateNumber } from '../core/money.js';
import type { BillingDocument, DocumentItem, DocumentTax, PaymentRecord } from '../generated/answer-types.js';

/** One tax of an item, in integers. */
export interface TaxSlot {
  readonly name: string | null;
  readonly rateUnits: number;
  readonly partUnits: number;
  readonly country: string;
  readonly region: string | null;
  readonly county: string | null;
  readonly city: string | null;
  readonly transactionType: TaxCodeId;
  readonly amount: bigint;
  /** The part of the item's net the tax is levied on. */
  readonly base: bigint;
}

/** An item before it is rendered. */
export interface ItemParts {
  readonly id: number | null;
  readonly description: string | null;
  readonly productCode: string | null;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly discountRate: number;
  readonly subtotal: bigint;
  readonly discount: bigint;
  readonly tax1: TaxSlot;
  readonly tax2: TaxSlot | null;
  readonly status: TaxStatus | null;
  readonly invoiceItem?: number;
  /** Priced with tax included: `unitPrice` is gross, `subtotal − discount` the solved net. */
  readonly taxIncluded?: boolean;
}

/** An item's taxes together. */
function itemTax(item: ItemParts): bigint {
  return item.tax1.amount + (item.tax2 === null ? 0n : item.tax2.amount);
}

/** The fields of a tax slot, after `tax_1_` or `tax_2_`. */
const SLOT_FIELDS = ['name', 'rate', 'taxable_part', 'country', 'region', 'county', 'city', 'transaction_type', 'amount_cents', 'taxable_base_cents'];

/** An item's `tax_N_*` fields: its slot's, or all null for an item without a second tax. */
function slotFields(n: 1 | 2, t: TaxSlot | null): Record<string, unknown> {
  const values = t === null ? [] : [t.name, rateNumber(t.rateUnits), rateNumber(t.partUnits), t.country, t.region, t.county, t.city, t.transactionType, Number(t.amount), Number(t.base)];
  return Object.fromEntries(SLOT_FIELDS.map((name, i) => [`tax_${n}_${name}`, t === null ? null : values[i]]));
}

function renderItem(item: ItemParts, minorUnits: number): DocumentItem {
  const out = {
    id: item.id,
    description: item.description,
    product_code: item.productCode,
    quantity: item.quantity,
    unit_price: item.unitPrice,
    discount_rate: item.discountRate,
    subtotal_cents: Number(item.subtotal),
    discount_cents: Number(item.discount),
    ...slotFields(1, item.tax1),
    ...slotFields(2, item.tax2),
    tax_status: item.status,
    total_amount: majorNumber(item.subtotal - item.discount + itemTax(item), minorUnits),
  } as unknown as DocumentItem;
  // Only a credit note's items name their invoice's item, only items priced with tax included say so (own fields: a polluted prototype adds none).
  const credited = Object.hasOwn(item, 'invoiceItem') && item.invoiceItem !== undefined ? { ...out, invoice_item: item.invoiceItem } : out;
  return Object.hasOwn(item, 'taxIncluded') && item.taxIncluded === true ? { ...credited, tax_type: 'included' } : credited;
}

/** The `taxes` array: every named tax of the items, summed by label, place and transaction type, in order of appearance. */
function documentTaxes(items: readonly ItemParts[]): DocumentTax[] {
  const sums = new Map<string, { tax: Omit<DocumentTax, 'amount_cents' | 'taxable_base_cents'>; amount: bigint; base: bigint }>();
  for (const item of items) {
    for (const slot of [item.tax1, item.tax2]) {
      if (slot === null || slot.name === null) continue;
      const rate = formatUnits(slot.rateUnits);
      const label = `${slot.name} ${rate}%`;
      const key = JSON.stringify([label, slot.country, slot.region, slot.county, slot.city, slot.transactionType]);
      let sum = sums.get(key);
      if (sum === undefined) {
        sum = {
          tax: { label, name: slot.name, rate: rateNumber(slot.rateUnits), country: slot.country, region: slot.region, county: slot.county, city: slot.city, transaction_type: slot.transactionType },
          amount: 0n,
          base: 0n,
        };
        sums.set(key, sum);
      }
      sum.amount += slot.amount;
      sum.base += slot.base;
    }
  }
  return [...sums.values()].map((s) => ({ ...s.tax, taxable_base_cents: Number(s.base), amount_cents: Number(s.amount) }));
}

/** The totals of a document: Σ subtotals, Σ discounts, and subtotal − discount + Σ taxes. */
export function documentTotals(items: readonly ItemParts[]): { subtotal: bigint; discount: bigint; tax: bigint; total: bigint } {
  let subtotal = 0n;
  let discount = 0n;
  let tax = 0n;
  for (const item of items) {
    subtotal += item.subtotal;
    discount += item.discount;
    tax += itemTax(item);
  }
  return { subtotal, discount, tax, total: subtotal - discount + tax };
}

/** What a document says besides its items, their taxes, its payment and its totals (the fields every document of taxrules fills the same way left out). */
export type DocumentHead = Omit<
  BillingDocument,
  'due_date' | 'subject' | 'deliveries' | 'items' | 'taxes' | 'payments' | 'subtotal_cents' | 'discount_cents' | 'total_cents' | 'state' | 'void_reason' | 'payment_details' | 'verification_code' | 'verification_permalink'
>;

/**
 * A document (an invoice, a receipt or a credit note) from its head and items: the items
 * rendered, the `taxes` array and the totals summed from them, its one payment of the total
 * (`payment`), due on its issue date, paid — or, when `payment` gives none (a credit note whose
 * refund is not recorded), without payments and outstanding.
 */
export function renderDocument(head: DocumentHead, parts: readonly ItemParts[], minorUnits: number, payment: (total: bigint) => PaymentRecord | null): BillingDocument {
  const totals = documentTotals(parts);
  const paid = payment(totals.total);
  return {
    id: head.id,
    type: head.type,
    created_at: head.created_at,
    number: head.number,
    issue_date: head.issue_date,
    due_date: head.issue_date,
    related_document: head.related_document,
    po_number: head.po_number,
    currency: head.currency,
    tag_list: head.tag_list,
    notes: head.notes,
    contact: head.contact,
    country: head.country,
    postal_code: head.postal_code,
    region: head.region,
    city: head.city,
    street_line_1: head.street_line_1,
    street_line_2: head.street_line_2,
    tax_id: head.tax_id,
    subject: null,
    deliveries: [],
    items: parts.map((p) => renderItem(p, minorUnits)),
    taxes: documentTaxes(parts),
    tax_notes: head.tax_notes,
    payments: paid === null ? [] : [paid],
    payment_processor: head.payment_processor,
    payment_processor_id: head.payment_processor_id,
    processor_fee_cents: head.processor_fee_cents,
    custom_metadata: head.custom_metadata,
    ...(Object.hasOwn(head, 'exchange_rate') && head.exchange_rate !== undefined ? { exchange_rate: head.exchange_rate } : {}),
    coupon: head.coupon,
    subtotal_cents: Number(totals.subtotal),
    discount_cents: Number(totals.discount),
    total_cents: Number(totals.total),
    state: paid === null ? 'outstanding' : 'paid',
    payment_details: null,
    verification_code: null,
    verification_permalink: null,
    evidence: head.evidence,
    shipping_address: head.shipping_address,
  };
}
