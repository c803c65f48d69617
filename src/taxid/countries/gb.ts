import { digit } from '../algorithms.js';
import { bad, ok, type TaxIdCheck, type TaxIdModule } from '../types.js';

const WEIGHTS: readonly number[] = [8, 7, 6, 5, 4, 3, 2, 10, 1];

/** Checks one United Kingdom VAT registration number (body without prefix). */
function validateUk(body: string, prefix: string, kind: string): TaxIdCheck {
  const n = body.length;
  const c0 = body.charCodeAt(0);
  if (c0 === 71 || c0 === 72) {
    // GD (government department, 000-499) or HA (health authority, 500-999)
    const gd = c0 === 71 && body.charCodeAt(1) === 68;
    const ha = c0 === 72 && body.charCodeAt(1) === 65;
    if (!gd && !ha) return bad('format', kind);
    for (let i = 2; i < n; i++) {
      const c = body.charCodeAt(i);
      if (c < 48 || c > 57) return bad('format', kind);
    }
    let at: number;
    if (n === 5) at = 2;
    else if (n === 11 && digit(body, 2) === 8 && digit(body, 3) === 8 && digit(body, 4) === 8 && digit(body, 5) === 8) at = 6;
    else return bad(n === 11 ? 'format' : 'length', kind);
    const num = digit(body, at) * 100 + digit(body, at + 1) * 10 + digit(body, at + 2);
    if (gd ? num >= 500 : num < 500) return bad('format', kind);
    if (n === 11 && num % 97 !== digit(body, 9) * 10 + digit(body, 10)) return bad('checksum', kind);
    return ok(kind, `${prefix}${body}`);
  }
  for (let i = 0; i < n; i++) {
    const c = body.charCodeAt(i);
    if (c < 48 || c > 57) return bad('format', kind);
  }
  if (n !== 9 && n !== 12) return bad(n === 0 ? 'format' : 'length', kind);
  let sum = 0;
  let base = 0; // the first seven digits as a number
  for (let i = 0; i < 9; i++) {
    const d = digit(body, i);
    sum += d * (WEIGHTS[i] as number);
    if (i < 7) base = base * 10 + d;
  }
  if (sum === 0) return bad('format', kind);
  const r = sum % 97;
  // Modulus 97: the original series, except the blocks VIES excludes from it.
  if (r === 0 && !((base >= 100000 && base <= 999999) || (base >= 9490001 && base <= 9700000) || base >= 9990001)) {
    return ok(kind, `${prefix}${body}`);
  }
  // Modulus 9755 (weighted sum + 55 ≡ 0 mod 97): the series restarted above 100 0000.
  if (r === 42 && base > 1000000) return ok(kind, `${prefix}${body}`);
  return bad('checksum', kind);
}

/**
 * United Kingdom: VAT registration number, GB + one of
 * - 9 digits, S = Σ digits × (8 7 6 5 4 3 2 10 1) (the last two digits read as one check
 *   number): either S ≡ 0 (mod 97), the original "modulus 97" series, except for first
 *   seven digits in 010 0000-099 9999, 949 0001-970 0000 and 999 0001-999 9999 (ranges the
 *   VIES routines exclude), or S + 55 ≡ 0 (mod 97), the "modulus 9755" series issued since
 *   2009/2010, for first seven digits above 100 0000;
 * - 12 digits: a 9-digit number as above followed by a 3-digit branch identifier;
 * - GD000-GD499 (government departments) and HA500-HA999 (health authorities), also in the
 *   11-character form GD8888nnncc / HA8888nnncc with cc = nnn mod 97.
 * Kind `gb_vat`, normalized `GB…`. Isle of Man numbers share this series.
 * Source: HM Revenue & Customs (VAT registration number check-digit routines, modulus 97 /
 * 9755) and the European Commission's VIES VAT number validation routines.
 */
export const GB: TaxIdModule = {
  country: 'GB',
  prefixes: ['GB'],
  names: { gb_vat: 'VAT registration number' },
  validate: (body) => validateUk(body, 'GB', 'gb_vat'),
};

/**
 * Northern Ireland (Windsor Framework): the UK VAT registration number written with the
 * XI prefix for trade in goods with the EU; same forms and checks as {@link GB}. Kind
 * `xi_vat`, normalized `XI…`.
 * Source: HM Revenue & Customs ("VAT EU reforms: XI prefix for Northern Ireland") and the
 * European Commission's VIES VAT number validation routines.
 */
export const XI: TaxIdModule = {
  country: 'XI',
  prefixes: ['XI'],
  names: { xi_vat: 'VAT registration number (Northern Ireland, XI)' },
  validate: (body) => validateUk(body, 'XI', 'xi_vat'),
};
