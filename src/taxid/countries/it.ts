import { digit, isDigits } from '../algorithms.js';
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
    if (body.length !== 11) return bad(isDigits(body) ? 'length' : 'format', KIND);
    // One pass over the 11 digits: that they are digits, the serial's sum, the Luhn sum.
    let serial = 0;
    let luhn = 0;
    for (let i = 0; i < 11; i++) {
      const d = digit(body, i);
      if (d < 0 || d > 9) return bad('format', KIND);
      if (i < 7) serial += d;
      // Luhn doubles every second digit counting from the check digit (index 10): the odd indexes.
      luhn += i % 2 === 1 ? (d > 4 ? 2 * d - 9 : 2 * d) : d;
    }
    if (serial === 0) return bad('format', KIND);
    const office = digit(body, 7) * 100 + digit(body, 8) * 10 + digit(body, 9);
    if (!((office >= 1 && office <= 100) || office === 120 || office === 121 || office === 888 || office === 999)) {
      return bad('format', KIND);
    }
    return luhn % 10 === 0 ? ok(KIND, `IT${body}`) : bad('checksum', KIND);
  },
};
