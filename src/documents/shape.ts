/**
 * Documents handed back to taxrules (the invoice a refund credits, earlier credit notes, the
 * documents of a report, a document to update) are checked for the fields the computation
 * reads: a document that is not one taxrules made — a field missing or of the wrong type —
 * is a 400 naming the field, never read as zero.
 */
import { dayNumber } from '../core/dates.js';
import type { TaxRulesIssue } from '../core/errors.js';
import { MAX_CENTS } from './amounts.js';
import { MAX_DOCUMENT_ITEMS } from './limits.js';
import type { BillingDocument, DocumentType } from './types.js';

type Path = (string | number)[];

/** How deep a document's own fields are copied before it is read: document, items, item, a contact's or metadata's fields. */
export const DOCUMENT_LEVELS = 4;
type Fields = Record<string, unknown>;

const isCents = (v: unknown): boolean => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= MAX_CENTS;
const isText = (v: unknown): boolean => typeof v === 'string';
const isTextOrNull = (v: unknown): boolean => v === null || typeof v === 'string';
const isNumber = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
const isDate = (v: unknown): boolean => typeof v === 'string' && !Number.isNaN(dayNumber(v));

function need(issues: TaxRulesIssue[], o: Fields, path: Path, key: string, test: (v: unknown) => boolean, what: string): void {
  const v = o[key];
  const at = [...path, key];
  if (v === undefined) issues.push({ path: at, code: 'missing', message: `${at.join('.')} is required (a document made by buildDocument or buildCreditNote has it)` });
  else if (!test(v)) issues.push({ path: at, code: 'malformed', message: `${at.join('.')} must be ${what}` });
}

function itemIssues(issues: TaxRulesIssue[], item: unknown, path: Path, credit: boolean): void {
  if (typeof item !== 'object' || item === null) {
    issues.push({ path, code: 'malformed', message: `${path.join('.')} must be an object` });
    return;
  }
  const o = item as Fields;
  need(issues, o, path, 'subtotal_cents', isCents, 'an integer amount in minor units');
  need(issues, o, path, 'discount_cents', isCents, 'an integer amount in minor units');
  need(issues, o, path, 'tax_1_amount_cents', isCents, 'an integer amount in minor units');
  need(issues, o, path, 'tax_1_taxable_base_cents', isCents, 'an integer amount in minor units');
  need(issues, o, path, 'tax_1_rate', isNumber, 'a number');
  need(issues, o, path, 'tax_1_taxable_part', isNumber, 'a number');
  need(issues, o, path, 'tax_1_country', isText, 'a country code');
  need(issues, o, path, 'tax_1_transaction_type', isText, 'a tax code');
  for (const key of ['tax_2_amount_cents', 'tax_2_taxable_base_cents']) if (o[key] !== null) need(issues, o, path, key, isCents, 'an integer amount in minor units or null');
  for (const key of ['tax_2_rate', 'tax_2_taxable_part']) if (o[key] !== null) need(issues, o, path, key, isNumber, 'a number or null');
  if (typeof o.subtotal_cents === 'number' && typeof o.discount_cents === 'number' && o.discount_cents > o.subtotal_cents) {
    issues.push({ path: [...path, 'discount_cents'], code: 'malformed', message: `${path.join('.')}.discount_cents is more than its subtotal_cents` });
  }
  if (credit) need(issues, o, path, 'invoice_item', (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0, 'the index of the invoice item it credits');
}

function taxIssues(issues: TaxRulesIssue[], tax: unknown, path: Path): void {
  if (typeof tax !== 'object' || tax === null) {
    issues.push({ path, code: 'malformed', message: `${path.join('.')} must be an object` });
    return;
  }
  const o = tax as Fields;
  need(issues, o, path, 'name', isText, 'text');
  need(issues, o, path, 'rate', isNumber, 'a number');
  need(issues, o, path, 'country', isText, 'a country code');
  need(issues, o, path, 'region', isTextOrNull, 'text or null');
  need(issues, o, path, 'amount_cents', isCents, 'an integer amount in minor units');
  need(issues, o, path, 'taxable_base_cents', isCents, 'an integer amount in minor units');
}

/** The problems of a document handed back, at `path`; `type` when only one kind fits. */
export function documentIssues(doc: unknown, path: Path, type?: DocumentType): TaxRulesIssue[] {
  const issues: TaxRulesIssue[] = [];
  const name = path.join('.');
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    return [{ path, code: 'malformed', message: `${name} must be a billing document (what buildDocument or buildCreditNote returns)` }];
  }
  const o = doc as Fields;
  need(issues, o, path, 'id', (v) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0, 'a positive integer');
  need(issues, o, path, 'type', (v) => v === 'Invoice' || v === 'Credit', "'Invoice' or 'Credit'");
  if (type !== undefined && (o.type === 'Invoice' || o.type === 'Credit') && o.type !== type) {
    issues.push({ path: [...path, 'type'], code: 'malformed', message: `${name} must be ${type === 'Invoice' ? 'an invoice' : 'a credit note'}, not ${o.type === 'Invoice' ? 'an invoice' : 'a credit note'}` });
  }
  need(issues, o, path, 'currency', (v) => typeof v === 'string' && /^[A-Z]{3}$/.test(v), 'a 3-letter ISO 4217 code');
  need(issues, o, path, 'issue_date', isDate, 'a calendar date YYYY-MM-DD');
  need(issues, o, path, 'state', (v) => v === 'paid' || v === 'voided', "'paid' or 'voided'");
  for (const key of ['subtotal_cents', 'discount_cents', 'total_cents']) need(issues, o, path, key, isCents, 'an integer amount in minor units');
  need(issues, o, path, 'payment_processor', isTextOrNull, 'text or null');
  need(issues, o, path, 'payment_processor_id', isTextOrNull, 'text or null');
  if (o.exchange_rate !== undefined && !(isNumber(o.exchange_rate) && (o.exchange_rate as number) > 0)) {
    issues.push({ path: [...path, 'exchange_rate'], code: 'malformed', message: `${name}.exchange_rate must be a positive number` });
  }
  if (o.type === 'Credit') {
    const r = o.related_document as Fields | null | undefined;
    if (typeof r !== 'object' || r === null || typeof r.id !== 'number' || r.type !== 'Invoice') {
      issues.push({ path: [...path, 'related_document'], code: 'malformed', message: `${name}.related_document must name the invoice it credits: { id, type: 'Invoice' }` });
    }
  }
  if (!Array.isArray(o.items)) issues.push({ path: [...path, 'items'], code: o.items === undefined ? 'missing' : 'malformed', message: `${name}.items must be an array of items` });
  else if (o.items.length > MAX_DOCUMENT_ITEMS) issues.push({ path: [...path, 'items'], code: 'malformed', message: `${name}.items has more than ${MAX_DOCUMENT_ITEMS} items` });
  else o.items.forEach((item: unknown, i) => itemIssues(issues, item, [...path, 'items', i], o.type === 'Credit'));
  if (!Array.isArray(o.taxes)) issues.push({ path: [...path, 'taxes'], code: o.taxes === undefined ? 'missing' : 'malformed', message: `${name}.taxes must be an array of taxes` });
  else o.taxes.forEach((tax: unknown, i) => taxIssues(issues, tax, [...path, 'taxes', i]));
  return issues;
}

/** Whether a value passed the checks of documentIssues (for narrowing). */
export function asDocument(doc: unknown): BillingDocument {
  return doc as BillingDocument;
}
