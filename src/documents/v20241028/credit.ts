/**
 * Credit notes: a refund transaction (`POST /transactions` with `type: refund`) or a credit
 * created against an invoice (`POST /credits`). A credit note credits the taxes the invoice
 * charged, never taxes worked out again on the day of the refund: each credited item takes
 * the part of the invoice item's net, taxes and taxable bases that the one refund routine
 * (core/refund.ts, cumulative) gives for what its credit notes have credited of it, so that
 * the invoice and its credit notes together never fall below zero, the taxes credited so far
 * are always the invoice's prorated to the amount credited so far, and the credit note that
 * refunds the rest takes exactly what is left (a full refund nets the sale to zero).
 *
 * What is left is the invoice less the credit notes already issued against it, which the
 * caller passes (`options.credits`): taxrules stores nothing.
 */
import { errorFromIssues, guarded, quoted, type TaxRulesIssue } from '../../core/errors.js';
import { decimalOf, majorNumber, normalMinor, percentOf, RATE_SCALE, rateNumber, rateUnitsOf } from '../../core/money.js';
import { creditedPart, figuresLeft, grossOf, type ItemFigures } from '../../core/refund.js';
import type { TaxCodeId, TaxStatus } from '../../core/types.js';
import type { PreparedAccount } from '../../adapters/account.js';
import { engineFor, type Engine } from '../../adapters/engine.js';
import { ownCopy, unreadable } from '../../adapters/read.js';
import { MAX_DOCUMENT_ITEMS } from '../limits.js';
import { renderDocument, type DocumentHead, type ItemParts, type TaxSlot } from '../assemble.js';
import { price, type PricingLine } from '../../core/pricing.js';
import { netParts } from './render.js';
import { parseRequest, readCreditOptions, SPANISH_IGNORED_FIELDS, type CreditNoteOptions, type DocumentOptions } from './read.js';
import { documentSchemas, type CreditRequest, type TransactionRequestOutput } from './request.js';
import { copiedFieldIssues, CUSTOMER_FIELDS, documentIssues, DOCUMENT_LEVELS } from './shape.js';
import type { BillingDocument, DocumentItem } from '../../generated/answer-types.js';
import { amountIn, dateOf, itemAmounts, minorUnitsIn, paymentOf, recordedFields, type Path, type RecordedFields } from './common.js';

/** Credit notes read against one invoice: more than any refund history holds. */
export const MAX_CREDITS = 10_000;

/** An invoice with what is left of each item, and whether a credit note has credited any of it yet. */
interface Ledger {
  readonly invoice: BillingDocument;
  readonly minorUnits: number;
  readonly left: ItemFigures[];
  readonly touched: boolean[];
}

const big = (v: number | null | undefined): bigint => BigInt(v ?? 0);

/** An invoice item's figures, or a credited item's: its net, and its two taxes' amounts and taxable bases. */
function figuresOf(item: DocumentItem): ItemFigures {
  return {
    net: big(item.subtotal_cents) - big(item.discount_cents),
    taxes: [big(item.tax_1_amount_cents), big(item.tax_2_amount_cents)],
    taxable: [big(item.tax_1_taxable_base_cents), big(item.tax_2_taxable_base_cents)],
  };
}

/**
 * The credit notes issued against an invoice (`options.credits`), checked: each a credit note
 * (documentIssues) of the invoice `invoiceId` names (not compared while it is undefined: an
 * invoice with issues of its own). Every issue is added to `issues`.
 */
export function creditsOf(given: unknown, invoiceId: number | undefined, issues: TaxRulesIssue[]): BillingDocument[] {
  const list = given === undefined ? [] : (guarded(() => ownCopy(given, DOCUMENT_LEVELS + 1, MAX_CREDITS), ['options', 'credits']) as unknown[]);
  if (list.length > MAX_CREDITS) issues.push({ path: ['options', 'credits'], code: 'malformed', message: `options.credits has more than ${MAX_CREDITS} credit notes` });
  else {
    list.forEach((c, i) => {
      const found = documentIssues(c, ['options', 'credits', i], 'Credit');
      const id = (c as BillingDocument).related_document?.id;
      if (found.length === 0 && invoiceId !== undefined && id !== invoiceId) {
        found.push({ path: ['options', 'credits', i, 'related_document', 'id'], code: 'unprocessable', message: `options.credits.${i} credits invoice ${id}, not options.invoice (${invoiceId})` });
      }
      issues.push(...found);
    });
  }
  return list as BillingDocument[];
}

/** The invoice and the credit notes issued against it, checked; what is left of each item. */
function ledgerOf(given: unknown, givenCredits: readonly unknown[] | undefined, engine: Engine): Ledger {
  // Their own fields only: a field a document lacks is never read from a polluted prototype.
  const invoice = ownCopy(given, DOCUMENT_LEVELS, MAX_DOCUMENT_ITEMS);
  if (typeof invoice === 'object' && invoice !== null && (invoice as Record<string, unknown>).type === 'Receipt') {
    throw errorFromIssues([{ path: ['options', 'invoice', 'type'], code: 'unprocessable', message: 'options.invoice is a receipt: a receipt is not credited, it is corrected by voiding it (voidDocument) and issuing another' }]);
  }
  const issues = documentIssues(invoice, ['options', 'invoice'], 'Invoice');
  if (issues.length === 0) copiedFieldIssues(invoice as Record<string, unknown>, ['options', 'invoice'], issues);
  const inv = invoice as BillingDocument;
  const credits = creditsOf(givenCredits, issues.length === 0 ? inv.id : undefined, issues);
  const minorUnits = issues.length > 0 ? undefined : minorUnitsIn(engine.rules, inv.currency, ['options', 'invoice', 'currency'], issues);
  if (minorUnits === undefined) throw errorFromIssues(issues);
  const credited: ItemFigures[][] = inv.items.map(() => []);
  credits.forEach((credit, i) => {
    const path = ['options', 'credits', i];
    if (credit.currency !== inv.currency) issues.push({ path: [...path, 'currency'], code: 'unprocessable', message: `${path.join('.')} is in ${credit.currency}, its invoice in ${inv.currency}` });
    if (credit.state === 'voided') return;
    credit.items.forEach((item, k) => {
      const taken = credited[item.invoice_item as number];
      if (taken === undefined) {
        issues.push({ path: [...path, 'items', k, 'invoice_item'], code: 'malformed', message: `${path.join('.')}.items.${k}.invoice_item ${item.invoice_item} is no item of options.invoice` });
      } else taken.push(figuresOf(item));
    });
  });
  const left = inv.items.map((item, k) => figuresLeft(figuresOf(item), credited[k] as ItemFigures[]));
  left.forEach((l, k) => {
    if (l.net < 0n || l.taxes.some((t) => t < 0n) || l.taxable.some((x) => x < 0n)) {
      issues.push({ path: ['options', 'credits'], code: 'unprocessable', message: `options.credits credit more of options.invoice.items.${k} than it charged` });
    }
  });
  if (issues.length > 0) throw errorFromIssues(issues);
  return { invoice: inv, minorUnits, left, touched: credited.map((c) => c.length > 0) };
}

/** A credited amount's part of invoice item `k` (core/refund.ts): `gross`, the amount is net and taxes together (an item priced with tax included, or `credited_amount`), else the net. */
function shareOf(ledger: Ledger, k: number, amount: bigint, gross: boolean): ItemFigures {
  return creditedPart(figuresOf(ledger.invoice.items[k] as DocumentItem), ledger.left[k] as ItemFigures, amount, gross);
}

/** An invoice item's tax slot with a credited amount and base. */
function slotOf(item: DocumentItem, n: 1 | 2, amount: bigint, base: bigint): TaxSlot | null {
  if (n === 2 && item.tax_2_rate === null) return null;
  const f = item as unknown as Record<string, unknown>;
  return {
    name: f[`tax_${n}_name`] as string | null,
    rateUnits: Math.round((f[`tax_${n}_rate`] as number) * RATE_SCALE),
    partUnits: Math.round((f[`tax_${n}_taxable_part`] as number) * RATE_SCALE),
    country: f[`tax_${n}_country`] as string,
    region: (f[`tax_${n}_region`] as string | null) ?? null,
    county: (f[`tax_${n}_county`] as string | null) ?? null,
    city: (f[`tax_${n}_city`] as string | null) ?? null,
    transactionType: f[`tax_${n}_transaction_type`] as TaxCodeId,
    amount,
    base,
  };
}

/** The pricing lines of an invoice item's taxes (its rates and taxable parts), as `price` reads them. */
function linesOf(item: DocumentItem): PricingLine[] {
  return ([1, 2] as const).flatMap((n) => {
    const slot = slotOf(item, n, 0n, 0n);
    return slot === null ? [] : [{ group: n === 1 ? 'main' : 'additional', rateUnits: slot.rateUnits, partUnits: slot.partUnits } as const];
  });
}

/** How a credited item describes itself: as the invoice item (all of an untouched item), the refund's own item, or one unit of its net (of its gross, for an item priced with tax included). */
type Presentation = Pick<ItemParts, 'quantity' | 'unitPrice' | 'discountRate' | 'subtotal' | 'discount'>;

function creditedItem(ledger: Ledger, k: number, share: ItemFigures, shown?: Presentation): ItemParts {
  const item = ledger.invoice.items[k] as DocumentItem;
  const whole = ledger.touched[k] === false && share.net === (ledger.left[k] as ItemFigures).net;
  const inclusive = item.tax_type === 'included';
  const unit = inclusive ? grossOf(share) : share.net;
  const p: Presentation =
    shown ??
    (whole
      ? { quantity: item.quantity, unitPrice: item.unit_price, discountRate: item.discount_rate, subtotal: big(item.subtotal_cents), discount: big(item.discount_cents) }
      : { quantity: 1, unitPrice: majorNumber(unit, ledger.minorUnits), discountRate: 0, subtotal: share.net, discount: 0n });
  return {
    id: null,
    description: item.description ?? null,
    productCode: item.product_code ?? null,
    ...p,
    tax1: slotOf(item, 1, share.taxes[0] as bigint, share.taxable[0] as bigint) as TaxSlot,
    tax2: slotOf(item, 2, share.taxes[1] as bigint, share.taxable[1] as bigint),
    status: (item.tax_status ?? null) as TaxStatus | null,
    invoiceItem: k,
    ...(inclusive ? { taxIncluded: true } : {}),
  };
}

/** The credited items of everything left of the invoice (an item credited in full before, none). */
function allLeft(ledger: Ledger): ItemParts[] {
  const parts: ItemParts[] = [];
  ledger.left.forEach((l, k) => {
    if (l.net > 0n || l.taxes.some((t) => t > 0n)) parts.push(creditedItem(ledger, k, l));
  });
  return parts;
}

/** The credit note's items with the ids `options.itemIds` gives, one per item; the issues found so far thrown. */
function withItemIds(parts: ItemParts[], ids: readonly number[] | undefined, issues: TaxRulesIssue[]): ItemParts[] {
  if (ids !== undefined && ids.length !== parts.length && issues.length === 0) {
    issues.push({ path: ['options', 'itemIds'], code: 'malformed', message: `options.itemIds has ${ids.length} ids for the credit note's ${parts.length} items` });
  }
  if (issues.length > 0) throw errorFromIssues(issues);
  return ids === undefined ? parts : parts.map((p, i) => ({ ...p, id: ids[i] as number }));
}


/** The credit note of a ledger's credited items. */
function creditNote(ledger: Ledger, parts: ItemParts[], o: CreditNoteOptions | DocumentOptions, date: string, payment: Parameters<typeof paymentOf>[0], fields: RecordedFields): BillingDocument {
  const inv = ledger.invoice;
  if (parts.every((p) => p.subtotal - p.discount === 0n && p.tax1.amount === 0n && (p.tax2?.amount ?? 0n) === 0n)) {
    throw errorFromIssues([{ path: ['options', 'invoice'], code: 'unprocessable', message: `invoice ${inv.number} is refunded in full already: nothing is left to credit` }]);
  }
  const head: DocumentHead = {
    id: o.id,
    type: 'Credit',
    created_at: String(o.createdAt),
    number: o.number,
    issue_date: date,
    related_document: { id: inv.id, type: 'Invoice' },
    currency: inv.currency,
    contact: inv.contact,
    // The customer's address and tax ID as the invoice has them (copiedFieldIssues checked them).
    ...(Object.fromEntries(['country', ...CUSTOMER_FIELDS].map((k) => [k, inv[k as keyof BillingDocument]])) as Pick<BillingDocument, 'country' | (typeof CUSTOMER_FIELDS)[number]>),
    tax_notes: inv.tax_notes ?? [],
    payment_processor: inv.payment_processor,
    // The spec: the credit note's processor_id is the invoice's with the Unix timestamp appended.
    payment_processor_id: inv.payment_processor_id === null ? null : `${inv.payment_processor_id}${o.createdAt}`,
    processor_fee_cents: null,
    ...(inv.exchange_rate === undefined ? {} : { exchange_rate: inv.exchange_rate }),
    coupon: null,
    ...fields,
  };
  // A refund not recorded with the credit note leaves it outstanding, without payments.
  return renderDocument(head, parts, ledger.minorUnits, (total) => ((o as CreditNoteOptions).recordRefund === false ? null : paymentOf(payment, o, total, ledger.minorUnits, date)));
}

/** A credit note may not be dated before its invoice. */
function dateIssue(date: string, inv: BillingDocument, path: Path, issues: TaxRulesIssue[]): void {
  if (date < inv.issue_date) issues.push({ path, code: 'unprocessable', message: `${path.join('.')} ${date} is before the invoice's issue date ${inv.issue_date}: a credit note follows its invoice` });
}

/** The invoice item a refund item credits: by product_code, else description, else the invoice's only item; the first not yet taken. */
function matchItem(inv: BillingDocument, item: NonNullable<TransactionRequestOutput['items']>[number], taken: Set<number>, path: Path, issues: TaxRulesIssue[]): number | null {
  const candidates: number[] = [];
  inv.items.forEach((it, k) => {
    if (item.product_code !== undefined ? it.product_code === item.product_code : item.description != null ? it.description === item.description : inv.items.length === 1) candidates.push(k);
  });
  const free = candidates.find((k) => !taken.has(k));
  if (free !== undefined) {
    taken.add(free);
    return free;
  }
  const by = item.product_code !== undefined ? `product_code ${quoted(item.product_code, 60)}` : item.description != null ? `description ${quoted(item.description, 60)}` : null;
  issues.push({
    path,
    code: 'unprocessable',
    message:
      by === null
        ? `${path.join('.')}: the invoice has ${inv.items.length} items; name the item refunded by product_code or description`
        : candidates.length === 0
          ? `${path.join('.')}: no item of invoice ${inv.number} has ${by}`
          : `${path.join('.')}: every item of invoice ${inv.number} with ${by} is refunded by an earlier item of this refund`,
  });
  return null;
}

/** A refund item's tax, where it says anything beyond its country, must be the invoice item's: a credit note credits the taxes the sale charged. */
function sameTaxes(item: NonNullable<TransactionRequestOutput['items']>[number], inv: DocumentItem, path: Path, issues: TaxRulesIssue[]): void {
  const t = item.tax;
  const units = (v: number | undefined): number | null => (v === undefined ? null : rateUnitsOf(decimalOf(v) ?? { units: -1n, scale: 0 }));
  const differ: string[] = [];
  if (t.name !== undefined && t.name !== inv.tax_1_name) differ.push(`name ${quoted(t.name, 40)} (the invoice's: ${quoted(inv.tax_1_name, 40)})`);
  if (t.rate !== undefined && units(t.rate) !== Math.round(inv.tax_1_rate * RATE_SCALE)) differ.push(`rate ${t.rate} (the invoice's: ${inv.tax_1_rate})`);
  if (t.tax_code !== undefined && t.tax_code !== inv.tax_1_transaction_type) differ.push(`tax_code ${t.tax_code} (the invoice's: ${inv.tax_1_transaction_type})`);
  if (t.additional_name !== undefined && t.additional_name !== inv.tax_2_name) differ.push(`additional_name ${quoted(t.additional_name, 40)} (the invoice's: ${quoted(inv.tax_2_name, 40)})`);
  if (t.additional_rate !== undefined && units(t.additional_rate) !== (inv.tax_2_rate === null ? null : Math.round(inv.tax_2_rate * RATE_SCALE))) differ.push(`additional_rate ${t.additional_rate} (the invoice's: ${inv.tax_2_rate})`);
  if (differ.length > 0) {
    issues.push({ path: [...path, 'tax'], code: 'unprocessable', message: `${path.join('.')}.tax differs from the invoice item it refunds: ${differ.join('; ')}; a credit note credits the taxes of the sale` });
  }
}

/**
 * What a refund item takes of invoice item `k`: `quantity × amount − discount`, net — or
 * gross, taxes included, when the invoice item was priced with tax included (its `tax_type`):
 * a refund reads its amounts as its sale read them. Null with an issue added when it is
 * malformed, nothing, or more than is left of the item.
 */
function refundedItem(ledger: Ledger, k: number, item: NonNullable<TransactionRequestOutput['items']>[number], path: Path, issues: TaxRulesIssue[]): ItemParts | null {
  const read = itemAmounts(item, { rate: item.discount_rate ?? 0, path: [...path, 'discount_rate'] }, ledger.minorUnits, ledger.invoice.currency, path, issues);
  if (read === null) return null;
  const { unit, discountUnits, subtotal } = read;
  const discount = percentOf(subtotal, discountUnits);
  const amount = subtotal - discount;
  const l = ledger.left[k] as ItemFigures;
  const inclusive = (ledger.invoice.items[k] as DocumentItem).tax_type === 'included';
  const left = inclusive ? grossOf(l) : l.net;
  const terms = inclusive ? 'gross amount (taxes included, as its invoice item was priced)' : 'net amount';
  if (amount > left) {
    issues.push({
      path: [...path, 'amount'],
      code: 'unprocessable',
      message: `${path.join('.')} refunds ${majorNumber(amount, ledger.minorUnits)} of invoice item ${k}, of which ${majorNumber(left, ledger.minorUnits)} is left to refund (its ${terms})`,
    });
    return null;
  }
  if (amount === 0n) {
    issues.push({ path: [...path, 'amount'], code: 'unprocessable', message: `${path.join('.')} refunds nothing (its ${terms} is 0)` });
    return null;
  }
  const share = shareOf(ledger, k, amount, inclusive);
  // Priced with tax included, a discounted item shows the net of its gross subtotal, solved as its invoice item's (render.ts, netParts).
  const listNet = !inclusive || discount === 0n ? null : BigInt(price(linesOf(ledger.invoice.items[k] as DocumentItem), normalMinor(subtotal), 'inclusive').subtotal);
  const shown = inclusive ? netParts(listNet, share.net) : { subtotal, discount };
  return creditedItem(ledger, k, share, { quantity: item.quantity ?? 1, unitPrice: majorNumber(unit, ledger.minorUnits), discountRate: rateNumber(discountUnits), ...shown });
}

/** The refund of a sale (`POST /transactions`, `type: refund`): a credit note against `options.invoice`. */
export function buildRefund(req: TransactionRequestOutput, _seller: PreparedAccount, o: DocumentOptions, engine: Engine): BillingDocument {
  if (o.invoice === undefined) {
    throw errorFromIssues([{ path: ['options', 'invoice'], code: 'missing', message: 'options.invoice is required for a refund: the invoice of the sale it refunds (the one with the same processor and processor_id)' }]);
  }
  const ledger = ledgerOf(o.invoice, o.credits, engine);
  const inv = ledger.invoice;
  const issues: TaxRulesIssue[] = [];
  for (const key of ['processor', 'processor_id'] as const) {
    if (req[key] === undefined || req[key] === null) issues.push({ path: [key], code: 'missing', message: `${key} is required for a refund: the sale's ${key} links the refund to its invoice` });
  }
  if (issues.length === 0 && (req.processor !== inv.payment_processor || req.processor_id !== inv.payment_processor_id)) {
    issues.push({
      path: ['processor_id'],
      code: 'unprocessable',
      message: `processor ${quoted(req.processor, 40)} and processor_id ${quoted(req.processor_id, 60)} are not those of invoice ${inv.number} (${quoted(inv.payment_processor, 40)}, ${quoted(inv.payment_processor_id, 60)}): the refund is not linked to it`,
    });
  }
  if (req.currency && req.currency.toUpperCase() !== inv.currency) issues.push({ path: ['currency'], code: 'unprocessable', message: `currency ${req.currency} is not the invoice's (${inv.currency}): a refund is in the currency of its sale` });
  const date = dateOf(req, o.createdAt);
  dateIssue(date, inv, ['date'], issues);
  const customer = req.customer;
  if (customer !== undefined) {
    const fields = Object.keys(customer).filter((k) => k !== 'id');
    const invoiceContact = inv.contact?.id;
    if (fields.length > 0) issues.push({ path: ['customer'], code: 'unprocessable', message: `customer: a refund's customer is the sale's; give only its id (not ${fields.slice(0, 3).join(', ')})` });
    else if (invoiceContact === undefined || invoiceContact === null) {
      issues.push({ path: ['customer', 'id'], code: 'unprocessable', message: `customer.id ${customer.id}: the contact of invoice ${inv.number} has no id (its sale was built without options.contactId), so no id names it; leave customer out, the refund's contact is the invoice's` });
    } else if (customer.id !== invoiceContact) issues.push({ path: ['customer', 'id'], code: 'unprocessable', message: `customer.id ${customer.id} is not the contact of invoice ${inv.number} (${quoted(invoiceContact, 20)})` });
  }
  const rate = req.exchange_rate ?? (o.exchangeRate === undefined ? undefined : Number(o.exchangeRate));
  if (rate !== undefined && rate !== (inv.exchange_rate ?? 1)) {
    issues.push({ path: req.exchange_rate != null ? ['exchange_rate'] : ['options', 'exchangeRate'], code: 'unprocessable', message: `exchange rate ${rate} is not the invoice's (${inv.exchange_rate ?? 1}): a credit note takes the exchange rate of its invoice` });
  }
  if (o.coupon !== undefined) issues.push({ path: ['options', 'coupon'], code: 'unprocessable', message: "options.coupon is for a sale: a refund credits the invoice's discounted amounts" });
  const parts: ItemParts[] = [];
  if (req.items === undefined) {
    // No items: what is left of the invoice is refunded.
    parts.push(...allLeft(ledger));
  } else {
    const taken = new Set<number>();
    req.items.forEach((item, i) => {
      const path: Path = ['items', i];
      const k = matchItem(inv, item, taken, path, issues);
      if (k === null) return;
      sameTaxes(item, inv.items[k] as DocumentItem, path, issues);
      const part = refundedItem(ledger, k, item, path, issues);
      if (part !== null) parts.push(part);
    });
  }
  const withIds = withItemIds(parts, o.itemIds, issues);
  return creditNote(ledger, withIds, o, date, req.payment, recordedFields(req, engine.rules, o.ipCountry));
}

/**
 * `POST /credits` as a pure function: the credit note of `options.invoice`, for
 * `credited_amount` (the invoice's total and taxes together; only for an invoice of one item)
 * or, without it, for what is left of the invoice. Dated the UTC day of `options.createdAt`.
 * The refund is recorded with it (the spec: "records the refund automatically"), so it is
 * `paid`; with `options.recordRefund: false` it has no payment and is `outstanding` until
 * `recordCreditPayment` records payments reaching its total. Throws TaxRulesError (400, 422)
 * listing every issue.
 *
 * @example
 * ```ts
 * import { buildCreditNote, buildDocument, defineAccount } from 'taxrules';
 *
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss' }] });
 * const invoice = buildDocument(
 *   { date: '2026-06-01', customer: { first_name: 'Lea', country: 'DE' }, items: [{ description: 'Team plan', product_code: 'team', amount: '100.00', tax: { country: 'DE', tax_code: 'saas' } }],
 *     payment: { method: 'credit_card' }, processor: 'stripe', processor_id: 'ch_1' },
 *   seller,
 *   { id: 1, number: 'INV-1', createdAt: 1780315200 }, // 2026-06-01 12:00 UTC
 * );
 *
 * // 59.50 of the invoice's 119.00, taxes included, credited the next day.
 * buildCreditNote({ invoice_id: 1, credited_amount: 59.5 }, { id: 2, number: 'CN-1', createdAt: 1780401600, invoice });
 * // { type: 'Credit', state: 'paid', issue_date: '2026-06-02', total_cents: 5950,
 * //   related_document: { id: 1, type: 'Invoice' }, items: [{ tax_1_rate: 19, tax_1_amount_cents: 950, … }], … }
 * ```
 */
export function buildCreditNote(request: CreditRequest, options: CreditNoteOptions, engine?: Engine): BillingDocument;
export function buildCreditNote<R>(request: unknown extends R ? R : never, options: CreditNoteOptions, engine?: Engine): BillingDocument;
export function buildCreditNote(request: unknown, options: unknown, engine?: Engine): BillingDocument {
  try {
    const o = readCreditOptions(options);
    const req = parseRequest(documentSchemas().credit, request, 2, undefined, o.spanishElectronicInvoicing === true ? SPANISH_IGNORED_FIELDS : []);
    const ledger = ledgerOf(o.invoice, o.credits, engine ?? engineFor(o.rules));
    const inv = ledger.invoice;
    const issues: TaxRulesIssue[] = [];
    if (req.invoice_id !== inv.id) issues.push({ path: ['invoice_id'], code: 'unprocessable', message: `invoice_id ${req.invoice_id} is not options.invoice (${inv.id})` });
    const date = dateOf({ date: undefined }, o.createdAt);
    dateIssue(date, inv, ['options', 'createdAt'], issues);
    const parts: ItemParts[] = [];
    if (req.credited_amount !== undefined) {
      const amount = amountIn(req.credited_amount, ledger.minorUnits, inv.currency, ['credited_amount'], issues);
      const leftTotal = grossOf(ledger.left[0] as ItemFigures);
      if (inv.items.length !== 1) {
        issues.push({ path: ['credited_amount'], code: 'unprocessable', message: `credited_amount is only for an invoice with one single item; invoice ${inv.number} has ${inv.items.length}: refund its items instead` });
      } else if (amount !== null && amount === 0n) {
        issues.push({ path: ['credited_amount'], code: 'malformed', message: 'credited_amount must be more than 0' });
      } else if (amount !== null && amount > leftTotal) {
        issues.push({
          path: ['credited_amount'],
          code: 'unprocessable',
          message: `credited_amount ${majorNumber(amount, ledger.minorUnits)} is more than is left of invoice ${inv.number} (total ${majorNumber(big(inv.total_cents), ledger.minorUnits)}, ${majorNumber(leftTotal, ledger.minorUnits)} left)`,
        });
      } else if (amount !== null) {
        parts.push(creditedItem(ledger, 0, shareOf(ledger, 0, amount, true)));
      }
    } else parts.push(...allLeft(ledger));
    const withIds = withItemIds(parts, o.itemIds, issues);
    // What a credit note says that its invoice does not: `POST /credits` has none of a transaction's fields.
    const none = { po_number: null, tag_list: null, notes: null, custom_metadata: null, evidence: null, shipping_address: null };
    return creditNote(ledger, withIds, o, date, { method: req.payment_method, processor: null, processor_id: null }, none);
  } catch (error) {
    throw unreadable(error, []);
  }
}
