import type {
  CountryRules,
  CurrencyRules,
  RegimeRules,
  TaxCodeRules,
  TerritoryRules,
  WorldRules,
  UsLocalFile,
} from '../generated/rule-files.js';

export type {
  UsLocalFile,
  LocalJurisdiction,
  LocalRate,
  CountryRules,
  CurrencyRules,
  RegimeRules,
  TaxCodeRules,
  TerritoryRules,
  WorldRules,
  JurisdictionRules,
  TaxRules,
  RatePeriod,
  RateTable,
  TreatmentPeriod,
  PriceLimit,
  LimitBand,
  Taxability,
  DeliveryPeriod,
  SupplyRule,
  Scheme,
  SchemeCover,
  ConsignmentLimit,
  Territory,
  TerritoryTreatment,
  RegimeMembership,
  TaxReason,
} from '../generated/rule-files.js';

/** US ZIP code to state: sorted, non-overlapping ranges of 5-digit ZIP codes. */
export interface ZipStateRules {
  source: string;
  checked: string;
  /** [first ZIP, last ZIP, state code] */
  ranges: [number, number, string][];
}

/**
 * The rule data as the rules build writes it: the content of every file under rules/,
 * validated. A rule set (see `createRuleSet`) indexes it for lookups.
 */
export interface RuleData {
  world: WorldRules;
  currencies: CurrencyRules;
  taxCodes: TaxCodeRules;
  regimes: RegimeRules[];
  countries: CountryRules[];
  territories: TerritoryRules[];
  usZipStates?: ZipStateRules;
  /** Local sales taxes of US states (rules/us/local/<ST>.json), one file per state. */
  usLocal?: UsLocalRules[];
}

/** A US state's local taxes as the rules build keeps them (the file without its `$schema`). */
export type UsLocalRules = Omit<UsLocalFile, '$schema'>;
