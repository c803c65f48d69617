/** Whole v20260309 transactions and batches as data (fixtures/documents/v20260309/*.json): request → transaction. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeBatch, computeTransaction, TaxRulesError, type Account, type TaxTransaction, type TaxTransactionOptions } from '../src/index.js';
import { registeredEverywhere } from './helpers.js';

interface Case {
  name: string;
  rule: string;
  account?: Account;
  /** The demo seller with its account in this currency (a sale in it needs no exchange rate). */
  account_currency?: string;
  /** A refund's sale and the refunds made of it before, as requests: computed first. */
  sale?: unknown;
  earlier_refunds?: unknown[];
  options?: TaxTransactionOptions;
  request?: unknown;
  batch?: unknown;
  expected?: unknown;
  error?: { status: number; fields: string[] };
}

function run(c: Case): unknown {
  const account = c.account ?? (c.account_currency === undefined ? registeredEverywhere() : { ...registeredEverywhere(), currency: c.account_currency });
  if (c.batch !== undefined) return computeBatch(c.batch as unknown, account, c.options);
  const options: TaxTransactionOptions = { ...c.options };
  if (c.sale !== undefined) {
    const original = computeTransaction(c.sale as unknown, account);
    const earlierRefunds: TaxTransaction[] = [];
    for (const r of c.earlier_refunds ?? []) earlierRefunds.push(computeTransaction(r, account, { original, earlierRefunds: [...earlierRefunds] }));
    Object.assign(options, { original, earlierRefunds });
  }
  return computeTransaction(c.request as unknown, account, options);
}

const dir = 'fixtures/documents/v20260309';
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const { cases } = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { cases: Case[] };
  describe(file, () => {
    it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
      expect(c.rule.length).toBeGreaterThan(0);
      if (c.error) {
        let thrown: unknown;
        try {
          run(c);
        } catch (e) {
          thrown = e;
        }
        expect(thrown).toBeInstanceOf(TaxRulesError);
        expect((thrown as TaxRulesError).status).toBe(c.error.status);
        expect((thrown as TaxRulesError).issues.map((i) => i.path.join('.'))).toEqual(c.error.fields);
        return;
      }
      // As a server would send it: JSON.
      expect(JSON.parse(JSON.stringify(run(c)))).toEqual(c.expected);
    });
  });
}
