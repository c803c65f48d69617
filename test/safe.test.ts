import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  calculate,
  calculateTaxRate,
  createCalculator,
  explainTaxRate,
  prepareAccount,
  safeCalculate,
  safeCalculateTaxRate,
  safeExplainTaxRate,
  safePrepareAccount,
  TaxRulesError,
  type CalculationResponse,
  type Result,
} from '../src/index.js';
import { refused } from './helpers.js';

const account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }] };
const request = { customer_address: { country: 'DE' }, tax_date: Date.UTC(2026, 5, 1) / 1000, line_items: [{ reference: 'a', amount: '100.00' }] };
const query = { to_country: 'DE', date: '2026-06-01', amount: '100' };
const typo = { ...account, registrations: [{ jurisdiction_id: 276, valid_form: '2030-01-01' }] } as never;

describe('the safe entry points', () => {
  it('answer { ok: true, value } with what the throwing form returns', () => {
    expect(safeCalculate(request, account)).toEqual({ ok: true, value: calculate(request, account) });
    expect(safeCalculateTaxRate(query, account)).toEqual({ ok: true, value: calculateTaxRate(query, account) });
    expect(safeExplainTaxRate(query, account)).toEqual({ ok: true, value: explainTaxRate(query, account) });
    expect(safePrepareAccount(account)).toEqual({ ok: true, value: prepareAccount(account) });
  });

  it('answer { ok: false, error } with the TaxRulesError the throwing form throws, and never throw', () => {
    const cases: [() => Result<unknown>, () => unknown][] = [
      [() => safeCalculate(request, typo), () => calculate(request, typo)],
      [() => safeCalculate({ ...request, tax_date: 8_640_000_086_400 }, account), () => calculate({ ...request, tax_date: 8_640_000_086_400 }, account)],
      [() => safeCalculateTaxRate({ to_country: 'ZZ' }, account), () => calculateTaxRate({ to_country: 'ZZ' }, account)],
      [() => safeExplainTaxRate(query, account, 5 as never), () => explainTaxRate(query, account, 5 as never)],
      [() => safePrepareAccount(typo), () => prepareAccount(typo)],
      [() => safePrepareAccount(new Proxy(account, { ownKeys: () => {
        throw new Error('trap');
      } })), () => prepareAccount(new Proxy(account, { ownKeys: () => {
        throw new Error('trap');
      } }))],
    ];
    for (const [safe, throwing] of cases) {
      const result = safe();
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.error).toBeInstanceOf(TaxRulesError);
      expect(result.error.toJSON()).toEqual(refused(throwing).toJSON());
    }
  });

  it('are methods of a calculator too, through its caches', () => {
    const calculator = createCalculator({ cacheBytes: 2 ** 20 });
    const ok = calculator.safeCalculate(request, account);
    expect(ok).toEqual({ ok: true, value: calculate(request, account) });
    expect(calculator.cacheStats().misses).toBeGreaterThan(0);
    expect(calculator.safeCalculateTaxRate(query, account)).toEqual({ ok: true, value: calculateTaxRate(query, account) });
    expect(calculator.safeExplainTaxRate(query, account)).toEqual({ ok: true, value: explainTaxRate(query, account) });
    expect(calculator.safePrepareAccount(account)).toEqual({ ok: true, value: prepareAccount(account) });
    for (const result of [calculator.safeCalculate(request, typo), calculator.safeCalculateTaxRate(query, typo), calculator.safeExplainTaxRate(query, account, 'x' as never), calculator.safePrepareAccount(typo)]) {
      expect(result.ok).toBe(false);
      expect(!result.ok && result.error.status).toBe(400);
    }
  });

  it('narrow on ok: the value on one side, the TaxRulesError on the other', () => {
    const result = safeCalculate(request, account);
    expectTypeOf(result).toEqualTypeOf<Result<CalculationResponse>>();
    if (result.ok) expectTypeOf(result.value).toEqualTypeOf<CalculationResponse>();
    else expectTypeOf(result.error).toEqualTypeOf<TaxRulesError>();
  });
});
