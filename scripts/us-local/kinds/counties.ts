import { COUNTY_NAMES, STATE_FIPS, countyIn } from '../inputs.js';
import { ProseRecipe, proseOf } from '../recipe.js';
import { PeriodData, Rate, StateRates } from '../state-rates.js';

/**
 * A state whose local taxes are county-wide, each county's dated rates as its recipe lists
 * them (Hawaii: the county surcharges on the general excise tax, from Honolulu's start).
 */
export function fromCountyPeriods(recipe: CountiesRecipe): StateRates {
  const fips = STATE_FIPS.get(recipe.state) as number;
  const county = (name: string): string => countyIn(recipe.state, name);
  const counties = new Map<string, Rate>();
  for (const [name, periods] of Object.entries(recipe.counties)) {
    if (periods[0]?.from !== recipe.from || periods.some((p, i) => i > 0 && p.from <= (periods[i - 1] as PeriodData).from)) throw new Error(`${recipe.state}: ${name}'s periods do not run from ${recipe.from} in order`);
    counties.set(county(name), periods);
  }
  const missing = [...COUNTY_NAMES.keys()].filter((g) => g.startsWith(String(fips).padStart(2, '0')) && !counties.has(g));
  if (missing.length > 0) throw new Error(`${recipe.state}: counties without rates: ${missing.map((g) => COUNTY_NAMES.get(g)).join(', ')}`);
  return {
    state: recipe.state,
    ...proseOf(recipe, recipe.from, {}),
    counties,
    cities: new Map(),
    districts: [],
    jurisdictionNotes: new Map(Object.entries(recipe.countyNotes ?? {}).map(([name, note]) => [county(name), note])),
  };
}

/** kind "counties": county-wide taxes, each county's dated rates as the recipe lists them (fromCountyPeriods). */
export interface CountiesRecipe extends ProseRecipe {
  kind: 'counties';
  /** The first day of every county's periods. */
  from: string;
  /** Every county of the state → its periods, from `from` on. */
  counties: Record<string, PeriodData[]>;
  countyNotes?: Record<string, string>;
}
