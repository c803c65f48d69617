/**
 * Rule sets compile lazily and come from two forms of the same data (objects, or packed
 * JSON texts): both forms, and every order of first use, must give the same rule set.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateTaxRate, type TaxRateQuery } from '../../src/adapters/v20241028.js';
import { listJurisdictions } from '../../src/catalog.js';
import { computeRuleChangeDays } from '../../src/core/change-days.js';
import { createRuleSet, type PackedRuleData } from '../../src/core/ruleset.js';
import { ownerIn, ownerLookup, packOwners, unpackOwners } from '../../src/core/owner-index.js';
import { packRuleData } from '../../src/core/pack.js';
import { defaultRulePack } from '../../src/generated/ruledata.js';
import { loadRuleFiles } from '../../scripts/rule-files.js';
import { registeredEverywhere } from '../helpers.js';

const fromFiles = loadRuleFiles('rules').data;

const queries: TaxRateQuery[] = [];
for (const f of readdirSync('fixtures/v20241028').filter((n) => n.endsWith('.json'))) {
  const file = JSON.parse(readFileSync(join('fixtures/v20241028', f), 'utf8')) as { cases: { query: TaxRateQuery }[] };
  for (const c of file.cases) queries.push(c.query);
}

function answer(query: TaxRateQuery, rules: ReturnType<typeof createRuleSet>): unknown {
  try {
    return calculateTaxRate(query, registeredEverywhere(), { rules, cache: false });
  } catch (e) {
    return { error: (e as Error).message };
  }
}

describe('rule sets', () => {
  it('ship the rule files as they are: the packed default data unpacks to what the files hold', () => {
    expect(createRuleSet(defaultRulePack).data).toEqual(fromFiles);
  });

  it('carry the change days the rules give', () => {
    expect(defaultRulePack.changeDays).toEqual(computeRuleChangeDays(createRuleSet(fromFiles)));
    expect(packRuleData(fromFiles).changeDays).toEqual(defaultRulePack.changeDays);
    expect(createRuleSet(fromFiles).changeDays).toEqual(defaultRulePack.changeDays);
  });

  it('answer the same from objects and from packed data, whatever is compiled first', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(queries, { minLength: 1, maxLength: 25 }), (order) => {
        const objects = createRuleSet(fromFiles);
        const packed = createRuleSet(packRuleData(fromFiles));
        for (const q of order) expect(answer(q, packed)).toEqual(answer(q, objects));
      }),
      { numRuns: 30 },
    );
  });

  it('list the same jurisdictions in both forms, and every jurisdiction is reachable by id', () => {
    const objects = createRuleSet(fromFiles);
    const packed = createRuleSet(defaultRulePack);
    expect(listJurisdictions({}, packed)).toEqual(listJurisdictions({}, objects));
    // By id first (nothing compiled yet), then by iteration.
    const fresh = createRuleSet(defaultRulePack);
    for (const id of fresh.jurisdictions.keys()) expect(fresh.jurisdictions.get(id)?.id).toBe(id);
    expect([...fresh.jurisdictions.values()].map((j) => j.id)).toEqual([...objects.jurisdictions.values()].map((j) => j.id));
    expect(fresh.jurisdictions.get(999_999_999)).toBeUndefined();
    expect(fresh.countries.get('ZZ')).toBeUndefined();
  });

  it('keep a copy of their own: changing the data afterwards, or what `data` hands out, changes no answer', () => {
    const q: TaxRateQuery = { to_country: 'DE', tax_code: 'ebook', date: '2026-06-01', amount: '100' };
    const expected = answer(q, createRuleSet(defaultRulePack));
    const source = structuredClone(fromFiles);
    const rules = createRuleSet(source);
    const de = source.countries.find((c) => c.country === 'DE');
    for (const periods of Object.values(de?.jurisdictions[0]?.taxes[0]?.rates ?? {})) for (const p of periods ?? []) p.rate = '50';
    expect(answer(q, rules)).toEqual(expected);
    const packed = createRuleSet(defaultRulePack);
    for (const c of packed.data.countries) for (const j of c.jurisdictions) for (const t of j.taxes) for (const periods of Object.values(t.rates)) for (const p of periods ?? []) p.rate = '50';
    expect(answer(q, packed)).toEqual(expected);
  });

  it('parse a country only when a lookup reaches it', () => {
    const broken: PackedRuleData = { ...defaultRulePack, countries: { ...defaultRulePack.countries, JP: '{ not json' } };
    const rules = createRuleSet(broken);
    const q: TaxRateQuery = { to_country: 'DE', tax_code: 'ebook', date: '2026-06-01', amount: '100' };
    expect(answer(q, rules)).toEqual(answer(q, createRuleSet(defaultRulePack)));
    expect(() => rules.countries.get('JP')).toThrow(SyntaxError);
  });
});

describe('the jurisdiction index', () => {
  it('reads back every id with its owner, in listing order, and finds each by id', () => {
    const owner = fc.constantFrom('DE', '@EU', 'us:TX', 'US', 'CA');
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 2 ** 37 - 1 }), owner), { selector: ([id]) => id, maxLength: 300 }), (entries) => {
        const index = unpackOwners(packOwners(entries));
        expect(Array.from(index.ids)).toEqual(entries.map(([id]) => id));
        expect(Array.from(index.ownerOf, (k) => index.owners[k])).toEqual(entries.map(([, o]) => o));
        for (const [id, o] of entries) expect(ownerIn(index, id)).toBe(o);
        const taken = new Set(entries.map(([id]) => id));
        for (const probe of [0, -1, 1.5, 2 ** 37, ...entries.map(([id]) => id + 1)]) if (!taken.has(probe)) expect(ownerIn(index, probe)).toBeUndefined();
      }),
    );
  });

  it('finds the owner of an id by the countries and regimes first, as the whole index does', () => {
    const owner = fc.constantFrom('DE', '@EU', 'us:TX', 'us:CA-BC', 'US', 'CA');
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 2 ** 37 - 1 }), owner), { selector: ([id]) => id, maxLength: 300 }), (entries) => {
        const text = packOwners(entries);
        const index = unpackOwners(text);
        const probes = [0, -1, 1.5, Number.NaN, 2 ** 37, ...entries.flatMap(([id]) => [id, id + 1])];
        // Looked up in either order: the local runs before the others and after.
        for (const order of [probes, [...probes].reverse()]) {
          const lookup = ownerLookup(text);
          for (const probe of order) expect(lookup.ownerOf(probe)).toBe(ownerIn(index, probe));
          expect(Array.from(lookup.all.ids)).toEqual(Array.from(index.ids));
        }
      }),
    );
  });

  it('answers membership of the default rule set without compiling anything', () => {
    const rules = createRuleSet(defaultRulePack);
    expect(rules.jurisdictions.has(276)).toBe(true);
    expect(rules.jurisdictions.has(84048201)).toBe(true);
    expect(rules.jurisdictions.has(12345)).toBe(false);
    expect(rules.jurisdictions.has('276' as unknown as number)).toBe(false);
    expect((rules.countries as unknown as { peek(k: string): unknown }).peek('DE')).toBeUndefined();
    expect(rules.jurisdictions.size).toBe(createRuleSet(defaultRulePack).jurisdictions.size);
  });

  it('lists the scheme jurisdictions and the jurisdictions of a country as a full listing does, compiling only their owners', () => {
    const lazy = createRuleSet(defaultRulePack);
    const made = (code: string): boolean => (lazy.countries as unknown as { peek(k: string): unknown }).peek(code) !== undefined;
    const all = [...createRuleSet(defaultRulePack).jurisdictions.values()];
    expect(lazy.schemeJurisdictions.map((j) => j.id)).toEqual(all.filter((j) => j.level === 'scheme').map((j) => j.id));
    expect(lazy.schemeJurisdictions.length).toBeGreaterThan(0);
    expect(made('DE')).toBe(false);
    for (const cc of ['ES', 'US', 'CA', 'IC', 'GB']) {
      expect(lazy.countryJurisdictions(cc).map((j) => j.id), cc).toEqual(all.filter((j) => j.country === cc && j.level !== 'scheme' && j.level !== 'county' && j.level !== 'city' && j.level !== 'district').map((j) => j.id));
    }
    expect(made('DE')).toBe(false);
    expect(lazy.countryJurisdictions('ZZ')).toEqual([]);
  });
});
