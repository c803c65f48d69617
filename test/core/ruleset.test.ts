/**
 * Rule sets compile lazily and come from two forms of the same data (objects, or packed
 * JSON texts): both forms, and every order of first use, must give the same rule set.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateTaxRate, type TaxRateQuery } from '../../src/adapters/v20241028.js';
import { getTaxCode, listJurisdictions, listTaxCodes } from '../../src/catalog.js';
import { computeRuleChangeDays } from '../../src/core/change-days.js';
import { createRuleSet, type PackedRuleData } from '../../src/core/ruleset.js';
import { ownerIn, ownerLookup, packOwners, unpackOwners } from '../../src/core/owner-index.js';
import { packRuleData } from '../../src/core/pack.js';
import { defaultRulePack } from '../../src/generated/ruledata.js';
import { defaultRulePack as euPack } from '../../src/generated/ruledata-eu.js';
import { packagedTaxCodes } from '../../src/generated/tax-code-texts.js';
import { withPackagedTaxCodes } from '../../src/core/tax-code-file.js';
import { TaxRulesError } from '../../src/core/errors.js';
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
    expect(withPackagedTaxCodes(createRuleSet(defaultRulePack), packagedTaxCodes).data).toEqual(fromFiles);
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
    const packed = withPackagedTaxCodes(createRuleSet(defaultRulePack), packagedTaxCodes);
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

/** The error a call throws (fails the test when it throws none, or another kind). */
function refusal(f: () => unknown): TaxRulesError {
  try {
    f();
  } catch (e) {
    if (e instanceof TaxRulesError) return e;
    throw e;
  }
  throw new Error('no error thrown');
}

describe('the tax-code file, apart from the records a quote reads', () => {
  const texts = JSON.parse(packagedTaxCodes.text()) as typeof fromFiles.taxCodes;

  it("is the package's module, the file as rules/tax-codes.json holds it; the packs carry the records only", () => {
    expect(texts).toEqual(fromFiles.taxCodes);
    for (const pack of [defaultRulePack, euPack]) {
      expect(pack.taxCodeTexts).toBeNull();
      expect(pack.taxCodeDigest).toBe(packagedTaxCodes.digest);
      const shared = JSON.parse(pack.shared) as { taxCodes: Record<string, unknown>[] };
      expect(shared.taxCodes.map((c) => c.id)).toEqual(fromFiles.taxCodes.tax_codes.map((c) => c.id));
      // What only listing reads stays in the file.
      expect(shared.taxCodes.flatMap((c) => Object.keys(c)).filter((k) => !['id', 'name', 'supply', 'kind', 'parent', 'place_of_supply'].includes(k))).toEqual([]);
    }
  });

  it("is listed for the package's rule set from the module, and for one made from rule data from its own pack", () => {
    const packaged = createRuleSet(defaultRulePack);
    expect(listTaxCodes(packaged)).toEqual(listTaxCodes());
    expect(getTaxCode('ebook', createRuleSet(euPack))).toEqual({ id: 'ebook', name: 'E-book', description: 'Electronic book with unlimited use, supplied electronically' });
    // A rule set of its own data lists its own codes, with its own texts.
    const own = structuredClone(fromFiles);
    own.taxCodes.tax_codes = own.taxCodes.tax_codes.filter((c) => c.kind === 'spec').map((c) => (c.id === 'ebook' ? { ...c, description: 'A book, read on a screen' } : c));
    for (const rules of [createRuleSet(own), createRuleSet(JSON.parse(JSON.stringify(packRuleData(own))) as PackedRuleData)]) {
      expect(listTaxCodes(rules).map((c) => c.id)).toEqual(['consulting', 'ebook', 'eservice', 'exempt', 'reduced', 'saas', 'standard']);
      expect(getTaxCode('ebook', rules).description).toBe('A book, read on a screen');
      expect(rules.data.taxCodes).toEqual(own.taxCodes);
    }
  });

  it("is read by `data` of the package's rule set once it is given the module; refused (422) before, never left out", () => {
    const packaged = createRuleSet(defaultRulePack);
    const e = refusal(() => packaged.data);
    expect([e.status, e.issues[0]?.path]).toEqual([422, ['taxCodes']]);
    expect(withPackagedTaxCodes(packaged, packagedTaxCodes).data.taxCodes).toEqual(fromFiles.taxCodes);
    // A module of other texts than the pack was made with is refused.
    expect(refusal(() => withPackagedTaxCodes(createRuleSet(defaultRulePack), { ...packagedTaxCodes, digest: '00000000' })).status).toBe(422);
  });

  it('gives the same digest as the data it was packed from (the file is kept as it is)', () => {
    const own = { ...packRuleData(fromFiles) };
    delete (own as { digest?: string }).digest;
    expect(createRuleSet(own).info.digest).toBe(createRuleSet(fromFiles).info.digest);
    expect(createRuleSet(fromFiles).info.digest).toBe(packRuleData(fromFiles).digest);
  });

  it('reads a pack of taxrules 0.2 (taxrules-pack-2, the file whole in its shared tables) as the same rule set; refuses a pack without its file (422)', () => {
    const now = packRuleData(fromFiles);
    const shared = JSON.parse(now.shared) as Record<string, unknown>;
    const old = { ...now, format: 'taxrules-pack-2', shared: JSON.stringify({ ...shared, taxCodes: fromFiles.taxCodes }) } as Record<string, unknown>;
    delete old.taxCodeTexts;
    const rules = createRuleSet(old as unknown as PackedRuleData);
    expect([...rules.taxCodes.values()]).toEqual([...createRuleSet(now).taxCodes.values()]);
    expect(listTaxCodes(rules)).toEqual(listTaxCodes());
    expect(rules.data).toEqual(fromFiles);
    for (const q of queries.slice(0, 40)) expect(answer(q, rules)).toEqual(answer(q, createRuleSet(now)));
    const bare = refusal(() => createRuleSet({ ...now, taxCodeTexts: null }));
    expect([bare.status, bare.issues[0]?.path]).toEqual([422, ['taxCodeTexts']]);
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
