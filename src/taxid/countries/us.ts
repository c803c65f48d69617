import { digit, isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Two-digit EIN prefixes the IRS assigns (Andover, Atlanta, Austin, Brookhaven, Cincinnati,
 * Fresno, Kansas City, Memphis, Ogden, Philadelphia, Internet, SBA). Index = prefix.
 * Never assigned: 00, 07, 08, 09, 17, 18, 19, 28, 29, 49, 69, 70, 78, 79, 89, 96, 97.
 */
const VALID_PREFIX: readonly boolean[] = /* @__PURE__ */ (() => {
  const t = new Array<boolean>(100).fill(true);
  for (const p of [0, 7, 8, 9, 17, 18, 19, 28, 29, 49, 69, 70, 78, 79, 89, 96, 97]) t[p] = false;
  return t;
})();

/**
 * United States: Employer Identification Number (EIN), 9 digits written NN-NNNNNNN, with no
 * check digit; the first two digits must be a prefix the IRS assigns to one of its campuses,
 * the Internet application or the SBA. Kind `us_ein`, no prefix. Source: IRS, "How EINs are
 * assigned and valid EIN prefixes".
 */
export const US: TaxIdModule = {
  country: 'US',
  prefixes: [],
  names: { us_ein: 'EIN (Employer Identification Number)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'us_ein');
    if (body.length !== 9) return bad('length', 'us_ein');
    if (VALID_PREFIX[digit(body, 0) * 10 + digit(body, 1)] !== true) return bad('format', 'us_ein');
    return ok('us_ein', body);
  },
};
