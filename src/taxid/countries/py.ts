import { digit, isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Paraguay: RUC (Registro Único de Contribuyentes), the base number (a person's cédula, or
 * 80… for companies; 4 to 8 digits) and a check digit, written NNNNNNNN-D. The check digit
 * is modulo 11 with weights 2, 3, … 11 from the rightmost digit of the base (then again from
 * 2): with r = sum mod 11 it is 11 − r, or 0 when r is 0 or 1. Kind `py_ruc`, prefix `PY`
 * optional. Source: Subsecretaría de Estado de Tributación (SET, now DNIT), cálculo del
 * dígito verificador del RUC (módulo 11, base máxima 11).
 */
export const PY: TaxIdModule = {
  country: 'PY',
  prefixes: ['PY'],
  names: { py_ruc: 'RUC (Registro Único de Contribuyentes)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'py_ruc');
    const n = body.length - 1;
    if (n < 4 || n > 8) return bad('length', 'py_ruc');
    let sum = 0;
    for (let i = n - 1, w = 2; i >= 0; i--, w = w === 11 ? 2 : w + 1) sum += digit(body, i) * w;
    const r = sum % 11;
    return (r > 1 ? 11 - r : 0) === digit(body, n) ? ok('py_ruc', body) : bad('checksum', 'py_ruc');
  },
};
