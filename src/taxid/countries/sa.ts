import { isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Saudi Arabia: VAT registration number (TRN), 15 digits beginning and ending with 3; no
 * published check digit, so the format only is checked. Kind `sa_trn`, no prefix. Source:
 * ZATCA, E-invoicing (FATOORA) XML implementation standard (seller VAT number: 15 digits,
 * first and last digit 3).
 */
export const SA: TaxIdModule = {
  country: 'SA',
  prefixes: [],
  names: { sa_trn: 'رقم التسجيل الضريبي (VAT registration number)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'sa_trn');
    if (body.length !== 15) return bad('length', 'sa_trn');
    if (body.charCodeAt(0) !== 51 || body.charCodeAt(14) !== 51) return bad('format', 'sa_trn');
    return ok('sa_trn', body);
  },
};
