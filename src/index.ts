export { calculateTaxRate, explainTaxRate, parseTaxRateQuery, TAX_RATE_PARAMETERS, TAX_RATE_PARAMETER_KINDS } from './adapters/v20241028.js';
export type {
  TaxRateQuery,
  TaxRateQueryInput,
  TaxRateParameter,
  TaxRateParameterKind,
  TaxRateParameterName,
  TaxRateResponse,
  CalculateOptions,
  TaxIdVerdictFunction,
} from './adapters/v20241028.js';
export { prepareAccount } from './adapters/engine.js';
export type { Account, AccountRegistration, PreparedAccount } from './adapters/account.js';
export { listJurisdictions, getJurisdiction, listTaxCodes, getTaxCode } from './catalog.js';
export type { Jurisdiction, TaxCode } from './catalog.js';
export { determine } from './core/determine.js';
export { createCalculator } from './calculator.js';
export type { Calculator, CalculatorOptions } from './calculator.js';
export type { DecisionCacheStats } from './core/decision-cache.js';
export type { CurrencyConverter } from './core/decide.js';
export { createRuleSet } from './core/ruleset.js';
export { packRuleData } from './core/pack.js';
export type { RuleSet, PackedRuleData } from './core/ruleset.js';
export type { RuleData } from './core/rule-data.js';
export { checkRuleData } from './core/rule-checks.js';
export type { RuleProblem } from './core/rule-checks.js';
export { TaxRulesError } from './core/errors.js';
export type { TaxRulesIssue, TaxRulesErrorStatus } from './core/errors.js';
export { validateTaxId, createTaxIdValidator, taxIdModules, verdictOf, offlineTaxIdVerdict, checkTaxId } from './taxid/index.js';
export type { TaxIdValidation, TaxIdReason, TaxIdModule, TaxIdCheck, TaxIdValidator, OnlineTaxIdChecker } from './taxid/index.js';
export { defaultRuleSet } from './default-rules.js';
export type * from './core/types.js';
export { calculate, MAX_LINE_ITEMS } from './adapters/v20260309.js';
export type {
  CalculationRequest,
  CalculationResponse,
  CalculationOptions,
  CalculationAddress,
  CalculationLineItem,
  CalculationLineResult,
  CalculationJurisdiction,
  LineTax,
  TaxBreakdownEntry,
  TaxContext,
} from './adapters/v20260309.js';
export { negotiateVersion, API_VERSIONS } from './adapters/version.js';
export type { ApiVersion } from './adapters/version.js';
