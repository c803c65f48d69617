/**
 * The `checkout.succeeded` webhook (spec: "Events") as a zod schema: the one description of
 * the payload `checkoutWebhook` answers, from which its public types (`CheckoutWebhook`,
 * `CheckoutTransactionDetails`, `CheckoutContact` in src/generated/answer-types.ts) are
 * generated with each field's description as its comment; test/answer-schemas.test.ts parses
 * real payloads with it.
 */
import { z } from 'zod';

/** The payload's schema and those of its parts that have a public type of their own. */
export function checkoutWebhookSchemas() {
  const text = z.string().nullable();
  const transactionDetails = z
    .strictObject({
      session: z.int(),
      session_permalink: text,
      gateway: text.describe("The payment processor (the document's `payment_processor`)."),
      type: text,
      description: text.describe("The document's `subject`, else the description of its items when they share one."),
      customer: text,
      email: text,
      transaction: text.describe("The processor's id of the payment (the document's `payment_processor_id`)."),
      product_id: text.describe('The product code of the items, when they share one.'),
      tax_name: text,
      tax_rate: z.number(),
      extra_tax_name: text,
      extra_tax_rate: z.number().nullable(),
      iat: z.int(),
      amount_cents: z.int(),
      amount: z.string().describe("The total as a decimal string in the currency's minor units (`119.00`)."),
      currency: z.string(),
    })
    .describe('`transaction_details` of the `checkout.succeeded` payload.');
  const contact = z
    .strictObject({
      id: z.int().nullable(),
      kind: text,
      first_name: text,
      last_name: text,
      full_name: text,
      contact_name: text,
      street_line_1: text,
      postal_code: text,
      city: text,
      region: text,
      country: text,
      email: text,
      web: text,
      language: text,
      tax_id: text,
      vat_number: text,
    })
    .describe("`contact` of the `checkout.succeeded` payload: the spec's fields, null where the document has none.");
  const message = z.strictObject({ response_message: z.string(), status_code: z.int() });
  const webhook = z
    .strictObject({
      event_type: z.literal('checkout.succeeded'),
      data: z.strictObject({ object: z.strictObject({ message, transaction_details: transactionDetails, contact }) }),
    })
    .describe('The `checkout.succeeded` webhook payload.');
  return { transactionDetails, contact, webhook };
}
