/**
 * The zod schemas of the v20260309 transaction (`POST /transactions`), of its batch, and of
 * the transaction this library answers (read back when a refund names its sale). Built on
 * first use, as the calculation's are (see src/adapters/schemas.ts).
 *
 * The spec gives the transaction's top-level fields and leaves the inner shapes of
 * `customer`, `items` and the answer's objects open: an item is a calculation line item
 * (`reference`, `amount`, …), an address a calculation address, so that a transaction and a
 * calculation of the same lines are read, and taxed, alike.
 */
import * as z from 'zod/mini';
import { dayNumber } from '../../core/dates.js';
import { AMOUNT_RE, CURRENCY_RE } from '../../adapters/input.js';
import { BEHAVIORS, CUSTOMER_TAX_STATUSES, MAX_AMOUNT_LENGTH, MAX_LINE_ITEMS, requestSchemas, responseSchemas, type AcceptingReadonly } from '../../adapters/schemas.js';
import type * as S from '../../schema-types.js';
import { onFirstUse } from '../../adapters/zod-english.js';
import { minLength, maxLength } from '../../adapters/lengths.js';

/** The spec's limit on transactions in one batch ("Limits": batch size). */
export const MAX_BATCH_TRANSACTIONS = 500;
export const TRANSACTION_TYPES = ['sale', 'refund'] as const;
export const SUPPLY_TYPES = ['domestic', 'cross_border'] as const;
/** Longest `source`, and longest `source_id` / `refund_of_source_id`. */
export const MAX_SOURCE_LENGTH = 100;
export const MAX_SOURCE_ID_LENGTH = 200;
/** The first and last dates a transaction can have: its date is also the calculation's tax date, Unix seconds from 0. */
const FIRST_DAY = 0;
const LAST_DAY = dayNumber('9999-12-31');

/** Whether a day number (NaN for no calendar date) is from 1970-01-01 to 9999-12-31. */
export const isTransactionDay = (day: number): boolean => day >= FIRST_DAY && day <= LAST_DAY;

/** Whether a text is a calendar date from 1970-01-01 to 9999-12-31. */
const isTransactionDate = (s: string): boolean => isTransactionDay(dayNumber(s));

/**
 * The answer's schemas. An answer is read back (a refund's sale and earlier refunds), so its
 * schema is what a stored answer must still be: every field this library gave it. The public
 * types are generated from them, with the fields' descriptions of
 * scripts/transaction-answer.ts (kept out of the bundle).
 */
function answerSchemas() {
  const { lineResult, shippingResult, breakdownEntry, context } = responseSchemas();
  const amount = z.string().check(z.regex(AMOUNT_RE));
  const text = z.string();
  const discrepancy = z.object({ total_tax: amount, calculated_total_tax: amount, difference: amount });
  const exchangeRate = z.object({ from: text, to: text, rate: amount, date: text, subtotal: amount, total_tax: amount, total: amount });
  /** An address as the transaction answers it: the calculation address's fields that have a value. */
  const address = z.object({ country: text, state: z.optional(text), postal_code: z.optional(text), city: z.optional(text), line1: z.optional(text), line2: z.optional(text) });
  const customerResult = z.object({ name: z.nullable(text), tax_id: z.nullable(text), address, tax_status: z.optional(z.enum(CUSTOMER_TAX_STATUSES)), exemption_certificate: z.optional(text) });
  const result = z.object({
    id: z.nullable(z.int()),
    source: text,
    source_id: text,
    transaction_type: z.enum(TRANSACTION_TYPES),
    refund_of_source_id: z.nullable(text),
    status: z.literal('taxed'),
    supply_type: z.enum(SUPPLY_TYPES),
    date: text,
    currency: text,
    tax_behavior: z.enum(BEHAVIORS),
    customer: customerResult,
    origin_address: z.nullable(address),
    subtotal: amount,
    total_tax: amount,
    total: amount,
    items: z.array(lineResult),
    shipping_cost: z.optional(shippingResult),
    tax_breakdown: z.array(breakdownEntry),
    tax_context: context,
    tax_id_validation: z.nullable(z.object({ tax_id: text, country: text, valid: z.nullable(z.boolean()) })),
    exchange_rate: z.nullable(exchangeRate),
    discrepancy: z.nullable(discrepancy),
  });
  const batchResult = z.object({ id: z.nullable(z.int()), status: z.literal('taxed'), transactions: z.array(result) });
  return { discrepancy, exchangeRate, address, customerResult, result, batchResult };
}

/** What a transaction's schemas and a batch's share: the field schemas, the customer, the items (a calculation's line items without its product and metadata) and a list of them. */
function transactionParts() {
  const { address, lineItem } = requestSchemas();
  const text = (max: number) => z.string().check(maxLength(max, `must be at most ${max} characters`));
  const nonEmpty = (max: number) => z.string().check(minLength(1, 'must not be empty'), maxLength(max, `must be at most ${max} characters`));
  const decimal = z.string().check(
    maxLength(MAX_AMOUNT_LENGTH, `must be at most ${MAX_AMOUNT_LENGTH} characters`),
    z.regex(AMOUNT_RE, 'must be a decimal string such as "100.00"'),
  );
  const date = z.string().check(z.refine(isTransactionDate, { message: 'must be a calendar date YYYY-MM-DD from 1970-01-01 to 9999-12-31' }));
  // The spec: "ISO 4217, uppercase". Read in either case, as every entry reads a currency, and answered in capitals.
  const currency = z.string().check(z.regex(CURRENCY_RE, 'must be a 3-letter ISO 4217 code'));

  /** The customer: where it is (which decides the tax), its tax ID, its name. */
  const customer = z.strictObject({
    name: z.optional(text(200)),
    tax_id: z.optional(z.nullable(text(50))),
    address,
    tax_status: z.optional(z.enum(CUSTOMER_TAX_STATUSES)),
    exemption_certificate: z.optional(z.nullable(text(100))),
  });

  const item = z.omit(lineItem, { product: true, metadata: true });
  const items = <T extends z.ZodMiniType>(of: T, min = 1) =>
    z.array(of).check(
      minLength(min, 'needs at least one item'),
      maxLength(MAX_LINE_ITEMS, `has more than ${MAX_LINE_ITEMS} items; at most ${MAX_LINE_ITEMS} are allowed per document`),
    );
  return { address, nonEmpty, decimal, date, currency, customer, item, items };
}

function buildTransactionSchemas() {
  const parts = transactionParts();
  const { address, nonEmpty, decimal, date, currency, customer, item, items } = parts;

  /** A transaction (version 20260309). */
  const transaction = z.strictObject({
    transaction_type: z.optional(z.enum(TRANSACTION_TYPES)),
    source: z.optional(nonEmpty(MAX_SOURCE_LENGTH)),
    source_id: nonEmpty(MAX_SOURCE_ID_LENGTH),
    refund_of_source_id: z.optional(z.nullable(nonEmpty(MAX_SOURCE_ID_LENGTH))),
    date,
    currency,
    tax_behavior: z.optional(z.enum(BEHAVIORS)),
    total_tax: z.optional(decimal),
    customer,
    origin_address: z.optional(z.nullable(address)),
    /** What the seller charges for delivering the goods (a refund: the part of the sale's it refunds), in the transaction's tax behaviour. */
    shipping_cost: z.optional(z.nullable(z.strictObject({ amount: decimal }))),
    items: items(item, 0), // none in a refund of the shipping cost alone
  }).check(z.refine((t) => t.items.length > 0 || (t.shipping_cost !== undefined && t.shipping_cost !== null), { message: 'needs at least one item (a refund of the shipping cost alone: give shipping_cost)', path: ['items'] }));

  return { customer, item, transaction, ...batchSchemas(parts), ...answerSchemas() };
}

/** A batch's schemas: its transactions are sales, their amounts tax-inclusive (the spec: this cannot be overridden). */
function batchSchemas({ address, nonEmpty, decimal, date, currency, customer, item, items }: ReturnType<typeof transactionParts>) {
  const batchItem = z.omit(item, { tax_behavior: true });
  const batchTransaction = z.strictObject({
    source: z.optional(nonEmpty(MAX_SOURCE_LENGTH)),
    source_id: nonEmpty(MAX_SOURCE_ID_LENGTH),
    date,
    currency,
    total: z.optional(decimal),
    total_tax: z.optional(decimal),
    customer,
    origin_address: z.optional(z.nullable(address)),
    items: items(batchItem),
  });
  const batchList = <T extends z.ZodMiniType>(of: T) =>
    z
      .array(of)
      .check(
        minLength(1, 'needs at least one transaction'),
        maxLength(MAX_BATCH_TRANSACTIONS, `has more than ${MAX_BATCH_TRANSACTIONS} transactions; at most ${MAX_BATCH_TRANSACTIONS} are allowed per batch`),
      );
  const batch = z.strictObject({ transactions: batchList(batchTransaction) });
  /** The batch's own level, its transactions read one by one afterwards (each with its own issues). */
  const batchShape = z.strictObject({ transactions: batchList(z.unknown()) });
  return { batchItem, batchTransaction, batch, batchShape };
}

type TransactionSchemas = ReturnType<typeof buildTransactionSchemas>;
/** The v20260309 transaction schemas, built on first use. */
export const transactionSchemas: () => TransactionSchemas = /* @__PURE__ */ onFirstUse(buildTransactionSchemas);

// Spelled out in src/schema-types.ts (generated, checked against zod's inference by tsc).
export type { TaxTransactionRequestOutput, TaxTransactionCustomer, TaxTransactionItem, TaxTransactionBatchRequestOutput, TaxTransactionBatchEntry, TaxDiscrepancy, TaxTransactionExchangeRate } from '../../schema-types.js';
export type TaxTransactionRequest = AcceptingReadonly<S.TaxTransactionRequestShape>;
export type TaxTransactionBatchRequest = AcceptingReadonly<S.TaxTransactionBatchRequestShape>;
export type TaxTransactionType = (typeof TRANSACTION_TYPES)[number];
export type SupplyType = (typeof SUPPLY_TYPES)[number];

