import { digit, isDigits, luhnValid } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/** True when the 15-digit NPWP at `at` has a valid check digit (9th digit, Luhn over the first 9). */
const npwp15 = (s: string, at: number): boolean => luhnValid(s.slice(at, at + 9));

/**
 * True when a 16-digit NIK (Nomor Induk Kependudukan) is well formed: a region code whose
 * province is 11–94, a birth date DDMMYY (day + 40 for women) that can exist, and a serial
 * that is not 0000. It carries no check digit.
 */
function nikOk(s: string): boolean {
  const province = digit(s, 0) * 10 + digit(s, 1);
  let day = digit(s, 6) * 10 + digit(s, 7);
  const month = digit(s, 8) * 10 + digit(s, 9);
  if (day > 40) day -= 40;
  return province >= 11 && province <= 94 && day >= 1 && day <= 31 && month >= 1 && month <= 12 && s.slice(12) !== '0000';
}

/**
 * Indonesia: NPWP (Nomor Pokok Wajib Pajak). The 15-digit NPWP, written
 * NN.NNN.NNN.N-NNN.NNN, is a taxpayer code, a serial, a check digit (the 9th: Luhn over the
 * first 9 digits), the tax office and a branch code (000 for the head office). Since 2024
 * the NPWP has 16 digits: for residents who are persons it is their NIK (no check digit:
 * the region, birth date and serial are checked), for entities, government bodies and
 * non-residents a 0 followed by the 15-digit NPWP. Kind `id_npwp` for both, prefix `ID`
 * optional. Source: Direktorat Jenderal Pajak, NPWP structure, and Peraturan Menteri
 * Keuangan 112/PMK.03/2022 (NIK and the 16-digit NPWP).
 */
export const ID: TaxIdModule = {
  country: 'ID',
  prefixes: ['ID'],
  names: { id_npwp: 'NPWP (Nomor Pokok Wajib Pajak)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'id_npwp');
    if (body.length === 15) return npwp15(body, 0) ? ok('id_npwp', body) : bad('checksum', 'id_npwp');
    if (body.length !== 16) return bad('length', 'id_npwp');
    if (body.charCodeAt(0) === 48) return npwp15(body, 1) ? ok('id_npwp', body) : bad('checksum', 'id_npwp');
    return nikOk(body) ? ok('id_npwp', body) : bad('format', 'id_npwp');
  },
};
