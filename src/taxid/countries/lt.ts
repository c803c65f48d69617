import { digit, isDigits } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('LT', KIND, reason);

/**
 * Lithuania: PVM mokėtojo kodas, LT + 9 digits (legal persons; the 8th digit is 1) or
 * 12 digits (temporarily registered taxpayers and natural persons; the 11th digit is 1).
 * Check digit (last) by mod 11: weights 1, 2, … 9, 1, 2 over the preceding digits; if the
 * remainder is 10, again with weights 3, 4, … 9, 1, 2, 3, 4; if still 10 the check is 0.
 * Source: Valstybinė mokesčių inspekcija (State Tax Inspectorate) and the European
 * Commission's VIES VAT number validation routines.
 */
export const LT: TaxIdModule = /* @__PURE__ */ readerModule('LT', ['LT'], { eu_vat: 'PVM mokėtojo kodas' }, (id, at) => {
  if (!isDigits(id, at)) return no('format');
  const n = id.length - at;
  if (n !== 9 && n !== 12) return no('length');
  if (id.charCodeAt(at + n - 2) !== 49) return no('format');
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < n - 1; i++) {
    const d = digit(id, at + i);
    s1 += d * (1 + (i % 9));
    s2 += d * (1 + ((i + 2) % 9));
  }
  let check = s1 % 11;
  if (check === 10) {
    check = s2 % 11;
    if (check === 10) check = 0;
  }
  return check === digit(id, at + n - 1) ? validIn('LT', KIND, withPrefix('LT', id, at)) : no('checksum');
});
