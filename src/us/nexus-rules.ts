/**
 * The economic nexus rules of US states (rules/us/nexus.json) as the engine reads them, and
 * the checks the rules build runs on them beyond their JSON Schema.
 */
import type { NexusPeriod, NexusState, UsNexusFile } from '../generated/rule-files.js';
import { SENTENCE_END, type RuleProblem } from '../core/rule-checks.js';
import { dayNumber } from '../core/dates.js';

export type { NexusPeriod, NexusState } from '../generated/rule-files.js';

/** The nexus file without its `$schema`: what `nexusStatus` takes as `rules`. */
export type UsNexusRules = Omit<UsNexusFile, '$schema'>;

/** The measurement periods a rule can name (see rules/schema/us-nexus.schema.json). */
export type NexusMeasurement = NexusPeriod['measurement'];

/**
 * Checks what the schema cannot: real calendar dates, periods sorted without two on one
 * day, a transaction number exactly where the logic has a transaction test, states sorted
 * and each once, known source keys, notes that end their sentence and, given the regions of
 * countries/US.json, one entry per region. Pure: tests run it on data built in memory.
 */
export function checkNexusRules(data: UsNexusRules, file = 'us/nexus.json', regions?: readonly string[]): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const add = (path: string, message: string): void => {
    problems.push({ file, path, message });
  };
  const date = (path: string, value: string | undefined): void => {
    if (value !== undefined && Number.isNaN(dayNumber(value))) add(path, `${value} is not a calendar date`);
  };
  const sentence = (path: string, value: string | undefined): void => {
    if (value !== undefined && !SENTENCE_END.test(value.trim())) add(path, 'a note must end its sentence (., ! or ?)');
  };
  (data.notes ?? []).forEach((n, i) => sentence(`/notes/${i}`, n));
  const sources = new Set(Object.keys(data.sources));
  data.states.forEach((s: NexusState, i) => {
    const at = `/states/${i}`;
    const prev = data.states[i - 1];
    if (prev && !(s.state > prev.state)) add(`${at}/state`, s.state === prev.state ? `${s.state} is listed twice` : `states out of order: ${s.state} after ${prev.state}`);
    sentence(`${at}/note`, s.note);
    sentence(`${at}/disagreement`, s.disagreement);
    date(`${at}/checked`, s.checked);
    for (const key of s.compared ?? []) if (!sources.has(key)) add(`${at}/compared`, `${key} is not a key of sources`);
    if (s.sales_tax === 'none') {
      if (s.periods.length > 0) add(`${at}/periods`, 'a state without a sales tax has no nexus periods');
      if (s.source === undefined || s.checked === undefined) add(at, 'a state without a sales tax needs the source that says so, and checked');
    } else if (s.periods.length === 0) {
      add(`${at}/periods`, 'a state with a sales tax needs at least one nexus period');
    }
    s.periods.forEach((p, j) => {
      const pat = `${at}/periods/${j}`;
      date(`${pat}/from`, p.from);
      date(`${pat}/effective`, p.effective);
      date(`${pat}/checked`, p.checked);
      sentence(`${pat}/note`, p.note);
      const before = s.periods[j - 1];
      if (before && !(p.from > before.from)) add(`${pat}/from`, p.from === before.from ? `two periods start on ${p.from} (overlap)` : `periods out of order: ${p.from} after ${before.from}`);
      const hasTest = p.logic !== 'sales';
      if (hasTest !== (p.transactions !== null)) add(`${pat}/transactions`, hasTest ? `logic ${p.logic} needs a transaction number` : 'logic sales takes no transaction number (null)');
      if ((p.transactions === null) !== (p.transactions_test === null)) add(`${pat}/transactions_test`, 'transactions_test is null exactly when transactions is');
    });
  });
  if (regions) {
    const listed = new Set(data.states.map((s) => s.state));
    for (const r of regions) if (!listed.has(r)) add('/states', `no entry for ${r}, a US region of countries/US.json`);
    const known = new Set(regions);
    data.states.forEach((s, i) => {
      if (!known.has(s.state)) add(`/states/${i}/state`, `${s.state} is not a US region of countries/US.json`);
    });
  }
  return problems;
}
