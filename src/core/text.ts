/** True when `s` holds only ASCII digits and uppercase letters: nothing to trim, uppercase or strip. */
export function isCompactUpper(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90))) return false;
  }
  return true;
}
