import { digit, isDigits, modString } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('CZ', KIND, reason);

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** The birth date in a rodné číslo: YYMMDD, month +50 for women, +20 (+70) since 2004. Returns the year or -1. */
function birthYear(s: string, at: number, nineDigits: boolean): number {
  const yy = digit(s, at) * 10 + digit(s, at + 1);
  let month = digit(s, at + 2) * 10 + digit(s, at + 3);
  const day = digit(s, at + 4) * 10 + digit(s, at + 5);
  if (month > 70) month -= 70;
  else if (month > 50) month -= 50;
  else if (month > 20) month -= 20;
  if (month < 1 || month > 12 || day < 1) return -1;
  let year: number;
  if (nineDigits) {
    // 9-digit numbers were issued until the end of 1953 (to people born from the 1880s on)
    if (yy >= 54 && yy < 80) return -1;
    year = yy >= 80 ? 1800 + yy : 1900 + yy;
  } else year = yy < 54 ? 2000 + yy : 1900 + yy;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && !leap ? 28 : (DAYS[month - 1] as number))) return -1;
  return year;
}

/**
 * Czechia: daňové identifikační číslo (DIČ), CZ + 8, 9 or 10 digits.
 * - 8 digits (IČO of legal entities, first digit not 9): weights 8..2, check
 *   (11 − sum mod 11), 10 → 0, 11 → 1.
 * - 9 digits starting with 6 (individuals, special cases): weights 8..2 over digits 2–8,
 *   D = 11 − sum mod 11 (11 when the sum is a multiple of 11), check = (9 − D) mod 10.
 * - 9 digits otherwise (rodné číslo issued before 1954, no check digit) and 10 digits
 *   (rodné číslo, the whole number divisible by 11; before 1985 a remainder of 10 gave
 *   check digit 0): a real birth date YYMMDD, month +50 for women, +20/+70 since 2004.
 * Source: Czech Tax Administration (DIČ structure, zákon č. 133/2000 Sb. on birth
 * numbers) and the EU VIES algorithm notes.
 */
export const CZ: TaxIdModule = /* @__PURE__ */ readerModule('CZ', ['CZ'], { eu_vat: 'DIČ (daňové identifikační číslo)' }, (id, at) => {
  if (!isDigits(id, at)) return no('format');
  const n = id.length - at;
  if (n === 8) {
    if (digit(id, at) === 9) return no('format');
    let s = 0;
    for (let i = 0; i < 7; i++) s += digit(id, at + i) * (8 - i);
    const check = (11 - (s % 11)) % 10;
    return check === digit(id, at + 7) ? validIn('CZ', KIND, withPrefix('CZ', id, at)) : no('checksum');
  }
  if (n === 9 && digit(id, at) === 6) {
    let s = 0;
    for (let i = 1; i < 8; i++) s += digit(id, at + i) * (9 - i);
    const d = 11 - (s % 11);
    const check = (19 - d) % 10;
    return check === digit(id, at + 8) ? validIn('CZ', KIND, withPrefix('CZ', id, at)) : no('checksum');
  }
  if (n === 9) return birthYear(id, at, true) < 0 ? no('format') : validIn('CZ', KIND, withPrefix('CZ', id, at));
  if (n !== 10) return no('length');
  const year = birthYear(id, at, false);
  if (year < 0) return no('format');
  const r = modString(id, 11, at);
  if (r === 0) return validIn('CZ', KIND, withPrefix('CZ', id, at));
  // before 1985 the first 9 digits leaving remainder 10 took check digit 0 (then the whole number leaves 1)
  if (year < 1985 && r === 1 && digit(id, at + 9) === 0) return validIn('CZ', KIND, withPrefix('CZ', id, at));
  return no('checksum');
});
