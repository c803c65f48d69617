import type { Account } from '../adapters/account.js';
import type { RuleSet } from '../core/ruleset.js';

/**
 * A demonstration seller established in Ireland and registered in every jurisdiction of
 * the rule set (including the EU OSS), so that every quote shows the rate that would apply.
 */
export function demoAccount(rules: RuleSet): Account {
  return {
    country: 'IE',
    postal_code: 'D02X285',
    currency: 'EUR',
    default_tax_code: 'eservice',
    default_product_type: 'service',
    registrations: [...rules.jurisdictions.keys()].sort((a, b) => a - b).map((id) => ({ jurisdiction_id: id })),
  };
}
