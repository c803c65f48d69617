/**
 * The zod schemas of the account and of the v20260309 request and response. They are built
 * on first use, not at import: building them takes milliseconds of a cold start, and the
 * calculation paths read plainly valid input without them (they are needed to report what
 * is wrong with the rest). The `taxrules/schemas` entry exports them as values.
 */
import * as z from 'zod/mini';
import { onFirstUse } from './zod-english.js';
import type { JurisdictionLevel, TaxReason } from '../core/types.js';
import { dayNumber } from '../core/dates.js';
import { AMOUNT_RE, COUNTRY_RE, CURRENCY_RE } from './input.js';
import type * as S from '../schema-types.js';
import { metadataSchema } from './metadata.js';

export { TAX_CODES } from '../generated/tax-codes.js';
import { TAX_CODES } from '../generated/tax-codes.js';
import { PRODUCT_TYPES } from '../core/products.js';
import { minLength, maxLength } from './lengths.js';
export { PRODUCT_TYPES };
export const BEHAVIORS = ['exclusive', 'inclusive'] as const;
export const JURISDICTION_LEVELS = ['country', 'state', 'province', 'territory', 'scheme', 'county', 'city', 'district'] as const satisfies readonly JurisdictionLevel[];
/** The spec's cap on items per document. */
export const MAX_LINE_ITEMS = 200;
/** The most addresses an account's history holds. */
export const MAX_ADDRESSES = 1000;
/** The cap on an account's registrations: a few per jurisdiction, hundreds of jurisdictions. */
export const MAX_REGISTRATIONS = 10_000;
/** The longest amount (characters): 10³⁰ with decimals is far beyond any sale, and the work of a longer one grows with its square. */
export const MAX_AMOUNT_LENGTH = 40;
/** The last second of year 9999 (9999-12-31T23:59:59Z): the latest `tax_date` there is a calendar date for. */
export const MAX_TAX_DATE = 253_402_300_799;

/** The longest `web` of an account (characters), as of a contact. */
export const MAX_WEB_LENGTH = 255;
/** A `web` address: a URI with a scheme (the spec's "URI format"), no white space. */
export const WEB_RE = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;

/** The most tax IDs a calculation's customer gives (`customer_tax_ids`). */
export const MAX_CUSTOMER_TAX_IDS = 10;

/** A customer's own tax status, as the spec's contact has it. */
export const CUSTOMER_TAX_STATUSES = ['taxable', 'exempt', 'reverse'] as const;

/** Every machine reason of a tax (rules/schema/common.schema.json `taxReason`): checked whole, each once, against the type. */
const REASON_LIST = {
  standard_rated: 0,
  reduced_rated: 0,
  ebook_rated: 0,
  partially_taxable: 0,
  product_exempt: 0,
  not_taxable_in_jurisdiction: 0,
  no_tax_in_jurisdiction: 0,
  no_consumption_tax: 0,
  excluded_territory: 0,
  zero_rated: 0,
  outside_scope: 0,
  not_registered: 0,
  unsupported_country: 0,
  eu_reverse_charge: 0,
  reverse_charge: 0,
  import_vat: 0,
  import_vat_at_border: 0,
  customer_exempt: 0,
  customer_reverse_charge: 0,
  delivery_not_taxable: 0,
  product_reduced_rate: 0,
  below_price_limit: 0,
  above_price_limit_part: 0,
  tax_holiday: 0,
} satisfies Record<TaxReason, 0>;

/** The machine reasons an answer's tax can carry: a closed list. */
export const TAX_REASONS = /* @__PURE__ */ Object.keys(REASON_LIST) as [TaxReason, ...TaxReason[]];

function buildAccountSchemas() {
  const dateText = z.string().check(z.refine((s) => !Number.isNaN(dayNumber(s)), { message: 'must be a calendar date YYYY-MM-DD' }));
  const optionalDate = z.optional(z.union([dateText, z.literal(''), z.null()]));

  /** A registration of the account (the spec's tax ID of the account). Strict: a misspelt field is refused, never ignored. */
  const registration = z.strictObject({
    jurisdiction_id: z.int().check(z.positive()),
    value: z.optional(z.string()),
    valid_from: optionalDate,
    valid_until: optionalDate,
    permanent_establishment: z.optional(z.boolean()),
    import_scheme: z.optional(z.boolean()),
    /** When the registration was created (Unix seconds, the spec's response field): without `valid_from`, it counts from 1 January of that year (UTC). */
    created_at: z.optional(z.int().check(z.nonnegative(), z.maximum(MAX_TAX_DATE, 'must be a time before the year 10000'))),
  });

  /** One address of the seller's history, with the days it was the seller's (Connect accounts' addresses). */
  const address = z.strictObject({
    country: z.string().check(z.regex(COUNTRY_RE, 'must be a 2-letter ISO 3166-1 code')),
    postal_code: z.optional(z.nullable(z.string().check(maxLength(20, 'must be at most 20 characters')))),
    region: z.optional(z.nullable(z.string().check(maxLength(100, 'must be at most 100 characters')))),
    valid_from: optionalDate,
    valid_until: optionalDate,
  });

  /** The seller: where it is, its defaults, and where it is registered. */
  const account = z.strictObject({
    country: z.string().check(z.regex(COUNTRY_RE, 'must be a 2-letter ISO 3166-1 code')),
    postal_code: z.optional(z.nullable(z.string().check(maxLength(20, 'must be at most 20 characters')))),
    region: z.optional(z.nullable(z.string().check(maxLength(100, 'must be at most 100 characters')))),
    /** The seller's web site (the spec: accounts carry `web`, a URI): kept as given, it decides no tax. */
    web: z.optional(z.nullable(z.string().check(maxLength(MAX_WEB_LENGTH, `must be at most ${MAX_WEB_LENGTH} characters`), z.regex(WEB_RE, 'must be a URI such as https://example.com')))),
    currency: z.string().check(z.regex(CURRENCY_RE, 'must be a 3-letter ISO 4217 code')),
    default_tax_code: z.optional(z.enum(TAX_CODES)),
    default_product_type: z.optional(z.enum(PRODUCT_TYPES)),
    registrations: z.array(registration).check(maxLength(MAX_REGISTRATIONS, `has more than ${MAX_REGISTRATIONS} registrations`)),
    addresses: z.optional(z.array(address).check(maxLength(MAX_ADDRESSES, `has more than ${MAX_ADDRESSES} addresses`))),
  });
  return { registration, address, account };
}

const behaviorSchema = () => z.enum(BEHAVIORS);

/** A line of a v20260309 calculation request (strict: unknown fields are refused). */
function lineItemSchema() {
  return z.strictObject({
    reference: z.string().check(maxLength(200, 'must be at most 200 characters'), minLength(1, 'must not be empty')),
    amount: z.string().check(
      maxLength(MAX_AMOUNT_LENGTH, `must be at most ${MAX_AMOUNT_LENGTH} characters`),
      z.regex(AMOUNT_RE, 'must be a decimal string such as "100.00"'),
    ),
    quantity: z.optional(z.number().check(z.int('must be a whole number'), z.positive('must be at least 1'))),
    tax_code: z.optional(z.enum(TAX_CODES)),
    product_type: z.optional(z.enum(PRODUCT_TYPES)),
    tax_behavior: z.optional(behaviorSchema()),
    /** The code of a product of `options.products`, whose `tax_class`, `product_type` and `tax_type` are the line's defaults (as a document item's `product_code`). */
    product: z.optional(z.string().check(minLength(1, 'must not be empty'), maxLength(200, 'must be at most 200 characters'))),
    /** The seller's own data of the line (as a document's `custom_metadata`: at most 20 keys), echoed in its result; it decides no tax. */
    metadata: z.optional(metadataSchema()),
  });
}

function buildRequestSchemas() {
  const text = (max: number) => z.string().check(maxLength(max, `must be at most ${max} characters`));

  /** An address in a v20260309 calculation request. */
  const address = z.strictObject({
    country: z.string().check(z.regex(COUNTRY_RE, 'must be a 2-letter ISO 3166-1 code')),
    state: z.optional(text(100)),
    postal_code: z.optional(text(20)),
    city: z.optional(text(200)),
    line1: z.optional(text(200)),
    line2: z.optional(text(200)),
  });

  const lineItem = lineItemSchema();

  /** A delivery charge of the sale's goods, stated apart from them (see docs/line-items.md). */
  const shippingCost = z.strictObject({
    amount: z.string().check(
      maxLength(MAX_AMOUNT_LENGTH, `must be at most ${MAX_AMOUNT_LENGTH} characters`),
      z.regex(AMOUNT_RE, 'must be a decimal string such as "4.95"'),
    ),
    tax_behavior: z.optional(behaviorSchema()),
    /** The tax code of the goods the charge delivers, when it delivers only some of them: shared among those lines alone, and taxed as they are. */
    tax_code: z.optional(z.enum(TAX_CODES)),
  });

  /** The body of a v20260309 calculation request (strict, as its addresses and lines: unknown fields are refused). */
  const request = z.strictObject({
    origin_address: z.optional(z.nullable(address)),
    customer_address: address,
    customer_tax_id: z.optional(z.nullable(text(50))),
    /** The customer's tax IDs, when it has several (one per country): each validated, the first valid one decides. Not with customer_tax_id. */
    customer_tax_ids: z.optional(z.array(text(50)).check(minLength(1, 'needs at least one tax ID'), maxLength(MAX_CUSTOMER_TAX_IDS, `has more than ${MAX_CUSTOMER_TAX_IDS} tax IDs`))),
    /** The customer's own tax status (the spec's contact `tax_status`): `exempt` charges no tax, `reverse` leaves it to the customer. */
    customer_tax_status: z.optional(z.enum(CUSTOMER_TAX_STATUSES)),
    /** The exemption certificate of an exempt customer (its id, or the seller's reference), echoed in the notes. */
    customer_exemption_certificate: z.optional(z.nullable(text(100))),
    currency: z.optional(z.string().check(z.regex(CURRENCY_RE, 'must be a 3-letter ISO 4217 code'))),
    tax_date: z.optional(
      z.number().check(z.int('must be whole Unix seconds'), z.nonnegative('must not be before 1970'), z.lte(MAX_TAX_DATE, `must be at most ${MAX_TAX_DATE} (9999-12-31T23:59:59Z)`)),
    ),
    tax_behavior: z.optional(behaviorSchema()),
    /** What the seller charges for delivering the goods, apart from them: taxed as the goods it delivers, as each tax's rules say. */
    shipping_cost: z.optional(z.nullable(shippingCost)),
    line_items: z
      .array(lineItem)
      .check(
        minLength(1, 'needs at least one line item'),
        maxLength(MAX_LINE_ITEMS, `has more than ${MAX_LINE_ITEMS} items; at most ${MAX_LINE_ITEMS} are allowed per calculation`),
      ),
  });
  return { address, lineItem, shippingCost, request };
}

/** The parts of a v20260309 response a line and the shipping cost share. */
function buildLineSchemas() {
  const decimal = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));
  const statusSchema = z.enum(['taxable', 'non_taxable', 'not_registered', 'reverse_charge']);

  const jurisdiction = z.object({
    id: z.nullable(z.int()),
    name: z.string(),
    country: z.string(),
    region: z.nullable(z.string()),
    level: z.enum(JURISDICTION_LEVELS),
  });

  /** One tax on one line. */
  const lineTax = z.object({
    name: z.nullable(z.string()),
    rate: decimal,
    taxable_part: decimal,
    taxable_amount: decimal,
    amount: decimal,
    status: statusSchema,
    reason: z.enum(TAX_REASONS),
    jurisdiction,
    /** A second tax of the same sale (Canadian PST/QST). */
    additional: z.boolean(),
  });

  /** What a line and the shipping cost both have: their amounts, taxes and notes. */
  const priced = {
    tax_behavior: behaviorSchema(),
    /** The amount as given. */
    amount: decimal,
    /** Net of tax. */
    amount_subtotal: decimal,
    amount_tax: decimal,
    /** Net plus tax. */
    amount_total: decimal,
    /** A shipping cost's: one per jurisdiction, tax, rate and status, each summed over the goods it was shared between. */
    taxes: z.array(lineTax),
    notes: z.array(z.string()),
  };
  const lineResult = z.object({ reference: z.string(), quantity: z.int(), tax_code: z.enum(TAX_CODES), product_type: z.enum(PRODUCT_TYPES), ...priced, metadata: z.optional(metadataSchema()), sourcing: z.optional(z.enum(['origin', 'destination'])) });

  /** The delivery charge of a calculation: taxed as the goods it delivers (shared between them in proportion to their amounts), each tax as its rules say. */
  const shippingResult = z.object(priced);
  return { decimal, statusSchema, jurisdiction, lineTax, lineResult, shippingResult };
}

function buildResponseSchemas() {
  const { decimal, statusSchema, jurisdiction, lineTax, lineResult, shippingResult } = buildLineSchemas();

  const breakdownEntry = z.object({
    jurisdiction,
    name: z.nullable(z.string()),
    rate: decimal,
    status: statusSchema,
    reason: z.enum(TAX_REASONS),
    taxable_amount: decimal,
    amount: decimal,
  });

  const context = z.object({
    customer: z.object({
      country: z.string(),
      region: z.nullable(z.string()),
      postal_code: z.nullable(z.string()),
      jurisdiction: z.nullable(jurisdiction),
      territory: z.nullable(z.object({ id: z.string(), name: z.string() })),
    }),
    customer_type: z.enum(['business', 'consumer']),
    origin: z.object({ country: z.string(), postal_code: z.nullable(z.string()) }),
    tax_date: z.string(),
  });

  /** The response of a v20260309 calculation. */
  const response = z.object({
    subtotal: decimal,
    total_tax: decimal,
    total: decimal,
    currency: z.string(),
    tax_behavior: behaviorSchema(),
    tax_context: context,
    line_items: z.array(lineResult),
    tax_breakdown: z.array(breakdownEntry),
    tax_id_validation: z.nullable(z.object({ tax_id: z.string(), country: z.string(), valid: z.nullable(z.boolean()) })),
    /** With customer_tax_ids: the verdict on each, in their order. */
    tax_ids_validation: z.optional(z.array(z.object({ tax_id: z.string(), country: z.string(), valid: z.nullable(z.boolean()) }))),
    /** The delivery charge, when the request has one: its amounts and taxes (also in the totals and the breakdown). */
    shipping_cost: z.optional(shippingResult),
  });
  return { jurisdiction, lineTax, lineResult, shippingResult, breakdownEntry, context, response };
}

type AccountSchemas = ReturnType<typeof buildAccountSchemas>;
type RequestSchemas = ReturnType<typeof buildRequestSchemas>;
type ResponseSchemas = ReturnType<typeof buildResponseSchemas>;

/** The account schemas, built on first use. */
export const accountSchemas: () => AccountSchemas = /* @__PURE__ */ onFirstUse(buildAccountSchemas);

/** The v20260309 request schemas, built on first use. */
export const requestSchemas: () => RequestSchemas = /* @__PURE__ */ onFirstUse(buildRequestSchemas);

/** The v20260309 response schemas, built on first use. */
export const responseSchemas: () => ResponseSchemas = /* @__PURE__ */ onFirstUse(buildResponseSchemas);

/**
 * An input type that also takes read-only arrays: an `as const` literal, or data the caller
 * keeps frozen, is a valid input (the library never changes its inputs).
 */
export type AcceptingReadonly<T> = T extends readonly (infer E)[] ? readonly AcceptingReadonly<E>[] : T extends object ? { [K in keyof T]: AcceptingReadonly<T[K]> } : T;

// The types the schemas describe are spelled out in src/schema-types.ts (generated, and
// checked against zod's inference by tsc), so the declaration files refer to no zod type.
export type { AccountRegistrationInput, AccountAddressInput, AccountOutput, CalculationAddress, CalculationLineItem, CalculationRequestOutput, CalculationJurisdiction, TaxContext } from '../schema-types.js';
export type AccountInput = AcceptingReadonly<S.AccountInputShape>;

export type CalculationRequest = AcceptingReadonly<S.CalculationRequestShape>;

export type LineTax = Omit<S.LineTaxShape, 'reason'> & { reason: TaxReason };
export type CalculationLineResult = Omit<S.CalculationLineResultShape, 'taxes'> & { taxes: LineTax[] };
export type TaxBreakdownEntry = Omit<S.TaxBreakdownEntryShape, 'reason'> & { reason: TaxReason };
/** The delivery charge of a calculation (`shipping_cost` of the response). */
export type ShippingCostResult = Omit<NonNullable<S.CalculationResponseShape['shipping_cost']>, 'taxes'> & { taxes: LineTax[] };
export type CalculationResponse = Omit<S.CalculationResponseShape, 'line_items' | 'tax_breakdown' | 'shipping_cost'> & {
  line_items: CalculationLineResult[];
  tax_breakdown: TaxBreakdownEntry[];
  shipping_cost?: ShippingCostResult;
};
