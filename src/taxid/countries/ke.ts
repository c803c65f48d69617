import { isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Kenya: KRA PIN (Personal Identification Number), 11 characters: A for a person or P for
 * any other taxpayer, 9 digits and a letter. The KRA publishes no check algorithm for the
 * final letter, so the format only is checked. Kind `ke_pin`, prefix `KE` optional. Source:
 * Kenya Revenue Authority, PIN format (OECD CRS TIN sheet for Kenya).
 */
export const KE: TaxIdModule = {
  country: 'KE',
  prefixes: ['KE'],
  names: { ke_pin: 'KRA PIN (Personal Identification Number)' },
  validate(body) {
    const n = body.length;
    const first = body.charCodeAt(0);
    const last = body.charCodeAt(n - 1);
    if (n < 2 || (first !== 65 && first !== 80) || !isDigits(body.slice(1, n - 1)) || last < 65 || last > 90) return bad('format', 'ke_pin');
    return n === 11 ? ok('ke_pin', body) : bad('length', 'ke_pin');
  },
};
