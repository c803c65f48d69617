import { digit } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('IE', KIND, reason);

/** Value of a check letter: W = 0, A = 1 … V = 22; −1 for anything else. */
function letterValue(c: number): number {
  if (c === 87) return 0;
  return c >= 65 && c <= 86 ? c - 64 : -1;
}

const isDigitCode = (c: number): boolean => c >= 48 && c <= 57;

/**
 * Ireland: VAT registration number, IE + 8 or 9 characters.
 * - New form: 7 digits, a check letter, and optionally a second letter (the "A"/"H"/"W"
 *   series, e.g. 6433435OA). Check letter = sum mod 23 mapped W, A … V, where sum is
 *   digits 1-7 weighted 8 … 2 plus 9 × the value of the second letter (W = 0, A = 1 …).
 * - Old form (before 2013): digit, letter (or + or *), 5 digits, check letter, e.g.
 *   8D79739I; the check letter is computed as above over 0, the 5 digits and the first
 *   digit (weights 8 … 2). Normalized as written (no conversion to the new form).
 * Source: Revenue Commissioners (VAT number structure) and the European Commission's
 * VIES VAT number validation routines.
 */
export const IE: TaxIdModule = /* @__PURE__ */ readerModule('IE', ['IE'], { eu_vat: 'VAT registration number' }, (id, at) => {
  const n = id.length - at;
  if (n < 8 || n > 9) return no('length');
  if (!isDigitCode(id.charCodeAt(at))) return no('format');
  for (let i = 2; i < 7; i++) if (!isDigitCode(id.charCodeAt(at + i))) return no('format');
  const check = letterValue(id.charCodeAt(at + 7));
  if (check < 0) return no('format');
  const second = id.charCodeAt(at + 1);
  let sum: number;
  if (isDigitCode(second)) {
    // New form: 7 digits + check letter (+ optional series letter).
    sum = 0;
    for (let i = 0; i < 7; i++) sum += digit(id, at + i) * (8 - i);
    if (n === 9) {
      const series = letterValue(id.charCodeAt(at + 8));
      if (series < 0) return no('format');
      sum += 9 * series;
    }
  } else if (n === 8 && ((second >= 65 && second <= 90) || second === 43 || second === 42)) {
    // Old form: the digits are read as 0, body[2..6], body[0].
    sum = 2 * digit(id, at);
    for (let i = 2; i < 7; i++) sum += digit(id, at + i) * (9 - i);
  } else {
    return no('format');
  }
  return sum % 23 === check ? validIn('IE', KIND, withPrefix('IE', id, at)) : no('checksum');
});
