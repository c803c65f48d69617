import { digit, isDigits, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const OLD: readonly number[] = [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const NEW: readonly number[] = [2, 7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/**
 * El Salvador: NIT (Número de Identificación Tributaria), 14 digits written
 * NNNN-NNNNNN-NNN-N: the municipality (first digit 0 or 1; 9 for foreigners), the date of
 * birth or incorporation (DDMMYY), a serial and a check digit. For serials up to 100 the
 * check is (Σ digit × 14 13 … 2 mod 11) mod 10; for higher serials it is (11 − Σ digit ×
 * 2 7 6 5 4 3 2 7 6 5 4 3 2 mod 11) mod 11, mod 10. Since 2021 persons may use their DUI as
 * NIT; the 9-digit DUI is not read here. Kind `sv_nit`, prefix `SV` optional. Source:
 * Ministerio de Hacienda, NIT structure and its dígito verificador.
 */
export const SV: TaxIdModule = {
  country: 'SV',
  prefixes: ['SV'],
  names: { sv_nit: 'NIT (Número de Identificación Tributaria)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'sv_nit');
    if (body.length !== 14) return bad('length', 'sv_nit');
    const first = digit(body, 0);
    if (first !== 0 && first !== 1 && first !== 9) return bad('format', 'sv_nit');
    const serial = digit(body, 10) * 100 + digit(body, 11) * 10 + digit(body, 12);
    const check = serial <= 100 ? (weightedSum(body, OLD) % 11) % 10 : ((11 - (weightedSum(body, NEW) % 11)) % 11) % 10;
    return check === digit(body, 13) ? ok('sv_nit', body) : bad('checksum', 'sv_nit');
  },
};
