/**
 * Dated local history as data: `scripts/us-local/history/<ST>.json` carries a state's
 * published local rate changes (each with the rate before and after, its day and its source)
 * and the lists that show every other jurisdiction unchanged, one per day the state's local
 * rates may change. `applyHistory` records a built local file back to the history's first day:
 *
 * - a jurisdiction with changes gets the rate before its first change from the history's
 *   first day, then each change from its day, the last of which must be the rate the file
 *   records (its first period), else the import stops: a difference no dated change explains;
 * - a jurisdiction without one keeps its rate from the history's first day, with the lists
 *   that show it unchanged as the period's source;
 * - a jurisdiction the file records from that day or earlier is left as it is.
 *
 * A new quarter's notice is a list and, when it changes a rate, a change: data, not code.
 */
import { readFileSync, existsSync } from 'node:fs';
import type { LocalJurisdiction, UsLocalFile } from '../src/core/rule-data.js';
import { isDateText } from '../src/core/dates.js';

type Period = LocalJurisdiction['rates'][number];

/** A published change of one jurisdiction's own rate. */
export interface HistoryChange {
  /** The jurisdiction's name in the built file, with its level; `code` where a name is not unique. */
  readonly jurisdiction: string;
  readonly level: LocalJurisdiction['level'];
  readonly code?: string;
  /** The day the new rate applies from. */
  readonly from: string;
  /** The rate before, percent; null for a tax levied from that day on (none before). */
  readonly before: string | null;
  readonly rate: string;
  /** A key of `sources`. */
  readonly source: string;
  readonly note?: string;
}

/** A state's dated local history (scripts/us-local/history/<ST>.json). */
export interface HistoryFile {
  readonly state: string;
  /** The first day the history records: every list from it to the file's first periods is in `lists`. */
  readonly from: string;
  /** The day the sources were read. */
  readonly checked: string;
  readonly sources: Readonly<Record<string, string>>;
  /** The days the state's local rates may change on (`quarterly`: 1 January, April, July, October). */
  readonly cadence: 'monthly' | 'quarterly' | 'half-yearly' | 'yearly';
  /** Each day of the cadence from `from` on: the source key of the state's list of the local changes effective that day (a list without the jurisdiction shows it unchanged). */
  readonly lists: Readonly<Record<string, string>>;
  readonly changes: readonly HistoryChange[];
  /** The source of an unchanged jurisdiction's period (the series of lists, as one key of `sources`); required when `lists` name several sources. */
  readonly unchanged_source?: string;
  readonly notes?: readonly string[];
}

const HISTORY_FIELDS = new Set(['$comment', 'state', 'from', 'checked', 'sources', 'cadence', 'lists', 'changes', 'unchanged_source', 'notes']);
const CHANGE_FIELDS = new Set(['jurisdiction', 'level', 'code', 'from', 'before', 'rate', 'source', 'note']);
const MONTHS: Record<HistoryFile['cadence'], number> = { monthly: 1, quarterly: 3, 'half-yearly': 6, yearly: 12 };
const RATE = /^(0|[1-9]\d?)(\.\d{1,4})?$/;

/** The state's history file, or null when it has none. Stops on a field it does not know. */
export function loadHistory(state: string, dir = 'scripts/us-local/history'): HistoryFile | null {
  const path = `${dir}/${state}.json`;
  if (!existsSync(path)) return null;
  const h = JSON.parse(readFileSync(path, 'utf8')) as HistoryFile;
  const fail = (what: string): never => {
    throw new Error(`${path}: ${what}`);
  };
  for (const k of Object.keys(h)) if (!HISTORY_FIELDS.has(k)) fail(`unknown field ${k}`);
  if (h.state !== state) fail(`state ${h.state} is not ${state}`);
  for (const d of [h.from, h.checked, ...Object.keys(h.lists)]) if (!isDateText(d)) fail(`${d} is not a calendar date`);
  if (!(h.cadence in MONTHS)) fail(`cadence ${h.cadence} is not one of ${Object.keys(MONTHS).join(', ')}`);
  for (const key of [...Object.values(h.lists), ...(h.unchanged_source === undefined ? [] : [h.unchanged_source])]) if (!(key in h.sources)) fail(`list source ${key} is not in sources`);
  h.changes.forEach((c, i) => {
    for (const k of Object.keys(c)) if (!CHANGE_FIELDS.has(k)) fail(`changes.${i}: unknown field ${k}`);
    if (!isDateText(c.from) || c.from <= h.from) fail(`changes.${i}: ${c.from} is not a day after the history's first day ${h.from}`);
    if (!RATE.test(c.rate) || (c.before !== null && !RATE.test(c.before))) fail(`changes.${i}: rates are percents such as "1.25"`);
    if (!(c.source in h.sources)) fail(`changes.${i}: source ${c.source} is not in sources`);
  });
  return h;
}

/** The days of the cadence from `from` (a day of it) until `until` (excluded). */
export function cadenceDays(from: string, until: string, cadence: HistoryFile['cadence']): string[] {
  const step = MONTHS[cadence];
  const out: string[] = [];
  let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  if (from.slice(8) !== '01' || (m - 1) % step !== 0) throw new Error(`${from} is not a day of a ${cadence} cadence`);
  for (;;) {
    const day = `${y}-${String(m).padStart(2, '0')}-01`;
    if (day >= until) return out;
    out.push(day);
    m += step;
    if (m > 12) [y, m] = [y + 1, m - 12];
  }
}

const same = (a: string, b: string): boolean => Number(a) === Number(b);

/** The jurisdiction a change names: by code, else by name and level; exactly one. */
function jurisdictionOf(file: UsLocalFile, c: HistoryChange): LocalJurisdiction {
  const found = file.jurisdictions.filter((j) => (c.code !== undefined ? j.code === c.code : j.name === c.jurisdiction && j.level === c.level));
  if (found.length !== 1) throw new Error(`${file.state} history: ${found.length} jurisdictions are ${c.code ?? `${c.level} ${c.jurisdiction}`}`);
  return found[0] as LocalJurisdiction;
}

/** The periods of a jurisdiction with changes before its first period, checked against it. */
function changedPeriods(state: string, h: HistoryFile, j: LocalJurisdiction, changes: HistoryChange[]): Period[] {
  const first = j.rates[0] as Period;
  const before = changes.filter((c) => c.from < first.from);
  for (const c of changes.filter((x) => x.from >= first.from)) {
    // A change on or after the file's first day must be one the file already records.
    if (!j.rates.some((p) => p.from === c.from && same(p.rate, c.rate))) throw new Error(`${state} history: ${j.name} changes to ${c.rate} on ${c.from}, which ${j.name}'s periods do not record`);
  }
  before.forEach((c, i) => {
    const prev = before[i - 1];
    if (prev !== undefined && (c.before === null || !same(c.before, prev.rate))) throw new Error(`${state} history: ${j.name} is ${prev.rate} from ${prev.from}, but the change of ${c.from} starts from ${c.before}`);
  });
  const last = before[before.length - 1];
  if (last !== undefined && !same(last.rate, first.rate)) {
    throw new Error(`${state} history: ${j.name} is ${last.rate} from ${last.from} by its last change, but ${first.rate} from ${first.from} in the rate table: a difference no dated change explains`);
  }
  const head = before[0];
  if (head === undefined) return [];
  const out: Period[] = [
    head.before === null
      ? { from: h.from, rate: '0', source: head.source, checked: h.checked, note: `Not levied before ${head.from}.` }
      : { from: h.from, rate: head.before, source: head.source, checked: h.checked, note: `The rate before the change of ${head.from}, as its notice gives it.` },
  ];
  for (const c of before) out.push({ from: c.from, rate: c.rate, source: c.source, checked: h.checked, ...(c.note ? { note: c.note } : {}) });
  return out;
}

/**
 * The file with its jurisdictions recorded back to the history's first day (see the module's
 * comment). Stops when a list of the cadence is missing, a change names no jurisdiction or
 * one of several, or the changes do not lead to the rates the file records.
 */
export function applyHistory(file: UsLocalFile, h: HistoryFile): UsLocalFile {
  const latest = file.jurisdictions.reduce((d, j) => ((j.rates[0] as Period).from > d ? (j.rates[0] as Period).from : d), h.from);
  const missing = cadenceDays(h.from, latest, h.cadence).filter((d) => !(d in h.lists));
  if (missing.length > 0) throw new Error(`${file.state} history: no list of the local changes effective ${missing.join(', ')}: a jurisdiction cannot be shown unchanged through them`);
  const byJurisdiction = new Map<LocalJurisdiction, HistoryChange[]>();
  for (const c of [...h.changes].sort((a, b) => a.from.localeCompare(b.from))) {
    const j = jurisdictionOf(file, c);
    byJurisdiction.set(j, [...(byJurisdiction.get(j) ?? []), c]);
  }
  const listKeys = [...new Set(Object.values(h.lists))];
  const unchangedSource = h.unchanged_source ?? (listKeys.length === 1 ? listKeys[0] : undefined);
  if (unchangedSource === undefined) throw new Error(`${file.state} history: its lists have several sources; name the series in unchanged_source`);
  const jurisdictions = file.jurisdictions.map((j) => {
    const first = j.rates[0] as Period;
    const changes = byJurisdiction.get(j) ?? [];
    if (first.from <= h.from) {
      if (changes.length > 0) throw new Error(`${file.state} history: ${j.name} is recorded from ${first.from} already; its changes belong in its own periods`);
      return j;
    }
    const dated = changedPeriods(file.state, h, j, changes);
    if (dated.length > 0) return { ...j, rates: [...dated, ...j.rates] };
    const lists = cadenceDays(h.from, first.from, h.cadence);
    const unchanged: Period = {
      from: h.from,
      rate: first.rate,
      source: unchangedSource,
      checked: h.checked,
      note: `Unchanged in the state's lists of local rate changes effective ${lists[0]} to ${lists[lists.length - 1]}.`,
    };
    return { ...j, rates: [unchanged, ...j.rates] };
  });
  return { ...file, sources: { ...file.sources, ...h.sources }, jurisdictions, notes: [...(file.notes ?? []), ...(h.notes ?? [])] };
}
