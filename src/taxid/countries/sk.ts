import { digit, isDigits, modString } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('SK', KIND, reason);

/**
 * Slovakia: IČ DPH, SK + 10 digits; the first digit is not 0, the third is 2, 3, 4, 7, 8
 * or 9, and the whole number is divisible by 11.
 * Source: Finančná správa Slovenskej republiky and the European Commission's VIES VAT
 * number validation routines.
 */
export const SK: TaxIdModule = /* @__PURE__ */ readerModule('SK', ['SK'], { eu_vat: 'IČ DPH (identifikačné číslo pre daň z pridanej hodnoty)' }, (id, at) => {
  if (!isDigits(id, at)) return no('format');
  if (id.length - at !== 10) return no('length');
  const third = digit(id, at + 2);
  if (id.charCodeAt(at) === 48 || third < 2 || third === 5 || third === 6) return no('format');
  return modString(id, 11, at) === 0 ? validIn('SK', KIND, withPrefix('SK', id, at)) : no('checksum');
});
