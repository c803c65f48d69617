import type { Address, SupplyKind } from './types.js';
import type { ClassTable, CompiledCountry, CompiledJurisdiction, CompiledRegime, CompiledTerritory, RuleSet } from './ruleset.js';
import { inForce } from './ruleset.js';
import { TaxRulesError } from './errors.js';
import { isCompactUpper } from './text.js';
import { localKey, localPlace, type LocalPlace } from './us-local.js';

/** Where an address is for tax purposes on one day. */
export interface Location {
  /** The country code as typed, aliases resolved (EL → GR). */
  typed: string;
  /** Rules of the country whose tax applies (AT for Jungholz), or null when we have none. */
  country: CompiledCountry | null;
  /** The deepest jurisdiction known: a state or province, else the country. */
  jurisdiction: CompiledJurisdiction | null;
  /** Region reported in results (a state, or a territory's subdivision such as PT-20). */
  region: string | null;
  territory: CompiledTerritory | null;
  /** Outside the typed country's tax with no tax of its own that we model. */
  excluded: boolean;
  /** For a territory outside its typed country's tax: that country's rules. */
  excludedFrom: CompiledCountry | null;
  /** The territory belongs to this regime for goods (Northern Ireland: EU). */
  goodsRegime: CompiledRegime | null;
  /** Rate classes of the territory that replace its country's. */
  rates: ClassTable | null;
  /** The local rate area, in a US state with local taxes in the rules. */
  local: LocalPlace | null;
  notes: string[];
}

const SPACES_RE = /[\s.]+/g;
const COUNTRY_PREFIX_RE = /^[A-Z]{1,3}-(?=\d)/;

/** Uppercase, no spaces, dots or dashes, without a leading country prefix ("D-", "CH-"). */
export function normalisePostalCode(postalCode: string | undefined): string | null {
  if (postalCode === undefined) return null;
  if (postalCode.length > 0 && isCompactUpper(postalCode)) return postalCode;
  const p = postalCode.toUpperCase().replace(SPACES_RE, '').replace(COUNTRY_PREFIX_RE, '').replace(/-/g, '');
  return p === '' ? null : p;
}

/** Resolves an alias (EL, UK) to the country code used in the rules. */
export function canonicalCountry(rules: RuleSet, country: string): string {
  const c = country.length > 0 && isCompactUpper(country) ? country : country.trim().toUpperCase();
  return rules.aliases.get(c) ?? c;
}

export function territoryMatches(t: CompiledTerritory, postal: string | null, city: string | null): boolean {
  if (t.all) return true;
  const cityMatch = city !== null && t.cities.some((re) => re.test(city));
  if (postal !== null && t.postalCodes.length > 0) {
    return t.postalCodes.some((re) => re.test(postal)) && (t.cities.length === 0 || cityMatch);
  }
  return t.cities.length > 0 && cityMatch;
}

/** State of a US ZIP code (5 digits), or null when the ZIP is not one of a state. */
export function stateOfZip(rules: RuleSet, zip5: number): string | null {
  const starts = rules.zipStarts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((starts[mid] as number) <= zip5) lo = mid + 1;
    else hi = mid - 1;
  }
  return hi >= 0 && zip5 <= (rules.zipEnds[hi] as number) ? (rules.zipStates[hi] as string) : null;
}

function regionFromPostalCode(rules: RuleSet, country: CompiledCountry, postal: string): string | null {
  if (country.code === 'US' && rules.zipStarts.length > 0) return stateOfZip(rules, Number(postal.slice(0, 5)));
  for (const r of country.regionRules) if (r.pattern.test(postal)) return r.region;
  return null;
}

/**
 * Finds the fiscal territory and jurisdiction of an address on a day.
 * `role` names the address in errors. Throws TaxRulesError for a postal code or region
 * that cannot belong to the country, or a missing one where the region decides the tax.
 */
export function locate(rules: RuleSet, address: Address, day: number, supply: SupplyKind, role: 'origin' | 'destination'): Location {
  const typed = canonicalCountry(rules, address.country);
  const postal = normalisePostalCode(address.postalCode);
  const city = address.city ? address.city.trim().toLowerCase() : null;
  const notes: string[] = [];
  let country = rules.countries.get(typed) ?? null;
  let territory: CompiledTerritory | null = null;
  let region: string | null = null;
  let excluded = false;
  let excludedFrom: CompiledCountry | null = null;
  let goodsRegime: CompiledRegime | null = null;
  let rates: ClassTable | null = null;
  let jurisdiction: CompiledJurisdiction | null = null;

  for (const t of rules.territories.get(typed) ?? []) {
    if (!territoryMatches(t, postal, city)) continue;
    const tr = inForce(t.treatment, day);
    if (!tr || tr.kind === 'none') break;
    territory = t;
    if (tr.note) notes.push(tr.note);
    if (tr.kind === 'excluded') {
      excludedFrom = country;
      if (tr.jurisdiction !== null) {
        jurisdiction = rules.jurisdictions.get(tr.jurisdiction) ?? null;
        country = jurisdiction?.home ?? null;
        region = jurisdiction && jurisdiction.region !== '' ? jurisdiction.region : null;
      } else {
        excluded = true;
      }
    } else {
      const typedCountry = country;
      country = rules.countries.get(tr.country as string) ?? null;
      // Taxed as another country (Büsingen → CH): outside the typed country's tax area.
      if (typedCountry && country && country !== typedCountry) excludedFrom = typedCountry;
      region = tr.region;
      rates = Object.keys(t.rates).length > 0 ? t.rates : null;
      if (tr.goodsRegime) goodsRegime = rules.regimes.get(tr.goodsRegime) ?? null;
    }
    break;
  }

  if (country && !excluded && !jurisdiction) {
    jurisdiction = country.root;
    // A territory taxed as a region of its country (a province's enclave): that region's jurisdiction.
    if (territory && region !== null) jurisdiction = country.byRegion.get(region) ?? country.root;
    else if (country.byRegion.size > 0 && !territory) {
      const given = address.region ? address.region.trim().toUpperCase() : null;
      let derived: string | null = null;
      if (postal !== null) {
        if (country.postalPattern && !country.postalPattern.test(postal)) {
          throw new TaxRulesError('invalid_value', 406, [
            { path: [role, 'postalCode'], code: 'invalid_value', message: `${address.postalCode} is not a postal code of ${country.name}` },
          ]);
        }
        derived = regionFromPostalCode(rules, country, postal);
        if (derived === null && role === 'destination') {
          throw new TaxRulesError('invalid_value', 406, [
            { path: [role, 'postalCode'], code: 'invalid_value', message: `${address.postalCode} is not a postal code of any ${country.code === 'US' ? 'state' : 'region'} of ${country.name}` },
          ]);
        }
      }
      if (given !== null && !country.byRegion.has(given)) {
        throw new TaxRulesError('invalid_value', 406, [
          { path: [role, 'region'], code: 'invalid_value', message: `${address.region} is not a region of ${country.name}` },
        ]);
      }
      if (given !== null && derived !== null && given !== derived) {
        throw new TaxRulesError('invalid_value', 406, [
          { path: [role, 'postalCode'], code: 'invalid_value', message: `postal code ${address.postalCode} is in ${derived}, not in ${given}` },
        ]);
      }
      region = given ?? derived;
      if (region === null && role === 'destination') {
        throw new TaxRulesError('invalid_request', 400, [
          { path: [role, 'postalCode'], code: 'missing', message: `a postal code is required for ${country.name}: the tax depends on the ${country.code === 'US' ? 'state' : 'province'}` },
        ]);
      }
      if (region !== null) jurisdiction = country.byRegion.get(region) ?? country.root;
    }
  }

  let local: LocalPlace | null = null;
  const key = region !== null && country ? localKey(country.code, region) : null;
  if (key !== null && rules.usLocal.has(key)) {
    const file = rules.usLocal.get(key);
    if (file) local = postal === null ? { file, area: null, match: 'none', others: [] } : localPlace(file, postal, address.city ?? null);
  }
  return { typed, country, jurisdiction, region, territory, excluded, excludedFrom, goodsRegime, rates, local, notes };
}

/** The regime the location belongs to on a day, for a kind of supply. */
export function regimeOf(location: Location, day: number, supply: SupplyKind): CompiledRegime | null {
  if (supply === 'goods' && location.goodsRegime) return location.goodsRegime;
  const country = location.country;
  if (!country || location.excluded) return null;
  for (const m of country.regimes) if (m.from <= day && day <= m.until) return m.regime;
  return null;
}
