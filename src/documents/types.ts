/**
 * The billing documents of version 20241028 (`POST /transactions`, `POST /credits`): an
 * invoice for a sale, a credit note for a refund. Every amount named `*_cents` is an integer
 * in the currency's minor unit; rates are percentages.
 */
import type { TaxCodeId, TaxStatus } from '../core/types.js';

/**
 * The kind of a billing document, as `related_document.type` names it: an invoice or a
 * receipt for a sale (`buildDocument` with `options.documentType`), a credit note for a refund.
 */
export type DocumentType = 'Invoice' | 'Credit' | 'Receipt';

/**
 * The spec's states ("States and transitions"): `paid` once the payments reach the total (a
 * transaction records its payment, `POST /credits` its refund); `outstanding` while they do
 * not (a credit note built with `recordRefund: false`, an invoice reopened by voiding the
 * credit note that had closed it); `late` is the server's (an unpaid document past its due
 * date: taxrules reads no clock, it is read and kept, never made); `voided` once a credit note
 * or a receipt is voided.
 */
export type DocumentState = 'paid' | 'outstanding' | 'late' | 'voided';

/** An item of a billing document. */
export interface DocumentItem {
  readonly id: number | null;
  readonly description: string | null;
  readonly product_code: string | null;
  readonly quantity: number;
  readonly unit_price: number;
  readonly discount_rate: number;
  /** quantity × unit_price. */
  readonly subtotal_cents: number;
  /** The item's discount and its share of a coupon. */
  readonly discount_cents: number;
  readonly tax_1_name: string | null;
  readonly tax_1_rate: number;
  readonly tax_1_taxable_part: number;
  readonly tax_1_country: string;
  readonly tax_1_region: string | null;
  readonly tax_1_county: string | null;
  readonly tax_1_city: string | null;
  readonly tax_1_transaction_type: TaxCodeId;
  readonly tax_1_amount_cents: number;
  /** The part of the item's net the tax is levied on (the net, or less for a partly taxable supply). */
  readonly tax_1_taxable_base_cents: number;
  readonly tax_2_name: string | null;
  readonly tax_2_rate: number | null;
  readonly tax_2_taxable_part: number | null;
  readonly tax_2_country: string | null;
  readonly tax_2_region: string | null;
  readonly tax_2_county: string | null;
  readonly tax_2_city: string | null;
  readonly tax_2_transaction_type: TaxCodeId | null;
  readonly tax_2_amount_cents: number | null;
  readonly tax_2_taxable_base_cents: number | null;
  /** What the engine decided for the item (null when the request gave its taxes). */
  readonly tax_status: TaxStatus | null;
  /** subtotal − discount + taxes, in the currency's major unit. */
  readonly total_amount: number;
  /** On a credit note: the index of the invoice item it credits. */
  readonly invoice_item?: number;
  /**
   * Only on an item priced tax-inclusive (its product's `tax_type` is `included`):
   * `unit_price` is then gross (taxes included), and `subtotal_cents` − `discount_cents` is
   * the net solved so that it and the taxes add up to `total_amount` exactly.
   */
  readonly tax_type?: 'included';
}

/** A tax of the document: the items' taxes summed by label, rate, place and transaction type. */
export interface DocumentTax {
  /** `name rate%`, e.g. "VAT 20%". */
  readonly label: string;
  readonly name: string;
  readonly rate: number;
  readonly country: string;
  readonly region: string | null;
  readonly county: string | null;
  readonly city: string | null;
  readonly transaction_type: TaxCodeId;
  /** The part of the items' net amounts this tax is levied on. */
  readonly taxable_base_cents: number;
  readonly amount_cents: number;
}

/** A payment recorded on the document: the one made with it, and those `recordCreditPayment` adds. */
export interface PaymentRecord {
  readonly id: number | null;
  /** The amount paid (the document's total for the payment made with it), in the currency's major unit. */
  readonly amount: number;
  /** Unix timestamp as text. */
  readonly created_at: string;
  readonly date: string;
  readonly payment_method: string | null;
  readonly processor: string | null;
  readonly processor_id: string | null;
}

/** A contact as the request gave it (an `id` alone references a stored one). */
export type DocumentContact = Readonly<Record<string, unknown>>;

/** An invoice, a receipt or a credit note. */
export interface BillingDocument {
  readonly id: number;
  readonly type: DocumentType;
  /** Unix timestamp as text. */
  readonly created_at: string;
  /** At most 20 characters. */
  readonly number: string;
  readonly issue_date: string;
  readonly due_date: string;
  readonly related_document: { readonly id: number; readonly type: DocumentType } | null;
  readonly po_number: string | null;
  readonly currency: string;
  readonly tag_list: string | null;
  readonly notes: string | null;
  readonly contact: DocumentContact | null;
  readonly country: string;
  readonly postal_code: string | null;
  readonly region: string | null;
  readonly city: string | null;
  readonly street_line_1: string | null;
  readonly street_line_2: string | null;
  readonly tax_id: string | null;
  readonly subject: string | null;
  readonly deliveries: readonly never[];
  readonly items: readonly DocumentItem[];
  readonly taxes: readonly DocumentTax[];
  /** The sentences the engine's decisions require on the document (reverse charge, OSS…), each once. */
  readonly tax_notes: readonly string[];
  readonly payments: readonly PaymentRecord[];
  readonly payment_processor: string | null;
  readonly payment_processor_id: string | null;
  readonly processor_fee_cents: number | null;
  readonly custom_metadata: Readonly<Record<string, string | number | boolean | null>> | null;
  /** Units of the account's currency per unit of the document's: only when they differ. */
  readonly exchange_rate?: number;
  readonly coupon: { readonly code: string; readonly discount_cents: number } | null;
  readonly subtotal_cents: number;
  readonly discount_cents: number;
  readonly total_cents: number;
  readonly state: DocumentState;
  readonly void_reason?: string;
  readonly payment_details: string | null;
  readonly verification_code: string | null;
  readonly verification_permalink: string | null;
  /** The request's evidence of the customer's location, as given. */
  readonly evidence: Readonly<Record<string, unknown>> | null;
  /** The request's shipping address, as given. */
  readonly shipping_address: Readonly<Record<string, string>> | null;
}
