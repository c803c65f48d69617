import { digit, isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/** DIAN's weights for the digits of a NIT, from the one left of the check digit leftwards. */
const WEIGHTS: readonly number[] = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

/**
 * Colombia: NIT (Número de Identificación Tributaria), 7 to 15 digits followed by the
 * dígito de verificación, written NNN.NNN.NNN-D. The digits, from the right, are weighted
 * 3 7 13 17 19 23 29 37 41 43 47 53 59 67 71; with r = sum mod 11 the check digit is r for
 * r of 0 or 1, otherwise 11 − r. Companies have 9-digit NITs (8xx…, 9xx…); a person's NIT
 * is the cédula with its check digit. Kind `co_nit`, prefix `CO` optional. Source: DIAN,
 * Registro Único Tributario, cálculo del dígito de verificación del NIT.
 */
export const CO: TaxIdModule = {
  country: 'CO',
  prefixes: ['CO'],
  names: { co_nit: 'NIT (Número de Identificación Tributaria)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'co_nit');
    const n = body.length - 1;
    if (n < 7 || n > 15) return bad('length', 'co_nit');
    let sum = 0;
    for (let i = 0; i < n; i++) sum += digit(body, n - 1 - i) * (WEIGHTS[i] as number);
    const r = sum % 11;
    return (r < 2 ? r : 11 - r) === digit(body, n) ? ok('co_nit', body) : bad('checksum', 'co_nit');
  },
};
