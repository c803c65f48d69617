import { digit, isDigits, modString } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const KIND = 'eu_vat';

/**
 * Slovakia: IČ DPH, SK + 10 digits; the first digit is not 0, the third is 2, 3, 4, 7, 8
 * or 9, and the whole number is divisible by 11.
 * Source: Finančná správa Slovenskej republiky and the European Commission's VIES VAT
 * number validation routines.
 */
export const SK: TaxIdModule = {
  country: 'SK',
  prefixes: ['SK'],
  names: { eu_vat: 'IČ DPH (identifikačné číslo pre daň z pridanej hodnoty)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', KIND);
    if (body.length !== 10) return bad('length', KIND);
    const third = digit(body, 2);
    if (body.charCodeAt(0) === 48 || third < 2 || third === 5 || third === 6) return bad('format', KIND);
    return modString(body, 11) === 0 ? ok(KIND, `SK${body}`) : bad('checksum', KIND);
  },
};
