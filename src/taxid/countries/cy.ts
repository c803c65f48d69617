import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('CY', KIND, reason);

/** Value of a digit in an odd (1st, 3rd, 5th, 7th) position. */
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21] as const;

/**
 * Cyprus: Αριθμός Εγγραφής ΦΠΑ, CY + 8 digits + check letter. The first digit is 0, 1, 3,
 * 4, 5 or 9 (never "12"). Digits in odd positions map 0→1, 1→0, 2→5, 3→7, 4→9, 5→13,
 * 6→15, 7→17, 8→19, 9→21, digits in even positions count as themselves; the letter is
 * A + (sum mod 26). Source: Cyprus Tax Department TIC structure; EU VIES algorithm notes.
 */
export const CY: TaxIdModule = /* @__PURE__ */ readerModule('CY', ['CY'], { eu_vat: 'Αριθμός Εγγραφής ΦΠΑ (VAT registration number)' }, (id, at) => {
  if (id.length - at !== 9) return no('length');
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const d = id.charCodeAt(at + i) - 48;
    if (d < 0 || d > 9) return no('format');
    sum += i % 2 === 0 ? (ODD[d] as number) : d;
  }
  const letter = id.charCodeAt(at + 8);
  if (letter < 65 || letter > 90) return no('format');
  const first = id.charCodeAt(at) - 48;
  if (first === 2 || first === 6 || first === 7 || first === 8) return no('format');
  if (first === 1 && id.charCodeAt(at + 1) === 50) return no('format');
  return letter - 65 === sum % 26 ? validIn('CY', KIND, withPrefix('CY', id, at)) : no('checksum');
});
