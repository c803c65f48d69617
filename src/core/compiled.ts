/**
 * The compiled rules: the types of a rule set as the engine reads it (rates as integer units,
 * days as day numbers), apart from the code that builds them (ruleset.ts, us-local.ts), so
 * that the stages, the builders and the checks import them without importing each other.
 */
import type { RuleData } from './rule-data.js';
import type { RulesInfo } from './rules-info.js';
import type { ArticleCap, JurisdictionLevel, Money, RateClass, SupplyKind, TaxCodeId, TaxReason } from './types.js';

/** A rate period with its start as a day number and the rate scaled to integer units of 0.0001 %. */
export interface CompiledRate {
  from: number;
  rate: string;
  units: number;
  source: string;
}

/** A limit of the price of a single article (see PriceLimit in the rules' schema). */
export interface CompiledPriceLimit {
  amount: string;
  currency: string;
  kind: 'all_or_nothing' | 'excess';
  /** Where an article priced exactly at the limit falls. */
  atLimit: 'below' | 'above';
  /** The treatment of an article below the limit (its `from` the period's), with its own limit where the side is divided again. */
  below: CompiledTreatment;
  /** The treatment of an article above the limit where it is not the period's own (all_or_nothing only), with its own limit; else null. */
  above: CompiledTreatment | null;
  note: string | null;
}

export interface CompiledTreatment {
  from: number;
  treatment: 'taxable' | 'zero_rated' | 'exempt' | 'not_taxable' | 'split' | 'not_recorded';
  rateClass: RateClass | null;
  /** Taxable part as a percentage string, "100" by default. */
  part: string;
  /** Taxable part in units of 0.0001 %. */
  partUnits: number;
  note: string | null;
  /** A US local tax's own rate for the category (rules/us/local `rate`, from the period's day, its source the period's), charged instead of the jurisdiction's general rate; else null. */
  rate: CompiledRate | null;
  /** A sale to a consumer, where it is treated otherwise (Puerto Rico's services: 4 % to merchants, the full IVU to consumers); else null. */
  consumers: CompiledTreatment | null;
  /** The law the treatment rests on (the period's source). */
  source: string;
  /** With `split`: the finer codes to ask by; else null. */
  codes: readonly TaxCodeId[] | null;
  /** A per-article price limit, or null. */
  priceLimit: CompiledPriceLimit | null;
  /** The sales-tax holiday the period is, or null. */
  holiday: string | null;
}

export type ClassTable = Partial<Record<RateClass, CompiledRate[]>>;

/** How a tax treats delivery charges from a day (see DeliveryPeriod in the rules' schema). */
export interface CompiledDelivery {
  from: number;
  treatment: 'follows_goods' | 'exempt_if_separately_stated' | 'not_taxable';
  conditions: string | null;
  source: string;
  note: string | null;
}

export interface CompiledTax {
  id: string;
  name: string;
  localName: string | null;
  role: 'main' | 'additional';
  replaces: string | null;
  /** Jurisdiction whose registration collects this tax. */
  registration: number;
  since: number;
  classes: ClassTable;
  /** Its treatments by tax code (and `other_categories`); a US local tax's are its jurisdiction's own (rules/us/local `taxability`). */
  taxability: Partial<Record<TaxCodeId | 'other_categories', CompiledTreatment[]>>;
  /** Its treatment of delivery charges, by period (empty: its regime's, if any). */
  delivery: readonly CompiledDelivery[];
  /** A US local tax recorded only to this day (rules/us/local `until`): a later day is refused, with `untilNote`. */
  until?: number;
  untilNote?: string;
}

export interface CompiledJurisdiction {
  id: number;
  name: string;
  /** Country code reported in results. */
  country: string;
  region: string;
  level: JurisdictionLevel;
  taxes: CompiledTax[];
  sourcing: 'origin' | 'destination' | null;
  parent: CompiledJurisdiction | null;
  /** The rules country this jurisdiction belongs to (null for schemes). */
  home: CompiledCountry | null;
  /** The notes of a jurisdiction that levies no tax, which a result it answers gives (null: none, or it levies one). */
  untaxedNotes: readonly string[] | null;
}

/** What a registration needs of a jurisdiction (see `RuleSet.registrationPlaces`). */
export interface RegistrationPlace {
  readonly id: number;
  /** The country code reported (a scheme's: EU). */
  readonly country: string;
  readonly level: JurisdictionLevel;
  /** Its region code, '' for a country or a scheme. */
  readonly region: string;
  /** Whether it levies a tax of its own (the US federal jurisdiction does not: its states do). */
  readonly taxed: boolean;
}

export interface CompiledSupplyRule {
  seller: 'domestic' | 'union' | 'foreign' | null;
  customer: 'business' | 'consumer' | null;
  supply: readonly SupplyKind[] | null;
  from: number;
  until: number;
  then: 'destination' | 'destination_if_registered' | 'origin' | 'reverse_charge' | 'outside_scope';
  reason: TaxReason | null;
  note: string | null;
}

export interface CompiledSchemeCover {
  seller: 'union' | 'foreign';
  supply: readonly SupplyKind[];
  importScheme: boolean;
  /** The scheme covers only consignments whose intrinsic value is at most this amount (IOSS: EUR 150). */
  consignmentLimit: Money | null;
  from: number;
  until: number;
}

export interface CompiledScheme {
  jurisdiction: CompiledJurisdiction;
  covers: CompiledSchemeCover[];
}

export interface CompiledRegime {
  id: string;
  name: string;
  kind: 'union' | 'single_area';
  rules: CompiledSupplyRule[];
  schemes: CompiledScheme[];
  taxability: Record<TaxCodeId, CompiledTreatment[]> & Partial<Record<'other_categories', CompiledTreatment[]>>;
  /** The treatment of delivery charges of its taxes that have none of their own, by period. */
  delivery: readonly CompiledDelivery[];
}

export interface CompiledMembership {
  regime: CompiledRegime;
  from: number;
  until: number;
}

export interface CompiledCountry {
  code: string;
  name: string;
  currency: string;
  regimes: CompiledMembership[];
  postalPattern: RegExp | null;
  regionRules: { pattern: RegExp; region: string }[];
  root: CompiledJurisdiction;
  byRegion: Map<string, CompiledJurisdiction>;
  /** Every jurisdiction of the file, in its order. */
  all: readonly CompiledJurisdiction[];
}

export interface CompiledTerritoryTreatment {
  from: number;
  kind: 'excluded' | 'taxed_as' | 'none';
  country: string | null;
  region: string | null;
  jurisdiction: number | null;
  goodsRegime: string | null;
  note: string | null;
}

export interface CompiledTerritory {
  id: string;
  name: string;
  all: boolean;
  postalCodes: RegExp[];
  cities: RegExp[];
  treatment: CompiledTerritoryTreatment[];
  rates: ClassTable;
}

export interface WorldEntry {
  code: string;
  numeric: number;
  name: string;
  currency: string;
  /** Set for a country without any VAT, GST or sales tax (see rules/schema/world.schema.json). */
  no_consumption_tax?: { source: string; checked: string; note?: string };
}

/**
 * What a quote reads of a tax code. Its description, and a category's SST term, Annex III
 * point, jurisdictions and law, are the tax-code file's (`listTaxCodes`, `getTaxCode`,
 * `RuleSet.data`; see tax-code-file.ts).
 */
export interface TaxCodeEntry {
  id: TaxCodeId;
  /** Named in notes and refusals. */
  name: string;
  supply: 'goods' | 'digital' | 'services' | 'by_product_type';
  /** `spec`: one of the service interface's seven codes; `category`: a product category of taxrules. */
  kind: 'spec' | 'category';
  /** A finer code's broader category. */
  parent?: TaxCodeId | undefined;
  /** The code, then its parent, the parent's parent …: where a table's treatment of it is looked for, nearest first. */
  chain: readonly TaxCodeId[];
  /** A service supplied where it is performed (accommodation, passenger transport, admission, a meal served): see rules/schema/tax-codes.schema.json. */
  place_of_supply?: 'where_performed' | undefined;
}

/**
 * A compiled, indexed rule set: what the core reads. Build one with `createRuleSet` from
 * rule data (the default one is exported as `defaultRuleSet`); its answers never change,
 * and it can be shared between calls. A country's rules (and the regimes and territories
 * it needs) are compiled the first time a lookup reaches them; iterating a map compiles all.
 */
export interface RuleSet {
  /**
   * The rule data, as the rules build wrote it (a packed set unpacks it on first read). The
   * package's own rule set reads its tax-code file from a module of its own: `defaultRuleSet`
   * has it; the same set reached otherwise in a bundle without that module refuses (422).
   */
  readonly data: RuleData;
  /** The rules' version, digest and the day each jurisdiction's data was last checked (worked out on first read). */
  readonly info: RulesInfo;
  readonly world: ReadonlyMap<string, WorldEntry>;
  /** The currencies a sale or an account can be in: ISO 4217 code → digits of the minor unit. */
  readonly currencies: ReadonlyMap<string, number>;
  /** ISO 4217 codes that are no such currency (funds, metals, XTS, XXX: `tender: false`) → their name. */
  readonly nonTenderCurrencies: ReadonlyMap<string, string>;
  readonly taxCodes: ReadonlyMap<TaxCodeId, TaxCodeEntry>;
  readonly regimes: ReadonlyMap<string, CompiledRegime>;
  readonly countries: ReadonlyMap<string, CompiledCountry>;
  /** Alternative codes (EL, UK) → the country's code. */
  readonly aliases: ReadonlyMap<string, string>;
  readonly jurisdictions: ReadonlyMap<number, CompiledJurisdiction>;
  readonly territories: ReadonlyMap<string, readonly CompiledTerritory[]>;
  /** Local sales taxes of US states, by state code (the states with local taxes in the rules). */
  readonly usLocal: ReadonlyMap<string, CompiledUsLocal>;
  /** US ZIP ranges: first ZIP, last ZIP, state. */
  readonly zipStarts: Int32Array;
  readonly zipEnds: Int32Array;
  readonly zipStates: readonly string[];
  /**
   * The jurisdictions reported as country `code` (its own file's, and those of files reported
   * as it: the Canary Islands' as ES), in listing order; only those countries are compiled.
   */
  countryJurisdictions(code: string): readonly CompiledJurisdiction[];
  /** The jurisdictions of the regimes' schemes (the EU's OSS and IOSS), in listing order; only their regimes are compiled. */
  readonly schemeJurisdictions: readonly CompiledJurisdiction[];
  /**
   * Where a seller registers in country `code`: those of its jurisdictions of
   * `countryJurisdictions` at the country, state, province and territory levels, in the order
   * `countryJurisdictions` gives them. A pack made by `packRuleData` answers from a table of
   * its own, compiling nothing.
   */
  registrationPlaces(code: string): readonly RegistrationPlace[];
  /** The schemes of `schemeJurisdictions` as places, in that order (from the pack's table, as `registrationPlaces`). */
  readonly schemePlaces: readonly RegistrationPlace[];
  /** Every day on which something dated starts or stops, ascending (packed data carries them; else worked out on first read). */
  readonly changeDays: readonly number[];
  /** The distinct consignment-value limits of the regimes' schemes (IOSS: EUR 150). */
  readonly consignmentLimits: readonly Money[];
  /**
   * Whether the details of an address (postal code, city, region) can change where it is
   * for tax, given its country code as typed: the country has territories or regions.
   */
  detailsMatter(country: string): boolean;
  /** The rules' code of a country code as typed (any case, aliases such as EL resolved), or null when it is not one of the world's. */
  countryOf(typed: string): string | null;
}

/** One rate area: the local jurisdictions whose taxes apply there, and its share of the ZIP code. */
export interface CompiledLocalArea {
  /** The local jurisdictions, in line order: county, city, districts. */
  readonly parts: readonly CompiledJurisdiction[];
  readonly county: CompiledJurisdiction | null;
  readonly city: CompiledJurisdiction | null;
  /** The city's name as compared with an address's (see `cityKey`), worked out when compiled; null without a city. */
  readonly cityKey: string | null;
  /** Percent of the ZIP code in this area (see `shareBasis`). */
  readonly share: number;
}

/** A state's compiled local taxes. */
export interface CompiledUsLocal {
  readonly state: string;
  /** Whose local taxes an in-state seller charges. */
  readonly sourcing: 'origin' | 'destination';
  readonly sourcingNote: string | null;
  /** Every local sales tax of the state is modelled. */
  readonly complete: boolean;
  readonly coverage: string;
  readonly shareBasis: 'addresses' | 'population' | 'land_area' | 'none';
  /** The local taxes' limit per single article, or null. */
  readonly articleCap: ArticleCap | null;
  /** How the state's local taxes treat product categories where they differ from the state tax (the file's `taxability`); a jurisdiction's own table comes first. */
  readonly taxability: Partial<Record<TaxCodeId | 'other_categories', CompiledTreatment[]>>;
  /** ZIP5 → its areas, the largest share first. */
  readonly zips: ReadonlyMap<string, readonly CompiledLocalArea[]>;
  readonly jurisdictions: readonly CompiledJurisdiction[];
}
