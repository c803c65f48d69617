import { isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Iceland: virðisaukaskattsnúmer (VSK number), 5 or 6 digits with no check digit, kind
 * `is_vat`, normalized `IS…`. Source: Skatturinn (Iceland Revenue and Customs), VAT
 * registration; the EU/OECD listing of Icelandic VAT numbers as IS + 5–6 digits.
 */
export const IS: TaxIdModule = {
  country: 'IS',
  prefixes: ['IS'],
  names: { is_vat: 'VSK-númer (virðisaukaskattsnúmer)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'is_vat');
    if (body.length !== 5 && body.length !== 6) return bad('length', 'is_vat');
    return ok('is_vat', `IS${body}`);
  },
};
