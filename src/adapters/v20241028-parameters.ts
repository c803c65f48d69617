/**
 * The parameters of `GET /tax_rates/calculate` (version 20241028), their kinds and the
 * query's types: the one list the readers, the checks, the error paths, the command line's flags
 * and the README's table are made from.
 */
import type { ProductType, TaxBehavior, TaxCodeId } from '../core/types.js';
import { PRODUCT_TYPES, TAX_CODES } from './account.js';
import { oneOf, TAX_CODES_LISTED_IN } from '../core/errors.js';
import { BEHAVIORS as BEHAVIOR_VALUES, CUSTOMER_TAX_STATUSES } from './schemas.js';

/**
 * What a parameter of the query holds. The kind decides the parameter's check, its type in
 * `TaxRateQuery` and its placeholder in the command line's usage.
 */
export type TaxRateParameterKind = 'country' | 'postal code' | 'text' | 'tax code' | 'behaviour' | 'product type' | 'date' | 'amount' | 'currency' | 'tax status';

/** One parameter of `GET /tax_rates/calculate` (version 20241028). */
export interface TaxRateParameter {
  readonly name: string;
  readonly kind: TaxRateParameterKind;
  /** Whether a query must have it. */
  readonly required: boolean;
  /** The longest value (after trimming) read; a longer one is refused (400) unread. */
  readonly max: number;
  readonly description: string;
  /** The fields of the neutral input it fills: an error of the core on one of them names this parameter. */
  readonly fields: readonly string[];
}

/**
 * The parameters of v20241028 in the spec's order: the one list that the readers (query
 * string, URLSearchParams, object), the checks, the `TaxRateQuery` type, the error paths,
 * the command line's flags of `quote` and the README's table are made from.
 */
export const TAX_RATE_PARAMETERS = [
  { name: 'to_country', kind: 'country', required: true, max: 2, fields: ['destination.country'], description: "The customer's country (EL and UK are read as GR and GB)." },
  {
    name: 'to_postal_code',
    kind: 'postal code',
    required: false,
    max: 32,
    fields: ['destination.postalCode', 'destination.region'],
    description: "The customer's postal code. Required for US and Canadian destinations, where the state or province decides; it also finds special territories.",
  },
  { name: 'to_city', kind: 'text', required: false, max: 200, fields: ['destination.city'], description: "The customer's city; recommended for US sales tax, and it finds special territories." },
  { name: 'to_street', kind: 'text', required: false, max: 200, fields: ['destination.street'], description: "The customer's street; recommended for US sales tax." },
  { name: 'from_country', kind: 'country', required: false, max: 2, fields: ['origin.country'], description: "The country the sale is made from; default: the account's country." },
  { name: 'from_postal_code', kind: 'postal code', required: false, max: 32, fields: ['origin.postalCode'], description: "The postal code the sale is made from; default: the account's." },
  { name: 'tax_id', kind: 'text', required: false, max: 200, fields: ['customerTaxId'], description: "The customer's tax ID: a valid one makes the customer a business." },
  { name: 'tax_code', kind: 'tax code', required: false, max: 40, fields: ['taxCode'], description: "What is sold; default: the account's default_tax_code." },
  { name: 'tax_behavior', kind: 'behaviour', required: false, max: 40, fields: ['taxBehavior'], description: 'Whether amount excludes the tax (the default) or includes it.' },
  { name: 'product_type', kind: 'product type', required: false, max: 40, fields: ['productType'], description: "Goods or services; default: the account's default_product_type." },
  { name: 'date', kind: 'date', required: false, max: 10, fields: ['date'], description: 'The tax date; default: today.' },
  { name: 'amount', kind: 'amount', required: false, max: 400, fields: ['amount'], description: "The amount of the sale, 0 or more, with at most the currency's decimals (a refund is a credit note, never a negative quote); without it the answer has no amounts." },
  { name: 'currency', kind: 'currency', required: false, max: 3, fields: ['currency'], description: "The currency of amount; default: the account's." },
  {
    name: 'tax_status',
    kind: 'tax status',
    required: false,
    max: 40,
    fields: [],
    description: "The customer's own tax status, as the spec's contact has it: taxable (the default), exempt (no tax charged) or reverse (the customer accounts for it). Not a parameter of the spec's query.",
  },
  {
    name: 'exemption_certificate',
    kind: 'text',
    required: false,
    max: 100,
    fields: [],
    description: "The certificate an exempt customer's exemption rests on; goes with tax_status=exempt. Not a parameter of the spec's query.",
  },
] as const satisfies readonly TaxRateParameter[];

type ParameterEntry = (typeof TAX_RATE_PARAMETERS)[number];

/** The name of a v20241028 parameter. */
export type TaxRateParameterName = ParameterEntry['name'];

/** The TypeScript type of each kind's value in an object query. */
interface KindValue {
  country: string;
  'postal code': string;
  text: string;
  'tax code': TaxCodeId;
  behaviour: TaxBehavior;
  'product type': ProductType;
  date: string;
  amount: string | number;
  currency: string;
  'tax status': (typeof CUSTOMER_TAX_STATUSES)[number];
}

type Simplify<T> = { [K in keyof T]: T[K] };

/** The query parameters of `GET /tax_rates/calculate` (version 20241028), made from `TAX_RATE_PARAMETERS`. */
export type TaxRateQuery = Simplify<
  { [P in ParameterEntry as P['required'] extends true ? P['name'] : never]: KindValue[P['kind']] } & {
    [P in ParameterEntry as P['required'] extends true ? never : P['name']]?: KindValue[P['kind']];
  }
>;

/** A v20241028 query: a query string (with or without its `?`), a URLSearchParams, or an object of the parameters. */
export type TaxRateQueryInput = string | URLSearchParams | Readonly<TaxRateQuery>;

const BEHAVIORS = BEHAVIOR_VALUES satisfies readonly TaxBehavior[];

/** What each kind of parameter is: its check's wording, its allowed values, its placeholder in the CLI's usage. */
export const TAX_RATE_PARAMETER_KINDS: {
  readonly [K in TaxRateParameterKind]: { readonly placeholder: string; readonly expected: string; readonly values?: readonly string[] };
} = {
  country: { placeholder: 'CC', expected: 'a 2-letter ISO 3166-1 code' },
  'postal code': { placeholder: 'CODE', expected: 'a postal code' },
  text: { placeholder: 'TEXT', expected: 'text' },
  'tax code': { placeholder: 'CODE', expected: /* @__PURE__ */ oneOf(TAX_CODES, TAX_CODES_LISTED_IN), values: TAX_CODES },
  behaviour: { placeholder: BEHAVIORS.join('|'), expected: `one of: ${BEHAVIORS.join(', ')}`, values: BEHAVIORS },
  'product type': { placeholder: PRODUCT_TYPES.join('|'), expected: `one of: ${PRODUCT_TYPES.join(', ')}`, values: PRODUCT_TYPES },
  date: { placeholder: 'YYYY-MM-DD', expected: 'a calendar date YYYY-MM-DD' },
  amount: { placeholder: 'N', expected: 'a decimal number such as 100 or 99.95' },
  currency: { placeholder: 'CUR', expected: 'a 3-letter ISO 4217 code' },
  'tax status': { placeholder: CUSTOMER_TAX_STATUSES.join('|'), expected: `one of: ${CUSTOMER_TAX_STATUSES.join(', ')}`, values: CUSTOMER_TAX_STATUSES },
};
