import { digit, isDigits, weightedSum } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('BG', KIND, reason);

const EGN_WEIGHTS = [2, 4, 8, 5, 10, 9, 7, 3, 6] as const;
const LNCH_WEIGHTS = [21, 19, 17, 13, 11, 9, 7, 3, 1] as const;
const OTHER_WEIGHTS = [4, 3, 2, 7, 6, 5, 4, 3, 2] as const;
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** ЕГН: a real birth date YYMMDD (month +20: 1800s, +40: 2000s) and the mod 11 check digit. */
function egnValid(s: string, at: number): boolean {
  let year = digit(s, at) * 10 + digit(s, at + 1);
  let month = digit(s, at + 2) * 10 + digit(s, at + 3);
  const day = digit(s, at + 4) * 10 + digit(s, at + 5);
  if (month > 40) {
    month -= 40;
    year += 2000;
  } else if (month > 20) {
    month -= 20;
    year += 1800;
  } else year += 1900;
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && !leap ? 28 : (DAYS[month - 1] as number))) return false;
  return (weightedSum(s, EGN_WEIGHTS, at) % 11) % 10 === digit(s, at + 9);
}

/**
 * Bulgaria: ДДС номер (identification number under the VAT Act), BG + 9 or 10 digits.
 * - 9 digits (ЕИК/БУЛСТАТ of legal entities): weights 1..8 mod 11; when that gives 10,
 *   weights 3..10 mod 11, and 10 becomes 0.
 * - 10 digits, valid when any of: ЕГН of a physical person (birth date YYMMDD with month
 *   +20 for the 1800s and +40 for the 2000s; weights 2,4,8,5,10,9,7,3,6 mod 11, 10 → 0);
 *   ЛНЧ of a foreigner (weights 21,19,17,13,11,9,7,3,1 mod 10); other taxpayers
 *   (weights 4,3,2,7,6,5,4,3,2, check 11 − sum mod 11, 11 → 0, 10 never issued).
 * Source: Registry Agency (БУЛСТАТ/ЕИК), GRAO (ЕГН), and the EU VIES algorithm notes.
 */
export const BG: TaxIdModule = /* @__PURE__ */ readerModule('BG', ['BG'], { eu_vat: 'идентификационен номер по ДДС' }, (id, at) => {
  if (!isDigits(id, at)) return no('format');
  if (id.length - at === 9) {
    let s = 0;
    for (let i = 0; i < 8; i++) s += digit(id, at + i) * (i + 1);
    let check = s % 11;
    if (check === 10) {
      s = 0;
      for (let i = 0; i < 8; i++) s += digit(id, at + i) * (i + 3);
      check = (s % 11) % 10;
    }
    return check === digit(id, at + 8) ? validIn('BG', KIND, withPrefix('BG', id, at)) : no('checksum');
  }
  if (id.length - at !== 10) return no('length');
  const last = digit(id, at + 9);
  if (egnValid(id, at) || weightedSum(id, LNCH_WEIGHTS, at) % 10 === last) return validIn('BG', KIND, withPrefix('BG', id, at));
  const other = 11 - (weightedSum(id, OTHER_WEIGHTS, at) % 11);
  return (other === 11 ? 0 : other) === last ? validIn('BG', KIND, withPrefix('BG', id, at)) : no('checksum');
});
