import { bad, ok, type TaxIdModule } from '../types.js';

/** The 31 characters of a USCC, by value: digits and capital letters without I, O, S, V, Z. */
const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const VALUE: readonly number[] = /* @__PURE__ */ (() => {
  const t = new Array<number>(128).fill(-1);
  for (let i = 0; i < CHARSET.length; i++) t[CHARSET.charCodeAt(i)] = i;
  return t;
})();
/** Weights of the 17 characters before the check character: 3^i mod 31. */
const WEIGHTS: readonly number[] = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/** Weights of the organisation code's first 8 characters (GB 11714). */
const ORG_WEIGHTS: readonly number[] = [3, 7, 9, 10, 5, 8, 4, 2];

/** Value of a character in the organisation code (GB 11714): 0–9, A–Z = 10–35. */
const orgValue = (c: number): number => (c <= 57 ? c - 48 : c - 55);

/**
 * China: 统一社会信用代码 (Unified Social Credit Code, USCC), 18 characters from the set
 * 0–9 and A–Z without I, O, S, V, Z: the registering authority (1–9, A, N or Y), the kind of
 * body (1–9), the 6-digit administrative division code, the 9-character organisation code
 * (its last character a GB 11714 check: 11 − Σ value × 3 7 9 10 5 8 4 2 mod 11, 10 → X,
 * 11 → 0) and a check character: 31 − (Σ value × 3^i mod 31) mod 31, 31 → 0. Kind
 * `cn_uscc`, no prefix. Source: GB 32100-2015, 法人和其他组织统一社会信用代码编码规则, and
 * GB 11714-1997 (organisation code).
 */
export const CN: TaxIdModule = {
  country: 'CN',
  prefixes: [],
  names: { cn_uscc: '统一社会信用代码 (Unified Social Credit Code)' },
  validate(body) {
    const n = body.length;
    for (let i = 0; i < n; i++) {
      const c = body.charCodeAt(i);
      if (c >= 128 || (VALUE[c] as number) < 0) return bad('format', 'cn_uscc');
    }
    if (n !== 18) return bad('length', 'cn_uscc');
    const authority = body.charCodeAt(0);
    const category = body.charCodeAt(1);
    if (!((authority >= 49 && authority <= 57) || authority === 65 || authority === 78 || authority === 89) || category < 49 || category > 57) return bad('format', 'cn_uscc');
    for (let i = 2; i < 8; i++) if (body.charCodeAt(i) > 57) return bad('format', 'cn_uscc');
    let org = 0;
    for (let i = 0; i < 8; i++) org += orgValue(body.charCodeAt(8 + i)) * (ORG_WEIGHTS[i] as number);
    const orgCheck = 11 - (org % 11);
    const orgChar = orgCheck === 10 ? 88 /* X */ : orgCheck === 11 ? 48 : 48 + orgCheck;
    let sum = 0;
    for (let i = 0; i < 17; i++) sum += (VALUE[body.charCodeAt(i)] as number) * (WEIGHTS[i] as number);
    const check = (31 - (sum % 31)) % 31;
    return orgChar === body.charCodeAt(16) && CHARSET.charCodeAt(check) === body.charCodeAt(17) ? ok('cn_uscc', body) : bad('checksum', 'cn_uscc');
  },
};
