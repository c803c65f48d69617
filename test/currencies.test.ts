import { describe, expect, it } from 'vitest';
import { calculateTaxRate } from '../src/adapters/v20241028.js';
import { calculate } from '../src/adapters/v20260309.js';
import { prepareAccount } from '../src/adapters/engine.js';
import { defaultRuleSet } from '../src/default-rules.js';
import { refused, registeredEverywhere } from './helpers.js';

// ISO 4217 list one: the fund codes it marks as funds, and the X-codes that are no money a
// sale is priced in (precious metals, SDR, bond-market units, units of account, testing, none).
const NOT_TENDER = ['XXX', 'XTS', 'XAU', 'XAG', 'XPT', 'XPD', 'XDR', 'BOV', 'CLF', 'COU', 'MXV', 'USN', 'UYI', 'CHE', 'CHW', 'XBA', 'XBB', 'XBC', 'XBD', 'XSU', 'XUA'];
const account = registeredEverywhere();

describe('currencies a sale can be in', () => {
  it('leaves funds, metals, testing and no-currency codes out of the rule set’s currencies, and lists them apart', () => {
    for (const code of NOT_TENDER) {
      expect(defaultRuleSet.currencies.has(code), code).toBe(false);
      expect(defaultRuleSet.nonTenderCurrencies.has(code), code).toBe(true);
    }
    // Real currencies keep their minor units, the CFA and CFP francs and the East Caribbean dollar among them.
    for (const [code, units] of [['EUR', 2], ['JPY', 0], ['KWD', 3], ['XOF', 0], ['XAF', 0], ['XPF', 0], ['XCD', 2], ['CHF', 2], ['CLP', 0], ['MXN', 2]] as const) {
      expect(defaultRuleSet.currencies.get(code), code).toBe(units);
    }
  });

  it('v20241028 refuses them (406), naming what ISO 4217 lists them as', () => {
    for (const code of NOT_TENDER) {
      const e = refused(() => calculateTaxRate({ to_country: 'DE', amount: '100', currency: code.toLowerCase(), date: '2026-06-01' }, account));
      expect(e.status, code).toBe(406);
      expect(e.issues).toEqual([{ path: ['currency'], code: 'invalid_value', message: expect.stringContaining(`currency ${code} (`) }]);
      expect(e.issues[0]?.message).toMatch(/is not a currency a sale can be in/);
    }
    expect(refused(() => calculateTaxRate({ to_country: 'DE', currency: 'QQQ' }, account)).issues[0]?.message).toBe('currency QQQ is not an ISO 4217 currency code');
  });

  it('v20260309 refuses them too (406 on currency)', () => {
    for (const code of NOT_TENDER) {
      const e = refused(() => calculate({ currency: code, customer_address: { country: 'DE' }, line_items: [{ reference: 'a', amount: '100' }] }, account));
      expect(e.status, code).toBe(406);
      expect(e.issues.map((i) => i.path.join('.'))).toEqual(['currency']);
    }
  });

  it('an account cannot be kept in one either', () => {
    expect(refused(() => prepareAccount({ ...account, currency: 'XAU' })).issues.map((i) => i.path.join('.'))).toEqual(['account.currency']);
  });
});
