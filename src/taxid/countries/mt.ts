import { digit, isDigits, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const KIND = 'eu_vat';

const WEIGHTS: readonly number[] = [3, 4, 6, 7, 8, 9];

/**
 * Malta: VAT number, MT + 8 digits (first digit not 0); the last two digits are a check
 * number: Σ first six × (3 4 6 7 8 9) + check number ≡ 0 (mod 37).
 * Source: Commissioner for Revenue (Malta) and the European Commission's VIES VAT number
 * validation routines.
 */
export const MT: TaxIdModule = {
  country: 'MT',
  prefixes: ['MT'],
  names: { eu_vat: 'VAT registration number' },
  validate(body) {
    if (!isDigits(body)) return bad('format', KIND);
    if (body.length !== 8) return bad('length', KIND);
    if (body.charCodeAt(0) === 48) return bad('format', KIND);
    const sum = weightedSum(body, WEIGHTS) + digit(body, 6) * 10 + digit(body, 7);
    return sum % 37 === 0 ? ok(KIND, `MT${body}`) : bad('checksum', KIND);
  },
};
