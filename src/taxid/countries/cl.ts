import { digit, isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Chile: RUT (Rol Único Tributario), 7 or 8 digits and a check character written
 * NN.NNN.NNN-C. The check is modulo 11: the digits, from the right, are weighted 2 3 4 5 6 7
 * 2 3; check = 11 − sum mod 11, where 11 is written 0 and 10 is written K. Companies and
 * persons share the numbering (companies from 50 million). Kind `cl_rut`, prefix `CL`
 * optional. Source: Servicio de Impuestos Internos (SII), RUT and its dígito verificador
 * (módulo 11).
 */
export const CL: TaxIdModule = {
  country: 'CL',
  prefixes: ['CL'],
  names: { cl_rut: 'RUT (Rol Único Tributario)' },
  validate(body) {
    const n = body.length - 1;
    const last = body.charCodeAt(n);
    if (n < 1 || !isDigits(body.slice(0, n)) || !((last >= 48 && last <= 57) || last === 75 /* K */)) return bad('format', 'cl_rut');
    if (n < 7 || n > 8) return bad('length', 'cl_rut');
    let sum = 0;
    for (let i = n - 1, w = 2; i >= 0; i--, w = w === 7 ? 2 : w + 1) sum += digit(body, i) * w;
    const check = 11 - (sum % 11);
    const expected = check === 11 ? 48 : check === 10 ? 75 : 48 + check;
    return expected === last ? ok('cl_rut', body) : bad('checksum', 'cl_rut');
  },
};
