import { digit, isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const DAYS_IN_MONTH: readonly number[] = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The check digit of an IIN or BIN: Σ digit × 1 2 … 11 mod 11; when that is 10, Σ digit ×
 * 3 4 … 11 1 2 mod 11; when that is 10 again, the number is not issued (-1).
 */
function checkDigit(s: string): number {
  for (const start of [1, 3]) {
    let sum = 0;
    for (let i = 0; i < 11; i++) sum += digit(s, i) * (((start - 1 + i) % 11) + 1);
    const r = sum % 11;
    if (r !== 10) return r;
  }
  return -1;
}

/**
 * Kazakhstan: the 12-digit identification numbers of the national registers, which are the
 * tax numbers. A BIN (бизнес-идентификационный номер) of a legal entity or a joint
 * individual entrepreneurship: year and month of registration, the type (4 resident, 5
 * non-resident legal entity, 6 joint entrepreneurship), an attribute (0 head office, 1
 * branch, 2 representative office, 3 peasant farm), a serial and a check digit; kind
 * `kz_bin`. An IIN (индивидуальный идентификационный номер) of a person, which is also
 * an individual entrepreneur's tax number: date of birth YYMMDD, a digit for century and
 * sex (0–6), a serial and a check digit; kind `kz_iin`. The check digit is Σ digit × 1 2 …
 * 11 mod 11, or when that is 10, Σ digit × 3 4 … 11 1 2 mod 11 (10 again is never
 * issued). Prefix `KZ` optional. Source: Law of the Republic of Kazakhstan No. 223-III of
 * 12 January 2007 "On national registers of identification numbers" and the Government's
 * rules on forming IINs and BINs (control digit).
 */
export const KZ: TaxIdModule = {
  country: 'KZ',
  prefixes: ['KZ'],
  names: { kz_bin: 'БИН (бизнес-идентификационный номер)', kz_iin: 'ИИН (индивидуальный идентификационный номер)' },
  validate(body) {
    const kind = body.length > 4 && body.charCodeAt(4) >= 52 /* 4 */ ? 'kz_bin' : 'kz_iin';
    if (!isDigits(body)) return bad('format', kind);
    if (body.length !== 12) return bad('length', kind);
    const month = digit(body, 2) * 10 + digit(body, 3);
    if (month < 1 || month > 12) return bad('format', kind);
    if (kind === 'kz_bin') {
      if (digit(body, 4) > 6 || digit(body, 5) > 3) return bad('format', kind);
    } else {
      const day = digit(body, 4) * 10 + digit(body, 5);
      if (day < 1 || day > (DAYS_IN_MONTH[month - 1] as number) || digit(body, 6) > 6) return bad('format', kind);
    }
    return checkDigit(body) === digit(body, 11) ? ok(kind, body) : bad('checksum', kind);
  },
};
