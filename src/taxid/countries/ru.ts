import { digit, isDigits, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const ENTITY: readonly number[] = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const PERSON_11: readonly number[] = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const PERSON_12: readonly number[] = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

/** (Σ digit × weight) mod 11 mod 10: the INN's check digit over the digits before it. */
const check = (s: string, weights: readonly number[]): number => (weightedSum(s, weights) % 11) % 10;

/**
 * Russia: ИНН (идентификационный номер налогоплательщика). An organisation's is 10 digits
 * with one check digit (weights 2 4 10 3 5 9 4 6 8); a person's, which is also the number
 * of an individual entrepreneur (ИП), is 12 digits with two (weights 7 2 4 10 3 5 9 4 6 8,
 * then 3 7 2 4 10 3 5 9 4 6 8 over the first 11). Each check digit is the weighted sum mod
 * 11, mod 10. Kind `ru_inn`, prefix `RU` optional. Source: Federal Tax Service (ФНС
 * России), composition of the INN and its control digits (контрольные цифры).
 */
export const RU: TaxIdModule = {
  country: 'RU',
  prefixes: ['RU'],
  names: { ru_inn: 'ИНН (идентификационный номер налогоплательщика)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'ru_inn');
    if (body.length === 10) return check(body, ENTITY) === digit(body, 9) ? ok('ru_inn', body) : bad('checksum', 'ru_inn');
    if (body.length !== 12) return bad('length', 'ru_inn');
    return check(body, PERSON_11) === digit(body, 10) && check(body, PERSON_12) === digit(body, 11) ? ok('ru_inn', body) : bad('checksum', 'ru_inn');
  },
};
