import { digit, isDigits } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('DE', KIND, reason);

/**
 * Germany: Umsatzsteuer-Identifikationsnummer, DE + 9 digits; the last is an ISO 7064
 * MOD 11,10 check digit over the first 8 (Bundeszentralamt für Steuern, EU TIN/VIES
 * specification). The first digit is never 0.
 */
export const DE: TaxIdModule = /* @__PURE__ */ readerModule('DE', ['DE'], { eu_vat: 'USt-IdNr. (Umsatzsteuer-Identifikationsnummer)' }, (id, at) => {
  if (id.length - at !== 9) return no(isDigits(id, at) ? 'length' : 'format');
  if (id.charCodeAt(at) === 48) return no('format');
  // One pass: each character is checked to be a digit as the check digit is computed.
  let product = 10;
  for (let i = at; i < at + 8; i++) {
    const d = digit(id, i);
    if (d < 0 || d > 9) return no('format');
    // (d + product) mod 10, 0 read as 10, then twice that mod 11: d ≤ 9 and product ≤ 10
    // make both remainders one subtraction.
    let sum = d + product;
    if (sum > 10) sum -= 10;
    product = 2 * sum;
    if (product > 10) product -= 11;
  }
  const last = digit(id, at + 8);
  if (last < 0 || last > 9) return no('format');
  return (11 - product) % 10 === last ? validIn('DE', KIND, withPrefix('DE', id, at)) : no('checksum');
});
