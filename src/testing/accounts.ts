/**
 * What the testing entries share without fast-check: the tax codes and an account registered
 * everywhere (the diff's seller, and the invariants' default one).
 */
import type { Account } from '../adapters/account.js';
import type { RuleSet } from '../core/ruleset.js';
import type { TaxCodeId } from '../core/types.js';
import { packagedRuleSet } from '../default-rules.js';
import { TAX_CODES as ALL_TAX_CODES } from '../generated/tax-codes.js';
import { ruleSetArg } from '../adapters/read.js';

/** The tax codes, as the kit draws them. */
export const TAX_CODES: readonly TaxCodeId[] = ALL_TAX_CODES;

/**
 * An account registered in every jurisdiction one registers in (a seller in Ireland), so that every quote shows the rate that would apply.
 *
 * @example
 * ```ts
 * import { calculateTaxRate } from 'taxrules';
 * import { registeredEverywhere } from 'taxrules/testing';
 *
 * // Every quote shows the tax that applies, wherever the customer is.
 * calculateTaxRate({ to_country: 'JP', tax_code: 'saas', amount: '100', currency: 'JPY', date: '2026-06-01' }, registeredEverywhere());
 * // { name: 'Consumption tax', rate: 10, tax_amount: 10, status: 'taxable', … }
 * ```
 */
export function registeredEverywhere(rules: RuleSet = packagedRuleSet): Account {
  rules = ruleSetArg(rules);
  const ids = [...rules.jurisdictions.values()].filter((j) => j.level !== 'county' && j.level !== 'city' && j.level !== 'district').map((j) => j.id);
  return { country: 'IE', postal_code: 'D02X285', currency: 'EUR', registrations: ids.sort((a, b) => a - b).map((jurisdiction_id) => ({ jurisdiction_id })) };
}
