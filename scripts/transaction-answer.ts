/**
 * The v20260309 transaction's answer schemas (`transactionSchemas()` of
 * src/documents/v20260309/schemas.ts: the library reads a refund's sale back with them) with
 * their fields described, for the OpenAPI document and the public types. The descriptions are
 * kept here, out of the package's bundle; each names a field of the schema it describes (the
 * type checker refuses any other), and the fields themselves are the runtime schema's.
 */
import { z } from 'zod';
import { transactionSchemas } from '../src/documents/v20260309/schemas.js';

type ObjectSchema = z.core.$ZodObject;

/** A copy of an object schema whose fields named in `fields` and the whole carry a description (a field's schema cloned, so that one shared with other fields keeps none). */
function described<T extends ObjectSchema>(schema: T, whole: string, fields: { readonly [K in keyof T['_zod']['def']['shape']]?: string }): T {
  const shape: Record<string, z.core.$ZodType> = { ...schema._zod.def.shape };
  for (const [key, description] of Object.entries(fields) as [string, string][]) {
    const field = z.core.util.clone(shape[key] as z.core.$ZodType);
    z.globalRegistry.add(field, { description });
    shape[key] = field;
  }
  const copy = z.core.util.clone(schema, { ...schema._zod.def, shape });
  z.globalRegistry.add(copy, { description: whole });
  return copy;
}

/** The answer's schemas, described; the runtime's own beside them (`runtime`), whose parts the described ones share. */
export function transactionAnswerSchemas() {
  const t = transactionSchemas();
  const customerResult = described(t.customerResult, 'The customer of a transaction, as the request gave it.', {
    tax_status: "The customer's own tax status, when the request gives one: `exempt` or `reverse` (no tax charged), or `taxable`.",
    exemption_certificate: "An exempt customer's certificate, when the request gives one.",
  });
  const result = described(t.result, "A transaction as taxed (the service's answer to `POST /transactions`, version 20260309).", {
    id: "The stored record's id: null here (taxrules stores nothing); the store that keeps the transaction sets it.",
    refund_of_source_id: 'The sale a refund refunds (null for a sale).',
    supply_type: '`domestic` when the customer is taxed in the country the supply is made from, else `cross_border`.',
    subtotal: "Net of tax; a refund's figures are negative.",
    total_tax: "The request's `total_tax` when it gave one (see `discrepancy`), else the sum of the items' taxes.",
    total: 'subtotal + total_tax.',
    shipping_cost: "The delivery charge, when the request has one (see `shipping_cost` of calculations); a refund's is the part of the sale's it refunds.",
    exchange_rate: "The totals in the account's currency, when the transaction's differs and the options give a rate (else null).",
    discrepancy: 'When the request gave `total_tax`: it, the tax calculated, and the difference (given − calculated).',
  });
  const batchResult = described(t.batchResult, "A batch as taxed: every transaction, in the request's order.", {});
  return { runtime: t, customerResult, result, batchResult };
}
