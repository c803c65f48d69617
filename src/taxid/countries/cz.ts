import { digit, isDigits, modString } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** The birth date in a rodné číslo: YYMMDD, month +50 for women, +20 (+70) since 2004. Returns the year or -1. */
function birthYear(s: string, nineDigits: boolean): number {
  const yy = digit(s, 0) * 10 + digit(s, 1);
  let month = digit(s, 2) * 10 + digit(s, 3);
  const day = digit(s, 4) * 10 + digit(s, 5);
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
export const CZ: TaxIdModule = {
  country: 'CZ',
  prefixes: ['CZ'],
  names: { eu_vat: 'DIČ (daňové identifikační číslo)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'eu_vat');
    const n = body.length;
    if (n === 8) {
      if (digit(body, 0) === 9) return bad('format', 'eu_vat');
      let s = 0;
      for (let i = 0; i < 7; i++) s += digit(body, i) * (8 - i);
      const check = (11 - (s % 11)) % 10;
      return check === digit(body, 7) ? ok('eu_vat', `CZ${body}`) : bad('checksum', 'eu_vat');
    }
    if (n === 9 && digit(body, 0) === 6) {
      let s = 0;
      for (let i = 1; i < 8; i++) s += digit(body, i) * (9 - i);
      const d = 11 - (s % 11);
      const check = (19 - d) % 10;
      return check === digit(body, 8) ? ok('eu_vat', `CZ${body}`) : bad('checksum', 'eu_vat');
    }
    if (n === 9) return birthYear(body, true) < 0 ? bad('format', 'eu_vat') : ok('eu_vat', `CZ${body}`);
    if (n !== 10) return bad('length', 'eu_vat');
    const year = birthYear(body, false);
    if (year < 0) return bad('format', 'eu_vat');
    const r = modString(body, 11);
    if (r === 0) return ok('eu_vat', `CZ${body}`);
    // before 1985 the first 9 digits leaving remainder 10 took check digit 0 (then the whole number leaves 1)
    if (year < 1985 && r === 1 && digit(body, 9) === 0) return ok('eu_vat', `CZ${body}`);
    return bad('checksum', 'eu_vat');
  },
};
