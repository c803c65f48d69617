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

/** `calculate` (v20260309) without throwing. */
export function safeCalculate(request: CalculationRequest, account: SellerAccount, options?: CalculationOptions | null): Result<CalculationResponse>;
export function safeCalculate<R>(request: UncheckedRequest<R>, account: SellerAccount, options?: CalculationOptions | null): Result<CalculationResponse>;
export function safeCalculate(request: unknown, account: SellerAccount, options?: CalculationOptions | null): Result<CalculationResponse> {
  return resultOf(() => calculate(request as CalculationRequest, account, options));
}

/** `calculateTaxRate` (v20241028) without throwing. */
export function safeCalculateTaxRate(query: TaxRateQueryInput, account: SellerAccount, options?: CalculateOptions | null): Result<TaxRateResponse> {
  return resultOf(() => calculateTaxRate(query, account, options));
}

/** `explainTaxRate` without throwing. */
export function safeExplainTaxRate(query: TaxRateQueryInput, account: SellerAccount, options?: CalculateOptions | null): Result<TaxResult> {
  return resultOf(() => explainTaxRate(query, account, options));
}

/** `prepareAccount` without throwing. */
export function safePrepareAccount(account: SellerAccount, rules?: RuleSet | null): Result<PreparedAccount> {
  return resultOf(() => prepareAccount(account, rules));
}
