/**
 * Reading the inputs of the document functions: the options (ids, numbers and timestamps are
 * inputs, never made from the clock), and a request through its schema. Only own fields are
 * read, and what the schema gives back is copied onto objects without a prototype, so that a
 * polluted `Object.prototype` cannot fill a field a request leaves out.
 */
import type * as z from 'zod/mini';
import { errorFromIssues, quoted, type TaxRulesIssue } from '../../core/errors.js';
import type { RuleSet } from '../../core/ruleset.js';
import { checkBySchema } from '../../adapters/issues.js';
import { EXCHANGE_RATES, isBoolean, ownCopy, readOptions, RULE_SET, unreadable, type OptionCheck } from '../../adapters/read.js';
import { DECISION_OPTIONS } from '../../adapters/engine.js';
import { isRecord } from '../../adapters/input.js';
import { MAX_TAX_DATE } from '../../adapters/schemas.js';
import type { DecisionOptions } from '../../core/options.js';
import { MAX_DOCUMENT_ITEMS, MAX_DOCUMENT_NUMBER_LENGTH } from '../limits.js';
import { rateValue, ratesOf, type ExchangeRates } from '../../adapters/exchange-rates.js';
import { decimalOf } from '../../core/money.js';
import type { BillingDocument } from '../../generated/answer-types.js';
import { productIssues, type ProductDefaults } from '../../core/products.js';

/** A coupon applied to a sale before tax: a percentage off every item, or an amount shared among them. */
export interface Coupon {
  readonly code: string;
  /** Percent off (0 to 100, at most 4 decimals). */
  readonly percent?: number | string;
  /** An amount off the document, in its currency (at most its decimals), shared among the items by their net amounts. */
  readonly amount?: number | string;
}

export type { ProductDefaults, ProductTaxType, ProductTaxBase } from '../../core/products.js';

/** What the stored records hand to a document: its identity, its time, and what the request cannot carry. */
export interface DocumentIdentity {
  /** The document's id (a positive integer: the server's record). */
  readonly id: number;
  /** The document's number, 1 to 20 characters. */
  readonly number: string;
  /** Unix seconds of the document's creation: its `created_at`, the date of a request without one (UTC), the timestamp a credit note's processor_id ends with. */
  readonly createdAt: number;
  /** The items' ids, one per item in order; without them items have `id: null`. */
  readonly itemIds?: readonly number[];
  /** The payment record's id; without it `null`. */
  readonly paymentId?: number;
}

/** The options of `buildDocument`. */
export interface DocumentOptions extends DocumentIdentity, DecisionOptions {
  /** Units of the account's currency per unit of the document's, when the request has no `exchange_rate`. */
  readonly exchangeRate?: number | string;
  /** The caller's rates by date, read when neither the request nor `exchangeRate` gives one: a table, or a function asked for the document's rate (the ECB's reference rates: `ecbRates` of `taxrules/ecb`). */
  readonly exchangeRates?: ExchangeRates;
  /** A coupon applied to a sale before tax. */
  readonly coupon?: Coupon;
  /** The products items name by `product_code`: their `product_type`, and their `tax_class` when the item's tax has no `tax_code`. */
  readonly products?: Readonly<Record<string, ProductDefaults>>;
  /** A refund: the invoice of the sale it refunds. */
  readonly invoice?: BillingDocument;
  /** A refund: the credit notes already issued against that invoice (voided ones are not counted). */
  readonly credits?: readonly BillingDocument[];
  /** The country the server's geolocation gives for the evidence's `ip_address` (taxrules does not geolocate): a piece of evidence then. */
  readonly ipCountry?: string;
  /**
   * A sale whose `customer` gives the fields of a new contact: the id of the contact the
   * server creates for it (the spec: the call creates the contact), the document's
   * `contact.id`, which a refund may then name as its `customer: { id }`. With a request that
   * references a stored contact by `id`, it must be that id.
   */
  readonly contactId?: number;
  /** A sale's document: `invoice` (the default) or `receipt` (type `Receipt`: immutable, corrected by voiding it). Not for a refund, whose document is a credit note. */
  readonly documentType?: SaleDocumentType;
  /** The account uses a Spanish electronic-invoicing system: the request's `number` and `issue_date` are accepted and ignored (the spec, all versions); without it they are unknown fields (400). */
  readonly spanishElectronicInvoicing?: boolean;
}

/** The document a sale makes. */
export type SaleDocumentType = 'invoice' | 'receipt';

/** The options of `buildCreditNote`. */
export interface CreditNoteOptions extends DocumentIdentity {
  /** The invoice credited (`invoice_id` names it). */
  readonly invoice: BillingDocument;
  /** The credit notes already issued against it (voided ones are not counted). */
  readonly credits?: readonly BillingDocument[];
  readonly rules?: RuleSet;
  /**
   * Whether the refund is recorded with the credit note (default true: the spec's `POST
   * /credits` "records the refund automatically", and the credit note is `paid`). `false`: no
   * payment record, the credit note is `outstanding` until `recordCreditPayment` records
   * payments reaching its total.
   */
  readonly recordRefund?: boolean;
  /** As DocumentOptions.spanishElectronicInvoicing: a request's `number` and `issue_date` are accepted and ignored. */
  readonly spanishElectronicInvoicing?: boolean;
}

const isPositiveInt = (v: unknown): boolean => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

export const IDENTITY_CHECKS = {
  id: [isPositiveInt, "a positive integer (the document's id)"],
  number: [(v: unknown) => typeof v === 'string' && v.trim().length > 0 && v.length <= MAX_DOCUMENT_NUMBER_LENGTH, `text of 1 to ${MAX_DOCUMENT_NUMBER_LENGTH} characters`],
  createdAt: [(v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= MAX_TAX_DATE, `whole Unix seconds from 0 to ${MAX_TAX_DATE}`],
  itemIds: [(v: unknown) => Array.isArray(v) && v.length <= MAX_DOCUMENT_ITEMS && v.every(isPositiveInt), 'an array of positive integers, one per item'],
  paymentId: [isPositiveInt, "a positive integer (the payment record's id)"],
} as const satisfies Record<keyof DocumentIdentity, OptionCheck>;

/** The invoice a credit note credits, and the credit notes issued against it before. */
export const INVOICE_CHECKS = {
  invoice: [isRecord, 'the invoice (a billing document)'],
  credits: [Array.isArray, 'an array of credit notes'],
} as const satisfies Record<'invoice' | 'credits', OptionCheck>;

const DOCUMENT_CHECKS: { readonly [K in keyof DocumentOptions]-?: OptionCheck } = {
  ...IDENTITY_CHECKS,
  ...INVOICE_CHECKS,
  exchangeRate: [(v) => rateValue(v) !== null, 'a positive decimal (a number or a decimal string)'],
  exchangeRates: EXCHANGE_RATES,
  coupon: [isRecord, 'an object { code, percent | amount }'],
  products: [isRecord, 'an object of products by code: { product_type?, tax_class?, tax_type?, tax_based_on?, country? }'],
  ...DECISION_OPTIONS,
  ipCountry: [(v) => typeof v === 'string' && /^[A-Z]{2}$/.test(v), "a 2-letter country code in capitals: the geolocation of the evidence's ip_address"],
  contactId: [isPositiveInt, "a positive integer (the id of the sale's contact)"],
  documentType: [(v) => v === 'invoice' || v === 'receipt', "'invoice' or 'receipt'"],
  spanishElectronicInvoicing: [isBoolean, 'true or false'],
};

const CREDIT_CHECKS: { readonly [K in keyof CreditNoteOptions]-?: OptionCheck } = {
  ...IDENTITY_CHECKS,
  ...INVOICE_CHECKS,
  rules: RULE_SET,
  recordRefund: [isBoolean, 'true or false'],
  spanishElectronicInvoicing: [isBoolean, 'true or false'],
};

function requiredIdentity(o: Partial<DocumentIdentity>, issues: TaxRulesIssue[]): void {
  for (const key of ['id', 'number', 'createdAt'] as const) {
    if (o[key] === undefined) issues.push({ path: ['options', key], code: 'missing', message: `options.${key} is required: ${IDENTITY_CHECKS[key][1]} (taxrules stores nothing and reads no clock)` });
  }
}

function couponIssues(c: Record<string, unknown>, issues: TaxRulesIssue[]): void {
  const path = ['options', 'coupon'];
  for (const key of Object.keys(c)) if (!['code', 'percent', 'amount'].includes(key)) issues.push({ path: [...path, key], code: 'unknown_field', message: `options.coupon.${key}: unknown field` });
  if (typeof c.code !== 'string' || c.code.trim() === '') issues.push({ path: [...path, 'code'], code: c.code === undefined ? 'missing' : 'malformed', message: 'options.coupon.code must be the text of the coupon' });
  if ((c.percent === undefined) === (c.amount === undefined)) issues.push({ path, code: 'malformed', message: 'options.coupon needs either percent or amount (a coupon has one of them)' });
  const decimal = (v: unknown): boolean => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.length <= 40) ? decimalOf(v as number | string) !== null : false;
  if (c.percent !== undefined && (!decimal(c.percent) || Number(c.percent) > 100)) issues.push({ path: [...path, 'percent'], code: 'malformed', message: `options.coupon.percent must be a percentage from 0 to 100, got ${quoted(c.percent, 40)}` });
  if (c.amount !== undefined && !decimal(c.amount)) issues.push({ path: [...path, 'amount'], code: 'malformed', message: `options.coupon.amount must be a decimal amount, not negative, got ${quoted(c.amount, 40)}` });
}

/** The options of buildDocument, checked (a copy of their own fields; the documents in them are checked where they are used). */
export function readDocumentOptions(options: unknown): DocumentOptions {
  const read = readOptions<DocumentOptions>(options, DOCUMENT_CHECKS);
  const issues: TaxRulesIssue[] = [];
  requiredIdentity(read, issues);
  // What is read field by field later is read from copies of the own fields (a polluted prototype adds none).
  // On an object without a prototype, as read is: an option left out is not read from a polluted one.
  const o: DocumentOptions = Object.assign(Object.create(null) as DocumentOptions, read, {
    ...(read.exchangeRates === undefined ? {} : { exchangeRates: ratesOf(read.exchangeRates, issues) }),
    ...(read.coupon === undefined ? {} : { coupon: ownCopy(read.coupon, 1, 0) as Coupon }),
    ...(read.products === undefined ? {} : { products: ownCopy(read.products, 2, 0) as Record<string, ProductDefaults> }),
  });
  if (o.coupon !== undefined) couponIssues(o.coupon as unknown as Record<string, unknown>, issues);
  if (o.products !== undefined) productIssues(o.products as Record<string, unknown>, issues);
  if (issues.length > 0) throw errorFromIssues(issues);
  return o;
}

/** The request fields a Spanish electronic-invoicing account's documents ignore (spec: Transactions, rule 6; version 20241028, backported). */
export const SPANISH_IGNORED_FIELDS: readonly string[] = ['number', 'issue_date'];

/** The options of buildCreditNote, checked. */
export function readCreditOptions(options: unknown): CreditNoteOptions {
  const o = readOptions<CreditNoteOptions>(options, CREDIT_CHECKS);
  const issues: TaxRulesIssue[] = [];
  requiredIdentity(o, issues);
  if (o.invoice === undefined) issues.push({ path: ['options', 'invoice'], code: 'missing', message: 'options.invoice is required: the invoice the credit note credits' });
  if (o.recordRefund === false && o.paymentId !== undefined) issues.push({ path: ['options', 'paymentId'], code: 'malformed', message: 'options.paymentId is the id of the refund recorded with the credit note, and options.recordRefund is false: no payment is recorded' });
  if (issues.length > 0) throw errorFromIssues(issues);
  return o;
}

/**
 * A request read through its schema, on a copy of its own fields: the issues of the schema
 * (every one at once) and `extra` ones found on the raw copy, or the parsed request. The
 * top-level fields named in `ignored` are dropped from the copy before it is read.
 */
export function parseRequest<S extends z.ZodMiniType>(schema: S, request: unknown, levels: number, extra: (raw: unknown) => TaxRulesIssue[] = () => [], ignored: readonly string[] = []): z.output<S> {
  let raw: unknown;
  try {
    raw = ownCopy(request, levels, MAX_DOCUMENT_ITEMS);
  } catch (e) {
    throw unreadable(e, []);
  }
  // Fields the account's setting makes the service ignore (a Spanish e-invoicing account's number and issue_date): taken off the copy, whatever their value.
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) for (const key of ignored) delete (raw as Record<string, unknown>)[key];
  const parsed = checkBySchema(schema, raw);
  const issues = parsed.success ? [] : parsed.issues;
  issues.push(...extra(raw));
  if (!parsed.success || issues.length > 0) throw errorFromIssues(issues);
  // Its own fields again, on objects without a prototype: a field the request leaves out reads as absent.
  return ownCopy(parsed.data, levels, MAX_DOCUMENT_ITEMS) as z.output<S>;
}

