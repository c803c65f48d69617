/**
 * The spec's products, as the caller hands them to documents (`product_code`) and to
 * calculations (a line's `product`): what a product contributes to a line that names it, and
 * the checks of the caller's table of products. Shared by both API forms.
 */
import { quoted, type TaxRulesIssue } from './errors.js';
import { TAX_CODES } from '../generated/tax-codes.js';
import type { ProductType, TaxCodeId } from './types.js';

/** The product types, as the API forms spell them. */
export const PRODUCT_TYPES = ['good', 'service'] as const satisfies readonly ProductType[];

/**
 * What a product contributes to an item that names it by `product_code`: the spec's
 * product's `product_type`, `tax_class`, `tax_type`, `tax_based_on` and `country`. A field
 * left out is taken as for an item that names no product (the account's product type and
 * tax code, a net amount, the customer's country): the spec's defaults of a product
 * (`service`, `eservice`, `included`, `customer_country`) are set when the product is created,
 * which is the server's store, and a server passes its stored products whole.
 */
export interface ProductDefaults {
  readonly product_type?: ProductType;
  readonly tax_class?: TaxCodeId;
  /** `included`: the item's `amount` is gross, taxes included (the spec's "whether taxes are excluded from or included in unit_cost"); `excluded`: net. */
  readonly tax_type?: ProductTaxType;
  /** `country`: the item is taxed where the product is (`country`: an event's admission where the event is held), not where the customer is. */
  readonly tax_based_on?: ProductTaxBase;
  /** The country the product is taxed in: required when `tax_based_on` is `country`, else not read. */
  readonly country?: string | null;
}

/** The spec's product `tax_type`: whether taxes are excluded from or included in its price. */
export type ProductTaxType = 'excluded' | 'included';
/** The spec's product `tax_based_on`: taxed where the customer is, or in the product's own `country`. */
export type ProductTaxBase = 'customer_country' | 'country';

const PRODUCT_FIELDS = ['product_type', 'tax_class', 'tax_type', 'tax_based_on', 'country'];
const TAX_TYPES: readonly unknown[] = ['excluded', 'included'] satisfies ProductTaxType[];
const TAX_BASES: readonly unknown[] = ['customer_country', 'country'] satisfies ProductTaxBase[];

/** The problems of `options.products` (each product's fields, its values, the form of the country it is taxed in), added to `issues`. */
export function productIssues(products: Record<string, unknown>, issues: TaxRulesIssue[]): void {
  for (const code of Object.keys(products)) {
    const path = ['options', 'products', code];
    const p = products[code];
    if (typeof p !== 'object' || p === null || Array.isArray(p)) {
      issues.push({ path, code: 'malformed', message: `options.products.${code} must be an object { ${PRODUCT_FIELDS.map((f) => `${f}?`).join(', ')} }` });
      continue;
    }
    const f = p as Record<string, unknown>;
    for (const key of Object.keys(f)) if (!PRODUCT_FIELDS.includes(key)) issues.push({ path: [...path, key], code: 'unknown_field', message: `options.products.${code}.${key}: unknown field` });
    const oneOf = (key: string, values: readonly unknown[]): void => {
      if (f[key] !== undefined && !values.includes(f[key])) issues.push({ path: [...path, key], code: 'invalid_value', message: `options.products.${code}.${key} must be one of: ${values.join(', ')}` });
    };
    oneOf('product_type', PRODUCT_TYPES);
    oneOf('tax_class', TAX_CODES);
    oneOf('tax_type', TAX_TYPES);
    oneOf('tax_based_on', TAX_BASES);
    const country = f.country;
    if (country !== undefined && country !== null && (typeof country !== 'string' || !/^[A-Za-z]{2}$/.test(country))) {
      issues.push({ path: [...path, 'country'], code: 'malformed', message: `options.products.${code}.country must be a 2-letter ISO 3166-1 code, got ${quoted(country, 40)}` });
    }
    if (f.tax_based_on === 'country' && (country === undefined || country === null)) {
      issues.push({ path: [...path, 'country'], code: 'missing', message: `options.products.${code}.country is required when tax_based_on is country: the country the product is taxed in` });
    }
  }
}
