/**
 * What a decision reads of an input (`Situation`), and its cache key. `situationKey` (made
 * of `addressKey`, `supplyKey` and `consignmentKey`) keys a decision: a decision reads its
 * input only through a Situation, so the key cannot miss what it depends on. The
 * consignment's value is read by few decisions (a scheme limited by value decides them), and
 * says so (`consignmentLimit`): only those are keyed by it too.
 */
import type { Address, CustomerType, Money, ProductType, TaxCodeId, TaxInput } from './types.js';
import type { RuleSet } from './compiled.js';
import { TAX_CODES } from '../generated/tax-codes.js';
import { consignmentBand, type ConsignmentBand } from './registration.js';
import { dateOfDay } from './dates.js';
import { TaxRulesError } from './errors.js';

/** What a decision reads of an input. */
export interface Situation {
  readonly origin: Address;
  readonly destination: Address;
  readonly taxCode: TaxCodeId;
  readonly productType: ProductType;
  readonly customer: CustomerType;
  /** The consignment's intrinsic value (read only against schemes' value limits). */
  readonly consignmentValue: Money | undefined;
}

/** The customer of an input: a business when its tax ID is valid. */
export function customerOf(input: TaxInput): CustomerType {
  return input.customerTaxId?.verdict === 'valid' ? 'business' : 'consumer';
}

/** The situation of an input. */
export function situationOf(input: TaxInput): Situation {
  return {
    origin: input.origin,
    destination: input.destination,
    taxCode: input.taxCode,
    productType: input.productType,
    customer: customerOf(input),
    consignmentValue: input.consignmentValue ?? (input.amount !== undefined ? { amount: input.amount, currency: input.currency } : undefined),
  };
}

/** Converts a value to another currency on a day, or gives null when it cannot. */
export type CurrencyConverter = (value: Money, currency: string, date: string) => string | null;

/**
 * The band of a consignment against a value limit: compared in the limit's currency,
 * converted by `convert` when the value is in another. Null when it cannot be compared.
 */
export function bandOf(value: Money | undefined, limit: Money, day: number, convert: CurrencyConverter | undefined): ConsignmentBand | null {
  if (value === undefined || value.currency === limit.currency) return consignmentBand(value, limit);
  const converted = convert?.(value, limit.currency, dateOfDay(day));
  return converted == null ? null : consignmentBand({ amount: converted, currency: limit.currency }, limit);
}

/**
 * Writes where an address is, as key parts, into `out` from `at`, and gives the index after
 * them: the country as typed, then its details — postal code, city and region, what
 * `locate` reads (not the street) — where they can change the answer (the country has
 * territory or region rules), as one string (see `detailsKey`). An origin's details always
 * start with U+0000, so they are never a country code and the parts of an origin and a
 * destination read back unambiguously; the destination's (`last`: only the supply number,
 * a number, follows) may be the bare postal code, so the usual lookup builds no string.
 */
export function addressKey(rules: RuleSet, a: Address, out: (string | number)[], at: number, last = false): number {
  out[at] = a.country;
  const { postalCode, city, region } = a;
  if ((postalCode === undefined && city === undefined && region === undefined) || !rules.detailsMatter(a.country)) return at + 1;
  out[at + 1] = detailsKey(postalCode, city, region, last);
  return at + 2;
}

/**
 * An address's details as one string: with `bare`, a postal code given alone is itself (when
 * it does not start with U+0000); otherwise U+0000, then each detail's length, a colon and
 * the detail (an absent one is empty), so that no two different details share a string.
 */
export function detailsKey(postalCode: string | undefined, city: string | undefined, region: string | undefined, bare: boolean): string {
  if (bare && city === undefined && region === undefined && postalCode !== undefined && postalCode.charCodeAt(0) !== 0) return postalCode;
  // Apart, so that the usual case above is small enough for V8 to inline into its callers.
  return joinedDetails(postalCode, city, region);
}

/** Details joined as detailsKey writes them when a postal code is not given alone. */
function joinedDetails(postalCode: string | undefined, city: string | undefined, region: string | undefined): string {
  const p = postalCode ?? '';
  const c = city ?? '';
  const r = region ?? '';
  return `\u0000${p.length}:${p}${c.length}:${c}${r.length}:${r}`;
}

/**
 * Writes the rest of a situation's key into `out` at `at`, and gives the index after it:
 * one number for tax code, product type and customer. The consignment's value is not in
 * it: few decisions read it (see `consignmentKey`).
 */
export function supplyKey(s: Pick<Situation, 'taxCode' | 'productType' | 'customer'>, out: (string | number)[], at: number): number {
  out[at] = supplyNumber(s.taxCode, s.productType, s.customer);
  return at + 1;
}

/** One number for a tax code, a product type and a customer (see supplyKey). */
export function supplyNumber(taxCode: TaxCodeId, productType: ProductType, customer: CustomerType): number {
  const code = TAX_CODE_NUMBER.get(taxCode);
  if (code === undefined) throw new TaxRulesError('invalid_value', 406, [{ path: ['taxCode'], code: 'invalid_value', message: `unknown tax code ${taxCode}` }]);
  return supplyNumberOf(code, productType, customer);
}

/** The supply number (see supplyNumber) of a tax code given by its index in TAX_CODES. */
export function supplyNumberOf(code: number, productType: ProductType, customer: CustomerType): number {
  return code * 4 + (productType === 'good' ? 2 : 0) + (customer === 'business' ? 1 : 0);
}

/**
 * The key of a situation's consignment for a decision that read it (its `consignmentLimit`
 * is set: a scheme limited by value decided it): the value's band against that limit, or
 * `x` when it cannot be compared (deciding then refuses).
 */
export function consignmentKey(s: Situation, limit: Money, day: number, convert: CurrencyConverter | undefined): string {
  return bandOf(s.consignmentValue, limit, day, convert) ?? 'x';
}

/**
 * Each tax code's number in a supply key, its index in TAX_CODES: a Map, which has no
 * prototype to read a name from, and which V8 looks up faster than an object of 233 fields
 * keyed by a variable name (or a scan of the list: a code near its end took 230 comparisons).
 */
const TAX_CODE_NUMBER: ReadonlyMap<string, number> = /* @__PURE__ */ new Map(/* @__PURE__ */ TAX_CODES.map((code, i) => [code, i]));

/** A tax code's index in TAX_CODES, or -1 for a string that is none (the readers' check of a tax code, one lookup). */
export function taxCodeNumber(code: string): number {
  return TAX_CODE_NUMBER.get(code) ?? -1;
}

/**
 * The key of a situation: origin, destination, supply (see addressKey and supplyKey), and,
 * for a decision that read the consignment's value, its band (see consignmentKey).
 */
export function situationKey(rules: RuleSet, s: Situation, day: number, convert?: CurrencyConverter, limit?: Money | null): (string | number)[] {
  const out: (string | number)[] = [];
  supplyKey(s, out, addressKey(rules, s.destination, out, addressKey(rules, s.origin, out, 0), true));
  if (limit) out.push(consignmentKey(s, limit, day, convert));
  return out;
}
