/**
 * Defects of the first core, each held by a case: stale answers for changed accounts, the
 * import scheme's value limit, permanent establishments, dates before the recorded
 * history, JSON-safe results, notes that keep their full stops, a bounded cache.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calculateTaxRate, explainTaxRate, type TaxRateQuery } from '../../src/adapters/v20241028.js';
import { calculate } from '../../src/adapters/v20260309.js';
import type { Account } from '../../src/adapters/account.js';
import { createCalculator } from '../../src/calculator.js';
import { TaxRulesError } from '../../src/core/errors.js';
import { refused, registeredEverywhere } from '../helpers.js';


describe('an account changed after a call', () => {
  it('is read afresh: emptied registrations are not registrations', () => {
    const account: Account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 826 }] };
    const query: TaxRateQuery = { to_country: 'GB', tax_code: 'saas', date: '2026-06-01' };
    expect(calculateTaxRate(query, account)).toMatchObject({ status: 'taxable', rate: 20 });
    (account.registrations as unknown[]).length = 0;
    expect(calculateTaxRate(query, account)).toMatchObject({ status: 'not_registered', rate: 0 });
    account.registrations = [{ jurisdiction_id: 826, valid_from: '2027-01-01' }];
    expect(calculateTaxRate(query, account)).toMatchObject({ status: 'not_registered', rate: 0 });
    (account.registrations[0] as { valid_from?: string }).valid_from = '2026-01-01';
    expect(calculateTaxRate(query, account)).toMatchObject({ status: 'taxable', rate: 20 });
  });

  it('is read afresh: a changed currency changes the rounding', () => {
    const account: Account = { country: 'CA', postal_code: 'T5J 0N3', currency: 'USD', registrations: [{ jurisdiction_id: 124 }] };
    const query: TaxRateQuery = { to_country: 'CA', to_postal_code: 'T5J 0N3', tax_code: 'saas', amount: '10', date: '2026-06-01' };
    expect(calculateTaxRate(query, account).tax_amount).toBe(0.5);
    account.currency = 'JPY';
    expect(calculateTaxRate(query, account).tax_amount).toBe(1);
  });
});

describe('a polluted Object.prototype', () => {
  it('adds no field to an account or a request: fields left out stay left out', () => {
    const account: Account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 276 }] };
    const request = { customer_address: { country: 'DE' }, currency: 'EUR', tax_date: 1_780_315_200, line_items: [{ reference: 'a', amount: '100.00' }] };
    const quote = { to_country: 'DE', amount: '100', date: '2026-06-01' };
    const before = [calculateTaxRate(quote, { ...account }), calculate(request, { ...account })];
    const proto = Object.prototype as Record<string, unknown>;
    const polluted = { default_tax_code: 'exempt', valid_from: '2099-01-01', tax_behavior: 'inclusive', product_type: 'good', tax_code: 'exempt', state: 'XX', quantity: 0 };
    Object.assign(proto, polluted);
    let after: unknown[];
    try {
      after = [calculateTaxRate(quote, { ...account }), calculate(request, { ...account })];
    } finally {
      for (const k of Object.keys(polluted)) delete proto[k];
    }
    expect(after).toEqual(before);
    expect(before[0]).toMatchObject({ rate: 19, tax_amount: 19, tax_code: 'eservice' });
  });
});

describe('a deeply frozen account', () => {
  it('is answered like the same account unfrozen (it cannot change, so it is not compared again)', () => {
    const plain: Account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 826, valid_from: '2021-01-01' }] };
    const frozen = Object.freeze({ ...plain, registrations: Object.freeze(plain.registrations.map((r) => Object.freeze({ ...r }))) });
    const queries: TaxRateQuery[] = [{ to_country: 'GB', tax_code: 'saas', date: '2026-06-01' }, { to_country: 'GB', date: '2020-06-01' }, { to_country: 'FR', date: '2026-06-01', amount: '10' }];
    for (const q of queries) {
      expect(calculateTaxRate(q, frozen)).toEqual(calculateTaxRate(q, plain));
      expect(calculateTaxRate(q, frozen)).toEqual(calculateTaxRate(q, plain));
    }
  });
});

describe('the EU import scheme (IOSS)', () => {
  const seller: Account = { country: 'US', postal_code: '98101', currency: 'EUR', registrations: [{ jurisdiction_id: 9000, valid_from: '2021-07-01', import_scheme: true }] };
  const goods: TaxRateQuery = { to_country: 'DE', tax_code: 'standard', product_type: 'good', date: '2026-06-01' };

  it('covers consignments up to EUR 150: the seller charges the VAT', () => {
    expect(calculateTaxRate({ ...goods, amount: '100' }, seller)).toMatchObject({ status: 'taxable', rate: 19, tax_amount: 19 });
    expect(calculateTaxRate({ ...goods, amount: '150' }, seller)).toMatchObject({ status: 'taxable', tax_amount: 28.5 });
  });

  it('does not cover a EUR 1,000 consignment: no VAT charged, import VAT at the border', () => {
    const r = explainTaxRate({ ...goods, amount: '1000' }, seller);
    expect(r).toMatchObject({ status: 'non_taxable', reason: 'import_vat_at_border', amounts: { tax: '0.00', total: '1000.00' } });
    expect(r.notes.join(' ')).toMatch(/above EUR 150.*import VAT is due at the border\./);
    expect(calculateTaxRate({ ...goods, amount: '150.01' }, seller)).toMatchObject({ status: 'non_taxable', rate: 0, tax_amount: 0 });
  });

  it('applies the limit to the value net of VAT when prices include it', () => {
    // 170.00 gross at 19 % is 142.86 net: within; 179.00 gross is 150.42 net: above.
    expect(calculateTaxRate({ ...goods, amount: '170', tax_behavior: 'inclusive' }, seller)).toMatchObject({ status: 'taxable', tax_amount: 27.14, subtotal: 142.86 });
    expect(calculateTaxRate({ ...goods, amount: '179', tax_behavior: 'inclusive' }, seller)).toMatchObject({ status: 'non_taxable', tax_amount: 0 });
  });

  it('answers a rate-only quote for consignments within the limit, and says so', () => {
    const r = calculateTaxRate(goods, seller);
    expect(r).toMatchObject({ status: 'taxable', rate: 19 });
    expect(r.notes).toMatch(/up to EUR 150 only/);
  });

  it('needs the value in euros: another currency without a converter is a 422', () => {
    const e = refused(() => calculateTaxRate({ ...goods, amount: '100', currency: 'USD' }, seller));
    expect(e.status).toBe(422);
    const calculator = createCalculator({ convertCurrency: (value) => (Number(value.amount) * 0.9).toFixed(2) });
    expect(calculator.calculateTaxRate({ ...goods, amount: '100', currency: 'USD' }, seller)).toMatchObject({ status: 'taxable', tax_amount: 19 });
    expect(calculator.calculateTaxRate({ ...goods, amount: '200', currency: 'USD' }, seller)).toMatchObject({ status: 'non_taxable', tax_amount: 0 });
  });

  it('takes the goods of a line-item calculation as one consignment', () => {
    const request = (amounts: string[]) => ({
      customer_address: { country: 'DE' },
      currency: 'EUR',
      tax_date: 1_780_315_200,
      line_items: amounts.map((amount, i) => ({ reference: `g${i}`, amount, tax_code: 'standard' as const, product_type: 'good' as const })),
    });
    expect(calculate(request(['60', '70']), seller).total_tax).toBe('24.70');
    expect(calculate(request(['60', '70', '30']), seller).total_tax).toBe('0.00');
  });
});

describe('a permanent establishment', () => {
  it('makes a sale to a business in that country domestic: its VAT is charged, not reverse-charged', () => {
    const query: TaxRateQuery = { to_country: 'DE', tax_code: 'saas', tax_id: 'DE811569869', date: '2026-06-01' };
    const without: Account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 276 }] };
    const established: Account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 276, permanent_establishment: true }] };
    expect(calculateTaxRate(query, without)).toMatchObject({ status: 'reverse_charge', rate: 0 });
    expect(calculateTaxRate(query, established)).toMatchObject({ status: 'taxable', rate: 19, country: 'DE' });
    // Only while the establishment's registration is in force.
    const ended: Account = { ...established, registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 276, permanent_establishment: true, valid_until: '2025-12-31' }] };
    expect(calculateTaxRate(query, ended)).toMatchObject({ status: 'reverse_charge' });
  });
});

describe('a date before the recorded history', () => {
  it('is a 422, not a made-up status', () => {
    const e = refused(() => calculateTaxRate({ to_country: 'IE', tax_code: 'standard', date: '1999-12-31' }, registeredEverywhere()));
    expect(e.status).toBe(422);
    expect(e.message).toMatch(/1999-12-31/);
    // Croatia before it joined the EU (2013-07-01): no regime recorded.
    expect(refused(() => calculateTaxRate({ to_country: 'HR', date: '2013-06-30' }, registeredEverywhere())).status).toBe(422);
  });
});

describe('results', () => {
  it('in the v20241028 number form are exact or refused: 16 digits and more are a 400', () => {
    const account = registeredEverywhere();
    for (const amount of ['90071992547409.93', '1'.repeat(310)]) {
      const e = refused(() => calculateTaxRate({ to_country: 'DE', amount, date: '2026-06-01' }, account));
      expect(e.status).toBe(400);
      expect(e.issues[0]?.path).toEqual(['amount']);
      // The decimal forms answer them.
      expect(explainTaxRate({ to_country: 'DE', amount, date: '2026-06-01' }, account).amounts?.subtotal).toBe(amount.includes('.') ? amount : `${amount}.00`);
    }
    // 15 digits with the VAT still fit.
    expect(calculateTaxRate({ to_country: 'DE', amount: '8000000000000.00', date: '2026-06-01' }, account).total_amount).toBe(9520000000000);
  });

  it('are JSON-safe, whatever the amount', () => {
    for (const amount of ['10', '123456789012345678901234567890.12', '0.01']) {
      const r = explainTaxRate({ to_country: 'CA', to_postal_code: 'H2X1Y4', tax_code: 'standard', amount, date: '2026-06-01' }, registeredEverywhere());
      expect(JSON.parse(JSON.stringify(r))).toEqual(r);
    }
  });

  it('keep the full stop of every note, joined or not', () => {
    const seller: Account = { country: 'US', postal_code: '98101', currency: 'EUR', registrations: [{ jurisdiction_id: 9000, import_scheme: true }] };
    const notes = calculateTaxRate({ to_country: 'DE', tax_code: 'standard', product_type: 'good', amount: '100', date: '2026-06-01' }, seller).notes ?? '';
    expect(notes).toMatch(/border\. Collected/);
    // Every note of every fixture case is a sentence.
    const dir = 'fixtures/v20241028';
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
      const file = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { accounts?: Record<string, Account>; cases: { query: TaxRateQuery; account?: string }[] };
      for (const c of file.cases) {
        const account = c.account && file.accounts ? (file.accounts[c.account] as Account) : registeredEverywhere();
        let r;
        try {
          r = explainTaxRate(c.query, account);
        } catch {
          continue;
        }
        for (const n of r.notes) expect(n, `${f}: ${JSON.stringify(c.query)}`).toMatch(/[.!?]["')\]]*$/);
      }
    }
  });
});

describe('the decision cache', () => {
  it('stays within its bound for many sellers and addresses, and keeps the answers', () => {
    const calculator = createCalculator({ cacheBytes: 512 * 1024 });
    const fresh = createCalculator({ cacheBytes: 0 });
    const sellers: Account[] = Array.from({ length: 20 }, (_, i) => ({ country: 'US', postal_code: '98101', currency: 'USD', registrations: [{ jurisdiction_id: 840053 }, { jurisdiction_id: 840006, valid_from: `20${10 + i}-01-01` }] }));
    for (let k = 0; k < 4000; k++) {
      const zip = String(90001 + ((k * 37) % 6000)).padStart(5, '0');
      const seller = sellers[k % sellers.length] as Account;
      const query: TaxRateQuery = { to_country: 'US', to_postal_code: zip, tax_code: 'standard', product_type: 'good', date: '2026-06-01' };
      let a: unknown;
      let b: unknown;
      try {
        a = calculator.calculateTaxRate(query, seller);
      } catch (e) {
        a = (e as Error).message;
      }
      try {
        b = fresh.calculateTaxRate(query, seller);
      } catch (e) {
        b = (e as Error).message;
      }
      expect(a).toEqual(b);
    }
    const stats = calculator.cacheStats();
    expect(stats.maxBytes).toBe(512 * 1024);
    expect(stats.entries).toBeLessThanOrEqual(stats.maxEntries);
    expect(stats.bytes).toBeLessThanOrEqual(stats.maxBytes);
    expect(stats.hits + stats.misses).toBe(4000);
    expect(createCalculator().cacheStats().maxBytes).toBe(32 * 2 ** 20);
  });
});
