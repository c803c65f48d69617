/** Conformance fixtures of the line-item form (fixtures/v20260309/*.json). */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calculate } from '../src/adapters/v20260309.js';
import { TaxRulesError } from '../src/core/errors.js';
import { registeredEverywhere } from './helpers.js';

interface Case {
  name: string;
  rule: string;
  request: unknown;
  expected?: Record<string, unknown>;
  error?: { status: number; fields: string[] };
}

const dir = 'fixtures/v20260309';
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const { cases } = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { cases: Case[] };
  describe(file, () => {
    it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
      const account = registeredEverywhere();
      if (c.error) {
        let thrown: unknown;
        try {
          calculate(c.request, account);
        } catch (e) {
          thrown = e;
        }
        expect(thrown).toBeInstanceOf(TaxRulesError);
        expect((thrown as TaxRulesError).status).toBe(c.error.status);
        expect((thrown as TaxRulesError).issues.map((i) => i.path.join('.')).sort()).toEqual([...c.error.fields].sort());
        return;
      }
      expect(calculate(c.request, account)).toMatchObject(c.expected ?? {});
    });
  });
}
