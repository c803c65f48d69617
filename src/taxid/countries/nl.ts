import { digit } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const KIND = 'eu_vat';

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
export const NL: TaxIdModule = {
  country: 'NL',
  prefixes: ['NL'],
  names: { eu_vat: 'btw-identificatienummer' },
  validate(body) {
    const n = body.length;
    if (n > 12) return bad('length', KIND);
    const m = n - 3; // digits before the B
    if (m < 1 || body.charCodeAt(m) !== 66) return bad('format', KIND);
    for (let i = 0; i < n; i++) {
      if (i === m) continue;
      const c = body.charCodeAt(i);
      if (c < 48 || c > 57) return bad('format', KIND);
    }
    const suffix = digit(body, m + 1) * 10 + digit(body, m + 2);
    if (suffix === 0) return bad('format', KIND);
    const pad = 9 - m;
    let eleven = 0;
    let mod97 = NL_MOD97;
    let nonZero = false;
    for (let i = 0; i < 9; i++) {
      const d = i < pad ? 0 : digit(body, i - pad);
      if (d !== 0) nonZero = true;
      eleven += i < 8 ? d * (9 - i) : -d;
      mod97 = (mod97 * 10 + d) % 97;
    }
    if (!nonZero) return bad('format', KIND);
    mod97 = (mod97 * 100 + 11) % 97; // B
    mod97 = (mod97 * 100 + suffix) % 97;
    if (eleven % 11 !== 0 && mod97 !== 1) return bad('checksum', KIND);
    return ok(KIND, pad > 0 ? `NL${ZEROS.slice(0, pad)}${body}` : `NL${body}`);
  },
};
