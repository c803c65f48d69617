import { digit, isDigits, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const WEIGHTS: readonly number[] = [8, 7, 6, 5, 4, 3, 2];

/**
 * Montenegro: PIB (poreski identifikacioni broj), 8 digits, the last a mod-11 check digit:
 * 11 − (Σ digit × 8 7 6 5 4 3 2) mod 11, 10 and 11 written 0. Kind `me_pib`, prefix `ME`
 * optional. Source: Poreska uprava Crne Gore (Tax Administration), PIB and its control
 * digit (modulo 11).
 */
export const ME: TaxIdModule = {
  country: 'ME',
  prefixes: ['ME'],
  names: { me_pib: 'PIB (poreski identifikacioni broj)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'me_pib');
    if (body.length !== 8) return bad('length', 'me_pib');
    const check = 11 - (weightedSum(body, WEIGHTS) % 11);
    return (check > 9 ? 0 : check) === digit(body, 7) ? ok('me_pib', body) : bad('checksum', 'me_pib');
  },
};
