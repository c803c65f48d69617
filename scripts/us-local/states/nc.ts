import { readFileSync } from 'node:fs';
import { COUNTY_NAMES } from '../inputs.js';
import { TaxLocusOptions, taxLocusTables } from '../kinds/taxlocus.js';
import { ProseRecipe, proseOf } from '../recipe.js';
import { PeriodData, Rate, StateRates } from '../state-rates.js';

/**
 * North Carolina: TaxLocus's copy of the Department of Revenue's rates of 2026-08-18, recorded
 * from the day of the Department's table of combined rates by county (the recipe's `table`,
 * scripts/us-local/nc-county-rates-2024-07-01.json) that they add up to, county by county, the
 * districts of the recipe's `later` aside (Mecklenburg County's 1 % transportation tax): the
 * import stops on a county whose rates differ. Such a district is recorded at 0 from the
 * table's day and at its rate from the day the recipe gives.
 */
export function northCarolina(recipe: NcRecipe): StateRates {
  const base = taxLocusTables('NC', recipe);
  const table = JSON.parse(readFileSync(recipe.table, 'utf8')) as { source: string; checked: string; from: string; state_rate: string; counties: Record<string, string> };
  const u = (r: string): number => Math.round(Number(r) * 1e4);
  const differ: string[] = [];
  for (const [geoid, rate] of base.counties) {
    const name = (COUNTY_NAMES.get(geoid) as string).replace(/ County$/, '');
    const published = table.counties[name];
    const sum = u(table.state_rate) + u(rate as string) + base.districts.filter((d) => !(d.name in recipe.later) && d.counties.has(geoid)).reduce((a, d) => a + u(d.rate as string), 0);
    if (published === undefined || u(published) !== sum) differ.push(`${name} ${published ?? 'not in the table'} (TaxLocus: ${sum / 1e4})`);
  }
  if (differ.length > 0 || Object.keys(table.counties).length !== base.counties.size) throw new Error(`NC: rates that differ from the table of ${table.from}: ${differ.join('; ')}`);
  for (const name of Object.keys(recipe.later)) if (!base.districts.some((d) => d.name === name)) throw new Error(`NC: no district ${name}`);
  const since = (rate: string): Rate => [{ from: table.from, rate, source: recipe.source, checked: table.checked }];
  return {
    state: 'NC',
    ...proseOf(recipe, table.from, { table: table.source }),
    counties: new Map([...base.counties].map(([g, r]) => [g, since(r as string)])),
    cities: base.cities,
    districts: base.districts.map((d) => {
      const later = recipe.later[d.name];
      return { ...d, rate: later ? [...(since('0') as PeriodData[]), { from: later.from, rate: d.rate as string, source: later.source, checked: table.checked, note: later.note }] : since(d.rate as string) };
    }),
  };
}

/** kind "north-carolina": TaxLocus's county rows and districts, recorded from the day of the Department's table they add up to (northCarolina()); {table} is its source, {from} its day. */
export interface NcRecipe extends ProseRecipe {
  kind: 'north-carolina';
  /** The Department's combined rates by county (a file under scripts/us-local/). */
  table: string;
  districts: NonNullable<TaxLocusOptions['districts']>;
  /** Districts the table has no room for: left out of its sums, recorded at 0 from its day and at their rate from `from`. */
  later: Record<string, { from: string; source: string; note: string }>;
}
