/**
 * The `tax_summary` report (spec: "Reporting request") as a pure function over the documents
 * the caller stores: a CSV with the header `country,tax_name,tax_rate,taxable_base,
 * tax_amount,currency`, one row per country, tax, rate and currency.
 */
import * as z from 'zod/mini';
import { errorFromIssues, type TaxRulesIssue } from '../../core/errors.js';
import { formatMinor, formatUnits, RATE_SCALE } from '../../core/money.js';
import type { RuleSet } from '../../core/ruleset.js';
import { checkBySchema } from '../../adapters/issues.js';
import { ownCopy, readOptions, RULE_SET, unreadable } from '../../adapters/read.js';
import { packagedRuleSet } from '../../default-rules.js';
import { documentIssues, DOCUMENT_LEVELS, plainDocumentSummary, type DocumentSummary } from './shape.js';
import { MAX_CENTS } from '../limits.js';
import { minorUnitsIn } from './common.js';
import { dateText } from './request.js';
import type { BillingDocument } from '../../generated/answer-types.js';
import { onFirstUse } from '../../adapters/zod-english.js';

/** The report's parameters: the first and last day of the period, both included. */
export interface TaxSummaryParameters {
  readonly from_date: string;
  readonly to_date: string;
}

export const TAX_SUMMARY_HEADER = ['country', 'tax_name', 'tax_rate', 'taxable_base', 'tax_amount', 'currency'] as const;

/** Documents read by one report; a longer list is refused rather than walked. */
export const MAX_REPORT_DOCUMENTS = 1_000_000;

/** A field as RFC 4180 writes it: quoted when it holds a comma, a double quote, a CR or an LF, its quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The schema of the report's parameters, built on first use. */
const parameterSchema = /* @__PURE__ */ onFirstUse(buildParameters);

function buildParameters() {
  return z.strictObject({ from_date: dateText(), to_date: dateText() });
}

function readParameters(parameters: unknown): TaxSummaryParameters {
  const schema = parameterSchema();
  const parsed = checkBySchema(schema, ownCopy(parameters, 1, 0), ['parameters']);
  if (!parsed.success) throw errorFromIssues(parsed.issues);
  const p = parsed.data;
  if (p.to_date < p.from_date) throw errorFromIssues([{ path: ['parameters', 'to_date'], code: 'malformed', message: `parameters.to_date ${p.to_date} is before from_date ${p.from_date}` }]);
  return p;
}

/**
 * The `tax_summary` CSV of the documents issued from `from_date` to `to_date` (calendar dates,
 * both included, compared with each document's `issue_date`). Each row sums one tax of the
 * documents' `taxes` — its country (the two-letter ISO code), name (with the region in
 * parentheses when a state or province levies it: `PST (BC)`, `Sales tax (TX)`), rate and
 * currency — invoices adding, credit notes subtracting,
 * voided credit notes left out. `taxable_base` and `tax_amount` are decimals in the currency's
 * minor unit (negative when credits of earlier sales outweigh the period's sales); amounts of
 * different currencies are never added together. Rows are sorted by country, tax name, rate
 * and currency; lines end with CRLF (RFC 4180).
 *
 * @example
 * ```ts
 * import { buildCreditNote, buildDocument, defineAccount, taxSummaryReport } from 'taxrules';
 *
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss' }] });
 * const invoice = buildDocument(
 *   { date: '2026-06-01', customer: { first_name: 'Lea', country: 'DE' }, items: [{ description: 'Team plan', product_code: 'team', amount: '100.00', tax: { country: 'DE', tax_code: 'saas' } }],
 *     payment: { method: 'credit_card' }, processor: 'stripe', processor_id: 'ch_1' },
 *   seller,
 *   { id: 1, number: 'INV-1', createdAt: 1780315200 }, // 2026-06-01 12:00 UTC
 * );
 * const credit = buildCreditNote({ invoice_id: 1, credited_amount: 59.5 }, { id: 2, number: 'CN-1', createdAt: 1780401600, invoice });
 *
 * // The invoice's tax less the credit note's, one CSV row per country, tax, rate and currency.
 * taxSummaryReport([invoice, credit], { from_date: '2026-06-01', to_date: '2026-06-30' });
 * // 'country,tax_name,tax_rate,taxable_base,tax_amount,currency\r\nDE,VAT,19,50.00,9.50,EUR\r\n'
 * ```
 */
export function taxSummaryReport(documents: readonly BillingDocument[], parameters: TaxSummaryParameters, options?: { readonly rules?: RuleSet } | null): string;
export function taxSummaryReport(documents: unknown, parameters: unknown, options?: unknown): string {
  try {
    const rules = readOptions<{ rules?: RuleSet }>(options, { rules: RULE_SET }).rules ?? packagedRuleSet;
    const p = readParameters(parameters);
    if (!Array.isArray(documents)) throw errorFromIssues([{ path: ['documents'], code: 'malformed', message: 'documents must be an array of billing documents' }]);
    if (documents.length > MAX_REPORT_DOCUMENTS) throw errorFromIssues([{ path: ['documents'], code: 'malformed', message: `documents has more than ${MAX_REPORT_DOCUMENTS} documents: report a shorter period` }]);
    const issues: TaxRulesIssue[] = [];
    const currencyIssues: TaxRulesIssue[] = [];
    const rows = new Map<string, Row>();
    // Each document read once, as ownCopy(documents, DOCUMENT_LEVELS + 1, …) reads the list.
    const n = Math.min(documents.length, MAX_REPORT_DOCUMENTS + 1);
    // The currency of the document before, known to the rules: most documents are in the one of the one before.
    let known = '';
    for (let i = 0; i < n; i++) {
      const doc = documentAt(Object.hasOwn(documents, i) ? (documents[i] as unknown) : undefined, i, issues);
      if (doc === null || issues.length > 0) continue;
      if (doc.state === 'voided' || doc.issue_date < p.from_date || doc.issue_date > p.to_date) continue;
      if (doc.currency !== known && minorUnitsIn(rules, doc.currency, ['documents', i, 'currency'], currencyIssues) === undefined) continue;
      known = doc.currency;
      const credit = doc.type === 'Credit';
      for (const tax of doc.taxes) {
        // A state's or province's tax names its region beside its own name: the country stays the spec's two letters.
        const name = tax.region ? `${tax.name} (${tax.region})` : tax.name;
        const rateUnits = Math.round(tax.rate * RATE_SCALE);
        // One key per row: the currency has three letters and the country its length before it, so no two rows share one.
        const key = `${rateUnits} ${doc.currency}${tax.country.length} ${tax.country}${name}`;
        let row = rows.get(key);
        if (row === undefined) rows.set(key, (row = new Row(tax.country, name, rateUnits, doc.currency)));
        row.add(credit ? -tax.taxable_base_cents : tax.taxable_base_cents, credit ? -tax.amount_cents : tax.amount_cents);
      }
    }
    if (issues.length > 0) throw errorFromIssues(issues);
    if (currencyIssues.length > 0) throw errorFromIssues(currencyIssues);
    const sorted = [...rows.values()].sort(
      (a, b) => cmp(a.country, b.country) || cmp(a.name, b.name) || a.rateUnits - b.rateUnits || cmp(a.currency, b.currency),
    );
    const lines = [TAX_SUMMARY_HEADER.join(',')];
    for (const r of sorted) {
      const minorUnits = rules.currencies.get(r.currency) as number;
      lines.push([r.country, r.name, formatUnits(r.rateUnits), formatMinor(r.total('base'), minorUnits), formatMinor(r.total('amount'), minorUnits), r.currency].map(csvField).join(','));
    }
    return `${lines.join('\r\n')}\r\n`;
  } catch (error) {
    throw unreadable(error, []);
  }
}

/**
 * A document of the list, read: its summary, or null with its issues added (see
 * plainDocumentSummary: a document the fast reading does not accept, or whose reading threw,
 * is copied and checked in full, so the issues, and an exception of a getter, are the full
 * check's).
 */
function documentAt(value: unknown, i: number, issues: TaxRulesIssue[]): DocumentSummary | null {
  try {
    const summary = plainDocumentSummary(value, MAX_REPORT_DOCUMENTS);
    if (summary !== null) return summary;
  } catch {
    // Read again below, by the copy: it throws what a full reading throws.
  }
  const copy = ownCopy(value, DOCUMENT_LEVELS, MAX_REPORT_DOCUMENTS);
  const found = documentIssues(copy, ['documents', i]);
  if (found.length === 0) return copy as BillingDocument;
  for (const issue of found) issues.push(issue);
  return null;
}

/** Largest magnitude a row's running sums reach before they move to their BigInt totals (adding one more amount stays exact). */
const EXACT = Number.MAX_SAFE_INTEGER - MAX_CENTS;

/**
 * A row of the report: its sums in minor units, added as numbers while they stay exact (every
 * amount is an integer of at most MAX_CENTS) and moved to BigInt totals before they could not.
 */
class Row {
  private base = 0;
  private amount = 0;
  private bigBase = 0n;
  private bigAmount = 0n;
  constructor(
    readonly country: string,
    readonly name: string,
    readonly rateUnits: number,
    readonly currency: string,
  ) {}

  add(base: number, amount: number): void {
    if (Math.abs(this.base) > EXACT || Math.abs(this.amount) > EXACT) this.carry();
    this.base += base;
    this.amount += amount;
  }

  private carry(): void {
    this.bigBase += BigInt(this.base);
    this.bigAmount += BigInt(this.amount);
    this.base = 0;
    this.amount = 0;
  }

  total(which: 'base' | 'amount'): bigint {
    this.carry();
    return which === 'base' ? this.bigBase : this.bigAmount;
  }
}

/** Code-unit order: the same on every machine and locale. */
function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
