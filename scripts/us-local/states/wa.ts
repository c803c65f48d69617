import { COUNTY_NAMES, TAXLOCUS, countyNamed, nameKey, placeCounties, placeCountyOf, places } from '../inputs.js';
import { ProseRecipe, proseOf } from '../recipe.js';
import { StateRates, floorSplit, units4 } from '../state-rates.js';

/**
 * Washington: the Department of Revenue's combined local rates (TaxLocus: counties'
 * unincorporated areas by FIPS code, cities by Census place code) as additive lines.
 */
export function washington(recipe: WaRecipe): StateRates {
  const rows = TAXLOCUS.filter((r) => r.state === 'WA');
  const uninc = new Map<string, number>();
  const left: string[] = [];
  for (const r of rows.filter((x) => x.jurisdiction_type === 'county')) {
    const geoid = `53${(r.fips_code as string).padStart(3, '0')}`;
    if (!COUNTY_NAMES.has(geoid)) {
      left.push(`${r.name} (${r.fips_code})`);
      continue;
    }
    if (countyNamed(53, r.name as string) !== geoid) throw new Error(`WA: county ${r.name} (${r.fips_code})`);
    uninc.set(geoid, units4(Number(r.rate) * 100));
  }
  const parts: { place: string; county: string; units: number }[] = [];
  for (const r of rows.filter((x) => x.jurisdiction_type === 'city')) {
    const geoid = `53${r.fips_code as string}`;
    const p = places.get(geoid);
    if (!p || !p.incorporated || nameKey(p.name) !== nameKey(r.name as string)) {
      left.push(`${r.name} (${r.fips_code})`);
      continue;
    }
    const county = placeCountyOf.get(geoid);
    if (!county || !uninc.has(county)) throw new Error(`WA: no county for ${r.name}`);
    // The table gives a city one rate: its parts in other counties are charged it too.
    for (const c of new Set([county, ...(placeCounties.get(geoid) ?? [])])) if (uninc.has(c)) parts.push({ place: geoid, county: c, units: units4(Number(r.rate) * 100) });
  }
  if (left.length > 0) console.warn(`WA: rows left out: ${left.join(', ')}`);
  const split = floorSplit('WA', uninc, parts);
  return {
    state: 'WA',
    ...proseOf(recipe, recipe.from, { left: left.join(', ') }),
    ...split,
  };
}

/** kind "washington": the Department of Revenue's combined rates by location code, as TaxLocus gives them (washington()). */
export interface WaRecipe extends ProseRecipe {
  kind: 'washington';
  from: string;
}
