/** Dated local history as data (scripts/us-local-history.ts): changes and lists record a built local file back in time, or stop the import. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyHistory, cadenceDays, loadHistory, type HistoryFile } from '../scripts/us-local-history.js';
import type { UsLocalFile } from '../src/core/rule-data.js';

const period = (from: string, rate: string) => ({ from, rate, source: 'snap', checked: '2026-11-23' });
const file: UsLocalFile = {
  $schema: '../../schema/us-local.schema.json',
  state: 'CO',
  sourcing: 'destination',
  complete: false,
  coverage: 'test',
  share_basis: 'population',
  sources: { snap: 'a snapshot of 2026-07-01' },
  jurisdictions: [
    { code: 'p1', id: 1, name: 'Denver', level: 'city', rates: [period('2026-07-01', '5.15')] },
    { code: 'c1', id: 2, name: 'Adams County', level: 'county', rates: [period('2026-07-01', '0.75')] },
    { code: 'p2', id: 3, name: 'Superior', level: 'city', rates: [period('2026-07-01', '3.775')] },
    { code: 'p3', id: 4, name: 'Old Town', level: 'city', rates: [period('2020-01-01', '2')] },
  ],
  zips: [],
  notes: [],
} as unknown as UsLocalFile;
const lists = { '2025-01-01': 'l25a', '2025-07-01': 'l25b', '2026-01-01': 'l26a' };
const history: HistoryFile = {
  state: 'CO',
  from: '2025-01-01',
  checked: '2026-11-28',
  cadence: 'half-yearly',
  sources: { l25a: 'list of 2025-01-01', l25b: 'list of 2025-07-01', l26a: 'list of 2026-01-01', lists: 'the lists of 2025-01-01 to 2026-01-01' },
  lists,
  unchanged_source: 'lists',
  changes: [
    { jurisdiction: 'Denver', level: 'city', from: '2025-07-01', before: '4.81', rate: '5.15', source: 'l25b' },
    { jurisdiction: 'Superior', level: 'city', from: '2026-01-01', before: null, rate: '3.775', source: 'l26a' },
  ],
};

describe('applyHistory', () => {
  const out = applyHistory(file, history);
  const rates = (name: string) => out.jurisdictions.find((j) => j.name === name)!.rates.map((p) => [p.from, p.rate, p.source]);

  it('records a changed jurisdiction from the history’s first day: the rate before, each change, then the table', () => {
    expect(rates('Denver')).toEqual([
      ['2025-01-01', '4.81', 'l25b'],
      ['2025-07-01', '5.15', 'l25b'],
      ['2026-07-01', '5.15', 'snap'],
    ]);
  });

  it('records a new tax at 0 before its first day', () => {
    expect(rates('Superior').slice(0, 2)).toEqual([
      ['2025-01-01', '0', 'l26a'],
      ['2026-01-01', '3.775', 'l26a'],
    ]);
  });

  it('extends an unchanged jurisdiction back with the lists as its source, and leaves one recorded earlier as it is', () => {
    const adams = out.jurisdictions.find((j) => j.name === 'Adams County')!.rates[0]!;
    expect(adams.source).toBe('lists');
    expect(() => applyHistory(file, { ...history, unchanged_source: undefined })).toThrow(/name the series in unchanged_source/);
    expect([adams.from, adams.rate, adams.note]).toEqual(['2025-01-01', '0.75', "Unchanged in the state's lists of local rate changes effective 2025-01-01 to 2026-01-01."]);
    expect(rates('Old Town')).toEqual([['2020-01-01', '2', 'snap']]);
    expect(out.sources).toMatchObject({ snap: 'a snapshot of 2026-07-01', l25a: 'list of 2025-01-01' });
  });

  it('stops on a difference no dated change explains, a missing list, a chain that does not hold, and an unknown jurisdiction', () => {
    expect(() => applyHistory(file, { ...history, changes: [{ ...history.changes[0]!, rate: '5' }] })).toThrow(/a difference no dated change explains/);
    expect(() => applyHistory(file, { ...history, lists: { '2025-01-01': 'l25a', '2026-01-01': 'l26a' } })).toThrow(/no list of the local changes effective 2025-07-01/);
    expect(() => applyHistory(file, { ...history, changes: [{ ...history.changes[0]!, from: '2025-04-01', rate: '5' }, history.changes[0]!] })).toThrow(/but the change of 2025-07-01 starts from 4.81/);
    expect(() => applyHistory(file, { ...history, changes: [{ ...history.changes[0]!, jurisdiction: 'Boulder' }] })).toThrow(/0 jurisdictions are city Boulder/);
    expect(() => applyHistory(file, { ...history, changes: [{ jurisdiction: 'Old Town', level: 'city', from: '2025-07-01', before: '1', rate: '2', source: 'l25b' }] })).toThrow(/recorded from 2020-01-01 already/);
  });
});

describe('loadHistory and cadenceDays', () => {
  const dir = mkdtempSync(join(tmpdir(), 'history-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a state’s file, none when it has none, and stops on an unknown field or a source not listed', () => {
    expect(loadHistory('CO', dir)).toBeNull();
    writeFileSync(join(dir, 'CO.json'), JSON.stringify(history));
    expect(loadHistory('CO', dir)?.changes).toHaveLength(2);
    writeFileSync(join(dir, 'CO.json'), JSON.stringify({ ...history, extra: 1 }));
    expect(() => loadHistory('CO', dir)).toThrow(/unknown field extra/);
    writeFileSync(join(dir, 'CO.json'), JSON.stringify({ ...history, changes: [{ ...history.changes[0], source: 'nowhere' }] }));
    expect(() => loadHistory('CO', dir)).toThrow(/source nowhere is not in sources/);
  });

  it('lists the days of a cadence', () => {
    expect(cadenceDays('2025-01-01', '2026-01-01', 'quarterly')).toEqual(['2025-01-01', '2025-04-01', '2025-07-01', '2025-10-01']);
    expect(cadenceDays('2025-11-01', '2026-02-01', 'monthly')).toEqual(['2025-11-01', '2025-12-01', '2026-01-01']);
    expect(() => cadenceDays('2025-02-01', '2026-01-01', 'quarterly')).toThrow(/not a day of a quarterly cadence/);
  });
});
