import { isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const isLetter = (c: number): boolean => c >= 65 && c <= 90;

/**
 * Albania: NIPT (Numri i Identifikimit për Personin e Tatueshëm, now NUIS), 10 characters:
 * a letter for the decade of registration (A–M: J the 1990s, K the 2000s, L the 2010s, M
 * the 2020s), 8 digits and a control letter. The control letter's algorithm is not
 * published, so the format only is checked. Kind `al_nipt`, prefix `AL` optional. Source:
 * Drejtoria e Përgjithshme e Tatimeve (General Directorate of Taxation), NIPT/NUIS
 * structure (OECD CRS TIN sheet for Albania).
 */
export const AL: TaxIdModule = {
  country: 'AL',
  prefixes: ['AL'],
  names: { al_nipt: 'NIPT / NUIS (Numri Unik i Identifikimit të Subjektit)' },
  validate(body) {
    const n = body.length;
    if (n < 2 || !isLetter(body.charCodeAt(0)) || !isDigits(body.slice(1, n - 1)) || !isLetter(body.charCodeAt(n - 1))) return bad('format', 'al_nipt');
    if (n !== 10) return bad('length', 'al_nipt');
    if (body.charCodeAt(0) > 77 /* M */) return bad('format', 'al_nipt');
    return ok('al_nipt', body);
  },
};
