import { isDigits, iso7064Mod11_10Valid } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Croatia: PDV identifikacijski broj = osobni identifikacijski broj (OIB), HR + 11 digits;
 * the last is an ISO 7064 MOD 11,10 check digit over the first 10. Source: Zakon o osobnom
 * identifikacijskom broju (NN 60/08) and the Porezna uprava OIB specification; EU VIES
 * algorithm notes.
 */
export const HR: TaxIdModule = {
  country: 'HR',
  prefixes: ['HR'],
  names: { eu_vat: 'PDV identifikacijski broj (OIB)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'eu_vat');
    if (body.length !== 11) return bad('length', 'eu_vat');
    return iso7064Mod11_10Valid(body) ? ok('eu_vat', `HR${body}`) : bad('checksum', 'eu_vat');
  },
};
