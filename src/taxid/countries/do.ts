import { digit, isDigits, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const WEIGHTS: readonly number[] = [7, 9, 8, 6, 5, 4, 3, 2];

/**
 * Dominican Republic: RNC (Registro Nacional de Contribuyentes) of companies and other
 * bodies, 9 digits written N-NN-NNNNN-N, the last a check digit: with r = (Σ digit × 7 9 8 6
 * 5 4 3 2) mod 11 it is 2 for r = 0, 1 for r = 1, otherwise 11 − r. Persons use their
 * 11-digit cédula as RNC, which is not read here. Kind `do_rnc`, prefix `DO` optional.
 * Source: Dirección General de Impuestos Internos (DGII), RNC structure and check digit.
 */
export const DO: TaxIdModule = {
  country: 'DO',
  prefixes: ['DO'],
  names: { do_rnc: 'RNC (Registro Nacional de Contribuyentes)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'do_rnc');
    if (body.length !== 9) return bad('length', 'do_rnc');
    const r = weightedSum(body, WEIGHTS) % 11;
    return (r === 0 ? 2 : r === 1 ? 1 : 11 - r) === digit(body, 8) ? ok('do_rnc', body) : bad('checksum', 'do_rnc');
  },
};
