import { digit, isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const KIND = 'eu_vat';

/**
 * Luxembourg: numéro d'identification à la TVA, LU + 8 digits; the last two are the
 * first six taken as a number modulo 89.
 * Source: Administration de l'enregistrement, des domaines et de la TVA (AED) and the
 * European Commission's VIES VAT number validation routines.
 */
export const LU: TaxIdModule = {
  country: 'LU',
  prefixes: ['LU'],
  names: { eu_vat: 'numéro d’identification à la TVA' },
  validate(body) {
    if (!isDigits(body)) return bad('format', KIND);
    if (body.length !== 8) return bad('length', KIND);
    let r = 0;
    for (let i = 0; i < 6; i++) r = (r * 10 + digit(body, i)) % 89;
    return r === digit(body, 6) * 10 + digit(body, 7) ? ok(KIND, `LU${body}`) : bad('checksum', KIND);
  },
};
