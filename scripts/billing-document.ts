/**
 * The billing documents of version 20241028 (`POST /transactions`, `POST /credits`) as zod
 * schemas: the one description of the invoice, receipt and credit note taxrules answers.
 * The OpenAPI document's components are made from them (scripts/openapi.ts), and so are the
 * public types (`BillingDocument`, `DocumentItem`, … in src/generated/answer-types.ts, written
 * by scripts/gen-answer-types.ts with each field's description as its comment);
 * test/answer-schemas.test.ts parses real documents with them, so a field the code adds that
 * is not described here fails. Every amount named `*_cents` is an integer in the currency's
 * minor unit; rates are percentages.
 */
import { z } from 'zod';
import { TAX_CODES } from '../src/adapters/schemas.js';
import { PAYMENT_METHODS } from '../src/documents/v20241028/request.js';

const TAX_STATUSES = ['taxable', 'non_taxable', 'not_registered', 'reverse_charge'] as const;
const TIMESTAMP = 'Unix timestamp as text.';
const MAJOR_UNIT = "in the currency's major unit";

/** The schemas of a billing document and of its parts, each with the name of its public type. */
export function billingDocumentSchemas() {
  const documentType = z
    .enum(['Invoice', 'Credit', 'Receipt'])
    .describe(
      'The kind of a billing document, as `related_document.type` names it: an invoice or a receipt for a sale (`buildDocument` with `options.documentType`), a credit note for a refund.',
    );
  const documentState = z
    .enum(['paid', 'outstanding', 'late', 'voided'])
    .describe(
      "The spec's states (\"States and transitions\"): `paid` once the payments reach the total (a transaction records its " +
        'payment, `POST /credits` its refund); `outstanding` while they do not (a credit note built with `recordRefund: false`, ' +
        'an invoice reopened by voiding the credit note that had closed it); `late` is the server\'s (an unpaid document past its ' +
        'due date: taxrules reads no clock, it is read and kept, never made); `voided` once a credit note or a receipt is voided.',
    );
  const taxCode = z.enum(TAX_CODES);
  const taxStatus = z.enum(TAX_STATUSES);
  const text = z.string().nullable();
  const cents = z.int();

  const item = z
    .strictObject({
      id: z.int().nullable(),
      description: text,
      product_code: text,
      quantity: z.number(),
      unit_price: z.number(),
      discount_rate: z.number(),
      subtotal_cents: cents.describe('quantity × unit_price.'),
      discount_cents: cents.describe("The item's discount and its share of a coupon."),
      tax_1_name: text,
      tax_1_rate: z.number(),
      tax_1_taxable_part: z.number(),
      tax_1_country: z.string(),
      tax_1_region: text,
      tax_1_county: text,
      tax_1_city: text,
      tax_1_transaction_type: taxCode,
      tax_1_amount_cents: cents,
      tax_1_taxable_base_cents: cents.describe("The part of the item's net the tax is levied on (the net, or less for a partly taxable supply)."),
      tax_2_name: text,
      tax_2_rate: z.number().nullable(),
      tax_2_taxable_part: z.number().nullable(),
      tax_2_country: text,
      tax_2_region: text,
      tax_2_county: text,
      tax_2_city: text,
      tax_2_transaction_type: taxCode.nullable(),
      tax_2_amount_cents: cents.nullable(),
      tax_2_taxable_base_cents: cents.nullable(),
      tax_status: taxStatus.nullable().describe('What the engine decided for the item (null when the request gave its taxes).'),
      total_amount: z.number().describe("subtotal − discount + taxes, in the currency's major unit."),
      invoice_item: z.int().optional().describe('On a credit note: the index of the invoice item it credits.'),
      tax_type: z
        .literal('included')
        .optional()
        .describe(
          "Only on an item priced tax-inclusive (its product's `tax_type` is `included`): `unit_price` is then gross (taxes " +
            'included), and `subtotal_cents` − `discount_cents` is the net solved so that it and the taxes add up to `total_amount` exactly.',
        ),
    })
    .describe('An item of a billing document.');

  const tax = z
    .strictObject({
      label: z.string().describe('`name rate%`, e.g. "VAT 20%".'),
      name: z.string(),
      rate: z.number(),
      country: z.string(),
      region: text,
      county: text,
      city: text,
      transaction_type: taxCode,
      taxable_base_cents: cents.describe("The part of the items' net amounts this tax is levied on."),
      amount_cents: cents,
    })
    .describe("A tax of the document: the items' taxes summed by label, rate, place and transaction type.");

  const payment = z
    .strictObject({
      id: z.int().nullable(),
      amount: z.number().describe(`The amount paid (the document's total for the payment made with it), ${MAJOR_UNIT}.`),
      created_at: z.string().describe(TIMESTAMP),
      date: z.string().describe('YYYY-MM-DD.'),
      payment_method: z.enum(PAYMENT_METHODS).nullable(),
      processor: text,
      processor_id: text,
    })
    .describe('A payment recorded on the document: the one made with it, and those `recordCreditPayment` adds.');

  const contact = z.record(z.string(), z.unknown()).describe('A contact as the request gave it (an `id` alone references a stored one).');

  const document = z
    .strictObject({
      id: z.int(),
      type: documentType,
      created_at: z.string().describe(TIMESTAMP),
      number: z.string().describe('At most 20 characters.'),
      issue_date: z.string(),
      due_date: z.string(),
      related_document: z.strictObject({ id: z.int(), type: documentType }).nullable(),
      po_number: text,
      currency: z.string(),
      tag_list: text,
      notes: text,
      contact: contact.nullable(),
      country: z.string(),
      postal_code: text,
      region: text,
      city: text,
      street_line_1: text,
      street_line_2: text,
      tax_id: text,
      subject: text,
      deliveries: z.array(z.never()),
      items: z.array(item),
      taxes: z.array(tax),
      tax_notes: z.array(z.string()).describe("The sentences the engine's decisions require on the document (reverse charge, OSS…), each once."),
      payments: z.array(payment),
      payment_processor: text,
      payment_processor_id: text,
      processor_fee_cents: cents.nullable(),
      custom_metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).nullable()).nullable(),
      exchange_rate: z.number().optional().describe("Units of the account's currency per unit of the document's: only when they differ."),
      coupon: z.strictObject({ code: z.string(), discount_cents: cents }).nullable(),
      subtotal_cents: cents,
      discount_cents: cents,
      total_cents: cents,
      state: documentState,
      void_reason: z.string().optional(),
      payment_details: text,
      verification_code: text,
      verification_permalink: text,
      evidence: z.record(z.string(), z.unknown()).nullable().describe("The request's evidence of the customer's location, as given."),
      shipping_address: z.record(z.string(), z.string()).nullable().describe("The request's shipping address, as given."),
    })
    .describe('An invoice, a receipt or a credit note.');

  const recordedPayment = z
    .strictObject({ credit: document, payment })
    .describe('A payment recorded: the credit note with it, and the payment record (what `POST /credits/{id}/payments` answers, 201).');
  const voidedCredit = z
    .strictObject({ credit: document, invoice: document })
    .describe('A credit note voided, and its invoice as it stands after: reopened (`outstanding`) when the credit note had closed it, else as it was.');
  const creditedInvoice = z
    .strictObject({ credit: document, invoice: document })
    .describe('A credit note built against an invoice, and the invoice as it stands after: `paid` when the credit note closes it, else as it was.');
  return { documentType, documentState, taxCode, taxStatus, item, tax, payment, contact, document, recordedPayment, voidedCredit, creditedInvoice };
}
