import { digit, isDigits, weightedSum } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('LV', KIND, reason);

const LEGAL_WEIGHTS: readonly number[] = [9, 1, 4, 8, 3, 10, 2, 5, 7, 6, 1];
const PERSON_WEIGHTS: readonly number[] = [1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const MONTH_DAYS: readonly number[] = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Latvia: PVN reģistrācijas numurs, LV + 11 digits.
 * - Legal entities (first digit 4-9): the registration number; Σ digit × (9 1 4 8 3 10 2 5
 *   7 6 1) ≡ 3 (mod 11).
 * - Natural persons (first digit 0-3): the personal code DDMMYY-CNNNZ, C the century (0 =
 *   1800s, 1 = 1900s, 2 = 2000s) — the date must exist — or, for codes issued since July
 *   2017, 32NNNN-NNNNZ without a date. Check digit Z = (1101 − Σ digit × (1 6 3 7 9 10 5 8
 *   4 2)) mod 11 (a remainder of 10 is written 0).
 * Source: Valsts ieņēmumu dienests (State Revenue Service) and the Office of Citizenship
 * and Migration Affairs (personas kods); the European Commission's VIES VAT number
 * validation routines.
 */
export const LV: TaxIdModule = /* @__PURE__ */ readerModule('LV', ['LV'], { eu_vat: 'PVN reģistrācijas numurs' }, (id, at) => {
  if (!isDigits(id, at)) return no('format');
  if (id.length - at !== 11) return no('length');
  const first = digit(id, at);
  if (first > 3) return weightedSum(id, LEGAL_WEIGHTS, at) % 11 === 3 ? validIn('LV', KIND, withPrefix('LV', id, at)) : no('checksum');
  if (!(first === 3 && digit(id, at + 1) === 2)) {
    const day = first * 10 + digit(id, at + 1);
    const month = digit(id, at + 2) * 10 + digit(id, at + 3);
    const century = digit(id, at + 6);
    if (month < 1 || month > 12 || day < 1 || century > 2) return no('format');
    if (day > (MONTH_DAYS[month - 1] as number)) return no('format');
    if (month === 2 && day === 29) {
      const year = 1800 + century * 100 + digit(id, at + 4) * 10 + digit(id, at + 5);
      if (year % 4 !== 0 || (year % 100 === 0 && year % 400 !== 0)) return no('format');
    }
  }
  const check = ((1101 - weightedSum(id, PERSON_WEIGHTS, at)) % 11) % 10;
  return check === digit(id, at + 10) ? validIn('LV', KIND, withPrefix('LV', id, at)) : no('checksum');
});
