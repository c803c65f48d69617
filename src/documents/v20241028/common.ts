/** Pieces shared by invoices and credit notes: currency, exchange rate, date, amounts, the payment record. */
import { dateOfDay } from '../../core/dates.js';
import { quoted, type TaxRulesIssue } from '../../core/errors.js';
import type { PreparedAccount } from '../../adapters/account.js';
import type { Engine } from '../../adapters/engine.js';
import { decimalOf, majorNumber, minorOf, rateUnitsOf } from '../../core/money.js';
import type { BillingDocument } from '../../generated/answer-types.js';
import type { RuleSet } from '../../core/ruleset.js';
import type { DocumentHead } from '../assemble.js';
import { MAX_CENTS, normalTagList } from '../limits.js';
import { documentEvidence } from './evidence.js';
import type { PAYMENT_METHODS, TransactionRequestOutput } from './request.js';
import { AS_NUMBER, callerRate, rateValue, type ExchangeRates } from '../../adapters/exchange-rates.js';

export type Path = (string | number)[];

/** The document's currency: the request's (in capitals) or the account's; an unknown or non-tender code is a 406. */
export function currencyOf(req: { currency?: string | null | undefined }, seller: PreparedAccount, engine: Engine, issues: TaxRulesIssue[]): string | null {
  const currency = req.currency ? req.currency.toUpperCase() : seller.currency;
  if (engine.rules.currencies.has(currency)) return currency;
  const name = engine.rules.nonTenderCurrencies.get(currency);
  issues.push({
    path: ['currency'],
    code: 'invalid_value',
    message: name === undefined ? `currency ${currency} is not an ISO 4217 currency code` : `currency ${currency} (${name}) is not a currency a sale can be in`,
  });
  return null;
}

/** The minor units of a document's currency, or undefined with an issue added for a code that is none (406). */
export function minorUnitsIn(rules: { readonly currencies: ReadonlyMap<string, number> }, currency: string, path: Path, issues: TaxRulesIssue[]): number | undefined {
  const minorUnits = rules.currencies.get(currency);
  if (minorUnits === undefined) issues.push({ path, code: 'invalid_value', message: `${path.join('.')} ${currency} is not an ISO 4217 currency code` });
  return minorUnits;
}

/** The document's date: the request's, else the UTC calendar date of its creation. */
export function dateOf(req: { date?: string | undefined }, createdAt: number): string {
  return req.date ?? dateOfDay(Math.floor(createdAt / 86_400));
}

/** An amount of the request in minor units, or null (an issue added) when it is negative, malformed or more precise than the currency. */
export function amountIn(value: number | string, minorUnits: number, currency: string, path: Path, issues: TaxRulesIssue[]): bigint | null {
  const d = decimalOf(value);
  const name = path.join('.');
  if (d === null) {
    const negative = typeof value === 'number' ? value < 0 : value.startsWith('-');
    issues.push({ path, code: 'malformed', message: negative ? `${name} must not be negative: a refund is a credit note (type refund)` : `${name} ${quoted(value, 40)} has no plain decimal form (give it as a decimal string)` });
    return null;
  }
  const minor = minorOf(d, minorUnits);
  if (minor === null) {
    issues.push({ path, code: 'malformed', message: `${name} ${quoted(value, 40)} has more decimals than ${currency} allows (${minorUnits})` });
    return null;
  }
  return minor;
}

/** A percentage of the request in rate units (at most 4 decimals), or null (an issue added). */
export function percentUnits(value: number | string, path: Path, issues: TaxRulesIssue[]): number | null {
  const d = decimalOf(value);
  const units = d === null ? null : rateUnitsOf(d);
  if (units === null) issues.push({ path, code: 'malformed', message: `${path.join('.')} ${quoted(value, 40)} must be a percentage with at most 4 decimals` });
  return units;
}

/** An item's amounts read (a sale's, or a refund's): its unit price and quantity, its discount rate (given at `discountPath`), and its subtotal. */
export interface ItemAmounts {
  readonly unit: bigint;
  readonly discountUnits: number;
  /** quantity × unit price in minor units. */
  readonly subtotal: bigint;
}

/**
 * The amounts of an item of the request, or null with an issue added for each that is
 * malformed: a quantity × unit price that is not a whole number of minor units is never
 * rounded into a document, nor one beyond what a document holds exactly.
 */
export function itemAmounts(item: { readonly amount: number | string; readonly quantity?: number | undefined }, discount: { readonly rate: number; readonly path: Path }, minorUnits: number, currency: string, path: Path, issues: TaxRulesIssue[]): ItemAmounts | null {
  const unit = amountIn(item.amount, minorUnits, currency, [...path, 'amount'], issues);
  const quantity = decimalOf(item.quantity ?? 1);
  if (quantity === null) issues.push({ path: [...path, 'quantity'], code: 'malformed', message: `${path.join('.')}.quantity ${quoted(item.quantity, 40)} has no plain decimal form` });
  const discountUnits = percentUnits(discount.rate, discount.path, issues);
  if (unit === null || quantity === null || discountUnits === null) return null;
  const scale = 10n ** BigInt(quantity.scale);
  const product = unit * quantity.units;
  const subtotal = product / scale;
  if (product % scale !== 0n) {
    issues.push({ path: [...path, 'quantity'], code: 'malformed', message: `${path.join('.')}: quantity × amount is not a whole amount of ${currency}'s minor unit; give a unit price that makes it one` });
  } else if (subtotal > BigInt(MAX_CENTS)) {
    issues.push({ path: [...path, 'amount'], code: 'malformed', message: `${path.join('.')}: quantity × amount is beyond what a document holds exactly (15 digits in minor units)` });
  } else return { unit, discountUnits, subtotal };
  return null;
}

/** What a document records of its transaction as given: the administrative fields, the evidence (its state resolved) and the shipping address. */
export type RecordedFields = Pick<DocumentHead, 'po_number' | 'tag_list' | 'notes' | 'custom_metadata' | 'evidence' | 'shipping_address'>;

export function recordedFields(req: TransactionRequestOutput, rules: RuleSet, ipCountry: string | undefined): RecordedFields {
  return {
    po_number: req.po_number ?? null,
    tag_list: normalTagList(req.tags),
    notes: req.notes ?? null,
    custom_metadata: req.custom_metadata ?? null,
    evidence: documentEvidence(req.evidence, rules, ipCountry),
    shipping_address: req.shipping_address ?? null,
  };
}

/** The payment recorded with a document: its total, on its date. */
export function paymentOf(
  payment: { readonly method?: (typeof PAYMENT_METHODS)[number] | undefined; readonly processor?: string | null | undefined; readonly processor_id?: string | null | undefined },
  o: { readonly createdAt: number; readonly paymentId?: number | undefined },
  total: bigint,
  minorUnits: number,
  date: string,
): BillingDocument['payments'][number] {
  return {
    id: o.paymentId ?? null,
    amount: majorNumber(total, minorUnits),
    created_at: String(o.createdAt),
    date,
    payment_method: payment.method ?? null,
    processor: payment.processor ?? null,
    processor_id: payment.processor_id ?? null,
  };
}

/**
 * The exchange rate of a v20241028 document: undefined in the account's currency (a rate other
 * than 1 is then refused), else the request's `exchange_rate`, the option's `exchangeRate` or
 * the caller's `exchangeRates` (a table, e.g. the central bank's reference rates, or a
 * function) for the document's date. taxrules reads no network: a document in another currency
 * without a rate is refused (422), as the spec's service would apply the reference rate of the
 * day, which only the caller has.
 */
export function documentExchangeRate(
  currency: string,
  accountCurrency: string,
  date: string,
  requestRate: number | null | undefined,
  optionRate: number | string | undefined,
  table: ExchangeRates | undefined,
  issues: TaxRulesIssue[],
): number | undefined {
  const given = requestRate ?? (optionRate === undefined ? undefined : (rateValue(optionRate) as number));
  if (currency === accountCurrency) {
    if (given !== undefined && given !== 1) {
      const path = requestRate !== undefined && requestRate !== null ? ['exchange_rate'] : ['options', 'exchangeRate'];
      issues.push({ path, code: 'unprocessable', message: `${path.join('.')} ${given} is for a document in another currency than the account's (${accountCurrency}); this one is in ${currency}` });
    }
    return undefined;
  }
  if (given !== undefined) return given;
  if (table !== undefined) return callerRate(table, AS_NUMBER, { currency, date, accountCurrency, path: ['options', 'exchangeRates'], within: '', instead: 'exchange_rate' }, issues) ?? undefined;
  issues.push({
    path: ['exchange_rate'],
    code: 'unprocessable',
    message: `the document is in ${currency} and the account in ${accountCurrency}: give exchange_rate, or options.exchangeRate or options.exchangeRates (taxrules reads no network; the ECB's reference rates are ecbRates of taxrules/ecb)`,
  });
  return undefined;
}
