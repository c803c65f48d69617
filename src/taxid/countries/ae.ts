import { isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * United Arab Emirates: Tax Registration Number (TRN) for VAT, 15 digits beginning with
 * 100; no published check digit, so the format only is checked. Kind `ae_trn`, no prefix.
 * Source: Federal Tax Authority, VAT registration (TRN format, 15 digits starting 100).
 */
export const AE: TaxIdModule = {
  country: 'AE',
  prefixes: [],
  names: { ae_trn: 'TRN (Tax Registration Number)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'ae_trn');
    if (body.length !== 15) return bad('length', 'ae_trn');
    if (body.charCodeAt(0) !== 49 || body.charCodeAt(1) !== 48 || body.charCodeAt(2) !== 48) return bad('format', 'ae_trn');
    return ok('ae_trn', body);
  },
};
