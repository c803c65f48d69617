import { isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Oman: VATIN (VAT identification number), OM followed by 10 characters: 9 digits and a
 * last character that is a digit or X. The Tax Authority publishes no check algorithm, so
 * the format only is checked. Kind `om_vat`, prefix `OM` (written or not), normalized with
 * it. Source: Oman Tax Authority, VAT registration (VATIN, 12 characters beginning with OM;
 * OECD CRS TIN sheet for Oman).
 */
export const OM: TaxIdModule = {
  country: 'OM',
  prefixes: ['OM'],
  names: { om_vat: 'VATIN (VAT identification number)' },
  validate(body) {
    const n = body.length;
    const last = body.charCodeAt(n - 1);
    if (n < 2 || !isDigits(body.slice(0, n - 1)) || !((last >= 48 && last <= 57) || last === 88 /* X */)) return bad('format', 'om_vat');
    return n === 10 ? ok('om_vat', `OM${body}`) : bad('length', 'om_vat');
  },
};
