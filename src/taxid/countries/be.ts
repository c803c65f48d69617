import { digit, isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Belgium: BTW/TVA number = enterprise number (ondernemingsnummer / numéro d'entreprise),
 * BE + 10 digits starting with 0 or 1; the old 9-digit form (and "(0)…") is read with a
 * leading 0. The last two digits are 97 − (first 8 digits mod 97). Source: FPS Economy,
 * Crossroads Bank for Enterprises (KBO/BCE) number structure; EU VIES algorithm notes.
 */
export const BE: TaxIdModule = {
  country: 'BE',
  prefixes: ['BE'],
  names: { eu_vat: 'btw-identificatienummer / numéro de TVA (ondernemingsnummer)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'eu_vat');
    const n = body.length;
    if (n !== 9 && n !== 10) return bad('length', 'eu_vat');
    const off = n - 10; // -1 for the 9-digit form: an implied leading 0
    const first = off < 0 ? 0 : digit(body, 0);
    if (first > 1) return bad('format', 'eu_vat');
    // the 8-digit base: the first 8 digits of the 10-digit form
    let base = 0;
    for (let i = 0; i < 8; i++) base = base * 10 + (i + off < 0 ? 0 : digit(body, i + off));
    if (base === 0) return bad('format', 'eu_vat');
    const check = digit(body, n - 2) * 10 + digit(body, n - 1);
    if (97 - (base % 97) !== check) return bad('checksum', 'eu_vat');
    return ok('eu_vat', off < 0 ? `BE0${body}` : `BE${body}`);
  },
};
