import { digit, isDigits, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const WEIGHTS: readonly number[] = [7, 3, 1, 7, 3, 1, 7, 3, 1, 7, 3, 1];

/**
 * Moldova: IDNO (numărul de identificare de stat), the 13-digit state identification
 * number of a legal entity, which is also its fiscal code; the last digit is
 * (Σ digit × 7 3 1 7 3 1 …) mod 10. Kind `md_idno`, prefix `MD` optional. Source: Agenția
 * Servicii Publice, IDNO structure (the state register of legal entities) and its control
 * digit.
 */
export const MD: TaxIdModule = {
  country: 'MD',
  prefixes: ['MD'],
  names: { md_idno: 'IDNO (numărul de identificare de stat)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'md_idno');
    if (body.length !== 13) return bad('length', 'md_idno');
    return weightedSum(body, WEIGHTS) % 10 === digit(body, 12) ? ok('md_idno', body) : bad('checksum', 'md_idno');
  },
};
