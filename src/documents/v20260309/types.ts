/**
 * The v20260309 transaction's options, and what the steps of its computation hand each other
 * (the request as read, the figures of a taxed transaction). The answer's types are generated
 * from its schema (`answerSchemas` of schemas.ts) into src/generated/answer-types.ts.
 */
import type { SellerAccount } from '../../adapters/account.js';
import type { Engine } from '../../adapters/engine.js';
import type { TaxTransactionRequestOutput, TaxTransactionType } from './schemas.js';
import type { DecisionOptions, ExchangeRate, ExchangeRateFunction, ExchangeRates } from '../../core/options.js';
import type { TaxTransaction } from '../../generated/answer-types.js';

export type { TaxTransaction, TaxTransactionBatch, TaxTransactionCustomerResult } from '../../generated/answer-types.js';

/** A source id as the spec makes it unique: per source and transaction type. */
export interface SourceKey {
  source: string;
  transaction_type: TaxTransactionType;
  source_id: string;
}

/** Options of `computeBatch`. */
export interface TaxTransactionBatchOptions extends DecisionOptions {
  /** The source ids already taken, as a list or a lookup: a transaction whose id is taken is refused (422). */
  usedSourceIds?: readonly SourceKey[] | ((key: SourceKey) => boolean);
  /**
   * Dated exchange rates, units of the account's currency per unit of another (e.g. a central
   * bank's reference rates): `{ currency, date, rate }` or `{ currency, from, until, rate }`.
   * A transaction in another currency than the account's is converted at its date's rate; a
   * table without one is a 422. Or a function asked for each rate, `(currency, date,
   * accountCurrency) => rate` (the ECB's reference rates: `ecbRates` of `taxrules/ecb`).
   */
  exchangeRates?: ExchangeRates;
}

/** Options of `computeTransaction`. */
export interface TaxTransactionOptions extends TaxTransactionBatchOptions {
  /** For a refund: the sale it names, as `computeTransaction` answered it. */
  original?: TaxTransaction;
  /** For a refund: the refunds already made of that sale (what is left of the sale is what they leave). */
  earlierRefunds?: readonly TaxTransaction[];
  /** One exchange rate for this transaction, units of the account's currency per unit of the transaction's (a number or a decimal string). */
  exchangeRate?: number | string;
}

/** A transaction request as checked (a single transaction's, or a batch's with its total): own fields only (every field, undefined when absent), defaults not yet applied. */
export type Parsed = TaxTransactionRequestOutput & {
  total?: string | undefined;
  /** The date's day number (days from 1970-01-01), read with it. */
  day: number;
};

export type Path = (string | number)[];

/** A transaction's totals in minor units (signed as its figures), carried beside its text. */
export interface Sums {
  readonly subtotal: bigint;
  readonly tax: bigint;
  readonly total: bigint;
}

/** A transaction taxed, with its totals as numbers. */
export interface Taxed {
  readonly t: TaxTransaction;
  readonly sums: Sums;
}

/** What the checks of one transaction read besides the request. */
export interface Context {
  account: SellerAccount;
  options: TaxTransactionOptions;
  engine: Engine;
  used: ((key: SourceKey) => boolean) | null;
  /** The options' table of exchange rates, checked. */
  rates: ExchangeRate[] | ExchangeRateFunction | undefined;
  /** Batch transactions: sales with tax-inclusive amounts. */
  batch: boolean;
}

/** A refund's sale and the refunds made of it before, as the options hand them over, with their totals read in minor units. */
export interface Stored {
  sale: TaxTransaction;
  earlier: TaxTransaction[];
  /** What is left of the sale's tax after the earlier refunds (their tax as stored, given or calculated), signed as the sale's. */
  taxLeft: bigint;
  /** The magnitudes of the sale's total and tax the earlier refunds took. */
  refundedBefore: { total: bigint; tax: bigint };
}
