import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('BE', KIND, reason);

/**
 * Belgium: BTW/TVA number = enterprise number (ondernemingsnummer / numéro d'entreprise),
 * BE + 10 digits starting with 0 or 1; the old 9-digit form (and "(0)…") is read with a
 * leading 0. The last two digits are 97 − (first 8 digits mod 97). Source: FPS Economy,
 * Crossroads Bank for Enterprises (KBO/BCE) number structure; EU VIES algorithm notes.
 */
export const BE: TaxIdModule = /* @__PURE__ */ readerModule('BE', ['BE'], { eu_vat: 'btw-identificatienummer / numéro de TVA (ondernemingsnummer)' }, (id, at) => {
  const n = id.length - at;
  if (n === 0) return no('format');
  // One pass: that every character is a digit; in a number of 9 or 10 digits, the base (all
  // but the last two: the 9-digit form has an implied leading 0) and the check (the last two).
  const sized = n === 9 || n === 10;
  let base = 0;
  let check = 0;
  for (let i = 0; i < n; i++) {
    const d = id.charCodeAt(at + i) - 48;
    if (d < 0 || d > 9) return no('format');
    if (!sized) continue;
    if (i < n - 2) base = base * 10 + d;
    else check = check * 10 + d;
  }
  if (!sized) return no('length');
  // The 10-digit form starts with 0 or 1.
  if (n === 10 && id.charCodeAt(at) > 49) return no('format');
  if (base === 0) return no('format');
  if (97 - (base % 97) !== check) return no('checksum');
  return validIn('BE', KIND, n === 9 ? `BE0${at === 0 ? id : id.slice(at)}` : withPrefix('BE', id, at));
});
