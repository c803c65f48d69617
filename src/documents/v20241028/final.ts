/**
 * The rules on final documents (spec: "States and transitions", from version 20210701).
 * Invoices and credit notes are final once sent, paid or marked final — every document
 * buildDocument and buildCreditNote make is paid — and then only administrative fields may
 * change: for invoices `po_number`, `tag_list`, `payment_details`, `notes`, `custom_metadata`
 * and the billing address (`street_line_1`, `street_line_2`, `city`, `region`,
 * `postal_code`); for credit notes `tag_list`, `payment_details`, `notes`, `custom_metadata`.
 * Items, taxes, the issue date and the tax ID are corrected by a credit note and a new
 * invoice; a credit note is reversed only by voiding it, with a reason. A receipt is
 * immutable after creation (no field changes) and is corrected by voiding it.
 */
import * as z from 'zod/mini';
import { errorFromIssues, quoted, type TaxRulesIssue } from '../../core/errors.js';
import { closestName } from '../../adapters/input.js';
import { checkBySchema } from '../../adapters/issues.js';
import { ownCopy, unreadable } from '../../adapters/read.js';
import { MAX_DOCUMENT_ITEMS, metadataSchema, normalTagList, tagListSchema } from '../limits.js';
import { documentIssues, DOCUMENT_LEVELS } from './shape.js';
import { BILLING_DOCUMENT_FIELDS, type BillingDocument } from '../../generated/answer-types.js';
import { onFirstUse } from '../../adapters/zod-english.js';
import { optionalText } from './request.js';
import type { AcceptingReadonly } from '../../adapters/schemas.js';
import type * as S from '../../schema-types.js';

/** The fields of a final invoice that may still change. */
export const INVOICE_UPDATABLE_FIELDS = ['po_number', 'tag_list', 'payment_details', 'notes', 'custom_metadata', 'street_line_1', 'street_line_2', 'city', 'region', 'postal_code'] as const;
/** The fields of a final credit note that may still change. */
export const CREDIT_UPDATABLE_FIELDS = ['tag_list', 'payment_details', 'notes', 'custom_metadata'] as const;

/** An update of a final document's administrative fields (spelled out in src/schema-types.ts from its schema). */
export type DocumentUpdate = AcceptingReadonly<S.DocumentUpdateShape>;

type FinalSchemas = ReturnType<typeof buildSchemas>;
/** The schema of a final document's fields, built on first use. */
export const finalSchemas: () => FinalSchemas = /* @__PURE__ */ onFirstUse(buildSchemas);

function buildSchemas() {
  const text = optionalText;
  const update = z.object({
    po_number: text(255),
    tag_list: z.optional(z.nullable(tagListSchema())),
    payment_details: text(10_000),
    notes: text(10_000),
    custom_metadata: z.optional(z.nullable(metadataSchema())),
    street_line_1: text(255),
    street_line_2: text(255),
    city: text(255),
    region: text(255),
    postal_code: text(32),
  });
  return { update };
}

/** The document's own fields, checked: the document returned is a copy with the update applied, the one given is not changed. */
export function checkedDocument(document: unknown, path: (string | number)[] = ['document'], type?: BillingDocument['type']): BillingDocument {
  const own = ownCopy(document, DOCUMENT_LEVELS, MAX_DOCUMENT_ITEMS);
  const issues = documentIssues(own, path, type);
  if (issues.length > 0) throw errorFromIssues(issues);
  return own as BillingDocument;
}

/** An object argument's own fields (a 400 for anything else). */
export function objectOf(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw errorFromIssues([{ path: [], code: 'malformed', message: `${name} must be an object, got ${quoted(value, 60)}` }]);
  return ownCopy(value, 3, 1_000) as Record<string, unknown>;
}

/** A field an update or a body does not have, with the one meant when it is near. */
function unknownField(key: string, names: readonly string[]): TaxRulesIssue {
  const near = closestName(key, names);
  return { path: [key], code: 'unknown_field', message: `${quoted(key, 60).slice(1, -1)}: unknown field${near ? `; did you mean ${near}?` : ''}` };
}

/** Why a field of a final document cannot change, and how the document is corrected instead. */
function lockedMessage(type: BillingDocument['type'], key: string, allowed: readonly string[]): string {
  if (type === 'Receipt') return `${key} cannot be changed on a receipt: a receipt is immutable after creation; void it (voidDocument) and issue another`;
  const what = type === 'Invoice' ? 'a final invoice' : 'a final credit note';
  const correction = type === 'Invoice' ? 'correct it with a credit note and a new invoice' : 'void the credit note and issue another';
  return `${key} cannot be changed on ${what}: only ${allowed.join(', ')} can; ${correction}`;
}

/**
 * Checks an update of a final document (`PUT /invoices/{id}`, `PUT /credits/{id}`) and
 * returns the document with it applied. Each field that may not change on that kind of
 * document is a 422 issue of its own (whatever its value: only the listed fields are
 * accepted), a misspelt field a 400 naming the one meant, a value over the limits (tags of 40
 * characters, 20 metadata keys…) a 400. A receipt takes no change at all: every field of it is
 * a 422 (an empty update returns it as it is). Voiding is `voidDocument`.
 *
 * @example
 * ```ts
 * import { buildDocument, checkDocumentUpdate, defineAccount, TaxRulesError } from 'taxrules';
 *
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss' }] });
 * const invoice = buildDocument(
 *   { date: '2026-06-01', customer: { first_name: 'Lea', country: 'DE' }, items: [{ description: 'Team plan', product_code: 'team', amount: '100.00', tax: { country: 'DE', tax_code: 'saas' } }],
 *     payment: { method: 'credit_card' }, processor: 'stripe', processor_id: 'ch_1' },
 *   seller,
 *   { id: 1, number: 'INV-1', createdAt: 1780315200 }, // 2026-06-01 12:00 UTC
 * );
 *
 * checkDocumentUpdate(invoice, { po_number: 'PO-77', notes: 'Paid in full' });
 * // { type: 'Invoice', po_number: 'PO-77', notes: 'Paid in full', total_cents: 11900, … }
 *
 * // The amounts of a final invoice are corrected by a credit note, not by an update.
 * let refused: unknown;
 * try {
 *   checkDocumentUpdate(invoice, JSON.parse('{ "total_cents": 10000 }'));
 * } catch (e) {
 *   refused = e;
 * }
 * refused instanceof TaxRulesError ? refused.toJSON() : refused;
 * // { error: { status: 422, issues: [{ path: ['total_cents'], code: 'unprocessable', … }], … } }
 * ```
 */
export function checkDocumentUpdate(document: BillingDocument, update: DocumentUpdate): BillingDocument;
export function checkDocumentUpdate<U>(document: BillingDocument, update: unknown extends U ? U : never): BillingDocument;
export function checkDocumentUpdate(document: unknown, update: unknown): BillingDocument {
  try {
    const doc = checkedDocument(document);
    const u = objectOf(update, 'the update');
    const allowed: readonly string[] = doc.type === 'Invoice' ? INVOICE_UPDATABLE_FIELDS : doc.type === 'Credit' ? CREDIT_UPDATABLE_FIELDS : [];
    const issues: TaxRulesIssue[] = [];
    // A field of the document (its schema's list) that may not change is a 422; any other name is a misspelling, a 400.
    for (const key of Object.keys(u)) {
      if (allowed.includes(key)) continue;
      if (key === 'void_reason') {
        issues.push({ path: [key], code: 'unprocessable', message: 'void_reason: voiding is its own operation (voidDocument), not an update' });
      } else if ((BILLING_DOCUMENT_FIELDS as readonly string[]).includes(key) || (doc.type !== 'Invoice' && (INVOICE_UPDATABLE_FIELDS as readonly string[]).includes(key))) {
        issues.push({ path: [key], code: 'unprocessable', message: lockedMessage(doc.type, key, allowed) });
      } else {
        issues.push(unknownField(key, allowed));
      }
    }
    const schema = finalSchemas().update;
    // The allowed fields on an object without a prototype: a polluted one fills none left out.
    const given = Object.assign(Object.create(null) as Record<string, unknown>, Object.fromEntries(Object.entries(u).filter(([k]) => allowed.includes(k))));
    const parsed = checkBySchema(schema, given);
    if (!parsed.success) issues.push(...parsed.issues);
    if (!parsed.success || issues.length > 0) throw errorFromIssues(issues);
    const changes: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(parsed.data as Record<string, unknown>)) {
      if (value !== undefined) changes[key] = key === 'tag_list' ? normalTagList(value as string | null) : value;
    }
    return { ...doc, ...changes };
  } catch (error) {
    throw unreadable(error, []);
  }
}

/**
 * `PUT /credits/{id}/void`: the credit note voided, with its reason. Without a
 * `void_reason` (or with a blank one) the answer is 422, as the spec says; an invoice is not
 * voided (422: it is corrected by a credit note), nor a credit note twice. A voided credit
 * note no longer counts against its invoice nor in a report. A receipt is voided the same way
 * (the spec: receipts "are corrected by voiding"). To have the invoice a voided credit note
 * had closed reopened, use `voidCreditNote`.
 *
 * @example
 * ```ts
 * import { buildCreditNote, buildDocument, defineAccount, voidDocument } from 'taxrules';
 *
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss' }] });
 * const invoice = buildDocument(
 *   { date: '2026-06-01', customer: { first_name: 'Lea', country: 'DE' }, items: [{ description: 'Team plan', product_code: 'team', amount: '100.00', tax: { country: 'DE', tax_code: 'saas' } }],
 *     payment: { method: 'credit_card' }, processor: 'stripe', processor_id: 'ch_1' },
 *   seller,
 *   { id: 1, number: 'INV-1', createdAt: 1780315200 }, // 2026-06-01 12:00 UTC
 * );
 * const credit = buildCreditNote({ invoice_id: 1 }, { id: 2, number: 'CN-1', createdAt: 1780401600, invoice });
 *
 * voidDocument(credit, { void_reason: 'Issued twice' });
 * // { type: 'Credit', state: 'voided', void_reason: 'Issued twice', … }
 * ```
 */
export function voidDocument(document: BillingDocument, body: { readonly void_reason: string }): BillingDocument;
export function voidDocument<B>(document: BillingDocument, body: unknown extends B ? B : never): BillingDocument;
export function voidDocument(document: unknown, body: unknown): BillingDocument {
  try {
    return voided(checkedDocument(document), body);
  } catch (error) {
    throw unreadable(error, []);
  }
}

/** A checked credit note or receipt voided with the body's reason (TaxRulesError listing every issue). */
export function voided(doc: BillingDocument, body: unknown): BillingDocument {
  const b = objectOf(body, 'the body');
  const issues: TaxRulesIssue[] = [];
  for (const key of Object.keys(b)) {
    if (key !== 'void_reason') issues.push(unknownField(key, ['void_reason']));
  }
  const reason = b.void_reason;
  if (reason !== undefined && reason !== null && typeof reason !== 'string') issues.push({ path: ['void_reason'], code: 'malformed', message: `void_reason must be text, got ${quoted(reason, 60)}` });
  else if (typeof reason !== 'string' || reason.trim() === '') issues.push({ path: ['void_reason'], code: 'unprocessable', message: `void_reason is required to void ${doc.type === 'Receipt' ? 'a receipt' : 'a credit note'}` });
  else if (reason.length > 10_000) issues.push({ path: ['void_reason'], code: 'malformed', message: 'void_reason must be at most 10000 characters' });
  if (doc.type === 'Invoice') issues.push({ path: ['document', 'type'], code: 'unprocessable', message: `invoice ${doc.number} cannot be voided: an invoice is corrected by a credit note` });
  else if (doc.state === 'voided') issues.push({ path: ['document', 'state'], code: 'unprocessable', message: `${doc.type === 'Receipt' ? 'receipt' : 'credit note'} ${doc.number} is voided already` });
  if (issues.length > 0) throw errorFromIssues(issues);
  return { ...doc, state: 'voided', void_reason: (reason as string).trim() };
}
