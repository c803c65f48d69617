import { digit } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const N_TILDE = 0xd1; // Ñ

/** Four char codes (each < 256) packed into one number. */
const pack4 = (s: string, at: number): number =>
  ((s.charCodeAt(at) * 256 + s.charCodeAt(at + 1)) * 256 + s.charCodeAt(at + 2)) * 256 + s.charCodeAt(at + 3);

/**
 * Words SAT replaces in the name part of a person's RFC (its last letter becomes X), so an
 * RFC never starts with them; packed with {@link pack4}.
 */
const INCONVENIENT: ReadonlySet<number> = /* @__PURE__ */ new Set(/* @__PURE__ */ [
  'BUEI', 'BUEY', 'CACA', 'CACO', 'CAGA', 'CAGO', 'CAKA', 'CAKO', 'COGE', 'COJA', 'COJE', 'COJI', 'COJO', 'CULO', 'FETO',
  'GUEY', 'JOTO', 'KACA', 'KACO', 'KAGA', 'KAGO', 'KAKA', 'KOGE', 'KOJO', 'KULO', 'MAME', 'MAMO', 'MEAR', 'MEAS', 'MEON',
  'MION', 'MOCO', 'MULA', 'PEDA', 'PEDO', 'PENE', 'PUTA', 'PUTO', 'QULO', 'RATA', 'RUIN',
].map((w) => pack4(w, 0)));

const DAYS_IN_MONTH: readonly number[] = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Letter of a name part: A–Z, & or Ñ. */
const isNameChar = (c: number): boolean => (c >= 65 && c <= 90) || c === 38 || c === N_TILDE;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isAlnum = (c: number): boolean => isDigit(c) || (c >= 65 && c <= 90);

/** True when the 6 digits at `at` form a valid YYMMDD date (Feb 29 in years divisible by 4). */
function dateOk(s: string, at: number): boolean {
  const yy = digit(s, at) * 10 + digit(s, at + 1);
  const mm = digit(s, at + 2) * 10 + digit(s, at + 3);
  const dd = digit(s, at + 4) * 10 + digit(s, at + 5);
  if (mm < 1 || mm > 12 || dd < 1) return false;
  if (mm === 2 && dd === 29) return yy % 4 === 0;
  return dd <= (DAYS_IN_MONTH[mm - 1] as number);
}

/**
 * Mexico: RFC (Registro Federal de Contribuyentes) with its homoclave: 12 characters for
 * legal entities (3 name letters, YYMMDD, 3-character homoclave) or 13 for persons (4 name
 * letters, YYMMDD, homoclave). Name letters are A–Z, & or Ñ (a person's 4 letters never
 * form one of SAT's inconvenient words), the date must exist, the homoclave is two
 * characters [0-9A-Z] and a check character [0-9A]; a person's 10-character RFC without
 * homoclave is accepted. The last character is SAT's mod-11 check character; SAT has issued
 * RFCs that fail it, so it is not enforced (as in python-stdnum's default).
 * Kind `mx_rfc`, no prefix. Source: SAT, "Algoritmo para generar el RFC con homoclave" (IFAI
 * 0610100162005_065) and CFDI Anexo 20 (RFC pattern).
 */
export const MX: TaxIdModule = {
  country: 'MX',
  prefixes: [],
  names: { mx_rfc: 'RFC (Registro Federal de Contribuyentes)' },
  validate(body) {
    const n = body.length;
    for (let i = 0; i < n; i++) {
      const c = body.charCodeAt(i);
      if (!isAlnum(c) && c !== 38 && c !== N_TILDE) return bad('format', 'mx_rfc');
    }
    if (n === 10) {
      // A person's RFC without homoclave (4 letters + YYMMDD), still in use on older records.
      for (let i = 0; i < 4; i++) if (!isNameChar(body.charCodeAt(i))) return bad('format', 'mx_rfc');
      for (let i = 4; i < 10; i++) if (!isDigit(body.charCodeAt(i))) return bad('format', 'mx_rfc');
      if (INCONVENIENT.has(pack4(body, 0)) || !dateOk(body, 4)) return bad('format', 'mx_rfc');
      return ok('mx_rfc', body);
    }
    if (n !== 12 && n !== 13) return bad('length', 'mx_rfc');
    const name = n - 9;
    for (let i = 0; i < name; i++) if (!isNameChar(body.charCodeAt(i))) return bad('format', 'mx_rfc');
    for (let i = name; i < name + 6; i++) if (!isDigit(body.charCodeAt(i))) return bad('format', 'mx_rfc');
    if (name === 4 && INCONVENIENT.has(pack4(body, 0))) return bad('format', 'mx_rfc');
    if (!dateOk(body, name)) return bad('format', 'mx_rfc');
    const h1 = body.charCodeAt(n - 3);
    const h2 = body.charCodeAt(n - 2);
    const check = body.charCodeAt(n - 1);
    const h1Ok = isDigit(h1) || (h1 >= 65 && h1 <= 90);
    const h2Ok = isDigit(h2) || (h2 >= 65 && h2 <= 90);
    if (!h1Ok || !h2Ok || !(isDigit(check) || check === 65)) return bad('format', 'mx_rfc');
    // SAT has issued RFCs whose check character does not follow its own algorithm (about
    // 1.5 % of the numbers in use): a mismatch is not evidence of a wrong number, so the
    // check character is not enforced.
    return ok('mx_rfc', body);
  },
};
