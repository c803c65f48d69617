import { digit, isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const KIND = 'eu_vat';

/**
 * Portugal: NIF / NIPC (Número de Identificação Fiscal), PT + 9 digits, first not 0;
 * check digit = 11 − (Σ first eight × (9 … 2) mod 11), 10 and 11 written as 0.
 * Source: Autoridade Tributária e Aduaneira and the European Commission's VIES VAT number
 * validation routines.
 */
export const PT: TaxIdModule = {
  country: 'PT',
  prefixes: ['PT'],
  names: { eu_vat: 'NIF (número de identificação fiscal)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', KIND);
    if (body.length !== 9) return bad('length', KIND);
    if (body.charCodeAt(0) === 48) return bad('format', KIND);
    let sum = 0;
    for (let i = 0; i < 8; i++) sum += digit(body, i) * (9 - i);
    let check = 11 - (sum % 11);
    if (check >= 10) check = 0;
    return check === digit(body, 8) ? ok(KIND, `PT${body}`) : bad('checksum', KIND);
  },
};
