import { isCompactUpper } from '../core/text.js';
import type { TaxIdModule, TaxIdValidation } from './types.js';

/**
 * Separators people write inside tax IDs; removed before validation. Besides the ASCII
 * hyphen, the dashes a word processor substitutes for it (U+2010–U+2015, minus sign U+2212).
 */
const NOISE = /[\s.\-/,:_()\u2010-\u2015\u2212]+/g;

const UNKNOWN: TaxIdValidation = Object.freeze({ valid: null, country: null, normalized: null, kind: null }) as TaxIdValidation;

/** Country codes accepted for the `country` argument that name another code's numbers. */
const COUNTRY_ALIASES: Record<string, string> = { EL: 'GR', UK: 'GB' };

const isLetter = (c: number): boolean => c >= 65 && c <= 90;

/**
 * The longest `country` or `taxId` string read, in UTF-16 units. The longest numbers (a
 * Canadian QST or a Swiss VAT number written with every separator) stay under 40; the bound
 * keeps the work per call small whatever a caller passes. Longer input is refused unread.
 */
export const MAX_TAX_ID_INPUT = 256;

/** A refusal of input the validator does not read. */
const refused = (country: string | null, reason: 'format' | 'length'): TaxIdValidation => ({ valid: false, country, normalized: null, kind: null, reason });

/**
 * Validates a tax ID. Total: any value for either argument gives a verdict of plain
 * strings, booleans and nulls, and nothing throws. Only strings are read (and for `country`,
 * `null`, `undefined` or `''`, meaning "the prefix written on the number decides"); other
 * values are never touched (no `toString`, no getters) and answer `valid: false` with
 * `reason: 'format'`.
 */
export type TaxIdValidator = (country: string | null | undefined, taxId: string) => TaxIdValidation;

/**
 * Builds a validator from country modules. A prefix written on the number (`DE…`, `EL…`,
 * `XI…`, `EU…`, `CHE…`) decides whose rules apply when the given country's own numbers
 * are written with a prefix (the VAT-number family); otherwise the given country's module
 * reads the number as it is. `countryCodes` (ISO 3166-1) lets a prefix naming a country
 * without a module answer `valid: null` instead of `unknown_prefix`.
 */
export function createTaxIdValidator(modules: readonly TaxIdModule[], countryCodes: Iterable<string> = []): TaxIdValidator {
  // Country codes (ISO 3166-1), to tell a country without offline rules from an unknown prefix.
  const knownCountries = new Set(countryCodes);
  const byCountry = new Map<string, TaxIdModule>();
  const byPrefix = new Map<string, TaxIdModule>();
  for (const m of modules) {
    if (byCountry.has(m.country)) throw new Error(`two tax-ID modules for ${m.country}`);
    byCountry.set(m.country, m);
    for (const p of m.prefixes) byPrefix.set(p, m);
  }
  // Prefixes by their letters' codes: 2-letter ones in a 26 × 26 table, longer ones in a list.
  const prefix2: (TaxIdModule | undefined)[] = new Array(26 * 26).fill(undefined);
  const longPrefixes: { prefix: string; module: TaxIdModule }[] = [];
  for (const [p, m] of byPrefix) {
    if (p.length === 2) prefix2[(p.charCodeAt(0) - 65) * 26 + (p.charCodeAt(1) - 65)] = m;
    else longPrefixes.push({ prefix: p, module: m });
  }
  longPrefixes.sort((a, b) => b.prefix.length - a.prefix.length);

  return function validateTaxId(country: unknown, taxId: unknown): TaxIdValidation {
    // typeof is the only operation applied to a value before it is known to be a string: it
    // cannot throw, even for a revoked proxy.
    if (country !== null && country !== undefined && (typeof country !== 'string' || country.length > MAX_TAX_ID_INPUT)) return refused(null, 'format');
    let cc = typeof country !== 'string' ? '' : isCompactUpper(country) ? country : country.trim().toUpperCase();
    cc = COUNTRY_ALIASES[cc] ?? cc;
    const own = cc ? byCountry.get(cc) : undefined;
    const given = own ? own.country : cc || null;
    if (typeof taxId !== 'string') return refused(given, 'format');
    if (taxId.length > MAX_TAX_ID_INPUT) return refused(given, 'length');
    const id = isCompactUpper(taxId) ? taxId : taxId.toUpperCase().replace(NOISE, '');
    if (id.length === 0) return refused(given, 'format');

    let module = own;
    let body = id;
    // The VAT-number family (and unknown countries) follows the prefix written on the number.
    if (!own || own.prefixes.length > 0) {
      let hit: TaxIdModule | undefined;
      let length = 0;
      for (let i = 0; i < longPrefixes.length; i++) {
        const lp = longPrefixes[i] as { prefix: string; module: TaxIdModule };
        if (id.length > lp.prefix.length && id.startsWith(lp.prefix)) {
          hit = lp.module;
          length = lp.prefix.length;
          break;
        }
      }
      if (!hit && id.length > 2) {
        const a = id.charCodeAt(0) - 65;
        const b = id.charCodeAt(1) - 65;
        if (a >= 0 && a < 26 && b >= 0 && b < 26) {
          hit = prefix2[a * 26 + b];
          length = 2;
        }
      }
      if (hit && (!own || hit === own || hit.prefixes.length > 0)) {
        module = hit;
        body = id.slice(length);
      }
    }
    if (!module) {
      if (!cc && id.length > 2 && isLetter(id.charCodeAt(0)) && isLetter(id.charCodeAt(1))) {
        // A prefix naming a country without offline rules (BR…) is unknown, not invalid.
        const named = id.slice(0, 2);
        return knownCountries.has(named) ? { ...UNKNOWN, country: named } : { valid: false, country: null, normalized: null, kind: null, reason: 'unknown_prefix' };
      }
      return cc ? { ...UNKNOWN, country: cc } : UNKNOWN;
    }
    const r = module.validate(body);
    return r.ok
      ? { valid: true, country: module.country, normalized: r.normalized, kind: r.kind }
      : { valid: false, country: module.country, normalized: null, kind: r.kind, reason: r.reason };
  };
}
