/**
 * Transactions of version 20260309 (`POST /transactions`) and their batches, as pure
 * functions: the request is read (parse.ts), a sale taxed by the v20260309 calculation (sale.ts), a
 * refund from its sale's figures (refund.ts), the given tax and the exchange rate applied
 * (totals.ts, exchange.ts), and the transaction answered as the service would store it. Nothing is
 * stored: the caller says which source ids are taken and hands over the sale a refund names.
 */
import type { SellerAccount } from '../../adapters/account.js';
import { errorFromIssues, quoted, TaxRulesError, type TaxRulesIssue } from '../../core/errors.js';
import { agedEngine, DECISION_OPTIONS, engineFor, maxRulesAgeOf } from '../../adapters/engine.js';
import { checkBySchema } from '../../adapters/issues.js';
import { EXCHANGE_RATES, ownCopy, readOptions, unreadable, type OptionCheck } from '../../adapters/read.js';
import { MAX_BATCH_TRANSACTIONS, transactionSchemas, type TaxTransactionBatchRequest, type TaxTransactionRequest, type TaxTransactionType } from './schemas.js';
import { exchangeOf } from './exchange.js';
import { rateText, ratesOf } from '../../adapters/exchange-rates.js';
import type { Context, Parsed, Path, SourceKey, TaxTransaction, TaxTransactionBatch, TaxTransactionBatchOptions, TaxTransactionOptions, Taxed } from './types.js';
import { readWith } from './parse.js';
import { amountAt, withGivenTax } from './totals.js';
import { refundOf, storedOf } from './refund.js';
import { saleOf } from './sale.js';

export { MAX_BATCH_TRANSACTIONS } from './schemas.js';
export type { SourceKey, TaxTransaction, TaxTransactionBatch, TaxTransactionBatchOptions, TaxTransactionCustomerResult, TaxTransactionOptions } from './types.js';

export type {
  TaxTransactionBatchRequest,
  TaxTransactionBatchEntry,
  TaxDiscrepancy,
  SupplyType,
  TaxTransactionCustomer,
  TaxTransactionExchangeRate,
  TaxTransactionItem,
  TaxTransactionRequest,
  TaxTransactionType,
} from './schemas.js';

const SOURCE_KEY_FIELDS = ['source', 'transaction_type', 'source_id'];

const isUsedSourceIds = (v: unknown): boolean => typeof v === 'function' || Array.isArray(v);

const BATCH_OPTIONS: { readonly [K in keyof TaxTransactionBatchOptions]-?: OptionCheck } = {
  ...DECISION_OPTIONS,
  usedSourceIds: [isUsedSourceIds, 'an array of { source, transaction_type, source_id }, or a function (key) => boolean'],
  exchangeRates: EXCHANGE_RATES,
};

const TRANSACTION_OPTIONS: { readonly [K in keyof TaxTransactionOptions]-?: OptionCheck } = {
  ...BATCH_OPTIONS,
  original: [(v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'a transaction (what computeTransaction answered)'],
  earlierRefunds: [Array.isArray, 'an array of transactions'],
  exchangeRate: [(v) => rateText(v) !== null, 'a positive decimal: a number or a decimal string such as "1.0842"'],
};

/** The key of a source id, for sets: the source's length before it, so that no two keys are alike. */
const keyOf = (k: SourceKey): string => `${k.source.length}:${k.source}${k.transaction_type}:${k.source_id}`;

/** The check of the source ids already taken (the options' list or function), or null. */
function sourceIdCheck(used: TaxTransactionBatchOptions['usedSourceIds']): ((key: SourceKey) => boolean) | null {
  if (used === undefined) return null;
  if (typeof used === 'function') {
    return (key) => {
      let answer: unknown;
      try {
        answer = used({ ...key });
      } catch (e) {
        throw unreadable(e, ['options', 'usedSourceIds'], 'options.usedSourceIds()');
      }
      if (typeof answer !== 'boolean') throw errorFromIssues([{ path: ['options', 'usedSourceIds'], code: 'malformed', message: `options.usedSourceIds() must return true or false, got ${quoted(answer, 60)}` }]);
      return answer;
    };
  }
  const issues: TaxRulesIssue[] = [];
  const keys = new Set<string>();
  const list = ownCopy(used, 2, Number.MAX_SAFE_INTEGER) as unknown[];
  list.forEach((entry, i) => {
    const at = ['options', 'usedSourceIds', i];
    const e = entry as Record<string, unknown> | null;
    const ok =
      typeof e === 'object' &&
      e !== null &&
      Object.keys(e).every((k) => SOURCE_KEY_FIELDS.includes(k)) &&
      typeof e.source === 'string' &&
      typeof e.source_id === 'string' &&
      (e.transaction_type === 'sale' || e.transaction_type === 'refund');
    if (!ok) issues.push({ path: at, code: 'malformed', message: `${at.join('.')} must be { source, transaction_type: 'sale' | 'refund', source_id }, got ${quoted(entry, 60)}` });
    else keys.add(keyOf(e as unknown as SourceKey));
  });
  if (issues.length > 0) throw errorFromIssues(issues);
  return (key) => keys.has(keyOf(key));
}

/**
 * `POST /transactions` (version 20260309): the transaction taxed, with status `taxed`, its
 * supply type, items, tax breakdown and totals. A sale's items are taxed by `calculate`; a
 * refund (`transaction_type: 'refund'`, `refund_of_source_id`) carries the prorated part of
 * the sale's taxes, the sale handed over as `options.original` and the refunds already made of
 * it as `options.earlierRefunds`. Throws TaxRulesError (400/404/406/422) listing every
 * problem, and nothing else.
 *
 * @example
 * ```ts
 * import { computeTransaction, defineAccount } from 'taxrules';
 *
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss' }] });
 * const sale = computeTransaction(
 *   { source_id: 'ch_1', date: '2026-06-01', currency: 'EUR', customer: { address: { country: 'DE' } }, items: [{ reference: 'plan', amount: '100.00', tax_code: 'saas' }] },
 *   seller,
 * );
 * // { transaction_type: 'sale', status: 'taxed', supply_type: 'cross_border', subtotal: '100.00', total_tax: '19.00', total: '119.00',
 * //   tax_breakdown: [{ name: 'VAT', rate: '19', taxable_amount: '100.00', amount: '19.00', … }], … }
 *
 * // A refund of part of it carries the sale's taxes, prorated.
 * computeTransaction(
 *   { transaction_type: 'refund', source_id: 're_1', refund_of_source_id: 'ch_1', date: '2026-06-10', currency: 'EUR', customer: { address: { country: 'DE' } }, items: [{ reference: 'plan', amount: '25.00' }] },
 *   seller,
 *   { original: sale, earlierRefunds: [] },
 * );
 * // { transaction_type: 'refund', subtotal: '-25.00', total_tax: '-4.75', total: '-29.75', … }
 * ```
 */
export function computeTransaction(request: TaxTransactionRequest, account: SellerAccount, options?: TaxTransactionOptions | null): TaxTransaction;

export function computeTransaction<R>(request: unknown extends R ? R : never, account: SellerAccount, options?: TaxTransactionOptions | null): TaxTransaction;

export function computeTransaction(request: unknown, account: SellerAccount, options?: TaxTransactionOptions | null): TaxTransaction {
  try {
    const o = readOptions<TaxTransactionOptions>(options, TRANSACTION_OPTIONS);
    const engine = agedEngine(engineFor(o.rules), maxRulesAgeOf(o));
    engine.accounts.prepare(account);
    const req = readWith(request, [], false);
    const rates = ratesOf(o.exchangeRates);
    return transactionOf(req, { account, options: o, engine, used: sourceIdCheck(o.usedSourceIds), rates, batch: false }, []);
  } catch (e) {
    throw unreadable(e, []);
  }
}

/**
 * `POST /transactions/batch` (version 20260309): up to 500 sales, their amounts tax-inclusive.
 * Every transaction is checked and taxed before any is answered; one that fails fails the
 * batch, and the TaxRulesError lists the problems of every transaction under its index
 * (`transactions.3.items.0.amount`). A source id given twice in the batch, or already taken
 * (`options.usedSourceIds`), is refused.
 *
 * @example
 * ```ts
 * import { computeBatch, defineAccount } from 'taxrules';
 *
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss' }] });
 * // A batch's amounts include the tax.
 * const batch = computeBatch(
 *   {
 *     transactions: [
 *       { source_id: 'ch_1', date: '2026-06-01', currency: 'EUR', customer: { address: { country: 'DE' } }, items: [{ reference: 'plan', amount: '119.00', tax_code: 'saas' }] },
 *       { source_id: 'ch_2', date: '2026-06-02', currency: 'EUR', customer: { address: { country: 'FR' } }, items: [{ reference: 'plan', amount: '120.00', tax_code: 'saas' }] },
 *     ],
 *   },
 *   seller,
 * );
 * batch.transactions.map((t) => [t.source_id, t.subtotal, t.total_tax, t.total]);
 * // [['ch_1', '100.00', '19.00', '119.00'], ['ch_2', '100.00', '20.00', '120.00']]
 * ```
 */
export function computeBatch(request: TaxTransactionBatchRequest, account: SellerAccount, options?: TaxTransactionBatchOptions | null): TaxTransactionBatch;

export function computeBatch<R>(request: unknown extends R ? R : never, account: SellerAccount, options?: TaxTransactionBatchOptions | null): TaxTransactionBatch;

export function computeBatch(request: unknown, account: SellerAccount, options?: TaxTransactionBatchOptions | null): TaxTransactionBatch {
  try {
    const o = readOptions<TaxTransactionBatchOptions>(options, BATCH_OPTIONS);
    const engine = agedEngine(engineFor(o.rules), maxRulesAgeOf(o));
    engine.accounts.prepare(account);
    const used = sourceIdCheck(o.usedSourceIds);
    const rates = ratesOf(o.exchangeRates);
    const list = readBatchList(request);
    const issues: TaxRulesIssue[] = [];
    const out: TaxTransaction[] = [];
    const seen = new Map<string, number>();
    list.forEach((value, i) => {
      const prefix: Path = ['transactions', i];
      try {
        const req = readWith(value, prefix, true);
        const source = req.source ?? 'api';
        const key = keyOf({ source, transaction_type: 'sale', source_id: req.source_id });
        const first = seen.get(key);
        if (first !== undefined) {
          issues.push({ path: [...prefix, 'source_id'], code: 'unprocessable', message: `transactions.${i}.source_id ${quoted(req.source_id, 60)} repeats transactions.${first}.source_id (source ${quoted(source, 40)}); source ids are unique per source` });
        } else seen.set(key, i);
        out.push(transactionOf(req, { account, options: o, engine, used, rates, batch: true }, prefix));
      } catch (e) {
        if (!(e instanceof TaxRulesError) || e.issues.some((iss) => iss.path[0] === 'options' || iss.path[0] === 'account')) throw e;
        issues.push(...e.issues);
      }
    });
    if (issues.length > 0) throw errorFromIssues(issues);
    return { id: null, status: 'taxed', transactions: out };
  } catch (e) {
    throw unreadable(e, []);
  }
}

/** The batch's list of transactions: `{ transactions: [...] }`, 1 to 500 of them, nothing else. */
function readBatchList(request: unknown): unknown[] {
  const shape = transactionSchemas().batchShape;
  const parsed = checkBySchema(shape, ownCopy(request, 2, MAX_BATCH_TRANSACTIONS));
  if (!parsed.success) throw errorFromIssues(parsed.issues);
  return parsed.data.transactions;
}

/** One transaction, checked and taxed; throws its issues (paths under `prefix`). */
function transactionOf(req: Parsed, ctx: Context, prefix: Path): TaxTransaction {
  const type: TaxTransactionType = req.transaction_type ?? 'sale';
  const source = req.source ?? 'api';
  const rules = ctx.engine.rules;
  const issues: TaxRulesIssue[] = [];
  const at = (...path: Path): Path => [...prefix, ...path];
  const name = (...path: Path): string => at(...path).join('.');

  const minorUnits = rules.currencies.get(req.currency);
  if (minorUnits === undefined) issues.push({ path: at('currency'), code: 'invalid_value', message: `${name('currency')} ${req.currency} is not an ISO 4217 currency code` });
  const amounts: bigint[] = [];
  const firstOf = new Map<string, number>();
  req.items.forEach((item, i) => {
    const f = firstOf.get(item.reference);
    if (f !== undefined) issues.push({ path: at('items', i, 'reference'), code: 'invalid_value', message: `${name('items', i, 'reference')} ${quoted(item.reference, 60)} repeats ${name('items', f, 'reference')}; references must be unique` });
    else firstOf.set(item.reference, i);
    if (minorUnits === undefined) return;
    const m = amountAt(item.amount, minorUnits, req.currency, at('items', i, 'amount'), issues);
    if (m !== null) amounts.push(m);
  });
  // Both fields present (undefined until read): an absent one is not looked up on a prototype.
  const given: { total: bigint | undefined; total_tax: bigint | undefined } = { total: undefined, total_tax: undefined };
  for (const field of ['total', 'total_tax'] as const) {
    const text = req[field];
    if (text === undefined || minorUnits === undefined) continue;
    const m = amountAt(text, minorUnits, req.currency, at(field), issues);
    if (m !== null) given[field] = m;
  }

  if (type === 'sale') {
    if (req.refund_of_source_id !== undefined && req.refund_of_source_id !== null) {
      issues.push({ path: at('refund_of_source_id'), code: 'malformed', message: `${name('refund_of_source_id')}: only a refund names a sale; a sale has none (or null)` });
    }
    if (ctx.options.original !== undefined) issues.push({ path: ['options', 'original'], code: 'malformed', message: 'options.original is for a refund; this transaction is a sale' });
    if (ctx.options.earlierRefunds !== undefined) issues.push({ path: ['options', 'earlierRefunds'], code: 'malformed', message: 'options.earlierRefunds is for a refund; this transaction is a sale' });
  } else {
    if (req.refund_of_source_id === undefined || req.refund_of_source_id === null) {
      issues.push({ path: at('refund_of_source_id'), code: 'missing', message: `${name('refund_of_source_id')} is required when transaction_type is refund` });
    }
    // A refund is taxed as its sale was: what decided the sale's taxes is not given again.
    if (req.tax_behavior !== undefined) issues.push({ path: at('tax_behavior'), code: 'malformed', message: `${name('tax_behavior')}: a refund takes each item's tax behavior from the sale; leave it out` });
    if (req.origin_address !== undefined && req.origin_address !== null) issues.push({ path: at('origin_address'), code: 'malformed', message: `${name('origin_address')}: a refund is taxed as its sale, from the sale's origin; leave it out` });
    req.items.forEach((item, i) => {
      for (const field of ['tax_code', 'product_type', 'tax_behavior'] as const) {
        if (item[field] !== undefined) issues.push({ path: at('items', i, field), code: 'malformed', message: `${name('items', i, field)}: a refunded item is taxed as the sale's item of its reference; leave ${field} out` });
      }
    });
  }
  if (issues.length > 0) throw errorFromIssues(issues);

  if (ctx.used?.({ source, transaction_type: type, source_id: req.source_id })) {
    throw errorFromIssues([{ path: at('source_id'), code: 'unprocessable', message: `${name('source_id')} ${quoted(req.source_id, 60)} is already taken for ${type}s of source ${quoted(source, 40)}; source ids are unique per source and transaction type` }]);
  }

  const mu = minorUnits as number;
  const stored = type === 'refund' ? storedOf(req, ctx, prefix) : undefined;
  const base: Taxed = stored === undefined ? saleOf(req, source, ctx, prefix) : refundOf(req, source, amounts, mu, stored, prefix);
  if (stored !== undefined && given.total_tax === undefined && stored.sale.discrepancy !== null) {
    // The sale's tax was the seller's own figure: what part of it a refund returns is the seller's to say.
    throw errorFromIssues([{ path: at('total_tax'), code: 'missing', message: `${name('total_tax')} is required: the sale's tax was given as its total_tax, so its refunds give theirs` }]);
  }
  const withTax = given.total_tax === undefined ? base : withGivenTax(base, stored === undefined ? given.total_tax : -given.total_tax, mu, at('total_tax'), stored);
  if (given.total !== undefined && withTax.sums.total !== given.total) {
    throw errorFromIssues([{ path: at('total'), code: 'unprocessable', message: `${name('total')} ${req.total} is not the transaction's total ${withTax.t.total} (the sum of its tax-inclusive items)` }]);
  }
  return { ...withTax.t, exchange_rate: exchangeOf(withTax, ctx, mu, prefix, stored) };
}
