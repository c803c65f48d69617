import { digit, weightedSum } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const QST_WEIGHTS: readonly number[] = [4, 3, 2, 7, 6, 5, 4, 3, 2];

/** True when `s[from, to)` is all ASCII digits. */
function digitsAt(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Luhn (ISO/IEC 7812-1) check over the first 9 digits of `s`, the 9th being the check digit. */
function bnLuhn(s: string): boolean {
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let d = digit(s, i);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** True when `s[from, to)` is all ASCII capital letters. */
function lettersAt(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 65 || c > 90) return false;
  }
  return true;
}

/**
 * CRA program identifiers: R + a letter (RC corporate income tax, RD excise duty, RE/RN
 * excise tax, RG air travellers security charge, RM import-export, RP payroll, RR
 * registered charity, RT GST/HST, RZ information returns, and later R accounts) or SL
 * (softwood lumber products export charge).
 */
function programOk(a: number, b: number): boolean {
  return (a === 82 /* R */ && b >= 65 && b <= 90) || (a === 83 /* S */ && b === 76 /* L */);
}

/** The 4-digit reference number of a program / QST account: digits, never 0000. */
function referenceOk(s: string, from: number): boolean {
  return digitsAt(s, from, from + 4) && !(s.charCodeAt(from) === 48 && s.charCodeAt(from + 1) === 48 && s.charCodeAt(from + 2) === 48 && s.charCodeAt(from + 3) === 48);
}

/**
 * Canada, no prefix:
 * - Business Number (BN), 9 digits with a Luhn check digit, kind `ca_bn`; as a program
 *   account (BN15) followed by a 2-letter program identifier and a 4-digit reference
 *   number: `…RT0001` (GST/HST) is kind `ca_gst_hst`, other programs (RC, RP, RM, RR, RZ,
 *   …) kind `ca_bn`. Source: Canada Revenue Agency, "The Business Number and your CRA
 *   program accounts" (RC2) — BN structure; Luhn (ISO/IEC 7812-1) check digit.
 * - Quebec QST registration number, 10 digits + TQ + 4-digit file number, kind `ca_qst`;
 *   the 10th digit is a mod-11 check over the first 9 (weights 4 3 2 7 6 5 4 3 2, check =
 *   (11 − sum mod 11) mod 10). Source: Revenu Québec, QST registration number structure
 *   (10-digit identification number, TQ, 4-digit file number); Revenu Québec publishes no
 *   check-digit specification, the mod-11 rule is the one documented for ERP Canada
 *   localisations (SAP Community wiki "Canada").
 * - British Columbia PST number, PST + 8 digits (written PST-1234-5678), no check digit,
 *   kind `ca_pst_bc`. Source: BC Ministry of Finance, PST registration.
 */
export const CA: TaxIdModule = {
  country: 'CA',
  prefixes: [],
  names: { ca_bn: 'BN (Business Number)', ca_gst_hst: 'GST/HST account number (BN + RT)', ca_qst: 'numéro d’inscription au fichier de la TVQ (QST number)', ca_pst_bc: 'PST number (British Columbia)' },
  validate(body) {
    const n = body.length;
    if (n === 11 && body.startsWith('PST')) {
      return digitsAt(body, 3, 11) ? ok('ca_pst_bc', body) : bad('format', 'ca_pst_bc');
    }
    if (body.startsWith('PST')) return bad(digitsAt(body, 3, n) ? 'length' : 'format', 'ca_pst_bc');
    if (n === 16 || (n > 10 && digitsAt(body, 0, 10) && body.charCodeAt(10) === 84 /* T */)) {
      // QST: 10 digits + TQ + 4 digits.
      if (n !== 16) return bad('length', 'ca_qst');
      if (!digitsAt(body, 0, 10) || body.charCodeAt(10) !== 84 || body.charCodeAt(11) !== 81 /* Q */ || !referenceOk(body, 12)) {
        return bad('format', 'ca_qst');
      }
      let sum = weightedSum(body, QST_WEIGHTS);
      return (11 - (sum % 11)) % 10 === digit(body, 9) ? ok('ca_qst', body) : bad('checksum', 'ca_qst');
    }
    if (n === 9) {
      if (!digitsAt(body, 0, 9)) return bad('format', 'ca_bn');
      return bnLuhn(body) ? ok('ca_bn', body) : bad('checksum', 'ca_bn');
    }
    if (n === 15) {
      const a = body.charCodeAt(9);
      const b = body.charCodeAt(10);
      const kind = a === 82 && b === 84 ? 'ca_gst_hst' : 'ca_bn';
      if (!digitsAt(body, 0, 9) || !programOk(a, b) || !referenceOk(body, 11)) return bad('format', kind);
      return bnLuhn(body) ? ok(kind, body) : bad('checksum', kind);
    }
    const shapeOk = digitsAt(body, 0, Math.min(n, 9)) && (n <= 9 || lettersAt(body, 9, Math.min(n, 11))) && (n <= 11 || digitsAt(body, 11, n));
    return bad(shapeOk ? 'length' : 'format', n > 9 && body.charCodeAt(9) === 82 && body.charCodeAt(10) === 84 ? 'ca_gst_hst' : 'ca_bn');
  },
};
