/**
 * Location: where an address is for tax on a day — territory rules by postal code, the
 * region from the postal code, and the refusals where the region decides the tax. On the
 * mini rule set (test/support/mini-rules.ts).
 */
import { describe, expect, it } from 'vitest';
import { locate, regimeOf } from '../../../src/core/location.js';
import { dayNumber } from '../../../src/core/dates.js';
import type { Address } from '../../../src/core/types.js';
import { miniRules as rules } from '../../support/mini-rules.js';
import { refusal } from '../../support/refusal.js';

const day = dayNumber('2024-06-01');
const where = (address: Address, on = day, role: 'origin' | 'destination' = 'destination') => locate(rules, address, on, 'digital', role);

describe('an address without special rules', () => {
  it('is in its country, at the country level', () => {
    const l = where({ country: 'XA', postalCode: '10115' });
    expect(l).toMatchObject({ typed: 'XA', region: null, territory: null, excluded: false, excludedFrom: null, rates: null, notes: [] });
    expect(l.country?.code).toBe('XA');
    expect(l.jurisdiction?.id).toBe(901);
  });

  it('reads the typed country in any case and with spaces', () => {
    expect(where({ country: ' xb ' }).jurisdiction?.id).toBe(902);
  });

  it('in a country without rules has no country and no jurisdiction', () => {
    const l = where({ country: 'XZ', postalCode: '12345' });
    expect(l).toMatchObject({ typed: 'XZ', country: null, jurisdiction: null, excluded: false });
  });

  it('in a country without regions ignores a region', () => {
    expect(where({ country: 'XB', region: 'QQ' })).toMatchObject({ region: null, jurisdiction: { id: 902 } });
  });
});

describe('territories', () => {
  it('an excluded territory is outside its typed country: no jurisdiction, no regime', () => {
    const l = where({ country: 'XA', postalCode: '99123' });
    expect(l.excluded).toBe(true);
    expect(l.territory?.id).toBe('XA-FREE');
    expect(l.excludedFrom?.code).toBe('XA');
    expect(l.jurisdiction).toBeNull();
    expect(l.notes).toEqual(['The Free Port is outside the XU VAT area.']);
    expect(regimeOf(l, day, 'digital')).toBeNull();
  });

  it('matches the normalised postal code (spaces, a country prefix)', () => {
    expect(where({ country: 'XA', postalCode: ' 99 123 ' }).territory?.id).toBe('XA-FREE');
    expect(where({ country: 'XA', postalCode: 'XA-99123' }).territory?.id).toBe('XA-FREE');
    expect(where({ country: 'XA', postalCode: '99123 ' }).excluded).toBe(true);
  });

  it('follows the territory treatment of the day: no special treatment until 2011-12-31, excluded from 2012-01-01', () => {
    const before = where({ country: 'XA', postalCode: '99123' }, dayNumber('2011-12-31'));
    expect(before).toMatchObject({ territory: null, excluded: false, jurisdiction: { id: 901 } });
    expect(where({ country: 'XA', postalCode: '99123' }, dayNumber('2012-01-01')).excluded).toBe(true);
  });

  it('a territory taxed as its own country keeps the country, reports its region and carries its own rates', () => {
    const l = where({ country: 'XA', postalCode: '81234' });
    expect(l.territory?.id).toBe('XA-SUN');
    expect(l.country?.code).toBe('XA');
    expect(l.jurisdiction?.id).toBe(901);
    expect(l.region).toBe('SI');
    expect(l.excluded).toBe(false);
    expect(l.excludedFrom).toBeNull();
    // Its own standard rate of 12 %; no reduced rate of its own (XA's applies).
    expect(l.rates?.standard?.map((p) => p.rate)).toEqual(['12']);
    expect(l.rates?.reduced).toBeUndefined();
    expect(l.notes).toEqual(['The Sunward Islands are Avalonian VAT territory with their own standard rate.']);
  });

  it('a territory taxed as another country moves to that country and leaves the typed one', () => {
    const l = where({ country: 'XA', postalCode: '77777' });
    expect(l.territory?.id).toBe('XA-BEX');
    expect(l.country?.code).toBe('XB');
    expect(l.jurisdiction?.id).toBe(902);
    expect(l.excludedFrom?.code).toBe('XA');
    expect(l.excluded).toBe(false);
    expect(l.notes).toEqual([]);
    expect(regimeOf(l, day, 'digital')?.id).toBe('XU');
  });

  it('a territory of a country with its own rates applies before any region rule', () => {
    const l = where({ country: 'XE', postalCode: '9123' });
    expect(l.territory?.id).toBe('XE-OUT');
    expect(l.jurisdiction?.id).toBe(905);
    expect(l.rates?.standard?.map((p) => p.rate)).toEqual(['4']);
  });
});

describe('regions', () => {
  it('are derived from the postal code', () => {
    expect(where({ country: 'XC', postalCode: '1234' })).toMatchObject({ region: 'NP', jurisdiction: { id: 903001 } });
    expect(where({ country: 'XC', postalCode: '2345' })).toMatchObject({ region: 'HP', jurisdiction: { id: 903002 } });
    expect(where({ country: 'XC', postalCode: '3456' })).toMatchObject({ region: 'WP', jurisdiction: { id: 903003 } });
    expect(where({ country: 'XD', postalCode: '10001' })).toMatchObject({ region: 'NO', jurisdiction: { id: 904001 } });
    expect(where({ country: 'XD', postalCode: '30001' })).toMatchObject({ region: 'SO', jurisdiction: { id: 904003 } });
  });

  it('are taken as given, in any case, alone or agreeing with the postal code', () => {
    expect(where({ country: 'XC', region: 'HP' }).jurisdiction?.id).toBe(903002);
    expect(where({ country: 'XC', region: ' np ' }).jurisdiction?.id).toBe(903001);
    expect(where({ country: 'XC', region: 'np', postalCode: '1234' }).jurisdiction?.id).toBe(903001);
  });

  it('refuse a region that contradicts the postal code (406)', () => {
    const e = refusal(() => where({ country: 'XC', postalCode: '1234', region: 'HP' }));
    expect(e.status).toBe(406);
    expect(e.issues).toHaveLength(1);
    expect(e.issues[0]?.path).toEqual(['destination', 'postalCode']);
    expect(e.message).toMatch(/in NP, not in HP/);
  });

  it('refuse a region the country does not have (406)', () => {
    const e = refusal(() => where({ country: 'XC', region: 'ZZ' }));
    expect(e.status).toBe(406);
    expect(e.issues[0]?.path).toEqual(['destination', 'region']);
  });

  it('refuse a postal code not of the country, or of none of its regions (406)', () => {
    const malformed = refusal(() => where({ country: 'XC', postalCode: 'AB12' }));
    expect(malformed.status).toBe(406);
    expect(malformed.issues[0]?.path).toEqual(['destination', 'postalCode']);
    // 9999 has the form of a Caldera postal code, but no region rule gives it a province.
    const noRegion = refusal(() => where({ country: 'XC', postalCode: '9999' }));
    expect(noRegion.status).toBe(406);
    expect(noRegion.issues[0]?.path).toEqual(['destination', 'postalCode']);
  });

  it('need a postal code or a region of the customer where the region decides the tax (400)', () => {
    for (const country of ['XC', 'XD']) {
      const e = refusal(() => where({ country }));
      expect(e.status).toBe(400);
      expect(e.code).toBe('invalid_request');
      expect(e.issues[0]).toMatchObject({ path: ['destination', 'postalCode'], code: 'missing' });
    }
  });

  it('are not demanded of the seller: its country is enough', () => {
    expect(where({ country: 'XC' }, day, 'origin')).toMatchObject({ region: null, jurisdiction: { id: 903 } });
    expect(where({ country: 'XC', postalCode: '9999' }, day, 'origin')).toMatchObject({ region: null, jurisdiction: { id: 903 } });
    expect(where({ country: 'XC', postalCode: '2345' }, day, 'origin').jurisdiction?.id).toBe(903002);
    expect(refusal(() => where({ country: 'XC', postalCode: '1234', region: 'HP' }, day, 'origin')).issues[0]?.path).toEqual(['origin', 'postalCode']);
  });
});

describe('the regime of a location', () => {
  it('follows the membership of the day', () => {
    expect(regimeOf(where({ country: 'XB' }, dayNumber('2004-04-30')), dayNumber('2004-04-30'), 'goods')).toBeNull();
    expect(regimeOf(where({ country: 'XB' }, dayNumber('2004-05-01')), dayNumber('2004-05-01'), 'goods')?.id).toBe('XU');
    expect(regimeOf(where({ country: 'XC', postalCode: '1234' }), day, 'services')?.id).toBe('XC');
    expect(regimeOf(where({ country: 'XZ' }), day, 'services')).toBeNull();
  });
});
