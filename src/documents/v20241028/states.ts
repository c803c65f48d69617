/**
 * The state transitions of credit notes (spec: "States and transitions") as pure functions
 * over the documents the caller stores:
 *
 * - a payment recorded on a credit note (`POST /credits/{id}/payments`): the credit note is
 *   `paid` once its payments reach its total ("Automatic"), and keeps its unpaid state
 *   (`outstanding`, or the server's `late`) until then;
 * - a credit note voided (`PUT /credits/{id}/void`) with its invoice: "the original invoice is
 *   reopened if this credit note had closed it";
 * - a credit note created against an invoice (`POST /credits`) with the invoice: `paid` when
 *   the credit note closes it ("the recorded refund offsets the invoice amount").
 *
 * Amounts are compared in the currency's minor unit, exactly; ids and times are options, as
 * for the other document functions.
 */
import { errorFromIssues, quoted, type TaxRulesIssue } from '../../core/errors.js';
import { decimalOf, formatMinor, minorOf } from '../../core/money.js';
import type { RuleSet } from '../../core/ruleset.js';
import { packagedRuleSet } from '../../default-rules.js';
import { readOptions, RULE_SET, unreadable, type OptionCheck } from '../../adapters/read.js';
import { isRecord } from '../../adapters/input.js';
import { amountIn, dateOf, minorUnitsIn, paymentOf, type Path } from './common.js';
import { checkedDocument, voided } from './final.js';
import { documentSchemas, type CreditPaymentRequest, type CreditRequest } from './request.js';
import type { BillingDocument, CreditedInvoice, PaymentRecord, RecordedCreditPayment, VoidedCreditNote } from '../../generated/answer-types.js';
import { buildCreditNote, creditsOf } from './credit.js';
import { IDENTITY_CHECKS, INVOICE_CHECKS, parseRequest, readCreditOptions, type CreditNoteOptions } from './read.js';
import type { Engine } from '../../adapters/engine.js';

export type { CreditedInvoice, RecordedCreditPayment, VoidedCreditNote } from '../../generated/answer-types.js';

/** Payments read on one document. */
const MAX_PAYMENTS = 10_000;

/** The options of `recordCreditPayment`: what the server's record gives the payment. */
export interface CreditPaymentOptions {
  /** Unix seconds of the payment record's creation (its `created_at`; its date when the body has none). */
  readonly createdAt: number;
  /** The payment record's id; without it `null`. */
  readonly paymentId?: number;
  readonly rules?: RuleSet;
}

/** The options of `voidCreditNote`: the invoice the credit note credits, and its other credit notes. */
export interface VoidCreditNoteOptions {
  /** The invoice the credit note credits (its `related_document`). */
  readonly invoice: BillingDocument;
  /** The other credit notes issued against it (voided ones, and the one voided, are not counted). */
  readonly credits?: readonly BillingDocument[];
  readonly rules?: RuleSet;
}

const PAYMENT_CHECKS: { readonly [K in keyof CreditPaymentOptions]-?: OptionCheck } = { createdAt: IDENTITY_CHECKS.createdAt, paymentId: IDENTITY_CHECKS.paymentId, rules: RULE_SET };

const VOID_CHECKS: { readonly [K in keyof VoidCreditNoteOptions]-?: OptionCheck } = { ...INVOICE_CHECKS, rules: RULE_SET };

/** The minor units of a document's currency (406 for a code that is none). */
function minorUnitsOf(doc: BillingDocument, rules: RuleSet | undefined, path: Path): number {
  const issues: TaxRulesIssue[] = [];
  const minorUnits = minorUnitsIn(rules ?? packagedRuleSet, doc.currency, [...path, 'currency'], issues);
  if (minorUnits === undefined) throw errorFromIssues(issues);
  return minorUnits;
}

/** What a document's payments add up to, in minor units (an issue for a payment whose amount is no amount of its currency). */
function paidOf(doc: BillingDocument, minorUnits: number, path: Path, issues: TaxRulesIssue[]): bigint {
  const payments: unknown = doc.payments;
  if (!Array.isArray(payments) || payments.length > MAX_PAYMENTS) {
    issues.push({ path: [...path, 'payments'], code: payments === undefined ? 'missing' : 'malformed', message: `${path.join('.')}.payments must be an array of payment records` });
    return 0n;
  }
  let paid = 0n;
  payments.forEach((p: unknown, i) => {
    const amount = isRecord(p) ? (p as Record<string, unknown>).amount : undefined;
    const d = typeof amount === 'number' && Number.isFinite(amount) && amount >= 0 ? decimalOf(amount) : null;
    const minor = d === null ? null : minorOf(d, minorUnits);
    if (minor === null) issues.push({ path: [...path, 'payments', i, 'amount'], code: amount === undefined ? 'missing' : 'malformed', message: `${path.join('.')}.payments.${i}.amount must be an amount of ${doc.currency}, not negative, got ${quoted(amount, 40)}` });
    else paid += minor;
  });
  return paid;
}

/** The amount of a payment in minor units: more than 0 (400), at most what is left to pay (422). Null with an issue added. */
function paymentAmount(value: number | string, credit: BillingDocument, minorUnits: number, paid: bigint, issues: TaxRulesIssue[]): bigint | null {
  const negative = typeof value === 'number' ? value < 0 : value.trim().startsWith('-');
  const amount = negative ? null : amountIn(value, minorUnits, credit.currency, ['amount'], issues);
  if (negative || amount === 0n) {
    issues.push({ path: ['amount'], code: 'malformed', message: `amount must be more than 0, got ${quoted(value, 40)}: a payment of a credit note is what is paid back to the customer` });
    return null;
  }
  if (amount === null) return null;
  const total = BigInt(credit.total_cents);
  if (paid + amount > total) {
    const left = total - paid;
    issues.push({
      path: ['amount'],
      code: 'unprocessable',
      message: `amount ${formatMinor(amount, minorUnits)} is more than is left to pay on credit note ${credit.number}: ${formatMinor(left > 0n ? left : 0n, minorUnits)} of its total ${formatMinor(total, minorUnits)}`,
    });
    return null;
  }
  return amount;
}

/**
 * `POST /credits/{id}/payments` as a pure function: the payment record added to the credit
 * note's `payments`, and the credit note `paid` when its payments reach its total (else its
 * unpaid state is kept: `outstanding`, or `late`). Refused: a document that is no credit note
 * (400), a voided credit note or one paid already (422), an amount of 0 or less, or with more
 * decimals than the currency (400), an amount beyond what is left to pay (422: a payment never
 * pays a credit note more than its total). Throws TaxRulesError listing every issue.
 *
 * @example
 * ```ts
 * import { buildCreditNote, buildDocument, defineAccount, recordCreditPayment } from 'taxrules';
 *
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss' }] });
 * const invoice = buildDocument(
 *   { date: '2026-06-01', customer: { first_name: 'Lea', country: 'DE' }, items: [{ description: 'Team plan', product_code: 'team', amount: '100.00', tax: { country: 'DE', tax_code: 'saas' } }],
 *     payment: { method: 'credit_card' }, processor: 'stripe', processor_id: 'ch_1' },
 *   seller,
 *   { id: 1, number: 'INV-1', createdAt: 1780315200 }, // 2026-06-01 12:00 UTC
 * );
 * // A credit note whose refund is paid later: outstanding until then.
 * const credit = buildCreditNote({ invoice_id: 1 }, { id: 2, number: 'CN-1', createdAt: 1780401600, invoice, recordRefund: false });
 *
 * const paid = recordCreditPayment(credit, { amount: '119.00', payment_method: 'wire_transfer' }, { createdAt: 1780488000, paymentId: 5 });
 * // { credit: { state: 'paid', … }, payment: { id: 5, amount: 119, date: '2026-06-03', payment_method: 'wire_transfer', … } }
 * ```
 */
export function recordCreditPayment(creditNote: BillingDocument, payment: CreditPaymentRequest, options: CreditPaymentOptions): RecordedCreditPayment;
export function recordCreditPayment<P>(creditNote: BillingDocument, payment: unknown extends P ? P : never, options: CreditPaymentOptions): RecordedCreditPayment;
export function recordCreditPayment(creditNote: unknown, payment: unknown, options: unknown): RecordedCreditPayment {
  try {
    const o = readOptions<CreditPaymentOptions>(options, PAYMENT_CHECKS);
    if (o.createdAt === undefined) throw errorFromIssues([{ path: ['options', 'createdAt'], code: 'missing', message: `options.createdAt is required: ${PAYMENT_CHECKS.createdAt[1]} (taxrules stores nothing and reads no clock)` }]);
    const credit = checkedDocument(creditNote, ['document'], 'Credit');
    const req = parseRequest(documentSchemas().creditPayment, payment, 1);
    const minorUnits = minorUnitsOf(credit, o.rules, ['document']);
    const issues: TaxRulesIssue[] = [];
    const paid = paidOf(credit, minorUnits, ['document'], issues);
    if (credit.state === 'voided') issues.push({ path: ['document', 'state'], code: 'unprocessable', message: `credit note ${credit.number} is voided: no payment is recorded on it` });
    else if (credit.state === 'paid') issues.push({ path: ['document', 'state'], code: 'unprocessable', message: `credit note ${credit.number} is paid already: its payments reach its total` });
    const amount = issues.length > 0 ? null : paymentAmount(req.amount, credit, minorUnits, paid, issues);
    if (amount === null || issues.length > 0) throw errorFromIssues(issues);
    const record = paymentOf({ method: req.payment_method, processor: req.processor, processor_id: req.processor_id }, o, amount, minorUnits, dateOf(req, o.createdAt));
    const state = paid + amount === BigInt(credit.total_cents) ? 'paid' : credit.state;
    return { credit: { ...credit, payments: [...credit.payments, record], state }, payment: record };
  } catch (error) {
    throw unreadable(error, []);
  }
}

/** The credit notes given with the invoice, checked (creditsOf): every issue listed. */
function otherCredits(given: readonly unknown[] | undefined, invoice: BillingDocument): BillingDocument[] {
  const issues: TaxRulesIssue[] = [];
  const credits = creditsOf(given, invoice.id, issues);
  if (issues.length > 0) throw errorFromIssues(issues);
  return credits;
}

/** What settles an invoice besides `credit`: its own payments and its other live credit notes. */
function coveredBesides(invoice: BillingDocument, credit: BillingDocument, others: readonly BillingDocument[], minorUnits: number): bigint {
  const issues: TaxRulesIssue[] = [];
  let covered = paidOf(invoice, minorUnits, ['options', 'invoice'], issues);
  if (issues.length > 0) throw errorFromIssues(issues);
  for (const c of others) if (c.state !== 'voided' && c.id !== credit.id) covered += BigInt(c.total_cents);
  return covered;
}

/**
 * The invoice after `credit` is voided: reopened (`outstanding`) when this credit note had
 * closed it — the invoice is `paid`, and its own payments with its other live credit notes do
 * not reach its total without this one, but do with it — else as it was (an invoice its own
 * payments pay, or one still unpaid, is not changed by voiding a credit note).
 */
function reopened(invoice: BillingDocument, credit: BillingDocument, others: readonly BillingDocument[], minorUnits: number): BillingDocument {
  if (invoice.state !== 'paid') return invoice;
  const covered = coveredBesides(invoice, credit, others, minorUnits);
  const total = BigInt(invoice.total_cents);
  return covered < total && covered + BigInt(credit.total_cents) >= total ? { ...invoice, state: 'outstanding' } : invoice;
}

/**
 * `PUT /credits/{id}/void` with the invoice: the credit note voided as `voidDocument` voids
 * it (a `void_reason` required, 422 without), and its invoice reopened (`state:
 * 'outstanding'`) when this credit note had closed it (see `reopened`). The credit note must
 * credit `options.invoice` (422 otherwise), as must each of `options.credits`, the invoice's
 * other credit notes. `voidDocument` stays the call for a credit note alone, or a receipt.
 *
 * @example
 * ```ts
 * import { buildCreditNote, buildDocument, defineAccount, voidCreditNote } from 'taxrules';
 *
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss' }] });
 * const invoice = buildDocument(
 *   { date: '2026-06-01', customer: { first_name: 'Lea', country: 'DE' }, items: [{ description: 'Team plan', product_code: 'team', amount: '100.00', tax: { country: 'DE', tax_code: 'saas' } }],
 *     payment: { method: 'credit_card' }, processor: 'stripe', processor_id: 'ch_1' },
 *   seller,
 *   { id: 1, number: 'INV-1', createdAt: 1780315200 }, // 2026-06-01 12:00 UTC
 * );
 * // An invoice never paid, closed by a credit note of all of it.
 * const unpaid = { ...invoice, payments: [] };
 * const credit = buildCreditNote({ invoice_id: 1 }, { id: 2, number: 'CN-1', createdAt: 1780401600, invoice: unpaid });
 *
 * // Voiding the credit note reopens the invoice.
 * voidCreditNote(credit, { void_reason: 'Refund reversed' }, { invoice: unpaid });
 * // { credit: { state: 'voided', void_reason: 'Refund reversed', … }, invoice: { id: 1, state: 'outstanding', … } }
 * ```
 */
export function voidCreditNote(creditNote: BillingDocument, body: { readonly void_reason: string }, options: VoidCreditNoteOptions): VoidedCreditNote;
export function voidCreditNote<B>(creditNote: BillingDocument, body: unknown extends B ? B : never, options: VoidCreditNoteOptions): VoidedCreditNote;
export function voidCreditNote(creditNote: unknown, body: unknown, options: unknown): VoidedCreditNote {
  try {
    const o = readOptions<VoidCreditNoteOptions>(options, VOID_CHECKS);
    if (o.invoice === undefined) throw errorFromIssues([{ path: ['options', 'invoice'], code: 'missing', message: 'options.invoice is required: the invoice the credit note credits, to reopen it if the credit note had closed it' }]);
    const credit = checkedDocument(creditNote, ['document'], 'Credit');
    const invoice = checkedDocument(o.invoice, ['options', 'invoice'], 'Invoice');
    if (credit.related_document?.id !== invoice.id) {
      throw errorFromIssues([{ path: ['document', 'related_document', 'id'], code: 'unprocessable', message: `credit note ${credit.number} credits invoice ${credit.related_document?.id}, not options.invoice (${invoice.id})` }]);
    }
    const others = otherCredits(o.credits, invoice);
    const minorUnits = minorUnitsOf(invoice, o.rules, ['options', 'invoice']);
    const voidedCredit = voided(credit, body);
    return { credit: voidedCredit, invoice: reopened(invoice, credit, others, minorUnits) };
  } catch (error) {
    throw unreadable(error, []);
  }
}

/**
 * The invoice after `credit` is issued against it: `paid` when its own payments with its live
 * credit notes, this one among them, reach its total — an invoice reopened by voiding the credit
 * note that had closed it is closed again by the one that replaces it — else as it was (a
 * partial credit leaves an unpaid invoice unpaid; a paid or voided one is not changed).
 */
function closed(invoice: BillingDocument, credit: BillingDocument, others: readonly BillingDocument[], minorUnits: number): BillingDocument {
  if (invoice.state !== 'outstanding' && invoice.state !== 'late') return invoice;
  return coveredBesides(invoice, credit, others, minorUnits) + BigInt(credit.total_cents) >= BigInt(invoice.total_cents) ? { ...invoice, state: 'paid' } : invoice;
}

/**
 * `POST /credits` with the invoice: the credit note `buildCreditNote` builds from the same
 * request and options, and `{ credit, invoice }` with the invoice's new state — `paid` when its
 * own `payments` with its live credit notes (`options.credits`, voided ones not counted) and
 * this one reach its total, else as it was (see `closed`). `voidCreditNote` is the reverse: it
 * reopens the invoice the credit note had closed. Refused as `buildCreditNote` refuses.
 *
 * @example
 * ```ts
 * import { buildDocument, creditInvoice, defineAccount } from 'taxrules';
 *
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss' }] });
 * const invoice = buildDocument(
 *   { date: '2026-06-01', customer: { first_name: 'Lea', country: 'DE' }, items: [{ description: 'Team plan', product_code: 'team', amount: '100.00', tax: { country: 'DE', tax_code: 'saas' } }],
 *     payment: { method: 'credit_card' }, processor: 'stripe', processor_id: 'ch_1' },
 *   seller,
 *   { id: 1, number: 'INV-1', createdAt: 1780315200 }, // 2026-06-01 12:00 UTC
 * );
 * const unpaid = { ...invoice, payments: [] };
 *
 * // A credit note of all the unpaid invoice closes it.
 * creditInvoice({ invoice_id: 1 }, { id: 2, number: 'CN-1', createdAt: 1780401600, invoice: unpaid });
 * // { credit: { type: 'Credit', state: 'paid', total_cents: 11900, … }, invoice: { id: 1, state: 'paid', … } }
 * ```
 */
export function creditInvoice(request: CreditRequest, options: CreditNoteOptions, engine?: Engine): CreditedInvoice;
export function creditInvoice<R>(request: unknown extends R ? R : never, options: CreditNoteOptions, engine?: Engine): CreditedInvoice;
export function creditInvoice(request: unknown, options: unknown, engine?: Engine): CreditedInvoice {
  try {
    // The options read once: the credit note and the invoice's state come from the same invoice and credit notes.
    const o = readCreditOptions(options);
    const invoice = checkedDocument(o.invoice, ['options', 'invoice'], 'Invoice');
    const others = otherCredits(o.credits, invoice);
    const credit = buildCreditNote(request as never, { ...o, invoice, ...(o.credits === undefined ? {} : { credits: others }) }, engine);
    const minorUnits = minorUnitsOf(invoice, engine?.rules ?? o.rules, ['options', 'invoice']);
    return { credit, invoice: closed(invoice, credit, others, minorUnits) };
  } catch (error) {
    throw unreadable(error, []);
  }
}
