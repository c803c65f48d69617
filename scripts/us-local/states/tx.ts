import { OST, Place, TAXLOCUS, TAXLOCUS_AS_OF, TAXLOCUS_CREDIT, placeCountyOf, placeName, placeNamed, places } from '../inputs.js';
import { OstOptions, fromOst, listedCounties } from '../kinds/ost.js';
import { RecipeFile, fill } from '../recipe.js';
import { Rate, StateRates, plainRate, sstPercent } from '../state-rates.js';

/**
 * Texas: the cities of open-sales-tax's table (its rates as of 2026-05-04, and the member
 * cities of 7 transit authorities), completed from TaxLocus's copy of the Comptroller's list
 * of 2026-08-18 with every county's tax and the other cities' own taxes. Texas local rates
 * change only on the first day of a calendar quarter (Tex. Tax Code §§ 321.102, 323.102), so
 * the list's rates are in force from 2026-07-01. The open-sales-tax table gives some cities
 * their combined local rate (city, county and city-wide special districts: Tyler 2 % = 1.5 %
 * + Smith County 0.5 %) and others their own (El Paso 1 %): where its rate less the county's
 * is at least the list's own rate of the city, the city's line is that difference (from
 * 2026-07-01, the county's line beside it); otherwise its rate is the city's own. Where the
 * two disagree otherwise, open-sales-tax's rate is kept and the disagreement noted. The
 * list's special purpose districts (crime control, emergency services, hospital and
 * development districts) and its city/district combinations are not placed: their areas are
 * not published with the rates. The days, aliases and wording are the recipe's
 * (scripts/us-local/recipes/TX.json).
 */
export function texas(recipe: TxRecipe): StateRates {
  const base = fromOst('TX', recipe);
  const FROM = recipe.list.from;
  const key = recipe.list.source;
  const values = { taxlocus: TAXLOCUS_CREDIT, asOf: TAXLOCUS_AS_OF, listFrom: FROM };
  for (const [k, v] of Object.entries(recipe.sources)) base.sources[k] = fill(v, values);
  if (!(key in base.sources)) throw new Error(`TX: source ${key} is not in sources`);
  const period = (rate: string): Rate => [{ from: FROM, rate, source: key }];
  const rows = TAXLOCUS.filter((r) => r.state === 'TX');
  const listed = listedCounties('TX');
  const unmatched = listed.unmatched;
  const countyRate = new Map<string, number>();
  for (const [geoid, rate] of listed.rates) {
    countyRate.set(geoid, Number(rate));
    base.counties.set(geoid, period(rate));
  }
  // Names the list spells otherwise than the Census (the recipe's `aliases`); a name two places
  // share (Oak Ridge, Reno, Lakeside) is left out, the list naming no county.
  const txPlace = (name: string): Place | null => {
    const wanted = recipe.aliases[name] ?? name;
    const exact = [...places.values()].filter((p) => p.state === 'TX' && p.incorporated && placeName(p.name) === wanted);
    return exact.length === 1 ? (exact[0] as Place) : exact.length > 1 ? null : placeNamed('TX', wanted);
  };
  // open-sales-tax's cities its own matching missed.
  for (const r of OST.filter((x) => x.state === 'TX' && x.jurisdiction_type === 'city' && x.rate_pct !== '')) {
    const place = placeNamed('TX', r.name as string) ?? txPlace(r.name as string);
    if (place && !base.cities.has(place.geoid) && plainRate(r.rate_pct as string) !== '0') base.cities.set(place.geoid, plainRate(r.rate_pct as string));
  }
  // The list's own rate of each city with a plain name ("Abbott", not "Abbott/Hill Co ESD 2-A").
  const own = new Map<string, number>();
  for (const r of rows.filter((x) => x.jurisdiction_type === 'city' && !/[/(]/.test(x.name as string))) {
    const place = txPlace(r.name as string);
    if (!place) {
      unmatched.push(`city ${r.name}`);
      continue;
    }
    own.set(place.geoid, Number(sstPercent(r.rate as string)));
  }
  if (unmatched.length > 0) console.warn(`TX: TaxLocus rows not matched to Census names (left out): ${unmatched.join('; ')}`);
  const notes = new Map<string, string>();
  let combined = 0;
  for (const [geoid, rate] of base.cities) {
    const ost = Number(rate);
    const county = countyRate.get(placeCountyOf.get(geoid) ?? '') ?? 0;
    const listed = own.get(geoid);
    if (listed === undefined) continue;
    if (county > 0 && ost - county >= listed - 1e-9) {
      base.cities.set(geoid, period(plainRate((ost - county).toFixed(4))));
      combined++;
    } else if (Math.abs(ost - listed) > 1e-9 && ost < listed + county) {
      notes.set(geoid, fill(county > 0 ? recipe.disagreement.withCounty : recipe.disagreement.withoutCounty, { ost, listed, county }));
    }
  }
  let added = 0;
  for (const [geoid, rate] of own) {
    if (base.cities.has(geoid) || rate === 0) continue;
    base.cities.set(geoid, period(plainRate(rate.toFixed(4))));
    added++;
  }
  console.log(`TX: ${countyRate.size} county taxes, ${base.cities.size} cities (${added} from the Comptroller's list alone, ${combined} combined rates split into city and county)`);
  // Local taxes add up to at most 2 % anywhere (the recipe's `localCap`; Tex. Tax Code
  // § 321.101(f), § 323.101): see StateRates' `localCap`.
  return {
    ...base,
    localCap: recipe.localCap,
    coverage: fill(recipe.coverage, { ...values, counties: countyRate.size, cities: base.cities.size }),
    notes: [...base.notes, ...recipe.notes.map((n) => fill(n, values))],
    jurisdictionNotes: notes,
  };
}

/**
 * kind "texas": open-sales-tax's table completed from TaxLocus's copy of the Comptroller's list
 * (texas()); `coverage` names {counties} and {cities}, `notes` (after open-sales-tax's) and
 * `sources` {taxlocus}, {asOf} and {listFrom}.
 */
export interface TxRecipe extends RecipeFile, OstOptions {
  kind: 'texas';
  /** The list's rates: recorded from `from` under the source `source`. */
  list: { from: string; source: string };
  /** Sources beside open-sales-tax's. */
  sources: Record<string, string>;
  notes: string[];
  /** The most the local taxes add up to anywhere, percent. */
  localCap: string;
  /** The list's names that the Census spells otherwise. */
  aliases: Record<string, string>;
  /** The note where open-sales-tax's rate of a city is kept against the list's: {ost}, {listed}, {county}. */
  disagreement: { withCounty: string; withoutCounty: string };
}
