import { digit, isDigits } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('LU', KIND, reason);

/**
 * Luxembourg: numéro d'identification à la TVA, LU + 8 digits; the last two are the
 * first six taken as a number modulo 89.
 * Source: Administration de l'enregistrement, des domaines et de la TVA (AED) and the
 * European Commission's VIES VAT number validation routines.
 */
export const LU: TaxIdModule = /* @__PURE__ */ readerModule('LU', ['LU'], { eu_vat: 'numéro d’identification à la TVA' }, (id, at) => {
  if (!isDigits(id, at)) return no('format');
  if (id.length - at !== 8) return no('length');
  let r = 0;
  for (let i = 0; i < 6; i++) r = (r * 10 + digit(id, at + i)) % 89;
  return r === digit(id, at + 6) * 10 + digit(id, at + 7) ? validIn('LU', KIND, withPrefix('LU', id, at)) : no('checksum');
});
