/**
 * diffRules and `taxrules diff`: a rate change lists exactly the cases it changes. On rule
 * sets of their own (the mini rule set and copies of it with one change, written to temporary
 * directories, and a git repository made for the test): nothing here moves when a real rate
 * changes, or reads this repository's tree.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { run, type CliIO } from '../src/cli/main.js';
import { readRuleDirectory } from '../src/cli/rules-dir.js';
import type { RuleData } from '../src/core/rule-data.js';
import { diffCorpus, diffRules, formatRuleDiff, samplePostalCode, type DiffCase, type RuleChange } from '../src/testing/diff.js';
import { miniRuleData } from './support/mini-rules.js';
import { writeRules } from './support/rule-files.js';


/** A deep copy of the mini rule data to change. */
const copy = (): RuleData => structuredClone(miniRuleData) as RuleData;

async function cli(cwd: string, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIO = { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`), cwd };
  const code = await run(args, io);
  return { code, out, err };
}

let base: string;
let next: string;
let work: string;

beforeAll(() => {
  base = writeRules(miniRuleData);
  // Avalonia's standard rate raised to 22 % from 2030-01-01.
  const raised = copy();
  const standard = raised.countries.find((c) => c.country === 'XA')!.jurisdictions[0]!.taxes[0]!.rates.standard!;
  standard.push({ ...standard.at(-1)!, from: '2030-01-01', rate: '22' });
  // A working directory of its own, with the rules in a git repository (for BASE as a ref).
  work = mkdtempSync(join(tmpdir(), 'taxrules-work-'));
  next = writeRules(raised, join(work, 'next'));
  writeRules(miniRuleData, join(work, 'rules'));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=taxrules', '-c', 'user.email=taxrules@example.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd: work, stdio: 'pipe' });
  git('init', '-q');
  git('add', 'rules');
  git('commit', '-q', '-m', 'rules');
});

/** The kinds of case a change touched: tax code, product type, customer. */
const kinds = (changes: readonly RuleChange[]): string[] => [...new Set(changes.map((c) => `${(c.case as DiffCase).taxCode}/${(c.case as DiffCase).productType}/${(c.case as DiffCase).customer}`))].sort();

describe('taxrules diff', () => {
  it('raising one rate lists exactly the cases it changes, and nothing else', async () => {
    const r = await cli(work, 'diff', base, 'next', '--json');
    expect(r.code, r.err).toBe(0);
    const { changes, cases } = JSON.parse(r.out) as { cases: number; changes: RuleChange[] };
    expect(cases).toBeGreaterThan(100);
    for (const c of changes) {
      expect(c.jurisdiction).toEqual({ id: 901, country: 'XA', region: null });
      expect([c.field, (c.case as DiffCase).date, c.before, c.after]).toEqual(['rates', '2030-01-01', ['VAT 20% (Avalonia)'], ['VAT 22% (Avalonia)']]);
    }
    // A seller outside the union (the corpus's): its consumers' digital services and goods bear
    // Avalonian VAT at the standard rate (diapers too: the union's other categories); e-books
    // are at the reduced rate, services outside the scope, and businesses reverse-charge.
    expect(kinds(changes)).toEqual(['diapers/good/consumer', 'eservice/service/consumer', 'saas/service/consumer', 'standard/good/consumer']);
  });

  it('prints the changes grouped by jurisdiction and field as text', async () => {
    const r = await cli(work, 'diff', base, 'next');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^\d+ changed results in \d+ cases:\n\nXA \(901\)\n {2}rates:\n {4}2030-01-01 XA eservice\/service consumer: \["VAT 20% \(Avalonia\)"\] → \["VAT 22% \(Avalonia\)"\]/);
  });

  it('no change, no changes: exit 0, with a git ref of the working directory’s repository as the base', async () => {
    const r = await cli(work, 'diff', 'HEAD', 'rules', '--json', '--from', '2026-01-01');
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out).changes).toEqual([]);
    expect((await cli(work, 'diff', 'HEAD', 'next', '--json')).out).toMatch(/"VAT 22% \(Avalonia\)"/);
    expect((await cli(work, 'diff', base, base, '--from', '2026-01-01')).out).toMatch(/^No changes in \d+ cases\.\n$/);
  });

  it('--exit-code: 1 when results change, 0 when none does, as git diff', async () => {
    expect((await cli(work, 'diff', base, 'next', '--exit-code')).code).toBe(1);
    expect((await cli(work, 'diff', base, base, '--exit-code', '--from', '2026-01-01')).code).toBe(0);
  });

  it('asks the fixtures too: a fixture query of 2030 shows the new rate, field by field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'taxrules-fixtures-'));
    writeFileSync(
      join(dir, 'xa.json'),
      JSON.stringify({
        accounts: { seller: { country: 'XA', postal_code: '10115', currency: 'EUR', registrations: [{ jurisdiction_id: 901 }] } },
        cases: [{ name: 'Avalonian sale in 2030', account: 'seller', query: { to_country: 'XA', to_postal_code: '10115', tax_code: 'standard', product_type: 'good', amount: '100', date: '2030-03-01' } }],
      }),
    );
    const r = await cli(work, 'diff', base, 'next', '--json', '--fixtures', dir);
    expect(r.code, r.err).toBe(0);
    const { changes } = JSON.parse(r.out) as { changes: RuleChange[] };
    const fromFixture = changes.filter((c) => 'name' in c.case).map((c) => [(c.case as { name: string }).name, c.field, c.before, c.after]);
    expect(fromFixture).toEqual([
      ['xa.json #0 Avalonian sale in 2030', 'rate', 20, 22],
      ['xa.json #0 Avalonian sale in 2030', 'tax_amount', 20, 22],
      ['xa.json #0 Avalonian sale in 2030', 'total_amount', 120, 122],
    ]);
    expect((await cli(work, 'diff', base, base, '--fixtures', 'no/such/dir')).code).toBe(2);
  });

  it('usage errors exit 2', async () => {
    expect((await cli(work, 'diff')).code).toBe(2);
    expect((await cli(work, 'diff', base, base, base)).code).toBe(2);
    expect((await cli(work, 'diff', 'no/such/dir')).code).toBe(2);
    expect((await cli(work, 'diff', base, 'no/such/dir')).code).toBe(2);
    const empty = mkdtempSync(join(tmpdir(), 'taxrules-empty-'));
    writeFileSync(join(empty, 'note.json'), '{"not":"rules"}');
    const notRules = await cli(work, 'diff', base, empty);
    expect(notRules.code).toBe(2);
    expect(notRules.err).toMatch(/holds no rule data/);
    expect((await cli(work, 'diff', 'not-a-ref-or-dir', base)).code).toBe(2);
    expect((await cli(work, 'diff', base, base, '--from', 'June')).code).toBe(2);
  });
});

describe('diffRules', () => {
  it('asks about local jurisdictions by a ZIP code of theirs: a city’s new rate lists its ZIP code only', () => {
    const raised = copy();
    const lakeside = raised.usLocal![0]!.jurisdictions.find((j) => j.name === 'Lakeside')!;
    lakeside.rates.push({ ...lakeside.rates.at(-1)!, from: '2030-01-01', rate: '2' });
    const diff = diffRules(miniRuleData, raised);
    expect(diff.changes.length).toBeGreaterThan(0);
    for (const c of diff.changes) {
      expect(c.jurisdiction).toMatchObject({ country: 'XD', region: 'NO' });
      expect(c.case).toMatchObject({ date: '2030-01-01', postalCode: '10001' });
      expect(['rates', 'notes']).toContain(c.field);
    }
    for (const c of diff.changes.filter((x) => x.field === 'rates')) expect(JSON.stringify(c.after)).toMatch(/2% (of 80% )?\(Lakeside\)/);
  });

  it('asks the categories a state’s local tables treat apart at each local ZIP code: a county’s new treatment of food is listed there', () => {
    const changed = copy();
    const pine = changed.usLocal![0]!.jurisdictions.find((j) => j.name === 'Pine County')!;
    pine.taxability!.food!.push({ from: '2030-01-01', treatment: 'exempt', source: 'Test County Act § 3 as amended', checked: '2026-12-05' });
    const diff = diffRules(miniRuleData, changed);
    const food = diff.changes.filter((c) => 'taxCode' in c.case && c.case.taxCode === 'food');
    expect(food.length).toBeGreaterThan(0);
    for (const c of food) expect(c.case).toMatchObject({ date: '2030-01-01', postalCode: '10003', region: 'NO' });
    // Only categories some local table names are asked at local ZIP codes.
    const corpus = diffCorpus(miniRuleData, miniRuleData);
    expect(new Set(corpus.filter((c) => c.postalCode === '10003').map((c) => c.taxCode))).toEqual(new Set(['standard', 'saas', 'food', 'prepared_food', 'candy', 'diapers', 'clothing', 'children_clothing']));
  });

  it('takes its own cases: an answer that stays the same (a refusal included) is no change', () => {
    const raised = readRuleDirectory(next);
    const cases = [{ country: 'XA', region: null, postalCode: '10115', date: '1960-01-01', taxCode: 'saas' as const, productType: 'service' as const, customer: 'consumer' as const }];
    expect(diffRules(miniRuleData, miniRuleData, cases)).toEqual({ cases: 1, changes: [] });
    const diff = diffRules(miniRuleData, raised, [{ ...cases[0]!, date: '2030-06-01' }]);
    expect(diff.changes.map((c) => c.field)).toEqual(['rates']);
    expect(formatRuleDiff({ cases: 5, changes: [] })).toBe('No changes in 5 cases.\n');
  });

  it('reports a refusal by its status and message, its error first when the other side answers, and leaves Error.stackTraceLimit as it was', () => {
    const refused = { country: 'XA', region: null, postalCode: null, date: '1960-01-01', taxCode: 'saas' as const, productType: 'service' as const, customer: 'consumer' as const };
    const without = copy();
    without.countries = without.countries.filter((c) => c.country !== 'XA');
    const limit = Error.stackTraceLimit;
    const seen: number[] = [];
    const diff = diffRules(miniRuleData, without, [refused], { onProgress: () => void seen.push(Error.stackTraceLimit) });
    expect(Error.stackTraceLimit).toBe(limit);
    expect(seen).toEqual([limit]);
    expect(diff.changes.map((c) => c.field)).toEqual(['error', 'status', 'reason', 'jurisdiction', 'scheme', 'rates', 'notes']);
    expect(diff.changes[0]!.before).toMatch(/^422 /);
    expect(diff.changes[0]!.after).toBeNull();
    expect(diff.changes[1]).toMatchObject({ before: null, after: 'not_registered' });
    // The other way round: the refusal's fields last, each result field's value before and null after.
    const back = diffRules(without, miniRuleData, [refused]);
    expect(back.changes.map((c) => c.field)).toEqual(['status', 'reason', 'jurisdiction', 'scheme', 'rates', 'notes', 'error']);
    expect(back.changes.at(-1)).toMatchObject({ before: null, after: diff.changes[0]!.before });
  });

  it('tells onProgress how many cases are done, increasing, at most every 1 %, ending with (total, total)', () => {
    const raised = readRuleDirectory(next);
    const calls: [number, number][] = [];
    const diff = diffRules(miniRuleData, raised, null, { onProgress: (done, total) => void calls.push([done, total]) });
    expect(diff).toEqual(diffRules(miniRuleData, raised));
    expect(calls.length).toBeGreaterThan(1);
    expect(calls.length).toBeLessThanOrEqual(101);
    expect(calls.at(-1)).toEqual([diff.cases, diff.cases]);
    for (let i = 0; i < calls.length; i++) {
      expect(calls[i]![1]).toBe(diff.cases);
      if (i > 0) expect(calls[i]![0]).toBeGreaterThan(calls[i - 1]![0]);
    }
    // A few cases: each one told; none: told (0, 0) once.
    const one = { country: 'XA', region: null, postalCode: null, date: '2030-06-01', taxCode: 'saas' as const, productType: 'service' as const, customer: 'consumer' as const };
    const few: [number, number][] = [];
    diffRules(miniRuleData, raised, [one, one, one], { onProgress: (done, total) => void few.push([done, total]) });
    expect(few).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    const none: [number, number][] = [];
    expect(diffRules(miniRuleData, raised, [], { onProgress: (done, total) => void none.push([done, total]) })).toEqual({ cases: 0, changes: [] });
    expect(none).toEqual([[0, 0]]);
  });

  it('calls onProgress no more than about 101 times for a large list of cases, queries counted', () => {
    const one = { country: 'XA', region: null, postalCode: null, date: '2030-06-01', taxCode: 'saas' as const, productType: 'service' as const, customer: 'consumer' as const };
    const account = { country: 'XA', currency: 'EUR', registrations: [] };
    const queries = Array.from({ length: 7 }, (_, i) => ({ name: `q${i}`, query: { to_country: 'XA', amount: '10' }, account }));
    for (const size of [100, 101, 199, 10_001, 25_003]) {
      const calls: [number, number][] = [];
      const diff = diffRules(miniRuleData, miniRuleData, Array.from({ length: size }, () => one), { queries, onProgress: (done, total) => void calls.push([done, total]) });
      const total = size + queries.length;
      expect(diff.cases).toBe(total);
      expect(calls.length, String(size)).toBeLessThanOrEqual(101);
      expect(calls.length, String(size)).toBeGreaterThanOrEqual(50);
      expect(calls.at(-1)).toEqual([total, total]);
      expect(calls.every(([done], i) => i === 0 || done > calls[i - 1]![0])).toBe(true);
      // Never two reports less than 1 % apart, but the last.
      for (let i = 1; i < calls.length - 1; i++) expect(calls[i]![0] - calls[i - 1]![0]).toBeGreaterThanOrEqual(total / 100);
    }
  });

  it('stops when onProgress throws, throwing its exception as it is', () => {
    const stop = new Error('stopped by the caller');
    let calls = 0;
    const thrown = (() => {
      try {
        diffRules(miniRuleData, miniRuleData, null, {
          onProgress: () => {
            calls++;
            throw stop;
          },
        });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(thrown).toBe(stop);
    expect(calls).toBe(1);
    // Not a function: a 400 naming the option, before any case is run.
    expect(() => diffRules(miniRuleData, miniRuleData, null, { onProgress: 'yes' as never })).toThrow(/options\.onProgress must be a function/);
  });

  it('asks a region on the days its own rules or the country’s change, not on another region’s days', () => {
    const changed = copy();
    const northmoor = changed.countries.find((c) => c.country === 'XC')!.jurisdictions.find((j) => j.region === 'NP')!;
    const pst = northmoor.taxes[0]!.rates.standard!;
    pst.push({ ...pst.at(-1)!, from: '2030-01-01', rate: '8' });
    const corpus = diffCorpus(miniRuleData, changed, { from: '2026-01-01' });
    const datesAt = (region: string | null) => new Set(corpus.filter((c) => c.country === 'XC' && c.region === region && c.postalCode === null).map((c) => c.date));
    expect(datesAt('NP')).toContain('2030-01-01');
    expect(datesAt('NP')).toContain('2029-12-31');
    expect(datesAt('HP')).not.toContain('2030-01-01');
    // A place without a region may be in any: it is asked on every region's days.
    for (const p of new Set(corpus.filter((c) => c.country === 'XC' && c.region === null).map((c) => c.postalCode))) {
      expect(new Set(corpus.filter((c) => c.country === 'XC' && c.region === null && c.postalCode === p).map((c) => c.date))).toContain('2030-01-01');
    }
    const diff = diffRules(miniRuleData, changed);
    expect(diff.changes.length).toBeGreaterThan(0);
    for (const c of diff.changes) expect(c.case).toMatchObject({ country: 'XC', date: '2030-01-01' });
    expect(new Set(diff.changes.map((c) => (c.case as DiffCase).region))).toContain('NP');
  });

  it('asks a finer code drawn for another country’s law only where the country’s tables name it', () => {
    // prepared_food is drawn for XD-EA in the mini rules: Avalonia's tables do not name it.
    const asked = (data: RuleData) => diffCorpus(data, data).some((c) => c.country === 'XA' && c.taxCode === 'prepared_food');
    expect(asked(miniRuleData)).toBe(false);
    expect(diffCorpus(miniRuleData, miniRuleData).some((c) => c.country === 'XD' && c.taxCode === 'prepared_food')).toBe(true);
    const named = copy();
    const table = named.countries.find((c) => c.country === 'XA')!.jurisdictions[0]!.taxes[0]!.taxability!;
    table.prepared_food = [{ from: '2030-01-01', treatment: 'exempt', source: 'Test Act § 4', checked: '2026-12-05' }];
    expect(asked(named)).toBe(true);
    const diff = diffRules(miniRuleData, named);
    expect(diff.changes.some((c) => (c.case as DiffCase).country === 'XA' && (c.case as DiffCase).taxCode === 'prepared_food' && (c.case as DiffCase).date === '2030-01-01')).toBe(true);
  });

  it('asks about special territories by a postal code of theirs and regions by their code', () => {
    const corpus = diffCorpus(miniRuleData, miniRuleData, { from: '2026-01-01' });
    expect(corpus.some((c) => c.country === 'XA' && c.postalCode === '99000')).toBe(true);
    expect(corpus.some((c) => c.country === 'XA' && c.postalCode === '80000')).toBe(true);
    expect(corpus.some((c) => c.country === 'XC' && c.region === 'NP')).toBe(true);
  });
});

describe('samplePostalCode', () => {
  it('writes a postal code a simple pattern matches, or null', () => {
    for (const [pattern, sample] of [
      ['^27498$', '27498'],
      ['^3[58]\\d{3}$', '35000'],
      ['^BT\\d.*$', 'BT0'],
      ['^9[5-9]\\d{2}(\\d{3})?$', '9500000'],
      ['^(?:a|b)+$', 'a'],
      ['^[^0]\\d$', null],
    ] as const) {
      const got = samplePostalCode(pattern);
      expect(got, pattern).toBe(sample);
      if (got !== null) expect(new RegExp(pattern).test(got), pattern).toBe(true);
    }
  });
});
