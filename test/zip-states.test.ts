/**
 * US ZIP code → state (rules/us/zip-states.json, built by scripts/import-us-zip-states.ts).
 * Expected states are the USPS's: the state of the post office a ZIP belongs to.
 */
import { describe, expect, it } from 'vitest';
import { calculateTaxRate } from '../src/adapters/v20241028.js';
import { refused, registeredEverywhere } from './helpers.js';

const account = registeredEverywhere();
const stateOf = (zip: string) => calculateTaxRate({ to_country: 'US', to_postal_code: zip, tax_code: 'standard', product_type: 'good', date: '2026-09-01' }, account).region;

describe('US ZIP codes', () => {
  it('places the IRS’s and other unique ZIPs, which have no ZCTA, in the state USPS gives them', () => {
    const cases: [string, string][] = [
      ['73301', 'TX'], // Austin, IRS
      ['73344', 'TX'],
      ['00501', 'NY'], // Holtsville, IRS
      ['00544', 'NY'],
      ['05501', 'MA'], // Andover, IRS: a Massachusetts prefix among Vermont's 05
      ['05544', 'MA'],
      ['39901', 'GA'], // Atlanta, IRS
      ['45999', 'OH'], // Cincinnati, IRS
      ['84201', 'UT'], // Ogden, IRS
      ['94203', 'CA'], // Sacramento, state government
      ['56901', 'DC'], // parcel return service
    ];
    for (const [zip, state] of cases) expect(stateOf(zip), zip).toBe(state);
  });

  it('gives a ZIP whose area crosses a state line the state of its post office', () => {
    const cases: [string, string][] = [
      ['82801', 'WY'], // Sheridan (reaches into Montana)
      ['99362', 'WA'], // Walla Walla (reaches into Oregon)
      ['89060', 'NV'], // Pahrump (reaches into California)
      ['03579', 'NH'], // Errol (reaches into Maine)
      ['97635', 'OR'], // New Pine Creek (reaches into California)
      ['57717', 'SD'], // Belle Fourche
      ['57068', 'SD'], // Valley Springs (reaches into Minnesota)
      ['02861', 'RI'], // Pawtucket
    ];
    for (const [zip, state] of cases) expect(stateOf(zip), zip).toBe(state);
  });

  it('still refuses a ZIP it cannot place rather than guessing (a unique ZIP in a prefix two states share)', () => {
    const e = refused(() => stateOf('83415')); // Idaho Falls ID, in the 834 prefix that Wyoming's Alta shares
    expect(e.status).toBe(406);
    expect(e.issues.map((i) => i.path.join('.'))).toEqual(['to_postal_code']);
  });
});
