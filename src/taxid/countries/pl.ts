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
  const n = id.length - at;
  if (n === 0) return no('format');
  // One pass: that every character is a digit, and the weighted sum of the first nine.
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const d = id.charCodeAt(at + i) - 48;
    if (d < 0 || d > 9) return no('format');
    if (i < 9) sum += d * (WEIGHTS[i] as number);
  }
  if (n !== 10) return no('length');
  return sum % 11 === id.charCodeAt(at + 9) - 48 ? validIn('PL', KIND, withPrefix('PL', id, at)) : no('checksum');
});
