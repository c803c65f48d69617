import { isDigits, luhnValid } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Israel: 9 digits with the check digit of Israeli identification numbers (digits weighted
 * 1 2 1 2 … from the left, the digits of the products added, the total divisible by 10:
 * the Luhn check). A number starting with 5 is a body's number, מספר חברה / ח.פ. (51
 * companies, 52 public bodies, 55 partnerships, 57 and 58 associations and cooperatives),
 * which is also its VAT and income-tax file number: kind `il_hp`. Any other is the number of
 * an authorised dealer (עוסק מורשה) who is a person: the VAT file number is the dealer's
 * identity number (מספר זהות), kind `il_osek`. Prefix `IL` optional. Source: Israel Tax
 * Authority (רשות המסים), VAT registration of authorised dealers; Israeli Corporations
 * Authority (רשות התאגידים), company numbers; the check digit of the identity number
 * (Population and Immigration Authority).
 */
export const IL: TaxIdModule = {
  country: 'IL',
  prefixes: ['IL'],
  names: { il_hp: 'מספר חברה (ח.פ., company number)', il_osek: 'מספר עוסק מורשה (authorised dealer number: the identity number)' },
  validate(body) {
    const kind = body.charCodeAt(0) === 53 /* 5 */ ? 'il_hp' : 'il_osek';
    if (!isDigits(body)) return bad('format', kind);
    if (body.length !== 9) return bad('length', kind);
    return luhnValid(body) ? ok(kind, body) : bad('checksum', kind);
  },
};
