import { digit, isDigits, weightedSum } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('PL', KIND, reason);

const WEIGHTS: readonly number[] = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/**
 * Poland: NIP (Numer Identyfikacji Podatkowej) used as VAT number, PL + 10 digits; the
 * last is Σ first nine × (6 5 7 2 3 4 5 6 7) mod 11 (a remainder of 10 is never issued).
 * Source: Ministerstwo Finansów (Rozporządzenie w sprawie sposobu nadawania NIP) and the
 * European Commission's VIES VAT number validation routines.
 */
export const PL: TaxIdModule = /* @__PURE__ */ readerModule('PL', ['PL'], { eu_vat: 'NIP (numer identyfikacji podatkowej)' }, (id, at) => {
  if (!isDigits(id, at)) return no('format');
  if (id.length - at !== 10) return no('length');
  return weightedSum(id, WEIGHTS, at) % 11 === digit(id, at + 9) ? validIn('PL', KIND, withPrefix('PL', id, at)) : no('checksum');
});
