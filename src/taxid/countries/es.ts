import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('ES', KIND, reason);

/** DNI/NIE control letters, indexed by the number mod 23. */
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** CIF control letters, indexed by the control digit. */
const CIF_LETTERS = 'JABCDEFGHI';
/** Entity letters of legal persons (A, B, C, D, E, F, G, H, J, N, P, Q, R, S, U, V, W). */
const CIF_FIRST = 'ABCDEFGHJNPQRSUVW';

function isEntityLetter(code: number): boolean {
  for (let i = 0; i < CIF_FIRST.length; i++) if (CIF_FIRST.charCodeAt(i) === code) return true;
  return false;
}

/**
 * Spain: Número de Identificación Fiscal (NIF-IVA), ES + 9 characters, in the forms
 * - DNI: 8 digits + control letter TRWAGMYFPDXBNJZSQVHLCKE[number mod 23];
 * - NIE: X/Y/Z (read as 0/1/2) + 7 digits + the same control letter;
 * - K/L/M + 7 digits + the same control letter over the 7 digits (Spaniards under 14,
 *   Spaniards resident abroad, foreigners without NIE);
 * - legal persons (former CIF): entity letter A–W + 7 digits + control; the control is
 *   c = (10 − (Σ digits in even places + Σ digit sums of 2 × digits in odd places) mod 10)
 *   mod 10, written as the digit c or the letter JABCDEFGHI[c]: a letter for entity types
 *   P, Q, S and non-residents (number starting 00), a digit for A, B, E, H, either for
 *   the others (C, D, F, G, J, N, R, U, V, W).
 * Source: Orden EHA/451/2008 (NIF composition) and Real Decreto 1065/2007; EU VIES
 * algorithm notes.
 */
export const ES: TaxIdModule = /* @__PURE__ */ readerModule('ES', ['ES'], { eu_vat: 'NIF-IVA (número de identificación fiscal a efectos del IVA)' }, (id, at) => {
  if (id.length - at !== 9) return no('length');
  // One pass over the 7 digits: that they are digits, their number, the CIF's control sum.
  let n = 0;
  let sum = 0;
  for (let i = 1; i < 8; i++) {
    const d = id.charCodeAt(at + i) - 48;
    if (d < 0 || d > 9) return no('format');
    n = n * 10 + d;
    if (i % 2 === 0) sum += d;
    else sum += d > 4 ? 2 * d - 9 : 2 * d;
  }
  const first = id.charCodeAt(at);
  const last = id.charCodeAt(at + 8);

  // DNI / NIE / K, L, M: control letter over a number
  let lead = -1; // value of the leading position in the number, -1 for K/L/M (7 digits only)
  if (first >= 48 && first <= 57) lead = first - 48;
  else if (first === 88 /* X */) lead = 0;
  else if (first === 89 /* Y */) lead = 1;
  else if (first === 90 /* Z */) lead = 2;
  if (lead >= 0 || first === 75 || first === 76 || first === 77) {
    if (last < 65 || last > 90) return no('format');
    const num = lead >= 0 ? lead * 10000000 + n : n;
    return DNI_LETTERS.charCodeAt(num % 23) === last ? validIn('ES', KIND, withPrefix('ES', id, at)) : no('checksum');
  }

  if (!isEntityLetter(first)) return no('format');
  const c = (10 - (sum % 10)) % 10;
  const isDigit = last >= 48 && last <= 57;
  if (!isDigit && (last < 65 || last > 90)) return no('format');
  const nonResident = id.charCodeAt(at + 1) === 48 && id.charCodeAt(at + 2) === 48;
  const letterOnly = nonResident || first === 80 || first === 81 || first === 83; // P, Q, S
  const digitOnly = !nonResident && (first === 65 || first === 66 || first === 69 || first === 72); // A, B, E, H
  if (isDigit ? !letterOnly && last - 48 === c : !digitOnly && CIF_LETTERS.charCodeAt(c) === last) return validIn('ES', KIND, withPrefix('ES', id, at));
  return no('checksum');
});
