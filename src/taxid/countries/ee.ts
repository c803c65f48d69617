import { digit, isDigits, weightedSum } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('EE', KIND, reason);

const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/**
 * Estonia: käibemaksukohustuslase registreerimisnumber (KMKR), EE + 9 digits starting
 * with "10"; Σ digit × (3,7,1,3,7,1,3,7,1) must be divisible by 10 (the last digit is
 * (10 − Σ of the first 8 mod 10) mod 10). Source: Maksu- ja Tolliamet (EMTA); EU VIES
 * algorithm notes.
 */
export const EE: TaxIdModule = /* @__PURE__ */ readerModule('EE', ['EE'], { eu_vat: 'KMKR number (käibemaksukohustuslase registreerimisnumber)' }, (id, at) => {
  if (!isDigits(id, at)) return no('format');
  if (id.length - at !== 9) return no('length');
  if (digit(id, at) !== 1 || digit(id, at + 1) !== 0) return no('format');
  return weightedSum(id, WEIGHTS, at) % 10 === 0 ? validIn('EE', KIND, withPrefix('EE', id, at)) : no('checksum');
});
