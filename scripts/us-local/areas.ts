import { zipState } from '../../src/core/rule-checks.js';
import { LocalJurisdiction, UsLocalFile } from '../../src/core/rule-data.js';
import { localId } from '../../src/core/us-local.js';
import { CHECKED, COUNTY_NAMES, Piece, STATE_FIPS, countyStats, cousubNames, incorporatedIn, nameKey, placeCounties, placeCountyOf, placeName, placeStats, places, placesByShortName, townName, townsInRelation, zctaCounties, zctaCousubs, zctaPlaces, zipRanges } from './inputs.js';
import { Area, Rate, StateRates, overLocalCap } from './state-rates.js';

/**
 * The areas of a ZIP code: its county parts split by the incorporated places in them, each
 * weighed by its land times its population density (a city's own; outside cities, the
 * county's density outside its incorporated places). A place without a tax here joins its
 * county's area.
 */
export function areasOf(zip: string, st: StateRates): Area[] {
  if (st.towns) return townAreasOf(zip, st);
  const counties = (zctaCounties.get(zip) ?? []).filter((c) => st.counties.has(c.geoid));
  if (counties.length === 0) return [];
  const cityParts = (zctaPlaces.get(zip) ?? []).filter((p) => places.get(p.geoid)?.incorporated);
  const areas: Area[] = [];
  const byLand = [...counties].sort((a, b) => b.land - a.land);
  const countyOf = (placeGeoid: string): Piece => {
    // A city part lies in the city's principal county where the ZIP reaches into it, else in
    // the largest of the ZIP's county parts that the city reaches into.
    const main = byLand.find((c) => c.geoid === placeCountyOf.get(placeGeoid));
    if (main) return main;
    const own = placeCounties.get(placeGeoid);
    return byLand.find((c) => own?.has(c.geoid)) ?? (byLand[0] as Piece);
  };
  const left = new Map(counties.map((c) => [c.geoid, c.land]));
  for (const p of cityParts) {
    const stats = placeStats.get(p.geoid);
    const county = countyOf(p.geoid);
    left.set(county.geoid, Math.max(0, (left.get(county.geoid) ?? 0) - p.land));
    const taxing = st.cities.has(p.geoid) || st.districts.some((d) => d.places.has(p.geoid) || d.exceptPlaces?.has(p.geoid) || d.placeParts?.has(`${p.geoid}|${county.geoid}`));
    const density = stats && stats.land > 0 ? stats.population / stats.land : 0;
    areas.push({ county: county.geoid, place: taxing ? p.geoid : null, within: p.geoid, weight: p.land * density, land: p.land });
  }
  for (const [county, land] of left) areas.push({ county, place: null, within: null, weight: land * outsideDensity(county), land });
  // Without people, land decides.
  if (areas.every((a) => a.weight === 0)) for (const a of areas) a.weight = a.land;
  return areas;
}

/**
 * The areas of a ZIP code in a state whose local taxes are levied by towns (county
 * subdivisions): one per town part, weighed by estimated population: the part's land in the
 * Census place of the town's name (the town itself, or its village or census designated
 * place) at that place's density, the rest at its county's density outside incorporated
 * places. A town of the tax table that the 2020 relationship file does not have (Essex
 * Junction VT, a town of its own since 2022) is its Census place, carved out of the largest
 * town part of its county.
 */
export function townAreasOf(zip: string, st: StateRates): Area[] {
  const parts = (zctaCousubs.get(zip) ?? []).filter((c) => st.counties.has(c.geoid.slice(0, 5)));
  const zipPlaces = zctaPlaces.get(zip) ?? [];
  const density = (geoid: string): number => {
    const stats = placeStats.get(geoid);
    return stats && stats.land > 0 ? stats.population / stats.land : 0;
  };
  const rest = new Map(parts.map((c) => [c.geoid, c.land]));
  const areas: Area[] = [];
  for (const p of zipPlaces) {
    if (!st.cities.has(p.geoid) || townsInRelation.has(p.geoid)) continue;
    const county = placeCountyOf.get(p.geoid) ?? '';
    const parent = parts.filter((c) => c.geoid.startsWith(county)).sort((a, b) => b.land - a.land)[0];
    if (!parent) continue;
    const land = Math.min(p.land, rest.get(parent.geoid) as number);
    rest.set(parent.geoid, (rest.get(parent.geoid) as number) - land);
    areas.push({ county, place: p.geoid, within: p.geoid, weight: land * density(p.geoid), land });
  }
  for (const c of parts) {
    const county = c.geoid.slice(0, 5);
    const town = `${c.geoid.slice(0, 2)}${c.geoid.slice(5)}`;
    const land = rest.get(c.geoid) as number;
    let inPlace = 0;
    let weight = 0;
    const base = nameKey((cousubNames.get(town) ?? '').replace(/ (town|city)$/, ''));
    for (const geoid of placesByShortName.get(`${c.geoid.slice(0, 2)}|${base}`) ?? []) {
      if (geoid !== town && cousubNames.has(geoid)) continue; // a town of its own (Rutland City beside Rutland Town)
      const piece = zipPlaces.find((z) => z.geoid === geoid);
      if (!piece) continue;
      const l = Math.min(piece.land, land - inPlace);
      inPlace += l;
      weight += l * density(geoid);
    }
    weight += (land - inPlace) * outsideDensity(county);
    areas.push({ county, place: st.cities.has(town) ? town : null, within: town, weight, land });
  }
  if (areas.length > 0 && areas.every((a) => a.weight === 0)) for (const a of areas) a.weight = a.land;
  return areas;
}

/** People per square mile of a county outside its incorporated places (a floor of 1 % of its density). */
export function outsideDensity(county: string): number {
  const c = countyStats.get(county);
  if (!c || c.land <= 0) return 0;
  const inc = incorporatedIn.get(county) ?? { population: 0, land: 0 };
  const land = c.land - inc.land;
  const people = c.population - inc.population;
  const floor = (0.01 * c.population) / c.land;
  return land > 0 && people > 0 ? Math.max(floor, people / land) : floor;
}

/** Whole percents that add up to 100 (largest remainder), parts under 1 % dropped first. */
export function percents(weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const kept = weights.map((w) => (total > 0 && w / total >= 0.01 ? w : 0));
  const sum = kept.reduce((a, b) => a + b, 0);
  const raw = kept.map((w) => (sum > 0 ? (w * 100) / sum : 0));
  const out = raw.map(Math.floor);
  let missing = 100 - out.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).filter(([, i]) => kept[i] as number > 0).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (missing <= 0) break;
    out[i] = (out[i] as number) + 1;
    missing--;
  }
  return out;
}

export function buildFile(st: StateRates): UsLocalFile {
  const fips = STATE_FIPS.get(st.state) as number;
  const prefix = String(fips).padStart(2, '0');
  const jurisdictions: LocalJurisdiction[] = [];
  const rate = (r: Rate): LocalJurisdiction['rates'] =>
    typeof r === 'string' ? [{ from: st.from, rate: r, source: st.source, checked: CHECKED }] : r.map((p) => ({ from: p.from, rate: p.rate, source: p.source ?? st.source, checked: p.checked ?? CHECKED, ...(p.note ? { note: p.note } : {}) }));
  const noted = (geoid: string): { note?: string } => (st.jurisdictionNotes?.has(geoid) ? { note: st.jurisdictionNotes.get(geoid) as string } : {});
  const countyCode = (geoid: string): string => `c${geoid.slice(2)}`;
  const placeCode = (geoid: string): string => `p${geoid.slice(2)}`;
  for (const [geoid, r] of [...st.counties].sort()) {
    const code = countyCode(geoid);
    jurisdictions.push({ code, id: localId(840_000 + fips, code), name: COUNTY_NAMES.get(geoid) ?? geoid, level: 'county', rates: rate(r), ...noted(geoid) });
  }
  const taxingPlaces = new Set([...st.cities.keys(), ...st.districts.flatMap((d) => [...d.places])]);
  for (const geoid of [...taxingPlaces].sort()) {
    const code = placeCode(geoid);
    const name = st.towns ? townName(geoid) : placeName(places.get(geoid)?.name ?? geoid);
    jurisdictions.push({ code, id: localId(840_000 + fips, code), name, level: 'city', rates: rate(st.cities.get(geoid) ?? '0'), ...noted(geoid) });
  }
  st.districts.forEach((d, i) => {
    const code = `d${i + 1}`;
    jurisdictions.push({ code, id: localId(840_000 + fips, code), name: d.name, level: 'district', rates: rate(d.rate) });
  });
  const zips: UsLocalFile['zips'] = [];
  // A ZIP code that crosses a state line belongs to the state rules/us/zip-states.json gives it.
  const stateZips = [...zctaCounties.keys()].filter((z) => (zctaCounties.get(z) ?? []).some((c) => c.geoid.startsWith(prefix)) && zipState(zipRanges, Number(z)) === st.state).sort();
  for (const zip of stateZips) {
    const areas = areasOf(zip, st);
    if (areas.length === 0) continue;
    const shares = percents(areas.map((a) => a.weight));
    if (areas.some((a, i) => (shares[i] as number) > 0 && (st.unknownArea?.(a, zip) === true || overLocalCap(st, a)))) continue;
    const rows = new Map<string, number>();
    areas.forEach((a, i) => {
      if ((shares[i] as number) === 0) return;
      const codes = [countyCode(a.county)];
      const cityHere = a.place !== null && st.cities.has(a.place) && (st.cityCounties?.get(a.place)?.has(a.county) ?? true);
      if (a.place !== null && (cityHere || (!st.cities.has(a.place) && taxingPlaces.has(a.place)))) codes.push(placeCode(a.place));
      st.districts.forEach((d, di) => {
        const inCounty = d.counties.has(a.county) && !(a.place !== null && d.exceptPlaces?.has(a.place));
        const inPlace = a.place !== null && (d.places.has(a.place) || d.placeParts?.has(`${a.place}|${a.county}`) === true);
        if (inCounty || inPlace || (a.place === null && d.unincorporated?.has(a.county))) codes.push(`d${di + 1}`);
      });
      const key = codes.join(' ');
      rows.set(key, (rows.get(key) ?? 0) + (shares[i] as number));
    });
    for (const [codes, share] of [...rows].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) zips.push([zip, codes, share]);
  }
  return {
    $schema: '../../schema/us-local.schema.json',
    state: st.state,
    sourcing: st.sourcing,
    ...(st.sourcingNote ? { sourcing_note: st.sourcingNote } : {}),
    complete: st.complete,
    coverage: st.coverage,
    ...(st.singleArticleCap ? { single_article_cap: st.singleArticleCap } : {}),
    share_basis: 'population',
    sources: st.sources,
    jurisdictions,
    zips,
    notes: [
      ...st.notes,
      st.towns
        ? 'ZIP codes are Census ZIP Code Tabulation Areas: their overlaps with counties and towns (county subdivisions) come from the U.S. Census Bureau 2020 ZCTA relationship files and the 2025 county subdivision Gazetteer (public domain, tabulated by bdurand/us_geo, MIT); shares are estimated population (land times the density of the town where it is also a Census place, else of its county outside incorporated places).'
        : 'ZIP codes are Census ZIP Code Tabulation Areas: their overlaps with counties and incorporated places come from the U.S. Census Bureau 2020 ZCTA relationship files and the 2025 place Gazetteer (public domain, tabulated by bdurand/us_geo, MIT); shares are estimated population.',
    ],
  };
}
