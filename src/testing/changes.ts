/**
 * `rateChanges`: the dated rate changes the rule data records between two days — what the
 * rates did over a quarter or a year (a return's period, an audit, a data warehouse's
 * backfill), read from the periods themselves. Pure: rule data and two days in, the changes out.
 */
import type { RuleData } from '../core/rule-data.js';
import { quoted } from '../core/errors.js';
import { dayNumber } from '../core/dates.js';
import { guarded, readOptions, type OptionCheck } from '../adapters/read.js';
import { DATE, isDate, isObject, malformed, mustBe } from './checks.js';

/** One change of one rate: a jurisdiction's tax (and rate class) from one rate to another on a day. */
export interface RateChange {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** ISO 3166-2 subdivision without the country (a US state, a Canadian province), or null for the country level. */
  region: string | null;
  jurisdiction: { id: number; name: string; level: string };
  /** The tax's name (VAT, GST, Sales tax; a US local jurisdiction's: Local sales tax). */
  tax: string;
  /** The rate class (standard, reduced…); null for a US local jurisdiction's single rate. */
  rateClass: string | null;
  /** The first day of the new rate. */
  from: string;
  /** Percent, as decimal strings; `before` "0" where the tax was not levied. */
  before: string;
  after: string;
  /** The new period's source. */
  source: string;
}

/** The options of `rateChanges`. */
export interface RateChangeOptions {
  /** Changes from the day after this one… */
  readonly from: string;
  /** …up to and including this one. */
  readonly until: string;
  /** Only this country's (ISO 3166-1 alpha-2, as the rules write it). */
  readonly country?: string;
  /** Only this region's (a US state, a province: its code without the country). */
  readonly region?: string;
}

const TEXT = (v: unknown): boolean => typeof v === 'string' && v.length > 0 && v.length <= 10;
const CHECKS = {
  from: DATE,
  until: DATE,
  country: [TEXT, 'a country code such as US'],
  region: [TEXT, 'a region code such as CA'],
} as const satisfies Record<keyof RateChangeOptions, OptionCheck>;

interface Period {
  readonly from: string;
  readonly rate: string;
  readonly source: string;
}

/** The changes of one list of periods inside the window: a period whose rate differs from the one before it. */
function changesOf(periods: readonly Period[], from: string, until: string, each: (p: Period, before: string) => void): void {
  periods.forEach((p, i) => {
    const prev = periods[i - 1];
    if (prev === undefined || p.from <= from || p.from > until || Number(prev.rate) === Number(p.rate)) return;
    each(p, prev.rate);
  });
}

function collect(data: RuleData, o: RateChangeOptions): RateChange[] {
  const out: RateChange[] = [];
  const wanted = (country: string, region: string | null): boolean => (o.country === undefined || o.country === country) && (o.region === undefined || o.region === region);
  for (const c of data.countries) {
    for (const j of c.jurisdictions) {
      const region = j.region === '' ? null : j.region;
      if (!wanted(c.country, region)) continue;
      for (const t of j.taxes) {
        for (const [rateClass, periods] of Object.entries(t.rates)) {
          changesOf(periods ?? [], o.from, o.until, (p, before) =>
            out.push({ country: c.country, region, jurisdiction: { id: j.id, name: j.name, level: j.level }, tax: t.name, rateClass, from: p.from, before, after: p.rate, source: p.source }),
          );
        }
      }
    }
  }
  for (const state of data.usLocal ?? []) {
    if (!wanted('US', state.state)) continue;
    for (const j of state.jurisdictions) {
      changesOf(j.rates, o.from, o.until, (p, before) =>
        out.push({ country: 'US', region: state.state, jurisdiction: { id: j.id, name: j.name, level: j.level }, tax: 'Local sales tax', rateClass: null, from: p.from, before, after: p.rate, source: state.sources[p.source] ?? p.source }),
      );
    }
  }
  return out.sort((a, b) => a.country.localeCompare(b.country) || (a.region ?? '').localeCompare(b.region ?? '') || a.from.localeCompare(b.from) || a.jurisdiction.name.localeCompare(b.jurisdiction.name));
}

/**
 * The rate changes the rule data records after `from` and up to `until`, by country, region
 * and day: each national or regional tax's rate class, and each US local jurisdiction's rate
 * (a rate that starts or ends is a change from or to "0"). A period that only begins the
 * records (none before it) is no change. Throws TaxRulesError (400) on options that are not
 * two calendar days in order, and nothing else.
 *
 * @example
 * ```ts
 * import { defaultRuleSet } from 'taxrules';
 * import { rateChanges } from 'taxrules/testing';
 *
 * rateChanges(defaultRuleSet.data, { from: '2025-06-30', until: '2026-06-30', country: 'EE' });
 * // [{ country: 'EE', region: null, tax: 'VAT', rateClass: 'standard', from: '2025-07-01', before: '22', after: '24', … }]
 * ```
 */
export function rateChanges(data: RuleData, options: RateChangeOptions): RateChange[] {
  return guarded(() => {
    if (!isObject(data) || !Array.isArray((data as RuleData).countries)) throw mustBe(['data'], 'rule data (ruleSet.data, or the data of loadRuleFiles)', data);
    const o = readOptions<RateChangeOptions>(options, CHECKS, ['options']);
    for (const key of ['from', 'until'] as const) if (o[key] === undefined) throw malformed(['options', key], `options.${key} is required: a calendar date YYYY-MM-DD`);
    if (dayNumber(o.until) < dayNumber(o.from)) {
      throw malformed(['options', 'until'], `options.until ${quoted(o.until, 20)} is before options.from ${quoted(o.from, 20)}`);
    }
    return collect(data, o);
  }, ['rateChanges']);
}

const isText = (v: unknown): v is string => typeof v === 'string';

/** Whether a value has the fields of a RateChange that formatRateChanges reads. */
function isRateChange(c: unknown): boolean {
  if (!isObject(c)) return false;
  const r = c as Record<string, unknown>;
  const j = r.jurisdiction;
  return (
    isText(r.country) && (r.region === null || isText(r.region)) && isObject(j) && isText((j as Record<string, unknown>).name) && isText((j as Record<string, unknown>).level) &&
    isText(r.tax) && (r.rateClass === null || isText(r.rateClass)) && isText(r.from) && isText(r.before) && isText(r.after)
  );
}

/**
 * The changes as text: one line each under a heading per country and region, with its count.
 * Throws TaxRulesError (400) for changes that are not what rateChanges gives, or days that are none.
 *
 * @example
 * ```ts
 * import { defaultRuleSet } from 'taxrules';
 * import { formatRateChanges, rateChanges } from 'taxrules/testing';
 *
 * const changes = rateChanges(defaultRuleSet.data, { from: '2025-06-30', until: '2026-06-30', country: 'EE' });
 * formatRateChanges(changes, '2025-06-30', '2026-06-30').split('\n');
 * // ['1 rate change(s) after 2025-06-30 up to 2026-06-30:', '', 'EE: 1 change(s)', '  2025-07-01  Estonia (country), VAT standard: 22 % → 24 %', '']
 * ```
 */
export function formatRateChanges(changes: readonly RateChange[], from: string, until: string): string {
  return guarded(() => {
    if (!Array.isArray(changes)) throw mustBe(['changes'], 'an array of rate changes, as rateChanges gives them', changes);
    changes.forEach((c: unknown, i) => {
      if (!isRateChange(c)) throw mustBe(['changes', i], 'a rate change, as rateChanges gives it', c);
    });
    if (!isDate(from)) throw mustBe(['from'], 'a calendar date YYYY-MM-DD', from);
    if (!isDate(until)) throw mustBe(['until'], 'a calendar date YYYY-MM-DD', until);
    return formatted(changes, from, until);
  }, ['formatRateChanges']);
}

function formatted(changes: readonly RateChange[], from: string, until: string): string {
  if (changes.length === 0) return `No rate changes after ${from} up to ${until}.\n`;
  const lines: string[] = [`${changes.length} rate change(s) after ${from} up to ${until}:`];
  let area = '';
  for (const c of changes) {
    const here = c.region === null ? c.country : `${c.country}-${c.region}`;
    if (here !== area) {
      area = here;
      const n = changes.filter((x) => x.country === c.country && x.region === c.region).length;
      lines.push('', `${here}: ${n} change(s)`);
    }
    lines.push(`  ${c.from}  ${c.jurisdiction.name} (${c.jurisdiction.level}), ${c.tax}${c.rateClass === null ? '' : ` ${c.rateClass}`}: ${c.before} % → ${c.after} %`);
  }
  return `${lines.join('\n')}\n`;
}
