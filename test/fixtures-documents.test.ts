/**
 * Whole billing documents as data (fixtures/documents/v20241028/*.json): each file is a
 * scenario of steps, a request and its options to the document expected, the expected values
 * worked out from the rates and rules the file names. A step's options may name an earlier
 * step's document (`{ "$step": name }`): its expected document is handed on, so that each
 * step is checked on its own.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCreditNote, buildDocument, type BillingDocument, type Account, type DocumentOptions, type CreditNoteOptions } from '../src/index.js';

/** Requests and options as a server hands them over (parsed JSON: checked at run time), invalid ones included. */
const build = (request: unknown, account: Account, options: unknown): BillingDocument => buildDocument(request, account, options as DocumentOptions);
const creditNote = (request: unknown, options: unknown): BillingDocument => buildCreditNote(request, options as CreditNoteOptions);

interface Step {
  name: string;
  call: 'buildDocument' | 'buildCreditNote';
  request: unknown;
  options: Record<string, unknown>;
  expected: Record<string, unknown>;
}

/** The options with each `{ "$step": name }` replaced by that step's expected document. */
function resolve(value: unknown, done: Map<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((v) => resolve(v, done));
  if (typeof value !== 'object' || value === null) return value;
  const ref = (value as { $step?: string }).$step;
  if (ref !== undefined) {
    if (!done.has(ref)) throw new Error(`no earlier step named ${ref}`);
    return done.get(ref);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, done)]));
}

const dir = 'fixtures/documents/v20241028';
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('document fixtures', () => {
  it('cover a sale with two taxes, a discount, a foreign currency, a partial and a full refund, prices with tax included and a refund by contact id', () => {
    expect(files.sort()).toEqual(['discount.json', 'foreign-currency.json', 'refunds.json', 'tax-included.json', 'two-taxes.json']);
  });

  for (const file of files) {
    const { scenario, account, steps } = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { scenario: string; account: never; steps: Step[] };
    describe(`${file}: ${scenario}`, () => {
      const done = new Map<string, unknown>();
      for (const step of steps) done.set(step.name, step.expected);
      it.each(steps.map((s) => [s.name, s] as const))('%s', (_name, step) => {
        const options = resolve(step.options, done);
        const document = step.call === 'buildDocument' ? build(step.request, account, options) : creditNote(step.request, options);
        expect(JSON.parse(JSON.stringify(document))).toEqual(step.expected);
      });
    });
  }
});
