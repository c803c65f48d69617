import { join } from 'node:path';
import { csv } from '../../csv.js';
import { COUNTY_NAMES, TAXLOCUS, countyNamed, nameKey, placeCounties, placeCountyOf, places, srcDir } from '../inputs.js';
import { ProseRecipe, proseOf } from '../recipe.js';
import { LocationTable, StateRates, floorSplit, floorSplitDated, units4 } from '../state-rates.js';

/** A location's name as compared with a city's: no county or transit-area suffix ("AUBURN/KING RTA" → "auburn"), no "City", no spaces. */
function locationKey(name: string): string {
  return nameKey(name.replace(/\/.*$/, '').replace(/ (NON-RTA|RTA)$/i, ''))
    .replace(/ city$/, '')
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Washington: the Department of Revenue's combined local rates (TaxLocus: counties'
 * unincorporated areas by FIPS code, cities by Census place code) as additive lines; with
 * `history`, the Department's quarterly tables by location code before them.
 */
export function washington(recipe: WaRecipe): StateRates {
  const rows = TAXLOCUS.filter((r) => r.state === 'WA');
  const uninc = new Map<string, number>();
  /** County or place GEOID → its Department location code. */
  const codeOf = new Map<string, string>();
  const left: string[] = [];
  for (const r of rows.filter((x) => x.jurisdiction_type === 'county')) {
    const geoid = `53${(r.fips_code as string).padStart(3, '0')}`;
    if (!COUNTY_NAMES.has(geoid)) {
      left.push(`${r.name} (${r.fips_code})`);
      continue;
    }
    if (countyNamed(53, r.name as string) !== geoid) throw new Error(`WA: county ${r.name} (${r.fips_code})`);
    uninc.set(geoid, units4(Number(r.rate) * 100));
    // The Department numbers the counties alphabetically (Census code 2n − 1); nn00 is the unincorporated area.
    codeOf.set(geoid, `${String((Number(r.fips_code) + 1) / 2).padStart(2, '0')}00`);
  }
  const parts: { place: string; county: string; units: number }[] = [];
  const cityRate = new Map<string, number>();
  for (const r of rows.filter((x) => x.jurisdiction_type === 'city')) {
    const geoid = `53${r.fips_code as string}`;
    const p = places.get(geoid);
    if (!p || !p.incorporated || nameKey(p.name) !== nameKey(r.name as string)) {
      left.push(`${r.name} (${r.fips_code})`);
      continue;
    }
    const county = placeCountyOf.get(geoid);
    if (!county || !uninc.has(county)) throw new Error(`WA: no county for ${r.name}`);
    cityRate.set(geoid, units4(Number(r.rate) * 100));
    // The table gives a city one rate: its parts in other counties are charged it too.
    for (const c of new Set([county, ...(placeCounties.get(geoid) ?? [])])) if (uninc.has(c)) parts.push({ place: geoid, county: c, units: units4(Number(r.rate) * 100) });
  }
  if (left.length > 0) console.warn(`WA: rows left out: ${left.join(', ')}`);
  const h = recipe.history;
  if (!h) return { state: 'WA', ...proseOf(recipe, recipe.from, { left: left.join(', ') }), ...floorSplit('WA', uninc, parts) };

  // The Department's quarterly tables: quarter's first day → location code → combined local rate.
  const quarters = new Map<string, Map<string, { name: string; units: number }>>();
  for (const r of csv(join(srcDir, h.table))) {
    const q = quarters.get(r.quarter_start as string) ?? new Map<string, { name: string; units: number }>();
    q.set(r.location_code as string, { name: (r.location_name as string).trim(), units: units4(Number(r.local_rate) * 100) });
    quarters.set(r.quarter_start as string, q);
  }
  const days = [...quarters.keys()].sort();
  if (days[0] !== h.from) throw new Error(`WA: the tables start on ${days[0]}, not ${h.from}`);
  const latest = quarters.get(days[days.length - 1] as string) as Map<string, { name: string; units: number }>;
  // TaxLocus's location-code rows (L + code) on the file's first day.
  const lcode = new Map(rows.filter((x) => x.jurisdiction_type === 'special_district' && /^L\d{4}$/.test(x.fips_code as string)).map((x) => [(x.fips_code as string).slice(1), units4(Number(x.rate) * 100)]));
  for (const [geoid, rate] of cityRate) {
    const key = locationKey(places.get(geoid)?.name.replace(/ (city|town)$/, '') ?? geoid);
    const found = [...latest].filter(([code, l]) => !/ COUNTY/i.test(l.name) && locationKey(l.name) === key && lcode.get(code) === rate).map(([code]) => code);
    if (found.length !== 1) throw new Error(`WA: ${found.length} location codes of ${places.get(geoid)?.name} at ${rate / 1e4} %: ${found.join(', ')}`);
    codeOf.set(geoid, found[0] as string);
  }
  for (const [geoid, rate] of uninc) if (lcode.get(codeOf.get(geoid) as string) !== rate) throw new Error(`WA: ${COUNTY_NAMES.get(geoid)}: location code ${codeOf.get(geoid)} is not at the county row's rate`);
  const tables: LocationTable[] = days.map((day) => {
    const q = quarters.get(day) as Map<string, { name: string; units: number }>;
    const at = (geoid: string): number => {
      const l = q.get(codeOf.get(geoid) as string);
      if (!l) throw new Error(`WA: the table of ${day} has no location code ${codeOf.get(geoid)}`);
      return l.units;
    };
    return { from: day, source: h.source, checked: h.checked, uninc: new Map([...uninc.keys()].map((g) => [g, at(g)])), parts: parts.map((p) => ({ ...p, units: at(p.place) })) };
  });
  // The next quarter is the rate table's (TaxLocus's), which must follow the last table.
  if (recipe.from !== h.until) throw new Error(`WA: the tables end before ${h.until}, the rate table starts on ${recipe.from}`);
  tables.push({ from: recipe.from, source: recipe.source, uninc, parts });
  const split = floorSplitDated('WA', tables);
  const jurisdictionNotes = new Map<string, string>();
  for (const [geoid, code] of codeOf) {
    const name = latest.get(code)?.name ?? code;
    jurisdictionNotes.set(geoid, geoid.length === 5 ? `Department of Revenue location code ${code} (${name}): the unincorporated area; the county's line is the lowest rate of its locations.` : `Department of Revenue location code ${code} (${name}).`);
  }
  return {
    state: 'WA',
    ...proseOf(recipe, h.from, { left: left.join(', '), mapped: codeOf.size, codes: latest.size }),
    ...split,
    jurisdictionNotes,
  };
}

/** kind "washington": the Department of Revenue's combined rates by location code, as TaxLocus gives them (washington()), and its quarterly tables before them. */
export interface WaRecipe extends ProseRecipe {
  kind: 'washington';
  from: string;
  history?: { table: string; source: string; from: string; until: string; checked: string };
}
