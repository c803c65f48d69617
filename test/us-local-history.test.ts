/**
 * Dated local history back in time (rules/us/local, built by scripts/import-us-local.ts):
 * California from 2023-04-01 (CDTFA publication 105's district taxes with their dates,
 * scripts/us-local/ca-district-taxes.json), North Carolina from 2024-07-01 (NCDOR's table of
 * that day, scripts/us-local/nc-county-rates-2024-07-01.json), and Minnesota's Carlton County
 * from 2015-04-01 (its transit tax's first day), through the public API with real ZIP codes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { explainTaxRate } from '../src/index.js';
import { defaultRuleSet } from '../src/default-rules.js';
import { checkRuleData } from '../src/core/rule-checks.js';
import type { UsLocalRules } from '../src/core/rule-data.js';
import { refused, registeredIn } from './helpers.js';

/** A seller in New Jersey registered in California, North Carolina and Minnesota (the delivery address decides). */
const remote = registeredIn('US', [840006, 840037, 840027], { postal_code: '07030', currency: 'USD' });
const good = { tax_code: 'standard', product_type: 'good', amount: '100', currency: 'USD' } as const;

/** The main lines of a quote as [name, rate]. */
const lines = (zip: string, date: string, city?: string): [string, string][] =>
  explainTaxRate({ ...good, date, to_country: 'US', to_postal_code: zip, ...(city ? { to_city: city } : {}) }, remote)
    .lines.filter((l) => l.group === 'main')
    .map((l) => [l.jurisdiction.name, l.rate]);
const combined = (zip: string, date: string, city?: string): number => lines(zip, date, city).reduce((sum, [, r]) => sum + Number(r), 0);
const status = (zip: string, date: string, city?: string): number => refused(() => lines(zip, date, city)).status;

const local = (state: string): UsLocalRules => (defaultRuleSet.data.usLocal ?? []).find((l) => l.state === state) as UsLocalRules;
const firstDays = (state: string): string[] => [...new Set(local(state).jurisdictions.map((j) => j.rates[0]?.from as string))].sort();

describe('the files', () => {
  it('pass the rule checks, and every period keeps its source and the day it was checked', () => {
    expect(checkRuleData(defaultRuleSet.data).filter((p) => /rules\/us\/local\/(CA|NC|MN)\.json/.test(p.file))).toEqual([]);
    for (const state of ['CA', 'NC', 'MN']) {
      for (const j of local(state).jurisdictions) {
        for (const p of j.rates) {
          expect(Object.hasOwn(local(state).sources, p.source), `${state} ${j.name} ${p.from}`).toBe(true);
          expect(p.checked, `${state} ${j.name} ${p.from}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        }
      }
    }
  });

  it('start on the days of their sources: California 2023-04-01, North Carolina 2024-07-01, Minnesota 2017-10-01 with Carlton County from 2015-04-01', () => {
    expect(firstDays('CA')).toEqual(['2023-04-01']);
    expect(firstDays('NC')).toEqual(['2024-07-01']);
    expect(firstDays('MN')).toEqual(['2015-04-01', '2017-10-01']);
    expect(local('MN').jurisdictions.filter((j) => j.rates[0]?.from === '2015-04-01').map((j) => j.name)).toEqual(['Carlton County', 'Carlton County Sales and Use Tax']);
  });
});

describe('California from 2023-04-01 (CDTFA publication 105)', () => {
  it('the transcription of publication 105 cites it on every tax and starts where its end dates do', () => {
    const pub = JSON.parse(readFileSync('scripts/us-local/ca-district-taxes.json', 'utf8')) as { covers_from: string; taxes: { source: string; from: string; until: string | null; applies: string }[] };
    expect(pub.covers_from).toBe('2023-04-01');
    expect(pub.taxes.length).toBeGreaterThan(500);
    expect(new Set(pub.taxes.map((t) => t.source))).toEqual(new Set(['CDTFA publication 105, Rev. 39 (1-26)']));
    expect(pub.taxes.map((t) => t.until).filter(Boolean).sort()[0]).toBe('2023-03-31');
  });

  it('Los Angeles County: Measure H (0.25 %) ends on 2025-03-31 and Measure A (0.5 %) begins on 2025-04-01: the county line 2.25 → 2.5 %', () => {
    expect(lines('90012', '2025-03-31')).toEqual([
      ['California', '7.25'],
      ['Los Angeles County', '2.25'],
    ]);
    expect(lines('90012', '2025-04-01')).toEqual([
      ['California', '7.25'],
      ['Los Angeles County', '2.5'],
    ]);
    expect(combined('90012', '2023-04-01')).toBe(9.5);
  });

  it("Oakland: the City of Oakland's 0.5 % from 2025-10-01", () => {
    expect(combined('94612', '2025-09-30', 'Oakland')).toBe(10.25);
    expect(lines('94612', '2025-10-01', 'Oakland')).toEqual([
      ['California', '7.25'],
      ['Alameda County', '3'],
      ['Oakland', '0.5'],
    ]);
  });

  it('Culver City +0.25 % on 2026-01-01, Rio Dell 1 → 0.75 % on 2025-01-01', () => {
    expect(combined('90230', '2025-12-31', 'Culver City')).toBe(10.5);
    expect(combined('90230', '2026-01-01', 'Culver City')).toBe(10.75);
    expect(lines('95562', '2024-12-31', 'Rio Dell').at(-1)).toEqual(['Rio Dell', '1']);
    expect(lines('95562', '2025-01-01', 'Rio Dell').at(-1)).toEqual(['Rio Dell', '0.75']);
  });

  it("Monterey County's 1 % of its unincorporated area from 2025-04-01: charged outside cities, not in Salinas", () => {
    expect(combined('93924', '2025-03-31')).toBe(7.75);
    expect(combined('93924', '2025-04-01')).toBe(8.75);
    // Salinas's total stays 9.25 %: the county's line holds the lowest rate of its areas.
    expect(lines('93901', '2025-03-31', 'Salinas')).toEqual([
      ['California', '7.25'],
      ['Monterey County', '0.5'],
      ['Salinas', '1.5'],
    ]);
    expect(lines('93901', '2025-04-01', 'Salinas')).toEqual([
      ['California', '7.25'],
      ['Monterey County', '1.5'],
      ['Salinas', '0.5'],
    ]);
  });

  it('the changes since 2026-01-01 are kept (Santa Clara County Measure A from 2026-04-01)', () => {
    expect(combined('95110', '2023-04-01', 'San Jose')).toBe(9.375);
    expect(combined('95110', '2026-04-01', 'San Jose')).toBe(10);
  });

  it('a day before 2023-04-01 is refused (422)', () => {
    expect(status('90012', '2023-03-31')).toBe(422);
    expect(status('94612', '2023-03-31', 'Oakland')).toBe(422);
  });
});

describe('North Carolina from 2024-07-01 (NCDOR)', () => {
  it("Wake County on 2024-07-01: the table's 7.25 % (4.75 + 2 + transit 0.5); the day before is refused", () => {
    expect(lines('27601', '2024-07-01')).toEqual([
      ['North Carolina', '4.75'],
      ['Wake County', '2'],
      ['Wake County transit tax', '0.5'],
    ]);
    expect(status('27601', '2024-06-30')).toBe(422);
  });

  it('Alleghany County 7 % and Durham County 7.5 % on 2024-07-01, as the table gives', () => {
    expect(combined('28675', '2024-07-01')).toBe(7);
    expect(combined('27701', '2024-07-01')).toBe(7.5);
  });

  it("Mecklenburg County: 7.25 % to 2026-03-31, its 1 % transportation tax from 2026-04-01 (the day from a secondary source, noted)", () => {
    expect(combined('28202', '2024-07-01')).toBe(7.25);
    expect(combined('28202', '2026-03-31')).toBe(7.25);
    expect(combined('28202', '2026-04-01')).toBe(8.25);
    const meck = local('NC').jurisdictions.find((j) => j.name === 'Mecklenburg County transportation tax');
    expect(meck?.rates.map((p) => [p.from, p.rate])).toEqual([
      ['2024-07-01', '0'],
      ['2026-04-01', '1'],
    ]);
    expect(meck?.rates[1]?.note).toMatch(/secondary source/);
  });
});

describe('Minnesota: Carlton County from 2015-04-01', () => {
  it('a Carlton County ZIP outside its cities is answered from 2015-04-01 (its transit tax, 0.5 %), with the second 0.5 % from 2023-04-01', () => {
    expect(lines('55707', '2016-06-01')).toEqual([
      ['Minnesota', '6.875'],
      ['Carlton County', '0.5'],
    ]);
    expect(lines('55707', '2015-04-01')).toEqual([
      ['Minnesota', '6.875'],
      ['Carlton County', '0.5'],
    ]);
    expect(combined('55707', '2023-04-01')).toBe(7.875);
    expect(status('55707', '2015-03-31')).toBe(422);
  });

  it('elsewhere, and in Carlton County’s cities, a day before 2017-10-01 stays refused (422)', () => {
    expect(status('55401', '2016-06-01')).toBe(422);
    expect(status('55720', '2016-06-01', 'Cloquet')).toBe(422);
    expect(combined('55401', '2017-10-01')).toBe(8.025);
  });
});
