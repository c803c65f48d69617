import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('NL', KIND, reason);

/** `NL` as ISO 7064 letter values (N = 23, L = 21) modulo 97: 2321 mod 97. */
const NL_MOD97 = 2321 % 97;
const ZEROS = '00000000';

/**
 * Netherlands: btw-identificatienummer, NL + 9 digits + B + 2 digits (suffix 01-99).
 * Leading zeros of the 9 digits are often dropped and are restored (NL4495445B01 →
 * NL004495445B01). Valid when either
 * - the 9 digits (RSIN / former sole-proprietor number) pass the "elfproef": Σ first
 *   eight × (9 … 2) − last digit ≡ 0 (mod 11), or
 * - the whole number, letters as ISO 7064 values (N = 23, L = 21, B = 11), is ≡ 1
 *   (mod 97): the ISO 7064 MOD 97-10 check of the btw-id issued to sole proprietors
 *   since 1 January 2020.
 * Source: Belastingdienst ("btw-identificatienummer", new btw-id from 2020) and the
 * European Commission's VIES VAT number validation routines.
 */
export const NL: TaxIdModule = /* @__PURE__ */ readerModule('NL', ['NL'], { eu_vat: 'btw-identificatienummer' }, (id, at) => {
  const end = id.length;
  if (end - at > 12) return no('length');
  const b = end - 3; // the index of the B
  const m = b - at; // digits before the B
  if (m < 1 || id.charCodeAt(b) !== 66) return no('format');
  const s1 = id.charCodeAt(b + 1) - 48;
  const s2 = id.charCodeAt(b + 2) - 48;
  if (s1 < 0 || s1 > 9 || s2 < 0 || s2 > 9) return no('format');
  // One pass over the digits before the B, read as 9 (the dropped leading zeros restored):
  // that they are digits, the elfproef's sum and the MOD 97-10 remainder together.
  const pad = 9 - m;
  let mod97 = NL_MOD97;
  for (let i = 0; i < pad; i++) mod97 = (mod97 * 10) % 97;
  let eleven = 0;
  let nonZero = false;
  for (let i = pad; i < 9; i++) {
    const d = id.charCodeAt(at + i - pad) - 48;
    if (d < 0 || d > 9) return no('format');
    if (d !== 0) nonZero = true;
    eleven += i < 8 ? d * (9 - i) : -d;
    mod97 = (mod97 * 10 + d) % 97;
  }
  const suffix = s1 * 10 + s2;
  if (suffix === 0 || !nonZero) return no('format');
  mod97 = (mod97 * 100 + 11) % 97; // B
  mod97 = (mod97 * 100 + suffix) % 97;
  if (eleven % 11 !== 0 && mod97 !== 1) return no('checksum');
  return validIn('NL', KIND, pad > 0 ? `NL${ZEROS.slice(0, pad)}${at === 0 ? id : id.slice(at)}` : withPrefix('NL', id, at));
});
