import { digit, isDigits, luhnValid } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const KIND = 'eu_vat';

/**
 * Italy: partita IVA, IT + 11 digits: a 7-digit serial (not all zero), a 3-digit office
 * code (001-100 provincial offices, 120, 121, 888, 999) and a Luhn check digit over all 11.
 * Source: Agenzia delle Entrate (DPR 633/1972 art. 35, DM 23 Dec 1976 on the structure of
 * the partita IVA) and the European Commission's VIES VAT number validation routines.
 */
export const IT: TaxIdModule = {
  country: 'IT',
  prefixes: ['IT'],
  names: { eu_vat: 'partita IVA' },
  validate(body) {
    if (!isDigits(body)) return bad('format', KIND);
    if (body.length !== 11) return bad('length', KIND);
    let serial = 0;
    for (let i = 0; i < 7; i++) serial += digit(body, i);
    if (serial === 0) return bad('format', KIND);
    const office = digit(body, 7) * 100 + digit(body, 8) * 10 + digit(body, 9);
    if (!((office >= 1 && office <= 100) || office === 120 || office === 121 || office === 888 || office === 999)) {
      return bad('format', KIND);
    }
    return luhnValid(body) ? ok(KIND, `IT${body}`) : bad('checksum', KIND);
  },
};
