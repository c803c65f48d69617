/**
 * The packs' table of where a seller registers (registration-places.ts) must answer what the
 * compiled countries answer, for every code, and let `defineAccount` look registrations up
 * without compiling a country or a regime.
 */
import { describe, expect, it } from 'vitest';
import { defineAccount } from '../../src/account-builder.js';
import type { CompiledJurisdiction } from '../../src/core/compiled.js';
import { TaxRulesError } from '../../src/core/errors.js';
import { packRuleData } from '../../src/core/pack.js';
import { packPlaces } from '../../src/core/registration-places.js';
import { selectRuleData } from '../../src/core/rule-subset.js';
import { createRuleSet, type PackedRuleData, type RuleSet } from '../../src/core/ruleset.js';
import { defaultRulePack } from '../../src/generated/ruledata.js';
import { defaultRulePack as euPack } from '../../src/generated/ruledata-eu.js';
import { loadRuleFiles } from '../../scripts/rule-files.js';

const fromFiles = loadRuleFiles('rules').data;

/** A registration's facts of compiled jurisdictions, read here without the module's own filter. */
const facts = (js: readonly CompiledJurisdiction[], levels: readonly string[]) =>
  js.filter((j) => levels.includes(j.level)).map((j) => ({ id: j.id, country: j.country, level: j.level, region: j.region, taxed: j.taxes.length > 0 }));
const REGISTERED = ['country', 'state', 'province', 'territory'];

/** Every code worth asking: the world's, the files', their aliases, lower case, and codes of nothing. */
function codesOf(rules: RuleSet): string[] {
  return [...rules.world.keys(), ...rules.countries.keys(), ...rules.aliases.keys(), 'us', 'ZZ', 'XX', 'EU', '', '@EU', 'IE|', 'X;IE'];
}

const compiledNothing = (rules: RuleSet): boolean =>
  [...rules.countries.keys()].every((c) => (rules.countries as unknown as { peek(k: string): unknown }).peek(c) === undefined) &&
  [...rules.regimes.keys()].every((r) => (rules.regimes as unknown as { peek(k: string): unknown }).peek(r) === undefined);

describe('registration places', () => {
  for (const [name, pack] of [['default', defaultRulePack], ['EU', euPack]] as const) {
    it(`the ${name} pack's table answers as its compiled countries do, for every code, compiling nothing`, () => {
      expect(typeof pack.registrationPlaces).toBe('string');
      const table = createRuleSet(pack);
      const compiled = createRuleSet(pack);
      for (const code of codesOf(compiled)) {
        expect(table.registrationPlaces(code), code).toEqual(facts(compiled.countryJurisdictions(code), REGISTERED));
      }
      expect(table.schemePlaces).toEqual(facts(compiled.schemeJurisdictions, ['scheme']));
      expect(table.schemePlaces.length).toBeGreaterThan(0);
      expect(compiledNothing(table)).toBe(true);
    });
  }

  it('the table holds the regions of a country in file order, and a country without taxes of its own as untaxed', () => {
    const us = createRuleSet(defaultRulePack).registrationPlaces('US');
    expect(us[0]).toEqual({ id: 840, country: 'US', level: 'country', region: '', taxed: false });
    expect(us.find((p) => p.region === 'TX')).toMatchObject({ level: 'state', taxed: true });
    expect(createRuleSet(defaultRulePack).registrationPlaces('ES').map((p) => p.region)).toEqual(['', 'CN']);
  });

  it('a pack without the table, and rule data, answer from the compiled countries', () => {
    const data = selectRuleData(fromFiles, { countries: ['US', 'CA', 'ES', 'IC', 'IE'], regimes: ['EU'] });
    const packed = packRuleData(data);
    const { registrationPlaces, ...older } = packed;
    expect(registrationPlaces).toBe(packPlaces(createRuleSet(data), data.countries.map((c) => c.country)));
    for (const rules of [createRuleSet(older as PackedRuleData), createRuleSet(data), createRuleSet(packed)]) {
      const reference = createRuleSet(data);
      for (const code of codesOf(reference)) expect(rules.registrationPlaces(code), code).toEqual(facts(reference.countryJurisdictions(code), REGISTERED));
      expect(rules.schemePlaces).toEqual(facts(reference.schemeJurisdictions, ['scheme']));
    }
  });

  it('refuses a pack whose table is not the text packRuleData writes', () => {
    for (const text of ['IE', 'IE|x:country::1', 'IE|372:country::1:2', '|372:country::1']) {
      const rules = createRuleSet({ ...packRuleData(selectRuleData(fromFiles, { countries: ['IE'] })), registrationPlaces: text });
      expect(() => rules.registrationPlaces('IE'), text).toThrow(TaxRulesError);
    }
  });

  it('defineAccount finds countries, regions and schemes without compiling a country or a regime', () => {
    const rules = createRuleSet(defaultRulePack);
    const account = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss' }, { country: 'GB' }, { country: 'us', region: 'tx' }, { country: 'ES', region: 'CN' }] }, rules);
    expect(account.registrations?.map((r) => r.jurisdiction_id)).toEqual([372, 9000, 826, 840048, 724035]);
    expect(compiledNothing(rules)).toBe(true);
  });
});
