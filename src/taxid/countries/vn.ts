import { digit, isDigits, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const WEIGHTS: readonly number[] = [31, 29, 23, 19, 17, 13, 7, 5, 3];

/**
 * Vietnam: MST (mã số thuế), 10 digits: a province code, a 7-digit serial (not all zeros)
 * and a check digit 10 − (Σ digit × 31 29 23 19 17 13 7 5 3 mod 11), a remainder of 10
 * giving 0 (a remainder of 0 is never issued); a branch or dependent unit adds 3 digits
 * (001–999), written NNNNNNNNNN-NNN. Kind `vn_mst`, prefix `VN` optional. Persons who use
 * their 12-digit citizen identity number as tax code since July 2025 are not read here.
 * Source: General Department of Taxation (Tổng cục Thuế), structure of the tax code and
 * its check digit.
 */
export const VN: TaxIdModule = {
  country: 'VN',
  prefixes: ['VN'],
  names: { vn_mst: 'MST (mã số thuế)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'vn_mst');
    if (body.length !== 10 && body.length !== 13) return bad('length', 'vn_mst');
    if (body.slice(2, 9) === '0000000' || (body.length === 13 && body.endsWith('000'))) return bad('format', 'vn_mst');
    const check = 10 - (weightedSum(body, WEIGHTS) % 11);
    return check !== 10 && check === digit(body, 9) ? ok('vn_mst', body) : bad('checksum', 'vn_mst');
  },
};
