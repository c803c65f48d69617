/**
 * Rates: the taxes levied where a jurisdiction taxes (in line order, replaced taxes
 * dropped), the rate of a class on a day (a territory's own rates replacing the main tax's
 * classes only), and the lines made of them — on the mini rule set.
 */
import { describe, expect, it } from 'vitest';
import { chargedLine, mainTaxOf, rateOf, taxesOf, zeroLine } from '../../../src/core/rates.js';
import { decide } from '../../../src/core/decide.js';
import { locate } from '../../../src/core/location.js';
import { activeRegistrations } from '../../../src/core/registration.js';
import { dayNumber } from '../../../src/core/dates.js';
import type { CompiledJurisdiction, CompiledTax } from '../../../src/core/ruleset.js';
import type { RateClass } from '../../../src/core/types.js';
import { miniRules as rules } from '../../support/mini-rules.js';
import { refusal } from '../../support/refusal.js';

const RATE_SOURCE = 'Test data: fictional rate for the logic tests';

function jurisdiction(id: number): CompiledJurisdiction {
  const j = rules.jurisdictions.get(id);
  if (!j) throw new Error(`no jurisdiction ${id}`);
  return j;
}

/** Tax name @ levying jurisdiction (role), in line order. */
const levied = (j: CompiledJurisdiction) => taxesOf(j).map((l) => `${l.tax.name}@${l.owner.id} ${l.tax.role}`);
const tax = (id: number, i = 0) => jurisdiction(id).taxes[i] as CompiledTax;
const rateOn = (t: CompiledTax, cls: RateClass, date: string, territory: string | null = null) => {
  const rates = territory === null ? null : (rules.territories.get(territory.slice(0, 2))?.find((x) => x.id === territory)?.rates ?? null);
  return rateOf(t, cls, rates, dayNumber(date), date);
};

describe('the taxes levied where a jurisdiction taxes', () => {
  it('are the country’s and the region’s: main first, then additional', () => {
    expect(levied(jurisdiction(901))).toEqual(['VAT@901 main']);
    expect(levied(jurisdiction(903001))).toEqual(['GST@903 main', 'PST@903001 additional']);
    expect(levied(jurisdiction(905))).toEqual(['CT@905 main', 'LCT@905 additional']);
    expect(levied(jurisdiction(904001))).toEqual(['Sales tax@904001 main']);
  });

  it('drop a tax that a regional tax replaces', () => {
    expect(levied(jurisdiction(903002))).toEqual(['HST@903002 main']);
    // Elsewhere in the country the replaced tax is levied.
    expect(levied(jurisdiction(903003))).toEqual(['GST@903 main']);
    expect(levied(jurisdiction(903))).toEqual(['GST@903 main']);
  });

  it('are none where nobody levies a tax', () => {
    expect(levied(jurisdiction(904003))).toEqual([]);
    expect(levied(jurisdiction(904))).toEqual([]);
    expect(mainTaxOf(jurisdiction(904003))).toBeNull();
  });

  it('put every main tax, ancestors before descendants, before any additional tax', () => {
    // A region of Estmark (not in the data) with a main tax of its own: the country's main
    // tax, the region's, then the country's additional tax.
    const root = jurisdiction(905);
    const regional: CompiledTax = { ...tax(903002), id: 'rst', name: 'RST', replaces: null };
    const region: CompiledJurisdiction = { ...root, id: 905001, region: 'R1', level: 'province', parent: root, taxes: [regional] };
    expect(levied(region)).toEqual(['CT@905 main', 'RST@905001 main', 'LCT@905 additional']);
  });

  it('have the main tax first, or none when the first is additional', () => {
    expect(mainTaxOf(jurisdiction(903001))?.name).toBe('GST');
    expect(mainTaxOf(jurisdiction(903002))?.name).toBe('HST');
    const onlyAdditional: CompiledJurisdiction = { ...jurisdiction(903001), parent: null };
    expect(mainTaxOf(onlyAdditional)).toBeNull();
  });
});

describe('the rate of a class on a day', () => {
  it('is the period that contains the day: the change takes effect on its first day', () => {
    expect(rateOn(tax(901), 'standard', '2020-06-30')).toMatchObject({ rate: '18', units: 180_000, source: RATE_SOURCE });
    expect(rateOn(tax(901), 'standard', '2020-07-01')).toMatchObject({ rate: '20', units: 200_000 });
    expect(rateOn(tax(901), 'reduced', '2024-06-01')).toMatchObject({ rate: '10', units: 100_000 });
    expect(rateOn(tax(903002), 'standard', '2016-06-30').rate).toBe('13');
    expect(rateOn(tax(903002), 'standard', '2016-07-01').rate).toBe('15');
    expect(rateOn(tax(903), 'zero', '2024-06-01')).toMatchObject({ rate: '0', units: 0 });
  });

  it('comes from a territory’s own table for the classes it has, the country’s for the others', () => {
    expect(rateOn(tax(901), 'standard', '2024-06-01', 'XA-SUN').rate).toBe('12');
    expect(rateOn(tax(901), 'reduced', '2024-06-01', 'XA-SUN').rate).toBe('10');
    expect(rateOn(tax(905), 'standard', '2024-06-01', 'XE-OUT').rate).toBe('4');
  });

  it('is refused (422) before the class’s recorded history, never guessed', () => {
    const e = refusal(() => rateOn(tax(901), 'standard', '2009-12-31'));
    expect(e.status).toBe(422);
    expect(e.issues[0]?.path).toEqual(['date']);
    expect(e.message).toMatch(/no standard rate of VAT is recorded on 2009-12-31/);
    // A territory's table has its own history: no fallback to the country's before it starts.
    expect(refusal(() => rateOn(tax(901), 'standard', '2009-12-31', 'XA-SUN')).status).toBe(422);
    // A class the tax does not have at all.
    expect(refusal(() => rateOn(tax(902), 'reduced', '2024-06-01')).status).toBe(422);
  });
});

describe('a tax line', () => {
  it('charged: the tax at its treatment’s class and part, with the levying jurisdiction', () => {
    const norland = jurisdiction(904001);
    const [sales] = taxesOf(norland);
    const treatment = { from: 0, treatment: 'taxable' as const, rateClass: 'standard' as const, part: '80', partUnits: 800_000, note: null, rate: null, consumers: null, source: 'test', codes: null, priceLimit: null, holiday: null };
    expect(chargedLine(sales!, treatment, rateOn(tax(904001), 'standard', '2024-06-01'))).toEqual({
      name: 'Sales tax',
      jurisdiction: { id: 904001, name: 'Norland', country: 'XD', region: 'NO', level: 'state' },
      group: 'main',
      rate: '6',
      taxablePart: '80',
      rateUnits: 60_000,
      partUnits: 800_000,
      rateClass: 'standard',
      source: RATE_SOURCE,
    });
  });

  it('not charged: rate 0, no class, no source, the whole amount unless a treatment says otherwise', () => {
    const [gst, pst] = taxesOf(jurisdiction(903001));
    expect(zeroLine(gst!)).toEqual({
      name: 'GST',
      jurisdiction: { id: 903, name: 'Caldera', country: 'XC', region: null, level: 'country' },
      group: 'main',
      rate: '0',
      taxablePart: '100',
      rateUnits: 0,
      partUnits: 1_000_000,
      rateClass: null,
      source: null,
    });
    expect(zeroLine(pst!).group).toBe('additional');
    const part = { from: 0, treatment: 'not_taxable' as const, rateClass: null, part: '80', partUnits: 800_000, note: null, rate: null, consumers: null, source: 'test', codes: null, priceLimit: null, holiday: null };
    expect(zeroLine(gst!, part)).toMatchObject({ rate: '0', taxablePart: '80', partUnits: 800_000 });
  });
});

describe('rates in a decision', () => {
  const day = dayNumber('2024-06-01');
  const registrations = activeRegistrations([{ jurisdictionId: 903 }, { jurisdictionId: 903001 }, { jurisdictionId: 905 }], day);
  const lines = (country: string, postalCode: string) =>
    decide({ origin: { country }, destination: { country, postalCode }, taxCode: 'standard', productType: 'good', customer: 'consumer', consignmentValue: undefined }, rules, day, registrations).lines.map(
      (l) => `${l.name}@${l.jurisdiction.id} ${l.group} ${l.rate}`,
    );

  it('list the main tax first, then the additional one', () => {
    expect(lines('XC', '1234')).toEqual(['GST@903 main 5', 'PST@903001 additional 7']);
    expect(lines('XE', '1234')).toEqual(['CT@905 main 8', 'LCT@905 additional 2']);
  });

  it('leave out the replaced tax', () => {
    expect(lines('XC', '2345')).toEqual(['HST@903002 main 15']);
  });

  it('take a territory’s own rate for the main tax only', () => {
    // The Outer Isles: CT at their own 4 %, LCT at its 2 % (not the territory's 4 %).
    expect(lines('XE', '9123')).toEqual(['CT@905 main 4', 'LCT@905 additional 2']);
    expect(locate(rules, { country: 'XE', postalCode: '9123' }, day, 'goods', 'destination').territory?.id).toBe('XE-OUT');
  });
});
