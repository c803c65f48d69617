import { bad, ok, type TaxIdModule } from '../types.js';

/** PAN 4th character, the holder type: A AOP, B BOI, C company, F firm/LLP, G government, H HUF, J artificial juridical person, K krish, L local authority, P individual, T trust. */
const HOLDER_TYPE: readonly boolean[] = /* @__PURE__ */ (() => {
  const t = new Array<boolean>(128).fill(false);
  for (const ch of 'ABCFGHJKLPT') t[ch.charCodeAt(0)] = true;
  return t;
})();

/** Value of an ASCII digit or capital letter in base 36, or -1. */
function base36(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 90) return c - 55;
  return -1;
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isLetter = (c: number): boolean => c >= 65 && c <= 90;

/**
 * India: GSTIN (Goods and Services Tax Identification Number), 15 characters: a 2-digit
 * state code (01–38, or 97 for Other Territory), the holder's PAN (5 letters with the 4th a
 * valid holder type, 4 digits not 0000, a letter), the entity number (1–9, A–Z), the
 * letter Z, and a check character. The check character is a mod-36 Luhn-style code over
 * the first 14 characters (0–9 = 0–9, A–Z = 10–35; factors 1, 2 alternating from the left;
 * each product contributes product div 36 + product mod 36; check = (36 − sum mod 36) mod
 * 36). Kind `in_gstin`, no prefix. Source: GSTN, GST registration format (Central Board of
 * Indirect Taxes and Customs; GSTIN check-code specification).
 */
export const IN: TaxIdModule = {
  country: 'IN',
  prefixes: [],
  names: { in_gstin: 'GSTIN (Goods and Services Tax Identification Number)' },
  validate(body) {
    const n = body.length;
    for (let i = 0; i < n; i++) if (base36(body.charCodeAt(i)) < 0) return bad('format', 'in_gstin');
    if (n !== 15) return bad('length', 'in_gstin');
    // Shape: 2 digits, 5 letters, 4 digits, letter, entity, Z, check.
    if (!isDigit(body.charCodeAt(0)) || !isDigit(body.charCodeAt(1))) return bad('format', 'in_gstin');
    for (let i = 2; i < 7; i++) if (!isLetter(body.charCodeAt(i))) return bad('format', 'in_gstin');
    for (let i = 7; i < 11; i++) if (!isDigit(body.charCodeAt(i))) return bad('format', 'in_gstin');
    if (!isLetter(body.charCodeAt(11))) return bad('format', 'in_gstin');
    const state = (body.charCodeAt(0) - 48) * 10 + (body.charCodeAt(1) - 48);
    if (!((state >= 1 && state <= 38) || state === 97)) return bad('format', 'in_gstin');
    if (HOLDER_TYPE[body.charCodeAt(5)] !== true) return bad('format', 'in_gstin');
    if (body.charCodeAt(7) === 48 && body.charCodeAt(8) === 48 && body.charCodeAt(9) === 48 && body.charCodeAt(10) === 48) return bad('format', 'in_gstin');
    if (body.charCodeAt(12) === 48 || body.charCodeAt(13) !== 90 /* Z */) return bad('format', 'in_gstin');
    let sum = 0;
    for (let i = 0; i < 14; i++) {
      const p = base36(body.charCodeAt(i)) * (i % 2 === 0 ? 1 : 2);
      sum += Math.floor(p / 36) + (p % 36);
    }
    return (36 - (sum % 36)) % 36 === base36(body.charCodeAt(14)) ? ok('in_gstin', body) : bad('checksum', 'in_gstin');
  },
};
