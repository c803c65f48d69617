import { isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Algeria: NIF (numéro d'identification fiscale), 15 digits, or 20 with a 5-digit suffix
 * (the entity's establishment). No check digit is published, so the format only is
 * checked. Kind `dz_nif`, prefix `DZ` optional. Source: Direction Générale des Impôts,
 * NIF (15 or 20 digits; OECD CRS TIN sheet for Algeria).
 */
export const DZ: TaxIdModule = {
  country: 'DZ',
  prefixes: ['DZ'],
  names: { dz_nif: 'NIF (numéro d’identification fiscale)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'dz_nif');
    return body.length === 15 || body.length === 20 ? ok('dz_nif', body) : bad('length', 'dz_nif');
  },
};
