import { digit, isDigits } from '../algorithms.js';
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
  if (!isDigits(id, at)) return no('format');
  const end = id.length;
  const n = end - at;
  if (n !== 9 && n !== 10) return no('length');
  const off = n - 10; // -1 for the 9-digit form: an implied leading 0
  const first = off < 0 ? 0 : digit(id, at);
  if (first > 1) return no('format');
  // the 8-digit base: the first 8 digits of the 10-digit form
  let base = 0;
  for (let i = 0; i < 8; i++) base = base * 10 + (i + off < 0 ? 0 : digit(id, at + i + off));
  if (base === 0) return no('format');
  const check = digit(id, end - 2) * 10 + digit(id, end - 1);
  if (97 - (base % 97) !== check) return no('checksum');
  return validIn('BE', KIND, off < 0 ? `BE0${at === 0 ? id : id.slice(at)}` : withPrefix('BE', id, at));
});
