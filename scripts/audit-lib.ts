/**
 * The rule audit: a table of what the rule data holds per country, and the problems that
 * make it fail. It reads the data as the rules build compiled it and checks, apart from the
 * build's own checks:
 *
 * - every rate, treatment, membership, territory treatment, local rate, nexus period and
 *   supply rule names its `source` and the day it was `checked`;
 * - the dated periods of one list (a rate class, a tax code's treatments, a regime
 *   membership, a territory's treatments, a local rate, a nexus rule) follow each other:
 *   strictly later `from` dates (no overlap), and a period that ends (`until`) is followed
 *   by the next from the day after (no gap), if any follows;
 * - no `checked` date is older than the allowed age, nor later than today.
 */
import type { RuleData } from '../src/core/rule-data.js';
import { dayNumber } from '../src/core/dates.js';

export interface AuditOptions {
  /** The day the audit runs (YYYY-MM-DD). */
  today: string;
  /** A `checked` date older than this many days fails. */
  maxAgeDays: number;
  /** Fewer countries with rules than this fails. */
  minCountries?: number;
}

export interface AuditRow {
  country: string;
  name: string;
  taxes: string;
  classes: string;
  periods: number;
  earliest: string;
  latestChange: string;
  oldestCheck: string;
  sources: number;
}

export interface AuditResult {
  rows: AuditRow[];
  noTax: string[];
  problems: string[];
  periods: number;
  oldestCheck: string;
}

type Obj = Record<string, unknown>;
const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Walk {
  periods: number;
  checks: string[];
  sources: Set<string>;
  froms: string[];
}

/**
 * Walks a rule file: every sourced object and every list of dated periods in it. `path`
 * names the place in problems.
 */
function walk(value: unknown, path: string, o: AuditOptions, w: Walk, problems: string[], sourceKeys?: Readonly<Record<string, string>>): void {
  if (Array.isArray(value)) {
    const dated = value.length > 0 && value.every((x) => isObj(x) && isDate(x.from));
    // Supply rules and scheme covers are conditions side by side (seller, customer,
    // supply), not one sequence.
    if (dated && !value.some((x) => isObj(x) && ('then' in x || 'seller' in x))) {
      for (let i = 1; i < value.length; i++) {
        const prev = value[i - 1] as Obj;
        const cur = value[i] as Obj;
        if ((cur.from as string) <= (prev.from as string)) problems.push(`${path}[${i}]: from ${cur.from as string} is not after ${prev.from as string} (periods overlap)`);
        if (isDate(prev.until)) {
          if ((cur.from as string) <= prev.until) problems.push(`${path}[${i}]: from ${cur.from as string} is not after the day ${path}[${i - 1}] ends, ${prev.until}`);
          else if (dayNumber(cur.from as string) !== dayNumber(prev.until) + 1) problems.push(`${path}[${i}]: a gap between ${prev.until} and ${cur.from as string}`);
        }
      }
    }
    value.forEach((x, i) => walk(x, `${path}[${i}]`, o, w, problems, sourceKeys));
    return;
  }
  if (!isObj(value)) return;
  const keyed = isObj(value.sources) ? (value.sources as Record<string, string>) : sourceKeys;
  // A price limit's `below` and `above` treatments (bands) are part of its period, which carries the source.
  const period = (typeof value.rate === 'string' || typeof value.treatment === 'string') && !path.endsWith('.price_limit.below') && !path.endsWith('.price_limit.above');
  const sourced = 'source' in value || period || (isDate(value.from) && (typeof value.kind === 'string' || 'regime' in value));
  if (sourced) {
    const source = value.source;
    if (typeof source !== 'string' || source.trim() === '') problems.push(`${path}: no source`);
    else w.sources.add(keyed && keyed[source] !== undefined ? keyed[source] : source);
    if (!isDate(value.checked)) problems.push(`${path}: no checked date`);
    else {
      w.checks.push(value.checked);
      if (value.checked > o.today) problems.push(`${path}: checked ${value.checked}, after today (${o.today})`);
      else if (dayNumber(o.today) - dayNumber(value.checked) > o.maxAgeDays) problems.push(`${path}: checked ${value.checked}, more than ${o.maxAgeDays} days ago`);
    }
    if (period) {
      w.periods++;
      if (isDate(value.from)) w.froms.push(value.from);
    }
  }
  for (const [k, v] of Object.entries(value)) if (k !== 'sources') walk(v, `${path}.${k}`, o, w, problems, keyed);
}

/** Audits rule data (see the module comment). */
export function auditRules(data: RuleData & { usNexus?: unknown }, o: AuditOptions): AuditResult {
  const problems: string[] = [];
  const rows: AuditRow[] = [];
  let periods = 0;
  const allChecks: string[] = [];
  const fresh = (): Walk => ({ periods: 0, checks: [], sources: new Set(), froms: [] });
  const byCountry = new Map<string, Walk>();
  for (const c of data.countries) {
    const w = fresh();
    walk(c, `countries/${c.country}.json`, o, w, problems);
    byCountry.set(c.country, w);
  }
  // US local files count towards the US.
  for (const l of data.usLocal ?? []) walk(l, `us/local/${l.state}.json`, o, byCountry.get('US') ?? fresh(), problems);
  const other = fresh();
  for (const r of data.regimes) walk(r, `regimes/${r.regime}.json`, o, other, problems);
  for (const t of data.territories) walk(t, `territories/${t.country}.json`, o, other, problems);
  if (data.usNexus !== undefined) walk(data.usNexus, 'us/nexus.json', o, other, problems);
  const noTax: string[] = [];
  for (const c of data.world.countries) {
    if (!c.no_consumption_tax) continue;
    noTax.push(c.code);
    walk(c.no_consumption_tax, `world.json#${c.code}`, o, other, problems);
  }
  for (const c of [...data.countries].sort((a, b) => a.country.localeCompare(b.country))) {
    const w = byCountry.get(c.country) as Walk;
    const taxes = new Set<string>();
    const classes = new Set<string>();
    for (const j of c.jurisdictions) {
      for (const t of j.taxes) {
        taxes.add(t.name);
        for (const k of Object.keys(t.rates)) classes.add(k);
      }
    }
    const froms = [...w.froms].sort();
    const checks = [...w.checks].sort();
    periods += w.periods;
    allChecks.push(...checks);
    rows.push({
      country: c.country,
      name: c.name,
      taxes: [...taxes].join(', ') || '—',
      classes: [...classes].join(', ') || '—',
      periods: w.periods,
      earliest: froms[0] ?? '—',
      latestChange: froms[froms.length - 1] ?? '—',
      oldestCheck: checks[0] ?? '—',
      sources: w.sources.size,
    });
  }
  allChecks.push(...other.checks);
  if (o.minCountries !== undefined && data.countries.length < o.minCountries) problems.push(`${data.countries.length} countries with rules, fewer than ${o.minCountries}`);
  return { rows, noTax, problems, periods, oldestCheck: allChecks.sort()[0] ?? '—' };
}

/** The audit as Markdown: the summary line, the table, and the problems. */
export function auditMarkdown(r: AuditResult, o: AuditOptions): string {
  const lines = [
    `${r.rows.length} countries with rules (${r.periods} rate and treatment periods), ${r.noTax.length} without any consumption tax (${r.noTax.join(' ')}); oldest check ${r.oldestCheck} (allowed age ${o.maxAgeDays} days on ${o.today}); ${r.problems.length === 0 ? 'no problems' : `${r.problems.length} problem(s)`}.`,
    '',
    '| country | taxes | classes | periods | earliest | latest change | oldest check | sources |',
    '|---|---|---|---|---|---|---|---|',
    ...r.rows.map((x) => `| ${x.country} ${x.name} | ${x.taxes} | ${x.classes} | ${x.periods} | ${x.earliest} | ${x.latestChange} | ${x.oldestCheck} | ${x.sources} |`),
  ];
  if (r.problems.length > 0) lines.push('', 'Problems:', ...r.problems.map((p) => `- ${p}`));
  return `${lines.join('\n')}\n`;
}
