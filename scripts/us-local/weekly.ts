/**
 * A state's local rates recorded back to TaxLocus's first weekly table (2026-05-19), as data:
 * scripts/us-local/taxlocus-weekly.json names the change log of TaxLocus's weekly tables
 * (../shared/sources/us/history/taxlocus-weekly/, CC-BY-4.0), the days on which each state's
 * local rate changes may take effect (with the law that says so) and the states it applies
 * to. The state's reader is run again on TaxLocus's table as it stood on each weekly day the
 * state's rows changed (the table of 2026-08-18 with the log's older rates put back, the rows
 * the log flags as noise left out), and each jurisdiction whose recorded history starts after
 * the first weekly day gets the rates those tables give it:
 *
 * - from the first weekly day, the rate of that day's table;
 * - a rate a later table first shows takes effect on the last day of the state's change days
 *   on or before that table's day (a change seen on 2026-07-07 in a state whose local rates
 *   change on the first day of a quarter: 2026-07-01); in a state without such a rule, on
 *   the day of the table that first shows it; never after the file's own first period;
 * - a jurisdiction a table does not have is not levied then (rate 0).
 *
 * The last weekly rate must be the file's own first one, else the import stops.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocalJurisdiction, UsLocalFile } from '../../src/core/rule-data.js';
import { csv } from '../csv.js';
import { STATE_FIPS, TAXLOCUS, TAXLOCUS_AS_OF, setTaxLocus, srcDir } from './inputs.js';
import type { Rate, StateRates } from './state-rates.js';

type Row = Record<string, string>;
type Period = LocalJurisdiction['rates'][number];

/** scripts/us-local/taxlocus-weekly.json */
export interface WeeklyFile {
  /** The change log and the list of weekly tables, under --sources. */
  log: string;
  snapshots: string;
  /** The first weekly day: the states' histories are recorded back to it. */
  first: string;
  checked: string;
  /** Source keys → texts, added to each state's sources; `source` is the weekly tables' key. */
  sources: Record<string, string>;
  source: string;
  /** Rules of change days: the months whose first day a local change may take effect on (none: the table's day), the source key of the law, and its wording for the notes. */
  rules: Record<string, { months?: number[]; source?: string; text: string }>;
  /** State → the key of its rule. */
  states: Record<string, string>;
  /**
   * States whose file's lines are not TaxLocus's (another publisher splits each county's local
   * rate into lines) but whose counties' combined local rates TaxLocus's county rows give: where
   * every weekly table gives each county the file's combined rate, the lines are recorded back
   * to `first` with those tables as their source.
   */
  combined?: string[];
  /** State → source keys of rates a recipe chose over TaxLocus's where its row gave the same rate on its latest table and the log shows no change of it (Idaho's Ketchum and McCall): recorded back like TaxLocus's own. */
  agree?: Record<string, string[]>;
  /** State → source keys of rates its file records from a later day though their source dates them before `first` (a statute, a notice of an earlier day): their first period starts on `first` too. */
  earlier?: Record<string, string[]>;
}

const KEY = (r: Row): string => [r.state, r.jurisdiction_type, r.name, r.fips_code].join('|');

/** TaxLocus's table on each weekly day a state's rows changed, rebuilt from the table of 2026-08-18 and the log. */
function tablesOf(w: WeeklyFile, state: string): { day: string; rows: Row[] }[] {
  const log = csv(join(srcDir, w.log)).filter((r) => r.flag === '' && r.state === state);
  const days = [w.first, ...new Set(log.map((r) => r.observed_by as string))].sort();
  const latest = new Map(TAXLOCUS.filter((r) => r.state === state).map((r) => [KEY(r), r]));
  return days.map((day) => {
    const table = new Map(latest);
    // Undo, newest first, every change seen after `day`.
    for (const r of [...log].filter((x) => (x.observed_by as string) > day).sort((a, b) => (b.observed_by as string).localeCompare(a.observed_by as string))) {
      const key = KEY(r);
      if (r.kind === 'added') table.delete(key);
      else table.set(key, { state, jurisdiction_type: r.jurisdiction_type as string, name: r.name as string, fips_code: r.fips_code as string, rate: r.old_rate as string });
    }
    return { day, rows: [...table.values()] };
  });
}

/** The rate a reader gives a jurisdiction of the file in the period that starts on `from` (else its last), or null where it has none. */
function rateIn(st: StateRates, j: LocalJurisdiction, from: string): string | null {
  const prefix = String(STATE_FIPS.get(st.state)).padStart(2, '0');
  const pick = (r: Rate | undefined): string | null => (r === undefined ? null : typeof r === 'string' ? r : (r.find((p) => p.from === from) ?? r[r.length - 1])?.rate ?? null);
  if (j.level === 'county') return pick(st.counties.get(`${prefix}${j.code.slice(1)}`));
  if (j.level === 'city') return pick(st.cities.get(`${prefix}${j.code.slice(1)}`));
  return pick(st.districts.find((d) => d.name === j.name)?.rate);
}

/** The last day of the rule's change days on or before `day` (the day itself without months). */
function changeDay(rule: WeeklyFile['rules'][string], day: string): string {
  if (!rule.months) return day;
  let [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  while (!rule.months.includes(m)) [y, m] = m === 1 ? [y - 1, 12] : [y, m - 1];
  return `${y}-${String(m).padStart(2, '0')}-01`;
}

export function loadWeekly(path = 'scripts/us-local/taxlocus-weekly.json'): WeeklyFile {
  const w = JSON.parse(readFileSync(path, 'utf8')) as WeeklyFile;
  for (const [state, rule] of Object.entries(w.states)) if (!(rule in w.rules)) throw new Error(`${path}: ${state}'s rule ${rule} is not in rules`);
  for (const rule of Object.values(w.rules)) if (rule.source !== undefined && !(rule.source in w.sources)) throw new Error(`${path}: source ${rule.source} is not in sources`);
  if (!(w.source in w.sources)) throw new Error(`${path}: source ${w.source} is not in sources`);
  return w;
}

/**
 * The file with its jurisdictions recorded back to the first weekly day (see the module's
 * comment); `build` runs the state's reader on the TaxLocus table in force.
 */
export function applyWeekly(file: UsLocalFile, w: WeeklyFile, build: () => StateRates): UsLocalFile {
  if (w.combined?.includes(file.state)) return combinedBack(file, w);
  const ruleKey = w.states[file.state];
  if (ruleKey === undefined) return file;
  const rule = w.rules[ruleKey] as WeeklyFile['rules'][string];
  // Only the rates TaxLocus's table gives: a rate of another source is not recorded back by TaxLocus's tables.
  const fromTaxLocus = (j: LocalJurisdiction): boolean => (j.rates[0] as Period).from > w.first && ((file.sources[(j.rates[0] as Period).source] ?? '').includes('TaxLocus') || (w.agree?.[file.state] ?? []).includes((j.rates[0] as Period).source));
  const later = file.jurisdictions.filter(fromTaxLocus);
  if (later.length === 0) return file;
  const kept = TAXLOCUS;
  const warn = console.warn;
  const built: { day: string; st: StateRates }[] = [];
  try {
    console.warn = () => {};
    for (const t of tablesOf(w, file.state)) {
      setTaxLocus([...kept.filter((r) => r.state !== file.state), ...t.rows]);
      built.push({ day: t.day, st: build() });
    }
  } finally {
    setTaxLocus(kept, true);
    console.warn = warn;
  }
  const ruleNote = rule.months ? rule.text : 'the day of the table that first shows it';
  let changed = 0;
  const jurisdictions = file.jurisdictions.map((j) => {
    const first = j.rates[0] as Period;
    if (first.from > w.first && (w.earlier?.[file.state] ?? []).includes(first.source)) {
      const note = `In force before ${w.first} by its source; recorded from ${w.first}, the first day of the state's other rates, rather than ${first.from}.`;
      return { ...j, rates: [{ ...first, from: w.first, note: first.note ? `${first.note} ${note}` : note }, ...j.rates.slice(1)] };
    }
    if (!fromTaxLocus(j)) return j;
    const series = built.map((b) => ({ day: b.day, rate: rateIn(b.st, j, first.from) ?? '0' }));
    const last = series[series.length - 1] as { day: string; rate: string };
    if (Number(last.rate) !== Number(first.rate)) throw new Error(`${file.state}: ${j.name} is ${last.rate} in TaxLocus's table of ${last.day} but ${first.rate} from ${first.from} in the file`);
    const out: Period[] = [{ from: w.first, rate: (series[0] as { rate: string }).rate, source: w.source, checked: w.checked }];
    series.forEach((s, i) => {
      const prev = series[i - 1];
      if (prev === undefined || Number(prev.rate) === Number(s.rate)) return;
      changed++;
      const day = changeDay(rule, s.day);
      const from = day < w.first ? w.first : day > first.from ? first.from : day;
      const note = `${prev.rate} % in TaxLocus's weekly table of ${prev.day}, ${s.rate} % in that of ${s.day}: dated ${from} by ${ruleNote}${day < w.first ? ` (${day}, before the first weekly table, which lagged)` : ''}.`;
      const top = out[out.length - 1] as Period;
      if (from <= top.from) out[out.length - 1] = { ...top, rate: s.rate, note };
      else out.push({ from, rate: s.rate, source: w.source, checked: w.checked, note });
    });
    const head = out.filter((p) => p.from < first.from);
    return { ...j, rates: [...head, ...j.rates] };
  });
  const sources = Object.fromEntries([w.source, ...(rule.source ? [rule.source] : [])].map((k) => [k, w.sources[k] as string]));
  const note = `Recorded back to ${w.first} from TaxLocus's weekly tables of ${w.first} to ${TAXLOCUS_AS_OF} (the state's rows of each, the log's noise rows left out): ${later.length} jurisdictions whose rates were otherwise recorded from a later day, ${changed} changes among them, each dated by ${ruleNote}; a jurisdiction a table does not have is not levied then.`;
  // The file's notes that said an earlier day is not answered now say how far back it is.
  const notes = (file.notes ?? []).map((n) => (!n.includes(TAXLOCUS_AS_OF) && !n.includes('TaxLocus') ? n : n.replace(/(,? so|;|,? and) a quote for an earlier day( where they apply| there)? is (not answered|refused)/, `; TaxLocus's weekly tables record them back to ${w.first} (below)`)));
  return { ...file, sources: { ...file.sources, ...sources }, jurisdictions, notes: [...notes, note] };
}

/**
 * A state of `combined`: each county's combined local rate in the file (its line and the
 * districts its ZIP rows name with it) checked against TaxLocus's county row in every weekly
 * table, then every line recorded from `first` at its first rate. The import stops where a
 * county's rate differs in any table, or its ZIP rows give it two.
 */
function combinedBack(file: UsLocalFile, w: WeeklyFile): UsLocalFile {
  const byCode = new Map(file.jurisdictions.map((j) => [j.code, j]));
  const units = (r: string): number => Math.round(Number(r) * 1e4);
  const combined = new Map<string, number>();
  for (const [zip, codes] of file.zips) {
    const list = codes.split(' ');
    const county = list.find((c) => c.startsWith('c'));
    if (county === undefined) continue;
    const sum = list.reduce((a, c) => a + units((byCode.get(c)?.rates[0] as Period).rate), 0);
    if (combined.has(county) && combined.get(county) !== sum) throw new Error(`${file.state}: ZIP ${zip} gives ${county} a combined rate of ${sum / 1e4} %, another row ${(combined.get(county) as number) / 1e4} %`);
    combined.set(county, sum);
  }
  for (const t of tablesOf(w, file.state)) {
    const rows = new Map(t.rows.filter((r) => r.jurisdiction_type === 'county').map((r) => [`c${r.fips_code as string}`, units(String(Number(r.rate) * 100))]));
    for (const [county, sum] of combined) {
      if (rows.get(county) !== sum) throw new Error(`${file.state}: ${byCode.get(county)?.name} is ${sum / 1e4} % in the file, ${(rows.get(county) ?? NaN) / 1e4} % in TaxLocus's table of ${t.day}`);
    }
  }
  const note = `TaxLocus's weekly tables of ${w.first} to ${TAXLOCUS_AS_OF} give every county and independent city the combined local rate of this file's lines, unchanged: the lines are recorded from ${w.first}.`;
  const jurisdictions = file.jurisdictions.map((j) => {
    const first = j.rates[0] as Period;
    if (first.from <= w.first) return j;
    return { ...j, rates: [{ from: w.first, rate: first.rate, source: w.source, checked: w.checked }, ...j.rates] };
  });
  const notes = (file.notes ?? []).map((n) => n.replace(/(,? so|;|,? and) a quote for an earlier day( where they apply| there)? is (not answered|refused)/, `; TaxLocus's weekly tables record them back to ${w.first} (below)`));
  return { ...file, sources: { ...file.sources, [w.source]: w.sources[w.source] as string }, jurisdictions, notes: [...notes, note] };
}
