import { COUNTY_NAMES, TAXLOCUS, countyIn, placeCounties, placeCountyOf, placeIn, placeNamed } from '../inputs.js';
import { ProseRecipe, fill, proseOf } from '../recipe.js';
import { District, PeriodData, Rate, StateRates, pct4, placedDistrict, plainRate, units4 } from '../state-rates.js';

/**
 * Colorado: TaxLocus's table gives each county's own tax ("Adams" 0.75 %) and, by city name
 * (a qualifier naming a part: "Aurora (Cd Only)"), every local tax at the city's location:
 * county, city and special districts, without the state's 2.9 % (Boulder 6.295 % = Boulder
 * County 1.335 % + Boulder 3.86 % + RTD 1 % + SCFD 0.1 %; Denver 6.25 % = Denver 5.15 % +
 * RTD + SCFD; Colorado Springs 5.3 % = El Paso County 1.23 % + Colorado Springs 3.07 % +
 * PPRTA 1 %, as the Department of Revenue's DR 1002 and rate change lists give the parts).
 * A city's line is its row less the county's tax and the districts placed here by area.
 */
export function colorado(recipe: CoRecipe): StateRates {
  const rows = TAXLOCUS.filter((r) => r.state === 'CO');
  const squash = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z]/g, '');
  const county = (name: string): string => countyIn('CO', name);
  const place = (name: string): string => placeIn('CO', name);
  // Counties: the table's rows name them without spaces ("Elpaso"); a county without a row
  // levies no county tax (Denver, Broomfield, Weld, …). "Summitbreckenridgeiga" and the like are
  // the county's tax inside a town under an intergovernmental agreement, at the county's rate.
  const countyKeys = new Map<string, string>();
  for (const [g, n] of COUNTY_NAMES) if (g.startsWith('08')) countyKeys.set(squash(n.replace(/ County$/, '')), g);
  const countyUnits = new Map<string, number>([...countyKeys.values()].map((g) => [g, 0]));
  const countyRows = rows.filter((r) => r.jurisdiction_type === 'county');
  for (const r of countyRows) {
    const g = countyKeys.get(squash(r.name as string));
    if (g) countyUnits.set(g, units4(Number(r.rate) * 100));
  }
  for (const r of countyRows) {
    const key = squash(r.name as string);
    if (countyKeys.has(key)) continue;
    const base = [...countyKeys].filter(([k]) => key.startsWith(k)).sort((a, b) => b[0].length - a[0].length)[0];
    if (!base || countyUnits.get(base[1]) !== units4(Number(r.rate) * 100)) throw new Error(`CO: county row ${r.name} is no county at its county's rate`);
  }
  if (countyUnits.size !== recipe.counties) throw new Error(`CO: ${countyUnits.size} counties, expected ${recipe.counties}`);

  // Districts placed by area (the recipe's `districts`): RTD where it covers whole counties
  // (elsewhere it is part of a city's row), SCFD in its seven counties (Castle Rock and Larkspur
  // are outside it: their rows are the town's tax and Douglas County's, 4.2 + 1 and 4 + 1), the
  // Pikes Peak RTA in its members and unincorporated El Paso County, and Summit County's two
  // county-wide taxes.
  const districtRates = new Map<District, [number, string]>();
  const districts = recipe.districts.map((d) => {
    const district = placedDistrict('CO', d.name, d.rate, d);
    districtRates.set(district, [units4(Number(d.rate)), d.source]);
    return district;
  });
  const rtd = districts.find((d) => d.name === recipe.rtd);
  if (!rtd) throw new Error(`CO: no district ${recipe.rtd}`);
  /** The county's tax and the placed districts' at a city's part in a county. */
  const placed = (p: string, c: string): number => {
    let u = countyUnits.get(c) as number;
    for (const d of districts) {
      const inCounty = d.counties.has(c) && !d.exceptPlaces?.has(p);
      if (inCounty || d.places.has(p) || d.placeParts?.has(`${p}|${c}`)) u += (districtRates.get(d) as [number, string])[0];
    }
    return u;
  };

  // The county a row describes where its city lies in several (the recipe's `split`), the rows
  // of a part that stand for the whole city (`whole`) and the names the Census spells otherwise.
  const whole = new Set(recipe.whole);
  const byPlace = new Map<string, { row: string; units: number; county: string; split?: CoRecipe['split'][string] }[]>();
  const parts: string[] = [];
  const unmatched: string[] = [];
  for (const r of rows.filter((x) => x.jurisdiction_type === 'city')) {
    const name = r.name as string;
    const bare = name.replace(/\s*\(Mail Via [^)]*\)$/i, '').replace(/\s*\(.*$/, '').replace(/\(In Health Services District\)$/i, '').trim();
    const qualified = /\(/.test(name.replace(/\s*\(Mail Via [^)]*\)$/i, ''));
    const p = placeNamed('CO', recipe.aliases[bare] ?? bare);
    if (!p) {
      unmatched.push(name);
      continue;
    }
    if (qualified && !whole.has(name)) {
      parts.push(name);
      continue;
    }
    const units = units4(Number(r.rate) * 100);
    const split = recipe.split[`${name}|${plainRate((units / 1e4).toFixed(4))}`] ?? recipe.split[name];
    const own = placeCounties.get(p.geoid) ?? new Set([placeCountyOf.get(p.geoid) as string]);
    const c = split ? county(split.county) : own.size === 1 ? ([...own][0] as string) : (placeCountyOf.get(p.geoid) as string);
    if (!split && own.size > 1) console.warn(`CO: ${name} lies in ${own.size} counties; its row is taken as of the principal one`);
    byPlace.set(p.geoid, [...(byPlace.get(p.geoid) ?? []), { row: name, units, county: c, ...(split ? { split } : {}) }]);
  }
  // RTD on the parts whose row carries it where RTD is not placed by county.
  for (const [p, list] of byPlace) for (const l of list) if (l.split?.rtd === 'part') rtd.placeParts?.add(`${p}|${l.county}`);
  const cities = new Map<string, Rate>();
  const notes = new Map<string, string>();
  for (const [p, list] of byPlace) {
    const lines = new Set(list.map((l) => l.units - placed(p, l.county)));
    if (lines.size !== 1) throw new Error(`CO: ${list.map((l) => l.row).join(', ')}: rows that leave the city different rates (${[...lines].map((u) => pct4(u)).join(', ')})`);
    const line = [...lines][0] as number;
    if (line < 0) throw new Error(`CO: ${list[0]?.row}: the row is below the county's and the districts' taxes`);
    for (const l of list) {
      if (l.split?.own === undefined) continue;
      const expected = units4(Number(l.split.own) + (l.split.rtd === 'folded' ? Number(rtd.rate) : 0) + Number(l.split.extra ?? 0));
      if (line !== expected) throw new Error(`CO: ${l.row} leaves ${pct4(line)} %, not the city's ${l.split.own} %`);
    }
    if (line > 0) cities.set(p, pct4(line));
  }
  // Where another source is followed, and the notes on disagreements.
  for (const [name, periods] of Object.entries(recipe.overrides)) cities.set(place(name), periods);
  for (const [name, note] of Object.entries(recipe.cityNotes)) notes.set(place(name), note);
  for (const [name, note] of Object.entries(recipe.countyNotes)) notes.set(county(name), fill(note, { rate: pct4(countyUnits.get(county(name)) as number) }));
  const counties = new Map<string, Rate>([...countyUnits].map(([g, u]) => [g, pct4(u)]));
  const withSource = (d: District): District => {
    const [u, source] = districtRates.get(d) as [number, string];
    return { ...d, rate: [{ from: recipe.from, rate: pct4(u), source }] };
  };
  console.log(`CO: ${cities.size} cities; parts of cities not modelled: ${parts.length}; rows that are no incorporated place: ${unmatched.length}`);
  return {
    state: 'CO',
    ...proseOf(recipe, recipe.from, { cities: cities.size, parts: parts.length, unmatched: unmatched.length }),
    counties,
    cities,
    districts: districts.map(withSource),
    jurisdictionNotes: notes,
  };
}

/** kind "colorado": TaxLocus's county rows and every local tax at each city, less the districts placed by area (colorado()). */
export interface CoRecipe extends ProseRecipe {
  kind: 'colorado';
  from: string;
  /** How many counties the Census lists (checked). */
  counties: number;
  /** The districts placed by area, with their rates and sources; placeParts are "place|county". */
  districts: { name: string; rate: string; source: string; counties?: string[]; places?: string[]; exceptPlaces?: string[]; unincorporated?: string[]; placeParts?: string[] }[];
  /** The district a `split` entry's `rtd` names. */
  rtd: string;
  /**
   * Row name (or "name|rate") of a city in several counties → the county it describes, the
   * city's own rate it leaves, the RTD it carries ("part": on that part, "folded": in the
   * city's line) and another district's rate it holds.
   */
  split: Record<string, { county: string; own?: string; rtd?: 'part' | 'folded'; extra?: string }>;
  /** Rows of a part that stand for the whole city. */
  whole: string[];
  /** A row's bare name → the Census's. */
  aliases: Record<string, string>;
  /** City → its periods, where another source is followed. */
  overrides: Record<string, PeriodData[]>;
  cityNotes: Record<string, string>;
  /** County → a note, {rate} its rate in the table. */
  countyNotes: Record<string, string>;
}
