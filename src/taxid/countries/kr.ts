import { digit, isDigits, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const WEIGHTS: readonly number[] = [1, 3, 7, 1, 3, 7, 1, 3, 5];

/**
 * South Korea: business registration number (사업자등록번호), 10 digits: tax office code
 * (3 digits, ≥ 101), business type (2 digits, not 00), serial (4 digits, not 0000) and a
 * check digit: sum of the first 9 digits × 1 3 7 1 3 7 1 3 5, plus (9th digit × 5) div 10;
 * check = (10 − sum mod 10) mod 10. Kind `kr_brn`, no prefix. Source: National Tax
 * Service, business registration number structure (OECD CRS TIN sheet for Korea).
 */
export const KR: TaxIdModule = {
  country: 'KR',
  prefixes: [],
  names: { kr_brn: '사업자등록번호 (business registration number)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'kr_brn');
    if (body.length !== 10) return bad('length', 'kr_brn');
    const office = digit(body, 0) * 100 + digit(body, 1) * 10 + digit(body, 2);
    const type = digit(body, 3) * 10 + digit(body, 4);
    const serialZero = digit(body, 5) + digit(body, 6) + digit(body, 7) + digit(body, 8) === 0;
    if (office < 101 || type === 0 || serialZero) return bad('format', 'kr_brn');
    let sum = weightedSum(body, WEIGHTS);
    sum += Math.floor((digit(body, 8) * 5) / 10);
    return (10 - (sum % 10)) % 10 === digit(body, 9) ? ok('kr_brn', body) : bad('checksum', 'kr_brn');
  },
};
