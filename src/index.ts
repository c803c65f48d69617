export { calculateTaxRate, explainTaxRate, parseTaxRateQuery, prepareAccount, determine, createRuleSet, packRuleData, checkRuleData, createTaxIdValidator } from './boundary.js';
export { TAX_RATE_PARAMETERS, TAX_RATE_PARAMETER_KINDS } from './adapters/v20241028.js';
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
export type { Account, AccountRegistration, PreparedAccount } from './adapters/account.js';
export { defineAccount, REGISTRATION_SCHEMES } from './account-builder.js';
export type { AccountSpec, RegistrationSpec, RegistrationScheme } from './account-builder.js';
export { listJurisdictions, getJurisdiction, listTaxCodes, getTaxCode } from './catalog.js';
export type { Jurisdiction, JurisdictionFilter, TaxCode } from './catalog.js';
export { createCalculator } from './calculator.js';
export type { Calculator, CalculatorOptions } from './calculator.js';
export { safeCalculate, safeCalculateTaxRate, safeExplainTaxRate, safePrepareAccount } from './safe.js';
export type { Result } from './safe.js';
export type { DecisionCacheStats } from './core/decision-cache.js';
export type { CurrencyConverter } from './core/decide.js';
export type { RuleSet, PackedRuleData } from './core/ruleset.js';
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
export { computeTransaction, computeBatch, MAX_BATCH_TRANSACTIONS } from './documents/v20260309.js';
export type {
  TaxTransaction,
  TaxTransactionBatch,
  TaxTransactionOptions,
  TaxTransactionBatchOptions,
  TaxTransactionRequest,
  TaxTransactionBatchRequest,
  TaxTransactionBatchEntry,
  TaxTransactionCustomer,
  TaxTransactionCustomerResult,
  TaxTransactionItem,
  TaxTransactionType,
  TaxTransactionExchangeRate,
  TaxDiscrepancy,
  SupplyType,
  SourceKey,
} from './documents/v20260309.js';
export { negotiateVersion, API_VERSIONS } from './adapters/version.js';
export type { ApiVersion } from './adapters/version.js';
export { nexusStatus, usNexusRules, MAX_NEXUS_SALES } from './us/nexus.js';
export type { NexusQuery, NexusSale, NexusOptions, NexusReport, NexusStateStatus, NexusStatusCode, NexusTest, NexusWindow, UsNexusRules, NexusPeriod, NexusState } from './us/nexus.js';
export { buildDocument } from './documents/v20241028.js';
export type { DocumentOptions } from './documents/v20241028.js';
export { buildCreditNote } from './documents/credit.js';
export type { CreditNoteOptions, DocumentIdentity, Coupon, ProductDefaults } from './documents/read.js';
export type { ExchangeRate } from './documents/exchange.js';
export type { TransactionRequest, TransactionItem, TransactionContact, CreditRequest } from './documents/request.js';
export { checkDocumentUpdate, voidDocument, INVOICE_UPDATABLE_FIELDS, CREDIT_UPDATABLE_FIELDS } from './documents/final.js';
export type { DocumentUpdate } from './documents/final.js';
export { taxSummaryReport, TAX_SUMMARY_HEADER } from './documents/report.js';
export type { TaxSummaryParameters } from './documents/report.js';
export type { BillingDocument, DocumentItem, DocumentTax, DocumentType, DocumentState, PaymentRecord, DocumentContact } from './documents/types.js';
export { resolveEvidence } from './compliance/evidence.js';
export type { Evidence, EvidenceContext, EvidenceResult, EvidencePiece, EvidenceSource, EvidenceState } from './compliance/evidence.js';
export { phoneCountry, callingCodeSource } from './compliance/phone.js';
export type { PhoneCountry } from './compliance/phone.js';
export { thresholdEvents, registrationThresholds, MAX_THRESHOLD_SALES } from './compliance/thresholds.js';
export type { ThresholdSale, ThresholdOptions, ThresholdEvent, ThresholdExchangeRate, RegistrationThresholds, RegistrationThreshold, SupplyGroup } from './compliance/thresholds.js';
export { registrationAdvice } from './compliance/advice.js';
export type { RegistrationAdvice, AdviceJurisdiction } from './compliance/advice.js';
