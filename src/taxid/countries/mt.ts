import { digit, isDigits, weightedSum } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('MT', KIND, reason);

const WEIGHTS: readonly number[] = [3, 4, 6, 7, 8, 9];

/**
 * Malta: VAT number, MT + 8 digits (first digit not 0); the last two digits are a check
 * number: Σ first six × (3 4 6 7 8 9) + check number ≡ 0 (mod 37).
 * Source: Commissioner for Revenue (Malta) and the European Commission's VIES VAT number
 * validation routines.
 */
export const MT: TaxIdModule = /* @__PURE__ */ readerModule('MT', ['MT'], { eu_vat: 'VAT registration number' }, (id, at) => {
  if (!isDigits(id, at)) return no('format');
  if (id.length - at !== 8) return no('length');
  if (id.charCodeAt(at) === 48) return no('format');
  const sum = weightedSum(id, WEIGHTS, at) + digit(id, at + 6) * 10 + digit(id, at + 7);
  return sum % 37 === 0 ? validIn('MT', KIND, withPrefix('MT', id, at)) : no('checksum');
});
