import { isDigits, weightedSum } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('HU', KIND, reason);

const WEIGHTS = [9, 7, 3, 1, 9, 7, 3, 1] as const;

/**
 * Hungary: közösségi adószám (ANUM), HU + 8 digits (the first 8 digits of the adószám);
 * Σ digit × (9,7,3,1,9,7,3,1) must be divisible by 10 (the 8th digit is
 * (10 − Σ of the first 7 mod 10) mod 10). Source: Nemzeti Adó- és Vámhivatal (NAV) tax
 * number structure; EU VIES algorithm notes.
 */
export const HU: TaxIdModule = /* @__PURE__ */ readerModule('HU', ['HU'], { eu_vat: 'közösségi adószám' }, (id, at) => {
  if (!isDigits(id, at)) return no('format');
  if (id.length - at !== 8) return no('length');
  return weightedSum(id, WEIGHTS, at) % 10 === 0 ? validIn('HU', KIND, withPrefix('HU', id, at)) : no('checksum');
});
