import { isDigits, modString } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Morocco: ICE (Identifiant Commun de l'Entreprise), 15 digits: the company (9), its
 * establishment (4) and two control digits making the whole number divisible by 97. Kind
 * `ma_ice`, prefix `MA` optional. Source: Direction Générale des Impôts and OMPIC, structure
 * of the ICE (company, establishment, control digits).
 */
export const MA: TaxIdModule = {
  country: 'MA',
  prefixes: ['MA'],
  names: { ma_ice: 'ICE (Identifiant Commun de l’Entreprise)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'ma_ice');
    if (body.length !== 15) return bad('length', 'ma_ice');
    return modString(body, 97) === 0 ? ok('ma_ice', body) : bad('checksum', 'ma_ice');
  },
};
