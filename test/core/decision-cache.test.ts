/**
 * The decision table behind the plain functions, on the live rules: accounts loaded per
 * request share it, its results cannot be changed by their users, and the rule change days
 * it keys on. That it never changes an answer — any calls, any order, both sides of every
 * change day, dated registrations — is tested on the mini rule set
 * (test/core/stages/decision-cache.test.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateTaxRate, explainTaxRate, type CalculateOptions, type TaxRateQuery } from '../../src/adapters/v20241028.js';
import type { Account } from '../../src/adapters/account.js';
import { defaultRuleSet } from '../../src/default-rules.js';
import { dateOfDay, dayNumber } from '../../src/core/dates.js';
import { registeredEverywhere, registeredIn } from '../helpers.js';

interface FixtureFile {
  accounts?: Record<string, Account>;
  cases: { query: TaxRateQuery }[];
}

// The query space: every fixture query (territories, regions, statuses, errors), without its date.
const dir = 'fixtures/v20241028';
const queries: Omit<TaxRateQuery, 'to_country'>[] = [];
const fixtureAccounts: Account[] = [];
for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
  const file = JSON.parse(readFileSync(join(dir, f), 'utf8')) as FixtureFile;
  for (const c of file.cases) {
    const { date: _date, ...rest } = c.query;
    queries.push(rest);
  }
  fixtureAccounts.push(...Object.values(file.accounts ?? {}));
}

const accounts: Account[] = [
  registeredEverywhere(),
  registeredEverywhere('US', '98101', 'USD'),
  registeredIn('IE', [372, 826], {
    registrations: [
      { jurisdiction_id: 372 },
      { jurisdiction_id: 9000, valid_from: '2021-07-01', valid_until: '2024-03-31' },
      { jurisdiction_id: 826, valid_from: '2019-06-15' },
      { jurisdiction_id: 840048, valid_until: '2022-12-31' },
    ],
  }),
  ...fixtureAccounts,
];

const changeDates = defaultRuleSet.changeDays.filter((d) => d > dayNumber('2014-06-01') && d < dayNumber('2028-01-01'));
const dates = fc.oneof(
  fc.integer({ min: dayNumber('2014-01-01'), max: dayNumber('2027-12-31') }).map(dateOfDay),
  fc.constantFrom(...changeDates).chain((d) => fc.constantFrom(dateOfDay(d - 1), dateOfDay(d))),
  fc.constantFrom('2021-07-01', '2021-06-30', '2024-03-31', '2024-04-01', '2019-06-14', '2019-06-15', '2022-12-31', '2023-01-01'),
);
const taxIds = fc.constantFrom(undefined, 'DE811569869', 'DE811569868', 'ESA28015865', 'GB980780684', 'XX123');

function outcome(run: () => unknown): unknown {
  try {
    return { ok: run() };
  } catch (e) {
    return { error: e instanceof Error ? { name: e.name, message: e.message, ...(e as unknown as Record<string, unknown>) } : e };
  }
}

describe('decision table', () => {
  it('serves accounts prepared afresh on every call (loaded per request) from one table', () => {
    const fresh = (): Account => JSON.parse(JSON.stringify(accounts[2])) as Account;
    for (const q of queries.slice(0, 60)) {
      const query = { ...q, date: '2021-07-01' } as TaxRateQuery;
      expect(outcome(() => calculateTaxRate(query, fresh()))).toEqual(outcome(() => calculateTaxRate(query, fresh(), { cache: false })));
    }
    // Same content, other dates of registration: not the same table.
    const other = fresh();
    other.registrations = other.registrations.map((r) => (r.jurisdiction_id === 9000 ? { ...r, valid_from: '2021-07-02' } : r));
    const q: TaxRateQuery = { to_country: 'FR', tax_code: 'saas', date: '2021-07-01' };
    expect(calculateTaxRate(q, fresh()).rate).toBe(20);
    expect(calculateTaxRate(q, other).rate).toBe(23);
  });

  it('hands out results that cannot change the next: shared parts are frozen', () => {
    const account = registeredEverywhere();
    for (const taxId of ['DE811569868', undefined]) {
      const query: TaxRateQuery = { to_country: 'DE', tax_code: 'ebook', amount: '10', date: '2026-06-01', ...(taxId ? { tax_id: taxId } : {}) };
      const first = explainTaxRate(query, account);
      const expected = explainTaxRate(query, account, { cache: false });
      const attempt = (change: () => void): void => {
        try {
          change();
        } catch (e) {
          expect(e).toBeInstanceOf(TypeError);
        }
      };
      attempt(() => (first.notes as string[]).push('changed'));
      attempt(() => ((first.jurisdiction as { name: string }).name = 'changed'));
      attempt(() => ((first.lines[0] as { rate: string }).rate = '99'));
      attempt(() => ((first.lines[0]?.jurisdiction as { name: string }).name = 'changed'));
      expect(explainTaxRate(query, account)).toEqual(expected);
    }
  });

  it('lists each rule change day once, in order', () => {
    const days = defaultRuleSet.changeDays;
    expect(days.length).toBeGreaterThan(50);
    for (let i = 1; i < days.length; i++) expect(days[i]).toBeGreaterThan(days[i - 1] as number);
    expect(days).toContain(dayNumber('2021-07-01')); // OSS
    expect(days).toContain(dayNumber('2021-01-01')); // the UK leaves the EU regime
  });
});
