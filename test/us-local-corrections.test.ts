/**
 * Later local rates and recorded-until days the states' own files do not carry
 * (scripts/us-local/corrections.json, applied by scripts/us-local/corrections.ts after the
 * dated history): each corrected place on a day before and after its change, and the 422
 * where a rate is not recorded. The expected rates are worked from the sources each test names.
 */
import { describe, expect, it } from 'vitest';
import { explainTaxRate } from '../src/index.js';
import { defaultRuleSet } from '../src/default-rules.js';
import { checkRuleData } from '../src/core/rule-checks.js';
import type { UsLocalFile, UsLocalRules } from '../src/core/rule-data.js';
import { applyCorrections, loadCorrections } from '../scripts/us-local/corrections.js';
import { refused, registeredIn } from './helpers.js';

/** A seller in New Jersey registered in Georgia, Minnesota, Missouri and North Carolina (the delivery address decides). */
const remote = registeredIn('US', [840013, 840027, 840029, 840037], { postal_code: '07030', currency: 'USD' });
const good = { tax_code: 'standard', product_type: 'good', amount: '100', currency: 'USD' } as const;

/** The main lines of a quote as [name, rate]. */
const lines = (zip: string, date: string): [string, string][] =>
  explainTaxRate({ ...good, date, to_country: 'US', to_postal_code: zip }, remote)
    .lines.filter((l) => l.group === 'main')
    .map((l) => [l.jurisdiction.name, l.rate]);

const local = (state: string): UsLocalRules => (defaultRuleSet.data.usLocal ?? []).find((l) => l.state === state) as UsLocalRules;
const corrections = loadCorrections();

describe('Georgia: Madison County 4 → 3 % on 2026-07-01', () => {
  // GAR2026Q2FEB19 gives the county 4 % (its row from 2022-10-01); TaxLocus's weekly tables give
  // 4 % on 2026-06-30 and 3 % on 2026-07-07, a change Georgia can only make on a quarter's first day.
  it('ZIP 30633 (Danielsville, 99 % in the county): 4 + 4 % on 2026-06-30, 4 + 3 % from 2026-07-01', () => {
    expect(lines('30633', '2026-06-30')).toEqual([
      ['Georgia', '4'],
      ['Madison County', '4'],
    ]);
    expect(lines('30633', '2026-07-01')).toEqual([
      ['Georgia', '4'],
      ['Madison County', '3'],
    ]);
    expect(lines('30633', '2026-11-15')).toEqual([
      ['Georgia', '4'],
      ['Madison County', '3'],
    ]);
  });
});

describe('Minnesota: Meeker County transportation tax 0.5 % from 2026-07-01', () => {
  // MNR2026Q2FEB18 has no Meeker County tax (the county's rate 0); the county heard its 0.5 %
  // local option tax on 2026-02-03 (Minn. Stat. § 297A.993), and TaxLocus's row 80054 (the
  // rate file's Meeker County Transit Sales and Use Tax) is first in its table of 2026-07-07.
  it('ZIP 55324: the state 6.875 % alone on 2026-06-30, with the county 0.5 % from 2026-07-01', () => {
    expect(lines('55324', '2026-06-30')).toEqual([['Minnesota', '6.875']]);
    expect(lines('55324', '2026-07-01')).toEqual([
      ['Minnesota', '6.875'],
      ['Meeker County', '0.5'],
    ]);
  });
});

describe('Missouri: Stone County recorded until 2026-09-30', () => {
  // open-sales-tax's Missouri table and TaxLocus's tables to 2026-08-04 give 2.25 %; TaxLocus
  // drops the row on 2026-08-11, which no Missouri change can take effect on (Mo. Rev. Stat.
  // § 32.087: the first day of a quarter): the rate stands to 2026-09-30 and is not known after.
  it('ZIP 65611: 4.225 + 2.25 % on 2026-05-04 and 2026-09-30; 2026-10-01 is refused (422) and says why', () => {
    expect(lines('65611', '2026-05-04')).toEqual([
      ['Missouri', '4.225'],
      ['Stone County', '2.25'],
    ]);
    expect(lines('65611', '2026-09-30')).toEqual([
      ['Missouri', '4.225'],
      ['Stone County', '2.25'],
    ]);
    const e = refused(() => lines('65611', '2026-10-01'));
    expect(e.status).toBe(422);
    expect(e.issues[0]?.path).toEqual(['date']);
    expect(e.issues[0]?.message).toMatch(/Stone County \(MO\) is recorded until 2026-09-30, not on 2026-10-01: .*§ 32\.087/);
  });

  it('another county of Missouri is still answered on 2026-10-01 (Jefferson County, ZIP 63010)', () => {
    const mo = local('MO').jurisdictions.find((j) => j.code === 'c099');
    expect(lines('63010', '2026-10-01')).toEqual([
      ['Missouri', '4.225'],
      ['Jefferson County', mo?.rates[mo.rates.length - 1]?.rate as string],
    ]);
  });
});

describe('North Carolina: Mecklenburg County transportation tax (TaxLocus row 98119)', () => {
  it('keeps 2026-04-01 and notes that TaxLocus first shows the row on 2026-07-07', () => {
    expect(lines('28202', '2026-04-01').map(([, r]) => Number(r)).reduce((a, b) => a + b, 0)).toBe(8.25);
    const meck = local('NC').jurisdictions.find((j) => j.name === 'Mecklenburg County transportation tax');
    expect(meck?.rates[meck.rates.length - 1]?.note).toMatch(/98119.*2026-07-07/);
  });
});

describe('the rule checks of until', () => {
  const withStone = (edit: (j: Record<string, unknown>) => void): ReturnType<typeof checkRuleData> => {
    const data = structuredClone(defaultRuleSet.data);
    const mo = (data.usLocal ?? []).find((l) => l.state === 'MO') as UsLocalRules;
    edit(mo.jurisdictions.find((j) => j.code === 'c209') as unknown as Record<string, unknown>);
    return checkRuleData(data).filter((p) => p.file === 'rules/us/local/MO.json');
  };
  it('the files as they are pass', () => {
    expect(withStone(() => {})).toEqual([]);
  });
  it('an until before the last period, or without a note, is a problem', () => {
    expect(withStone((j) => (j.until = '2026-05-03')).map((p) => p.message)).toEqual([expect.stringMatching(/before its last rate's day 2026-05-04/)]);
    expect(withStone((j) => delete j.note).map((p) => p.message)).toEqual([expect.stringMatching(/says why in its note/)]);
  });
});

describe('the import step (scripts/us-local/corrections.ts)', () => {
  /** The state's file without what corrections.json adds to it. */
  const without = (state: string): UsLocalFile => {
    const f = structuredClone(local(state)) as UsLocalFile;
    for (const x of corrections.corrections.filter((c) => c.state === state)) {
      const j = f.jurisdictions.find((y) => y.code === x.code) as UsLocalFile['jurisdictions'][number];
      j.rates = j.rates.slice(0, j.rates.length - (x.rates?.length ?? 0));
      if (x.until !== undefined) {
        delete j.until;
        // The reason is added to the note the jurisdiction had before.
        const before = j.note === x.note ? undefined : j.note?.slice(0, -(` ${x.note as string}`.length));
        if (before === undefined) delete j.note;
        else j.note = before;
      }
    }
    // The source keys only the corrections' periods name.
    const used = new Set(f.jurisdictions.flatMap((j) => j.rates.map((p) => p.source)));
    f.sources = Object.fromEntries(Object.entries(f.sources).filter(([k]) => used.has(k) || !(k in corrections.sources)));
    return f;
  };
  it('gives the files as they are from the files without it', () => {
    for (const state of ['GA', 'IL', 'MN', 'MO']) {
      const f = without(state);
      expect(f).not.toEqual(local(state));
      expect(applyCorrections(f, corrections)).toEqual(local(state));
    }
  });
  it('stops where a code is not in the file or a rate does not follow the last period', () => {
    const f = without('GA');
    expect(() => applyCorrections(f, { ...corrections, corrections: [{ state: 'GA', code: 'c999', until: '2026-09-30', note: 'x' }] })).toThrow(/no jurisdiction c999/);
    expect(() => applyCorrections(f, { ...corrections, corrections: [{ state: 'GA', code: 'c195', rates: [{ from: '2022-10-01', rate: '3', source: 'taxlocus-weekly' }] }] })).toThrow(/does not follow/);
  });
});

describe('Alabama: Westover, a row TaxLocus renamed (not a change)', () => {
  // The list's "Westover" row (5 %) is in TaxLocus's tables to 2026-08-04 and its "Westover
  // Sales & Use" row (5 %) from 2026-05-27: the recipe's alias places both in the town, whose
  // 5 % is charged on both sides of the rename of 2026-08-11.
  const al = registeredIn('US', [840001], { postal_code: '07030', currency: 'USD' });
  const westover = (date: string): [string, string][] =>
    explainTaxRate({ ...good, date, to_country: 'US', to_postal_code: '35147', to_city: 'Westover' }, al)
      .lines.filter((l) => l.group === 'main')
      .map((l) => [l.jurisdiction.name, l.rate]);
  it('ZIP 35147, city Westover: its 5 % on 2026-05-19, 2026-08-04 and 2026-08-15', () => {
    for (const date of ['2026-05-19', '2026-08-04', '2026-08-15']) expect(westover(date).find(([name]) => name === 'Westover'), date).toEqual(['Westover', '5']);
  });
  it('a day before 2026-05-19 is refused (422)', () => {
    expect(refused(() => westover('2026-05-18')).status).toBe(422);
  });
});

describe('Illinois: Princeton, a row TaxLocus dropped mid-half-year, recorded until 2026-12-31', () => {
  // TaxLocus's copies of the Department's database give Princeton 1.75 % combined (Bureau
  // County's 1 % in the same list, so the city's own 0.75 %) to 2026-08-04 and drop it on
  // 2026-08-11; an Illinois change takes effect only on 1 January or 1 July (86 Ill. Adm. Code
  // 270.130): 0.75 % to 2026-12-31, not known from 2027-01-01.
  const il = registeredIn('US', [840017], { postal_code: '07030', currency: 'USD' });
  const princeton = (date: string): [string, string][] =>
    explainTaxRate({ ...good, date, to_country: 'US', to_postal_code: '61356', to_city: 'Princeton' }, il)
      .lines.filter((l) => l.group === 'main')
      .map((l) => [l.jurisdiction.name, l.rate]);
  it('ZIP 61356, city Princeton: 6.25 + Bureau County 1 + 0.75 % on 2026-08-04, 2026-08-15 and 2026-12-31', () => {
    for (const date of ['2026-08-04', '2026-08-15', '2026-12-31']) {
      expect(princeton(date), date).toEqual([
        ['Illinois', '6.25'],
        ['Bureau County', '1'],
        ['Princeton', '0.75'],
      ]);
    }
  });
  it('2027-01-01 is refused (422), naming the rule', () => {
    const e = refused(() => princeton('2027-01-01'));
    expect(e.status).toBe(422);
    expect(e.issues[0]?.message).toMatch(/Princeton \(IL\) is recorded until 2026-12-31.*270\.130/);
  });
});
