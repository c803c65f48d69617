import { digit, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const WEIGHTS: readonly number[] = [3, 2, 7, 6, 5, 4, 3, 2];

/**
 * Norway: organisasjonsnummer, 9 digits, the last a mod-11 check digit (weights
 * 3 2 7 6 5 4 3 2, check = 11 − sum mod 11; 11 → 0, 10 never issued), kind `no_orgnr`
 * (normalized bare). Followed by MVA it is the VAT number, kind `no_vat`, normalized
 * `NO…MVA`. Source: Brønnøysundregistrene, "Organisasjonsnummer" (modulus 11 check).
 */
export const NO: TaxIdModule = {
  country: 'NO',
  prefixes: ['NO'],
  names: { no_orgnr: 'organisasjonsnummer', no_vat: 'MVA-nummer (organisasjonsnummer + MVA)' },
  validate(body) {
    let kind = 'no_orgnr';
    let n = body.length;
    if (n > 3 && body.endsWith('MVA')) {
      kind = 'no_vat';
      n -= 3;
    }
    for (let i = 0; i < n; i++) {
      const c = body.charCodeAt(i);
      if (c < 48 || c > 57) return bad('format', kind);
    }
    if (n !== 9) return bad(n === 0 ? 'format' : 'length', kind);
    let sum = weightedSum(body, WEIGHTS);
    const check = (11 - (sum % 11)) % 11;
    if (check === 10 || check !== digit(body, 8)) return bad('checksum', kind);
    return kind === 'no_vat' ? ok(kind, `NO${body}`) : ok(kind, body);
  },
};
