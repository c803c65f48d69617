import { digit, isDigits, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/**
 * Estonia: käibemaksukohustuslase registreerimisnumber (KMKR), EE + 9 digits starting
 * with "10"; Σ digit × (3,7,1,3,7,1,3,7,1) must be divisible by 10 (the last digit is
 * (10 − Σ of the first 8 mod 10) mod 10). Source: Maksu- ja Tolliamet (EMTA); EU VIES
 * algorithm notes.
 */
export const EE: TaxIdModule = {
  country: 'EE',
  prefixes: ['EE'],
  names: { eu_vat: 'KMKR number (käibemaksukohustuslase registreerimisnumber)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'eu_vat');
    if (body.length !== 9) return bad('length', 'eu_vat');
    if (digit(body, 0) !== 1 || digit(body, 1) !== 0) return bad('format', 'eu_vat');
    return weightedSum(body, WEIGHTS) % 10 === 0 ? ok('eu_vat', `EE${body}`) : bad('checksum', 'eu_vat');
  },
};
