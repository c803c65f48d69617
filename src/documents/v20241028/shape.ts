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
import type { BillingDocument, DocumentState, DocumentTax, DocumentType } from '../../generated/answer-types.js';
import { TAX_CODES } from '../../generated/tax-codes.js';

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
const isCentsOrNull = (v: unknown): boolean => v === null || isCents(v);
const isNumberOrNull = (v: unknown): boolean => v === null || isNumber(v);

/** A field's test, and what it must be (the issue's words). */
type Check = readonly [test: (v: unknown) => boolean, what: string];
/** Fields and their checks, without a prototype: a key such as `constructor` is none of them. */
type Checks = Readonly<Record<string, Check>>;
const checks = (fields: Record<string, Check>): Checks => Object.freeze(Object.assign(Object.create(null) as Record<string, Check>, fields));
const CENTS: Check = [isCents, 'an integer amount in minor units'];
const NUMBER: Check = [isNumber, 'a number'];
const TEXT_OR_NULL: Check = [isTextOrNull, 'text or null'];
const COUNTRY: Check = [isText, 'a country code'];

/** The fields of a document's item the computation reads (the second tax's are null on an item of one tax). */
const ITEM_CHECKS = /* @__PURE__ */ checks({
  subtotal_cents: CENTS,
  discount_cents: CENTS,
  tax_1_amount_cents: CENTS,
  tax_1_taxable_base_cents: CENTS,
  tax_1_rate: NUMBER,
  tax_1_taxable_part: NUMBER,
  tax_1_country: COUNTRY,
  tax_1_transaction_type: [isText, 'a tax code'],
  tax_2_amount_cents: [isCentsOrNull, 'an integer amount in minor units or null'],
  tax_2_taxable_base_cents: [isCentsOrNull, 'an integer amount in minor units or null'],
  tax_2_rate: [isNumberOrNull, 'a number or null'],
  tax_2_taxable_part: [isNumberOrNull, 'a number or null'],
});

/** The fields of a document's tax. */
const TAX_CHECKS = /* @__PURE__ */ checks({ name: [isText, 'text'], rate: NUMBER, country: COUNTRY, region: TEXT_OR_NULL, amount_cents: CENTS, taxable_base_cents: CENTS });

/** The fields of a document the computation reads, beyond its items and taxes. */
const DOCUMENT_CHECKS = /* @__PURE__ */ checks({
  id: [(v) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0, 'a positive integer'],
  type: [(v) => TYPES.includes(v), "'Invoice', 'Credit' or 'Receipt'"],
  currency: [(v) => typeof v === 'string' && CURRENCY_CODE.test(v), 'a 3-letter ISO 4217 code'],
  issue_date: [isDate, 'a calendar date YYYY-MM-DD'],
  state: [(v) => STATES.includes(v), "'paid', 'outstanding', 'late' or 'voided'"],
  subtotal_cents: CENTS,
  discount_cents: CENTS,
  total_cents: CENTS,
  payment_processor: TEXT_OR_NULL,
  payment_processor_id: TEXT_OR_NULL,
});

/** A credit note's item: the index of the invoice item it credits. */
const INVOICE_ITEM: Check = [(v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0, 'the index of the invoice item it credits'];

/** A field checked: missing (undefined) or malformed, its issue naming what it must be. */
function need(issues: TaxRulesIssue[], o: Fields, path: Path, key: string, test: (v: unknown) => boolean, what: string): void {
  const v = o[key];
  if (test(v)) return;
  const at = [...path, key];
  const made = v === undefined ? ' (a document made by buildDocument or buildCreditNote has it)' : '';
  issues.push({ path: at, code: v === undefined ? 'missing' : 'malformed', message: `${at.join('.')} must be ${what}${made}` });
}

function needAll(issues: TaxRulesIssue[], o: Fields, path: Path, fields: Checks): void {
  for (const key in fields) need(issues, o, path, key, ...(fields[key] as Check));
}

function itemIssues(issues: TaxRulesIssue[], item: unknown, path: Path, credit: boolean): void {
  if (typeof item !== 'object' || item === null) {
    issues.push({ path, code: 'malformed', message: `${path.join('.')} must be an object` });
    return;
  }
  const o = item as Fields;
  needAll(issues, o, path, ITEM_CHECKS);
  if (typeof o.subtotal_cents === 'number' && typeof o.discount_cents === 'number' && o.discount_cents > o.subtotal_cents) {
    issues.push({ path: [...path, 'discount_cents'], code: 'malformed', message: `${path.join('.')}.discount_cents is more than its subtotal_cents` });
  }
  if (credit) need(issues, o, path, 'invoice_item', ...INVOICE_ITEM);
}

function taxIssues(issues: TaxRulesIssue[], tax: unknown, path: Path): void {
  if (typeof tax !== 'object' || tax === null) {
    issues.push({ path, code: 'malformed', message: `${path.join('.')} must be an object` });
    return;
  }
  needAll(issues, tax as Fields, path, TAX_CHECKS);
}

/** The problems of a document handed back, at `path`; `type` when only one kind fits. */
export function documentIssues(doc: unknown, path: Path, type?: DocumentType): TaxRulesIssue[] {
  const issues: TaxRulesIssue[] = [];
  const name = path.join('.');
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    return [{ path, code: 'malformed', message: `${name} must be a billing document (what buildDocument or buildCreditNote returns)` }];
  }
  const o = doc as Fields;
  for (const key in DOCUMENT_CHECKS) {
    need(issues, o, path, key, ...(DOCUMENT_CHECKS[key] as Check));
    if (key === 'type' && type !== undefined && TYPES.includes(o.type) && o.type !== type) {
      issues.push({ path: [...path, 'type'], code: 'malformed', message: `${name} must be ${KIND_NAMES[type]}, not ${KIND_NAMES[o.type as DocumentType]}` });
    }
  }
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

const PERCENT: Check = [(v) => typeof v === 'number' && v >= 0 && v <= 100, 'a percentage from 0 to 100'];
const TEXT_OR_ABSENT: Check = [(v) => v === undefined || isTextOrNull(v), 'text or null'];
const TAX_STATUSES: readonly unknown[] = ['taxable', 'non_taxable', 'not_registered', 'reverse_charge'];
/** The customer's fields of a document besides its country (text or null): a credit note copies them from its invoice. */
export const CUSTOMER_FIELDS = ['postal_code', 'region', 'city', 'street_line_1', 'street_line_2', 'tax_id'] as const;
const COPIED_CHECKS = /* @__PURE__ */ checks({ country: COUNTRY, ...Object.fromEntries(CUSTOMER_FIELDS.map((k) => [k, TEXT_OR_NULL])) });
const COPIED_ITEM_CHECKS = /* @__PURE__ */ checks({
  quantity: [(v) => isNumber(v) && (v as number) > 0, 'a positive number'],
  unit_price: NUMBER,
  discount_rate: PERCENT,
  description: TEXT_OR_ABSENT,
  product_code: TEXT_OR_ABSENT,
  tax_status: [(v) => v === undefined || v === null || TAX_STATUSES.includes(v), `one of ${TAX_STATUSES.join(', ')} or null`],
  tax_type: [(v) => v === undefined || v === 'included', "'included' (on an item priced with tax included), or absent"],
});
const TAX_CODE: Check = [(v) => (TAX_CODES as readonly unknown[]).includes(v), `one of ${TAX_CODES.join(', ')}`];
const SLOT_CHECKS: Record<string, Check> = { rate: PERCENT, taxable_part: PERCENT, name: TEXT_OR_NULL, region: TEXT_OR_NULL, county: TEXT_OR_NULL, city: TEXT_OR_NULL, country: COUNTRY, transaction_type: TAX_CODE };
/** Each tax slot's checks, its fields after `tax_1_` and `tax_2_`. */
const COPIED_SLOT_CHECKS = /* @__PURE__ */ ([1, 2] as const).map((n) => checks(Object.fromEntries(Object.entries(SLOT_CHECKS).map(([k, c]) => [`tax_${n}_${k}`, c]))));

/**
 * The fields of an invoice a credit note copies as they are or reads (its customer's contact,
 * address and tax ID; each item's quantity, prices, status and taxes), beyond those
 * documentIssues checks: a credit note is made of what it reads, so each must be as
 * buildDocument writes it (a contact an object or null whose fields are all set, a known tax
 * code), never an Infinity or an undefined carried into the credit note.
 */
export function copiedFieldIssues(doc: Fields, path: Path, issues: TaxRulesIssue[]): void {
  needAll(issues, doc, path, COPIED_CHECKS);
  const contact = doc.contact;
  if (contact === undefined || (contact !== null && (typeof contact !== 'object' || Array.isArray(contact)))) {
    issues.push({ path: [...path, 'contact'], code: contact === undefined ? 'missing' : 'malformed', message: `${path.join('.')}.contact must be the document's contact (an object) or null` });
  } else if (contact !== null) {
    for (const [key, value] of Object.entries(contact as Fields)) {
      if (value === undefined) issues.push({ path: [...path, 'contact', key], code: 'malformed', message: `${path.join('.')}.contact.${key} is undefined: leave the field out, or give its value` });
    }
  }
  (doc.items as Fields[]).forEach((item, i) => {
    const at = [...path, 'items', i];
    needAll(issues, item, at, COPIED_ITEM_CHECKS);
    for (const slot of COPIED_SLOT_CHECKS.slice(0, item.tax_2_rate === null ? 1 : 2)) needAll(issues, item, at, slot);
  });
}

/** A tax of a document, as a report reads it. */
export type TaxSummary = Pick<DocumentTax, 'name' | 'rate' | 'country' | 'region' | 'amount_cents' | 'taxable_base_cents'>;

/** What a report reads of a document: its kind, state, date, currency and taxes. */
export type DocumentSummary = Pick<BillingDocument, 'type' | 'state' | 'issue_date' | 'currency'> & { readonly taxes: readonly TaxSummary[] };

/*
 * The fast reading of a document handed back: its own enumerable fields walked once with
 * for…in (an inherited one skipped, never read), each one the checks read tested as
 * documentIssues tests it, and every other one read as `ownCopy` would read it (`touchOwn`, core/own.ts), so
 * that a getter or a Proxy trap that throws there throws here too. Anything these checks do
 * not accept — what documentIssues refuses, and what they are stricter about (an item, a tax
 * or a related_document that is an array, more taxes than `maxItems`) — answers null, for the full check
 * to read and name.
 */

/** A table of checks as the fast reading walks it: each field's test, its bit of `found`, and its place among the values kept. */
type Bits = Readonly<Record<string, readonly [test: (v: unknown) => boolean, bit: number, place: number]>>;
const bitsOf = (fields: Checks): Bits => Object.freeze(Object.assign(Object.create(null) as Record<string, Bits[string]>, Object.fromEntries(Object.keys(fields).map((k, i) => [k, [(fields[k] as Check)[0], 2 ** i, i] as const]))));
/** The places of the fields of `keys` among the values walk keeps, the bits that keep them, and how many places they take. */
function placesOf<K extends string>(bits: Bits, keys: readonly K[]): { readonly at: Readonly<Record<K, number>>; readonly keep: number; readonly none: readonly unknown[] } {
  const at = Object.fromEntries(keys.map((k) => [k, (bits[k] as Bits[string])[2]])) as Record<K, number>;
  return { at, keep: keys.reduce((keep, k) => keep | (bits[k] as Bits[string])[1], 0), none: Array.from({ length: Math.max(...Object.values<number>(at)) + 1 }, () => undefined) };
}
const ITEM_BITS = /* @__PURE__ */ bitsOf(ITEM_CHECKS);
const CREDIT_ITEM_BITS = /* @__PURE__ */ bitsOf(checks({ ...ITEM_CHECKS, invoice_item: INVOICE_ITEM }));
const ITEM_KEPT = /* @__PURE__ */ placesOf(ITEM_BITS, ['subtotal_cents', 'discount_cents']);
const TAX_BITS = /* @__PURE__ */ bitsOf(TAX_CHECKS);
const TAX_KEPT = /* @__PURE__ */ placesOf(TAX_BITS, ['name', 'rate', 'country', 'region', 'amount_cents', 'taxable_base_cents']);
const RELATED_BITS = /* @__PURE__ */ bitsOf(checks({ id: [(v) => typeof v === 'number', 'a number'], type: [(v) => v === 'Invoice', "'Invoice'"] }));

/**
 * An object's own fields walked once (see above): each field of `fields` tested, its value
 * kept in `into` at its place when its bit is in `keep`, and its bit set; every other one only
 * read (touchOwn, at `level`). The bits found, or -1 for a field that fails its test. The
 * values are kept in an array, by place: stores of one kind, whatever the table.
 */
function walk(o: object, fields: Bits, into: unknown[], keep: number, level: number, maxItems: number): number {
  let found = 0;
  for (const key in o) {
    if (!hasOwn.call(o, key)) continue;
    const v = (o as Fields)[key];
    const field = fields[key];
    if (field === undefined) touchOwn(v, level, maxItems);
    else if (!field[0](v)) return -1;
    else {
      if ((field[1] & keep) !== 0) into[field[2]] = v;
      found |= field[1];
    }
  }
  return found;
}

/** The places of the values kept, each set: a place left empty would read from a polluted Array.prototype. */
const valuesOf = (kept: { readonly none: readonly unknown[] }): unknown[] => kept.none.slice();

/** Whether an item (at ownCopy's level 2) passes itemIssues (a credit note's `invoice_item` checked, an invoice's only read). */
function plainItem(item: unknown, credit: boolean, maxItems: number): boolean {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return false;
  const v = valuesOf(ITEM_KEPT);
  const found = walk(item, credit ? CREDIT_ITEM_BITS : ITEM_BITS, v, ITEM_KEPT.keep, 1, maxItems);
  return found === (credit ? 8191 : 4095) && (v[ITEM_KEPT.at.discount_cents] as number) <= (v[ITEM_KEPT.at.subtotal_cents] as number);
}

/** A tax (at ownCopy's level 2) that passes taxIssues, as a report reads it; null for any other. */
function plainTax(tax: unknown, maxItems: number): TaxSummary | null {
  if (typeof tax !== 'object' || tax === null || Array.isArray(tax)) return null;
  const v = valuesOf(TAX_KEPT);
  if (walk(tax, TAX_BITS, v, TAX_KEPT.keep, 1, maxItems) !== 63) return null;
  const at = TAX_KEPT.at;
  return { name: v[at.name], rate: v[at.rate], country: v[at.country], region: v[at.region], amount_cents: v[at.amount_cents], taxable_base_cents: v[at.taxable_base_cents] } as TaxSummary;
}

/** Whether a credit note's related_document (at ownCopy's level 3) names an invoice as documentIssues requires. */
function plainRelated(r: unknown, maxItems: number): boolean {
  return typeof r === 'object' && r !== null && !Array.isArray(r) && walk(r, RELATED_BITS, [], 0, 2, maxItems) === 3;
}

/** DOCUMENT_CHECKS as the fast reading walks them, with the fields it reads besides (a credit note's related_document is checked after, by plainRelated). */
const DOCUMENT_BITS = /* @__PURE__ */ bitsOf(
  checks({
    ...DOCUMENT_CHECKS,
    exchange_rate: [(v) => v === undefined || (isNumber(v) && (v as number) > 0), 'a positive number'],
    items: [Array.isArray, 'an array'],
    taxes: [Array.isArray, 'an array'],
    related_document: [() => true, 'read after'],
  }),
);
/** The fields every document has, and those the summary keeps. */
const REQUIRED = /* @__PURE__ */ placesOf(DOCUMENT_BITS, [...Object.keys(DOCUMENT_CHECKS), 'items', 'taxes']).keep;
const DOCUMENT_KEPT = /* @__PURE__ */ placesOf(DOCUMENT_BITS, ['type', 'issue_date', 'related_document', 'currency', 'items', 'taxes', 'state']);

/**
 * The summary of a document documentIssues would accept, read from the document itself (see
 * above): the fields of `ownCopy(doc, DOCUMENT_LEVELS, maxItems)` when
 * `documentIssues` finds nothing in that copy, or null for the full check to read and name the issues. An
 * exception of a getter or a Proxy trap is thrown as it is.
 */
export function plainDocumentSummary(doc: unknown, maxItems: number): DocumentSummary | null {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return null;
  const v = valuesOf(DOCUMENT_KEPT);
  const found = walk(doc, DOCUMENT_BITS, v, DOCUMENT_KEPT.keep, DOCUMENT_LEVELS - 1, maxItems);
  const at = DOCUMENT_KEPT.at;
  const d = { type: v[at.type], issue_date: v[at.issue_date], related_document: v[at.related_document], currency: v[at.currency], items: v[at.items], taxes: v[at.taxes], state: v[at.state] };
  if (found < 0 || (found & REQUIRED) !== REQUIRED || !Array.isArray(d.items) || !Array.isArray(d.taxes)) return null;
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
  return { type: d.type as DocumentType, state: d.state as DocumentState, issue_date: d.issue_date as string, currency: d.currency as string, taxes: read };
}
