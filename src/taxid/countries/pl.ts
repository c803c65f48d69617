import { digit, isDigits, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const KIND = 'eu_vat';

const WEIGHTS: readonly number[] = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/**
 * Poland: NIP (Numer Identyfikacji Podatkowej) used as VAT number, PL + 10 digits; the
 * last is Σ first nine × (6 5 7 2 3 4 5 6 7) mod 11 (a remainder of 10 is never issued).
 * Source: Ministerstwo Finansów (Rozporządzenie w sprawie sposobu nadawania NIP) and the
 * European Commission's VIES VAT number validation routines.
 */
export const PL: TaxIdModule = {
  country: 'PL',
  prefixes: ['PL'],
  names: { eu_vat: 'NIP (numer identyfikacji podatkowej)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', KIND);
    if (body.length !== 10) return bad('length', KIND);
    let sum = weightedSum(body, WEIGHTS);
    return sum % 11 === digit(body, 9) ? ok(KIND, `PL${body}`) : bad('checksum', KIND);
  },
};
