/**
 * Documents handed back to taxrules (the invoice a refund credits, earlier credit notes, the
 * documents of a report, a document to update) are checked for the fields the computation
 * reads: a document that is not one taxrules made — a field missing or of the wrong type —
 * is a 400 naming the field, never read as zero.
 */
import { isDateText } from '../../core/dates.js';
import type { TaxRulesIssue } from '../../core/errors.js';
import { MAX_CENTS, MAX_DOCUMENT_ITEMS } from '../limits.js';
import { hasOwn } from '../../adapters/input.js';
import { touchOwn } from '../../core/own.js';
import type { DocumentState, DocumentType } from '../types.js';

type Path = (string | number)[];

/** How deep a document's own fields are copied before it is read: document, items, item, a contact's or metadata's fields. */
export const DOCUMENT_LEVELS = 4;
type Fields = Record<string, unknown>;

const TYPES: readonly unknown[] = ['Invoice', 'Credit', 'Receipt'] satisfies DocumentType[];
const STATES: readonly unknown[] = ['paid', 'outstanding', 'late', 'voided'] satisfies DocumentState[];
const KIND_NAMES: Record<DocumentType, string> = { Invoice: 'an invoice', Credit: 'a credit note', Receipt: 'a receipt' };

/** A currency as a document holds it: an ISO 4217 code in capitals. */
const CURRENCY_CODE = /^[A-Z]{3}$/;
const isCents = (v: unknown): boolean => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= MAX_CENTS;
const isText = (v: unknown): boolean => typeof v === 'string';
const isTextOrNull = (v: unknown): boolean => v === null || typeof v === 'string';
const isNumber = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
const isDate = isDateText;

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
  need(issues, o, path, 'type', (v) => TYPES.includes(v), "'Invoice', 'Credit' or 'Receipt'");
  if (type !== undefined && TYPES.includes(o.type) && o.type !== type) {
    issues.push({ path: [...path, 'type'], code: 'malformed', message: `${name} must be ${KIND_NAMES[type]}, not ${KIND_NAMES[o.type as DocumentType]}` });
  }
  need(issues, o, path, 'currency', (v) => typeof v === 'string' && CURRENCY_CODE.test(v), 'a 3-letter ISO 4217 code');
  need(issues, o, path, 'issue_date', isDate, 'a calendar date YYYY-MM-DD');
  need(issues, o, path, 'state', (v) => STATES.includes(v), "'paid', 'outstanding', 'late' or 'voided'");
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

/**
 * The fields of an invoice a credit note copies as they are (its customer's contact, address
 * and tax ID; each item's tax names and places), beyond those documentIssues checks: each must
 * be there, as buildDocument writes it — text or null, a contact an object or null whose
 * fields are all set — never an undefined carried into the credit note.
 */
export function copiedFieldIssues(doc: Fields, path: Path): TaxRulesIssue[] {
  const issues: TaxRulesIssue[] = [];
  need(issues, doc, path, 'country', isText, 'a country code');
  for (const key of ['postal_code', 'region', 'city', 'street_line_1', 'street_line_2', 'tax_id']) need(issues, doc, path, key, isTextOrNull, 'text or null');
  const contact = doc.contact;
  if (contact === undefined || (contact !== null && (typeof contact !== 'object' || Array.isArray(contact)))) {
    issues.push({ path: [...path, 'contact'], code: contact === undefined ? 'missing' : 'malformed', message: `${path.join('.')}.contact must be the document's contact (an object) or null` });
  } else if (contact !== null) {
    for (const [key, value] of Object.entries(contact as Fields)) {
      if (value === undefined) issues.push({ path: [...path, 'contact', key], code: 'malformed', message: `${path.join('.')}.contact.${key} is undefined: leave the field out, or give its value` });
    }
  }
  const items = Array.isArray(doc.items) ? (doc.items as unknown[]) : [];
  items.forEach((item, i) => {
    if (typeof item !== 'object' || item === null) return;
    const o = item as Fields;
    const at = [...path, 'items', i];
    for (const n of o.tax_2_rate === null || o.tax_2_rate === undefined ? [1] : [1, 2]) {
      for (const key of ['name', 'region', 'county', 'city']) need(issues, o, at, `tax_${n}_${key}`, isTextOrNull, 'text or null');
    }
  });
  return issues;
}

/** A tax of a document, as a report reads it. */
export interface TaxSummary {
  readonly name: string;
  readonly rate: number;
  readonly country: string;
  readonly region: string | null;
  readonly amount_cents: number;
  readonly taxable_base_cents: number;
}

/** What a report reads of a document: its kind, state, date, currency and taxes. */
export interface DocumentSummary {
  readonly type: DocumentType;
  readonly state: DocumentState;
  readonly issue_date: string;
  readonly currency: string;
  readonly taxes: readonly TaxSummary[];
}

/*
 * The fast reading of a document handed back: its own enumerable fields walked once with
 * for…in (an inherited one skipped, never read), each one the checks read tested as
 * documentIssues tests it, and every other one read as `ownCopy` would read it (`touchOwn`, core/own.ts), so
 * that a getter or a Proxy trap that throws there throws here too. Anything these checks do
 * not accept — what documentIssues refuses, and what they are stricter about (an item, a tax
 * or a related_document that is an array, more taxes than `maxItems`) — answers null, for the full check
 * to read and name.
 */

const isCentsOrNull = (v: unknown): boolean => v === null || isCents(v);
const isNumberOrNull = (v: unknown): boolean => v === null || isNumber(v);

/** The fields of an item plainItem checks, each with its test and its bit of `found` (without a prototype: a key such as `constructor` is none of them). */
const ITEM_FIELDS: Readonly<Record<string, readonly [(v: unknown) => boolean, number]>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, readonly [(v: unknown) => boolean, number]>, {
    subtotal_cents: [isCents, 1],
    discount_cents: [isCents, 2],
    tax_1_amount_cents: [isCents, 4],
    tax_1_taxable_base_cents: [isCents, 8],
    tax_1_rate: [isNumber, 16],
    tax_1_taxable_part: [isNumber, 32],
    tax_1_country: [(v: unknown) => typeof v === 'string', 64],
    tax_1_transaction_type: [(v: unknown) => typeof v === 'string', 128],
    tax_2_amount_cents: [isCentsOrNull, 256],
    tax_2_taxable_base_cents: [isCentsOrNull, 512],
    tax_2_rate: [isNumberOrNull, 1024],
    tax_2_taxable_part: [isNumberOrNull, 2048],
  }),
);

/** Whether an item (at ownCopy's level 2) passes itemIssues. */
function plainItem(item: unknown, credit: boolean, maxItems: number): boolean {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return false;
  let found = 0;
  let subtotal = 0;
  let discount = 0;
  for (const key in item) {
    if (!hasOwn.call(item, key)) continue;
    const v = (item as Fields)[key];
    const field = ITEM_FIELDS[key];
    if (field !== undefined) {
      if (!field[0](v)) return false;
      found |= field[1];
      if (key === 'subtotal_cents') subtotal = v as number;
      else if (key === 'discount_cents') discount = v as number;
    } else if (key === 'invoice_item') {
      // Read only on a credit note's items (an invoice's is read as any other field).
      if (!credit) touchOwn(v, 1, maxItems);
      else if (!(typeof v === 'number' && Number.isSafeInteger(v) && v >= 0)) return false;
      found |= 4096;
    } else touchOwn(v, 1, maxItems);
  }
  return (found | (credit ? 0 : 4096)) === 8191 && discount <= subtotal;
}

/** A tax (at ownCopy's level 2) that passes taxIssues, as a report reads it; null for any other. */
function plainTax(tax: unknown, maxItems: number): TaxSummary | null {
  if (typeof tax !== 'object' || tax === null || Array.isArray(tax)) return null;
  let found = 0;
  let name = '';
  let rate = 0;
  let country = '';
  let region: string | null = null;
  let amount = 0;
  let base = 0;
  for (const key in tax) {
    if (!hasOwn.call(tax, key)) continue;
    const v = (tax as Fields)[key];
    switch (key) {
      case 'name':
        if (typeof v !== 'string') return null;
        name = v;
        found |= 1;
        break;
      case 'rate':
        if (!isNumber(v)) return null;
        rate = v as number;
        found |= 2;
        break;
      case 'country':
        if (typeof v !== 'string') return null;
        country = v;
        found |= 4;
        break;
      case 'region':
        if (v !== null && typeof v !== 'string') return null;
        region = v;
        found |= 8;
        break;
      case 'amount_cents':
        if (!isCents(v)) return null;
        amount = v as number;
        found |= 16;
        break;
      case 'taxable_base_cents':
        if (!isCents(v)) return null;
        base = v as number;
        found |= 32;
        break;
      default:
        touchOwn(v, 1, maxItems);
    }
  }
  return found === 63 ? { name, rate, country, region, amount_cents: amount, taxable_base_cents: base } : null;
}

/** Whether a credit note's related_document (at ownCopy's level 3) names an invoice as documentIssues requires. */
function plainRelated(r: unknown, maxItems: number): boolean {
  if (typeof r !== 'object' || r === null || Array.isArray(r)) return false;
  let id: unknown;
  let type: unknown;
  for (const key in r) {
    if (!hasOwn.call(r, key)) continue;
    const v = (r as Fields)[key];
    if (key === 'id') id = v;
    else if (key === 'type') type = v;
    else touchOwn(v, 2, maxItems);
  }
  return typeof id === 'number' && type === 'Invoice';
}

/** The fields of a document the checks read, without a prototype: each other one is only read (touchOwn). */
const CHECKED_FIELDS = ['id', 'type', 'currency', 'issue_date', 'state', 'subtotal_cents', 'discount_cents', 'total_cents', 'payment_processor', 'payment_processor_id', 'exchange_rate', 'items', 'taxes', 'related_document'];
const CHECKED = Object.assign(Object.create(null) as Record<string, true>, Object.fromEntries(CHECKED_FIELDS.map((k) => [k, true])));

/**
 * The summary of a document documentIssues would accept, read from the document itself (see
 * above): the fields of `ownCopy(doc, DOCUMENT_LEVELS, maxItems)` when
 * `documentIssues` finds nothing in that copy, or null for the full check to read and name the issues. An
 * exception of a getter or a Proxy trap is thrown as it is.
 */
export function plainDocumentSummary(doc: unknown, maxItems: number): DocumentSummary | null {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return null;
  const d: Fields = {
    id: undefined,
    type: undefined,
    currency: undefined,
    issue_date: undefined,
    state: undefined,
    subtotal_cents: undefined,
    discount_cents: undefined,
    total_cents: undefined,
    payment_processor: undefined,
    payment_processor_id: undefined,
    exchange_rate: undefined,
    items: undefined,
    taxes: undefined,
    related_document: undefined,
  };
  for (const key in doc) {
    if (!hasOwn.call(doc, key)) continue;
    const v = (doc as Fields)[key];
    if (CHECKED[key] === true) d[key] = v;
    else touchOwn(v, DOCUMENT_LEVELS - 1, maxItems);
  }
  const id = d.id;
  if (!(typeof id === 'number' && Number.isSafeInteger(id) && id > 0) || !TYPES.includes(d.type) || !STATES.includes(d.state) || typeof d.currency !== 'string' || !CURRENCY_CODE.test(d.currency) || !isDate(d.issue_date)) return null;
  if (!isCents(d.subtotal_cents) || !isCents(d.discount_cents) || !isCents(d.total_cents) || !isTextOrNull(d.payment_processor) || !isTextOrNull(d.payment_processor_id)) return null;
  if ((d.exchange_rate !== undefined && !(isNumber(d.exchange_rate) && (d.exchange_rate as number) > 0)) || !Array.isArray(d.items) || !Array.isArray(d.taxes)) return null;
  const credit = d.type === 'Credit';
  // An invoice's related_document is not checked, only read (as ownCopy reads it).
  if (!credit) touchOwn(d.related_document, DOCUMENT_LEVELS - 1, maxItems);
  else if (!plainRelated(d.related_document, maxItems)) return null;
  const list = d.items;
  const n = list.length;
  if (n > MAX_DOCUMENT_ITEMS) return null;
  for (let i = 0; i < n; i++) if (!hasOwn.call(list, i) || !plainItem(list[i], credit, maxItems)) return null;
  const given = d.taxes;
  const count = given.length;
  if (count > maxItems) return null;
  const read: TaxSummary[] = new Array<TaxSummary>(count);
  for (let i = 0; i < count; i++) {
    const tax = hasOwn.call(given, i) ? plainTax(given[i], maxItems) : null;
    if (tax === null) return null;
    read[i] = tax;
  }
  return { type: d.type as DocumentType, state: d.state as DocumentState, issue_date: d.issue_date as string, currency: d.currency, taxes: read };
}
