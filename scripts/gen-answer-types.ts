/**
 * Writes `src/generated/answer-types.ts` (run by `npm run rules:build`): the public types of the
 * documents' answers, from the zod schemas that describe them — the v20241028 billing document
 * (scripts/billing-document.ts) and the v20260309 transaction (`transactionSchemas().result`,
 * which also reads a refund's sale back, its fields described in scripts/transaction-answer.ts). Each schema goes to JSON Schema (zod's output side)
 * and then to TypeScript by json-schema-to-typescript, which keeps every field's description as
 * its comment. A part of an answer that has a public type of its own (a document's item, a
 * calculation's line) is written by that name, so the types read as they are documented.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { responseSchemas, requestSchemas } from '../src/adapters/schemas.js';
import { transactionAnswerSchemas } from './transaction-answer.js';
import { billingDocumentSchemas } from './billing-document.js';
import { checkoutWebhookSchemas } from './checkout-webhook.js';

const out = 'src/generated/answer-types.ts';

/** A type to write: its name, its schema, and whether its fields and lists are read-only (the billing documents' are). */
type Spec = readonly [name: string, schema: z.core.$ZodType, readonly: boolean];

/** The types the answers' parts are written as, and where the ones not written here come from. */
const IMPORTS = [
  "import type { TaxCodeId } from './tax-codes.js';",
  "import type { TaxStatus } from '../core/types.js';",
  "import type { CalculationAddress, CalculationLineResult, ShippingCostResult, TaxBreakdownEntry, TaxContext } from '../adapters/schemas.js';",
  "import type { TaxDiscrepancy, TaxTransactionExchangeRate } from '../schema-types.js';",
];

function specs(): { specs: Spec[]; names: Map<z.core.$ZodType, string> } {
  const d = billingDocumentSchemas();
  const checkout = checkoutWebhookSchemas();
  const response = responseSchemas();
  const answer = transactionAnswerSchemas();
  const t = answer.runtime;
  const specs: Spec[] = [
    ['DocumentType', d.documentType, true],
    ['DocumentState', d.documentState, true],
    ['DocumentItem', d.item, true],
    ['DocumentTax', d.tax, true],
    ['PaymentRecord', d.payment, true],
    ['DocumentContact', d.contact, true],
    ['BillingDocument', d.document, true],
    ['RecordedCreditPayment', d.recordedPayment, true],
    ['VoidedCreditNote', d.voidedCredit, true],
    ['CreditedInvoice', d.creditedInvoice, true],
    ['CheckoutTransactionDetails', checkout.transactionDetails, true],
    ['CheckoutContact', checkout.contact, true],
    ['CheckoutWebhook', checkout.webhook, true],
    ['TaxTransactionCustomerResult', answer.customerResult, false],
    ['TaxTransaction', answer.result, false],
    ['TaxTransactionBatch', answer.batchResult, false],
  ];
  const names = new Map<z.core.$ZodType, string>([
    ...specs.map(([name, schema]) => [schema, name] as const),
    [d.taxCode, 'TaxCodeId'],
    [d.taxStatus, 'TaxStatus'],
    [t.customerResult, 'TaxTransactionCustomerResult'],
    [t.result, 'TaxTransaction'],
    [requestSchemas().address, 'CalculationAddress'],
    [t.address, 'CalculationAddress'],
    [response.lineResult, 'CalculationLineResult'],
    [response.shippingResult, 'ShippingCostResult'],
    [response.breakdownEntry, 'TaxBreakdownEntry'],
    [response.context, 'TaxContext'],
    [t.discrepancy, 'TaxDiscrepancy'],
    [t.exchangeRate, 'TaxTransactionExchangeRate'],
  ]);
  return { specs, names };
}

/** A schema's JSON Schema (output side), each part that has a type of its own replaced by that type's name. */
function jsonSchema(root: z.core.$ZodType, names: ReadonlyMap<z.core.$ZodType, string>): JSONSchema {
  const { $schema: _, ...json } = z.toJSONSchema(root, {
    io: 'output',
    target: 'draft-2020-12',
    override: (ctx) => {
      // A list that is always empty (`deliveries`) is `never[]`; JSON Schema says it as `not: {}`.
      const name = ctx.zodSchema === root ? undefined : ctx.zodSchema._zod.def.type === 'never' ? 'never' : names.get(ctx.zodSchema);
      if (name === undefined) return;
      for (const key of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as Record<string, unknown>)[key];
      (ctx.jsonSchema as Record<string, unknown>).tsType = name;
    },
  }) as Record<string, unknown>;
  return json as JSONSchema;
}

/** Every field, index signature and list of a declaration read-only (json-schema-to-typescript writes them mutable). */
function readonlyFields(ts: string): string {
  return ts
    .replace(/^(\s+)(?=(?:\w+\??|\[k: string\]): )/gm, '$1readonly ')
    .replace(/([\w)]+)\[\]/g, (_, of: string) => `readonly ${of}[]`);
}

/** Each comment line wrapped at about 100 characters (a description is one line of prose in its schema). */
function wrapComments(ts: string): string {
  return ts.replace(/^(\s*) \* (.{100,})$/gm, (_, indent: string, text: string) => {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(' ')) {
      if (line !== '' && line.length + word.length + 1 > 96) {
        lines.push(line);
        line = word;
      } else line = line === '' ? word : `${line} ${word}`;
    }
    lines.push(line);
    return lines.map((l) => `${indent} * ${l}`).join('\n');
  });
}

async function main(): Promise<void> {
  const { specs: list, names } = specs();
  const parts = [
    '// Generated by scripts/gen-answer-types.ts from the answers\' zod schemas (scripts/billing-document.ts,',
    '// scripts/checkout-webhook.ts, src/documents/v20260309/schemas.ts with scripts/transaction-answer.ts). Do not edit.',
    '',
    ...IMPORTS,
    '',
  ];
  for (const [name, schema, readonly] of list) {
    const ts = await compile(jsonSchema(schema, names), name, {
      bannerComment: '',
      additionalProperties: false,
      declareExternallyReferenced: false,
      format: true,
      style: { singleQuote: true, printWidth: 160 },
    });
    parts.push(wrapComments(readonly ? readonlyFields(ts) : ts).trim(), '');
  }
  // The document's fields as a value too: an update's field that is none of them is a misspelling (final.ts).
  const fields = Object.keys(billingDocumentSchemas().document.shape).map((k) => `'${k}'`);
  const rows = Array.from({ length: Math.ceil(fields.length / 8) }, (_, i) => `  ${fields.slice(i * 8, i * 8 + 8).join(', ')},`);
  parts.push('/** The fields of a billing document, in its order. */', 'export const BILLING_DOCUMENT_FIELDS: readonly (keyof BillingDocument)[] = [', ...rows, '];', '');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, parts.join('\n'));
  console.log(`wrote ${out} (${list.length} types)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
