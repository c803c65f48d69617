import { isDigits } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('FR', KIND, reason);

/** Value of a key character: 0–9, then A–Z without I and O as 10–33; -1 when not allowed. */
function keyValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code < 65 || code > 90 || code === 73 /* I */ || code === 79 /* O */) return -1;
  return code - 55 - (code > 79 ? 2 : code > 73 ? 1 : 0);
}

/**
 * France: numéro de TVA intracommunautaire, FR + 2 key characters + the 9-digit SIREN
 * (which carries a Luhn check digit, except Monaco numbers starting 000).
 * - Old style, two digit key: key = (12 + 3 × (SIREN mod 97)) mod 97.
 * - New style, a letter in the key (0–9, A–Z without I and O valued 0–33):
 *   S = C1 × 24 + C2 − 10 when C1 is a digit, C1 × 34 + C2 − 100 otherwise; valid when
 *   (SIREN + S div 11 + 1) mod 11 = S mod 11.
 * Source: Direction générale des Finances publiques (clé TVA), INSEE (SIREN), and the EU
 * VIES algorithm notes.
 */
export const FR: TaxIdModule = /* @__PURE__ */ readerModule('FR', ['FR'], { eu_vat: 'numéro de TVA intracommunautaire' }, (id, at) => {
  if (id.length - at !== 11) return no(isDigits(id, at) ? 'length' : 'format');
  const c1 = keyValue(id.charCodeAt(at));
  const c2 = keyValue(id.charCodeAt(at + 1));
  if (c1 < 0 || c2 < 0) return no('format');
  // One pass over the SIREN: that it is digits, its value, and its Luhn sum (every second
  // digit from the right doubled).
  let siren = 0;
  let luhn = 0;
  for (let i = 0; i < 9; i++) {
    const d = id.charCodeAt(at + 2 + i) - 48;
    if (d < 0 || d > 9) return no('format');
    siren = siren * 10 + d;
    luhn += i % 2 === 1 ? (d > 4 ? 2 * d - 9 : 2 * d) : d;
  }
  if (siren >= 1000000 && luhn % 10 !== 0) return no('checksum');
  let valid: boolean;
  if (c1 < 10 && c2 < 10) valid = c1 * 10 + c2 === (12 + 3 * (siren % 97)) % 97;
  else {
    const s = c1 < 10 ? c1 * 24 + c2 - 10 : c1 * 34 + c2 - 100;
    valid = (siren + Math.floor(s / 11) + 1) % 11 === s % 11;
  }
  return valid ? validIn('FR', KIND, withPrefix('FR', id, at)) : no('checksum');
});
