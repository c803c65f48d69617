import { COUNTY_NAMES, TAXLOCUS, countyIn, countyNamed, nameKey, placeCounties, placeCountyOf, placeName, placeNamed, places, zctaCounties } from '../inputs.js';
import { CapData, ProseRecipe, capOf, fill, proseOf } from '../recipe.js';
import { StateRates, floorSplit, units4 } from '../state-rates.js';

/**
 * Tennessee: TaxLocus's table of the Department of Revenue's list "Tennessee Sales and Use
 * Tax County and City Local Tax Rates". A county's row (FIPS code) is the county's rate, which
 * applies in all of it; a city's row (Census place code) is the local rate inside the city,
 * the county's or the city's where that is higher (Memphis 2.75 % = Shelby County's 2.25 % and
 * the city's 0.5 %; Knoxville 2.25 %, Knox County's). A city in several counties has a row
 * for each county part under the Department's FIPS code 9 + situs code, the county's number in
 * alphabetical order (Census code 2n − 1) and the city's number in the county's list (90104:
 * Oak Ridge in Anderson County, situs 0104); Davidson County's transit surcharge has a row at
 * 0.5 % for each situs code of the county (91950 to 91958). The overrides, the surcharge and
 * the wording are the recipe's (scripts/us-local/recipes/TN.json).
 */
export function tennessee(recipe: TnRecipe): StateRates {
  const START = recipe.from;
  const rows = TAXLOCUS.filter((r) => r.state === 'TN');
  const unitsOf = (r: Record<string, string>): number => units4(Number(r.rate) * 100);
  const county = (name: string): string => countyIn('TN', name);
  const named = (g: string): string => COUNTY_NAMES.get(g) as string;
  const countyUnits = new Map<string, number>();
  for (const r of rows.filter((x) => x.jurisdiction_type === 'county')) {
    const geoid = `47${(r.fips_code as string).padStart(3, '0')}`;
    if (countyNamed(47, r.name as string) !== geoid) throw new Error(`TN: county ${r.name} (${r.fips_code}) does not match the Census name`);
    countyUnits.set(geoid, unitsOf(r));
  }
  if (countyUnits.size !== recipe.counties) throw new Error(`TN: ${countyUnits.size} counties, expected ${recipe.counties}`);
  const countyOfSitus = (code: string): string => `47${String(2 * Number(code.slice(1, 3)) - 1).padStart(3, '0')}`;
  const transit = recipe.transitSurcharge;
  const special = rows.filter((x) => x.jurisdiction_type === 'special_district');
  const surcharge = special.filter((x) => unitsOf(x) === units4(Number(transit.rate)));
  if (surcharge.length !== transit.rows || surcharge.some((x) => !(x.fips_code as string).startsWith(transit.codePrefix))) throw new Error(`TN: the ${transit.rate} % rows are not ${transit.county}'s ${transit.rows} surcharge codes (${transit.codePrefix}…): ${surcharge.map((x) => x.fips_code).join(', ')}`);
  const splitRows = special.filter((x) => !surcharge.includes(x));

  const parts: { place: string; county: string; units: number }[] = [];
  /** County parts of cities ("place|county") whose rate the table does not tell. */
  const unknown = new Map<string, string>();
  const notes = new Map<string, string>();
  const squash = (name: string): string => nameKey(name).replace(/ /g, '');
  // City rows. Those that are no incorporated place of the Census (noPlace) add nothing to their county.
  const rowPlaces = new Set<string>();
  for (const r of rows.filter((x) => x.jurisdiction_type === 'city')) {
    const code = r.fips_code as string;
    const geoid = `47${code}`;
    const p = places.get(geoid);
    if (!p || !p.incorporated) {
      const c = recipe.noPlace[code];
      if (!c || unitsOf(r) !== countyUnits.get(county(c))) throw new Error(`TN: city row ${r.name} (${code}) is no incorporated place`);
      continue;
    }
    if (squash(p.name) !== squash(r.name as string)) throw new Error(`TN: row ${r.name} (${code}) is ${p.name} in the Census`);
    rowPlaces.add(geoid);
    const rate = unitsOf(r);
    const principal = placeCountyOf.get(geoid) as string;
    if (rate < (countyUnits.get(principal) as number)) throw new Error(`TN: ${r.name} at ${rate} is below ${named(principal)}'s rate`);
    parts.push({ place: geoid, county: principal, units: rate });
    // The row is of the city's principal county: in another county whose rate is at least the
    // row's, the part bears the county's rate; below it, the city's own rate decides, known
    // where the row is above the principal county's rate or a source gives it (the recipe's `own`).
    const given = recipe.own[placeName(p.name)];
    const own = rate > (countyUnits.get(principal) as number) ? rate : given ? units4(Number(given.rate)) : undefined;
    for (const c of placeCounties.get(geoid) ?? []) {
      if (c === principal) continue;
      const cu = countyUnits.get(c) as number;
      if (cu >= rate) parts.push({ place: geoid, county: c, units: cu });
      else if (own !== undefined) parts.push({ place: geoid, county: c, units: Math.max(cu, own) });
      else unknown.set(`${geoid}|${c}`, `${placeName(p.name)} in ${named(c)}`);
    }
    if (given) notes.set(geoid, given.note);
  }
  // Rows of cities in several counties, by county: the cities are those of the Census in that
  // county that have no place row. Where a county's rows carry one rate, each such part bears
  // it; where they differ, a part is placed only where the Department's numbering tells it (the
  // recipe's `situs`).
  const multi = [...places.values()].filter((p) => p.state === 'TN' && p.incorporated && !rowPlaces.has(p.geoid) && (placeCounties.get(p.geoid)?.size ?? 0) > 1);
  const byCounty = new Map<string, Record<string, string>[]>();
  for (const r of splitRows) byCounty.set(countyOfSitus(r.fips_code as string), [...(byCounty.get(countyOfSitus(r.fips_code as string)) ?? []), r]);
  for (const [c, list] of byCounty) {
    const cu = countyUnits.get(c) as number;
    let candidates = multi.filter((p) => placeCounties.get(p.geoid)?.has(c));
    if (candidates.length !== list.length) throw new Error(`TN: ${named(c)} has ${list.length} rows of cities in several counties, the Census ${candidates.length} such cities`);
    let left = list;
    for (const r of list) {
      const s = recipe.situs[r.fips_code as string];
      if (!s) continue;
      const p = candidates.find((x) => placeName(x.name) === s.city);
      if (!p) throw new Error(`TN: ${s.city} is not a city of ${named(c)} in several counties`);
      parts.push({ place: p.geoid, county: c, units: unitsOf(r) });
      if (s.note) notes.set(p.geoid, s.note);
      candidates = candidates.filter((x) => x !== p);
      left = left.filter((x) => x !== r);
    }
    const rates = new Set(left.map(unitsOf));
    for (const p of candidates) {
      if (rates.size === 1) parts.push({ place: p.geoid, county: c, units: [...rates][0] as number });
      else unknown.set(`${p.geoid}|${c}`, `${placeName(p.name)} in ${named(c)}`);
    }
    for (const u of rates) if (u < cu) throw new Error(`TN: a row of ${named(c)} is below the county's rate`);
  }
  for (const p of multi) {
    for (const c of placeCounties.get(p.geoid) ?? []) {
      if (!parts.some((x) => x.place === p.geoid && x.county === c) && !unknown.has(`${p.geoid}|${c}`)) throw new Error(`TN: no row for ${p.name} in ${named(c)}`);
    }
  }
  const split = floorSplit('TN', new Map(countyUnits), parts);
  // A city's line applies only in the counties its parts name.
  for (const p of new Set(parts.map((x) => x.place))) {
    if (!split.cityCounties?.has(p)) split.cityCounties?.set(p, new Set(parts.filter((x) => x.place === p).slice(0, 1).map((x) => x.county)));
  }
  // Recorded from the table's first day, as the county's rate is (the note gives the day it took effect).
  split.districts.push({
    name: transit.name,
    rate: [{ from: START, rate: transit.rate, source: transit.source, note: transit.note }],
    counties: new Set([county(transit.county)]),
    places: new Set(),
  });
  const situsNotes = Object.fromEntries(Object.entries(recipe.situs).map(([code, x]) => [`situs:${code}`, x.note ?? '']));
  for (const [name, note] of Object.entries(recipe.cityNotes)) {
    const p = placeNamed('TN', name);
    if (!p) throw new Error(`TN: no city ${name}`);
    notes.set(p.geoid, fill(note, situsNotes));
  }
  for (const [name, note] of Object.entries(recipe.countyNotes)) notes.set(county(name), note);
  const unknownList = [...unknown.values()];
  console.log(`TN: ${split.cities.size} cities, ${split.districts.length} districts; parts not known: ${unknownList.join('; ')}`);
  return {
    state: 'TN',
    ...proseOf(recipe, START, { unknown: unknownList.join('; ') }),
    singleArticleCap: capOf(recipe.singleArticleCap),
    ...split,
    jurisdictionNotes: notes,
    // A city's part of a ZIP code lies in one county in the Census's overlaps: a ZIP code in which
    // a city with a part of unknown rate reaches into that part's county is left out.
    unknownArea: (a, zip) => a.within !== null && (zctaCounties.get(zip) ?? []).some((c) => unknown.has(`${a.within}|${c.geoid}`)),
  };
}

/** kind "tennessee": the Department of Revenue's list as TaxLocus gives it (tennessee()). */
export interface TnRecipe extends ProseRecipe {
  kind: 'tennessee';
  from: string;
  /** How many counties the Census lists, each with a row of the table (checked). */
  counties: number;
  singleArticleCap: CapData;
  /** City row code → the county whose rate the row carries, for a row that is no incorporated place of the Census. */
  noPlace: Record<string, string>;
  /** City → its own rate, where its row is its principal county's and a part lies in a county with a lower rate, and the note that says why. */
  own: Record<string, { rate: string; note: string }>;
  /** Code of a row of a city in several counties → the city, where the county's such rows differ, and the note that says why. */
  situs: Record<string, { city: string; note?: string }>;
  /** The county-wide surcharge the table gives under `rows` codes starting `codePrefix`, at `rate`. */
  transitSurcharge: { name: string; county: string; codePrefix: string; rows: number; rate: string; source: string; note: string };
  /** Notes on cities and counties; {situs:CODE} is the note of that row. */
  cityNotes: Record<string, string>;
  countyNotes: Record<string, string>;
}
