import { isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/** Value of a key character: 0–9, then A–Z without I and O as 10–33; -1 when not allowed. */
function keyValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code < 65 || code > 90 || code === 73 /* I */ || code === 79 /* O */) return -1;
  return code - 55 - (code > 79 ? 2 : code > 73 ? 1 : 0);
}

/**
 * France: numéro de TVA intracommunautaire, FR + 2 key characters + the 9-digit SIREN
 * (which carries a Luhn check digit, except Monaco numbers starting 000).
 * - Old style, two digit key: key = (12 + 3 × (SIREN mod 97)) mod 97.
 * - New style, a letter in the key (0–9, A–Z without I and O valued 0–33):
 *   S = C1 × 24 + C2 − 10 when C1 is a digit, C1 × 34 + C2 − 100 otherwise; valid when
 *   (SIREN + S div 11 + 1) mod 11 = S mod 11.
 * Source: Direction générale des Finances publiques (clé TVA), INSEE (SIREN), and the EU
 * VIES algorithm notes.
 */
export const FR: TaxIdModule = {
  country: 'FR',
  prefixes: ['FR'],
  names: { eu_vat: 'numéro de TVA intracommunautaire' },
  validate(body) {
    if (body.length !== 11) return bad(isDigits(body) ? 'length' : 'format', 'eu_vat');
    const c1 = keyValue(body.charCodeAt(0));
    const c2 = keyValue(body.charCodeAt(1));
    if (c1 < 0 || c2 < 0) return bad('format', 'eu_vat');
    let siren = 0;
    for (let i = 2; i < 11; i++) {
      const d = body.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return bad('format', 'eu_vat');
      siren = siren * 10 + d;
    }
    if (siren >= 1000000 && !luhnSiren(body)) return bad('checksum', 'eu_vat');
    let valid: boolean;
    if (c1 < 10 && c2 < 10) valid = c1 * 10 + c2 === (12 + 3 * (siren % 97)) % 97;
    else {
      const s = c1 < 10 ? c1 * 24 + c2 - 10 : c1 * 34 + c2 - 100;
      valid = (siren + Math.floor(s / 11) + 1) % 11 === s % 11;
    }
    return valid ? ok('eu_vat', `FR${body}`) : bad('checksum', 'eu_vat');
  },
};

/** Luhn over the SIREN (characters 2–10 of the body). */
function luhnSiren(body: string): boolean {
  let sum = 0;
  for (let i = 10; i >= 2; i--) {
    let d = body.charCodeAt(i) - 48;
    if ((10 - i) % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
