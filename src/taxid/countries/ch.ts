import { digit, isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/** Suffixes that turn a UID into the Swiss VAT number (German, French, Italian, Romansh). */
const VAT_SUFFIXES: readonly string[] = ['MWST', 'TVA', 'IVA', 'TPV'];
const UID_WEIGHTS: readonly number[] = [5, 4, 3, 2, 7, 6, 5, 4];

/** True when the 9 digits of `s` starting at `at` carry a valid UID check digit. */
function uidCheck(s: string, at: number): boolean {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += digit(s, at + i) * (UID_WEIGHTS[i] as number);
  const check = (11 - (sum % 11)) % 11;
  // A remainder giving 10 is never issued.
  return check !== 10 && check === digit(s, at + 8);
}

/**
 * Switzerland: Unternehmens-Identifikationsnummer (UID), CHE + 9 digits, the last a
 * mod-11 check digit (weights 5 4 3 2 7 6 5 4, check = 11 − sum mod 11, 10 never issued),
 * kind `ch_uid`; followed by MWST / TVA / IVA / TPV it is the VAT number, kind `ch_vat`.
 * The bare 9 digits are read as a UID. Source: Federal Statistical Office (BFS),
 * "Unternehmens-Identifikationsnummer (UID) — Aufbau" and the UIDG ordinance (UIDV Art. 3).
 */
export const CH: TaxIdModule = {
  country: 'CH',
  prefixes: ['CHE'],
  names: { ch_uid: 'UID (Unternehmens-Identifikationsnummer)', ch_vat: 'MWST-Nummer / numéro TVA / numero IVA' },
  validate(body) {
    const n = body.length;
    if (n < 9) return bad(isDigits(body) ? 'length' : 'format', 'ch_uid');
    let kind = 'ch_uid';
    if (n > 9) {
      let suffixOk = false;
      for (let k = 0; k < VAT_SUFFIXES.length; k++) {
        const s = VAT_SUFFIXES[k] as string;
        if (n === 9 + s.length && body.endsWith(s)) {
          suffixOk = true;
          break;
        }
      }
      if (!suffixOk) return bad(isDigits(body) ? 'length' : 'format', 'ch_uid');
      kind = 'ch_vat';
    }
    for (let i = 0; i < 9; i++) {
      const c = body.charCodeAt(i);
      if (c < 48 || c > 57) return bad('format', kind);
    }
    if (!uidCheck(body, 0)) return bad('checksum', kind);
    return ok(kind, `CHE${body}`);
  },
};
