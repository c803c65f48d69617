import type { Account } from '../src/adapters/account.js';

/** A seller in Ireland registered in a realistic set of jurisdictions (not everywhere). */
export const benchAccount: Account = {
  country: 'IE',
  postal_code: 'D02X285',
  currency: 'EUR',
  registrations: [
    { jurisdiction_id: 372 },
    { jurisdiction_id: 9000, valid_from: '2021-07-01' },
    { jurisdiction_id: 826 },
    { jurisdiction_id: 756 },
    { jurisdiction_id: 124 },
    { jurisdiction_id: 124024 },
    { jurisdiction_id: 124059 },
    { jurisdiction_id: 840048 },
    { jurisdiction_id: 840036 },
    { jurisdiction_id: 840053 },
    { jurisdiction_id: 840006 },
  ],
};

/** A fixed mixed corpus: EU B2C and B2B, special territories, US states, Canadian provinces, not registered. */
const queries: Record<string, string>[] = [
  { to_country: 'DE', tax_code: 'ebook' },
  { to_country: 'FR', tax_code: 'saas' },
  { to_country: 'IT', tax_code: 'eservice' },
  { to_country: 'NL', tax_code: 'standard', product_type: 'good' },
  { to_country: 'ES', tax_code: 'saas', tax_id: 'ESA28015865' },
  { to_country: 'DE', tax_code: 'saas', tax_id: 'DE811569869' },
  { to_country: 'IE', tax_code: 'consulting' },
  { to_country: 'DE', to_postal_code: '27498', tax_code: 'eservice' },
  { to_country: 'ES', to_postal_code: '35001', tax_code: 'eservice' },
  { to_country: 'AT', to_postal_code: '6691', tax_code: 'eservice' },
  { to_country: 'GB', tax_code: 'ebook' },
  { to_country: 'CH', tax_code: 'saas' },
  { to_country: 'US', to_postal_code: '78701', tax_code: 'saas' },
  { to_country: 'US', to_postal_code: '10001', tax_code: 'standard', product_type: 'good' },
  { to_country: 'US', to_postal_code: '98101', tax_code: 'eservice' },
  { to_country: 'US', to_postal_code: '97201', tax_code: 'standard', product_type: 'good' },
  { to_country: 'US', to_postal_code: '33101', tax_code: 'standard', product_type: 'good' },
  { to_country: 'CA', to_postal_code: 'H2X1Y4', tax_code: 'standard', product_type: 'good' },
  { to_country: 'CA', to_postal_code: 'V6B1A1', tax_code: 'saas' },
  { to_country: 'CA', to_postal_code: 'M5V2T6', tax_code: 'eservice' },
  { to_country: 'AU', tax_code: 'eservice' },
  { to_country: 'JP', tax_code: 'ebook' },
];
/** Dated inside every state's recorded local history (Washington's starts on 2026-07-01). */
export const corpus: Record<string, string>[] = queries.map((q) => ({ ...q, date: '2026-09-15' }));

/** The B2C cases npm `sales-tax` can answer (country and, for US/CA, state). */
export const salesTaxB2C: [string, string | null][] = [
  ['DE', null],
  ['FR', null],
  ['IT', null],
  ['NL', null],
  ['IE', null],
  ['GB', null],
  ['CH', null],
  ['US', 'TX'],
  ['US', 'NY'],
  ['US', 'WA'],
  ['US', 'OR'],
  ['US', 'FL'],
  ['CA', 'QC'],
  ['CA', 'BC'],
  ['CA', 'ON'],
  ['AU', null],
  ['JP', null],
];

/** The EU member states (2026): a large seller registers in each, or in the OSS. */
const EU = ['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'];

/**
 * A realistic large seller, as a user writes one (`defineAccount`'s form): registered in every
 * EU country, every US state that has a state jurisdiction (the states given), GB, NO, CH, AU
 * and CA. With the 50 states, DC and PR: 84 registrations.
 */
export function largeSellerSpec(usRegions: readonly string[]) {
  return {
    country: 'IE',
    postal_code: 'D02X285',
    currency: 'EUR',
    registrations: [...EU.map((country) => ({ country })), ...usRegions.map((region) => ({ country: 'US', region })), ...['GB', 'NO', 'CH', 'AU', 'CA'].map((country) => ({ country }))],
  };
}
