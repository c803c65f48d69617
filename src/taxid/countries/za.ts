import { isDigits, luhnValid } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * South Africa: VAT registration number, 10 digits starting with 4, the last a Luhn
 * (modulus 10) check digit. Kind `za_vat`, no prefix. Income tax reference numbers (first
 * digit 0–3 or 9) are not VAT numbers and are refused. Source: SARS, VAT registration (VAT
 * vendor numbers are allocated from the 4 range of the tax reference numbering, which
 * carries a modulus-10 check digit; OECD CRS TIN sheet for South Africa).
 */
export const ZA: TaxIdModule = {
  country: 'ZA',
  prefixes: [],
  names: { za_vat: 'VAT registration number (VAT vendor number)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'za_vat');
    if (body.length !== 10) return bad('length', 'za_vat');
    if (body.charCodeAt(0) !== 52 /* 4 */) return bad('format', 'za_vat');
    return luhnValid(body) ? ok('za_vat', body) : bad('checksum', 'za_vat');
  },
};
