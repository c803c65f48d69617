import { digit, isDigits, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 1] as const;

/**
 * Denmark: momsregistreringsnummer = CVR-nummer, DK + 8 digits, first digit not 0;
 * Σ digit × (2,7,6,5,4,3,2,1) must be divisible by 11 (modulus 11). Source: Erhvervsstyrelsen
 * (CVR) number structure; EU VIES algorithm notes.
 */
export const DK: TaxIdModule = {
  country: 'DK',
  prefixes: ['DK'],
  names: { eu_vat: 'CVR-nummer (momsregistreringsnummer)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'eu_vat');
    if (body.length !== 8) return bad('length', 'eu_vat');
    if (digit(body, 0) === 0) return bad('format', 'eu_vat');
    return weightedSum(body, WEIGHTS) % 11 === 0 ? ok('eu_vat', `DK${body}`) : bad('checksum', 'eu_vat');
  },
};
