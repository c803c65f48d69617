/**
 * The types of the options a caller hands both API forms (v20241028 and v20260309, their
 * calculations and documents) and `taxrules/ecb`: functions and tables the caller supplies,
 * which the library asks and never stores.
 */
import type { TaxIdVerdict } from './types.js';
import type { RuleSet } from './ruleset.js';

/** Decides whether a customer's tax ID makes it a business. */
export type TaxIdVerdictFunction = (country: string, taxId: string) => TaxIdVerdict;

/**
 * One rate of the caller's table: units of the account's currency per unit of `currency`,
 * for one `date`, or for the days `from` to `until` (both inclusive).
 */
export interface ExchangeRate {
  readonly currency: string;
  readonly date?: string;
  readonly from?: string;
  readonly until?: string;
  /** A positive number, or a decimal string. */
  readonly rate: number | string;
}

/**
 * The caller's source of rates, asked for one rate at a time: units of `accountCurrency` per
 * unit of `currency` (both upper case ISO 4217) on `date` (YYYY-MM-DD), a positive number or
 * decimal string. A TaxRulesError it throws is the answer (`taxrules/ecb`'s `ecbRates` throws
 * a 422 for a day after its data); any other throw is a 400 naming `options.exchangeRates`.
 */
export type ExchangeRateFunction = (currency: string, date: string, accountCurrency: string) => number | string;

/** The caller's rates: a table, or a function asked for each rate. */
export type ExchangeRates = readonly ExchangeRate[] | ExchangeRateFunction;

/**
 * The options of every call that decides a tax, whichever API form it takes (a quote, a
 * calculation, a document, a transaction); each form's options extend them.
 */
export interface DecisionOptions {
  /** Rule set to use; the default one covers every file under rules/. */
  rules?: RuleSet;
  /** Verdict on a customer's tax ID; default: offline validation with check digits (`validateTaxId`). */
  taxIdVerdict?: TaxIdVerdictFunction;
  /**
   * Reuse decisions between calls (default true): the first call of a situation — rules,
   * registrations, rate epoch, addresses, tax code, product type, business or consumer —
   * decides it, later ones look it up. The answers are the same either way; false decides
   * every call afresh (for measuring or debugging).
   */
  cache?: boolean;
  /**
   * Refuses (422, naming the day) an answer whose tax date is more than this many days after
   * the day its jurisdiction's data was last checked (see `rulesInfo`); default: no limit.
   */
  maxRulesAge?: number;
}
