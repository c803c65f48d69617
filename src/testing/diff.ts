/**
 * `diffRules`: what a change to the rule data changes in the answers — the review artefact of
 * a pull request that changes rates. Pure: two RuleData values in, the changed results out.
 */
import type { RuleData } from '../core/rule-data.js';
import type { RuleSet } from '../core/ruleset.js';
import type { ProductType, TaxCodeId, TaxInput, TaxResult } from '../core/types.js';
import { createRuleSet } from '../boundary.js';
import { createCalculator, type Calculator } from '../calculator.js';
import type { Account, SellerAccount } from '../adapters/account.js';
import type { TaxRateQuery } from '../adapters/v20241028.js';
import { TaxRulesError } from '../core/errors.js';
import { TAX_CODES as ALL_TAX_CODES } from '../generated/tax-codes.js';
import { dateOfDay, dayNumber } from '../core/dates.js';

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

/** A v20241028 query with its account, asked of both rule sets (the fixtures, or your own). */
export interface DiffQueryCase {
  /** A name for the report (a fixture's file and case name). */
  name: string;
  query: TaxRateQuery;
  account: SellerAccount;
}

export interface RuleChange {
  case: DiffCase | DiffQueryCase;
  jurisdiction: { id: number | null; country: string; region: string | null };
  /** `status`, `reason`, `jurisdiction`, `scheme`, `rates`, `notes` or `error`. */
  field: string;
  before: unknown;
  after: unknown;
}

export interface RuleDiff {
  /** How many cases were asked of both rule sets. */
  cases: number;
  changes: RuleChange[];
}

export interface DiffOptions {
  /** The first day the default corpus looks at (default 2019-01-01). */
  from?: string;
  /** Queries asked besides the cases (e.g. the fixtures), compared field by field of the response. */
  queries?: readonly DiffQueryCase[];
}

const TAX_CODES: readonly TaxCodeId[] = ALL_TAX_CODES;
/** Each tax code with the product types it is asked with. */
const KINDS: readonly [TaxCodeId, ProductType][] = TAX_CODES.flatMap((c): [TaxCodeId, ProductType][] =>
  c === 'standard' ? [[c, 'good'], [c, 'service']] : c === 'reduced' || c === 'exempt' ? [[c, 'good']] : [[c, 'service']],
);
const ORIGIN = { country: 'IE', postalCode: 'D02X285' } as const;

/** Every date string under keys `from` (and the day after each `until`) in a value. */
function changeDays(value: unknown, out: Set<number>): void {
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

/** A postal code a simple pattern matches (`^27498$`, `^3[58]\d{3}$`, `^BT\d.*$`), or null. */
export function samplePostalCode(pattern: string): string | null {
  let p = pattern.replace(/^\^/, '').replace(/\$$/, '');
  p = p.replace(/\(\?:([^()|]*)(?:\|[^()]*)?\)\??/g, '$1').replace(/\(([^()|]*)(?:\|[^()]*)?\)\??/g, '$1');
  let out = '';
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    let piece: string;
    if (c === '\\') {
      const n = p[++i];
      if (n === 'd') piece = '0';
      else if (n === 's') piece = ' ';
      else if (n !== undefined && /[^\w]/.test(n)) piece = n;
      else return null;
    } else if (c === '[') {
      const end = p.indexOf(']', i);
      if (end < 0) return null;
      const cls = p.slice(i + 1, end);
      if (cls.startsWith('^')) return null;
      piece = cls[0] === '\\' ? (cls[1] === 'd' ? '0' : (cls[1] ?? '')) : cls[0]!;
      i = end;
    } else if (c === '.') piece = 'A';
    else if (/[*+?{}()|]/.test(c)) return null;
    else piece = c;
    // A quantifier after the piece.
    const q = /^(?:\{(\d+)(?:,\d*)?\}|[*?]|\+)/.exec(p.slice(i + 1));
    if (q) {
      i += q[0].length;
      if (q[0] === '*' || q[0] === '?') piece = '';
      else if (q[1] !== undefined) piece = piece.repeat(Number(q[1]));
    }
    out += piece;
  }
  return out === '' ? null : out;
}

interface Place {
  country: string;
  region: string | null;
  postalCode: string | null;
}

/** The places of a country file: the country, each region, each special territory that a postal code can name. */
function placesOf(data: RuleData, country: string): Place[] {
  const file = data.countries.find((c) => c.country === country);
  const places: Place[] = [];
  const regions = new Set<string>();
  for (const j of (file?.jurisdictions ?? []) as { region?: string | null; level?: string }[]) {
    if (j.region) regions.add(j.region);
  }
  const hasRegions = regions.size > 0;
  if (!hasRegions) places.push({ country, region: null, postalCode: null });
  for (const r of [...regions].sort()) places.push({ country, region: r, postalCode: null });
  for (const t of data.territories.find((f) => f.country === country)?.territories ?? []) {
    const match = t.match as { all?: boolean; postal_codes?: string[]; cities?: string[] };
    if (match.all || match.cities?.length) continue;
    const postal = match.postal_codes?.[0] ? samplePostalCode(match.postal_codes[0]) : null;
    if (postal !== null) places.push({ country, region: null, postalCode: postal });
  }
  return places;
}

/**
 * The default corpus: for every country with rules in either data set, its country, regions
 * and special territories (by a postal code of theirs) × the seven tax codes (standard both as
 * a good and a service) × consumer and business × the day before and the day of every change
 * in that country's files (rates, territories, taxes) and in the regimes, from `from` (default
 * 2019-01-01) on, and that first day itself; and every county, city and district of the
 * local files (the US states') by a ZIP code of it (goods and SaaS to a consumer, around each local change).
 */
export function diffCorpus(base: RuleData, next: RuleData, options: DiffOptions = {}): DiffCase[] {
  const first = dayNumber(options.from ?? '2019-01-01');
  const countries = [...new Set([...base.countries, ...next.countries].map((c) => c.country))].sort();
  const cases: DiffCase[] = [];
  for (const country of countries) {
    const days = new Set<number>();
    for (const data of [base, next]) {
      const file = data.countries.find((c) => c.country === country);
      changeDays(file, days);
      changeDays(data.territories.find((t) => t.country === country), days);
      // The regimes it belongs to: their rules change its answers too.
      for (const m of file?.regimes ?? []) changeDays(data.regimes.find((r) => r.regime === m.regime), days);
    }
    const dates = new Set<string>([dateOfDay(first)]);
    for (const d of days) {
      if (d < first || d > first + 366 * 30) continue;
      dates.add(dateOfDay(d - 1 >= first ? d - 1 : first));
      dates.add(dateOfDay(d));
    }
    const places = new Map<string, Place>();
    for (const data of [base, next]) for (const p of placesOf(data, country)) places.set(`${p.region}|${p.postalCode}`, p);
    localCases(base, next, country, first, cases);
    for (const place of places.values()) {
      for (const date of [...dates].sort()) {
        for (const [taxCode, productType] of KINDS) {
          for (const customer of ['consumer', 'business'] as const) cases.push({ ...place, date, taxCode, productType, customer });
        }
      }
    }
  }
  return cases;
}

/**
 * Local jurisdictions of a country's states (the US's): for every county, city and district
 * of the local files, a ZIP code of it, asked for goods and for SaaS sold to a consumer on the
 * day before and the day of every change of its state's file (from its first recorded day on).
 */
function localCases(base: RuleData, next: RuleData, country: string, first: number, cases: DiffCase[]): void {
  const ofCountry = (f: NonNullable<RuleData['usLocal']>[number]): boolean => (f.country ?? 'US') === country;
  const states = new Set([...(base.usLocal ?? []), ...(next.usLocal ?? [])].filter(ofCountry).map((f) => f.state));
  for (const state of [...states].sort()) {
    const zips = new Set<string>();
    const days = new Set<number>();
    let start = Number.POSITIVE_INFINITY;
    for (const data of [base, next]) {
      const file = data.usLocal?.find((f) => ofCountry(f) && f.state === state);
      if (!file) continue;
      changeDays(file.jurisdictions, days);
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
    for (const zip of [...zips].sort()) {
      for (const date of [...dates].sort()) {
        cases.push({ country, region: state, postalCode: zip, date, taxCode: 'standard', productType: 'good', customer: 'consumer' });
        cases.push({ country, region: state, postalCode: zip, date, taxCode: 'saas', productType: 'service', customer: 'consumer' });
      }
    }
  }
}

interface Answer {
  fields: Record<string, unknown>;
  jurisdiction: RuleChange['jurisdiction'] | null;
}

function ask(determine: (input: TaxInput) => TaxResult, registrations: TaxInput['registrations'], c: DiffCase): Answer {
  const input: TaxInput = {
    date: c.date,
    origin: ORIGIN,
    destination: { country: c.country, region: c.region || undefined, postalCode: c.postalCode || undefined, city: undefined, street: undefined },
    taxCode: c.taxCode,
    productType: c.productType,
    customerTaxId: c.customer === 'business' ? { value: 'business', verdict: 'valid' } : undefined,
    taxBehavior: 'exclusive',
    currency: 'EUR',
    registrations,
  };
  let r: TaxResult;
  try {
    r = determine(input);
  } catch (e) {
    if (!(e instanceof TaxRulesError)) throw e;
    return { fields: { error: `${e.status} ${e.message}` }, jurisdiction: null };
  }
  return {
    fields: {
      status: r.status,
      reason: r.reason,
      jurisdiction: r.jurisdiction.id,
      scheme: r.scheme?.id ?? null,
      rates: r.lines.map((l) => `${l.name} ${l.rate}%${l.taxablePart === '100' ? '' : ` of ${l.taxablePart}%`} (${l.jurisdiction.name})`),
      notes: r.notes,
      error: null,
    },
    jurisdiction: { id: r.jurisdiction.id, country: r.jurisdiction.country, region: r.jurisdiction.region },
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Every result that differs between two rule data sets, on `cases` (default: `diffCorpus`),
 * field by field, in the cases' order. Each change names the jurisdiction that taxes the case
 * (after the change, else before; for a case neither answers, the country asked about). A
 * rule set that cannot be built from its data is a TaxRulesError.
 */
export function diffRules(base: RuleData, next: RuleData, cases?: readonly DiffCase[] | null, options: DiffOptions = {}): RuleDiff {
  const before = createRuleSet(base);
  const after = createRuleSet(next);
  // Registered wherever one registers (US local taxes are collected under the state's registration).
  const registeredIn = (rules: RuleSet) => [...rules.jurisdictions.values()].filter((j) => j.level !== 'county' && j.level !== 'city' && j.level !== 'district').map((j) => j.id);
  const ids = [...new Set([...registeredIn(before), ...registeredIn(after)])].sort((a, b) => a - b);
  // Frozen, the list and each registration: the decision caches key them by identity, not by reading every one on each call.
  const registrations: TaxInput['registrations'] = Object.freeze(ids.map((id) => Object.freeze({ jurisdictionId: id })));
  // Without a decision cache: each case is asked once, and few share a decision (storing them cost more than it saved).
  const ofBefore = createCalculator({ rules: before, cacheBytes: 0 });
  const ofAfter = createCalculator({ rules: after, cacheBytes: 0 });
  const corpus = cases ?? diffCorpus(base, next, options);
  const changes: RuleChange[] = [];
  for (const c of corpus) {
    const a = ask((i) => ofBefore.determine(i), registrations, c);
    const b = ask((i) => ofAfter.determine(i), registrations, c);
    const jurisdiction = b.jurisdiction ?? a.jurisdiction ?? { id: null, country: c.country, region: c.region };
    for (const field of Object.keys({ ...a.fields, ...b.fields })) {
      if (!same(a.fields[field], b.fields[field])) changes.push({ case: c, jurisdiction, field, before: a.fields[field] ?? null, after: b.fields[field] ?? null });
    }
  }
  for (const q of options.queries ?? []) {
    const a = answerOf(ofBefore, q);
    const b = answerOf(ofAfter, q);
    const country = String((b.country ?? a.country ?? (q.query as { to_country?: unknown }).to_country) ?? '');
    const region = (b.region ?? a.region ?? null) as string | null;
    const jurisdiction = { id: jurisdictionIdOf(after, country, region) ?? jurisdictionIdOf(before, country, region), country, region };
    for (const field of Object.keys({ ...a, ...b })) {
      if (!same(a[field], b[field])) changes.push({ case: q, jurisdiction, field, before: a[field] ?? null, after: b[field] ?? null });
    }
  }
  return { cases: corpus.length + (options.queries?.length ?? 0), changes };
}

/** A query's response as fields, or its refusal as `error`. */
function answerOf(calculator: Calculator, q: DiffQueryCase): Record<string, unknown> {
  try {
    return { ...calculator.calculateTaxRate(q.query, q.account), error: null };
  } catch (e) {
    if (!(e instanceof TaxRulesError)) throw e;
    return { error: `${e.status} ${e.message}` };
  }
}

function jurisdictionIdOf(rules: RuleSet, country: string, region: string | null): number | null {
  const c = rules.countries.get(country);
  if (!c) return null;
  return (region ? c.byRegion.get(region)?.id : undefined) ?? c.root.id;
}

/** The changes as text for a review: grouped by jurisdiction, then field, each case on a line. */
export function formatRuleDiff(diff: RuleDiff): string {
  if (diff.changes.length === 0) return `No changes in ${diff.cases} cases.\n`;
  const groups = new Map<string, Map<string, RuleChange[]>>();
  for (const ch of diff.changes) {
    const j = ch.jurisdiction;
    const key = `${j.country}${j.region ? `-${j.region}` : ''}${j.id !== null ? ` (${j.id})` : ''}`;
    const byField = groups.get(key) ?? new Map<string, RuleChange[]>();
    const list = byField.get(ch.field) ?? [];
    list.push(ch);
    byField.set(ch.field, list);
    groups.set(key, byField);
  }
  const lines = [`${diff.changes.length} changed results in ${diff.cases} cases:`];
  for (const [key, byField] of [...groups].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    lines.push('', key);
    for (const [field, list] of byField) {
      lines.push(`  ${field}:`);
      for (const ch of list) {
        const c = ch.case;
        const what =
          'name' in c
            ? c.name
            : `${c.date} ${c.country}${c.region ? `-${c.region}` : ''}${c.postalCode ? ` ${c.postalCode}` : ''} ${c.taxCode}/${c.productType} ${c.customer}`;
        lines.push(`    ${what}: ${JSON.stringify(ch.before)} → ${JSON.stringify(ch.after)}`);
      }
    }
  }
  return `${lines.join('\n')}\n`;
}
