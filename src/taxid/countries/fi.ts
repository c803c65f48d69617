import { digit, isDigits, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2] as const;

/**
 * Finland: arvonlisäverotunniste (ALV), FI + the 8 digits of the business ID
 * (Y-tunnus, written 1234567-8). Check digit: r = Σ digit × (7,9,10,5,8,4,2) mod 11;
 * 0 when r = 0, 11 − r otherwise, and r = 1 is never issued. Source: Finnish Patent and
 * Registration Office / Tax Administration (YTJ) business ID check; EU VIES algorithm notes.
 */
export const FI: TaxIdModule = {
  country: 'FI',
  prefixes: ['FI'],
  names: { eu_vat: 'ALV-numero (arvonlisäverotunniste)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'eu_vat');
    if (body.length !== 8) return bad('length', 'eu_vat');
    const r = weightedSum(body, WEIGHTS) % 11;
    if (r === 1) return bad('checksum', 'eu_vat');
    return (r === 0 ? 0 : 11 - r) === digit(body, 7) ? ok('eu_vat', `FI${body}`) : bad('checksum', 'eu_vat');
  },
};
