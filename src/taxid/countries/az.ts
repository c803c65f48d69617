import { digit, isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Azerbaijan: VÖEN (vergi ödəyicisinin eyniləşdirmə nömrəsi), 10 digits: the territorial
 * unit (2 digits), a serial (6), a check digit that the tax authority's software computes
 * by an algorithm it does not publish, and the legal status (1 legal person, 2 natural
 * person). The format only is checked. A 9-digit number is read as one whose leading 0 (of
 * territorial codes 01–09) was lost, as spreadsheets drop it, and normalized with it. Kind
 * `az_voen`, prefix `AZ` optional. Source: State Tax Service under the Ministry of Economy,
 * TIN structure (Tax Code art. 34.6; OECD CRS TIN sheet for Azerbaijan).
 */
export const AZ: TaxIdModule = {
  country: 'AZ',
  prefixes: ['AZ'],
  names: { az_voen: 'VÖEN (vergi ödəyicisinin eyniləşdirmə nömrəsi)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'az_voen');
    const number = body.length === 9 ? `0${body}` : body;
    if (number.length !== 10) return bad('length', 'az_voen');
    const status = digit(number, 9);
    return status === 1 || status === 2 ? ok('az_voen', number) : bad('format', 'az_voen');
  },
};
