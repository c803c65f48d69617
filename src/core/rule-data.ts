import type {
  CountryRules,
  CurrencyRules,
  RegimeRules,
  TaxCodeRules,
  TerritoryRules,
  WorldRules,
} from '../generated/rule-files.js';

export type {
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
  Taxability,
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
}
