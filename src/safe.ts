/**
 * The entry points that never throw, in the spirit of zod's `safeParse`: each answers a
 * `Result`, `{ ok: true, value }` or `{ ok: false, error }` with the TaxRulesError the
 * throwing form would have thrown. (`validateTaxId` never throws: it has no safe form.)
 */
import type { TaxResult } from './core/types.js';
import type { RuleSet } from './core/ruleset.js';
import type { TaxRulesError } from './core/errors.js';
import type { Account, PreparedAccount, SellerAccount } from './adapters/account.js';
import { unreadable } from './adapters/read.js';
import type { CalculateOptions, TaxRateResponse } from './adapters/v20241028.js';
import { calculate, type CalculationOptions, type CalculationRequest, type CalculationResponse, type UncheckedRequest } from './adapters/v20260309.js';
import { calculateTaxRate, explainTaxRate, prepareAccount } from './boundary.js';
import type { TaxRateQueryInput } from './adapters/v20241028.js';

/** What a safe entry point answers: the value, or the TaxRulesError that refused the input. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: TaxRulesError };

/** The Result of a call: its value, or the error it threw (a TaxRulesError, as every entry point throws only those). */
export function resultOf<T>(call: () => T): Result<T> {
  try {
    return { ok: true, value: call() };
  } catch (e) {
    return { ok: false, error: unreadable(e, []) };
  }
}

/**
 * `calculate` (v20260309) without throwing.
 *
 * @example
 * ```ts
 * import { defineAccount, safeCalculate } from 'taxrules';
 *
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss', valid_from: '2021-07-01' }] });
 * // A request body as a server receives it: its type unknown until it is checked.
 * const body: unknown = JSON.parse('{"customer_address":{"country":"NL"},"tax_date":1780000000,"line_items":[]}');
 * const result = safeCalculate(body, seller);
 * const answer = result.ok ? { total: result.value.total } : { status: result.error.status, message: result.error.message };
 * // { status: 400, message: 'line_items: needs at least one line item' }
 * ```
 */
export function safeCalculate(request: CalculationRequest, account: SellerAccount, options?: CalculationOptions | null): Result<CalculationResponse>;
export function safeCalculate<R>(request: UncheckedRequest<R>, account: SellerAccount, options?: CalculationOptions | null): Result<CalculationResponse>;
export function safeCalculate(request: unknown, account: SellerAccount, options?: CalculationOptions | null): Result<CalculationResponse> {
  return resultOf(() => calculate(request as CalculationRequest, account, options));
}

/**
 * `calculateTaxRate` (v20241028) without throwing.
 *
 * @example
 * ```ts
 * import { defineAccount, safeCalculateTaxRate } from 'taxrules';
 *
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss', valid_from: '2021-07-01' }] });
 * safeCalculateTaxRate({ to_country: 'NL', tax_code: 'saas', amount: '100', date: '2026-06-01' }, seller);
 * // { ok: true, value: { rate: 21, tax_amount: 21, … } }
 * const result = safeCalculateTaxRate({ to_country: 'NL', tax_code: 'sass', date: '2026-06-01' }, seller);
 * const answer = result.ok ? { rate: result.value.rate } : { status: result.error.status, field: result.error.field };
 * // { status: 406, field: 'tax_code' }
 * ```
 */
export function safeCalculateTaxRate(query: TaxRateQueryInput, account: SellerAccount, options?: CalculateOptions | null): Result<TaxRateResponse> {
  return resultOf(() => calculateTaxRate(query, account, options));
}

/**
 * `explainTaxRate` without throwing.
 *
 * @example
 * ```ts
 * import { defineAccount, safeExplainTaxRate } from 'taxrules';
 *
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss', valid_from: '2021-07-01' }] });
 * safeExplainTaxRate({ to_country: 'NL', tax_code: 'saas', date: '2026-06-01' }, seller);
 * // { ok: true, value: { status: 'taxable', reason: 'standard_rated', … } }
 * const result = safeExplainTaxRate({ to_country: 'NL', tax_code: 'saas', date: '2026-02-30' }, seller);
 * const answer = result.ok ? { reason: result.value.reason } : { status: result.error.status, field: result.error.field };
 * // { status: 400, field: 'date' }
 * ```
 */
export function safeExplainTaxRate(query: TaxRateQueryInput, account: SellerAccount, options?: CalculateOptions | null): Result<TaxResult> {
  return resultOf(() => explainTaxRate(query, account, options));
}

/**
 * `prepareAccount` without throwing.
 *
 * @example
 * ```ts
 * import { safePrepareAccount } from 'taxrules';
 *
 * const result = safePrepareAccount({ country: 'IE', currency: 'EURO', registrations: [{ jurisdiction_id: 372 }] });
 * const problems = result.ok ? [] : result.error.issues;
 * // [{ path: ['account', 'currency'], code: 'malformed', message: 'account.currency: must be a 3-letter ISO 4217 code' }]
 * ```
 */
export function safePrepareAccount(account: SellerAccount, rules?: RuleSet | null): Result<PreparedAccount> {
  return resultOf(() => prepareAccount(account, rules));
}
