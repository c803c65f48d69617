import { digit } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Austria: Umsatzsteuer-Identifikationsnummer (UID), ATU + 8 digits; the last digit checks
 * the 7 before it: weights 1,2,1,2,1,2,1 with the digits of each product added (cross sum),
 * check = (10 − (S + 4) mod 10) mod 10. Source: Bundesministerium für Finanzen (UID
 * structure) and the European Commission's VIES "VAT number validation" algorithm notes.
 */
export const AT: TaxIdModule = {
  country: 'AT',
  prefixes: ['AT'],
  names: { eu_vat: 'UID-Nummer (Umsatzsteuer-Identifikationsnummer)' },
  validate(body) {
    if (body.length !== 9) return bad('length', 'eu_vat');
    if (body.charCodeAt(0) !== 85 /* U */) return bad('format', 'eu_vat');
    let sum = 0;
    for (let i = 1; i < 9; i++) {
      const d = body.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return bad('format', 'eu_vat');
      if (i === 8) break;
      if (i % 2 === 0) sum += d > 4 ? 2 * d - 9 : 2 * d;
      else sum += d;
    }
    const check = (10 - ((sum + 4) % 10)) % 10;
    return check === digit(body, 8) ? ok('eu_vat', `AT${body}`) : bad('checksum', 'eu_vat');
  },
};
