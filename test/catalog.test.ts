import { describe, expect, it } from 'vitest';
import { getJurisdiction, getTaxCode, listJurisdictions, listTaxCodes } from '../src/catalog.js';
import { TaxRulesError } from '../src/core/errors.js';

describe('jurisdictions', () => {
  it('lists country-level jurisdictions with region=none', () => {
    const none = listJurisdictions({ region: 'none' });
    expect(none.every((j) => j.region === null)).toBe(true);
    expect(none.map((j) => j.country)).toEqual(expect.arrayContaining(['DE', 'FR', 'GB', 'CH', 'AU', 'CA', 'US', 'EU']));
  });

  it('filters by country and region, case-sensitively', () => {
    const us = listJurisdictions({ country: 'US' });
    expect(us.filter((j) => j.level === undefined)).toHaveLength(53); // the country, 50 states, DC and Puerto Rico
    expect(listJurisdictions({ country: 'us' })).toEqual([]);
    const tx = listJurisdictions({ country: 'US', region: 'TX' });
    expect(tx[0]).toEqual({ id: 840048, name: 'Texas', country: 'US', region: 'TX' });
    // Texas's local jurisdictions follow the state, each with its level: counties, cities, transit authorities.
    expect(tx).toContainEqual({ id: 84048201, name: 'Harris County', country: 'US', region: 'TX', level: 'county' });
    expect(tx).toContainEqual({ id: 8404835000, name: 'Houston', country: 'US', region: 'TX', level: 'city' });
    expect(tx.filter((j) => j.level === 'district').map((j) => j.name)).toContain('Houston MTA (METRO)');
    expect(tx.slice(1).every((j) => j.level !== undefined && j.region === 'TX')).toBe(true);
    expect(us.filter((j) => j.level !== undefined).every((j) => j.id >= 84001001)).toBe(true);
    expect(listJurisdictions({ country: 'CA' })).toHaveLength(14);
  });

  it('has stable, unique integer ids', () => {
    const all = listJurisdictions();
    expect(new Set(all.map((j) => j.id)).size).toBe(all.length);
    expect(all.every((j) => Number.isInteger(j.id) && j.id > 0)).toBe(true);
    expect(getJurisdiction(9000)).toEqual({ id: 9000, name: 'EU One-Stop Shop (OSS)', country: 'EU', region: null });
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
  it('lists the seven codes of the spec as the spec gives them, then the product categories', () => {
    const codes = listTaxCodes();
    expect(codes.slice(0, 7).map((c) => c.id).sort()).toEqual(['consulting', 'ebook', 'eservice', 'exempt', 'reduced', 'saas', 'standard']);
    expect(codes.slice(0, 7).every((c) => Object.keys(c).join() === 'id,name,description')).toBe(true);
    expect(codes.length).toBeGreaterThanOrEqual(27);
    expect(codes.slice(7).every((c) => c.kind === 'category' && (c.supply === 'goods' || c.supply === 'services' || c.supply === 'digital'))).toBe(true);
    expect(getTaxCode('ebook')).toEqual({ id: 'ebook', name: 'E-book', description: expect.any(String) });
    expect(getTaxCode('food')).toMatchObject({ id: 'food', kind: 'category', supply: 'goods' });
    expect(getTaxCode('children_clothing')).toMatchObject({ kind: 'category', supply: 'goods', parent: 'clothing' });
    expect(getTaxCode('accommodation')).toMatchObject({ supply: 'services' });
    expect(() => getTaxCode('bookz')).toThrow(/no tax code "bookz"; did you mean books\? the tax code must be one of: consulting, ebook, eservice, exempt, reduced, saas, standard … and \d+ more \(listTaxCodes\(\) or GET \/tax_codes lists them\)$/);
    expect(() => getTaxCode('groceries')).toThrow(/no tax code "groceries"; the tax code must be one of: consulting, /);
  });
});
