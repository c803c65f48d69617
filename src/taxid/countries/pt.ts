import { digit, isDigits } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('PT', KIND, reason);

/**
 * Portugal: NIF / NIPC (Número de Identificação Fiscal), PT + 9 digits, first not 0;
 * check digit = 11 − (Σ first eight × (9 … 2) mod 11), 10 and 11 written as 0.
 * Source: Autoridade Tributária e Aduaneira and the European Commission's VIES VAT number
 * validation routines.
 */
export const PT: TaxIdModule = /* @__PURE__ */ readerModule('PT', ['PT'], { eu_vat: 'NIF (número de identificação fiscal)' }, (id, at) => {
  if (!isDigits(id, at)) return no('format');
  if (id.length - at !== 9) return no('length');
  if (id.charCodeAt(at) === 48) return no('format');
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += digit(id, at + i) * (9 - i);
  let check = 11 - (sum % 11);
  if (check >= 10) check = 0;
  return check === digit(id, at + 8) ? validIn('PT', KIND, withPrefix('PT', id, at)) : no('checksum');
});
