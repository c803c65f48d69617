import { digit, isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Greece: Αριθμός Φορολογικού Μητρώου (ΑΦΜ) used as VAT number, written EL (GR accepted)
 * + 9 digits; the old 8-digit form is read with a leading 0. Check digit:
 * (Σ dᵢ × 2^(8−i) over the first 8 digits) mod 11 mod 10. Source: Independent Authority for
 * Public Revenue (ΑΑΔΕ) ΑΦΜ structure; EU VIES algorithm notes.
 */
export const GR: TaxIdModule = {
  country: 'GR',
  prefixes: ['EL', 'GR'],
  names: { eu_vat: 'ΑΦΜ (Αριθμός Φορολογικού Μητρώου)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'eu_vat');
    const n = body.length;
    if (n !== 8 && n !== 9) return bad('length', 'eu_vat');
    // digits of the 9-digit form; an 8-digit body has an implied leading 0
    let sum = 0;
    for (let i = 0; i < n - 1; i++) sum = sum * 2 + digit(body, i);
    sum *= 2;
    return (sum % 11) % 10 === digit(body, n - 1) ? ok('eu_vat', n === 8 ? `EL0${body}` : `EL${body}`) : bad('checksum', 'eu_vat');
  },
};
