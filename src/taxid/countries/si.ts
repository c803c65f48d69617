import { digit, isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const KIND = 'eu_vat';

/**
 * Slovenia: identifikacijska številka za DDV, SI + 8 digits, first not 0; check digit =
 * 11 − (Σ first seven × (8 … 2) mod 11), 10 written as 0 (a remainder of 0 is never issued).
 * Source: Finančna uprava Republike Slovenije (FURS) and the European Commission's VIES VAT
 * number validation routines.
 */
export const SI: TaxIdModule = {
  country: 'SI',
  prefixes: ['SI'],
  names: { eu_vat: 'identifikacijska številka za DDV' },
  validate(body) {
    if (!isDigits(body)) return bad('format', KIND);
    if (body.length !== 8) return bad('length', KIND);
    if (body.charCodeAt(0) === 48) return bad('format', KIND);
    let sum = 0;
    for (let i = 0; i < 7; i++) sum += digit(body, i) * (8 - i);
    const r = sum % 11;
    if (r === 0) return bad('checksum', KIND);
    return (11 - r) % 10 === digit(body, 7) ? ok(KIND, `SI${body}`) : bad('checksum', KIND);
  },
};
