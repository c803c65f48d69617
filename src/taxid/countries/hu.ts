import { isDigits, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const WEIGHTS = [9, 7, 3, 1, 9, 7, 3, 1] as const;

/**
 * Hungary: közösségi adószám (ANUM), HU + 8 digits (the first 8 digits of the adószám);
 * Σ digit × (9,7,3,1,9,7,3,1) must be divisible by 10 (the 8th digit is
 * (10 − Σ of the first 7 mod 10) mod 10). Source: Nemzeti Adó- és Vámhivatal (NAV) tax
 * number structure; EU VIES algorithm notes.
 */
export const HU: TaxIdModule = {
  country: 'HU',
  prefixes: ['HU'],
  names: { eu_vat: 'közösségi adószám' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'eu_vat');
    if (body.length !== 8) return bad('length', 'eu_vat');
    return weightedSum(body, WEIGHTS) % 10 === 0 ? ok('eu_vat', `HU${body}`) : bad('checksum', 'eu_vat');
  },
};
