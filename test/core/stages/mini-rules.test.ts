/**
 * The mini rule set the stage tests run on: valid rule data by the same checks as the real
 * files (the JSON Schemas and checkRuleData), frozen, and fictional throughout.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { checkRuleData } from '../../../src/core/rule-checks.js';
import { miniRuleData, miniRules } from '../../support/mini-rules.js';

function schemaValidator(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  for (const f of readdirSync('rules/schema').filter((n) => n.endsWith('.json'))) {
    const schema = JSON.parse(readFileSync(join('rules/schema', f), 'utf8')) as { $id: string; properties?: Record<string, { minItems?: number }> };
    // The real world and currency lists must be complete (240 countries, 100 currencies);
    // a test list holds only what the tests use.
    if (schema.$id === 'world.schema.json' && schema.properties?.countries) delete schema.properties.countries.minItems;
    if (schema.$id === 'currencies.schema.json' && schema.properties?.currencies) delete schema.properties.currencies.minItems;
    ajv.addSchema(schema);
  }
  return ajv;
}

function allStrings(value: unknown, key: string, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) allStrings(v, key, out);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === key && typeof v === 'string') out.push(v);
      else allStrings(v, key, out);
    }
  }
  return out;
}

function isDeepFrozen(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen);
}

describe('the mini rule set', () => {
  it('passes the cross-file checks of the rules build', () => {
    expect(checkRuleData(miniRuleData)).toEqual([]);
  });

  it('passes the JSON Schemas of the rule files', () => {
    const ajv = schemaValidator();
    const files: [string, unknown][] = [
      ['world.schema.json', miniRuleData.world],
      ['currencies.schema.json', miniRuleData.currencies],
      ['tax-codes.schema.json', miniRuleData.taxCodes],
      ...miniRuleData.regimes.map((r): [string, unknown] => ['regime.schema.json', r]),
      ...miniRuleData.countries.map((c): [string, unknown] => ['country.schema.json', c]),
      ...miniRuleData.territories.map((t): [string, unknown] => ['territories.schema.json', t]),
      ...(miniRuleData.usLocal ?? []).map((l): [string, unknown] => ['us-local.schema.json', { $schema: '../../schema/us-local.schema.json', ...l }]),
    ];
    for (const [schema, data] of files) {
      const validate = ajv.getSchema(schema);
      expect(validate, schema).toBeDefined();
      expect(validate?.(data) ? [] : validate?.errors, `${schema}: ${JSON.stringify(data).slice(0, 60)}`).toEqual([]);
    }
  });

  it('is deep-frozen', () => {
    expect(isDeepFrozen(miniRuleData)).toBe(true);
    expect(() => (miniRuleData.countries as unknown[]).push({})).toThrow(TypeError);
  });

  it('invents its countries: ISO 3166 user-assigned codes and numbers only', () => {
    for (const c of miniRuleData.world.countries) {
      expect(c.code).toMatch(/^X[A-Z]$/);
      expect(c.numeric).toBeGreaterThanOrEqual(900);
    }
    // Jurisdiction ids: the country's number, or the country's number × 1000 + subdivision.
    for (const j of miniRuleData.countries.flatMap((c) => c.jurisdictions)) expect(j.id < 1000 ? j.id : Math.floor(j.id / 1000)).toBeGreaterThanOrEqual(900);
  });

  it('says on every sourced entry that it is test data', () => {
    const sources = allStrings({ ...miniRuleData, usLocal: undefined }, 'source');
    expect(sources.length).toBeGreaterThan(50);
    for (const s of sources) expect(s).toMatch(/^Test data: /);
    // A local file's sources are keys of its own `sources`, whose texts say it.
    for (const l of miniRuleData.usLocal ?? []) for (const text of Object.values(l.sources)) expect(text).toMatch(/^Test data: /);
    for (const c of allStrings(miniRuleData, 'checked')) expect(c).toBe('2026-01-15');
  });

  it('compiles every country, regime and territory', () => {
    expect([...miniRules.countries.keys()]).toEqual(['XA', 'XB', 'XC', 'XD', 'XE']);
    expect([...miniRules.countries.values()].every((c) => c.root !== undefined)).toBe(true);
    expect([...miniRules.regimes.keys()]).toEqual(['XU', 'XC', 'XD', 'XE']);
    expect([...miniRules.jurisdictions.keys()].sort((a, b) => a - b)).toEqual([901, 902, 903, 904, 905, 9900, 903001, 903002, 903003, 904001, 904002, 904003, 90401001, 90401002, 9040100100, 90401000001]);
    expect(miniRules.usLocal.get('XD-NO')?.jurisdictions.map((j) => j.name)).toEqual(['Redwood County', 'Pine County', 'Lakeside', 'Lakeside Transit District']);
    expect(miniRules.consignmentLimits).toEqual([{ amount: '150', currency: 'EUR' }]);
  });
});
