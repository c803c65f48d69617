/** The seven tax codes. */
export type TaxCodeId = 'consulting' | 'eservice' | 'ebook' | 'saas' | 'standard' | 'reduced' | 'exempt';
export type ProductType = 'good' | 'service';
export type TaxBehavior = 'exclusive' | 'inclusive';
export type SupplyKind = 'goods' | 'digital' | 'services';
export type RateClass = 'standard' | 'reduced' | 'reduced2' | 'super_reduced' | 'parking' | 'zero';

/** What is known about the customer's tax ID. */
export type TaxIdVerdict = 'valid' | 'invalid' | 'unknown';

export interface Address {
  /** ISO 3166-1 alpha-2 code as typed (aliases such as EL, UK are accepted). */
  country: string;
  /** Subdivision code (US state, Canadian province); derived from the postal code when absent. */
  region?: string;
  postalCode?: string;
  city?: string;
  street?: string;
}

/** A registration of the seller: where it collects tax, and since when. */
export interface Registration {
  jurisdictionId: number;
  /** First day (inclusive), YYYY-MM-DD. */
  validFrom?: string;
  /** Last day (inclusive), YYYY-MM-DD. */
  validUntil?: string;
  permanentEstablishment?: boolean;
  /** Enrolled in the EU import scheme (IOSS). */
  importScheme?: boolean;
}

/** The neutral input of the core. */
export interface TaxInput {
  /** Tax point, YYYY-MM-DD. */
  date: string;
  /** Where the seller supplies from (its establishment). */
  origin: Address;
  /** Where the customer is. */
  destination: Address;
  taxCode: TaxCodeId;
  productType: ProductType;
  customerTaxId?: { value: string; verdict: TaxIdVerdict };
  taxBehavior: TaxBehavior;
  /** Decimal string; without it only the rate is determined. */
  amount?: string;
  currency: string;
  registrations: readonly Registration[];
}

export type TaxStatus = 'taxable' | 'non_taxable' | 'not_registered' | 'reverse_charge';

/**
 * Machine reason of a result. `taxable`: standard_rated, reduced_rated, ebook_rated,
 * zero... ; see the README for the full list with meanings.
 */
export type TaxReason =
  | 'standard_rated'
  | 'reduced_rated'
  | 'ebook_rated'
  | 'partially_taxable'
  | 'product_exempt'
  | 'not_taxable_in_jurisdiction'
  | 'no_tax_in_jurisdiction'
  | 'excluded_territory'
  | 'zero_rated'
  | 'outside_scope'
  | 'not_registered'
  | 'unsupported_country'
  | 'eu_reverse_charge'
  | 'reverse_charge'
  | 'import_vat';

export interface JurisdictionRef {
  id: number | null;
  country: string;
  region: string | null;
  county: string | null;
  city: string | null;
  name: string;
}

export interface TaxLine {
  /** Tax name (VAT, GST, HST, PST, QST, Sales tax). */
  name: string;
  /** Percentage as a decimal string. */
  rate: string;
  /** Percentage of the amount that is taxed, as a decimal string ("100", "80"). */
  taxablePart: string;
  /** The rate in integer units of 0.0001 % (19 % = 190000), for exact integer arithmetic. */
  rateUnits: number;
  /** The taxable part in integer units of 0.0001 % (100 % = 1000000). */
  partUnits: number;
  jurisdictionId: number;
  /** The rate class used, when taxable. */
  rateClass: RateClass | null;
  /** Where the rate comes from. */
  source: string | null;
  /** Tax amount in minor units (integer), when an amount was given. */
  amountMinor?: bigint;
}

export interface Territory {
  id: string;
  name: string;
}

/** The neutral result of the core. */
export interface TaxResult {
  status: TaxStatus;
  reason: TaxReason;
  /** The jurisdiction that taxes (or would tax) the supply. */
  jurisdiction: JurisdictionRef;
  /** The customer's own jurisdiction (after territory rules), when it has rules. */
  customerJurisdiction: JurisdictionRef | null;
  main: TaxLine | null;
  additional: TaxLine | null;
  notes: string[];
  taxCode: TaxCodeId;
  productType: ProductType;
  taxBehavior: TaxBehavior;
  supply: SupplyKind;
  customer: 'business' | 'consumer';
  territory: Territory | null;
  date: string;
  currency: string;
  /** Present when an amount was given: exact decimal strings in the currency's minor units. */
  amounts: {
    subtotal: string;
    tax: string;
    additionalTax: string;
    total: string;
  } | null;
}
