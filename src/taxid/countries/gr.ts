import { digit, isDigits } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('GR', KIND, reason);

/**
 * Greece: Αριθμός Φορολογικού Μητρώου (ΑΦΜ) used as VAT number, written EL (GR accepted)
 * + 9 digits; the old 8-digit form is read with a leading 0. Check digit:
 * (Σ dᵢ × 2^(8−i) over the first 8 digits) mod 11 mod 10. Source: Independent Authority for
 * Public Revenue (ΑΑΔΕ) ΑΦΜ structure; EU VIES algorithm notes.
 */
export const GR: TaxIdModule = /* @__PURE__ */ readerModule('GR', ['EL', 'GR'], { eu_vat: 'ΑΦΜ (Αριθμός Φορολογικού Μητρώου)' }, (id, at) => {
  if (!isDigits(id, at)) return no('format');
  const n = id.length - at;
  if (n !== 8 && n !== 9) return no('length');
  // digits of the 9-digit form; an 8-digit body has an implied leading 0
  let sum = 0;
  for (let i = 0; i < n - 1; i++) sum = sum * 2 + digit(id, at + i);
  sum *= 2;
  if ((sum % 11) % 10 !== digit(id, at + n - 1)) return no('checksum');
  return validIn('GR', KIND, n === 8 ? `EL0${at === 0 ? id : id.slice(at)}` : withPrefix('EL', id, at));
});
