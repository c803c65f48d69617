import { digit } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Japan: the 13-digit Corporate Number (法人番号), whose FIRST digit is the check digit:
 * 9 − (Σ Pn × Qn) mod 9 over the other 12 digits, Pn being the n-th digit counted from the
 * right and Qn 1 for odd n, 2 for even n. `T` + those 13 digits is the qualified invoice
 * issuer registration number (適格請求書発行事業者登録番号), kind `jp_invoice`, normalized
 * `T…`; the bare 13 digits are kind `jp_cn`. Source: National Tax Agency, Ordinance on the
 * designation of corporate numbers (法人番号の指定等に関する省令, check-digit formula) and
 * "適格請求書発行事業者の登録番号" (T + 13 digits).
 */
export const JP: TaxIdModule = {
  country: 'JP',
  prefixes: [],
  names: { jp_cn: '法人番号 (corporate number)', jp_invoice: '登録番号 (qualified invoice issuer registration number)' },
  validate(body) {
    const at = body.charCodeAt(0) === 84 /* T */ ? 1 : 0;
    const kind = at === 1 ? 'jp_invoice' : 'jp_cn';
    const n = body.length - at;
    for (let i = at; i < body.length; i++) {
      const c = body.charCodeAt(i);
      if (c < 48 || c > 57) return bad('format', kind);
    }
    if (n !== 13) return bad(n === 0 ? 'format' : 'length', kind);
    let sum = 0;
    for (let k = 1; k <= 12; k++) sum += digit(body, at + 13 - k) * (k % 2 === 1 ? 1 : 2);
    return 9 - (sum % 9) === digit(body, at) ? ok(kind, body) : bad('checksum', kind);
  },
};
