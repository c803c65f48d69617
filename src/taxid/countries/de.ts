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
    if (!isDigits(body) || body.charCodeAt(0) === 48) return bad('format', 'eu_vat');
    let product = 10;
    for (let i = 0; i < 8; i++) {
      let sum = (digit(body, i) + product) % 10;
      if (sum === 0) sum = 10;
      product = (2 * sum) % 11;
    }
    const check = (11 - product) % 10;
    return check === digit(body, 8) ? ok('eu_vat', `DE${body}`) : bad('checksum', 'eu_vat');
  },
};
