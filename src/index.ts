/**
 * `taxrules`: the calculation API with every rule file, billing documents (both API
 * versions), US economic nexus and the compliance helpers (location evidence, thresholds,
 * registration advice).
 */
export * from './calculation-api.js';
export { ratesAt, rateTable, rateTableCsv, RATE_TABLE_HEADER } from './rates-at.js';
export type { PlaceQuery, PlaceRates, PlaceTax, PlaceRateClass, PlaceUntaxed, RatesAtOptions, RateTableRow } from './rates-at.js';
export { computeTransaction, computeBatch, MAX_BATCH_TRANSACTIONS } from './documents/v20260309/transaction.js';
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
} from './documents/v20260309/transaction.js';
export { nexusStatus, usNexusRules, MAX_NEXUS_SALES } from './us/nexus.js';
export type { NexusQuery, NexusSale, NexusOptions, NexusReport, NexusStateStatus, NexusStatusCode, NexusTest, NexusWindow, UsNexusRules, NexusPeriod, NexusState } from './us/nexus.js';
export { buildDocument } from './documents/v20241028/document.js';
export type { DocumentOptions } from './documents/v20241028/document.js';
export { buildCreditNote } from './documents/v20241028/credit.js';
export type { CreditNoteOptions, DocumentIdentity, Coupon, ProductDefaults } from './documents/v20241028/read.js';
export type { ExchangeRate, ExchangeRateFunction, ExchangeRates } from './core/options.js';
export type { TransactionRequest, TransactionItem, TransactionContact, CreditRequest, CreditPaymentRequest } from './documents/v20241028/request.js';
export { checkDocumentUpdate, voidDocument, INVOICE_UPDATABLE_FIELDS, CREDIT_UPDATABLE_FIELDS } from './documents/v20241028/final.js';
export type { DocumentUpdate } from './documents/v20241028/final.js';
export { taxSummaryReport, TAX_SUMMARY_HEADER } from './documents/v20241028/report.js';
export type { TaxSummaryParameters } from './documents/v20241028/report.js';
export type { BillingDocument, DocumentItem, DocumentTax, DocumentType, DocumentState, PaymentRecord, DocumentContact } from './generated/answer-types.js';
export { creditInvoice, recordCreditPayment, voidCreditNote } from './documents/v20241028/states.js';
export type { CreditPaymentOptions, RecordedCreditPayment, VoidCreditNoteOptions, VoidedCreditNote, CreditedInvoice } from './documents/v20241028/states.js';
export type { ProductTaxType, ProductTaxBase, SaleDocumentType } from './documents/v20241028/read.js';
export { resolveEvidence } from './compliance/evidence.js';
export type { Evidence, EvidenceContext, EvidenceResult, EvidencePiece, EvidenceSource, EvidenceState } from './compliance/evidence.js';
export { phoneCountry, callingCodeSource } from './compliance/phone.js';
export type { PhoneCountry } from './compliance/phone.js';
export { thresholdEvents, thresholdWebhooks, registrationThresholds, MAX_THRESHOLD_SALES } from './compliance/thresholds.js';
export { checkoutWebhook } from './documents/v20241028/checkout.js';
export type { CheckoutWebhook, CheckoutWebhookOptions, CheckoutTransactionDetails, CheckoutContact } from './documents/v20241028/checkout.js';
export type { ThresholdSale, ThresholdOptions, ThresholdEvent, ThresholdWebhook, ThresholdExchangeRate, RegistrationThresholds, RegistrationThreshold, SupplyGroup } from './compliance/thresholds.js';
export { registrationAdvice } from './compliance/advice.js';
export type { RegistrationAdvice, AdviceJurisdiction } from './compliance/advice.js';
