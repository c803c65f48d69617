/**
 * `POST /transactions` (version 20241028) as a pure function: a sale becomes an invoice (or a
 * receipt), a refund a credit note (see credit.ts). A sale is parsed (items.ts), priced by the
 * sale routine (price.ts: core's priceSale), and rendered (render.ts, ../assemble.ts).
 */
import { errorFromIssues, type TaxRulesIssue } from '../../core/errors.js';
import { canonicalCountry } from '../../core/location.js';
import type { PreparedAccount, SellerAccount } from '../../adapters/account.js';
import { agedEngine, engineFor, maxRulesAgeOf, type Engine } from '../../adapters/engine.js';
import { unreadable } from '../../adapters/read.js';
import { documentTotals, renderDocument, type DocumentHead, type ItemParts } from '../assemble.js';
import { MAX_CENTS, MAX_DOCUMENT_ITEMS } from '../limits.js';
import { parseRequest, readDocumentOptions, SPANISH_IGNORED_FIELDS, type DocumentOptions } from './read.js';
import { documentSchemas, type TransactionRequest, type TransactionRequestOutput } from './request.js';
import { buildRefund } from './credit.js';
import { paymentOf, recordedFields } from './common.js';
import type { BillingDocument, DocumentContact } from '../../generated/answer-types.js';
import { readSale, type PricedItem, type ReadSale } from './items.js';
import { priceDocument } from './price.js';
import { itemParts, itemTaxes, shippingParts } from './render.js';

export type { DocumentOptions } from './read.js';

/**
 * `POST /transactions` (version 20241028): the billing document of a sale (an invoice) or a
 * refund (a credit note against `options.invoice`). Ids, the number and the creation time are
 * options; nothing is read from a clock, a network or a store. Throws TaxRulesError (400
 * malformed or missing, 406 an invalid value such as an unknown tax code, 422 what the
 * documents or the rules cannot answer) with every issue listed, and nothing else.
 *
 * @example
 * ```ts
 * import { buildDocument, defineAccount } from 'taxrules';
 *
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss' }] });
 * // A sale to a consumer in Germany; the stored record's id, number and creation time (2026-06-01 12:00 UTC) are options.
 * const invoice = buildDocument(
 *   {
 *     date: '2026-06-01',
 *     customer: { first_name: 'Lea', country: 'DE' },
 *     items: [{ description: 'Team plan', product_code: 'team', amount: '100.00', tax: { country: 'DE', tax_code: 'saas' } }],
 *     payment: { method: 'credit_card' },
 *     processor: 'stripe',
 *     processor_id: 'ch_1',
 *   },
 *   seller,
 *   { id: 1, number: 'INV-1', createdAt: 1780315200 },
 * );
 * // { type: 'Invoice', state: 'paid', subtotal_cents: 10000, total_cents: 11900,
 * //   items: [{ tax_1_name: 'VAT', tax_1_rate: 19, tax_1_country: 'DE', tax_1_amount_cents: 1900, total_amount: 119, … }],
 * //   tax_notes: ['Collected through the EU One-Stop Shop (OSS).'], … }
 * ```
 */
export function buildDocument(request: TransactionRequest, account: SellerAccount, options: DocumentOptions, engine?: Engine): BillingDocument;

/** A request whose static type is `unknown` (a parsed JSON body) is checked at run time like any other. */
export function buildDocument<R>(request: unknown extends R ? R : never, account: SellerAccount, options: DocumentOptions, engine?: Engine): BillingDocument;

export function buildDocument(request: unknown, account: SellerAccount, options: unknown, engine?: Engine): BillingDocument {
  try {
    const o = readDocumentOptions(options);
    const e = agedEngine(engine ?? engineFor(o.rules), maxRulesAgeOf(o));
    const seller = e.accounts.prepare(account);
    const req = parseRequest(documentSchemas().transaction, request, 6, missingItems, o.spanishElectronicInvoicing === true ? SPANISH_IGNORED_FIELDS : []);
    if (req.type === 'refund') {
      const sale = (['documentType', 'contactId'] as const).find((key) => o[key] !== undefined);
      if (sale !== undefined) throw errorFromIssues([{ path: ['options', sale], code: 'malformed', message: `options.${sale} is for a sale: a refund is a credit note, and its contact is its invoice's` }]);
      if (req.shipping_cost != null) {
        throw errorFromIssues([{ path: ['shipping_cost'], code: 'malformed', message: "shipping_cost is a sale's: a refund credits the invoice's shipping items, named in items by their description (or leave items out to refund all that is left)" }]);
      }
      return buildRefund(req, seller, o, e);
    }
    if (o.invoice !== undefined || o.credits !== undefined) {
      throw errorFromIssues([{ path: ['options', o.invoice !== undefined ? 'invoice' : 'credits'], code: 'malformed', message: 'options.invoice and options.credits are for a refund (type: refund), not a sale' }]);
    }
    return buildSale(req, seller, o, e);
  } catch (error) {
    throw unreadable(error, []);
  }
}

/** A sale needs its items (a refund may leave them out: the invoice's remaining amount is refunded). */
function missingItems(raw: unknown): TaxRulesIssue[] {
  if (typeof raw !== 'object' || raw === null) return [];
  const r = raw as Record<string, unknown>;
  return r.type !== 'refund' && r.items === undefined ? [{ path: ['items'], code: 'missing', message: 'items is required: a sale has at least one item' }] : [];
}

/**
 * The document's contact: a reference as given (`{ id }`: the stored contact's other fields
 * are the server's, never guessed here), or the new contact the sale creates, with its id
 * (`options.contactId`) and the spec's defaults for what the request leaves out (`kind`
 * `company`, `tax_status` `taxable`).
 */
function contactOf(customer: TransactionRequestOutput['customer'], contactId: number | undefined): DocumentContact | null {
  if (customer === undefined) return null;
  if (customer.id !== undefined) return { ...customer };
  return { ...(contactId === undefined ? {} : { id: contactId }), ...customer, kind: customer.kind ?? 'company', tax_status: customer.tax_status ?? 'taxable' };
}

function buildSale(req: TransactionRequestOutput, seller: PreparedAccount, o: DocumentOptions, engine: Engine): BillingDocument {
  const issues: TaxRulesIssue[] = [];
  const read = readSale(req, seller, o, engine, issues);
  const priced = priceDocument(req, seller, o, engine, read, issues);
  if (priced === null) throw errorFromIssues(issues);
  const notes: string[] = [];
  const parts: ItemParts[] = [];
  read.items.forEach((p, k) => {
    const t = itemTaxes(p, k, priced.lines[k] ?? null, issues, notes);
    if (t !== null) parts.push(itemParts(p, k, priced, o, t));
  });
  parts.push(...shippingParts(read, priced.deliveries, notes, issues));
  if (issues.length > 0) throw errorFromIssues(issues);
  if (parts.length > MAX_DOCUMENT_ITEMS) {
    throw errorFromIssues([{ path: ['shipping_cost'], code: 'unprocessable', message: `the shipping cost's items (one per place and tax of the goods) take the document to ${parts.length} items; at most ${MAX_DOCUMENT_ITEMS} are allowed` }], 422);
  }
  if (documentTotals(parts).total > BigInt(MAX_CENTS)) throw errorFromIssues([{ path: ['items'], code: 'malformed', message: 'the document total is beyond what a document holds exactly (15 digits in minor units)' }]);
  return renderInvoice(req, o, read, priced.discounts.coupon, parts, notes, engine);
}

/** The invoice (or receipt) of a sale from its items. */
function renderInvoice(req: TransactionRequestOutput, o: DocumentOptions, read: ReadSale, coupons: readonly bigint[], parts: readonly ItemParts[], notes: string[], engine: Engine): BillingDocument {
  const customer = req.customer;
  const couponTotal = coupons.reduce((a, b) => a + b, 0n);
  const head: DocumentHead = {
    id: o.id,
    type: o.documentType === 'receipt' ? 'Receipt' : 'Invoice',
    created_at: String(o.createdAt),
    number: o.number,
    issue_date: read.date,
    related_document: null,
    currency: read.currency,
    contact: contactOf(customer, o.contactId),
    country: customer?.country ? canonicalCountry(engine.rules, customer.country) : (read.items[0] as PricedItem).country,
    postal_code: customer?.postal_code ?? null,
    region: customer?.region ?? null,
    city: customer?.city ?? null,
    street_line_1: customer?.street_line_1 ?? null,
    street_line_2: customer?.street_line_2 ?? null,
    tax_id: customer?.tax_id ?? null,
    tax_notes: notes,
    payment_processor: req.processor ?? null,
    payment_processor_id: req.processor_id ?? null,
    processor_fee_cents: req.processor_fee_cents ?? null,
    ...(read.exchangeRate === undefined ? {} : { exchange_rate: read.exchangeRate }),
    coupon: o.coupon === undefined ? null : { code: o.coupon.code, discount_cents: Number(couponTotal) },
    ...recordedFields(req, engine.rules, o.ipCountry),
  };
  return renderDocument(head, parts, read.minorUnits, (total) => paymentOf(req.payment, o, total, read.minorUnits, read.date));
}
