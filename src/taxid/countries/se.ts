import { digit, isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const KIND = 'eu_vat';

/**
 * Sweden: momsregistreringsnummer, SE + 12 digits: the 10-digit organisationsnummer (or
 * personnummer) followed by 01. The 10 digits carry a Luhn check digit.
 * Source: Skatteverket ("Momsregistreringsnummer", SKV 709 organisationsnummer) and the
 * European Commission's VIES VAT number validation routines.
 */
export const SE: TaxIdModule = {
  country: 'SE',
  prefixes: ['SE'],
  names: { eu_vat: 'momsregistreringsnummer' },
  validate(body) {
    if (!isDigits(body)) return bad('format', KIND);
    if (body.length !== 12) return bad('length', KIND);
    if (body.charCodeAt(10) !== 48 || body.charCodeAt(11) !== 49) return bad('format', KIND);
    let sum = 0;
    for (let i = 0; i < 10; i++) {
      let d = digit(body, i);
      if (i % 2 === 0) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return sum % 10 === 0 ? ok(KIND, `SE${body}`) : bad('checksum', KIND);
  },
};
