import { digit, isDigits } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('IT', KIND, reason);

/**
 * Italy: partita IVA, IT + 11 digits: a 7-digit serial (not all zero), a 3-digit office
 * code (001-100 provincial offices, 120, 121, 888, 999) and a Luhn check digit over all 11.
 * Source: Agenzia delle Entrate (DPR 633/1972 art. 35, DM 23 Dec 1976 on the structure of
 * the partita IVA) and the European Commission's VIES VAT number validation routines.
 */
export const IT: TaxIdModule = /* @__PURE__ */ readerModule('IT', ['IT'], { eu_vat: 'partita IVA' }, (id, at) => {
  if (id.length - at !== 11) return no(isDigits(id, at) ? 'length' : 'format');
  // One pass over the 11 digits: that they are digits, the serial's sum, the Luhn sum.
  let serial = 0;
  let luhn = 0;
  for (let i = 0; i < 11; i++) {
    const d = digit(id, at + i);
    if (d < 0 || d > 9) return no('format');
    if (i < 7) serial += d;
    // Luhn doubles every second digit counting from the check digit (index 10): the odd indexes.
    luhn += i % 2 === 1 ? (d > 4 ? 2 * d - 9 : 2 * d) : d;
  }
  if (serial === 0) return no('format');
  const office = digit(id, at + 7) * 100 + digit(id, at + 8) * 10 + digit(id, at + 9);
  if (!((office >= 1 && office <= 100) || office === 120 || office === 121 || office === 888 || office === 999)) return no('format');
  return luhn % 10 === 0 ? validIn('IT', KIND, withPrefix('IT', id, at)) : no('checksum');
});
