/**
 * The answers' schemas are the answers: the billing documents and what is made of them
 * (scripts/billing-document.ts, scripts/checkout-webhook.ts) and the v20260309 transactions
 * (`transactionSchemas().result`), from which the OpenAPI document and the public types are
 * made, take every document and transaction the fixtures expect and those built here, and
 * give each back unchanged. A billing document's objects are
 * strict (a field not described is refused); a transaction's schema drops a field it does not
 * describe, so the answer given back would differ. Either way a field the code adds and the
 * schema lacks fails here, and every field the schemas describe is met in some answer.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { billingDocumentSchemas } from '../scripts/billing-document.js';
import { checkoutWebhookSchemas } from '../scripts/checkout-webhook.js';
import { transactionSchemas } from '../src/documents/v20260309/schemas.js';
import {
  buildCreditNote,
  buildDocument,
  checkoutWebhook,
  computeBatch,
  creditInvoice,
  computeTransaction,
  recordCreditPayment,
  voidCreditNote,
  voidDocument,
  type Account,
  type BillingDocument,
  type CreditNoteOptions,
  type CreditPaymentOptions,
  type DocumentOptions,
} from '../src/index.js';
import { registeredEverywhere } from './helpers.js';

const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));
const fixtureDocuments = readdirSync('fixtures/documents/v20241028').flatMap((file) =>
  (JSON.parse(readFileSync(join('fixtures/documents/v20241028', file), 'utf8')) as { steps: { expected?: unknown }[] }).steps.flatMap((s) => (s.expected ? [s.expected] : [])),
);
const transactionCases = (JSON.parse(readFileSync('fixtures/documents/v20260309/transactions.json', 'utf8')) as { cases: { batch?: unknown; expected?: unknown }[] }).cases.filter((c) => c.expected);

/** Documents built here for the fields the fixtures leave null or out: a US sale with its shipping address, evidence and tax ID, a voided receipt, a credit note's payments. */
function builtDocuments(): unknown[] {
  const build = (request: unknown, account: Account, options: unknown): BillingDocument => buildDocument(request, account, options as DocumentOptions);
  const ie: Account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000 }] };
  const address = { street_line_1: '1 Main St', street_line_2: 'Suite 2', city: 'Austin', region: 'TX', postal_code: '78701', country: 'US' };
  const us = build(
    {
      date: '2026-06-01',
      customer: { first_name: 'Ann', ...address, tax_id: '12-3456789' },
      items: [{ amount: 100, quantity: 1, tax: { country: 'US', region: 'TX', tax_code: 'standard' } }],
      shipping_address: address,
      evidence: { billing_country: 'US', ip_address: '192.0.2.1' },
      payment: { method: 'credit_card' },
    },
    { country: 'US', region: 'TX', postal_code: '78701', currency: 'USD', registrations: [{ jurisdiction_id: 840048 }] },
    { id: 1, number: 'INV-1', createdAt: 1_780_300_800 },
  );
  const sale = { date: '2026-06-01', customer: { first_name: 'Anna', country: 'DE' }, items: [{ amount: 100, tax: { country: 'DE', tax_code: 'saas' } }], payment: { method: 'credit_card' } };
  const receipt = voidDocument(build(sale, ie, { id: 2, number: 'R-2', createdAt: 1_780_300_800, documentType: 'receipt' }), { void_reason: 'issued twice' });
  const invoice = build(sale, ie, { id: 3, number: 'INV-3', createdAt: 1_780_300_800 });
  const credit = buildCreditNote({ invoice_id: 3 }, { id: 4, number: 'CN-4', createdAt: 1_780_400_000, invoice, recordRefund: false } as CreditNoteOptions);
  const paid = recordCreditPayment(credit, { amount: '19.00', payment_method: 'wire_transfer', processor: 'bank', processor_id: 'tr_1' }, { createdAt: 1_780_500_000, paymentId: 7 } as CreditPaymentOptions);
  return [us, receipt, invoice, credit, paid.credit].map(json);
}

/** The answers made of documents: a payment recorded, a credit note voided, an invoice credited, a checkout webhook. */
function builtPairs() {
  const ie: Account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000 }] };
  const sale = {
    date: '2026-06-01',
    customer: { first_name: 'Anna', last_name: 'Berg', email: 'a@example.com', country: 'DE' },
    items: [{ amount: 100, product_code: 'p', tax: { country: 'DE', tax_code: 'saas' } }],
    payment: { method: 'credit_card' },
    processor: 'stripe',
    processor_id: 'ch_1',
  } as const;
  const invoice = buildDocument(sale, ie, { id: 3, number: 'INV-3', createdAt: 1_780_300_800, contactId: 5 } as DocumentOptions);
  const credited = creditInvoice({ invoice_id: 3 }, { id: 4, number: 'CN-4', createdAt: 1_780_400_000, invoice, recordRefund: false } as CreditNoteOptions);
  const paid = recordCreditPayment(credited.credit, { amount: '119.00', payment_method: 'wire_transfer' }, { createdAt: 1_780_500_000, paymentId: 7 } as CreditPaymentOptions);
  const voided = voidCreditNote(paid.credit, { void_reason: 'issued twice' }, { invoice: credited.invoice });
  const webhook = checkoutWebhook(invoice, { session: 12, sessionPermalink: 'https://x/s/12', type: 'payment', customer: 'cus_1', message: { response_message: 'Approved', status_code: 200 } });
  return { paid: json(paid), voided: json(voided), credited: json(credited), webhook: json(webhook) };
}

/** Transactions built here for the fields the fixtures leave null or out: the shipping cost, the totals in another currency, a tax ID, an origin address, an exempt customer, a refund. */
function builtTransactions(): unknown[] {
  const account = registeredEverywhere('IE');
  const sale = {
    source_id: 'ch_1',
    date: '2026-06-01',
    currency: 'EUR',
    customer: { name: 'Société Exemple', tax_id: 'FR40303265045', address: { country: 'FR', state: 'IDF', postal_code: '75001', city: 'Paris', line1: '1 rue de Rivoli', line2: 'Bâtiment B' } },
    origin_address: { country: 'IE', state: 'D', postal_code: 'D02', city: 'Dublin', line1: '1 Main Street', line2: 'Unit 2' },
    shipping_cost: { amount: '5.00' },
    items: [{ reference: 'a', amount: '100.00', tax_code: 'standard', product_type: 'good' }],
  } as const;
  const t = computeTransaction(sale, account);
  const { origin_address: _, ...refunded } = sale;
  const refund = computeTransaction({ ...refunded, transaction_type: 'refund', source_id: 're_1', refund_of_source_id: 'ch_1', date: '2026-06-10', items: [{ reference: 'a', amount: '40.00' }] }, account, { original: t });
  const usd = computeTransaction({ ...sale, source_id: 'ch_2', customer: { address: { country: 'DE' } } }, { ...account, currency: 'USD' }, { exchangeRate: '1.1' });
  const exempt = computeTransaction({ ...sale, source_id: 'ch_3', customer: { address: { country: 'IE' }, tax_status: 'exempt', exemption_certificate: 'EX-1' } }, account);
  return [t, refund, usd, exempt].map(json);
}

/** Every path of an object field met (lists' entries under `[]`). */
function pathsOf(value: unknown, path: string, into: Set<string>): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => pathsOf(v, `${path}[]`, into));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, v] of Object.entries(value)) {
      into.add(`${path}.${key}`);
      pathsOf(v, `${path}.${key}`, into);
    }
  }
  return into;
}

/** Every path of an object field a schema describes (its JSON Schema, output side), the fields of records left out. */
function describedPaths(schema: unknown, path: string, into: Set<string>): Set<string> {
  const s = schema as { properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[] };
  for (const [key, sub] of Object.entries(s.properties ?? {})) {
    into.add(`${path}.${key}`);
    describedPaths(sub, `${path}.${key}`, into);
  }
  if (s.items) describedPaths(s.items, `${path}[]`, into);
  for (const sub of s.anyOf ?? []) describedPaths(sub, path, into);
  return into;
}

function givesBack(schema: z.core.$ZodType, answers: readonly unknown[]): void {
  for (const answer of answers) {
    const read = (schema as unknown as z.ZodType).safeParse(answer);
    expect(read.error?.issues ?? []).toEqual([]);
    expect(read.data).toEqual(answer);
  }
}

describe('the billing document schema', () => {
  const { document } = billingDocumentSchemas();
  const answers = [...fixtureDocuments, ...builtDocuments()];

  it('takes every document the fixtures expect and those built here, each given back unchanged', () => {
    expect(fixtureDocuments.length).toBeGreaterThan(5);
    givesBack(document, answers);
  });

  it('refuses a field it does not describe, at any level', () => {
    const [first] = answers as BillingDocument[];
    expect(document.safeParse({ ...first, colour: 'red' }).success).toBe(false);
    expect(document.safeParse({ ...first, items: [{ ...first!.items[0], colour: 'red' }] }).success).toBe(false);
  });

  it('describes no field that no answer has', async () => {
    const { z } = await import('zod');
    const met = new Set<string>();
    for (const answer of answers) pathsOf(answer, '', met);
    const described = describedPaths(z.toJSONSchema(document, { io: 'output' }), '', new Set());
    expect([...described].filter((p) => !met.has(p))).toEqual([]);
  });
});

describe('the schemas of the answers made of documents', () => {
  it('take a payment recorded, a credit note voided, an invoice credited and a checkout webhook, each given back unchanged', () => {
    const d = billingDocumentSchemas();
    const built = builtPairs();
    givesBack(d.recordedPayment, [built.paid]);
    givesBack(d.voidedCredit, [built.voided]);
    givesBack(d.creditedInvoice, [built.credited]);
    const { webhook } = checkoutWebhookSchemas();
    givesBack(webhook, [built.webhook]);
    expect(webhook.safeParse({ ...(built.webhook as object), colour: 'red' }).success).toBe(false);
  });
});

describe('the transaction schema', () => {
  const { result, batchResult } = transactionSchemas();
  const answers = [...transactionCases.filter((c) => c.batch === undefined).map((c) => c.expected), ...builtTransactions()];

  it('takes every transaction and batch the fixtures expect and those built here, each given back unchanged', () => {
    expect(answers.length).toBeGreaterThan(10);
    givesBack(result, answers);
    const batches = transactionCases.filter((c) => c.batch !== undefined).map((c) => c.expected);
    const account = registeredEverywhere();
    batches.push(json(computeBatch({ transactions: [{ source_id: 'b1', date: '2026-06-01', currency: 'EUR', customer: { address: { country: 'DE' } }, items: [{ reference: 'a', amount: '10.00' }] }] }, account)));
    givesBack(batchResult, batches);
  });

  it('describes no field that no answer has (the lines, breakdown and context are the calculation\'s, met by its own fixtures)', async () => {
    const { z } = await import('zod');
    const met = new Set<string>();
    for (const answer of answers) pathsOf(answer, '', met);
    const described = describedPaths(z.toJSONSchema(result, { io: 'output' }), '', new Set());
    const calculations = /^\.(items|shipping_cost|tax_breakdown|tax_context)[.[]/;
    expect([...described].filter((p) => !met.has(p) && !calculations.test(p))).toEqual([]);
  });
});
