import { isDigits, iso7064Mod11_10Valid } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Serbia: ПИБ / PIB (poreski identifikacioni broj), the 9-digit tax identification number,
 * the last an ISO 7064 MOD 11,10 check digit. Kind `rs_pib`, prefix `RS` optional. Source:
 * Poreska uprava (Tax Administration), PIB with its control number (ISO 7064 MOD 11,10).
 */
export const RS: TaxIdModule = {
  country: 'RS',
  prefixes: ['RS'],
  names: { rs_pib: 'ПИБ (порески идентификациони број)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'rs_pib');
    if (body.length !== 9) return bad('length', 'rs_pib');
    return iso7064Mod11_10Valid(body) ? ok('rs_pib', body) : bad('checksum', 'rs_pib');
  },
};
