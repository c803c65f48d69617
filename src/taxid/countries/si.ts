import { digit, isDigits } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('SI', KIND, reason);

/**
 * Slovenia: identifikacijska številka za DDV, SI + 8 digits, first not 0; check digit =
 * 11 − (Σ first seven × (8 … 2) mod 11), 10 written as 0 (a remainder of 0 is never issued).
 * Source: Finančna uprava Republike Slovenije (FURS) and the European Commission's VIES VAT
 * number validation routines.
 */
export const SI: TaxIdModule = /* @__PURE__ */ readerModule('SI', ['SI'], { eu_vat: 'identifikacijska številka za DDV' }, (id, at) => {
  if (!isDigits(id, at)) return no('format');
  if (id.length - at !== 8) return no('length');
  if (id.charCodeAt(at) === 48) return no('format');
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += digit(id, at + i) * (8 - i);
  const r = sum % 11;
  if (r === 0) return no('checksum');
  return (11 - r) % 10 === digit(id, at + 7) ? validIn('SI', KIND, withPrefix('SI', id, at)) : no('checksum');
});
