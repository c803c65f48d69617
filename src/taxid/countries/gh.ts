import { digit, isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/** Letters that open a TIN: P person, C company, G government body, Q and V other registrants. */
const TYPES = 'PCGQV';

/**
 * Ghana: TIN (Taxpayer Identification Number) of the Ghana Revenue Authority, 11
 * characters: a letter for the type of taxpayer, 9 digits and a check character
 * Σ digit × position (1–9, over the 9 digits after the letter) mod 11, 10 written X.
 * Persons now use the Ghana Card number, which is not read here. Kind `gh_tin`, prefix
 * `GH` optional. Source: Ghana Revenue Authority, TIN structure (OECD CRS TIN sheet for
 * Ghana).
 */
export const GH: TaxIdModule = {
  country: 'GH',
  prefixes: ['GH'],
  names: { gh_tin: 'TIN (Taxpayer Identification Number)' },
  validate(body) {
    const n = body.length;
    const last = body.charCodeAt(n - 1);
    if (n < 2 || !TYPES.includes(body.charAt(0)) || !isDigits(body.slice(1, n - 1)) || !((last >= 48 && last <= 57) || last === 88)) return bad('format', 'gh_tin');
    if (n !== 11) return bad('length', 'gh_tin');
    let sum = 0;
    for (let i = 1; i <= 9; i++) sum += digit(body, i) * i;
    const check = sum % 11;
    return (check === 10 ? 88 : 48 + check) === last ? ok('gh_tin', body) : bad('checksum', 'gh_tin');
  },
};
