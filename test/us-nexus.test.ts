/**
 * US economic nexus: the thresholds of rules/us/nexus.json (expected values from the states'
 * laws as cited in the file, not from running the code) and nexusStatus on sales histories.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nexusStatus, usNexusRules, type NexusSale, type NexusStateStatus, type UsNexusRules } from '../src/index.js';
import { checkNexusRules } from '../src/us/nexus-rules.js';
import { measurementWindows } from '../src/us/nexus.js';
import { dateOfDay } from '../src/core/dates.js';
import { refused } from './helpers.js';
import { MAX_LISTED_ISSUES } from '../src/core/errors.js';
import { build } from 'esbuild';
import { euPackPlugin } from '../scripts/entry-plugins.js';

/** The status of one state on a day, from a history of that state's sales. */
function statusOf(state: string, asOf: string, sales: Omit<NexusSale, 'state'>[], nearRatio?: number): NexusStateStatus {
  const report = nexusStatus({ sales: sales.map((s) => ({ ...s, state })), asOf, states: [state], ...(nearRatio ? { nearRatio } : {}) });
  return report.states[0] as NexusStateStatus;
}

/** `n` sales of `amount` each, one a day from `from`. */
function daily(from: string, n: number, amount: string): Omit<NexusSale, 'state'>[] {
  const start = Date.parse(`${from}T00:00:00Z`) / 86_400_000;
  return Array.from({ length: n }, (_, i) => ({ date: dateOfDay(start + i), amount }));
}

describe('the nexus rules', () => {
  const rules = usNexusRules();
  const us = JSON.parse(readFileSync('rules/countries/US.json', 'utf8')) as { jurisdictions: { region: string }[] };
  const regions = us.jurisdictions.map((j) => j.region).filter((r) => r !== '');

  it('pass the rules build checks and cover every US region of countries/US.json', () => {
    expect(checkNexusRules(rules, 'us/nexus.json', regions)).toEqual([]);
    expect(rules.states.map((s) => s.state).sort()).toEqual([...regions].sort());
  });

  it('hold the thresholds of the laws they cite', () => {
    const now = (code: string) => rules.states.find((s) => s.state === code)?.periods.at(-1);
    expect(now('CA')).toMatchObject({ sales: '500000', transactions: null, logic: 'sales', measurement: 'previous_or_current_calendar_year', counts: 'gross' });
    expect(now('NY')).toMatchObject({ sales: '500000', transactions: 100, transactions_test: 'exceeds', logic: 'sales_and_transactions', measurement: 'previous_4_sales_tax_quarters_ny' });
    expect(now('TX')).toMatchObject({ sales: '500000', sales_test: 'at_least', measurement: 'previous_12_months' });
    expect(now('AL')).toMatchObject({ sales: '250000', measurement: 'previous_calendar_year', counts: 'retail' });
    expect(now('CT')).toMatchObject({ sales: '100000', transactions: 200, logic: 'sales_and_transactions', measurement: 'twelve_months_to_september_30' });
    for (const code of ['DE', 'MT', 'NH', 'OR']) expect(rules.states.find((s) => s.state === code)).toMatchObject({ sales_tax: 'none', periods: [] });
    expect(rules.states.find((s) => s.state === 'AK')?.sales_tax).toBe('local_only');
  });

  it('date the end of the 200-transaction tests', () => {
    const dropped = (code: string) => rules.states.find((s) => s.state === code)?.periods.find((p, i, all) => p.transactions === null && all[i - 1]?.transactions === 200)?.from;
    expect(Object.fromEntries(['IN', 'UT', 'IL', 'WY', 'WA', 'SD', 'NC', 'AK', 'WI', 'LA'].map((c) => [c, dropped(c)]))).toEqual({
      IN: '2024-01-01',
      UT: '2025-07-01',
      IL: '2026-01-01',
      WY: '2024-07-01',
      WA: '2019-03-14',
      SD: '2023-07-01',
      NC: '2024-07-01',
      AK: '2025-01-01',
      WI: '2021-02-20',
      LA: '2023-08-01',
    });
  });

  it('are read-only', () => {
    expect(() => {
      (rules.states[0] as { name: string }).name = 'x';
    }).toThrow(TypeError);
  });

  it('are refused by the rules build when malformed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'taxrules-nexus-'));
    cpSync('rules', dir, { recursive: true });
    const file = join(dir, 'us', 'nexus.json');
    const data = JSON.parse(readFileSync(file, 'utf8')) as UsNexusRules & { $schema: string };
    const ca = data.states.find((s) => s.state === 'CA')!;
    ca.periods.push({ ...ca.periods[0]!, transactions: 200 }); // same day twice, a count without its test
    data.states = data.states.filter((s) => s.state !== 'WY');
    writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-rules.ts', '--check', '--rules', dir], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/CA|states\/4\/periods\/1/);
    expect(run.stderr).toMatch(/two periods start on 2019-04-01 \(overlap\)/);
    expect(run.stderr).toMatch(/logic sales takes no transaction number/);
    expect(run.stderr).toMatch(/no entry for WY/);
  });
});

describe('the EU entry', () => {
  it('carries no US nexus rules (nor decimal.js) and does not export nexusStatus', async () => {
    const out = await build({ entryPoints: ['src/eu.ts'], bundle: true, format: 'esm', platform: 'neutral', mainFields: ['module', 'main'], write: false, minify: true, plugins: [euPackPlugin], metafile: true });
    const inputs = Object.keys(out.metafile.inputs);
    expect(inputs.filter((f) => /decimal\.js|us-nexus|us\/nexus/.test(f))).toEqual([]);
    expect(out.metafile.outputs[Object.keys(out.metafile.outputs)[0]!]!.exports).not.toContain('nexusStatus');
  });
});

describe('measurement windows', () => {
  const window = (m: Parameters<typeof measurementWindows>[0], asOf: string) => measurementWindows(m, asOf).map((w) => [dateOfDay(w.from), dateOfDay(w.to), w.label]);

  it('are the periods the laws name, on the day asked about', () => {
    expect(window('previous_calendar_year', '2026-03-15')).toEqual([['2025-01-01', '2025-12-31', 'previous calendar year']]);
    expect(window('previous_or_current_calendar_year', '2026-03-15')).toEqual([
      ['2025-01-01', '2025-12-31', 'previous calendar year'],
      ['2026-01-01', '2026-03-15', 'current calendar year'],
    ]);
    expect(window('previous_12_months', '2026-03-15')).toEqual([['2025-03-01', '2026-02-28', 'previous 12 months']]);
    expect(window('previous_4_quarters', '2026-03-15')).toEqual([['2025-01-01', '2025-12-31', 'previous 4 quarters']]);
    expect(window('previous_4_quarters', '2026-04-01')).toEqual([['2025-04-01', '2026-03-31', 'previous 4 quarters']]);
    // New York: quarters March-May, June-August, September-November, December-February.
    expect(window('previous_4_sales_tax_quarters_ny', '2026-02-28')).toEqual([['2024-12-01', '2025-11-30', 'previous 4 New York sales tax quarters']]);
    expect(window('previous_4_sales_tax_quarters_ny', '2026-03-01')).toEqual([['2025-03-01', '2026-02-28', 'previous 4 New York sales tax quarters']]);
    expect(window('previous_4_sales_tax_quarters_ny', '2025-12-01')).toEqual([['2024-12-01', '2025-11-30', 'previous 4 New York sales tax quarters']]);
    // Pennsylvania: a calendar year decides the collection period from the next 1 April to 31 March.
    expect(window('previous_calendar_year_april_to_march', '2026-03-31')).toEqual([['2024-01-01', '2024-12-31', 'calendar year before the collection period from 1 April']]);
    expect(window('previous_calendar_year_april_to_march', '2026-04-01')).toEqual([['2025-01-01', '2025-12-31', 'calendar year before the collection period from 1 April']]);
    // Connecticut: the 12 months to the 30 September before the tax period.
    expect(window('twelve_months_to_september_30', '2026-09-30')).toEqual([['2024-10-01', '2025-09-30', '12 months to 30 September']]);
    expect(window('twelve_months_to_september_30', '2026-10-01')).toEqual([['2025-10-01', '2026-09-30', '12 months to 30 September']]);
  });
});

describe('nexusStatus on real thresholds', () => {
  it('California: more than $500,000 of sales in the previous or current calendar year, no transaction test', () => {
    const many = daily('2025-01-01', 5000, '10'); // $50,000 in 5,000 transactions
    expect(statusOf('CA', '2025-12-31', many).status).toBe('below');
    // Exactly $500,000 does not exceed it; one cent more does, on the day of that sale.
    const exact = statusOf('CA', '2025-12-31', [{ date: '2025-06-01', amount: '499999.99' }, { date: '2025-07-01', amount: '0.01' }]);
    expect(exact).toMatchObject({ status: 'near', reached: null, share: '1.0000' });
    const over = statusOf('CA', '2025-12-31', [{ date: '2025-06-01', amount: '499999.99' }, { date: '2025-07-01', amount: '0.01' }, { date: '2025-08-15', amount: '0.01' }]);
    expect(over).toMatchObject({ status: 'reached', reached: { on: '2025-08-15', test: 'sales', window: { label: 'current calendar year' } } });
    // The next year it is still reached, by the previous calendar year.
    expect(statusOf('CA', '2026-05-01', [{ date: '2025-06-01', amount: '600000' }]).reached).toMatchObject({ on: '2025-06-01', window: { from: '2025-01-01', to: '2025-12-31' } });
    // And the year after, not.
    expect(statusOf('CA', '2027-01-01', [{ date: '2025-06-01', amount: '600000' }]).status).toBe('below');
  });

  it('New York: more than $500,000 and more than 100 sales in the previous four sales tax quarters', () => {
    const hundred = daily('2025-03-01', 100, '6000'); // $600,000 in 100 sales
    expect(statusOf('NY', '2026-03-01', hundred)).toMatchObject({ status: 'near', share: '1.0000' });
    const more = [...hundred, { date: '2025-12-20', amount: '1' }];
    expect(statusOf('NY', '2026-03-01', more)).toMatchObject({ status: 'reached', reached: { on: '2025-12-20', test: 'sales_and_transactions' } });
    // Both tests, in the same window: the sales alone do not make it.
    expect(statusOf('NY', '2026-03-01', [{ date: '2025-04-01', amount: '2000000' }]).status).toBe('below');
    // A sale on the last day of February 2025 is in the quarter before the window.
    expect(statusOf('NY', '2026-03-01', [{ date: '2025-02-28', amount: '600000', transactions: 101 }]).status).toBe('below');
    expect(statusOf('NY', '2026-02-28', [{ date: '2025-02-28', amount: '600000', transactions: 101 }]).status).toBe('reached');
  });

  it('Indiana dropped its 200-transaction test on 2024-01-01', () => {
    const small = daily('2023-03-01', 250, '100'); // $25,000 in 250 transactions
    expect(statusOf('IN', '2023-12-31', small)).toMatchObject({ status: 'reached', reached: { test: 'transactions' } });
    const after = statusOf('IN', '2024-01-01', small);
    expect(after).toMatchObject({ status: 'below', share: '0.2500', rule: { from: '2024-01-01', transactions: null } });
    expect(after.notes.join(' ')).toMatch(/applied to the whole measurement period/);
  });

  it('Utah dropped its 200-transaction test on 2025-07-01', () => {
    const small = daily('2025-01-10', 100, '200').map((s) => ({ ...s, transactions: 2 })); // $20,000 in 200 transactions
    expect(statusOf('UT', '2025-06-30', small)).toMatchObject({ status: 'reached', reached: { on: '2025-04-19', test: 'transactions' } });
    expect(statusOf('UT', '2025-07-01', small)).toMatchObject({ status: 'below', share: '0.2000' });
  });

  it('Texas: $500,000 or more in the twelve calendar months before the current month', () => {
    expect(statusOf('TX', '2026-03-31', [{ date: '2026-03-01', amount: '500000' }]).status).toBe('below');
    expect(statusOf('TX', '2026-04-01', [{ date: '2026-03-01', amount: '500000' }])).toMatchObject({ status: 'reached', reached: { on: '2026-03-01' } });
  });

  it('Connecticut: $100,000 and 200 sales in the twelve months to 30 September', () => {
    const year = daily('2024-10-01', 200, '600');
    expect(statusOf('CT', '2025-09-30', year).status).toBe('below');
    expect(statusOf('CT', '2025-10-01', year)).toMatchObject({ status: 'reached', windows: [{ from: '2024-10-01', to: '2025-09-30', transactions: 200, sales: '120000' }] });
  });

  it('near: from a share of the threshold (0.8 unless asked)', () => {
    const sales = [{ date: '2025-05-01', amount: '425000' }];
    expect(statusOf('CA', '2025-12-31', sales)).toMatchObject({ status: 'near', share: '0.8500' });
    expect(statusOf('CA', '2025-12-31', sales, 0.9)).toMatchObject({ status: 'below', share: '0.8500' });
  });

  it('counts what the state counts: taxable sales only, marketplace sales left out', () => {
    // Florida: taxable sales, marketplace sales excluded.
    const fl = statusOf('FL', '2026-01-15', [
      { date: '2025-02-01', amount: '90000', taxable: true },
      { date: '2025-03-01', amount: '50000', taxable: false },
      { date: '2025-04-01', amount: '50000', taxable: true, marketplace: true },
    ]);
    expect(fl).toMatchObject({ status: 'near', certain: true, windows: [{ sales: '90000', transactions: 1 }] });
    // Sales that do not say whether they are taxable are counted, and the answer says they decide it.
    const unsure = statusOf('FL', '2026-01-15', [
      { date: '2025-02-01', amount: '90000', taxable: true },
      { date: '2025-03-01', amount: '20000' },
    ]);
    expect(unsure).toMatchObject({ status: 'reached', certain: false, reached: { on: '2025-03-01' }, windows: [{ undescribed: 1 }] });
    expect(unsure.notes.join(' ')).toMatch(/1 counted sale does not say whether it is taxable, where Florida counts taxable sales only: counted here; without it the share would be 0\.9000 \(not reached\)\./);
    // Texas counts gross revenue, marketplace sales included: nothing is left out or unsure.
    expect(statusOf('TX', '2026-01-15', [{ date: '2025-03-01', amount: '500000', taxable: false, marketplace: true }])).toMatchObject({ status: 'reached', certain: true });
  });

  it('states without a sales tax, and days before a state had a rule', () => {
    expect(statusOf('OR', '2026-01-01', [{ date: '2025-05-01', amount: '5000000' }])).toMatchObject({ status: 'no_sales_tax', reached: null, rule: null, windows: [] });
    const fl = statusOf('FL', '2021-06-30', [{ date: '2020-05-01', amount: '5000000' }]);
    expect(fl).toMatchObject({ status: 'no_rule', rule: null });
    expect(fl.notes.at(-1)).toBe('Florida had no economic nexus rule before 2021-07-01.');
    expect(statusOf('FL', '2021-07-01', [{ date: '2020-05-01', amount: '5000000', taxable: true }]).status).toBe('reached');
  });

  it('answers each state the sales reach, sorted, with exact sums; sales after asOf are not read', () => {
    const report = nexusStatus({
      asOf: '2026-01-15',
      sales: [
        { date: '2025-01-01', state: 'wa', amount: '0.10' },
        { date: '2025-01-02', state: 'WA', amount: '0.20' },
        { date: '2025-01-03', state: 'CA', amount: '1' },
        { date: '2026-02-01', state: 'GA', amount: '1000000' },
      ],
    });
    expect(report.states.map((s) => [s.state, s.status])).toEqual([
      ['CA', 'below'],
      ['GA', 'below'],
      ['WA', 'below'],
    ]);
    expect(report.states[2]?.windows[0]?.sales).toBe('0.3');
    expect(report.nearRatio).toBe('0.8');
  });

  it('takes rules of its own', () => {
    const rules: UsNexusRules = {
      sources: { test: 'a test source, not a law' },
      states: [{ state: 'ZZ', name: 'Testland', sales_tax: 'state', periods: [{ ...usNexusRules().states.find((s) => s.state === 'CA')!.periods[0]!, sales: '10', from: '2020-01-01' }] }],
    };
    expect(nexusStatus({ asOf: '2026-01-01', sales: [{ date: '2025-01-01', state: 'ZZ', amount: '11' }] }, { rules }).states[0]).toMatchObject({ state: 'ZZ', status: 'reached' });
    const bad = structuredClone(rules);
    bad.states[0]!.periods[0]!.transactions = 5;
    expect(refused(() => nexusStatus({ asOf: '2026-01-01', sales: [] }, { rules: bad }))).toMatchObject({ status: 400, field: 'options.rules.states.0.periods.0.transactions' });
  });
});

describe('nexusStatus refuses malformed queries with typed errors', () => {
  const sale = { date: '2025-01-01', state: 'CA', amount: '10' };
  const issue = (q: unknown, options?: unknown) => {
    const e = refused(() => nexusStatus(q as never, options as never));
    return { status: e.status, code: e.code, issues: e.issues.map((i) => [i.path.join('.'), i.code, i.message]) };
  };

  it('unknown fields, with the one meant', () => {
    expect(issue({ sales: [sale], asof: '2026-01-01' })).toMatchObject({ status: 400, issues: expect.arrayContaining([['asof', 'unknown_field', 'asof: unknown field; did you mean asOf?'], ['asOf', 'missing', 'asOf is required']]) });
    expect(issue({ sales: [{ ...sale, amout: '1' }], asOf: '2026-01-01' }).issues).toContainEqual(['sales.0.amout', 'unknown_field', 'sales.0.amout: unknown field; did you mean amount?']);
    expect(issue({ sales: [], asOf: '2026-01-01' }, { rule: {} }).issues).toContainEqual(['options.rule', 'unknown_field', 'options.rule: unknown option; did you mean rules?']);
  });

  it('impossible dates, amounts that are not non-negative decimal strings, every problem at once', () => {
    const e = issue({ sales: [{ ...sale, date: '2025-02-30' }, { ...sale, amount: 10 }, { ...sale, amount: '1e5' }, { ...sale, amount: '-5' }, { ...sale, transactions: 1.5 }], asOf: '2026-13-01' });
    expect(e.status).toBe(400);
    expect(e.issues).toEqual(
      expect.arrayContaining([
        ['sales.0.date', 'malformed', 'sales.0.date: must be a calendar date YYYY-MM-DD'],
        ['sales.1.amount', 'malformed', expect.stringMatching(/^sales\.1\.amount: /)],
        ['sales.2.amount', 'malformed', 'sales.2.amount: must be a decimal string such as "129.95"'],
        ['sales.3.amount', 'malformed', 'sales.3.amount: must not be negative: take returns off the sales they refund'],
        ['sales.4.transactions', 'malformed', 'sales.4.transactions: must be a whole number'],
        ['asOf', 'malformed', 'asOf: must be a calendar date YYYY-MM-DD'],
      ]),
    );
  });

  it('codes that are no US state (406), a near ratio out of range, anything but an object', () => {
    expect(issue({ sales: [{ ...sale, state: 'XX' }], asOf: '2026-01-01', states: ['QQ'] })).toEqual({
      status: 406,
      code: 'invalid_value',
      issues: [
        ['sales.0.state', 'invalid_value', 'sales.0.state: "XX" is not a US state, DC or Puerto Rico'],
        ['states.0', 'invalid_value', 'states.0: "QQ" is not a US state, DC or Puerto Rico'],
      ],
    });
    expect(issue({ sales: [], asOf: '2026-01-01', nearRatio: 0 }).issues).toEqual([['nearRatio', 'malformed', 'nearRatio: must be more than 0']]);
    expect(issue({ sales: [], asOf: '2026-01-01', nearRatio: '0.5' }).status).toBe(400);
    for (const q of [null, undefined, 42, 'sales', []]) expect(issue(q).status).toBe(400);
  });

  it('an input that throws while being read is a 400, the exception kept as cause', () => {
    const hostile = { asOf: '2026-01-01', get sales(): never {
      throw new Error('boom');
    } };
    const e = refused(() => nexusStatus(hostile));
    expect(e).toMatchObject({ status: 400, code: 'invalid_request' });
    expect((e as { cause?: unknown }).cause).toBeInstanceOf(Error);
  });
});

describe('nexusStatus properties', () => {
  const states = ['CA', 'NY', 'FL', 'IN', 'UT', 'TX', 'CT', 'AL', 'IL', 'WA'] as const;
  const saleArb = fc.record({
    date: fc.integer({ min: Date.UTC(2022, 0, 1) / 86_400_000, max: Date.UTC(2026, 11, 31) / 86_400_000 }).map(dateOfDay),
    state: fc.constantFrom(...states),
    amount: fc.tuple(fc.integer({ min: 0, max: 400_000 }), fc.integer({ min: 0, max: 99 })).map(([d, c]) => `${d}.${String(c).padStart(2, '0')}`),
    transactions: fc.option(fc.integer({ min: 0, max: 150 }), { nil: undefined }),
    marketplace: fc.option(fc.boolean(), { nil: undefined }),
    taxable: fc.option(fc.boolean(), { nil: undefined }),
  });
  const asOfArb = fc.integer({ min: Date.UTC(2023, 0, 1) / 86_400_000, max: Date.UTC(2026, 11, 31) / 86_400_000 }).map(dateOfDay);

  it('adding sales never un-reaches a threshold, nor makes it reached later, nor lowers a share', () => {
    fc.assert(
      fc.property(fc.array(saleArb, { maxLength: 30 }), fc.array(saleArb, { minLength: 1, maxLength: 10 }), asOfArb, (base, extra, asOf) => {
        const before = nexusStatus({ sales: base, asOf, states: [...states] }).states;
        const after = nexusStatus({ sales: [...base, ...extra], asOf, states: [...states] }).states;
        before.forEach((b, i) => {
          const a = after[i] as NexusStateStatus;
          if (b.reached) {
            expect(a.status).toBe('reached');
            expect(a.reached!.on <= b.reached.on).toBe(true);
          }
          if (b.share !== null) expect(new Decimal(a.share as string).gte(b.share)).toBe(true);
        });
      }),
      { numRuns: 150 },
    );
  });

  it('a window holds the exact sum of its counted sales', () => {
    fc.assert(
      fc.property(fc.array(saleArb.map((s) => ({ ...s, state: 'CA' as const })), { maxLength: 40 }), asOfArb, (sales, asOf) => {
        const status = nexusStatus({ sales, asOf }).states[0];
        for (const w of status?.windows ?? []) {
          const inside = sales.filter((s) => s.date >= w.from && s.date <= w.to);
          expect(w.sales).toBe(inside.reduce((sum, s) => sum.plus(s.amount), new Decimal(0)).toFixed());
          expect(w.transactions).toBe(inside.reduce((n, s) => n + (s.transactions ?? 1), 0));
        }
      }),
      { numRuns: 100 },
    );
  });

  // The sums are BigInt fractions, not decimal.js: they must be what decimal.js makes of the
  // same amounts (its default context: 20 significant digits, half up), however many digits
  // an amount has, with leading zeros or none, and the near ratio must read as decimal.js reads a number.
  const longAmount = fc
    .tuple(fc.stringMatching(/^\d{1,22}$/), fc.option(fc.stringMatching(/^\d{1,16}$/), { nil: undefined }))
    .map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`));
  it('sums amounts of any length as decimal.js does, and reads the near ratio as it does', () => {
    fc.assert(
      fc.property(fc.array(longAmount, { minLength: 1, maxLength: 12 }), fc.double({ min: Number.MIN_VALUE, max: 1, noNaN: true }), (amounts, nearRatio) => {
        const sales = amounts.map((amount) => ({ date: '2025-03-01', state: 'CA', amount }));
        const report = nexusStatus({ sales, asOf: '2025-06-01', nearRatio });
        expect(report.nearRatio).toBe(new Decimal(nearRatio).toFixed());
        const expected = amounts.reduce((sum, a) => sum.plus(a), new Decimal(0)).toFixed();
        for (const w of report.states[0]?.windows ?? []) if (w.from <= '2025-03-01' && w.to >= '2025-03-01') expect(w.sales).toBe(expected);
      }),
      { numRuns: 300 },
    );
    const windows = nexusStatus({ sales: [{ date: '2025-03-01', state: 'CA', amount: '99999999999999999999.5' }], asOf: '2025-06-01' }).states[0]?.windows ?? [];
    expect(windows.find((w) => w.from <= '2025-03-01' && w.to >= '2025-03-01')?.sales).toBe('100000000000000000000');
  });
});

describe('nexusStatus on hostile rules and histories', () => {
  const query = { asOf: '2026-01-01', sales: [{ date: '2025-01-01', state: 'ZZ', amount: '11' }] };
  const period = { ...usNexusRules().states.find((s) => s.state === 'CA')!.periods[0]!, from: '2020-01-01', sales: '10' };
  const rulesWith = (p: object, s: object = {}, r: object = {}) => ({
    sources: { test: 'a test source, not a law' },
    states: [{ state: 'ZZ', name: 'Testland', sales_tax: 'state' as const, periods: [{ ...period, ...p }], ...s }],
    ...r,
  });
  const fields = (rules: unknown) => {
    const e = refused(() => nexusStatus(query, { rules } as never));
    expect(e.status).toBe(400);
    return e.issues.map((i) => i.path.join('.'));
  };
  const at = 'options.rules.states.0.periods.0';

  it('takes the package rules as its own, and rules with a $schema as the file has it', () => {
    const rules = usNexusRules();
    const sales = [{ date: '2025-06-01', state: 'CA', amount: '600000' }];
    expect(nexusStatus({ asOf: '2026-01-01', sales }, { rules })).toEqual(nexusStatus({ asOf: '2026-01-01', sales }));
    expect(nexusStatus(query, { rules: { $schema: '../schema/us-nexus.schema.json', ...rulesWith({}) } as never }).states[0]?.status).toBe('reached');
  });

  it('refuses a field of the wrong type or value with a 400 naming it, never a DecimalError or a TypeError', () => {
    expect(fields(rulesWith({ sales: 'hasOwnProperty' }))).toEqual([`${at}.sales`]);
    expect(fields(rulesWith({ sales: 5 }))).toEqual([`${at}.sales`]);
    expect(fields(rulesWith({ sales: '1e6' }))).toEqual([`${at}.sales`]);
    expect(fields(rulesWith({ sales: `1${'0'.repeat(100)}` }))).toEqual([`${at}.sales`]);
    expect(fields(rulesWith({ measurement: 'x' }))).toEqual([`${at}.measurement`]);
    expect(fields(rulesWith({ measurement: 'toString' }))).toEqual([`${at}.measurement`]);
    const listed = ['sales_test', 'logic', 'counts', 'marketplace', 'evidence'];
    expect(fields(rulesWith({ logic: 'both', counts: 'all', marketplace: true, evidence: null, sales_test: 'over' })).sort()).toEqual(listed.map((f) => `${at}.${f}`).sort());
    expect(fields(rulesWith({ transactions: '200', transactions_test: 'at_least', logic: 'sales_or_transactions' }))).toEqual([`${at}.transactions`]);
    expect(fields(rulesWith({ transactions: 0.5, transactions_test: 'at_least', logic: 'sales_or_transactions' }))).toEqual([`${at}.transactions`]);
    expect(fields(rulesWith({ from: '2020-02-30' }))).toEqual([`${at}.from`]);
    expect(fields(rulesWith({ from: '0000-01-01' }))).toEqual([`${at}.from`]);
    expect(fields(rulesWith({ law: 5, source: {}, checked: [] }))).toEqual(expect.arrayContaining([`${at}.law`, `${at}.source`, `${at}.checked`]));
    expect(fields(rulesWith({}, { state: 'zz', name: '', sales_tax: 'yes', compared: 'test', note: 7 }))).toEqual(
      expect.arrayContaining(['state', 'name', 'sales_tax', 'compared', 'note'].map((f) => `options.rules.states.0.${f}`)),
    );
    expect(fields(rulesWith({}, { periods: {} }))).toEqual(['options.rules.states.0.periods']);
    expect(fields(rulesWith({}, {}, { sources: {} }))).toEqual(['options.rules.sources']);
    expect(fields(rulesWith({}, {}, { sources: { 'Not A Key': 'a test source, not a law' } }))).toEqual(['options.rules.sources.Not A Key']);
    expect(fields(rulesWith({}, {}, { notes: [''] }))).toEqual(['options.rules.notes.0']);
    for (const rules of [[], 'rules', { sources: { test: 'a test source' } }, { states: [] }]) expect(fields(rules)[0]).toMatch(/^options\.rules/);
  });

  it('refuses unknown fields, inherited ones and values nested deep, naming each', () => {
    const e = refused(() => nexusStatus(query, { rules: rulesWith({ thresold: '1' }) } as never));
    expect(e.issues).toContainEqual({ path: ['options', 'rules', 'states', 0, 'periods', 0, 'thresold'], code: 'unknown_field', message: expect.stringMatching(/unknown field/) });
    // A period whose fields are all inherited has none.
    const inherited = rulesWith({});
    inherited.states[0]!.periods[0] = Object.create(period) as typeof period;
    expect(fields(inherited)).toEqual(expect.arrayContaining([`${at}.sales`, `${at}.measurement`, `${at}.from`]));
    let deep: unknown = '10';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(fields(rulesWith({ sales: deep, note: deep }))).toEqual([`${at}.sales`, `${at}.note`]);
    expect(fields(rulesWith({}, {}, { states: deep }))).toEqual(['options.rules.states.0']);
  });

  it('reads the rules once: a getter or a Proxy trap that throws is a 400, the exception its cause', () => {
    const boom = (): never => {
      throw new Error('boom');
    };
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    /** Rules whose period's `sales` is a getter. */
    const withGetter = (get: () => unknown) => {
      const rules = rulesWith({});
      Object.defineProperty(rules.states[0]!.periods[0]!, 'sales', { get, enumerable: true });
      return rules;
    };
    for (const rules of [
      withGetter(boom),
      rulesWith({ sales: revoked.proxy }),
      rulesWith({}, { periods: revoked.proxy }),
      revoked.proxy,
      new Proxy({}, { ownKeys: boom }),
    ]) {
      const e = refused(() => nexusStatus(query, { rules } as never));
      expect(e.status).toBe(400);
      expect(e.field).toMatch(/^options\.rules/);
    }
    let reads = 0;
    const counted = withGetter(() => (++reads === 1 ? '10' : 'hasOwnProperty'));
    expect(nexusStatus(query, { rules: counted as never }).states[0]?.status).toBe('reached');
    expect(reads).toBe(1);
  });

  it('refuses 100,000 bad rows with one TaxRulesError of capped issues, not a RangeError', () => {
    const bad = Array.from({ length: 100_000 }, () => ({ date: 'hasOwnProperty', state: 'CA', amount: 'x' }));
    const e = refused(() => nexusStatus({ asOf: '2026-01-01', sales: bad } as never));
    expect(e.status).toBe(400);
    expect(e.issues.length).toBeLessThanOrEqual(MAX_LISTED_ISSUES + 1);
    expect(e.issues.at(-1)?.message).toMatch(/^and \d+ more issues like these$/);
    expect(e.issues[0]?.path).toEqual(['sales', 0, 'date']);
    // As many unknown states (a 406), and rules whose every state and period is wrong.
    const unknown = refused(() => nexusStatus({ asOf: '2026-01-01', sales: bad.map(() => ({ date: '2025-01-01', state: 'XX', amount: '1' })) }));
    expect([unknown.status, unknown.issues.length <= MAX_LISTED_ISSUES + 1]).toEqual([406, true]);
    const rules = { sources: { test: 'a test source, not a law' }, states: Array.from({ length: 100 }, () => ({ state: 1, periods: Array.from({ length: 100 }, () => ({ from: 1 })) })) };
    const wrong = refused(() => nexusStatus(query, { rules } as never));
    expect([wrong.status, wrong.issues.length <= MAX_LISTED_ISSUES + 1]).toEqual([400, true]);
    expect(wrong.issues.at(-1)?.message).toMatch(/more issues like these/);
    expect(refused(() => nexusStatus(query, { rules: { ...rules, states: [...rules.states, ...rules.states] } } as never)).issues).toEqual([
      { path: ['options', 'rules', 'states'], code: 'malformed', message: 'options.rules.states: has more than 100 entries' },
    ]);
    const keys = Object.fromEntries(Array.from({ length: 150_000 }, (_, i) => [`K${i}`, 1]));
    expect(refused(() => nexusStatus(query, { rules: { ...rulesWith({}), sources: keys } } as never)).status).toBe(400);
    expect(refused(() => nexusStatus({ asOf: '2026-01-01', sales: [], states: bad } as never)).field).toBe('states');
  });

  it('answers the same with Object.prototype polluted by the names it reads', () => {
    const sales = [
      { date: '2025-03-01', state: 'FL', amount: '90000' },
      { date: '2025-04-01', state: 'CA', amount: '450000' },
      { date: '2025-05-01', state: 'TX', amount: '10' },
    ];
    const own = rulesWith({});
    const clean = [nexusStatus({ asOf: '2026-01-01', sales }), nexusStatus({ asOf: '2026-01-01', sales }, {}), nexusStatus(query, { rules: own })];
    const pollution: Record<string, unknown> = {
      rules: rulesWith({ sales: '1' }),
      measurement: 'x',
      note: 'Polluted.',
      notes: ['Polluted.'],
      disagreement: 'Polluted.',
      nearRatio: 0.01,
      states: ['NY'],
      transactions: 1e9,
      marketplace: true,
      taxable: false,
      resale: true,
      $schema: 5,
      compared: ['nothing'],
    };
    const proto = Object.prototype as Record<string, unknown>;
    let answers: unknown[];
    try {
      Object.assign(proto, pollution);
      answers = [nexusStatus({ asOf: '2026-01-01', sales }), nexusStatus({ asOf: '2026-01-01', sales }, {}), nexusStatus(query, { rules: own })];
    } finally {
      for (const key of Object.keys(pollution)) delete proto[key];
    }
    expect(JSON.stringify(answers)).toBe(JSON.stringify(clean));
    expect(clean[0]!.states.map((s) => [s.state, s.status])).toEqual([
      ['CA', 'near'],
      ['FL', 'near'],
      ['TX', 'below'],
    ]);
  });
});
