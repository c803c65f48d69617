import { bad, ok, type TaxIdModule } from '../types.js';

/** Value of a digit in an odd (1st, 3rd, 5th, 7th) position. */
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21] as const;

/**
 * Cyprus: Αριθμός Εγγραφής ΦΠΑ, CY + 8 digits + check letter. The first digit is 0, 1, 3,
 * 4, 5 or 9 (never "12"). Digits in odd positions map 0→1, 1→0, 2→5, 3→7, 4→9, 5→13,
 * 6→15, 7→17, 8→19, 9→21, digits in even positions count as themselves; the letter is
 * A + (sum mod 26). Source: Cyprus Tax Department TIC structure; EU VIES algorithm notes.
 */
export const CY: TaxIdModule = {
  country: 'CY',
  prefixes: ['CY'],
  names: { eu_vat: 'Αριθμός Εγγραφής ΦΠΑ (VAT registration number)' },
  validate(body) {
    if (body.length !== 9) return bad('length', 'eu_vat');
    let sum = 0;
    for (let i = 0; i < 8; i++) {
      const d = body.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return bad('format', 'eu_vat');
      sum += i % 2 === 0 ? (ODD[d] as number) : d;
    }
    const letter = body.charCodeAt(8);
    if (letter < 65 || letter > 90) return bad('format', 'eu_vat');
    const first = body.charCodeAt(0) - 48;
    if (first === 2 || first === 6 || first === 7 || first === 8) return bad('format', 'eu_vat');
    if (first === 1 && body.charCodeAt(1) === 50) return bad('format', 'eu_vat');
    return letter - 65 === sum % 26 ? ok('eu_vat', `CY${body}`) : bad('checksum', 'eu_vat');
  },
};
