import { digit, isDigits } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('RO', KIND, reason);

/** Control key 753217532, applied right-aligned to the digits before the check digit. */
const WEIGHTS: readonly number[] = [7, 5, 3, 2, 1, 7, 5, 3, 2];

/**
 * Romania: cod de identificare fiscală (CIF/CUI) used as VAT code, RO + 2 to 10 digits,
 * first not 0. The digits before the last are weighted right-aligned by the control key
 * 7 5 3 2 1 7 5 3 2; check = (sum × 10 mod 11) mod 10. The 13-digit personal numeric code
 * (CNP) is not a VAT number (VIES accepts 2-10 digits) and is refused.
 * Source: ANAF (Agenția Națională de Administrare Fiscală), CIF control key, and the
 * European Commission's VIES VAT number validation routines.
 */
export const RO: TaxIdModule = /* @__PURE__ */ readerModule('RO', ['RO'], { eu_vat: 'cod de înregistrare în scopuri de TVA' }, (id, at) => {
  if (!isDigits(id, at)) return no('format');
  const n = id.length - at;
  if (n < 2 || n > 10) return no('length');
  if (id.charCodeAt(at) === 48) return no('format');
  const offset = 10 - n; // the check digit sits at weight position 9
  let sum = 0;
  for (let i = 0; i < n - 1; i++) sum += digit(id, at + i) * (WEIGHTS[offset + i] as number);
  const check = ((sum * 10) % 11) % 10;
  return check === digit(id, at + n - 1) ? validIn('RO', KIND, withPrefix('RO', id, at)) : no('checksum');
});
