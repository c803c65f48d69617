import { digit, isDigits, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const WEIGHTS: readonly number[] = [3, 2, 7, 6, 5, 4, 3, 2];

/** The letter's value in the check sum (its type code × 4): V Venezuelan person, E foreigner, J company, P passport, G government. */
function letterValue(c: number): number {
  switch (c) {
    case 86: return 4; // V
    case 69: return 8; // E
    case 74: return 12; // J
    case 80: return 16; // P
    case 71: return 20; // G
    default: return -1;
  }
}

/**
 * Venezuela: RIF (Registro Único de Información Fiscal), a letter for the type of taxpayer
 * (V, E, J, P or G), 8 digits and a check digit, written J-NNNNNNNN-N. The check is
 * 11 − (letter value + Σ digit × 3 2 7 6 5 4 3 2) mod 11, 10 and 11 written 0; the letter
 * values are V 4, E 8, J 12, P 16, G 20. Kind `ve_rif`, prefix `VE` optional. Source:
 * SENIAT, RIF structure and its dígito verificador.
 */
export const VE: TaxIdModule = {
  country: 'VE',
  prefixes: ['VE'],
  names: { ve_rif: 'RIF (Registro Único de Información Fiscal)' },
  validate(body) {
    const letter = letterValue(body.charCodeAt(0));
    const rest = body.slice(1);
    if (!isDigits(rest)) return bad('format', 've_rif');
    if (letter < 0) return bad('format', 've_rif');
    if (rest.length !== 9) return bad('length', 've_rif');
    const check = 11 - ((letter + weightedSum(rest, WEIGHTS)) % 11);
    return (check > 9 ? 0 : check) === digit(rest, 8) ? ok('ve_rif', body) : bad('checksum', 've_rif');
  },
};
