import { digit, isDigits, weightedSum } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('DK', KIND, reason);

const WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 1] as const;

/**
 * Denmark: momsregistreringsnummer = CVR-nummer, DK + 8 digits, first digit not 0;
 * Σ digit × (2,7,6,5,4,3,2,1) must be divisible by 11 (modulus 11). Source: Erhvervsstyrelsen
 * (CVR) number structure; EU VIES algorithm notes.
 */
export const DK: TaxIdModule = /* @__PURE__ */ readerModule('DK', ['DK'], { eu_vat: 'CVR-nummer (momsregistreringsnummer)' }, (id, at) => {
  if (!isDigits(id, at)) return no('format');
  if (id.length - at !== 8) return no('length');
  if (digit(id, at) === 0) return no('format');
  return weightedSum(id, WEIGHTS, at) % 11 === 0 ? validIn('DK', KIND, withPrefix('DK', id, at)) : no('checksum');
});
