import { digit, isDigits, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const WEIGHTS: readonly number[] = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** Type codes that open a CUIT: 20, 23, 24, 27 persons; 30, 33, 34 companies and other entities. */
const TYPES: ReadonlySet<number> = new Set([20, 23, 24, 27, 30, 33, 34]);

/**
 * Argentina: CUIT (Clave Única de Identificación Tributaria), 11 digits written
 * NN-NNNNNNNN-N: a type code, the person's DNI or the entity's number, and a check digit
 * 11 − (Σ digit × 5 4 3 2 7 6 5 4 3 2) mod 11, 11 → 0. A remainder that would give 10 is
 * never issued: the tax authority gives such a number type 23 (or 33) instead, for which the
 * digit exists. Kind `ar_cuit`, prefix `AR` optional. Source: AFIP (ARCA), CUIT structure and
 * check digit (módulo 11).
 */
export const AR: TaxIdModule = {
  country: 'AR',
  prefixes: ['AR'],
  names: { ar_cuit: 'CUIT (Clave Única de Identificación Tributaria)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'ar_cuit');
    if (body.length !== 11) return bad('length', 'ar_cuit');
    if (!TYPES.has(digit(body, 0) * 10 + digit(body, 1))) return bad('format', 'ar_cuit');
    const check = 11 - (weightedSum(body, WEIGHTS) % 11);
    return check % 11 === digit(body, 10) ? ok('ar_cuit', body) : bad('checksum', 'ar_cuit');
  },
};
