import { digit, isDigits, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const WEIGHTS: readonly number[] = [4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * Uruguay: RUT (Registro Único Tributario), 12 digits written NN-NNNNNN-NNN-N: a 2-digit
 * registration code (01–22), a 6-digit serial (not 000000), 001, and a check digit
 * 11 − (Σ digit × 4 3 2 9 8 7 6 5 4 3 2) mod 11, 11 → 0; a remainder giving 10 is never
 * issued. Kind `uy_rut`, prefix `UY` optional. Source: Dirección General Impositiva (DGI),
 * RUT structure and its dígito verificador (módulo 11).
 */
export const UY: TaxIdModule = {
  country: 'UY',
  prefixes: ['UY'],
  names: { uy_rut: 'RUT (Registro Único Tributario)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'uy_rut');
    if (body.length !== 12) return bad('length', 'uy_rut');
    const code = digit(body, 0) * 10 + digit(body, 1);
    if (code < 1 || code > 22 || body.slice(2, 8) === '000000' || body.slice(8, 11) !== '001') return bad('format', 'uy_rut');
    const check = 11 - (weightedSum(body, WEIGHTS) % 11);
    return check !== 10 && check % 11 === digit(body, 11) ? ok('uy_rut', body) : bad('checksum', 'uy_rut');
  },
};
