import { digit, isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Turkey: Vergi Kimlik Numarası (VKN), the 10-digit tax number of businesses. For each of
 * the first 9 digits d at position i (1-based from the left): t = (d + 10 − i) mod 10; if t
 * is not 0 it contributes (t × 2^(10 − i)) mod 9, or 9 when that is 0. The check digit is
 * (10 − sum mod 10) mod 10. Kind `tr_vkn`, no prefix (the 11-digit T.C. Kimlik No of
 * persons is out of scope). Source: Gelir İdaresi Başkanlığı (GİB), VKN check-digit rule.
 */
export const TR: TaxIdModule = {
  country: 'TR',
  prefixes: [],
  names: { tr_vkn: 'VKN (Vergi Kimlik Numarası)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'tr_vkn');
    if (body.length !== 10) return bad('length', 'tr_vkn');
    let sum = 0;
    for (let i = 1; i <= 9; i++) {
      const t = (digit(body, i - 1) + 10 - i) % 10;
      if (t !== 0) sum += (t * 2 ** (10 - i)) % 9 || 9;
    }
    return (10 - (sum % 10)) % 10 === digit(body, 9) ? ok('tr_vkn', body) : bad('checksum', 'tr_vkn');
  },
};
