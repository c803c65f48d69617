import { digit, isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Germany: Umsatzsteuer-Identifikationsnummer, DE + 9 digits; the last is an ISO 7064
 * MOD 11,10 check digit over the first 8 (Bundeszentralamt für Steuern, EU TIN/VIES
 * specification). The first digit is never 0.
 */
export const DE: TaxIdModule = {
  country: 'DE',
  prefixes: ['DE'],
  names: { eu_vat: 'USt-IdNr. (Umsatzsteuer-Identifikationsnummer)' },
  validate(body) {
    if (body.length !== 9) return bad(isDigits(body) ? 'length' : 'format', 'eu_vat');
    if (body.charCodeAt(0) === 48) return bad('format', 'eu_vat');
    // One pass: each character is checked to be a digit as the check digit is computed.
    let product = 10;
    for (let i = 0; i < 8; i++) {
      const d = digit(body, i);
      if (d < 0 || d > 9) return bad('format', 'eu_vat');
      let sum = (d + product) % 10;
      if (sum === 0) sum = 10;
      product = (2 * sum) % 11;
    }
    const last = digit(body, 8);
    if (last < 0 || last > 9) return bad('format', 'eu_vat');
    return (11 - product) % 10 === last ? ok('eu_vat', `DE${body}`) : bad('checksum', 'eu_vat');
  },
};
