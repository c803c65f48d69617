/**
 * Corrections of the built local files after their dated history, as data
 * (scripts/us-local/corrections.json): a jurisdiction's later rates that a state's own file
 * does not carry yet (a change TaxLocus's weekly tables show after the file's day, dated by
 * the state's change days), and the day after which a jurisdiction's rate cannot be
 * established (`until`: a later day is refused). Each names the jurisdiction by state and
 * code; the import stops where a code is not in the file, a rate does not follow the file's
 * last period, or a source key is unknown.
 */
import { readFileSync } from 'node:fs';
import type { LocalJurisdiction, UsLocalFile } from '../../src/core/rule-data.js';

type Period = LocalJurisdiction['rates'][number];

export interface Correction {
  readonly state: string;
  readonly code: string;
  /** Periods added after the file's last one (`checked`: the file's). */
  readonly rates?: readonly Omit<Period, 'checked'>[];
  /** The last day the rate is recorded, and why (the jurisdiction's note). */
  readonly until?: string;
  readonly note?: string;
}

export interface CorrectionsFile {
  readonly checked: string;
  readonly sources: Readonly<Record<string, string>>;
  readonly corrections: readonly Correction[];
}

export function loadCorrections(path = 'scripts/us-local/corrections.json'): CorrectionsFile {
  const c = JSON.parse(readFileSync(path, 'utf8')) as CorrectionsFile;
  for (const x of c.corrections) {
    for (const p of x.rates ?? []) if (!(p.source in c.sources)) throw new Error(`${path}: ${x.state} ${x.code}: source ${p.source} is not in sources`);
    if (x.until !== undefined && x.note === undefined) throw new Error(`${path}: ${x.state} ${x.code}: until without a note`);
  }
  return c;
}

/** The file with the state's corrections applied (the file itself where it has none). */
export function applyCorrections(file: UsLocalFile, c: CorrectionsFile): UsLocalFile {
  const mine = c.corrections.filter((x) => x.state === file.state);
  if (mine.length === 0) return file;
  const used = new Set<string>();
  const jurisdictions = file.jurisdictions.map((j) => {
    const x = mine.find((m) => m.code === j.code);
    if (x === undefined) return j;
    const rates = [...j.rates];
    for (const p of x.rates ?? []) {
      const last = rates[rates.length - 1] as Period;
      if (p.from <= last.from) throw new Error(`${file.state}: ${j.name}'s corrected rate from ${p.from} does not follow its last period (${last.from})`);
      rates.push({ from: p.from, rate: p.rate, source: p.source, checked: c.checked, ...(p.note !== undefined ? { note: p.note } : {}) });
      used.add(p.source);
    }
    const out: LocalJurisdiction = { ...j, rates };
    if (x.until !== undefined) {
      if (x.until < (rates[rates.length - 1] as Period).from) throw new Error(`${file.state}: ${j.name} is recorded until ${x.until}, before its last period`);
      return { ...out, until: x.until, note: j.note ? `${j.note} ${x.note as string}` : (x.note as string) };
    }
    return out;
  });
  for (const x of mine) if (!file.jurisdictions.some((j) => j.code === x.code)) throw new Error(`${file.state}: no jurisdiction ${x.code} to correct`);
  const sources = { ...file.sources, ...Object.fromEntries([...used].filter((k) => !(k in file.sources)).map((k) => [k, c.sources[k] as string])) };
  return { ...file, sources, jurisdictions };
}
