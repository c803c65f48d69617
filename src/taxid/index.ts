import type { TaxIdVerdict } from '../core/types.js';
import { defaultRuleSet } from '../default-rules.js';
import { taxIdModules } from './countries/index.js';
import type { TaxIdValidation } from './types.js';
import { createTaxIdValidator } from './validate.js';

export type { TaxIdCheck, TaxIdModule, TaxIdReason, TaxIdValidation } from './types.js';
export { createTaxIdValidator, type TaxIdValidator } from './validate.js';
export { taxIdModules };

/**
 * Validates a tax ID offline: format and check digit by the issuing country's published
 * algorithm. `country` is the customer's country (ISO code; `EL`, `XI`, `EU` accepted) or
 * `null`; a prefix written on a VAT number (`DE…`, `EL…`, `XI…`, `EU…`, `CHE…`) decides
 * whose rules apply. Never throws for any string input.
 *
 * @example validateTaxId('DE', 'DE 136 695 976') // { valid: true, country: 'DE', normalized: 'DE136695976', kind: 'eu_vat' }
 */
export const validateTaxId = createTaxIdValidator(taxIdModules, defaultRuleSet.world.keys());

/** The core's three-way verdict for a validation. */
export function verdictOf(v: TaxIdValidation): TaxIdVerdict {
  return v.valid === true ? 'valid' : v.valid === false ? 'invalid' : 'unknown';
}

/** The default verdict of the calculation adapters: offline validation by {@link validateTaxId}. */
export function offlineTaxIdVerdict(country: string, taxId: string): TaxIdVerdict {
  return verdictOf(validateTaxId(country, taxId));
}

/** An online check (such as VIES, HMRC or the Swiss UID register) run by a server, never by taxrules. */
export type OnlineTaxIdChecker = (validation: TaxIdValidation & { valid: true | null }) => Promise<boolean | null>;

/**
 * Offline validation, then — for numbers that pass or that have no offline rule — the
 * server's own online checker. The result feeds a calculation through
 * `options.taxIdVerdict: () => verdictOf(result)`. A failing online check (the promise
 * rejects) leaves the offline verdict standing, with `online: 'unavailable'`.
 */
export async function checkTaxId(
  country: string | null,
  taxId: string,
  online?: OnlineTaxIdChecker,
): Promise<TaxIdValidation & { online: 'valid' | 'invalid' | 'unknown' | 'unavailable' | 'not_checked' }> {
  const offline = validateTaxId(country, taxId);
  if (!online || offline.valid === false) return { ...offline, online: 'not_checked' };
  try {
    const answer = await online(offline as TaxIdValidation & { valid: true | null });
    if (answer === null) return { ...offline, online: 'unknown' };
    return answer ? { ...offline, valid: true, online: 'valid' } : { ...offline, valid: false, normalized: null, reason: 'rejected_online', online: 'invalid' };
  } catch {
    return { ...offline, online: 'unavailable' };
  }
}
