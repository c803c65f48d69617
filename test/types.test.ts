/**
 * Types that catch mistakes: what does not compile here is a mistake the compiler reports
 * (`npm test` runs `tsc --noEmit` over the tests: an unused `@ts-expect-error` fails it).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  calculate,
  createCalculator,
  safeCalculate,
  TaxRulesError,
  type Account,
  type AccountRegistration,
  type CalculationRequest,
  type CalculationResponse,
  type CustomerType,
  type JurisdictionLevel,
  type ProductType,
  type TaxBehavior,
  type TaxCodeId,
  type TaxReason,
  type TaxRulesErrorCode,
  type TaxRulesIssueCode,
  type TaxStatus,
} from '../src/index.js';

const account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }] } as const;
const request = { customer_address: { country: 'DE' }, tax_date: 1_780_315_200, line_items: [{ reference: 'a', amount: '100.00', tax_code: 'ebook' }] } as const;

describe('the types of calculate', () => {
  it('take read-only input: an `as const` request and account, a frozen list of registrations', () => {
    const registrations: readonly AccountRegistration[] = Object.freeze([{ jurisdiction_id: 276 }]);
    const seller: Account = { country: 'IE', currency: 'EUR', registrations };
    expect(calculate(request, account).total_tax).toBe('7.00');
    expect(calculate(request, seller).total_tax).toBe('7.00');
    expectTypeOf(request).toMatchTypeOf<CalculationRequest>();
    expectTypeOf(account).toMatchTypeOf<Account>();
  });

  it('take a value of type unknown (a parsed JSON body), checked at run time', () => {
    const body: unknown = JSON.parse(JSON.stringify(request));
    expect(calculate(body, account).total_tax).toBe('7.00');
    expect(createCalculator().calculate(body, account).total_tax).toBe('7.00');
    expect(safeCalculate(body, account).ok).toBe(true);
  });

  it('refuse, at compile time, what is not a request', () => {
    const refusedAtRunTime = (f: () => unknown): boolean => {
      try {
        f();
        return false;
      } catch (e) {
        return e instanceof TaxRulesError;
      }
    };
    // @ts-expect-error a number is not a request
    expect(refusedAtRunTime(() => calculate(42, account))).toBe(true);
    // @ts-expect-error a number is not a request, for a calculator either
    expect(refusedAtRunTime(() => createCalculator().calculate(42, account))).toBe(true);
    // @ts-expect-error nor for the safe form
    expect(safeCalculate('request', account).ok).toBe(false);
    // @ts-expect-error a misspelt field of a line
    expect(refusedAtRunTime(() => calculate({ customer_address: { country: 'DE' }, line_items: [{ reference: 'a', amount: '1', taxcode: 'ebook' }] }, account))).toBe(true);
    // @ts-expect-error a tax code that is not one
    expect(refusedAtRunTime(() => calculate({ customer_address: { country: 'DE' }, line_items: [{ reference: 'a', amount: '1', tax_code: 'bookz' }] }, account))).toBe(true);
    // @ts-expect-error a registration with a misspelt field
    expect(refusedAtRunTime(() => calculate(request, { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276, valid_form: '2030-01-01' }] }))).toBe(true);
    const widened: Record<string, unknown> = { ...request };
    // @ts-expect-error an object of any type but unknown must be a request
    expect(calculate(widened, account).total_tax).toBe('7.00');
  });
});

describe('the types of a result and of an error', () => {
  it('are unions of the values they take, not strings', () => {
    type Line = CalculationResponse['line_items'][number];
    type Tax = Line['taxes'][number];
    type Entry = CalculationResponse['tax_breakdown'][number];
    expectTypeOf<Line['tax_code']>().toEqualTypeOf<TaxCodeId>();
    expectTypeOf<Line['product_type']>().toEqualTypeOf<ProductType>();
    expectTypeOf<Line['tax_behavior']>().toEqualTypeOf<TaxBehavior>();
    expectTypeOf<CalculationResponse['tax_behavior']>().toEqualTypeOf<TaxBehavior>();
    expectTypeOf<Tax['status']>().toEqualTypeOf<TaxStatus>();
    expectTypeOf<Tax['reason']>().toEqualTypeOf<TaxReason>();
    expectTypeOf<Entry['status']>().toEqualTypeOf<TaxStatus>();
    expectTypeOf<Entry['reason']>().toEqualTypeOf<TaxReason>();
    expectTypeOf<Tax['jurisdiction']['level']>().toEqualTypeOf<JurisdictionLevel>();
    expectTypeOf<CalculationResponse['tax_context']['customer_type']>().toEqualTypeOf<CustomerType>();
    expectTypeOf<NonNullable<CalculationRequest['line_items'][number]['tax_code']>>().toEqualTypeOf<TaxCodeId>();
    expectTypeOf<NonNullable<Account['default_product_type']>>().toEqualTypeOf<ProductType>();
    expectTypeOf<TaxRulesError['code']>().toEqualTypeOf<TaxRulesErrorCode>();
    expectTypeOf<TaxRulesError['issues'][number]['code']>().toEqualTypeOf<TaxRulesIssueCode>();
  });
});
