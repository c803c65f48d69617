import type { TaxIdModule, TaxIdValidation } from './types.js';

/** Separators people write inside tax IDs; removed before validation. */
const NOISE = /[\s.\-/,:_()]+/g;

const UNKNOWN: TaxIdValidation = Object.freeze({ valid: null, country: null, normalized: null, kind: null }) as TaxIdValidation;

/** Country codes accepted for the `country` argument that name another code's numbers. */
const COUNTRY_ALIASES: Record<string, string> = { EL: 'GR', UK: 'GB' };

const isLetter = (c: number): boolean => c >= 65 && c <= 90;

/** ISO 3166-1 alpha-2 codes, to tell a country without offline rules from an unknown prefix. */
const ISO_CODES = new Set(
  ('AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ ' +
    'DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
    'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ ' +
    'OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ ' +
    'UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW').split(' '),
);

export type TaxIdValidator = (country: string | null | undefined, taxId: string) => TaxIdValidation;

/**
 * Builds a validator from country modules. A prefix written on the number (`DE…`, `EL…`,
 * `XI…`, `EU…`, `CHE…`) decides whose rules apply when the given country's own numbers
 * are written with a prefix (the VAT-number family); otherwise the given country's module
 * reads the number as it is.
 */
export function createTaxIdValidator(modules: readonly TaxIdModule[]): TaxIdValidator {
  const byCountry = new Map<string, TaxIdModule>();
  const byPrefix = new Map<string, TaxIdModule>();
  for (const m of modules) {
    if (byCountry.has(m.country)) throw new Error(`two tax-ID modules for ${m.country}`);
    byCountry.set(m.country, m);
    for (const p of m.prefixes) byPrefix.set(p, m);
  }
  const prefixLengths = [...new Set([...byPrefix.keys()].map((p) => p.length))].sort((a, b) => b - a);

  function prefixedModule(id: string): { module: TaxIdModule; prefix: string } | null {
    for (const n of prefixLengths) {
      if (id.length <= n) continue;
      const m = byPrefix.get(id.slice(0, n));
      if (m) return { module: m, prefix: id.slice(0, n) };
    }
    return null;
  }

  return function validateTaxId(country, taxId) {
    const id = String(taxId).toUpperCase().replace(NOISE, '');
    let cc = country ? String(country).trim().toUpperCase() : '';
    cc = COUNTRY_ALIASES[cc] ?? cc;
    const own = cc ? byCountry.get(cc) : undefined;
    if (id.length === 0) return { valid: false, country: own ? own.country : cc || null, normalized: null, kind: null, reason: 'format' };

    let module = own;
    let body = id;
    // The VAT-number family (and unknown countries) follows the prefix written on the number.
    if (!own || own.prefixes.length > 0) {
      const hit = prefixedModule(id);
      if (hit && (!own || hit.module === own || hit.module.prefixes.length > 0)) {
        module = hit.module;
        body = id.slice(hit.prefix.length);
      }
    }
    if (!module) {
      if (!cc && id.length > 2 && isLetter(id.charCodeAt(0)) && isLetter(id.charCodeAt(1))) {
        // A prefix naming a country without offline rules (BR…) is unknown, not invalid.
        const named = id.slice(0, 2);
        return ISO_CODES.has(named) ? { ...UNKNOWN, country: named } : { valid: false, country: null, normalized: null, kind: null, reason: 'unknown_prefix' };
      }
      return cc ? { ...UNKNOWN, country: cc } : UNKNOWN;
    }
    const r = module.validate(body);
    return r.ok
      ? { valid: true, country: module.country, normalized: r.normalized, kind: r.kind }
      : { valid: false, country: module.country, normalized: null, kind: r.kind, reason: r.reason };
  };
}
