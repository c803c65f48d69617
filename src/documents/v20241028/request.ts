/**
 * The body of `POST /transactions` (version 20241028) and of `POST /credits`, as strict zod
 * schemas: a field the spec does not name is refused (400, with the field meant), a value
 * outside an enumeration is a 406 (`tax_code`, `type`, payment methods), a wrong type or a
 * broken limit a 400. Built on first use, as the other schemas are.
 */
import * as z from 'zod/mini';
import { onFirstUse } from '../../adapters/zod-english.js';
import { dayNumber } from '../../core/dates.js';
import { COUNTRY_RE, CURRENCY_RE, AMOUNT_RE } from '../../adapters/input.js';
import { TAX_CODES, type AcceptingReadonly } from '../../adapters/schemas.js';
import { MAX_DOCUMENT_ITEMS, metadataSchema, tagListSchema } from '../limits.js';
import type * as S from '../../schema-types.js';
import { minLength, maxLength } from '../../adapters/lengths.js';

export const TRANSACTION_TYPES = ['sale', 'refund'] as const;
export const PAYMENT_METHODS = ['credit_card', 'cash', 'wire_transfer', 'direct_debit', 'check', 'iou', 'walletproc', 'other'] as const;
export const CONTACT_KINDS = ['company', 'person'] as const;
export const CONTACT_TAX_STATUSES = ['taxable', 'exempt', 'reverse'] as const;
export const EVIDENCE_STATES = ['confirmed', 'unsettled', 'conflicting'] as const;

const text = (max: number) => z.string().check(maxLength(max, `must be at most ${max} characters`));
export const optionalText = (max: number) => z.optional(z.nullable(text(max)));
const country = () => z.string().check(z.regex(COUNTRY_RE, 'must be a 2-letter ISO 3166-1 code'));
export const dateText = () => z.string().check(z.refine((s: string) => !Number.isNaN(dayNumber(s)), { message: 'must be a calendar date YYYY-MM-DD' }));
const finite = () => z.number().check(z.refine(Number.isFinite, 'must be a finite number'));
/** An amount: a JSON number as the spec has it, or a decimal string (exact whatever its digits). */
const amount = () => z.union([finite(), z.string().check(maxLength(40, 'must be at most 40 characters'), z.regex(AMOUNT_RE, 'must be a decimal such as "19.99"'))]);
const percent = (what: string) => finite().check(z.gte(0, `${what} must be at least 0`), z.lte(100, `${what} must be at most 100`));
const positiveInt = () => z.int().check(z.positive('must be a positive integer'));

/** A contact: an `id` referencing a stored one, or the fields of a new one. */
function contactSchema() {
  return z.strictObject({
    id: z.optional(positiveInt()),
    first_name: z.optional(text(255)),
    last_name: optionalText(255),
    kind: z.optional(z.enum(CONTACT_KINDS)),
    contact_person: optionalText(255),
    department: optionalText(255),
    email: z.optional(z.nullable(text(255).check(z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an email address')))),
    web: z.optional(z.nullable(text(255).check(z.regex(/^[a-z][a-z0-9+.-]*:\/\/\S+$/i, 'must be a URI such as https://example.com')))),
    phone_1: optionalText(255),
    street_line_1: optionalText(255),
    street_line_2: optionalText(255),
    city: optionalText(255),
    region: optionalText(255),
    postal_code: optionalText(32),
    country: z.optional(country()),
    language: z.optional(z.string().check(z.regex(/^[a-z]{2}$/i, 'must be a 2-letter ISO 639-1 code'))),
    discount: z.optional(z.nullable(percent('discount'))),
    notes: optionalText(10_000),
    processor: optionalText(255),
    processor_id: optionalText(255),
    tax_id: optionalText(255),
    tax_status: z.optional(z.enum(CONTACT_TAX_STATUSES)),
    /** The certificate an exempt contact's exemption rests on (with `tax_status` `exempt`): kept on the contact and named in the document's tax notes. */
    exemption_certificate: optionalText(100),
  });
}

/** An item and its `tax` object. */
function itemSchemas() {
  const itemTax = z.strictObject({
    name: z.optional(text(100)),
    rate: z.optional(percent('rate')),
    taxable_part: z.optional(percent('taxable_part')),
    country: country(),
    region: z.optional(text(100)),
    tax_code: z.optional(z.enum(TAX_CODES)),
    additional_name: z.optional(text(100)),
    additional_rate: z.optional(percent('additional_rate')),
    additional_taxable_part: z.optional(percent('additional_taxable_part')),
    import: z.optional(z.boolean()),
  });
  const item = z.strictObject({
    product_code: z.optional(text(255)),
    description: z.optional(z.nullable(text(10_000))),
    quantity: z.optional(finite().check(z.positive('must be more than 0'))),
    discount_rate: z.optional(percent('discount_rate')),
    amount: amount(),
    tax: itemTax,
  });
  return { itemTax, item };
}

/** The shipping address, the evidence of the customer's location and the payment. */
function partySchemas() {
  const address = z.strictObject({
    street_line_1: z.optional(text(255)),
    street_line_2: z.optional(text(255)),
    city: z.optional(text(255)),
    country: z.optional(country()),
    region: z.optional(text(255)),
    postal_code: z.optional(text(32)),
  });
  const evidence = z.strictObject({
    additional_evidence: z.optional(text(255)),
    additional_evidence_country: z.optional(country()),
    bank_country: z.optional(country()),
    billing_country: z.optional(country()),
    document_id: z.optional(positiveInt()),
    ip_address: z.optional(text(45)),
    notes: z.optional(text(10_000)),
    state: z.optional(z.enum(EVIDENCE_STATES)),
  });
  const payment = z.strictObject({
    method: z.optional(z.enum(PAYMENT_METHODS)),
    processor: optionalText(255),
    processor_id: optionalText(255),
  });
  return { address, evidence, payment };
}

function build() {
  const contact = contactSchema();
  const { itemTax, item } = itemSchemas();
  const { address, evidence, payment } = partySchemas();
  /** The body of `POST /transactions` (version 20241028). */
  const transaction = z.strictObject({
    type: z.optional(z.enum(TRANSACTION_TYPES)),
    currency: z.optional(z.nullable(z.string().check(z.regex(CURRENCY_RE, 'must be a 3-letter ISO 4217 code')))),
    date: z.optional(dateText()),
    customer: z.optional(contact),
    items: z.optional(
      z.array(item).check(
        minLength(1, 'needs at least one item'),
        maxLength(MAX_DOCUMENT_ITEMS, `has more than ${MAX_DOCUMENT_ITEMS} items; at most ${MAX_DOCUMENT_ITEMS} are allowed per document`),
      ),
    ),
    shipping_address: z.optional(address),
    /** What the seller charges for delivering the goods, stated apart from them (a taxrules field beside the spec's): taxed as the goods it delivers (src/documents/v20241028/shipping.ts). */
    shipping_cost: z.optional(
      z.nullable(
        z.strictObject({
          amount: amount(),
          tax_type: z.optional(z.enum(['excluded', 'included'])),
          description: optionalText(255),
        }),
      ),
    ),
    evidence: z.optional(evidence),
    payment,
    processor: optionalText(255),
    processor_id: optionalText(255),
    processor_fee_cents: z.optional(z.nullable(z.int().check(z.nonnegative('must not be negative')))),
    exchange_rate: z.optional(z.nullable(finite().check(z.positive('must be more than 0')))),
    po_number: optionalText(255),
    notes: optionalText(10_000),
    tags: z.optional(z.nullable(tagListSchema())),
    custom_metadata: z.optional(z.nullable(metadataSchema())),
  });
  /** The body of `POST /credits`. */
  const credit = z.strictObject({
    invoice_id: positiveInt(),
    payment_method: z.optional(z.enum(PAYMENT_METHODS)),
    credited_amount: z.optional(amount()),
  });
  /** The body of `POST /credits/{id}/payments`: a payment record without its id and creation time (the server's). */
  /** The body of `POST /credits/{id}/payments`: a payment record, without the id and creation time the server gives it. */
  const creditPayment = z.strictObject({
    /** The amount paid, in the credit note's currency (a number, or a decimal string): more than 0, at most what is left to pay. */
    amount: amount(),
    /** The day of the payment; default: the UTC day of `options.createdAt`. */
    date: z.optional(dateText()),
    payment_method: z.optional(z.enum(PAYMENT_METHODS)),
    processor: optionalText(255),
    processor_id: optionalText(255),
  });
  return { contact, itemTax, item, address, evidence, payment, transaction, credit, creditPayment };
}

type Schemas = ReturnType<typeof build>;
/** The schemas of the document requests, built on first use. */
export const documentSchemas: () => Schemas = /* @__PURE__ */ onFirstUse(build);

/** The body of `POST /transactions` (version 20241028). */
export type TransactionRequest = AcceptingReadonly<S.TransactionRequestShape>;
// Spelled out in src/schema-types.ts (generated, checked against zod's inference by tsc).
export type { TransactionRequestOutput, TransactionItem, TransactionItemOutput, TransactionContact, CreditRequestOutput } from '../../schema-types.js';
/** The body of `POST /credits`. */
export type CreditRequest = AcceptingReadonly<S.CreditRequestShape>;
/** The body of `POST /credits/{id}/payments`: a payment record, without the id and creation time the server gives it. */
export type CreditPaymentRequest = AcceptingReadonly<S.CreditPaymentRequestShape>;
