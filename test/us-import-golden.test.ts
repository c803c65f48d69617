/**
 * The US importer (scripts/import-us-local.ts) pinned on small inputs: a few rows each of the
 * Census tables and of the rate tables, in the shape of the real ones, under
 * test/fixtures-us-import/ (see its README), with a recipe per state trimmed to those rows.
 * Each state's file must come out exactly as test/fixtures-us-import/expected/<ST>.json: one
 * recipe of a generic kind (FL, open-sales-tax's table with the county check and a
 * single-article limit) and three states with a reader of their own (CO: districts placed by
 * area and a row of a city in several counties; TN: situs rows, a transit surcharge and the
 * single-article limit; TX: combined rates split, the Comptroller's list, PO-box ZIP codes).
 * A change of the importer that changes these files is a change of its output: rerun
 *   npx tsx scripts/import-us-local.ts --geo test/fixtures-us-import/geo --sources test/fixtures-us-import/sources \
 *     --recipes test/fixtures-us-import/recipes --history test/fixtures-us-import/history \
 *     --out test/fixtures-us-import/expected --checked 2026-12-04
 * only when the change is meant, and read the diff.
 * Also: the hand-written `taxability` tables of a file survive its rebuild, and the recipes
 * (the real ones too) are checked by scripts/us-local/recipe.schema.json.
 */
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadInputs } from '../scripts/us-local/inputs.js';
import { buildRecipe, readRecipe, type Recipe } from '../scripts/us-local/kinds.js';
import { importState } from '../scripts/us-local/run.js';
import { loadPoBoxSource, type PoBoxSource } from '../scripts/us-pobox.js';
import type { WeeklyFile } from '../scripts/us-local/weekly.js';

const FIX = 'test/fixtures-us-import';
const STATES = ['FL', 'CO', 'TN', 'TX'] as const;
let poBoxes: PoBoxSource;

beforeAll(() => {
  loadInputs({ geo: join(FIX, 'geo'), sources: join(FIX, 'sources'), checked: '2026-12-04' });
  poBoxes = loadPoBoxSource(join(FIX, 'sources'));
});

const fresh = (): string => mkdtempSync(join(tmpdir(), 'us-import-'));
const build = (state: string, outDir = fresh()): string => importState(readRecipe(join(FIX, 'recipes', `${state}.json`), state), { historyDir: join(FIX, 'history'), poBoxes, outDir }).text;
const expected = (state: string): string => readFileSync(join(FIX, 'expected', `${state}.json`), 'utf8');

describe('the importer on the fixture inputs', () => {
  for (const state of STATES) it(`writes ${state} exactly as pinned`, () => expect(build(state)).toBe(expected(state)));

  it('places the districts and splits the rows as each reader says', () => {
    const co = JSON.parse(build('CO')) as { jurisdictions: { code: string; name: string; rates: { rate: string }[] }[]; zips: [string, string, number][] };
    const rate = (name: string): string | undefined => co.jurisdictions.find((j) => j.name === name)?.rates.at(-1)?.rate;
    // Denver's row (6.25 %) less RTD (1 %) and SCFD (0.1 %), placed by Denver County.
    expect(rate('Denver')).toBe('5.15');
    // Aurora's row (5.85 %) describes its part in Douglas County (1 %, SCFD 0.1 %): RTD's 1 % stays in the city's line.
    expect(rate('Aurora')).toBe('4.75');
    const rtd = co.jurisdictions.find((j) => j.name === 'Regional Transportation District')?.code as string;
    expect(co.zips.filter(([zip]) => zip === '80202').map(([, codes]) => codes.split(' ').includes(rtd))).toEqual([true]);
    const tn = JSON.parse(build('TN')) as { single_article_cap?: { amount: string }; jurisdictions: { name: string }[] };
    expect(tn.single_article_cap?.amount).toBe('1600');
    expect(tn.jurisdictions.map((j) => j.name)).toContain('Oak Ridge (Roane County part)');
  });
});

describe('taxability written by hand', () => {
  const table = { food: [{ from: '2026-01-01', treatment: 'exempt', source: 'a source', checked: '2026-12-04' }] };

  it('is kept, the file\'s and a jurisdiction\'s, where the schema puts them; nothing else changes', () => {
    const dir = fresh();
    const old = JSON.parse(expected('CO')) as Record<string, unknown> & { jurisdictions: Record<string, unknown>[] };
    const denver = old.jurisdictions.find((j) => j.name === 'Denver') as Record<string, unknown>;
    denver.taxability = table;
    writeFileSync(join(dir, 'CO.json'), JSON.stringify({ ...old, taxability: table }));
    const rebuilt = JSON.parse(build('CO', dir)) as Record<string, unknown> & { jurisdictions: Record<string, unknown>[] };
    expect(rebuilt.taxability).toEqual(table);
    const keys = Object.keys(rebuilt);
    expect(keys.indexOf('taxability')).toBe(keys.indexOf('share_basis') - 1);
    expect(rebuilt.jurisdictions.find((j) => j.name === 'Denver')?.taxability).toEqual(table);
    expect(rebuilt.jurisdictions.filter((j) => j.taxability !== undefined)).toHaveLength(1);
    delete rebuilt.taxability;
    delete (rebuilt.jurisdictions.find((j) => j.name === 'Denver') as Record<string, unknown>).taxability;
    expect(rebuilt).toEqual(JSON.parse(expected('CO')));
  });

  it('stops the import where its jurisdiction is gone from the rebuilt file', () => {
    const dir = fresh();
    const old = JSON.parse(expected('TN')) as { jurisdictions: Record<string, unknown>[] };
    old.jurisdictions.push({ code: 'p99999', name: 'Nowhere', level: 'city', rates: [], taxability: table });
    writeFileSync(join(dir, 'TN.json'), JSON.stringify(old));
    expect(() => build('TN', dir)).toThrow(/taxability of p99999 Nowhere/);
  });

  it('is not invented for a file that had none', () => {
    const dir = fresh();
    copyFileSync(join(FIX, 'expected', 'TX.json'), join(dir, 'TX.json'));
    expect(build('TX', dir)).toBe(expected('TX'));
  });
});

describe('the recipes\' JSON Schema', () => {
  it('accepts every recipe of scripts/us-local/recipes', () => {
    const dir = 'scripts/us-local/recipes';
    const states = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, 2));
    expect(states.length).toBeGreaterThan(30);
    for (const state of states) expect(readRecipe(join(dir, `${state}.json`), state).state).toBe(state);
  });

  const refused = (change: (r: Record<string, unknown>) => void): string => {
    const recipe = JSON.parse(readFileSync(join(FIX, 'recipes', 'CO.json'), 'utf8')) as Record<string, unknown>;
    change(recipe);
    const file = join(fresh(), 'CO.json');
    writeFileSync(file, JSON.stringify(recipe));
    try {
      readRecipe(file, 'CO');
    } catch (e) {
      return (e as Error).message;
    }
    throw new Error('accepted');
  };

  it('refuses a field its kind does not know, naming it', () => expect(refused((r) => (r.aliasses = {}))).toMatch(/additional properties \(aliasses\)/));
  it('refuses a placeholder the template may not name', () => expect(refused((r) => (r.coverage = 'at {towns} towns'))).toMatch(/\/coverage: must match pattern/));
  it('refuses an impossible date and a rate with trailing zeros', () => {
    expect(refused((r) => (r.from = '2026-02-30'))).toMatch(/\/from: must match format "date"/);
    expect(refused((r) => ((r.districts as { rate: string }[])[0] as { rate: string }).rate = '1.0')).toMatch(/\/districts\/0\/rate/);
  });
  it('refuses a missing field and an unknown kind', () => {
    expect(refused((r) => delete r.rtd)).toMatch(/required property 'rtd'/);
    expect(refused((r) => (r.kind = 'colorad'))).toMatch(/\/kind: must be equal to one of the allowed values/);
  });
  it('refuses a recipe filed under another state', () => {
    const file = join(fresh(), 'TX.json');
    copyFileSync(join(FIX, 'recipes', 'CO.json'), file);
    expect(() => readRecipe(file, 'TX')).toThrow(/state: CO is not TX/);
  });
});

describe('the kinds', () => {
  it('every kind the schema admits has a reader', () => {
    const schema = JSON.parse(readFileSync('scripts/us-local/recipe.schema.json', 'utf8')) as { properties: { kind: { enum: string[] } } };
    const recipe = JSON.parse(readFileSync(join(FIX, 'recipes', 'FL.json'), 'utf8')) as Record<string, unknown>;
    for (const kind of schema.properties.kind.enum) {
      // Each kind's reader is reached: an FL recipe of another kind stops in that reader, not for want of one.
      let message = '';
      try {
        buildRecipe({ ...recipe, kind } as Recipe);
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message, kind).not.toMatch(/no reader of the kind/);
    }
  });
});

describe('TaxLocus’s weekly tables (scripts/us-local/weekly.ts) on the fixture inputs', () => {
  const HEAD = 'observed_after,observed_by,commit_after,state,jurisdiction_type,name,fips_code,old_rate,new_rate,kind,flag';
  const weeklyWith = (rows: string[], rule: WeeklyFile['rules'][string]): WeeklyFile => {
    const dir = fresh();
    writeFileSync(join(dir, 'log.csv'), [HEAD, ...rows].join('\n') + '\n');
    return {
      log: relative(join(FIX, 'sources'), join(dir, 'log.csv')),
      snapshots: 'unused',
      first: '2026-05-19',
      checked: '2026-12-04',
      source: 'weekly',
      sources: { weekly: 'the weekly tables', law: 'the law of the change days' },
      rules: { r: rule },
      states: { TX: 'r' },
    };
  };
  const periods = (text: string, name: string) => (JSON.parse(text) as { jurisdictions: { name: string; rates: { from: string; rate: string; source: string }[] }[] }).jurisdictions.find((j) => j.name === name)?.rates.map((p) => [p.from, p.rate, p.source]);
  const run = (w: WeeklyFile): string => importState(readRecipe(join(FIX, 'recipes', 'TX.json'), 'TX'), { historyDir: join(FIX, 'history'), poBoxes, outDir: fresh(), weekly: w }).text;

  it('records the list’s rates back to the first weekly table, a change dated by the state’s change days, noise rows left out', () => {
    const w = weeklyWith(
      [
        '2026-06-02,2026-06-09,c,TX,city,Sugar Land,,0.015,0.02,changed,',
        '2026-05-19,2026-05-27,c,TX,city,Crockett,,0.01,0.015,changed,flapping_duplicate_name_key',
      ],
      { months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], source: 'law', text: 'the first day of the month' },
    );
    const text = run(w);
    // Seen between the tables of 2026-06-02 and 2026-06-09: from 2026-06-01, the month's first day; the list's own period after it.
    expect(periods(text, 'Sugar Land')).toEqual([
      ['2026-05-19', '1.5', 'weekly'],
      ['2026-06-01', '2', 'weekly'],
      ['2026-07-01', '2', 'tx-taxlocus'],
    ]);
    // The flagged row is no change: Crockett keeps the list's rate back to 2026-05-19.
    expect(periods(text, 'Crockett')).toEqual([
      ['2026-05-19', '1.5', 'weekly'],
      ['2026-07-01', '1.5', 'tx-taxlocus'],
    ]);
    // open-sales-tax's rates (from 2026-05-04) are not TaxLocus's: left as they are.
    expect(periods(text, 'Houston')).toEqual([['2026-05-04', '1', 'tx-rates']]);
    expect((JSON.parse(text) as { sources: Record<string, string> }).sources).toMatchObject({ weekly: 'the weekly tables', law: 'the law of the change days' });
  });

  it('a quarterly rule dates a change seen after a quarter’s first day on it, and a jurisdiction a table lacks is not levied then', () => {
    const w = weeklyWith(['2026-06-30,2026-07-07,c,TX,city,Missouri City,,,0.01,added,'], { months: [1, 4, 7, 10], source: 'law', text: 'the quarter’s first day' });
    expect(periods(run(w), 'Missouri City')).toEqual([
      ['2026-05-19', '0', 'weekly'],
      ['2026-07-01', '1', 'tx-taxlocus'],
    ]);
  });
});
