import type { TaxIdVerdict } from '../core/types.js';

/**
 * Well-formedness of tax IDs by country: the default verdict until check-digit validators
 * replace it. Patterns apply to the ID without its country prefix, uppercase, with spaces,
 * dots and dashes removed. Countries without a pattern get `unknown`.
 */
const FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  GR: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  GB: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  EU: /^\d{9}$/,
  CH: /^E?\d{9}(MWST|TVA|IVA)?$/,
  LI: /^\d{5}$/,
  NO: /^\d{9}(MVA)?$/,
  IS: /^\d{5,6}$/,
  AU: /^\d{11}$/,
  NZ: /^\d{8,9}$/,
  SG: /^(M\d{8}[A-Z]|\d{8,9}[A-Z]|[TRS]\d{2}[A-Z]{2}\d{4}[A-Z])$/,
  JP: /^T?\d{13}$/,
  CA: /^\d{9}((RT|TQ|RC|RP)\d{4})?$|^\d{10}TQ\d{4}$/,
  US: /^\d{9}$/,
};

/** VAT prefixes that differ from the ISO code. */
const PREFIX_TO_COUNTRY: Record<string, string> = { EL: 'GR', GB: 'GB', XI: 'XI', EU: 'EU', CHE: 'CH' };

const NOISE_RE = /[\s.\-/]+/g;

/**
 * Format-only verdict on a tax ID for a customer in `country`: `valid` when it is well
 * formed for that country (or for the EU member its prefix names), `invalid` when not,
 * `unknown` when no format is known.
 */
export function taxIdFormatVerdict(country: string, taxId: string): TaxIdVerdict {
  const id = taxId.toUpperCase().replace(NOISE_RE, '');
  let target = country.toUpperCase() === 'EL' ? 'GR' : country.toUpperCase();
  let body = id;
  if (id.startsWith('CHE')) {
    target = 'CH';
    body = id.slice(2);
  } else {
    const prefix = id.slice(0, 2);
    if (/^[A-Z]{2}$/.test(prefix)) {
      const named = PREFIX_TO_COUNTRY[prefix] ?? prefix;
      if (FORMATS[named]) {
        target = named;
        body = id.slice(2);
      }
    }
  }
  const format = FORMATS[target];
  if (!format) return 'unknown';
  return format.test(body) ? 'valid' : 'invalid';
}
