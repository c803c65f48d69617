/**
 * The local sales taxes of Colorado and Louisiana (rules/us/local/CO.json and LA.json, from
 * TaxLocus's table of 2026-08-18, recorded from 2026-07-01), through the public API with
 * real ZIP codes.
 */
import { describe, expect, it } from 'vitest';
import { calculate, explainTaxRate } from '../src/index.js';
import { refused, registeredIn } from './helpers.js';

const CO = 840008;
const LA = 840022;
/** A seller in New Jersey, registered in Colorado and Louisiana (a remote seller there). */
const seller = registeredIn('US', [CO, LA], { postal_code: '07030', currency: 'USD' });
const good = { tax_code: 'standard', product_type: 'good', amount: '100', currency: 'USD', date: '2026-09-15' } as const;

const quote = (zip: string, city?: string, date = '2026-09-15') => explainTaxRate({ ...good, date, to_country: 'US', to_postal_code: zip, ...(city ? { to_city: city } : {}) }, seller);
const combined = (zip: string, city?: string, date?: string): number =>
  quote(zip, city, date)
    .lines.filter((l) => l.group === 'main')
    .reduce((sum, l) => sum + l.rateUnits, 0) / 10_000;
/** The lines of the main tax as "level name rate". */
const lines = (zip: string, city?: string): string[] =>
  quote(zip, city)
    .lines.filter((l) => l.group === 'main')
    .map((l) => `${l.jurisdiction.level} ${l.jurisdiction.name} ${l.rateUnits / 10_000}`);

describe('Colorado', () => {
  it('Denver: the city\'s 5.15 %, RTD and SCFD on the state\'s 2.9 % (9.15 %)', () => {
    expect(lines('80202')).toEqual(['state Colorado 2.9', 'city Denver 5.15', 'district Regional Transportation District 1', 'district Scientific and Cultural Facilities District 0.1']);
    const r = quote('80202');
    expect(r.jurisdiction).toMatchObject({ county: 'Denver County', city: 'Denver' });
  });

  it('Boulder and Colorado Springs: county, city and districts (9.195 %, 8.2 % with the Pikes Peak RTA)', () => {
    expect(combined('80302', 'Boulder')).toBe(9.195);
    expect(lines('80903')).toEqual(['state Colorado 2.9', 'county El Paso County 1.23', 'city Colorado Springs 3.07', 'district Pikes Peak Rural Transportation Authority 1']);
    // Unincorporated El Paso County bears the county's tax and the RTA's.
    expect(combined('80930')).toBe(5.13);
  });

  it('a city in several counties: its line in each part, the county\'s tax of that part', () => {
    // Aurora's row is of its Douglas County part (8.75 %): in Arapahoe County 8 %.
    expect(combined('80012', 'Aurora')).toBe(8);
    // Westminster: 4.25 % from 2026-01-01, with RTD in its Adams County part too.
    expect(combined('80030', 'Westminster')).toBe(9);
    expect(combined('80031', 'Westminster')).toBe(8.75);
    // Longmont's line carries RTD's 1 %: not charged twice in Boulder County.
    expect(lines('80501')).toEqual(['state Colorado 2.9', 'county Boulder County 1.335', 'city Longmont 4.53', 'district Scientific and Cultural Facilities District 0.1']);
    expect(combined('80501')).toBe(8.865);
  });

  it('Castle Rock is outside SCFD; Summit County\'s transit and housing taxes apply in Breckenridge', () => {
    expect(combined('80104', 'Castle Rock')).toBe(8.1);
    expect(combined('80424', 'Breckenridge')).toBe(8.875);
    expect(lines('80424', 'Breckenridge')).toContain('district Summit Combined Housing Authority 0.725');
  });

  it('Superior at the Department of Revenue\'s 3.775 %, where TaxLocus\'s rows leave 3.78 %', () => {
    expect(combined('80027', 'Superior')).toBe(9.11);
  });

  it('the notes name what is not modelled; a day before 2026-05-19 (TaxLocus\'s first weekly table) is refused (422)', () => {
    const r = quote('80129');
    expect(r.notes.join(' ')).toMatch(/Not every local tax of Colorado is in the rules/);
    expect(refused(() => quote('80202', undefined, '2026-05-18')).message).toMatch(/recorded from 2026-05-19/);
    expect(quote('80202', undefined, '2026-06-30').lines.length).toBeGreaterThan(1);
  });

  it('v20260309 lists each Colorado jurisdiction with its amount, adding up to the total tax', () => {
    const r = calculate({ customer_address: { country: 'US', postal_code: '80202' }, currency: 'USD', tax_date: 1789473600, line_items: [{ reference: 'a', amount: '100.00', tax_code: 'standard' }] }, seller);
    expect(r.total_tax).toBe('9.15');
    expect((r.line_items[0]?.taxes ?? []).map((t) => t.amount)).toEqual(['2.90', '5.15', '1.00', '0.10']);
  });
});

describe('Louisiana', () => {
  it('New Orleans: Orleans Parish\'s 5 % on the state\'s 5 % (10 %)', () => {
    expect(lines('70112')).toEqual(['state Louisiana 5', 'county Orleans Parish 5']);
    expect(quote('70112').jurisdiction).toMatchObject({ county: 'Orleans Parish' });
  });

  it('a municipality of a parish the table lists by municipality only: every local tax on the municipality\'s line', () => {
    expect(lines('70801')).toEqual(['state Louisiana 5', 'city Baton Rouge 5.5']);
    expect(combined('71101')).toBe(9.6);
  });

  it('parish-wide and unincorporated rows: Jefferson Parish, Iberville Parish, unincorporated St. James Parish', () => {
    expect(combined('70001')).toBe(9.75);
    expect(combined('70740')).toBe(10.25);
    expect(combined('70086')).toBe(8.5);
  });

  it('a ZIP code reaching into an area the table does not rate: the state rate, and the answer says local taxes may apply', () => {
    const r = quote('71301');
    expect(combined('71301')).toBe(5);
    expect(r.local?.match).toBe('none');
    expect(r.notes.join(' ')).toMatch(/local taxes may apply/);
  });

  it('a remote seller charges the rate of the delivery address (the Remote Sellers Commission\'s rule), and the state rate changes on 2025-01-01', () => {
    expect(quote('70112').local?.sourcedAt).toBe('destination');
    expect(combined('70160', undefined, '2024-12-31')).toBe(4.45);
    expect(combined('70160', undefined, '2025-01-01')).toBe(5);
    expect(refused(() => quote('70112', undefined, '2026-05-18')).status).toBe(422);
  });
});
