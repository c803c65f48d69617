import { isDigits, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const WEIGHTS: readonly number[] = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/**
 * Australia: Australian Business Number (ABN), 11 digits, the first two being check
 * digits. Subtract 1 from the first digit, multiply the digits by 10 1 3 5 7 9 11 13 15 17
 * 19; the sum must be divisible by 89. The first digit is never 0. Kind `au_abn`, no
 * prefix. Source: Australian Business Register / ATO, "ABN format" (check-digit algorithm).
 */
export const AU: TaxIdModule = {
  country: 'AU',
  prefixes: [],
  names: { au_abn: 'ABN (Australian Business Number)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'au_abn');
    if (body.length !== 11) return bad('length', 'au_abn');
    if (body.charCodeAt(0) === 48) return bad('format', 'au_abn');
    // Subtract 1 from the first digit: its weight is 10.
    const sum = weightedSum(body, WEIGHTS) - 10;
    return sum % 89 === 0 ? ok('au_abn', body) : bad('checksum', 'au_abn');
  },
};
