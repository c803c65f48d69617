import { digit, isDigits, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const WEIGHTS: readonly number[] = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/**
 * Peru: RUC (Registro Único de Contribuyentes), 11 digits: the taxpayer type (10 persons
 * with a DNI, 15 and 17 persons with other documents, 16 other persons, 20 companies and
 * other legal entities), 8 digits and a check digit (11 − Σ digit × 5 4 3 2 7 6 5 4 3 2
 * mod 11) mod 10. Kind `pe_ruc`, prefix `PE` optional. Source: SUNAT, structure of the
 * RUC and its dígito verificador (módulo 11).
 */
export const PE: TaxIdModule = {
  country: 'PE',
  prefixes: ['PE'],
  names: { pe_ruc: 'RUC (Registro Único de Contribuyentes)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'pe_ruc');
    if (body.length !== 11) return bad('length', 'pe_ruc');
    const type = digit(body, 0) * 10 + digit(body, 1);
    if (type !== 10 && type !== 15 && type !== 16 && type !== 17 && type !== 20) return bad('format', 'pe_ruc');
    return (11 - (weightedSum(body, WEIGHTS) % 11)) % 10 === digit(body, 10) ? ok('pe_ruc', body) : bad('checksum', 'pe_ruc');
  },
};
