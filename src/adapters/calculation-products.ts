/**
 * A v20260309 calculation line's `product`: a code of `options.products`, resolved as a
 * document item's `product_code` is (core/products.ts checks the table), its tax class, product
 * type and tax type the line's defaults, and a product taxed in its own country taxed there.
 */
import type { RuleSet } from '../core/ruleset.js';
import { errorFromIssues, quoted, type TaxRulesIssue } from '../core/errors.js';
import { canonicalCountry } from '../core/location.js';
import { productIssues, type ProductDefaults } from '../core/products.js';
import { productTypeIssue } from '../core/taxability.js';
import type { Address, TaxBehavior, TaxCodeId } from '../core/types.js';
import { ownCopy, unreadable } from './read.js';
import type { CalculationRequestOutput, CalculationResponse } from './schemas.js';

type LineItem = CalculationRequestOutput['line_items'][number];

/** The products' table as read: a copy of its own fields, on no prototype. */
function productTable(given: unknown): Record<string, unknown> {
  if (given === undefined) return Object.create(null) as Record<string, unknown>;
  try {
    return Object.assign(Object.create(null) as Record<string, unknown>, ownCopy(given, 2, 0));
  } catch (e) {
    throw unreadable(e, ['options', 'products']);
  }
}

/**
 * The product each line names (`product`, from `options.products`), checked: the products' own
 * fields (as buildDocument checks them), a product that is none of them (422), a country a
 * product is taxed in that is none (406), a product type that contradicts the line's tax code
 * (400). Null for a line that names none; null for all of them when no line names one and
 * no products are given (nothing to check: no list is made).
 */
export function productsOf(lines: readonly LineItem[], given: unknown, defaultTaxCode: TaxCodeId, rules: RuleSet): (ProductDefaults | null)[] | null {
  if (given === undefined && namesNoProduct(lines)) return null;
  const issues: TaxRulesIssue[] = [];
  const products = productTable(given);
  productIssues(products, issues);
  for (const code of Object.keys(products)) {
    const p = products[code] as ProductDefaults;
    if (issues.length === 0 && p.tax_based_on === 'country' && typeof p.country === 'string' && rules.countryOf(p.country) === null) {
      issues.push({ path: ['options', 'products', code, 'country'], code: 'invalid_value', message: `options.products.${code}.country ${p.country} is not an ISO 3166-1 country code` });
    }
  }
  if (issues.length > 0) throw errorFromIssues(issues);
  const out = lines.map((l, i) => {
    if (l.product === undefined) return null;
    if (!Object.hasOwn(products, l.product)) {
      issues.push({ path: ['line_items', i, 'product'], code: 'unprocessable', message: `line_items.${i}.product ${quoted(l.product, 60)} is not one of options.products` });
      return null;
    }
    const product = products[l.product] as ProductDefaults;
    // The product's tax class and product type, where the line gives neither, must agree as a line's own do.
    const at = l.product_type === undefined ? 'product' : 'product_type';
    const contradiction = productTypeIssue(rules, l.tax_code ?? product.tax_class ?? defaultTaxCode, l.product_type ?? product.product_type, ['line_items', i, at]);
    if (contradiction !== null) issues.push(contradiction);
    return product;
  });
  if (issues.length > 0) throw errorFromIssues(issues);
  return out;
}

/** Whether no line names a product. */
function namesNoProduct(lines: readonly LineItem[]): boolean {
  for (let i = 0; i < lines.length; i++) if ((lines[i] as LineItem).product !== undefined) return false;
  return true;
}

/** The tax behavior a product gives a line that says none: `included` reads its amount as gross. */
export function productBehavior(product: ProductDefaults | null): TaxBehavior | undefined {
  return product?.tax_type === 'included' ? 'inclusive' : product?.tax_type === 'excluded' ? 'exclusive' : undefined;
}

/** Where a product taxed in its own country (an event's admission) is taxed: its country, not the customer's address; undefined for any other. */
export function productPlace(product: ProductDefaults | null): Address | undefined {
  if (product?.tax_based_on !== 'country' || typeof product.country !== 'string') return undefined;
  return { country: product.country.toUpperCase(), region: undefined, postalCode: undefined, city: undefined, street: undefined };
}

/**
 * A line whose product is taxed in its own country (`tax_based_on: country`) must be taxed
 * there: when the rules place the supply elsewhere (a service to a consumer taxed where the
 * seller is, VAT Directive art. 45), it is refused (422), never taxed in another country.
 */
export function productPlaceIssues(lines: readonly LineItem[], products: readonly (ProductDefaults | null)[] | null, response: CalculationResponse, rules: RuleSet): void {
  if (products === null) return;
  const issues: TaxRulesIssue[] = [];
  products.forEach((p, i) => {
    if (p?.tax_based_on !== 'country' || typeof p.country !== 'string') return;
    const place = canonicalCountry(rules, p.country);
    const elsewhere = response.line_items[i]?.taxes.find((t) => t.jurisdiction !== null && t.jurisdiction.country !== place);
    if (elsewhere?.jurisdiction) {
      issues.push({
        path: ['line_items', i, 'product'],
        code: 'unprocessable',
        message: `line_items.${i}.product ${quoted(lines[i]?.product, 60)} is taxed in ${place} (tax_based_on: country), and the rules tax this supply in ${elsewhere.jurisdiction.country}: calculate it with its tax_code, or as a transaction giving its tax`,
      });
    }
  });
  if (issues.length > 0) throw errorFromIssues(issues);
}
