/**
 * The quick reading of a v20241028 object query as most are written, for a quote (rate-only
 * or priced): read in one pass straight into the core's neutral input, with no store per parameter and no
 * second pass of checks. A query it does not take is read by readTaxRateQuery
 * (v20241028-query.ts), which reports every problem; test/query-quick.test.ts holds the two to
 * the same input.
 */
import type { ProductType, TaxBehavior, TaxCodeId, TaxInput } from '../core/types.js';
import { dayNumber } from '../core/dates.js';
import { taxCodeNumber } from '../core/situation.js';
import { TAX_CODES } from '../generated/tax-codes.js';
import { hasOwn, isAmountText } from './input.js';
import { sellerAddressOn, type PreparedAccount } from './account.js';
import { countryOfText, impliedTypeOf, type Engine } from './engine.js';
import type { CalculateOptions } from './v20241028-query.js';
import { ALLOWED, AMOUNT, CHECK, hasOuterSpace, indexOf, MAX, PRODUCT_TYPE, TAX_BEHAVIOR, TAX_ID, TO_CITY, TO_COUNTRY, TO_POSTAL_CODE, TO_STREET } from './v20241028-table.js';
import { NO_OPTIONS } from './read.js';
import { offlineTaxIdVerdict } from '../taxid/index.js';

/** A query read quickly: its values, each as its check leaves it, then its neutral input. */
class QuickQuery {
  /** The neutral input, once read (see readQuickQuery). */
  input: TaxInput | null = null;
  to: string | undefined = undefined;
  postalCode: string | undefined = undefined;
  city: string | undefined = undefined;
  street: string | undefined = undefined;
  taxId: string | undefined = undefined;
  /** The tax code's index in TAX_CODES (-1 until given; once read, the code the input has). */
  code = -1;
  behavior: TaxBehavior = 'exclusive';
  productType: ProductType | undefined = undefined;
  date: string | undefined = undefined;
  /** The date's day number (dayNumber), once read. */
  day = Number.NaN;
  /** The amount's text, as the full reading checks it (a finite number as its String). */
  amount: string | undefined = undefined;
  currency: string | undefined = undefined;
}

/**
 * Takes the value `v` of parameter `i` as its check leaves it (a country's code, the kind's
 * own string of an enumerated value, the list's tax code), or gives false for a value the
 * check would change or refuse, or trim (blank, or with an outer space), and for the
 * parameters a quote read quickly does not have (origin, the customer's status). A value
 * matched exactly (a country's code, a date, an amount, a currency, an allowed value, a tax
 * code) has no outer space: only free text and other ways of naming a country are looked
 * at for one.
 */
function take(q: QuickQuery, i: number, v: string, engine: Engine): boolean {
  switch (CHECK[i]) {
    case 0:
      // Text kept as given.
      if (v.length === 0 || hasOuterSpace(v)) return false;
      if (i === TO_POSTAL_CODE) q.postalCode = v;
      else if (i === TO_CITY) q.city = v;
      else if (i === TO_STREET) q.street = v;
      else if (i === TAX_ID) q.taxId = v;
      else return false;
      return true;
    case 1: {
      if (i !== TO_COUNTRY) return false;
      const to = countryOfText(engine, v);
      // A code as the rules write it has no outer space; another text naming one may.
      if (to === null || (v !== to && hasOuterSpace(v))) return false;
      q.to = to;
      return true;
    }
    case 2: {
      const allowed = ALLOWED[i] as readonly string[];
      const at = allowed.indexOf(v);
      if (at < 0) return false;
      if (i === PRODUCT_TYPE) q.productType = allowed[at] as ProductType;
      else if (i === TAX_BEHAVIOR) q.behavior = allowed[at] as TaxBehavior;
      else return false;
      return true;
    }
    case 3:
      q.date = v;
      q.day = dayNumber(v);
      return !Number.isNaN(q.day);
    case 4:
      q.amount = v;
      return isAmountText(v);
    case 5:
      q.currency = v;
      return engine.rules.currencies.has(v);
    case 6:
      q.code = taxCodeNumber(v);
      return q.code >= 0;
    default:
      return false;
  }
}

/**
 * The values of an object query whose own fields are parameters a quote reads quickly, each a
 * string needing no trimming that its check takes as it is (the amount may be a finite number,
 * read as its String, as the full reading reads it); else null. A field holding undefined is
 * absent, as the full reading has it.
 */
function quickValues(query: object, engine: Engine): QuickQuery | null {
  const q = new QuickQuery();
  let last = '';
  // for…in, not Object.keys: no array of the names is made, and V8 reads each value by its
  // slot in the loop's cache instead of a lookup by name (~8 % of a quote's instructions).
  for (const name in query) {
    last = name;
    const i = indexOf(name);
    if (i < 0) return null;
    const raw = (query as Record<string, unknown>)[name];
    if (raw === undefined) continue;
    let v: string;
    if (typeof raw === 'string') v = raw;
    else if (i === AMOUNT && typeof raw === 'number' && Number.isFinite(raw)) v = String(raw);
    else return null;
    if (v.length > (MAX[i] as number) || !take(q, i, v, engine)) return null;
  }
  // for…in lists the query's own fields first, then inherited ones (a polluted
  // Object.prototype's, a prototype of the caller's): its last name is the query's own only
  // when none was inherited. One check, where one per name costs several times more.
  return q.to === undefined || !hasOwn.call(query, last) ? null : q;
}

/**
 * An object query read quickly into the neutral input readTaxRateQuery makes of it (`input`),
 * with its tax code's index in TAX_CODES (`code`) and its date's day number (`day`): its own
 * fields some of to_country, to_postal_code, to_city, to_street, tax_id, tax_code,
 * tax_behavior, product_type, date, amount and currency, each taken as it is (see quickValues), and a
 * product type its tax code does not contradict. Null for any other query (and for a date
 * from `options.today` or a verdict from `options.taxIdVerdict` as a function of the caller's,
 * asked once, by the full reading): readTaxRateQuery reads it.
 * Throws what the query's getters or proxy throw.
 */
export function readQuickQuery(query: object, seller: PreparedAccount, options: CalculateOptions, engine: Engine): QuickQuery | null {
  const q = quickValues(query, engine);
  if (q === null) return null;
  let date = q.date;
  if (date === undefined) {
    if (typeof options.today === 'function') return null;
    date = options.today ?? engine.today();
    q.day = dayNumber(date);
    if (Number.isNaN(q.day)) return null;
  }
  const code = q.code < 0 ? taxCodeNumber(seller.defaultTaxCode) : q.code;
  if (code < 0) return null;
  q.code = code;
  const taxCode = TAX_CODES[code] as TaxCodeId;
  const implied = impliedTypeOf(engine, taxCode, code);
  // A product type other than the one its code implies may contradict it: the full reading says.
  if (q.productType !== undefined && implied !== null && implied !== q.productType) return null;
  let customerTaxId: TaxInput['customerTaxId'];
  if (q.taxId !== undefined) {
    // A verdict function of the caller's is asked once, by the full reading; the offline one is pure.
    if (options !== NO_OPTIONS && options.taxIdVerdict !== undefined) return null;
    customerTaxId = { value: q.taxId, verdict: offlineTaxIdVerdict(q.to as string, q.taxId) };
  }
  // A seller of one address (no dated ones) has it as its origin: no call, no object made.
  const own = seller.addresses.length === 0 ? null : sellerAddressOn(seller, date);
  q.input = {
    date,
    origin: own === null ? seller.origin : own.origin,
    sellerAddress: own === null ? undefined : own.ref,
    destination: { country: q.to as string, region: undefined, postalCode: q.postalCode, city: q.city, street: q.street },
    taxCode,
    productType: q.productType ?? implied ?? seller.defaultProductType,
    customerTaxId,
    taxBehavior: q.behavior,
    amount: q.amount,
    currency: q.currency ?? seller.currency,
    registrations: seller.registrations,
  };
  return q;
}
