import { digit, isDigits, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const WEIGHTS: readonly number[] = [29, 23, 19, 17, 13, 7, 5, 3];
/** The label written before the number, in Latin and in Cyrillic letters (УНП). */
const LABELS: readonly string[] = ['UNP', '\u0423\u041D\u041F'];

/**
 * Belarus: УНП (учетный номер плательщика), 9 digits for organisations and individual
 * entrepreneurs: the region (1–7), a serial and a check digit (Σ digit × 29 23 19 17 13 7 5
 * 3) mod 11, a remainder of 10 never issued. The UNPs with letters given to other persons
 * are not read here. A leading `УНП`, `UNP` or `BY` is dropped. Kind `by_unp`, no prefix
 * routing (the letters of a person's UNP could read as a country prefix). Source: Ministry
 * of Taxes and Duties (МНС), structure of the payer's account number and its control digit.
 */
export const BY: TaxIdModule = {
  country: 'BY',
  prefixes: [],
  names: { by_unp: 'УНП (учетный номер плательщика)' },
  validate(body) {
    let number = body;
    for (const label of LABELS) if (number.startsWith(label)) number = number.slice(label.length);
    if (number.length === 11 && number.startsWith('BY')) number = number.slice(2);
    if (!isDigits(number)) return bad('format', 'by_unp');
    if (number.length !== 9) return bad('length', 'by_unp');
    const region = digit(number, 0);
    if (region < 1 || region > 7) return bad('format', 'by_unp');
    return weightedSum(number, WEIGHTS) % 11 === digit(number, 8) ? ok('by_unp', number) : bad('checksum', 'by_unp');
  },
};
