/** One casing rule for currency codes in every entry: read in either case, answered in capitals. */
import { describe, expect, it } from 'vitest';
import { buildDocument, calculate, calculateTaxRate, computeBatch, computeTransaction } from '../src/index.js';
import { registeredEverywhere } from './helpers.js';

const account = registeredEverywhere();
const usd = { ...registeredEverywhere(), currency: 'USD' };
const de = { address: { country: 'DE' } };
const sale = (currency: string) => ({ source_id: 'ch_1', date: '2026-06-01', currency, customer: de, items: [{ reference: 'a', amount: '119.00', tax_code: 'saas' as const }] });

describe('a currency code in lower or mixed case', () => {
  it('is read as its capitals by quotes, calculations, transactions, batches and documents', () => {
    expect(calculateTaxRate({ to_country: 'DE', tax_code: 'saas', amount: '100', currency: 'eur', date: '2026-06-01' }, account).tax_amount).toBe(19);
    expect(calculate({ currency: 'eur', tax_date: 1_780_315_200, customer_address: { country: 'DE' }, line_items: [{ reference: 'a', amount: '100', tax_code: 'saas' }] }, account).currency).toBe('EUR');
    const lower = computeTransaction(sale('eur'), account);
    expect(lower.currency).toBe('EUR');
    expect(lower).toEqual(computeTransaction(sale('EUR'), account));
    expect(computeTransaction(sale('Eur'), account).currency).toBe('EUR');
    expect(computeBatch({ transactions: [sale('eur')] }, account).transactions[0]?.currency).toBe('EUR');
    const invoice = buildDocument({ date: '2026-06-01', currency: 'eur', customer: { first_name: 'Lea', country: 'DE' }, items: [{ description: 'Plan', amount: 100, tax: { country: 'DE', tax_code: 'saas' } }], payment: { method: 'credit_card' } } as never, account, { id: 1, number: 'INV-1', createdAt: 1_780_315_200 });
    expect(invoice.currency).toBe('EUR');
  });

  it('is read so in an exchange-rate table too', () => {
    const t = computeTransaction(sale('EUR'), usd, { exchangeRates: [{ currency: 'eur', date: '2026-06-01', rate: '1.25' }] });
    expect(t.exchange_rate?.rate).toBe('1.25');
  });

  it('is still refused when it is no code: not three letters', () => {
    for (const currency of ['eu', 'euro', 'e1r', 'ÉUR']) expect(() => computeTransaction(sale(currency), account), currency).toThrow();
  });
});
