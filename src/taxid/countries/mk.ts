import { digit, isDigits, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const WEIGHTS: readonly number[] = [7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
/** МК in Cyrillic, as the prefix is written on Macedonian documents. */
const CYRILLIC_MK = '\u041C\u041A';

/**
 * North Macedonia: ЕДБ (единствен даночен број), the 13-digit tax number; MK followed by it
 * is the VAT number. The last digit is a mod-11 check digit: 11 − (Σ digit × 7 6 5 4 3 2 7 6
 * 5 4 3 2) mod 11, 10 and 11 written 0. Kind `mk_edb`, prefix `MK` optional (also in
 * Cyrillic, МК). Source: Управа за јавни приходи (Public Revenue Office), ЕДБ structure
 * and its control digit.
 */
export const MK: TaxIdModule = {
  country: 'MK',
  prefixes: ['MK'],
  names: { mk_edb: 'ЕДБ (единствен даночен број)' },
  validate(body) {
    const number = body.startsWith(CYRILLIC_MK) ? body.slice(2) : body;
    if (!isDigits(number)) return bad('format', 'mk_edb');
    if (number.length !== 13) return bad('length', 'mk_edb');
    const check = 11 - (weightedSum(number, WEIGHTS) % 11);
    return (check > 9 ? 0 : check) === digit(number, 12) ? ok('mk_edb', number) : bad('checksum', 'mk_edb');
  },
};
