import { digit, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/** The year the module was loaded: issue years after it are refused. */
const THIS_YEAR = new Date().getUTCFullYear();

/** ACRA entity-type codes of "other" UENs (T08LL1234A, S16FC0121D …). */
const ENTITY_TYPES: ReadonlySet<number> = /* @__PURE__ */ new Set(
  /* @__PURE__ */ ['CC', 'CD', 'CH', 'CL', 'CM', 'CP', 'CS', 'CX', 'DP', 'FB', 'FC', 'FM', 'FN', 'GA', 'GB', 'GS', 'HS', 'LL', 'LP', 'MB',
    'MC', 'MD', 'MH', 'MM', 'MQ', 'NB', 'NR', 'PA', 'PB', 'PF', 'RF', 'RP', 'SM', 'SS', 'TC', 'TU', 'VH', 'XL']
    .map((t) => t.charCodeAt(0) * 256 + t.charCodeAt(1)),
);

const ROB_WEIGHTS: readonly number[] = [10, 4, 9, 3, 8, 2, 7, 1];
const ROB_LETTERS = 'XMKECAWLJDB';
const ROC_WEIGHTS: readonly number[] = [10, 8, 6, 4, 9, 7, 5, 3, 1];
const ROC_LETTERS = 'ZKCMDNERGWH';
const OTHER_WEIGHTS: readonly number[] = [4, 3, 5, 3, 10, 2, 2, 5, 7];
/** Alphabet of "other" UENs: letters without I, O, Y, Z, then the digits. */
const OTHER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWX0123456789';

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isLetter = (c: number): boolean => c >= 65 && c <= 90;

function digitsAt(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isDigit(s.charCodeAt(i))) return false;
  return true;
}

/** Index of the character at `i` of `s` in OTHER_ALPHABET (−1 if absent). */
function otherValue(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (isDigit(c)) return 22 + c - 48;
  if (!isLetter(c) || c === 73 /* I */ || c === 79 /* O */ || c === 89 /* Y */ || c === 90 /* Z */) return -1;
  let v = c - 65;
  if (c > 73) v--;
  if (c > 79) v--;
  return v;
}

/**
 * Singapore:
 * - Unique Entity Number (UEN), kind `sg_uen`, in three forms: businesses (ROB) 8 digits +
 *   check letter (weights 10 4 9 3 8 2 7 1, letter XMKECAWLJDB[sum mod 11]); local
 *   companies (ROC) 4-digit year + 5 digits + check letter (weights 10 8 6 4 9 7 5 3 1,
 *   letter ZKCMDNERGWH[sum mod 11]); other entities R/S/T (18xx/19xx/20xx) + 2-digit year +
 *   2-letter entity type + 4 digits + check character (alphabet A–X without I, O then 0–9;
 *   weights 4 3 5 3 10 2 2 5 7; character at (sum − 5) mod 11). Years after the current
 *   one are refused.
 * - GST registration number of those without a UEN-based one, kind `sg_gst`: M + 8 digits +
 *   letter (M91234567X), or MR / MB / MX + 7 digits + letter; no published check character,
 *   so the shape only is checked. Registrants with a UEN use the UEN as GST number.
 * No prefix. Source: ACRA / uen.gov.sg, "UEN format" and entity-type table; OECD CRS TIN
 * sheet for Singapore; IRAS, "GST registration number" formats.
 */
export const SG: TaxIdModule = {
  country: 'SG',
  prefixes: [],
  names: { sg_uen: 'UEN (Unique Entity Number)', sg_gst: 'GST registration number' },
  validate(body) {
    const n = body.length;
    for (let i = 0; i < n; i++) {
      const c = body.charCodeAt(i);
      if (!isDigit(c) && !isLetter(c)) return bad('format', 'sg_uen');
    }
    const first = body.charCodeAt(0);
    if (first === 77 /* M */) {
      if (n !== 10) return bad('length', 'sg_gst');
      const second = body.charCodeAt(1);
      const secondOk = isDigit(second) || second === 82 /* R */ || second === 66 /* B */ || second === 88; /* X */
      if (!secondOk || !digitsAt(body, 2, 9) || !isLetter(body.charCodeAt(9))) return bad('format', 'sg_gst');
      return ok('sg_gst', body);
    }
    if (n !== 9 && n !== 10) return bad('length', 'sg_uen');
    const last = body.charCodeAt(n - 1);
    if (n === 9) {
      // ROB: 8 digits + check letter.
      if (!digitsAt(body, 0, 8) || !isLetter(last)) return bad('format', 'sg_uen');
      let sum = weightedSum(body, ROB_WEIGHTS);
      return ROB_LETTERS.charCodeAt(sum % 11) === last ? ok('sg_uen', body) : bad('checksum', 'sg_uen');
    }
    if (isDigit(first)) {
      // ROC: yyyy + 5 digits + check letter.
      if (!digitsAt(body, 0, 9)) return bad('format', 'sg_uen');
      const year = digit(body, 0) * 1000 + digit(body, 1) * 100 + digit(body, 2) * 10 + digit(body, 3);
      if (year > THIS_YEAR) return bad('format', 'sg_uen');
      let sum = weightedSum(body, ROC_WEIGHTS);
      return ROC_LETTERS.charCodeAt(sum % 11) === last ? ok('sg_uen', body) : bad('checksum', 'sg_uen');
    }
    // Other entities: R/S/T + yy + entity type + 4 digits + check character.
    if (first !== 82 && first !== 83 && first !== 84) return bad('format', 'sg_uen');
    if (!digitsAt(body, 1, 3) || !digitsAt(body, 5, 9)) return bad('format', 'sg_uen');
    if (first === 84 /* T */ && 2000 + digit(body, 1) * 10 + digit(body, 2) > THIS_YEAR) return bad('format', 'sg_uen');
    if (!ENTITY_TYPES.has(body.charCodeAt(3) * 256 + body.charCodeAt(4))) return bad('format', 'sg_uen');
    let sum = 0;
    for (let i = 0; i < 9; i++) {
      const v = otherValue(body, i);
      if (v < 0) return bad('format', 'sg_uen');
      sum += v * (OTHER_WEIGHTS[i] as number);
    }
    const check = OTHER_ALPHABET.charCodeAt((((sum - 5) % 11) + 11) % 11);
    return check === last ? ok('sg_uen', body) : bad('checksum', 'sg_uen');
  },
};
