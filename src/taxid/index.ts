import type { TaxIdVerdict } from '../core/types.js';
import { worldCountryCodes } from '../generated/country-codes.js';
import { taxIdModules } from './countries/index.js';
import type { TaxIdValidation } from './types.js';
import { createTaxIdValidator, type TaxIdValidator } from './validate.js';

export type { TaxIdCheck, TaxIdModule, TaxIdReason, TaxIdValidation } from './types.js';
export { createTaxIdValidator, type TaxIdValidator } from './validate.js';
export { taxIdModules };

/**
 * Validates a tax ID offline: format and check digit by the issuing country's published
 * algorithm. `country` is the customer's country (ISO code; `EL`, `XI`, `EU` accepted) or
 * `null`; a prefix written on a VAT number (`DE…`, `EL…`, `XI…`, `EU…`, `CHE…`) decides
 * whose rules apply. Never throws, whatever the arguments: a value that is not a string
 * answers `valid: false, reason: 'format'`, a string over 256 characters `reason: 'length'`
 * (a country that long: `'format'`).
 *
 * @example
 * ```ts
 * import { validateTaxId } from 'taxrules';
 *
 * validateTaxId('DE', 'DE 136 695 976');
 * // { valid: true, country: 'DE', normalized: 'DE136695976', kind: 'eu_vat' }
 * validateTaxId('DE', 'DE136695977');
 * // { valid: false, reason: 'checksum', … }
 * ```
 */
export const validateTaxId: TaxIdValidator = function validateTaxId(country, taxId) {
  // Made on first use: importing the package reads no table for it. The country codes are
  // the rule set's world list, in a module of their own: no rule data comes with them.
  return (defaultValidator ??= createTaxIdValidator(taxIdModules, worldCountryCodes))(country, taxId);
};
let defaultValidator: TaxIdValidator | undefined;

/**
 * The core's three-way verdict for a validation; `unknown` for anything that is not one.
 *
 * @example
 * ```ts
 * import { validateTaxId, verdictOf } from 'taxrules';
 *
 * verdictOf(validateTaxId('DE', 'DE136695976'));
 * // 'valid'
 * verdictOf({ valid: null, country: 'US', normalized: null, kind: null });
 * // 'unknown'
 * ```
 */
export function verdictOf(v: TaxIdValidation): TaxIdVerdict {
  let valid: unknown;
  try {
    // A caller's own object may have a throwing getter, or be a revoked proxy.
    valid = typeof v === 'object' && v !== null ? v.valid : undefined;
  } catch {
    valid = undefined;
  }
  return valid === true ? 'valid' : valid === false ? 'invalid' : 'unknown';
}

/**
 * The default verdict of the calculation adapters: offline validation by {@link validateTaxId}.
 *
 * @example
 * ```ts
 * import { calculateTaxRate, defineAccount, offlineTaxIdVerdict } from 'taxrules';
 *
 * offlineTaxIdVerdict('DE', 'DE136695977');
 * // 'invalid'
 *
 * // The calculations' default verdict, given here as the option it is.
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss', valid_from: '2021-07-01' }] });
 * calculateTaxRate({ to_country: 'DE', tax_code: 'consulting', tax_id: 'DE136695976', date: '2026-06-01' }, seller, { taxIdVerdict: offlineTaxIdVerdict });
 * // { status: 'reverse_charge', rate: 0, … }
 * ```
 */
export function offlineTaxIdVerdict(country: string, taxId: string): TaxIdVerdict {
  return verdictOf(validateTaxId(country, taxId));
}

/**
 * An online check (such as VIES, HMRC or the Swiss UID register) run by a server, never by
 * taxrules: `true` the register confirms the number, `false` it does not know it, `null` no
 * answer. It receives a copy of the offline verdict.
 */
export type OnlineTaxIdChecker = (validation: TaxIdValidation & { valid: true | null }) => Promise<boolean | null>;

/** What the online check said: `not_checked` when there was no checker or the number failed offline. */
export type OnlineTaxIdStatus = 'valid' | 'invalid' | 'unknown' | 'unavailable' | 'not_checked';

/**
 * Offline validation, then — for numbers that pass or that have no offline rule — the
 * server's own online checker. The result feeds a calculation through
 * `options.taxIdVerdict: () => verdictOf(result)`.
 *
 * The returned promise always resolves. An answer other than `true` or `false` keeps the
 * offline verdict with `online: 'unknown'`. A checker that throws or rejects (or is not a
 * function) gives `valid: null` with `online: 'unavailable'`, as the service interface's
 * `/tax_ids/validate` answers `null` when the external service is unavailable: the customer
 * is then not taken for a business on the strength of the check digits alone (a supplier may
 * treat a customer as a taxable person once it has confirmed the number's validity,
 * Implementing Regulation (EU) 282/2011, Art. 18(1)(a)). A caller who accepts the offline
 * verdict in that case has it in `validateTaxId`.
 *
 * @example
 * ```ts
 * import { checkTaxId } from 'taxrules';
 *
 * // Your server's own register query (VIES, HMRC, the Swiss UID register); here one that confirms every number.
 * const register = async () => true;
 * await checkTaxId('DE', 'DE136695976', register);
 * // { valid: true, country: 'DE', normalized: 'DE136695976', kind: 'eu_vat', online: 'valid' }
 * await checkTaxId('DE', 'DE136695976', async () => {
 *   throw new Error('the register does not answer');
 * });
 * // { valid: null, country: 'DE', normalized: 'DE136695976', kind: 'eu_vat', online: 'unavailable' }
 * ```
 */
export async function checkTaxId(
  country: string | null,
  taxId: string,
  online?: OnlineTaxIdChecker,
): Promise<TaxIdValidation & { online: OnlineTaxIdStatus }> {
  const offline = validateTaxId(country, taxId);
  if (online === undefined || online === null || offline.valid === false) return { ...offline, online: 'not_checked' };
  let answer: unknown;
  try {
    answer = await online({ ...offline } as TaxIdValidation & { valid: true | null });
  } catch {
    return { valid: null, country: offline.country, normalized: offline.normalized, kind: offline.kind, online: 'unavailable' };
  }
  if (answer === true) return { ...offline, valid: true, online: 'valid' };
  if (answer === false) return { ...offline, valid: false, normalized: null, reason: 'rejected_online', online: 'invalid' };
  return { ...offline, online: 'unknown' };
}
