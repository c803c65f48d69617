/**
 * The types of the options a caller hands both API forms (v20241028 and v20260309, their
 * calculations and documents) and `taxrules/ecb`: functions and tables the caller supplies,
 * which the library asks and never stores.
 */
import type { TaxIdVerdict } from './types.js';

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
