import { digit, isDigits } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('SE', KIND, reason);

/**
 * Sweden: momsregistreringsnummer, SE + 12 digits: the 10-digit organisationsnummer (or
 * personnummer) followed by 01. The 10 digits carry a Luhn check digit.
 * Source: Skatteverket ("Momsregistreringsnummer", SKV 709 organisationsnummer) and the
 * European Commission's VIES VAT number validation routines.
 */
export const SE: TaxIdModule = /* @__PURE__ */ readerModule('SE', ['SE'], { eu_vat: 'momsregistreringsnummer' }, (id, at) => {
  if (!isDigits(id, at)) return no('format');
  if (id.length - at !== 12) return no('length');
  if (id.charCodeAt(at + 10) !== 48 || id.charCodeAt(at + 11) !== 49) return no('format');
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = digit(id, at + i);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0 ? validIn('SE', KIND, withPrefix('SE', id, at)) : no('checksum');
});
