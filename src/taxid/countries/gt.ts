import { digit, isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Guatemala: NIT (Número de Identificación Tributaria), 1 to 11 digits and a check
 * character, written NNNNNNN-C. The digits, from the right, are weighted 2, 3, 4, …; the
 * check is (11 − sum mod 11) mod 11, 10 written K. Kind `gt_nit`, prefix `GT` optional.
 * Source: Superintendencia de Administración Tributaria (SAT), NIT and its dígito
 * verificador (módulo 11).
 */
export const GT: TaxIdModule = {
  country: 'GT',
  prefixes: ['GT'],
  names: { gt_nit: 'NIT (Número de Identificación Tributaria)' },
  validate(body) {
    const n = body.length - 1;
    const last = body.charCodeAt(n);
    if (n < 1 || !isDigits(body.slice(0, n)) || !((last >= 48 && last <= 57) || last === 75 /* K */)) return bad('format', 'gt_nit');
    if (n > 11) return bad('length', 'gt_nit');
    let sum = 0;
    for (let i = n - 1, w = 2; i >= 0; i--, w++) sum += digit(body, i) * w;
    const check = (11 - (sum % 11)) % 11;
    return (check === 10 ? 75 : 48 + check) === last ? ok('gt_nit', body) : bad('checksum', 'gt_nit');
  },
};
