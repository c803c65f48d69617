/**
 * The diff's cases of US local taxes (diff.ts): a ZIP code of every local jurisdiction, asked
 * on the days the state's local file changes, for goods, SaaS and the categories its local
 * tables treat apart.
 */
import type { RuleData } from '../core/rule-data.js';
import type { ProductType, TaxCodeId } from '../core/types.js';
import { dateOfDay, dayNumber } from '../core/dates.js';
import { codeChains } from '../core/code-chain.js';

/** One question asked of both rule sets: a sale from a seller in Ireland registered everywhere. */
export interface DiffCase {
  country: string;
  region: string | null;
  postalCode: string | null;
  date: string;
  taxCode: TaxCodeId;
  productType: ProductType;
  customer: 'consumer' | 'business';
}

/** Every date string under keys `from` (and the day after each `until`) in a value. */
export function changeDays(value: unknown, out: Set<number>): void {
  if (Array.isArray(value)) {
    for (const v of value) changeDays(v, out);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [k, v] of Object.entries(value)) {
    if ((k === 'from' || k === 'until') && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) {
      const day = dayNumber(v);
      if (!Number.isNaN(day)) out.add(k === 'from' ? day : day + 1);
    } else changeDays(v, out);
  }
}

/**
 * The tax codes a state's local taxes treat apart from the state (either data's local
 * `taxability` tables, the file's and its jurisdictions'), with their finer codes drawn for
 * the country (or for every country); every such category where a table has `other_categories`.
 */
function localCodes(files: NonNullable<RuleData['usLocal']>, base: RuleData, next: RuleData, country: string): Set<string> {
  const listed = new Set<string>();
  for (const file of files) for (const table of [file.taxability, ...file.jurisdictions.map((j) => j.taxability)]) for (const code of Object.keys(table ?? {})) listed.add(code);
  const codes = new Set<string>();
  const all = [...base.taxCodes.tax_codes, ...next.taxCodes.tax_codes];
  const chains = codeChains(all);
  for (const c of all) {
    // A finer code drawn for other countries' laws (Italy's foods …) is not asked here.
    if (c.kind !== 'category' || (c.jurisdictions !== undefined && !c.jurisdictions.some((j) => j === country || j.startsWith(`${country}-`)))) continue;
    if (listed.has('other_categories') || (chains.get(c.id) ?? []).some((code) => listed.has(code))) codes.add(c.id);
  }
  return codes;
}

/**
 * Local jurisdictions of a country's states (the US's): for every county, city and district
 * of the local files, a ZIP code of it, asked for goods and for SaaS sold to a consumer, and
 * for each product category the state's local tables treat apart (`localCodes`), on the day
 * before and the day of every change of its state's file (from its first recorded day on).
 */
export function localCases(base: RuleData, next: RuleData, country: string, first: number, kinds: readonly [TaxCodeId, ProductType][], cases: DiffCase[]): void {
  const ofCountry = (f: NonNullable<RuleData['usLocal']>[number]): boolean => (f.country ?? 'US') === country;
  const states = new Set([...(base.usLocal ?? []), ...(next.usLocal ?? [])].filter(ofCountry).map((f) => f.state));
  for (const state of [...states].sort()) {
    const zips = new Set<string>();
    const days = new Set<number>();
    let start = Number.POSITIVE_INFINITY;
    const files: NonNullable<RuleData['usLocal']> = [];
    for (const data of [base, next]) {
      const file = data.usLocal?.find((f) => ofCountry(f) && f.state === state);
      if (!file) continue;
      files.push(file);
      changeDays(file.jurisdictions, days);
      changeDays(file.taxability, days);
      for (const j of file.jurisdictions) for (const r of j.rates) start = Math.min(start, dayNumber(r.from));
      // Each jurisdiction at the ZIP code where its area has the largest share (the area a ZIP alone is answered with).
      const best = new Map<string, [string, number]>();
      for (const [zip, areas, share] of file.zips) {
        for (const c of areas.split(' ')) if ((best.get(c)?.[1] ?? -1) < share) best.set(c, [zip, share]);
      }
      for (const [zip] of best.values()) zips.add(zip);
    }
    const dates = new Set<string>();
    const from = Math.max(first, start);
    if (Number.isFinite(from)) dates.add(dateOfDay(from));
    for (const d of days) {
      if (d <= from) continue;
      dates.add(dateOfDay(d - 1));
      dates.add(dateOfDay(d));
    }
    const codes = localCodes(files, base, next, country);
    const categories = kinds.filter(([code]) => codes.has(code));
    for (const zip of [...zips].sort()) {
      for (const date of [...dates].sort()) {
        cases.push({ country, region: state, postalCode: zip, date, taxCode: 'standard', productType: 'good', customer: 'consumer' });
        cases.push({ country, region: state, postalCode: zip, date, taxCode: 'saas', productType: 'service', customer: 'consumer' });
        for (const [taxCode, productType] of categories) cases.push({ country, region: state, postalCode: zip, date, taxCode, productType, customer: 'consumer' });
      }
    }
  }
}
