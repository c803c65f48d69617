import { digit, isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * The EDRPOU check digit: weights 1…7 over the first 7 digits, or 7 1 2 3 4 5 6 for codes
 * from 30 000 000 to 60 000 000; when the sum mod 11 is 10, weights 2 higher (3…9, or
 * 9 3 4 5 6 7 8), and a second 10 gives 0.
 */
function checkDigit(s: string): number {
  const code = Number(s);
  const shifted = code >= 30_000_000 && code <= 60_000_000;
  for (const extra of [0, 2]) {
    let sum = 0;
    for (let i = 0; i < 7; i++) sum += digit(s, i) * ((shifted ? (i === 0 ? 7 : i) : i + 1) + extra);
    const r = sum % 11;
    if (r !== 10) return r;
  }
  return 0;
}

/**
 * Ukraine: код ЄДРПОУ, the 8-digit identification code of a legal entity in the Unified
 * State Register, the last a mod-11 check digit; the 12-digit VAT payer number (ІПН) is
 * derived from it but has no published check. Kind `ua_edrpou`, prefix `UA` optional.
 * Source: State Statistics Service of Ukraine (Держстат), ЄДРПОУ identification code and
 * its control digit.
 */
export const UA: TaxIdModule = {
  country: 'UA',
  prefixes: ['UA'],
  names: { ua_edrpou: 'код ЄДРПОУ (Єдиний державний реєстр підприємств та організацій України)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'ua_edrpou');
    if (body.length !== 8) return bad('length', 'ua_edrpou');
    return checkDigit(body) === digit(body, 7) ? ok('ua_edrpou', body) : bad('checksum', 'ua_edrpou');
  },
};
