/**
 * The country a phone number names, from its international calling code (rules/evidence/
 * calling-codes.json): evidence of a customer's location under Implementing Regulation (EU)
 * 282/2011, art. 24f(d) (the country code of a mobile's SIM card) and (e) (the location of a
 * fixed land line).
 */
import { callingCodesText } from '../generated/calling-codes.js';
import { errorFromIssues, quoted } from '../core/errors.js';
import { guarded } from '../adapters/read.js';

/** The data file's content (see rules/schema/calling-codes.schema.json). */
export interface CallingCodes {
  source: string;
  checked: string;
  note?: string;
  codes: Record<string, { countries: { country: string; leading_digits?: string; patterns?: string[] }[] }>;
  territories: { calling_code: string; prefixes: string[]; country: string; territory: string; source: string; checked: string; note?: string }[];
}

/** Where a phone number is. */
export interface PhoneCountry {
  /** The number in E.164 form, `+` and digits. */
  e164: string;
  callingCode: string;
  /** The country the number belongs to; null when the calling code is shared and the number is none of its countries'. */
  country: string | null;
  /** A special tax territory its land-line prefix names (a rules territory id such as `ES-CANAR`), else null. */
  territory: string | null;
}

interface Compiled {
  codes: Map<string, { country: string; leading: RegExp | null; patterns: RegExp[] }[]>;
  territories: Map<string, { prefixes: string[]; country: string; territory: string }[]>;
}

let compiled: Compiled | null = null;

function data(): Compiled {
  if (compiled) return compiled;
  const file = JSON.parse(callingCodesText) as CallingCodes;
  const codes = new Map<string, { country: string; leading: RegExp | null; patterns: RegExp[] }[]>();
  for (const [code, entry] of Object.entries(file.codes)) {
    codes.set(
      code,
      entry.countries.map((c) => ({
        country: c.country,
        leading: c.leading_digits ? new RegExp(`^(?:${c.leading_digits})`) : null,
        patterns: (c.patterns ?? []).map((p) => new RegExp(`^(?:${p})$`)),
      })),
    );
  }
  const territories = new Map<string, { prefixes: string[]; country: string; territory: string }[]>();
  for (const t of file.territories) {
    const list = territories.get(t.calling_code) ?? [];
    list.push({ prefixes: t.prefixes, country: t.country, territory: t.territory });
    territories.set(t.calling_code, list);
  }
  compiled = { codes, territories };
  return compiled;
}

/**
 * The source and check date of the calling-code data.
 *
 * @example
 * ```ts
 * import { callingCodeSource } from 'taxrules';
 *
 * const { source, checked } = callingCodeSource();
 * // source: the ITU-T E.164 calling codes and numbering plans as compiled in libphonenumber; checked: the day they were compared
 * ```
 */
export function callingCodeSource(): { source: string; checked: string } {
  const file = JSON.parse(callingCodesText) as CallingCodes;
  return { source: file.source, checked: file.checked };
}

/**
 * The country of a phone number written in international form: `+` (or `00`) and the
 * calling code, then the national number; spaces, dots, dashes, slashes and brackets are
 * ignored (`+44 1624 123456`, `0049 (4725) 8080`). Where several countries share the code,
 * the national number decides as the numbering plans say (+1 area codes: US, CA, PR, JM, …;
 * +7: RU or KZ; +44: GB, IM, JE, GG; +358: FI or AX). A land-line prefix of a special tax
 * territory (the Canary Islands, Heligoland) is named in `territory`.
 *
 * Throws TaxRulesError 400 for a number that is not in international form (a national
 * number does not say its country) or has no digits after the code, 406 for a calling code
 * no country has.
 *
 * @example
 * ```ts
 * import { phoneCountry } from 'taxrules';
 *
 * phoneCountry('+44 1624 123456');
 * // { e164: '+441624123456', callingCode: '44', country: 'IM', territory: null }
 * phoneCountry('+34 928 123 456');
 * // { e164: '+34928123456', callingCode: '34', country: 'ES', territory: 'ES-CANAR' }
 * ```
 */
export function phoneCountry(phoneNumber: string): PhoneCountry {
  return guarded(() => phoneCountryOf(phoneNumber));
}

function phoneCountryOf(phoneNumber: unknown): PhoneCountry {
  if (typeof phoneNumber !== 'string') throw errorFromIssues([{ path: ['phone_number'], code: 'malformed', message: `phone_number must be a string, got ${quoted(phoneNumber, 40)}` }]);
  const text = phoneNumber.trim();
  const compact = text.replace(/[\s.\-/()]/g, '');
  const m = /^(?:\+|00)(\d{4,15})$/.exec(compact);
  if (!m || compact.length > 20) {
    throw errorFromIssues([
      { path: ['phone_number'], code: 'malformed', message: `phone_number ${quoted(phoneNumber, 40)} is not a number in international form (+ or 00, the country calling code, the national number)` },
    ]);
  }
  const digits = m[1]!;
  const { codes, territories } = data();
  let code: string | null = null;
  for (const length of [1, 2, 3]) {
    if (codes.has(digits.slice(0, length))) {
      code = digits.slice(0, length);
      break;
    }
  }
  if (code === null) {
    throw errorFromIssues([{ path: ['phone_number'], code: 'invalid_value', message: `phone_number ${quoted(phoneNumber, 40)} starts with no country calling code (ITU-T E.164)` }]);
  }
  const national = digits.slice(code.length);
  const countries = codes.get(code)!;
  let country: string | null = null;
  if (countries.length === 1) country = countries[0]!.country;
  else {
    for (const c of countries) {
      if (c.leading ? c.leading.test(national) : c.patterns.some((p) => p.test(national))) {
        country = c.country;
        break;
      }
    }
  }
  let territory: string | null = null;
  for (const t of territories.get(code) ?? []) {
    if (t.country === country && t.prefixes.some((p) => national.startsWith(p))) territory = t.territory;
  }
  return { e164: `+${digits}`, callingCode: code, country, territory };
}
