import { digit } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('AT', KIND, reason);

/**
 * Austria: Umsatzsteuer-Identifikationsnummer (UID), ATU + 8 digits; the last digit checks
 * the 7 before it: weights 1,2,1,2,1,2,1 with the digits of each product added (cross sum),
 * check = (10 − (S + 4) mod 10) mod 10. Source: Bundesministerium für Finanzen (UID
 * structure) and the European Commission's VIES "VAT number validation" algorithm notes.
 */
export const AT: TaxIdModule = /* @__PURE__ */ readerModule('AT', ['AT'], { eu_vat: 'UID-Nummer (Umsatzsteuer-Identifikationsnummer)' }, (id, at) => {
  if (id.length - at !== 9) return no('length');
  if (id.charCodeAt(at) !== 85 /* U */) return no('format');
  let sum = 0;
  for (let i = 1; i < 9; i++) {
    const d = id.charCodeAt(at + i) - 48;
    if (d < 0 || d > 9) return no('format');
    if (i === 8) break;
    if (i % 2 === 0) sum += d > 4 ? 2 * d - 9 : 2 * d;
    else sum += d;
  }
  const check = (10 - ((sum + 4) % 10)) % 10;
  return check === digit(id, at + 8) ? validIn('AT', KIND, withPrefix('AT', id, at)) : no('checksum');
});
