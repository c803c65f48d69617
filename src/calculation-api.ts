/**
 * The calculation API: quotes in both API forms, accounts, jurisdictions and tax codes, tax
 * IDs, errors and the rule set. Every entry that calculates exports it (`taxrules`,
 * `taxrules/eu`); the main entry adds documents and compliance helpers.
 */
export { calculateTaxRate, explainTaxRate, parseTaxRateQuery, prepareAccount, determine, createRuleSet, packRuleData, selectRuleData, checkRuleData, createTaxIdValidator, rulesInfo } from './boundary.js';
export { TAX_RATE_PARAMETERS, TAX_RATE_PARAMETER_KINDS } from './adapters/v20241028.js';
export type {
  TaxRateQuery,
  TaxRateQueryInput,
  TaxRateParameter,
  TaxRateParameterKind,
  TaxRateParameterName,
  TaxRateResponse,
  CalculateOptions,
} from './adapters/v20241028.js';
export type { DecisionOptions, TaxIdVerdictFunction } from './core/options.js';
export type { Account, AccountRegistration, PreparedAccount, SellerAccount } from './adapters/account.js';
export { defineAccount, REGISTRATION_SCHEMES } from './account-builder.js';
export { createRegistration, updateRegistration, REGISTRATION_UPDATABLE_FIELDS } from './registrations.js';
export type { CreatedRegistration, UpdatedRegistration, CreateRegistrationOptions } from './registrations.js';
export type { AccountSpec, RegistrationSpec, RegistrationScheme } from './account-builder.js';
export { listJurisdictions, getJurisdiction, listTaxCodes, getTaxCode } from './catalog.js';
export type { Jurisdiction, JurisdictionFilter, TaxCode } from './catalog.js';
export { createCalculator } from './calculator.js';
export type { Calculator, CalculatorOptions } from './calculator.js';
export { safeCalculate, safeCalculateTaxRate, safeExplainTaxRate, safePrepareAccount } from './safe.js';
export type { Result } from './safe.js';
export type { DecisionCacheStats } from './core/decision-cache.js';
export type { CurrencyConverter } from './core/situation.js';
export type { RuleSet, PackedRuleData } from './core/ruleset.js';
export type { RulesInfo } from './core/rules-info.js';
export type { RuleSelection } from './core/rule-subset.js';
export type { RuleData } from './core/rule-data.js';
export type { RuleProblem } from './core/rule-checks.js';
export { TaxRulesError } from './core/errors.js';
export type { TaxRulesIssue, TaxRulesIssueCode, TaxRulesErrorCode, TaxRulesErrorStatus } from './core/errors.js';
export { validateTaxId, taxIdModules, verdictOf, offlineTaxIdVerdict, checkTaxId } from './taxid/index.js';
export type { TaxIdValidation, TaxIdReason, TaxIdModule, TaxIdCheck, TaxIdValidator, OnlineTaxIdChecker } from './taxid/index.js';
export { defaultRuleSet } from './default-rules.js';
export type * from './core/types.js';
export { calculate, MAX_LINE_ITEMS, MAX_TAX_DATE } from './adapters/v20260309.js';
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
  UncheckedRequest,
} from './adapters/v20260309.js';
export { negotiateVersion, API_VERSIONS } from './adapters/version.js';
export type { ApiVersion } from './adapters/version.js';
