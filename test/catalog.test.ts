import { describe, expect, it } from 'vitest';
import { getJurisdiction, getTaxCode, listJurisdictions, listTaxCodes } from '../src/catalog.js';
import { TaxRulesError } from '../src/core/errors.js';

describe('jurisdictions', () => {
  it('lists country-level jurisdictions with region=none', () => {
    const none = listJurisdictions({ region: 'none' });
    expect(none.every((j) => j.region === '')).toBe(true);
    expect(none.map((j) => j.country)).toEqual(expect.arrayContaining(['DE', 'FR', 'GB', 'CH', 'AU', 'CA', 'US', 'EU']));
  });

  it('filters by country and region, case-sensitively', () => {
    expect(listJurisdictions({ country: 'US' })).toHaveLength(52);
    expect(listJurisdictions({ country: 'us' })).toEqual([]);
    expect(listJurisdictions({ country: 'US', region: 'TX' })).toEqual([{ id: 840048, name: 'Texas', country: 'US', region: 'TX' }]);
    expect(listJurisdictions({ country: 'CA' })).toHaveLength(14);
  });

  it('has stable, unique integer ids', () => {
    const all = listJurisdictions();
    expect(new Set(all.map((j) => j.id)).size).toBe(all.length);
    expect(all.every((j) => Number.isInteger(j.id) && j.id > 0)).toBe(true);
    expect(getJurisdiction(9000)).toEqual({ id: 9000, name: 'EU One-Stop Shop (OSS)', country: 'EU', region: '' });
    expect(getJurisdiction(724035)).toMatchObject({ country: 'ES', region: 'CN' });
  });

  it('refuses an unknown id with a 404', () => {
    expect(() => getJurisdiction(1)).toThrow(TaxRulesError);
    try {
      getJurisdiction(1);
    } catch (e) {
      expect((e as TaxRulesError).status).toBe(404);
    }
  });
});

describe('tax codes', () => {
  it('lists the seven codes of the spec', () => {
    expect(listTaxCodes().map((c) => c.id).sort()).toEqual(['consulting', 'ebook', 'eservice', 'exempt', 'reduced', 'saas', 'standard']);
    expect(getTaxCode('ebook')).toMatchObject({ id: 'ebook', name: 'E-book' });
    expect(() => getTaxCode('books')).toThrow(/no tax code "books"; did you mean ebook\? the tax codes are consulting, /);
    expect(() => getTaxCode('food')).toThrow(/no tax code "food"; the tax codes are consulting, /);
  });
});
