/** Shared check-digit arithmetic for tax-ID validators. Inputs are ASCII strings already checked for shape. */

const ZERO = 48;

/** True when `s` (from index `at`) is non-empty and made of ASCII digits only. */
export function isDigits(s: string, at = 0): boolean {
  if (s.length <= at) return false;
  for (let i = at; i < s.length; i++) {
    const c = s.charCodeAt(i) - ZERO;
    if (c < 0 || c > 9) return false;
  }
  return true;
}

/** The digit at position `i` of `s`. */
export const digit = (s: string, i: number): number => s.charCodeAt(i) - ZERO;

/** Σ digit(at + i) × weights[i] over the first `weights.length` digits of `s` from index `at`. */
export function weightedSum(s: string, weights: readonly number[], at = 0): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (s.charCodeAt(at + i) - ZERO) * (weights[i] as number);
  return sum;
}

/** Luhn (ISO/IEC 7812-1) check over every digit of `s`, the last being the check digit. */
export function luhnValid(s: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = s.length - 1; i >= 0; i--) {
    let d = s.charCodeAt(i) - ZERO;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** ISO 7064 MOD 11,10 check over every digit of `s` from index `at`, the last being the check digit. */
export function iso7064Mod11_10Valid(s: string, at = 0): boolean {
  let check = 5;
  for (let i = at; i < s.length; i++) check = (((check || 10) * 2) % 11 + (s.charCodeAt(i) - ZERO)) % 10;
  return check === 1;
}

/** `s` (digits, any length, from index `at`) modulo `m`, without overflow. */
export function modString(s: string, m: number, at = 0): number {
  let r = 0;
  for (let i = at; i < s.length; i++) r = (r * 10 + (s.charCodeAt(i) - ZERO)) % m;
  return r;
}
