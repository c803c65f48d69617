import { digit, isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * ISO 3166-1 numeric codes of the member states of identification (EU-27, plus 900 for
 * the United Kingdom in respect of Northern Ireland), as listed by python-stdnum's eu.oss.
 */
const MEMBER_STATES: ReadonlySet<number> = new Set([
  40, 56, 100, 191, 196, 203, 208, 233, 246, 250, 276, 300, 348, 372, 380, 428, 440, 442, 470,
  528, 616, 620, 642, 703, 705, 724, 752, 900,
]);

/** True when every character of body from index `from` on is a digit. */
function digitsFrom(body: string, from: number): boolean {
  for (let i = from; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * EU VAT one-stop shop numbers (Council Directive 2006/112/EC arts. 358a-369x, as amended
 * by Directive (EU) 2017/2455):
 * - non-Union scheme (OSS / former MOSS, VoeS): EU + 9 digits = the member state of
 *   identification as ISO 3166-1 numeric code (3 digits) + 5 digits + 1 check digit;
 *   kind `eu_oss`, normalized `EU…`.
 * - import scheme (IOSS): IM + 10 digits = member-state code + 6 digits + 1 check digit;
 *   kind `eu_ioss`, normalized `IM…`. Only read when the country `EU` is given (the module
 *   claims the `EU` prefix only).
 * The check-digit algorithm is defined in the Commission's Mini-1SS technical specification
 * (FITSDEV2-SC12-TS-Mini1SS), which is not public, so only the structure and member-state
 * code are checked (as documented by python-stdnum's stdnum.eu.oss). Intermediary numbers
 * (IN…) are not VAT numbers and are refused.
 * Source: European Commission, "VAT One Stop Shop" registration guidance; python-stdnum
 * eu.oss documentation.
 */
export const EU: TaxIdModule = {
  country: 'EU',
  prefixes: ['EU'],
  names: { eu_oss: 'OSS identification number (non-Union scheme)', eu_ioss: 'IOSS identification number' },
  validate(body) {
    const n = body.length;
    if (n > 2 && body.charCodeAt(0) === 73 && body.charCodeAt(1) === 77) {
      // IM: import one-stop shop
      if (!digitsFrom(body, 2)) return bad('format', 'eu_ioss');
      if (n !== 12) return bad('length', 'eu_ioss');
      const ms = digit(body, 2) * 100 + digit(body, 3) * 10 + digit(body, 4);
      return MEMBER_STATES.has(ms) ? ok('eu_ioss', body) : bad('format', 'eu_ioss');
    }
    if (!isDigits(body)) return bad('format', 'eu_oss');
    if (n !== 9) return bad('length', 'eu_oss');
    const ms = digit(body, 0) * 100 + digit(body, 1) * 10 + digit(body, 2);
    return MEMBER_STATES.has(ms) ? ok('eu_oss', `EU${body}`) : bad('format', 'eu_oss');
  },
};
