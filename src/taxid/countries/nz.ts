import { digit } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const PRIMARY: readonly number[] = [3, 2, 7, 6, 5, 4, 3, 2];
const SECONDARY: readonly number[] = [7, 4, 3, 2, 5, 2, 7, 6];

/** Mod-11 check digit over the 8 base digits (`s` from `at`, left-padded with `pad` zeros). */
function checkDigit(s: string, at: number, pad: number, weights: readonly number[]): number {
  let sum = 0;
  for (let i = pad; i < 8; i++) sum += digit(s, at + i - pad) * (weights[i] as number);
  const r = sum % 11;
  return r === 0 ? 0 : 11 - r;
}

/**
 * New Zealand: IRD number (also the GST registration number), 8 or 9 digits (an 8-digit
 * number is read with a leading zero), between 10-000-000 and 150-000-000. The last digit
 * is a mod-11 check digit over the first 8 with weights 3 2 7 6 5 4 3 2 (check = 11 −
 * sum mod 11, 11 → 0); when that gives 10 the secondary weights 7 4 3 2 5 2 7 6 are used,
 * and a second 10 means the number is invalid. An optional `NZ` in front is ignored. Kind
 * `nz_ird`, normalized as the bare digits. Source: Inland Revenue, "IRD number validation
 * algorithm" (payroll / payday filing software specifications).
 */
export const NZ: TaxIdModule = {
  country: 'NZ',
  prefixes: [],
  names: { nz_ird: 'IRD number (GST registration number)' },
  validate(body) {
    const at = body.startsWith('NZ') ? 2 : 0;
    const n = body.length - at;
    for (let i = at; i < body.length; i++) {
      const c = body.charCodeAt(i);
      if (c < 48 || c > 57) return bad('format', 'nz_ird');
    }
    if (n !== 8 && n !== 9) return bad(n === 0 ? 'format' : 'length', 'nz_ird');
    const pad = 9 - n;
    // The number must lie strictly between 10,000,000 and 150,000,000.
    let value = 0;
    for (let i = at; i < body.length; i++) value = value * 10 + digit(body, i);
    if (value <= 10_000_000 || value >= 150_000_000) return bad('format', 'nz_ird');
    let check = checkDigit(body, at, pad, PRIMARY);
    if (check === 10) check = checkDigit(body, at, pad, SECONDARY);
    if (check === 10 || check !== digit(body, body.length - 1)) return bad('checksum', 'nz_ird');
    return ok('nz_ird', at === 0 ? body : body.slice(at));
  },
};
