import { digit, isDigits, weightedSum } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('FI', KIND, reason);

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2] as const;

/**
 * Finland: arvonlisäverotunniste (ALV), FI + the 8 digits of the business ID
 * (Y-tunnus, written 1234567-8). Check digit: r = Σ digit × (7,9,10,5,8,4,2) mod 11;
 * 0 when r = 0, 11 − r otherwise, and r = 1 is never issued. Source: Finnish Patent and
 * Registration Office / Tax Administration (YTJ) business ID check; EU VIES algorithm notes.
 */
export const FI: TaxIdModule = /* @__PURE__ */ readerModule('FI', ['FI'], { eu_vat: 'ALV-numero (arvonlisäverotunniste)' }, (id, at) => {
  if (!isDigits(id, at)) return no('format');
  if (id.length - at !== 8) return no('length');
  const r = weightedSum(id, WEIGHTS, at) % 11;
  if (r === 1) return no('checksum');
  return (r === 0 ? 0 : 11 - r) === digit(id, at + 7) ? validIn('FI', KIND, withPrefix('FI', id, at)) : no('checksum');
});
