/**
 * The `tax_summary` report (spec: "Reporting request") as a pure function over the documents
 * the caller stores: a CSV with the header `country,tax_name,tax_rate,taxable_base,
 * tax_amount,currency`, one row per country, tax, rate and currency.
 */
import * as z from 'zod/mini';
import { dayNumber } from '../core/dates.js';
import { errorFromIssues, type TaxRulesIssue } from '../core/errors.js';
import { formatMinor, formatUnits, RATE_SCALE } from '../core/money.js';
import type { RuleSet } from '../core/ruleset.js';
import { issuesFromZod } from '../adapters/issues.js';
import { ownCopy, readOptions, RULE_SET, unreadable } from '../adapters/read.js';
import { defaultRuleSet } from '../default-rules.js';
import { documentIssues, DOCUMENT_LEVELS } from './shape.js';
import type { BillingDocument } from './types.js';

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

let parameterSchema: ReturnType<typeof buildParameters> | undefined;

function buildParameters() {
  const date = z.string().check(z.refine((s: string) => !Number.isNaN(dayNumber(s)), { message: 'must be a calendar date YYYY-MM-DD' }));
  return z.strictObject({ from_date: date, to_date: date });
}

function readParameters(parameters: unknown): TaxSummaryParameters {
  const schema = (parameterSchema ??= buildParameters());
  const parsed = schema.safeParse(ownCopy(parameters, 1, 0));
  if (!parsed.success) throw errorFromIssues(issuesFromZod(parsed.error, ['parameters'], schema));
  const p = parsed.data;
  if (p.to_date < p.from_date) throw errorFromIssues([{ path: ['parameters', 'to_date'], code: 'malformed', message: `parameters.to_date ${p.to_date} is before from_date ${p.from_date}` }]);
  return p;
}

/**
 * The `tax_summary` CSV of the documents issued from `from_date` to `to_date` (calendar dates,
 * both included, compared with each document's `issue_date`). Each row sums one tax of the
 * documents' `taxes` — its country (`US-TX`, `CA-BC`: the ISO 3166-2 code when a state or
 * province levies it), name, rate and currency — invoices adding, credit notes subtracting,
 * voided credit notes left out. `taxable_base` and `tax_amount` are decimals in the currency's
 * minor unit (negative when credits of earlier sales outweigh the period's sales); amounts of
 * different currencies are never added together. Rows are sorted by country, tax name, rate
 * and currency; lines end with CRLF (RFC 4180).
 */
export function taxSummaryReport(documents: readonly BillingDocument[], parameters: TaxSummaryParameters, options?: { readonly rules?: RuleSet } | null): string;
export function taxSummaryReport(documents: unknown, parameters: unknown, options?: unknown): string {
  try {
    const rules = readOptions<{ rules?: RuleSet }>(options, { rules: RULE_SET }).rules ?? defaultRuleSet;
    const p = readParameters(parameters);
    if (!Array.isArray(documents)) throw errorFromIssues([{ path: ['documents'], code: 'malformed', message: 'documents must be an array of billing documents' }]);
    if (documents.length > MAX_REPORT_DOCUMENTS) throw errorFromIssues([{ path: ['documents'], code: 'malformed', message: `documents has more than ${MAX_REPORT_DOCUMENTS} documents: report a shorter period` }]);
    const issues: TaxRulesIssue[] = [];
    const own = ownCopy(documents, DOCUMENT_LEVELS + 1, MAX_REPORT_DOCUMENTS) as unknown[];
    own.forEach((d: unknown, i) => issues.push(...documentIssues(d, ['documents', i])));
    if (issues.length > 0) throw errorFromIssues(issues);
    const rows = new Map<string, { country: string; name: string; rateUnits: number; currency: string; base: bigint; amount: bigint }>();
    (own as BillingDocument[]).forEach((doc, i) => {
      if (doc.state === 'voided' || doc.issue_date < p.from_date || doc.issue_date > p.to_date) return;
      if (!rules.currencies.has(doc.currency)) {
        issues.push({ path: ['documents', i, 'currency'], code: 'invalid_value', message: `documents.${i}.currency ${doc.currency} is not an ISO 4217 currency code` });
        return;
      }
      const sign = doc.type === 'Credit' ? -1n : 1n;
      for (const tax of doc.taxes) {
        const country = tax.region ? `${tax.country}-${tax.region}` : tax.country;
        const rateUnits = Math.round(tax.rate * RATE_SCALE);
        const key = JSON.stringify([country, tax.name, rateUnits, doc.currency]);
        let row = rows.get(key);
        if (row === undefined) rows.set(key, (row = { country, name: tax.name, rateUnits, currency: doc.currency, base: 0n, amount: 0n }));
        row.base += sign * BigInt(tax.taxable_base_cents);
        row.amount += sign * BigInt(tax.amount_cents);
      }
    });
    if (issues.length > 0) throw errorFromIssues(issues);
    const sorted = [...rows.values()].sort(
      (a, b) => cmp(a.country, b.country) || cmp(a.name, b.name) || a.rateUnits - b.rateUnits || cmp(a.currency, b.currency),
    );
    const lines = [TAX_SUMMARY_HEADER.join(',')];
    for (const r of sorted) {
      const minorUnits = rules.currencies.get(r.currency) as number;
      lines.push([r.country, r.name, formatUnits(r.rateUnits), formatMinor(r.base, minorUnits), formatMinor(r.amount, minorUnits), r.currency].map(csvField).join(','));
    }
    return `${lines.join('\r\n')}\r\n`;
  } catch (error) {
    throw unreadable(error, []);
  }
}

/** Code-unit order: the same on every machine and locale. */
function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
