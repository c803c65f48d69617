/**
 * Puerto Rico's IVU: the Commonwealth part (rules/countries/US.json, region PR), the municipal
 * 1 % of the 78 municipios (rules/us/local/PR.json), the typed country PR
 * (rules/territories/PR.json) and the special 4 % on business services without a municipal part.
 */
import { describe, expect, it } from 'vitest';
import { calculate, explainTaxRate, listJurisdictions } from '../src/index.js';
import { refused, registeredIn } from './helpers.js';

const PR = 840072;
const good = { tax_code: 'standard', product_type: 'good', amount: '100', currency: 'USD', date: '2026-06-01' } as const;
/** A seller in New Jersey registered in Puerto Rico. */
const seller = registeredIn('US', [PR], { postal_code: '07030', currency: 'USD' });
const lines = (r: ReturnType<typeof explainTaxRate>) => r.lines.map((l) => [l.jurisdiction.name, l.jurisdiction.level, l.rate]);

describe('Puerto Rico IVU', () => {
  it('a US address with a Puerto Rico ZIP code: 10.5 % Commonwealth and 1 % municipal, the municipio named', () => {
    const r = explainTaxRate({ ...good, to_country: 'US', to_postal_code: '00901' }, seller);
    expect(lines(r)).toEqual([
      ['Puerto Rico', 'territory', '10.5'],
      ['San Juan Municipio', 'county', '1'],
    ]);
    expect(r.jurisdiction).toMatchObject({ id: PR, country: 'US', region: 'PR', county: 'San Juan Municipio' });
    expect(r.amounts?.tax).toBe('11.50');
  });

  it('a PO-box ZIP code without a municipio still bears the municipal 1 %, its municipio not named', () => {
    const r = explainTaxRate({ ...good, to_country: 'US', to_postal_code: '00902' }, seller);
    expect(lines(r)).toEqual([
      ['Puerto Rico', 'territory', '10.5'],
      ['Municipal IVU (municipio not known from the ZIP code)', 'district', '1'],
    ]);
    expect(r.jurisdiction.county).toBeNull();
    expect(r.amounts?.tax).toBe('11.50');
  });

  it('the country typed as PR is the same tax, with the territory named', () => {
    const r = explainTaxRate({ ...good, to_country: 'PR', to_postal_code: '00725' }, seller);
    expect(lines(r)).toEqual([
      ['Puerto Rico', 'territory', '10.5'],
      ['Caguas Municipio', 'county', '1'],
    ]);
    expect(r.territory).toEqual({ id: 'PR-IVU', name: 'Puerto Rico' });
  });

  it('7 % on 2015-06-30 (6 + 1) and 11.5 % from 2015-07-01 (Ley 72-2015)', () => {
    expect(explainTaxRate({ ...good, to_country: 'US', to_postal_code: '00901', date: '2015-06-30' }, seller).amounts?.tax).toBe('7.00');
    expect(explainTaxRate({ ...good, to_country: 'US', to_postal_code: '00901', date: '2015-07-01' }, seller).amounts?.tax).toBe('11.50');
  });

  it('a day before the data is refused (422), not answered as untaxed', () => {
    expect(refused(() => explainTaxRate({ ...good, to_country: 'US', to_postal_code: '00901', date: '2014-12-31' }, seller)).status).toBe(422);
  });

  /** A merchant: a customer whose tax ID the verdict holds valid. */
  const merchant = { tax_id: '660-12-3456' } as const;
  const asMerchant = { taxIdVerdict: () => 'valid' as const };

  it('business services: the special 4 % from 2015-10-01 to a merchant, without the municipal 1 %', () => {
    const consulting = { ...good, tax_code: 'consulting', product_type: 'service', to_country: 'US', to_postal_code: '00901', ...merchant } as const;
    expect(explainTaxRate({ ...consulting, date: '2015-09-30' }, seller, asMerchant).status).toBe('non_taxable');
    const r = explainTaxRate({ ...consulting, date: '2015-10-01' }, seller, asMerchant);
    expect(lines(r)).toEqual([['Puerto Rico', 'territory', '4']]);
    expect(r.lines[0]?.rateClass).toBe('reduced2');
    expect(r.amounts?.tax).toBe('4.00');
  });

  it('the same services to a consumer: the full IVU, 10.5 % and the municipal 1 %, as the notes say', () => {
    for (const [tax_code, date] of [['consulting', '2015-10-01'], ['eservice', '2015-10-01'], ['saas', '2022-07-01']] as const) {
      const q = { ...good, tax_code, product_type: 'service', to_country: 'US', to_postal_code: '00901', date } as const;
      const consumer = explainTaxRate(q, seller);
      expect(lines(consumer), tax_code).toEqual([
        ['Puerto Rico', 'territory', '10.5'],
        ['San Juan Municipio', 'county', '1'],
      ]);
      expect(consumer.amounts?.tax, tax_code).toBe('11.50');
      expect(consumer.notes.join(' '), tax_code).toContain('consumer');
      expect(consumer.notes.join(' '), tax_code).not.toContain('special 4 % IVU, without');
      expect(explainTaxRate({ ...q, ...merchant }, seller, asMerchant).amounts?.tax, tax_code).toBe('4.00');
    }
  });

  it('e-books: taxable at the full IVU from 2022-07-01 (Ley 52-2022)', () => {
    const ebook = { ...good, tax_code: 'ebook', product_type: 'service', to_country: 'US', to_postal_code: '00901' } as const;
    expect(explainTaxRate({ ...ebook, date: '2022-06-30' }, seller).status).toBe('non_taxable');
    expect(explainTaxRate({ ...ebook, date: '2022-07-01' }, seller).amounts?.tax).toBe('11.50');
  });

  it('a seller registered only in a state gets not_registered for Puerto Rico', () => {
    const r = explainTaxRate({ ...good, to_country: 'US', to_postal_code: '00901' }, registeredIn('US', [840034], { postal_code: '07030', currency: 'USD' }));
    expect(r.status).toBe('not_registered');
    expect(r.amounts?.tax).toBe('0.00');
  });

  it('v20260309 lists the Commonwealth and the municipal tax apart', () => {
    const r = calculate({ customer_address: { country: 'PR', postal_code: '00901' }, currency: 'USD', tax_date: 1780315200, line_items: [{ reference: 'a', amount: '200.00', tax_code: 'standard' }] }, seller);
    expect(r.total_tax).toBe('23.00');
    expect(r.line_items[0]?.taxes.map((t) => t.amount)).toEqual(['21.00', '2.00']);
  });

  it('listJurisdictions lists Puerto Rico and its 78 municipios', () => {
    const list = listJurisdictions({ country: 'US', region: 'PR' });
    expect(list[0]).toMatchObject({ id: PR, name: 'Puerto Rico' });
    expect(list.filter((j) => j.level === 'county')).toHaveLength(78);
  });
});
