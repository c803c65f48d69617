import { bad, ok, type TaxIdModule } from '../types.js';

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
/** The control key: a letter other than I, O and U. */
const isKey = (c: number): boolean => c >= 65 && c <= 90 && c !== 73 && c !== 79 && c !== 85;
/** VAT codes: A, P, B, D, N. */
const VAT_CODES = 'APBDN';
/** Categories: M legal person, P natural person, C commercial natural person, N non-commercial, E secondary establishment. */
const CATEGORIES = 'MPCNE';

/**
 * Tunisia: matricule fiscal (identifiant fiscal), written 1234567/A/B/M/000: up to 7 digits
 * (leading zeros may be left out), a control key letter (not I, O or U), then, in the full
 * form, the VAT code (A, P, B, D, N), the category (M, P, C, N, or E for a secondary
 * establishment) and the establishment number (000, other than 000 for a secondary one).
 * The key's algorithm is not published, so the format only is checked. Normalized to 7
 * digits and the letters, without separators. Kind `tn_mf`, prefix `TN` optional. Source:
 * Direction Générale des Impôts (Ministère des Finances), structure of the matricule fiscal.
 */
export const TN: TaxIdModule = {
  country: 'TN',
  prefixes: ['TN'],
  names: { tn_mf: 'matricule fiscal (identifiant fiscal)' },
  validate(body) {
    let d = 0;
    while (d < body.length && isDigit(body.charCodeAt(d))) d++;
    if (d === 0 || d === body.length) return bad(d === 0 ? 'format' : 'length', 'tn_mf');
    const rest = body.length - d;
    if (d > 7 || (rest !== 1 && rest !== 6)) return bad('length', 'tn_mf');
    if (!isKey(body.charCodeAt(d))) return bad('format', 'tn_mf');
    if (rest === 6) {
      const category = body.charAt(d + 2);
      const establishment = body.slice(d + 3);
      if (!VAT_CODES.includes(body.charAt(d + 1)) || !CATEGORIES.includes(category)) return bad('format', 'tn_mf');
      if (!/^[0-9]{3}$/.test(establishment) || (category === 'E') === (establishment === '000')) return bad('format', 'tn_mf');
    }
    return ok('tn_mf', body.padStart(body.length + 7 - d, '0'));
  },
};
