/**
 * Conformance fixtures: fixtures/v20241028/*.json hold request + account → expected
 * response cases, each with the rule or source it checks. Expected values come from the
 * sources (the authority's rate), not from this engine's output.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calculateTaxRate, explainTaxRate, type TaxRateQuery } from '../src/adapters/v20241028.js';
import type { Account } from '../src/adapters/account.js';
import { TaxRulesError } from '../src/core/errors.js';
import { registeredEverywhere } from './helpers.js';

interface FixtureCase {
  name: string;
  rule: string;
  account?: string | Account;
  query: TaxRateQuery;
  expected?: Record<string, unknown>;
  reason?: string;
  /** A refusal: its status, the fields its issues name and, optionally, words its messages must hold (a split's finer codes). */
  error?: { status: number; fields: string[]; message_includes?: string[] };
}

interface FixtureFile {
  description: string;
  accounts?: Record<string, Account>;
  cases: FixtureCase[];
}

const dir = 'fixtures/v20241028';
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();

function accountFor(file: FixtureFile, c: FixtureCase): Account {
  if (c.account === undefined || c.account === 'demo') return registeredEverywhere();
  if (typeof c.account === 'string') {
    const named = file.accounts?.[c.account];
    if (!named) throw new Error(`unknown account ${c.account}`);
    return named;
  }
  return c.account;
}

export function fixtureCount(): number {
  return files.reduce((n, f) => n + (JSON.parse(readFileSync(join(dir, f), 'utf8')) as FixtureFile).cases.length, 0);
}

describe.each(files)('%s', (fileName) => {
  const file = JSON.parse(readFileSync(join(dir, fileName), 'utf8')) as FixtureFile;
  it.each(file.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const account = accountFor(file, c);
    const options = { today: '2026-11-23' };
    if (c.error) {
      let thrown: unknown;
      try {
        calculateTaxRate(c.query, account, options);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(TaxRulesError);
      const err = thrown as TaxRulesError;
      expect(err.status).toBe(c.error.status);
      expect(err.issues.map((i) => i.path.join('.')).sort()).toEqual([...c.error.fields].sort());
      const messages = err.issues.map((i) => i.message).join('\n');
      for (const words of c.error.message_includes ?? []) expect(messages).toContain(words);
      return;
    }
    const response = calculateTaxRate(c.query, account, options);
    expect(response).toMatchObject(c.expected ?? {});
    if (c.reason) expect(explainTaxRate(c.query, account, options).reason).toBe(c.reason);
  });
});

describe('fixture coverage', () => {
  const all = files.flatMap((f) => (JSON.parse(readFileSync(join(dir, f), 'utf8')) as FixtureFile).cases);

  it('holds at least 200 cases', () => {
    expect(all.length).toBeGreaterThanOrEqual(200);
  });

  it('covers every status and every reason', () => {
    const statuses = new Set(all.map((c) => c.expected?.status).filter(Boolean));
    expect([...statuses].sort()).toEqual(['non_taxable', 'not_registered', 'reverse_charge', 'taxable']);
    const reasons = new Set(all.map((c) => c.reason).filter(Boolean));
    for (const r of [
      'standard_rated',
      'reduced_rated',
      'ebook_rated',
      'partially_taxable',
      'product_exempt',
      'not_taxable_in_jurisdiction',
      'no_tax_in_jurisdiction',
      'excluded_territory',
      'zero_rated',
      'outside_scope',
      'not_registered',
      'unsupported_country',
      'eu_reverse_charge',
      'reverse_charge',
      'import_vat',
    ]) {
      expect(reasons, r).toContain(r);
    }
  });

  it('names the rule or source of every case', () => {
    for (const c of all) expect(c.rule.length, c.name).toBeGreaterThan(0);
  });

  it('has both sides of every country-level rate or e-book change since 2019 that a tax code reaches', () => {
    const dated = new Set(all.map((c) => `${String(c.query.to_country ?? '').toUpperCase()} ${c.query.date ?? ''}`));
    const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const missing: string[] = [];
    for (const f of readdirSync('rules/countries')) {
      const country = JSON.parse(readFileSync(join('rules/countries', f), 'utf8')) as {
        country: string;
        jurisdictions: { level: string; taxes: { role: string; rates: Record<string, { from: string }[]>; taxability?: Record<string, { from: string; class?: string }[]> }[] }[];
      };
      for (const j of country.jurisdictions.filter((x) => x.level === 'country')) {
        for (const t of j.taxes.filter((x) => x.role === 'main')) {
          // Classes a tax code reaches: standard, reduced, and every class a taxability period names.
          const reached = new Set(['standard', 'reduced', ...Object.values(t.taxability ?? {}).flatMap((l) => l.map((p) => p.class ?? ''))]);
          const changes = [
            ...Object.entries(t.rates).filter(([cls]) => reached.has(cls)).flatMap(([, l]) => l.slice(1).map((p) => p.from)),
            ...Object.values(t.taxability ?? {}).flatMap((l) => l.slice(1).map((p) => p.from)),
          ].filter((d) => d >= '2019-01-01' && d <= '2027-12-31');
          for (const d of new Set(changes)) for (const day of [dayBefore(d), d]) if (!dated.has(`${country.country} ${day}`)) missing.push(`${country.country} ${day}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
