import type { TaxReason } from './rule-data.js';

/** Machine reason of a result (generated from the rules' schema); the README lists each with its meaning. */
export type { TaxReason };

/** A customer's own tax status and the certificate it rests on (applied by exemption.ts). */
export interface CustomerExemption {
  /** `exempt`: no tax charged (reason `customer_exempt`); `reverse`: the customer accounts for it (status `reverse_charge`, reason `customer_reverse_charge`). */
  readonly status: 'exempt' | 'reverse';
  /** The exemption certificate's id (or the reference the seller keeps), or null. */
  readonly certificate: string | null;
}

/** The tax codes: the spec's seven, then the product categories (written once, in rules/schema/common.schema.json: see src/generated/tax-codes.ts). */
import type { TaxCodeId } from '../generated/tax-codes.js';
export type { TaxCodeId };
export type ProductType = 'good' | 'service';
export type TaxBehavior = 'exclusive' | 'inclusive';
export type SupplyKind = 'goods' | 'digital' | 'services';
export type RateClass = 'standard' | 'reduced' | 'reduced2' | 'reduced3' | 'super_reduced' | 'parking' | 'zero' | 'food' | 'rebated' | 'special';
export type CustomerType = 'business' | 'consumer';

/** What is known about the customer's tax ID. */
export type TaxIdVerdict = 'valid' | 'invalid' | 'unknown';

export interface Address {
  /** ISO 3166-1 alpha-2 code as typed (aliases such as EL, UK are accepted). */
  readonly country: string;
  /** Subdivision code (US state, Canadian province); derived from the postal code when absent. */
  readonly region?: string | undefined;
  readonly postalCode?: string | undefined;
  readonly city?: string | undefined;
  readonly street?: string | undefined;
}

/** A registration of the seller: where it collects tax, and since when. */
export interface Registration {
  readonly jurisdictionId: number;
  /** First day (inclusive), YYYY-MM-DD. */
  readonly validFrom?: string | undefined;
  /** Last day (inclusive), YYYY-MM-DD. */
  readonly validUntil?: string | undefined;
  /** The seller is established in that jurisdiction (a fixed establishment that supplies from there). */
  readonly permanentEstablishment?: boolean | undefined;
  /** Enrolled in the EU import scheme (IOSS). */
  readonly importScheme?: boolean | undefined;
}

/** One address of the seller's history (the account's `addresses`), as a result names it. */
export interface SellerAddressRef {
  /** Its position in the account's `addresses`. */
  readonly index: number;
  readonly country: string;
  readonly postalCode: string | null;
  readonly region: string | null;
  /** First and last day it was the seller's address (inclusive); null: open. */
  readonly validFrom: string | null;
  readonly validUntil: string | null;
}

/** A decimal amount in a currency: the intrinsic value of a consignment of goods. */
export interface Money {
  readonly amount: string;
  readonly currency: string;
}

/** The neutral input of the core. */
export interface TaxInput {
  /** Tax point, YYYY-MM-DD. */
  readonly date: string;
  /** Where the seller supplies from (its establishment). */
  readonly origin: Address;
  /** Where the customer is. */
  readonly destination: Address;
  readonly taxCode: TaxCodeId;
  readonly productType: ProductType;
  readonly customerTaxId?: { readonly value: string; readonly verdict: TaxIdVerdict } | undefined;
  readonly taxBehavior: TaxBehavior;
  /** Decimal string; without it only the rate is determined. */
  readonly amount?: string | undefined;
  readonly currency: string;
  /**
   * Intrinsic value of the consignment (goods), for schemes limited by it (the EU import
   * scheme covers consignments up to EUR 150). Default: the amount, in the input's currency.
   */
  readonly consignmentValue?: Money | undefined;
  readonly registrations: readonly Registration[];
  /** The address of the account's history the origin was taken from (absent: the account has no history, or the origin was given). */
  readonly sellerAddress?: SellerAddressRef | undefined;
}

export type TaxStatus = 'taxable' | 'non_taxable' | 'not_registered' | 'reverse_charge';

export type JurisdictionLevel = 'country' | 'state' | 'province' | 'territory' | 'scheme' | 'county' | 'city' | 'district';

export interface JurisdictionRef {
  readonly id: number | null;
  readonly country: string;
  readonly region: string | null;
  readonly county: string | null;
  readonly city: string | null;
  readonly name: string;
}

/** The jurisdiction that levies one tax line. */
export interface LineJurisdiction {
  readonly id: number | null;
  readonly name: string;
  readonly country: string;
  readonly region: string | null;
  readonly level: JurisdictionLevel;
}

/**
 * One tax charged (or not) on a supply. A result lists its lines in order: the main tax
 * first (and, where several jurisdictions levy it, their parts: state, county, city,
 * districts), then any additional tax (Canadian PST or QST). Lines of one `group` are one
 * tax for the customer: they are rounded together.
 */
export interface TaxLine {
  /** Tax name (VAT, GST, HST, PST, QST, Sales tax). */
  readonly name: string;
  readonly jurisdiction: LineJurisdiction;
  /** `main`: the tax of the result (v20241028 `rate`); `additional`: a second tax (v20241028 `additional_*`). */
  readonly group: 'main' | 'additional';
  /** Percentage as a decimal string ("0" when not charged). */
  readonly rate: string;
  /** Percentage of the amount that is taxed, as a decimal string ("100", "80"). */
  readonly taxablePart: string;
  /** The rate in integer units of 0.0001 % (19 % = 190000), for exact integer arithmetic. */
  readonly rateUnits: number;
  /** The taxable part in integer units of 0.0001 % (100 % = 1000000). */
  readonly partUnits: number;
  /** The rate class used, when charged. */
  readonly rateClass: RateClass | null;
  /** Where the rate comes from. */
  readonly source: string | null;
}

/** A tax line of a priced result: with its amount. */
export interface PricedTaxLine extends TaxLine {
  /** Tax amount, a decimal string in the currency's minor units. */
  readonly amount: string;
}

/** Another rate area of the ZIP code, for a result that had to choose one. */
export interface LocalAlternative {
  readonly county: string | null;
  readonly city: string | null;
  /** Percent of the ZIP code in that area (of its addresses or land area, as the state's data says). */
  readonly share: number;
  /** The combined rate that area would charge (state and local parts), or null when nothing is charged. */
  readonly rate: string | null;
}

/**
 * The US local rate area whose taxes a result applies (or would apply), and how sure it is:
 * `zip` (the ZIP code lies in one area), `city` (the ZIP code spans several; the city named
 * chose one), `zip_majority` (it spans several; the one with the largest share was taken,
 * the others are `alternatives`), `city_name` (the ZIP code is not in the data — a PO-box
 * ZIP code — and the city named is: its area, or the one of most of its ZIP codes, with the
 * others as `alternatives`), `none` (no area is known: only the state's tax is in the
 * result).
 */
export interface LocalArea {
  readonly match: 'zip' | 'city' | 'zip_majority' | 'city_name' | 'none';
  /** Whose address decided it: the customer's, or the seller's (origin-based states, in-state sellers). */
  readonly sourcedAt: 'destination' | 'origin';
  readonly county: string | null;
  readonly city: string | null;
  /** Every local sales tax of the state is in the rules (false: some are not modelled; the notes say which). */
  readonly complete: boolean;
  readonly alternatives: readonly LocalAlternative[];
}

export interface Territory {
  readonly id: string;
  readonly name: string;
}

/**
 * A limit of a state's local taxes per single article (Tennessee's: the local tax applies
 * to the first $1,600 of the price of a single article): a decision taxed in the state for a
 * supply it covers carries it, and a priced line above it is refused (422), since the rules
 * do not share a price out around it.
 */
export interface ArticleCap {
  /** The limit, a decimal in `currency`. */
  readonly amount: string;
  readonly currency: string;
  /** The supplies it covers; null: every kind. */
  readonly supplies: readonly SupplyKind[] | null;
  /** The state whose local taxes it limits ("Tennessee"). */
  readonly state: string;
  /** The rule, as sentences (the local file's `single_article_cap.note`). */
  readonly note: string;
  /**
   * A line item's price is shared out around the limit (its local lines charged on at most
   * the limit per article) rather than refused above it (the file's `apportion`).
   */
  readonly apportion: boolean;
  /** The indexes of the decision's lines the limit applies to (its local lines); empty in a file's compiled limit. */
  readonly lines: readonly number[];
}

/** A price limit as `explainTaxRate` shows it (see PriceLimit in the rules' schema). */
export interface AppliedPriceLimit {
  readonly amount: string;
  readonly currency: string;
  readonly kind: 'all_or_nothing' | 'excess';
  readonly atLimit: 'below' | 'above';
}

/**
 * How one tax treated a product category in a decision (what `explainTaxRate` shows): the
 * tax and the jurisdiction that levies it, the entry of the rules that applied (`code`: the
 * category, its parent or `other_categories`; `table`: the tax's own, its regime's, a US local
 * jurisdiction's or its file's, or `state` for a local tax that follows the state's
 * treatment), the treatment with its class, holiday and price limit, the law it rests on,
 * and, under a price limit, which side of it the answer is (`side`).
 */
export interface AppliedTreatment {
  readonly tax: string;
  readonly jurisdiction: string;
  readonly code: TaxCodeId | 'other_categories';
  readonly table: 'tax' | 'regime' | 'local' | 'local_file' | 'state';
  readonly treatment: 'taxable' | 'zero_rated' | 'exempt' | 'not_taxable';
  readonly rateClass: RateClass | null;
  /** A US local tax's own rate for the category (rules/us/local `rate`), which its line is charged at instead of the jurisdiction's general rate; else null. */
  readonly rate: string | null;
  readonly holiday: string | null;
  readonly priceLimit: AppliedPriceLimit | null;
  /** Under a price limit: `below` (the article is below it: the limit's `below` treatment) or `above` (its `above` treatment, else the period's own); null without one. */
  readonly side: 'below' | 'above' | null;
  /** The limits that divide that side again (bands: Connecticut's sales tax free week), outer first, with the article's side of each; empty where none does. */
  readonly inner: readonly { readonly priceLimit: AppliedPriceLimit; readonly side: 'below' | 'above' }[];
  readonly source: string;
  readonly note: string | null;
}

/**
 * A per-article price limit of a product category that a decision depends on (see
 * price-limit.ts): the decision itself is the answer for an article above the limit (of the
 * highest band, where the above side is divided again: `above`), `below` the one for an
 * article below it; pricing chooses by each article's price, band by band.
 */
export interface DecisionPriceLimit {
  /** The limit, a decimal in `currency`. */
  readonly amount: string;
  readonly currency: string;
  /** all_or_nothing: an article is taxed as one side or the other; excess: above the limit, only the part of its price above it is taxed. */
  readonly kind: 'all_or_nothing' | 'excess';
  /** Where an article priced exactly at the limit falls. */
  readonly atLimit: 'below' | 'above';
  /** The decision for an article below the limit (with its own `priceLimit` where that side is divided again). */
  readonly below: Decision;
  /** Where the above side is divided again (bands), its decision, with that limit; else null (the decision itself). */
  readonly above: Decision | null;
  /** The indexes of this decision's lines the limit applies to (with excess: taxed on the part of the price above it). */
  readonly lines: readonly number[];
  /** The category and the tax whose limit it is, for messages ("clothing under Sales tax in Norland"). */
  readonly what: string;
}

/**
 * What the rules decide for one supply situation: everything of a result that does not
 * depend on the amount, the behaviour, the currency or the tax ID's text. Decisions are
 * shared between calls and frozen.
 */
export interface Decision {
  readonly status: TaxStatus;
  readonly reason: TaxReason;
  /** The jurisdiction that taxes (or would tax) the supply. */
  readonly jurisdiction: JurisdictionRef;
  /** The customer's own jurisdiction (after territory rules), when it has rules. */
  readonly customerJurisdiction: JurisdictionRef | null;
  readonly lines: readonly TaxLine[];
  readonly notes: readonly string[];
  readonly supply: SupplyKind;
  readonly customer: CustomerType;
  readonly territory: Territory | null;
  /** The scheme the tax is collected through (EU OSS, IOSS), or null. */
  readonly scheme: { readonly id: number; readonly name: string } | null;
  /** A consignment limit the answer relies on (IOSS: EUR 150), or null. */
  readonly consignmentLimit: Money | null;
  /** The US local rate area, in a state with local taxes in the rules; else null. */
  readonly local: LocalArea | null;
  /** The per-article limit of the state's local taxes (see ArticleCap), or null: checked where amounts are priced. */
  readonly articleCap: ArticleCap | null;
  /** A product category's treatment by each tax (see AppliedTreatment); null for the spec's codes. */
  readonly treatments: readonly AppliedTreatment[] | null;
  /** The per-article price limit of a product category the answer depends on (see DecisionPriceLimit), or null: applied where amounts are priced. */
  readonly priceLimit: DecisionPriceLimit | null;
}

/** The neutral result of the core: JSON-safe (strings, numbers, booleans, null). */
export interface TaxResult extends Omit<Decision, 'lines' | 'articleCap' | 'treatments' | 'priceLimit'> {
  /** A product category's treatment by each tax (see AppliedTreatment): present for a category only. */
  readonly treatments?: readonly AppliedTreatment[];
  readonly lines: readonly (TaxLine | PricedTaxLine)[];
  readonly taxCode: TaxCodeId;
  readonly productType: ProductType;
  readonly taxBehavior: TaxBehavior;
  readonly date: string;
  readonly currency: string;
  /** The seller's address the calculation used, from the account's `addresses` on the tax date; null when the account has none (its own address) or the origin was given. */
  readonly sellerAddress: SellerAddressRef | null;
  /**
   * The rules the answer comes from: their version (the newest day any of their facts was
   * checked, see `rulesInfo`) and the day the data of the answer's jurisdiction was last
   * checked (the older of the country's and its region's, where the rules hold the region apart).
   */
  readonly rules: { readonly version: string; readonly checked: string };
  /** Present when an amount was given: exact decimal strings in the currency's minor units. */
  readonly amounts: {
    readonly subtotal: string;
    /** The sum of the lines' amounts. */
    readonly tax: string;
    readonly total: string;
  } | null;
}
