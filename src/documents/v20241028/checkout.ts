/**
 * The `checkout.succeeded` webhook (spec: "Events"): the payload the service delivers when a
 * customer completes a purchase on a checkout session, built from the invoice of the sale and
 * what only the server knows of the session (its id, permalink and type, the gateway's
 * answer). The amounts, the tax and the contact are the document's, never worked out again.
 */
import { errorFromIssues, type TaxRulesIssue } from '../../core/errors.js';
import { formatMinor } from '../../core/money.js';
import { minorUnitsIn } from './common.js';
import type { RuleSet } from '../../core/ruleset.js';
import { packagedRuleSet } from '../../default-rules.js';
import { readOptions, RULE_SET, unreadable, type OptionCheck } from '../../adapters/read.js';
import { MAX_TAX_DATE } from '../../adapters/schemas.js';
import { checkedDocument } from './final.js';
import type { BillingDocument, CheckoutContact, CheckoutWebhook } from '../../generated/answer-types.js';

export type { CheckoutContact, CheckoutTransactionDetails, CheckoutWebhook } from '../../generated/answer-types.js';

/** What only the server knows of the checkout session and its payment. */
export interface CheckoutWebhookOptions {
  /** The checkout session's id. */
  readonly session: number;
  /** The session's permalink (default null). */
  readonly sessionPermalink?: string | null;
  /** The session's type, as the server names it (default null). */
  readonly type?: string | null;
  /** The gateway's answer to the payment: `data.object.message`. */
  readonly message: { readonly response_message: string; readonly status_code: number };
  /** The payment processor's id of the customer (default null). */
  readonly customer?: string | null;
  /** When the notification was issued, Unix seconds (default the document's `created_at`). */
  readonly iat?: number;
  readonly rules?: RuleSet;
}

const isText = (v: unknown): boolean => typeof v === 'string' && v.length <= 2000;
const textOrNull = (v: unknown): boolean => v === null || isText(v);
const isMessage = (v: unknown): boolean => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  const m = v as Record<string, unknown>;
  return keys.length === 2 && isText(m.response_message) && typeof m.status_code === 'number' && Number.isSafeInteger(m.status_code) && m.status_code >= 100 && m.status_code <= 999;
};

const CHECKS: { readonly [K in keyof CheckoutWebhookOptions]-?: OptionCheck } = {
  session: [(v) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0, "a positive integer (the checkout session's id)"],
  sessionPermalink: [textOrNull, 'text or null'],
  type: [textOrNull, 'text or null'],
  message: [isMessage, '{ response_message, status_code }: text and a status code from 100 to 999'],
  customer: [textOrNull, 'text or null'],
  iat: [(v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= MAX_TAX_DATE, `whole Unix seconds from 0 to ${MAX_TAX_DATE}`],
  rules: RULE_SET,
};

/** The one value every item has, else null (no item, or items that differ). */
function shared<T>(values: readonly T[]): T | null {
  const first = values[0];
  return first !== undefined && values.every((v) => v === first) ? first : null;
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * The `checkout.succeeded` webhook of a sale made through a checkout session: `{ event_type,
 * data: { object: { message, transaction_details, contact } } }`, as the spec's payload table
 * has it. From the document (an invoice or a receipt, not voided): the gateway and
 * transaction (its processor and processor id), the amount, its currency, the tax and extra
 * tax (its items' first and second tax: a payload names one of each, so items taxed at
 * different rates are refused, 422), the product id and description the items share, and the
 * contact (its fields, with the document's address and tax ID). From the options: the
 * session's id, permalink and type, the gateway's message, the processor's customer id, and
 * `iat` (default the document's `created_at`). Throws TaxRulesError (400, 422).
 *
 * @example
 * ```ts
 * import { buildDocument, checkoutWebhook, defineAccount } from 'taxrules';
 *
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss' }] });
 * const invoice = buildDocument(
 *   { date: '2026-06-01', customer: { first_name: 'Lea', country: 'DE' }, items: [{ description: 'Team plan', product_code: 'team', amount: '100.00', tax: { country: 'DE', tax_code: 'saas' } }],
 *     payment: { method: 'credit_card' }, processor: 'stripe', processor_id: 'ch_1' },
 *   seller,
 *   { id: 1, number: 'INV-1', createdAt: 1780315200 }, // 2026-06-01 12:00 UTC
 * );
 *
 * checkoutWebhook(invoice, { session: 12, type: 'payment', message: { response_message: 'Approved', status_code: 200 } });
 * // { event_type: 'checkout.succeeded', data: { object: {
 * //   transaction_details: { session: 12, gateway: 'stripe', transaction: 'ch_1', product_id: 'team',
 * //     tax_name: 'VAT', tax_rate: 19, amount_cents: 11900, amount: '119.00', currency: 'EUR', iat: 1780315200, … },
 * //   contact: { first_name: 'Lea', country: 'DE', … }, … } } }
 * ```
 */
export function checkoutWebhook(document: BillingDocument, options: CheckoutWebhookOptions): CheckoutWebhook {
  try {
    const o = readOptions<CheckoutWebhookOptions>(options, CHECKS);
    const { doc, minorUnits } = checkedSale(document, o);
    const item = doc.items[0];
    return {
      event_type: 'checkout.succeeded',
      data: {
        object: {
          message: { response_message: (o.message as CheckoutWebhookOptions['message']).response_message, status_code: (o.message as CheckoutWebhookOptions['message']).status_code },
          transaction_details: {
            session: o.session,
            session_permalink: o.sessionPermalink ?? null,
            gateway: doc.payment_processor,
            type: o.type ?? null,
            description: doc.subject ?? shared(doc.items.map((i) => i.description)),
            customer: o.customer ?? null,
            email: text((doc.contact ?? {}).email),
            transaction: doc.payment_processor_id,
            product_id: shared(doc.items.map((i) => i.product_code)),
            tax_name: item?.tax_1_name ?? null,
            tax_rate: item?.tax_1_rate ?? 0,
            extra_tax_name: item?.tax_2_name ?? null,
            extra_tax_rate: item?.tax_2_rate ?? null,
            iat: o.iat ?? Number(doc.created_at),
            amount_cents: doc.total_cents,
            amount: formatMinor(doc.total_cents, minorUnits),
            currency: doc.currency,
          },
          contact: contactOf(doc),
        },
      },
    };
  } catch (error) {
    throw unreadable(error, []);
  }
}

/** The options' required fields and the document, checked: a sale's (not a credit note), not voided, its items at one tax rate each, in a known currency. */
function checkedSale(document: BillingDocument, o: CheckoutWebhookOptions): { doc: BillingDocument; minorUnits: number } {
  const issues: TaxRulesIssue[] = [];
  if (o.session === undefined) issues.push({ path: ['options', 'session'], code: 'missing', message: "options.session is required: the checkout session's id" });
  if (o.message === undefined) issues.push({ path: ['options', 'message'], code: 'missing', message: "options.message is required: the gateway's { response_message, status_code }" });
  if (issues.length > 0) throw errorFromIssues(issues);
  const doc = checkedDocument(document, ['document']);
  if (doc.type === 'Credit') issues.push({ path: ['document', 'type'], code: 'unprocessable', message: 'document is a credit note: checkout.succeeded is the webhook of a sale (an invoice or a receipt)' });
  if (doc.state === 'voided') issues.push({ path: ['document', 'state'], code: 'unprocessable', message: `document ${doc.number} is voided: its checkout did not succeed` });
  const tax1 = new Set(doc.items.map((i) => `${i.tax_1_name}\u0000${i.tax_1_rate}`));
  const tax2 = new Set(doc.items.map((i) => `${i.tax_2_name}\u0000${i.tax_2_rate}`));
  if (tax1.size > 1 || tax2.size > 1) {
    issues.push({ path: ['document', 'items'], code: 'unprocessable', message: `document ${doc.number} has items taxed at different rates: a checkout.succeeded payload names one tax_rate and one extra_tax_rate` });
  }
  const minorUnits = minorUnitsIn(o.rules ?? packagedRuleSet, doc.currency, ['document', 'currency'], issues);
  if (issues.length > 0 || minorUnits === undefined) throw errorFromIssues(issues);
  return { doc, minorUnits };
}

/** The payload's contact: the document's contact with its address and tax ID. */
function contactOf(doc: BillingDocument): CheckoutContact {
  const c = doc.contact ?? {};
  const first = text(c.first_name);
  const last = text(c.last_name);
  const full = [first, last].filter((n) => n !== null && n !== '').join(' ');
  const fullName = full === '' ? null : full;
  return {
    id: typeof c.id === 'number' ? c.id : null,
    kind: text(c.kind),
    first_name: first,
    last_name: last,
    full_name: fullName,
    contact_name: text(c.contact_person) ?? fullName,
    street_line_1: doc.street_line_1,
    postal_code: doc.postal_code,
    city: doc.city,
    region: doc.region,
    country: doc.country,
    email: text(c.email),
    web: text(c.web),
    language: text(c.language),
    tax_id: doc.tax_id,
    vat_number: doc.tax_id,
  };
}
