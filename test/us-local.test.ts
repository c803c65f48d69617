/**
 * US local sales taxes (rules/us/local, src/core/us-local.ts): the rule checks of the files,
 * the area of an address, origin-based sourcing, the lines and fields of results.
 */
import { describe, expect, it } from 'vitest';
import { calculate, determine, explainTaxRate, listJurisdictions } from '../src/index.js';
import { defaultRuleSet } from '../src/default-rules.js';
import { checkRuleData } from '../src/core/rule-checks.js';
import type { RuleData, UsLocalRules } from '../src/core/rule-data.js';
import { cityKey, localId } from '../src/core/us-local.js';
import { refused, registeredIn } from './helpers.js';

const TX = 840048;
const good = { tax_code: 'standard', product_type: 'good', amount: '100', currency: 'USD', date: '2026-09-15' } as const;
/** A seller in Austin, registered in Texas. */
const austin = registeredIn('US', [TX], { postal_code: '78701', currency: 'USD' });
/** A seller in New Jersey, registered in Texas, Florida, New York and Arizona. */
const remote = registeredIn('US', [TX, 840012, 840036, 840004], { postal_code: '07030', currency: 'USD' });

const data = defaultRuleSet.data;
const withLocal = (change: (l: UsLocalRules) => void): RuleData => {
  const copy = structuredClone(data) as RuleData;
  change((copy.usLocal ?? []).find((l) => l.state === 'PA') as UsLocalRules);
  return copy;
};

describe('rule checks of the local files', () => {
  it('the shipped files pass', () => {
    expect(checkRuleData(data).filter((p) => p.file.startsWith('rules/us/local'))).toEqual([]);
  });

  it('refuse an id that does not follow from its code, an unknown code, an unknown source and shares that do not add up', () => {
    const problems = checkRuleData(
      withLocal((l) => {
        (l.jurisdictions[0] as { id: number }).id += 1;
        (l.jurisdictions[1] as { rates: { source: string }[] }).rates[0]!.source = 'nowhere';
        l.zips[0] = [l.zips[0]![0], 'c999', l.zips[0]![2]];
        l.zips.splice(1, 0, [l.zips[1]![0], '', 7]);
      }),
    ).map((p) => p.message);
    expect(problems).toContainEqual(expect.stringMatching(/^the id of c\d{3} in PA is \d+, not \d+$/));
    expect(problems).toContain('unknown source key nowhere');
    expect(problems).toContain('unknown code c999');
    expect(problems).toContainEqual(expect.stringMatching(/^the shares of ZIP \d{5} add up to 107, not 100$/));
  });

  it('refuse a ZIP code of another state and unsorted rows', () => {
    const problems = checkRuleData(
      withLocal((l) => {
        l.zips.push(['10001', 'c101', 100]);
      }),
    ).map((p) => p.message);
    expect(problems).toContain('ZIP 10001 is not in PA (rules/us/zip-states.json)');
    expect(problems).toContainEqual(expect.stringMatching(/^ZIP 10001 after 19\d{3}: rows are sorted by ZIP$/));
  });

  it('ids of counties, places and districts never collide and stay apart from states', () => {
    // From the state's id (Texas: 840048).
    expect(localId(840048, 'c201')).toBe(84048201);
    expect(localId(840048, 'p35000')).toBe(8404835000);
    expect(localId(840048, 'd1')).toBe(84048000001);
    expect(localId(840001, 'c001')).toBeGreaterThan(840078);
    // Another country's state (number 904, state 1).
    expect(localId(904001, 'c005')).toBe(90401005);
    expect(localId(904001, 'p12345')).toBe(9040112345);
    expect(localId(904001, 'd7')).toBe(90401000007);
  });
});

describe('the area of an address', () => {
  it('one area: the ZIP code decides, with the county and city named', () => {
    const r = explainTaxRate({ ...good, to_country: 'US', to_postal_code: '77002' }, remote);
    expect(r.lines.map((l) => [l.jurisdiction.name, l.jurisdiction.level, l.rate])).toEqual([
      ['Texas', 'state', '6.25'],
      ['Houston', 'city', '1'],
      ['Houston MTA (METRO)', 'district', '1'],
    ]);
    expect(r.jurisdiction).toMatchObject({ county: 'Harris County', city: 'Houston' });
    expect(r.local).toEqual({ match: 'zip', sourcedAt: 'destination', county: 'Harris County', city: 'Houston', complete: false, alternatives: [] });
  });

  it('several areas: the city named picks one, else the largest share, with the others and their rates', () => {
    const majority = explainTaxRate({ ...good, to_country: 'US', to_postal_code: '75056' }, remote);
    expect(majority.local?.match).toBe('zip_majority');
    expect(majority.local?.city).toBe('The Colony');
    expect(majority.local?.alternatives).toEqual([
      { county: 'Denton County', city: 'Lewisville', share: expect.any(Number), rate: '8.25' },
      { county: 'Denton County', city: null, share: expect.any(Number), rate: '6.25' },
    ]);
    expect(majority.notes.join(' ')).toMatch(/ZIP code 75056 spans several local tax areas: the one with most of its estimated population \(The Colony, Denton County, \d+ %\) is used; give the city to choose another: Lewisville, Denton County \(\d+ %, 8\.25 %\); Denton County \(\d+ %, 6\.25 %\)\./);
    const named = explainTaxRate({ ...good, to_country: 'US', to_postal_code: '75056', to_city: '  LEWISVILLE ' }, remote);
    expect(named.local).toMatchObject({ match: 'city', city: 'Lewisville' });
    expect(named.amounts?.tax).toBe('8.25');
    // A city that is not one of the ZIP's areas changes nothing, and the note says so.
    const unknown = explainTaxRate({ ...good, to_country: 'US', to_postal_code: '75056', to_city: 'Paris' }, remote);
    expect(unknown.local?.match).toBe('zip_majority');
    expect(unknown.amounts?.tax).toBe(majority.amounts?.tax);
    expect(unknown.notes.join(' ')).toMatch(/ZIP code 75056 spans several local tax areas \(the city named, Paris, is none of them\): /);
  });

  it('a ZIP code the data lacks, with a city the data has: that city’s area', () => {
    // 85001 is a PO-box ZIP code of Phoenix that no city list names: only the city can place it.
    const r = explainTaxRate({ ...good, to_country: 'US', to_postal_code: '85001', to_city: 'Phoenix' }, remote);
    expect(r.local).toMatchObject({ match: 'city_name', county: 'Maricopa County', city: 'Phoenix', alternatives: [] });
    expect(r.lines.map((l) => l.jurisdiction.level)).toEqual(['state', 'county', 'city']);
    const byZip = explainTaxRate({ ...good, to_country: 'US', to_postal_code: '85004', to_city: 'Phoenix' }, remote);
    expect(byZip.local).toMatchObject({ match: 'zip', city: 'Phoenix' });
    expect(r.amounts?.tax).toBe(byZip.amounts?.tax);
    expect(r.notes[0]).toBe('ZIP code 85001 is not in the local tax data of Arizona (PO-box ZIP codes have no Census area): the local taxes of the city named are charged, Phoenix, Maricopa County.');
    // A city across county lines: the area of most of its ZIP codes, the others as alternatives.
    const peoria = explainTaxRate({ ...good, to_country: 'US', to_postal_code: '85380', to_city: 'PEORIA' }, remote);
    expect(peoria.local).toMatchObject({ match: 'city_name', county: 'Maricopa County', city: 'Peoria' });
    expect(peoria.local?.alternatives).toEqual([{ county: 'Yavapai County', city: 'Peoria', share: expect.any(Number), rate: expect.any(String) }]);
    expect(peoria.notes[0]).toMatch(/It lies in several local tax areas: the one of most of its ZIP codes \(\d+(\.\d)? %\) is used; the others: Peoria, Yavapai County/);
    // A city the data does not have: the state's rate, and the note names the city.
    const none = explainTaxRate({ ...good, to_country: 'US', to_postal_code: '85001', to_city: 'Atlantis' }, remote);
    expect(none.local).toMatchObject({ match: 'none', county: null, city: null });
    expect(none.lines).toHaveLength(1);
    expect(none.notes).toContain("ZIP code 85001 is not in the local tax data of Arizona, nor is a city named Atlantis: only the state's tax is charged, and local taxes may apply.");
  });

  it('PO-box and unique ZIP codes a city list names are in the data, at the city’s area', () => {
    // 85327 is Cave Creek's PO-box ZIP code, 94302 Palo Alto's, 32538 Paxton's (Walton County, Florida).
    const caveCreek = explainTaxRate({ ...good, to_country: 'US', to_postal_code: '85327' }, remote);
    expect(caveCreek.local).toMatchObject({ match: 'zip', county: 'Maricopa County', city: 'Cave Creek' });
    expect(caveCreek.amounts?.tax).toBe(explainTaxRate({ ...good, to_country: 'US', to_postal_code: '85331', to_city: 'Cave Creek' }, remote).amounts?.tax);
    const paxton = explainTaxRate({ ...good, to_country: 'US', to_postal_code: '32538' }, remote);
    expect(paxton.local).toMatchObject({ match: 'zip', county: 'Walton County', city: null });
    expect(paxton.lines.map((l) => [l.jurisdiction.name, l.rate])).toEqual([['Florida', '6'], ['Walton County', '1']]);
    const ca = (data.usLocal ?? []).find((l) => l.state === 'CA') as UsLocalRules;
    expect(ca.zips.filter((z) => z[0] === '94302')).toEqual([['94302', expect.stringMatching(/ p55282$/), 100]]);
    expect(ca.notes?.some((n) => n.includes('94302 (Palo Alto)'))).toBe(true);
  });

  it('a ZIP code without a Census area and without a city: the state rate, and the answer says local taxes may apply', () => {
    const r = explainTaxRate({ ...good, to_country: 'US', to_postal_code: '85001' }, remote);
    expect(r.lines).toHaveLength(1);
    expect(r.local).toMatchObject({ match: 'none', county: null, city: null });
    expect(r.notes).toContain("ZIP code 85001 is not in the local tax data of Arizona: only the state's tax is charged, and local taxes may apply.");
  });

  it('a state with every local tax modelled says nothing of coverage; one without says what is missing', () => {
    // Florida's only note on a line of goods is its surtax's limit per item.
    expect(explainTaxRate({ ...good, to_country: 'US', to_postal_code: '33131' }, remote).notes).toEqual([expect.stringMatching(/^Florida's discretionary sales surtax applies only to the first \$5,000 /)]);
    expect(explainTaxRate({ ...good, product_type: 'service', to_country: 'US', to_postal_code: '33131' }, remote).notes).toEqual([]);
    expect(explainTaxRate({ ...good, to_country: 'US', to_postal_code: '77002' }, remote).notes.join(' ')).toMatch(/^Not every local tax of Texas is in the rules: /);
  });

  it('city names compare without case, accents, punctuation or "City of"', () => {
    expect(cityKey('City of  St. Louis')).toBe('saint louis');
    expect(cityKey('San José')).toBe('san jose');
    expect(cityKey('Ft. Worth')).toBe('fort worth');
    expect(cityKey('Lewisville city')).toBe(cityKey('LEWISVILLE'));
  });
});

describe('sourcing', () => {
  it('an in-state seller in an origin-based state charges its own local taxes', () => {
    const r = explainTaxRate({ ...good, to_country: 'US', to_postal_code: '77002' }, austin);
    expect(r.lines.map((l) => l.jurisdiction.name)).toEqual(['Texas', 'Austin', 'Austin MTA (Capital Metro)']);
    expect(r.local).toMatchObject({ sourcedAt: 'origin', city: 'Austin', county: 'Travis County' });
    expect(r.jurisdiction).toMatchObject({ city: 'Austin', county: 'Travis County' });
    expect(r.notes[0]).toMatch(/^Texas sources local taxes of an in-state seller to its place of business/);
  });

  it('a seller outside the state charges the destination', () => {
    expect(explainTaxRate({ ...good, to_country: 'US', to_postal_code: '77002' }, remote).local?.sourcedAt).toBe('destination');
  });

  it('an in-state seller in an origin-based state without a postal code is refused (400)', () => {
    const err = refused(() => explainTaxRate({ ...good, to_country: 'US', to_postal_code: '77002' }, registeredIn('US', [TX], { currency: 'USD', postal_code: undefined, region: 'TX' } as never)));
    expect(err.status).toBe(400);
  });

  it('a destination-based state charges the destination for an in-state seller too', () => {
    const miami = registeredIn('US', [840012], { postal_code: '33131', currency: 'USD' });
    const r = explainTaxRate({ ...good, to_country: 'US', to_postal_code: '32801' }, miami);
    expect(r.local).toMatchObject({ sourcedAt: 'destination', county: 'Orange County' });
  });
});

describe('results', () => {
  it('a local rate before its recorded history is refused (422), not taken as zero', () => {
    const err = refused(() => explainTaxRate({ ...good, to_country: 'US', to_postal_code: '77002', date: '2026-05-03' }, remote));
    expect(err.status).toBe(422);
    expect(err.message).toMatch(/recorded from 2026-05-04/);
  });

  it('a seller not registered in the state gets not_registered, with the county and city named', () => {
    const r = explainTaxRate({ ...good, to_country: 'US', to_postal_code: '77002' }, registeredIn('US', [840006], { postal_code: '94103', currency: 'USD' }));
    expect(r.status).toBe('not_registered');
    expect(r.jurisdiction).toMatchObject({ county: 'Harris County', city: 'Houston' });
  });

  it('v20260309 lists each jurisdiction with its amount, and they add up to the total tax', () => {
    const r = calculate({ customer_address: { country: 'US', postal_code: '10001' }, currency: 'USD', tax_date: 1780315200, line_items: [{ reference: 'a', amount: '100.00', tax_code: 'standard' }] }, remote);
    expect(r.total_tax).toBe('8.88');
    const taxes = r.line_items[0]?.taxes ?? [];
    expect(taxes.map((t) => t.amount)).toEqual(['4.00', '4.50', '0.38']);
  });

  it('listJurisdictions lists a state\'s local jurisdictions after it', () => {
    const ny = listJurisdictions({ country: 'US', region: 'NY' });
    expect(ny[0]?.name).toBe('New York');
    expect(ny.some((j) => j.level === 'district' && j.name === 'Metropolitan Commuter Transportation District')).toBe(true);
  });
});

describe('state rates before the local history', () => {
  // A ZIP code reaches the local data (and a day before it is refused); a state named
  // without a ZIP code is answered at the state's rate, so its own history stays usable.
  const stateOnly = (region: string, date: string) => {
    const r = determine({
      date,
      origin: { country: 'US', region: 'NJ', postalCode: '07030' },
      destination: { country: 'US', region },
      taxCode: 'standard',
      productType: 'good',
      taxBehavior: 'exclusive',
      currency: 'USD',
      registrations: [{ jurisdictionId: region === 'KS' ? 840020 : 840046 }],
    });
    expect(r.lines).toHaveLength(1);
    return { rate: r.lines[0]?.rate, notes: r.notes };
  };

  it('gives Kansas 6.15 % on 2015-06-30 and 6.5 % from 2015-07-01 (K.S.A. 79-3603, 2015 SB 270)', () => {
    expect(stateOnly('KS', '2015-06-30').rate).toBe('6.15');
    expect(stateOnly('KS', '2015-07-01').rate).toBe('6.5');
  });

  it('gives South Dakota 4.5 % on 2023-06-30 and 4.2 % from 2023-07-01 (SDCL 10-45-2, HB 1137 of 2023)', () => {
    expect(stateOnly('SD', '2023-06-30').rate).toBe('4.5');
    expect(stateOnly('SD', '2023-07-01').rate).toBe('4.2');
    expect(stateOnly('SD', '2023-07-01').notes.join(' ')).toMatch(/Without a ZIP code the local taxes of South Dakota are not known/);
  });

  it('refuses the same day with a ZIP code, whose local taxes are recorded from a later day', () => {
    const e = refused(() => explainTaxRate({ ...good, to_country: 'US', to_postal_code: '66603', date: '2015-07-01' }, registeredIn('US', [840020], { postal_code: '07030', currency: 'USD' })));
    expect(e.status).toBe(422);
  });
});

describe('Hawaii, Idaho, New Mexico, Vermont and Washington', () => {
  /** A seller in New Jersey registered in the five states. */
  const seller = registeredIn('US', [840015, 840016, 840035, 840050, 840053], { postal_code: '07030', currency: 'USD' });
  const combined = (zip: string, date: string, city?: string) => {
    const r = explainTaxRate({ ...good, to_country: 'US', to_postal_code: zip, date, ...(city ? { to_city: city } : {}) }, seller);
    return r.lines.filter((l) => l.group === 'main').reduce((sum, l) => sum + l.rateUnits, 0) / 10_000;
  };

  it('Hawaii: the county surcharges with their start dates (Maui from 2024-01-01, Hawaii County 0.25 % in 2019)', () => {
    expect(combined('96813', '2026-09-15')).toBe(4.5);
    expect(combined('96732', '2023-12-31')).toBe(4);
    expect(combined('96732', '2024-01-01')).toBe(4.5);
    expect(combined('96720', '2018-12-31')).toBe(4);
    expect(combined('96720', '2019-01-01')).toBe(4.25);
    expect(combined('96720', '2020-01-01')).toBe(4.5);
    expect(combined('96766', '2019-01-01')).toBe(4.5);
    expect(refused(() => combined('96813', '2006-12-31')).status).toBe(422);
  });

  it('Texas: county taxes county-wide, city taxes of the Comptroller\'s list, combined rates split (Tex. Tax Code § 323.103)', () => {
    const lines = (zip: string, city?: string, date: string = good.date) =>
      explainTaxRate({ ...good, date, to_country: 'US', to_postal_code: zip, ...(city ? { to_city: city } : {}) }, remote).lines.map((l) => [l.jurisdiction.name, l.jurisdiction.level, l.rate]);
    // Tyler: open-sales-tax's combined 2 % split into Smith County's 0.5 % and the city's 1.5 %.
    expect(lines('75701')).toEqual([['Texas', 'state', '6.25'], ['Smith County', 'county', '0.5'], ['Tyler', 'city', '1.5']]);
    // Unincorporated Smith County: the county's tax alone.
    expect(lines('75762')).toEqual([['Texas', 'state', '6.25'], ['Smith County', 'county', '0.5']]);
    // El Paso: the city's own 1 % kept, with the county and the transit authority.
    expect(lines('79901')).toEqual([['Texas', 'state', '6.25'], ['El Paso County', 'county', '0.5'], ['El Paso', 'city', '1'], ['El Paso MTA (Sun Metro)', 'district', '0.5']]);
    // The Colony, a city only the Comptroller's list gives.
    expect(lines('75056', 'The Colony')).toEqual([['Texas', 'state', '6.25'], ['The Colony', 'city', '2']]);
    // The list's rates are recorded from 2026-07-01, the first day of the quarter it fell in, and back to 2026-05-19 by TaxLocus's weekly tables.
    expect(refused(() => explainTaxRate({ ...good, date: '2026-05-18', to_country: 'US', to_postal_code: '75701' }, remote)).message).toMatch(/Smith County \(TX\) is recorded from 2026-05-19/);
    expect(lines('75762', undefined, '2026-06-30')).toEqual(lines('75762'));
    // No address is taxed above the 2 % local cap (Tex. Tax Code §§ 321.101, 323.101).
    const tx = (data.usLocal ?? []).find((l) => l.state === 'TX') as UsLocalRules;
    const rate = new Map(tx.jurisdictions.map((j) => [j.code, Number(j.rates.at(-1)?.rate)]));
    const over = tx.zips.filter(([, codes]) => codes.split(' ').reduce((sum, c) => sum + (rate.get(c) ?? 0), 0) > 2 + 1e-9).map(([zip, codes]) => `${zip} ${codes}`);
    expect(over).toEqual([]);
  });

  it('Illinois, Alabama and Arizona: the cities of the Departments of Revenue\'s lists, Illinois\'s combined rates less the county\'s', () => {
    const both = registeredIn('US', [840017, 840001], { postal_code: '07030', currency: 'USD' });
    const lines = (zip: string, city: string, date: string = good.date) =>
      explainTaxRate({ ...good, date, to_country: 'US', to_postal_code: zip, to_city: city }, both).lines.map((l) => [l.jurisdiction.name, l.jurisdiction.level, l.rate]);
    // Urbana: the list's 2.75 % less Champaign County's 1.25 %.
    expect(lines('61801', 'Urbana')).toEqual([['Illinois', 'state', '6.25'], ['Champaign County', 'county', '1.25'], ['Urbana', 'city', '1.5']]);
    // Chicago keeps open-sales-tax's rate, which equals the list's 4.25 % less Cook County's 3 %.
    expect(lines('60601', 'Chicago')).toEqual([['Illinois', 'state', '6.25'], ['Cook County', 'county', '1.75'], ['Chicago', 'city', '1.25'], ['RTA (Cook County)', 'district', '1']]);
    // Abbeville, Alabama: the list's own rate of the city.
    expect(lines('36310', 'Abbeville')).toEqual([['Alabama', 'state', '4'], ['Henry County', 'county', '2'], ['Abbeville', 'city', '3']]);
    expect(refused(() => lines('36310', 'Abbeville', '2026-05-18')).message).toMatch(/Abbeville \(AL\) is recorded from 2026-05-19/);
    // Benson, Arizona: a town only the Department's list gives, at its own 3.5 % (on Cochise County's 1 %, from 2026-07-01).
    const benson = explainTaxRate({ ...good, to_country: 'US', to_postal_code: '85602', to_city: 'Benson' }, remote);
    expect(benson.lines.map((l) => [l.jurisdiction.name, l.rate])).toEqual([['Arizona', '5.6'], ['Cochise County', '1'], ['Benson', '3.5']]);
  });

  it('California: the changes since CDTFA\'s table of 2026-01-01 as dated periods (Santa Clara County\'s Measure A from 2026-04-01 for five years)', () => {
    const ca = registeredIn('US', [840006], { postal_code: '07030', currency: 'USD' });
    const rate = (zip: string, city: string, date: string) => explainTaxRate({ ...good, date, to_country: 'US', to_postal_code: zip, to_city: city }, ca).lines.map((l) => [l.jurisdiction.name, l.rate]);
    expect(rate('95110', 'San Jose', '2026-03-31')).toEqual([['California', '7.25'], ['Santa Clara County', '1.875'], ['San Jose', '0.25']]);
    expect(rate('95110', 'San Jose', '2026-04-01')).toEqual([['California', '7.25'], ['Santa Clara County', '2.5'], ['San Jose', '0.25']]);
    expect(rate('95110', 'San Jose', '2031-04-01')).toEqual([['California', '7.25'], ['Santa Clara County', '1.875'], ['San Jose', '0.25']]);
    const line = explainTaxRate({ ...good, date: '2026-09-15', to_country: 'US', to_postal_code: '95110', to_city: 'San Jose' }, ca).lines[1];
    expect(line?.source).toMatch(/Measure A of 2025-11-04/);
    expect(rate('90670', 'Santa Fe Springs', '2026-09-15').at(-1)).toEqual(['Santa Fe Springs', '1.25']);
  });

  it('Idaho: resort cities at their general retail rate, the rest of the state at 6 %', () => {
    expect(combined('83340', '2026-09-15', 'Ketchum')).toBe(8);
    expect(combined('83353', '2026-09-15')).toBe(9);
    expect(combined('83702', '2026-09-15')).toBe(6);
    // Ketchum's 2 % (the State Tax Commission) is TaxLocus's too, unchanged in its weekly tables from 2026-05-19.
    expect(combined('83340', '2026-05-19', 'Ketchum')).toBe(8);
    expect(refused(() => combined('83340', '2026-05-18', 'Ketchum')).status).toBe(422);
  });

  it('New Mexico\'s state rate without a ZIP code: 5 % on 2023-06-30, 4.875 % from 2023-07-01 (NMSA 1978 § 7-9-4, H.B. 163 of 2022)', () => {
    const rate = (date: string) =>
      determine({ date, origin: { country: 'US', region: 'NJ', postalCode: '07030' }, destination: { country: 'US', region: 'NM' }, taxCode: 'standard', productType: 'good', taxBehavior: 'exclusive', currency: 'USD', registrations: [{ jurisdictionId: 840035 }] }).lines[0]?.rate;
    expect(rate('2023-06-30')).toBe('5');
    expect(rate('2023-07-01')).toBe('4.875');
  });

  it('New Mexico: a municipality\'s location rate and a county remainder', () => {
    expect(combined('87102', '2026-09-15')).toBe(7.625);
    expect(combined('88001', '2026-09-15')).toBe(8.39);
    const r = explainTaxRate({ ...good, to_country: 'US', to_postal_code: '87501', date: '2026-09-15', to_city: 'Santa Fe' }, seller);
    expect(r.jurisdiction).toMatchObject({ county: 'Santa Fe County', city: 'Santa Fe' });
    expect(combined('87501', '2026-09-15', 'Santa Fe')).toBe(8.1875);
    expect(refused(() => combined('87102', '2026-05-18')).status).toBe(422);
  });

  it('Vermont: the 1 % local option tax by town, from the day the Department of Taxes gives', () => {
    expect(combined('05401', '2006-06-30')).toBe(6);
    expect(combined('05401', '2006-07-01')).toBe(7);
    expect(combined('05201', '2026-09-15')).toBe(6);
    // Killington's tax was rescinded from 2018-07-01.
    expect(combined('05751', '2018-06-30', 'Killington')).toBe(7);
    expect(combined('05751', '2018-07-01', 'Killington')).toBe(6);
    // Essex Junction, a town of its own since 2022, from the October 2022 date.
    expect(combined('05452', '2022-09-30', 'Essex Junction')).toBe(6);
    expect(combined('05452', '2022-10-01', 'Essex Junction')).toBe(7);
    // Montpelier is in TaxLocus's tables only: recorded back to 2026-05-19 by its weekly tables.
    expect(combined('05602', '2026-07-01', 'Montpelier')).toBe(7);
    expect(combined('05602', '2026-05-19', 'Montpelier')).toBe(7);
    expect(refused(() => combined('05602', '2026-05-18', 'Montpelier')).status).toBe(422);
  });

  it('Washington: the Department of Revenue\'s combined local rates by city and unincorporated county', () => {
    expect(combined('98101', '2026-09-15')).toBe(10.55);
    expect(combined('99201', '2026-09-15')).toBe(9.1);
    expect(combined('98004', '2026-09-15', 'Bellevue')).toBe(10.3);
    expect(combined('98660', '2026-09-15', 'Vancouver')).toBe(8.9);
    const r = explainTaxRate({ ...good, to_country: 'US', to_postal_code: '98101', date: '2026-09-15' }, seller);
    expect(r.lines.map((l) => l.jurisdiction.level)).toEqual(['state', 'county', 'city']);
  });

  it('Washington from 2019-01-01: the Department of Revenue\'s quarterly tables by location code, 2026 Q3 carried into Q4', () => {
    // wa_location_rates_2019Q1_2026Q2.csv row 2: 2019Q1, location code 1401 Aberdeen, local 0.0243, total 0.0893.
    expect(combined('98520', '2019-03-15', 'Aberdeen')).toBe(8.93);
    // Row 714: 2019Q3, 1401 Aberdeen, local 0.0248: the rise from the quarter's first day.
    expect(combined('98520', '2019-06-30', 'Aberdeen')).toBe(8.93);
    expect(combined('98520', '2019-07-01', 'Aberdeen')).toBe(8.98);
    // Row 65: 2019Q1, 1402 Cosmopolis, local 0.023 (the county's unincorporated rate too, row 120).
    expect(combined('98520', '2019-03-15', 'Cosmopolis')).toBe(8.8);
    // Row 6438: 2023Q2, 1726 SEATTLE, local 0.0375, total 0.1025.
    expect(combined('98101', '2023-06-01')).toBe(10.25);
    // Row 271: 2019Q1, 1726 Seattle, local 0.036.
    expect(combined('98101', '2019-01-01')).toBe(10.1);
    // 2026 Q2 (row 11256, 0.0405), Q3 (TaxLocus) and Q4 (RCW 82.14.055: no local change on 1 October).
    expect(combined('98101', '2026-06-30')).toBe(10.55);
    expect(combined('98101', '2026-10-15')).toBe(10.55);
    const e = refused(() => combined('98101', '2018-12-31'));
    expect(e.status).toBe(422);
    expect(e.message).toMatch(/recorded from 2019-01-01/);
  });
});

describe('TaxLocus’s weekly tables (2026-05-19 to 2026-08-18): the local rates recorded back to 2026-05-19', () => {
  const remoteSeller = registeredIn('US', [840020, 840001], { postal_code: '07030', currency: 'USD' });
  const cityRate = (zip: string, city: string, date: string) => explainTaxRate({ ...good, date, to_country: 'US', to_postal_code: zip, to_city: city }, remoteSeller).lines.find((l) => l.jurisdiction.level === 'city')?.rate;

  it('a change the log shows between two weekly tables is dated by the state’s change days: Frontenac KS from 2026-07-01', () => {
    // Change log row: 2026-06-30 → 2026-07-07, KS, city, Frontenac, 0.0125 → 0.02; Kansas (a Streamlined Sales Tax state) changes local rates on a quarter's first day.
    expect(cityRate('66763', 'Frontenac', '2026-05-19')).toBe('1.25');
    expect(cityRate('66763', 'Frontenac', '2026-06-30')).toBe('1.25');
    expect(cityRate('66763', 'Frontenac', '2026-07-01')).toBe('2');
    expect(cityRate('66763', 'Frontenac', '2026-09-15')).toBe('2');
  });

  it('Alabama’s monthly change days: Calera 4 % until 2026-05-31, 5 % from 2026-06-01 (seen between the tables of 2026-05-27 and 2026-06-30)', () => {
    expect(cityRate('35040', 'Calera', '2026-05-31')).toBe('4');
    expect(cityRate('35040', 'Calera', '2026-06-01')).toBe('5');
  });

  it('Virginia: every locality’s combined rate in TaxLocus’s weekly tables is the file’s, so its lines are recorded from 2026-05-19', () => {
    const richmond = (date: string) => explainTaxRate({ ...good, date, to_country: 'US', to_postal_code: '23219' }, registeredIn('US', [840051], { postal_code: '07030', currency: 'USD' }));
    expect(richmond('2026-05-19').lines.map((l) => l.rate)).toEqual(richmond('2026-09-15').lines.map((l) => l.rate));
    expect(refused(() => richmond('2026-05-18')).message).toMatch(/recorded from 2026-05-19/);
  });

  it('a day before the first weekly table is refused (422), naming the day the state is recorded from', () => {
    const e = refused(() => cityRate('66763', 'Frontenac', '2026-05-18'));
    expect(e.status).toBe(422);
    expect(e.message).toMatch(/\(KS\) is recorded from 2026-05-19, not on 2026-05-18/);
  });
});

describe('Arizona: where open-sales-tax and the Department of Revenue’s list disagree', () => {
  const seller = registeredIn('US', [840004], { postal_code: '07030', currency: 'USD' });
  const combined = (zip: string, date: string, city?: string) => {
    const r = explainTaxRate({ ...good, to_country: 'US', to_postal_code: zip, date, ...(city ? { to_city: city } : {}) }, seller);
    return r.lines.filter((l) => l.group === 'main').reduce((sum, l) => sum + l.rateUnits, 0) / 10_000;
  };

  it('takes the Department’s city rate where its city profile settles it: Sahuarita 2 %, not 5 %', () => {
    // 5.6 % state + 0.5 % Pima County + 2 % Sahuarita.
    expect(combined('85629', '2026-09-15', 'Sahuarita')).toBe(8.1);
    expect(combined('85353', '2026-09-15', 'Tolleson')).toBe(8.8);
  });

  it('records a rise after the Department’s table of 2026-05-01 from its day: Florence and Cochise County on 2026-07-01', () => {
    expect(combined('85132', '2026-06-30', 'Florence') - combined('85132', '2026-07-01', 'Florence')).toBeCloseTo(-1.5, 10);
    expect(combined('85635', '2026-06-30', 'Sierra Vista')).toBe(8.05);
    expect(combined('85635', '2026-07-01', 'Sierra Vista')).toBe(8.55);
  });
});
