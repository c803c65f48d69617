import { isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Liechtenstein: the Personenidentifikationsnummer (PEID), which the Steuerverwaltung uses
 * as the tax number of companies and persons, and the five-digit MWST number of
 * Liechtenstein VAT registrants (the Swiss CHE…MWST form is not used there). Accepted:
 * 4 to 12 digits once leading zeros are dropped; there is no check digit. Kind `li_vat`,
 * normalized without leading zeros and without prefix (the numbers are written bare).
 * Source: OECD CRS TIN sheet for Liechtenstein (PEID, up to 12 digits, leading zeros
 * omitted); Liechtensteinische Landesverwaltung, "Umsetzung der UID in Liechtenstein"
 * (five-digit MWST-Nr. kept).
 */
export const LI: TaxIdModule = {
  country: 'LI',
  prefixes: [],
  names: { li_vat: 'MWST-Nummer' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'li_vat');
    let start = 0;
    while (start < body.length && body.charCodeAt(start) === 48) start++;
    const len = body.length - start;
    if (len < 4 || len > 12) return bad('length', 'li_vat');
    return ok('li_vat', start === 0 ? body : body.slice(start));
  },
};
