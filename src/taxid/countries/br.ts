import { bad, ok, type TaxIdModule } from '../types.js';

const FIRST: readonly number[] = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const SECOND: readonly number[] = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Value of a CNPJ character in the check-digit sum: its character code − 48 (0–9, A = 17 … Z = 42), or -1. */
function value(c: number): number {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) ? c - 48 : -1;
}

/** The mod-11 check digit over the first `weights.length` characters: 0 for a remainder below 2. */
function checkDigit(s: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += value(s.charCodeAt(i)) * (weights[i] as number);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/**
 * Brazil: CNPJ (Cadastro Nacional da Pessoa Jurídica), 14 characters written
 * NN.NNN.NNN/NNNN-NN: an 8-character root, a 4-character establishment number (0001 for the
 * head office, never 0000) and two check digits. Each check digit is a mod-11 digit over the
 * characters before it, weights 5 4 3 2 9 8 7 6 5 4 3 2 for the first and 6 5 4 3 2 9 8 7 6
 * 5 4 3 2 for the second (remainder 0 or 1 → 0, otherwise 11 − remainder). From July 2026
 * the Receita Federal also issues alphanumeric CNPJs: the first 12 characters may be
 * letters, each counting as its character code − 48 (A = 17 … Z = 42), the check digits
 * stay digits; old numbers keep their value. Every business, a sole trader (MEI) too, has a
 * CNPJ: the 11-digit CPF of persons is a personal number and is refused (length).
 * Kind `br_cnpj`, prefix `BR` optional. Source: Receita Federal do Brasil, CNPJ check
 * digits (módulo 11) and Instrução Normativa RFB nº 2.229/2024 (alphanumeric CNPJ, with its
 * published check-digit calculation).
 */
export const BR: TaxIdModule = {
  country: 'BR',
  prefixes: ['BR'],
  names: { br_cnpj: 'CNPJ (Cadastro Nacional da Pessoa Jurídica)' },
  validate(body) {
    const n = body.length;
    for (let i = 0; i < n; i++) if (value(body.charCodeAt(i)) < 0) return bad('format', 'br_cnpj');
    if (n !== 14) return bad('length', 'br_cnpj');
    const d1 = body.charCodeAt(12) - 48;
    const d2 = body.charCodeAt(13) - 48;
    if (d1 > 9 || d2 > 9) return bad('format', 'br_cnpj');
    if (body.slice(8, 12) === '0000') return bad('format', 'br_cnpj');
    return checkDigit(body, FIRST) === d1 && checkDigit(body, SECOND) === d2 ? ok('br_cnpj', body) : bad('checksum', 'br_cnpj');
  },
};
