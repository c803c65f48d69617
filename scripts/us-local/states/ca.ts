import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dateOfDay, dayNumber } from '../../../src/core/dates.js';
import { csv } from '../../csv.js';
import { COUNTY_NAMES, TAXLOCUS, countyNamed, placeNamed, srcDir } from '../inputs.js';
import { ProseRecipe, proseOf } from '../recipe.js';
import { Rate, StateRates, plainRate } from '../state-rates.js';

/**
 * California: CDTFA's rates by city and county (the recipe's `rateTable`, effective
 * `tableFrom`). The state's 7.25 % (with the uniform Bradley-Burns local 1.25 %, `baseRate`)
 * is the state line; a county's line is the district taxes of its unincorporated area, a
 * city's line the district taxes it adds.
 */
/** scripts/us-local/ca-district-taxes.json: CDTFA publication 105's district taxes with their dates. */
export interface CaDistrictTaxes {
  source: string;
  publication: string;
  checked: string;
  covers_from: string;
  taxes: { jurisdiction: string; county: string; applies: 'county' | 'unincorporated' | 'city'; name: string; rate: string; from: string; until: string | null; source: string }[];
}

export function california(recipe: CaRecipe): StateRates {
  const rows = csv(join(srcDir, recipe.rateTable));
  const units = (r: string): number => Math.round(Number(r) * 1e6);
  const pct = (u: number): string => plainRate((u / 1e4).toFixed(4));
  const TABLE_DAY = recipe.tableFrom;
  const BASE = Math.round(Number(recipe.baseRate) * 1e4);
  const unincorporated = new Map<string, number>();
  for (const r of rows.filter((x) => x.Type === 'County' || x.Type?.startsWith('Please'))) {
    const isUninc = /Unincorporated Area$/.test(r.Location as string);
    const name = (r.Location as string).replace(/ Unincorporated Area$/, '');
    if (!isUninc && Number(r.Rate) === 0) continue; // split counties: their unincorporated row has the rate
    const geoid = countyNamed(6, name);
    if (!geoid) {
      console.warn(`CA: county ${name} not matched`);
      continue;
    }
    if (isUninc || !unincorporated.has(geoid)) unincorporated.set(geoid, units(r.Rate as string));
  }
  const cityRates: { place: string; county: string; rate: number; name: string }[] = [];
  const missing: string[] = [];
  for (const r of rows.filter((x) => x.Type === 'City')) {
    const place = placeNamed('CA', recipe.aliases[r.Location as string] ?? (r.Location as string));
    const county = countyNamed(6, `${r.County} County`);
    if (!place || !county) {
      missing.push(r.Location as string);
      continue;
    }
    cityRates.push({ place: place.geoid, county, rate: units(r.Rate as string), name: r.Location as string });
  }
  if (missing.length > 0) console.warn(`CA: not matched to Census names: ${missing.join('; ')}`);
  // The changes since the table, each dated (the recipe's `changes`): `county` raises every
  // part of a county (its line), `city` one city's line. Each is checked below against
  // TaxLocus's copy of CDTFA's rates of 2026-08-18: a difference between the two tables that
  // no change explains stops the import, so that a new quarter's changes are added to the
  // recipe with their dates.
  const CHANGES = recipe.changes.map((c) => ({ ...c, add: Math.round(Number(c.rate) * 1e4) }));
  for (const c of CHANGES) if ((c.county === undefined) === (c.city === undefined)) throw new Error(`CA: a change of ${c.from} names ${c.county === undefined ? 'no' : 'both a'} county and city`);
  const later = new Map(TAXLOCUS.filter((r) => r.state === 'CA').map((r) => [(r.name as string).replace(/ \(CDTFA tax area\)$/, ''), units(r.rate as string)]));
  const unexplained: string[] = [];
  for (const r of rows.filter((x) => x.Type === 'City')) {
    const now = later.get(r.Location as string);
    if (now === undefined) continue;
    const added = CHANGES.filter((c) => c.city === r.Location || c.county === `${r.County} County`).reduce((sum, c) => sum + c.add, 0);
    if (units(r.Rate as string) - BASE + added !== now) unexplained.push(`${r.Location} ${pct(units(r.Rate as string))} → ${pct(now + BASE)}`);
  }
  if (unexplained.length > 0) throw new Error(`CA: changes since the CDTFA table that the recipe's changes do not explain: ${unexplained.join('; ')}`);
  // The history from 2023-04-01: CDTFA publication 105 lists every district tax with its
  // effective date and, for one that has ended, its last day (the recipe's `publication`,
  // scripts/us-local/ca-district-taxes.json).
  // A tax area's district rate on a day is the sum of its taxes in force: the county's (its
  // unincorporated area's own too) and, in a city, the city's. Their sums on the table's day must
  // give every rate of the table above, or the import stops.
  const pub = JSON.parse(readFileSync(recipe.publication, 'utf8')) as CaDistrictTaxes;
  const START = pub.covers_from;
  const pubUnits = (r: string): number => Math.round(Number(r) * 1e4);
  const inForce = (t: { from: string; until: string | null }, day: string): boolean => t.from <= day && (t.until === null || t.until >= day);
  const taxesOf = (county: string, city: string | null): CaDistrictTaxes['taxes'] =>
    pub.taxes.filter((t) => t.county === county && (t.applies === 'county' || (t.applies === 'unincorporated' ? city === null : t.jurisdiction === city)));
  for (const t of pub.taxes) {
    if (t.applies === 'city' ? !rows.some((r) => r.Type === 'City' && r.Location === t.jurisdiction && `${r.County} County` === t.county) : t.jurisdiction !== t.county || !countyNamed(6, t.county)) throw new Error(`CA: ${t.name}: no tax area ${t.jurisdiction} (${t.county}) in the CDTFA table`);
  }
  const unreproduced: string[] = [];
  for (const r of rows) {
    const city = r.Type === 'City' ? (r.Location as string) : null;
    if (city === null && !(r.Type === 'County' && (/Unincorporated Area$/.test(r.Location as string) || Number(r.Rate) !== 0))) continue;
    const sum = taxesOf(`${r.County} County`, city).filter((t) => inForce(t, TABLE_DAY)).reduce((a, t) => a + pubUnits(t.rate), 0);
    if (sum !== units(r.Rate as string) - BASE) unreproduced.push(`${r.Location} ${pct(units(r.Rate as string))} (publication 105: ${pct(sum + BASE)})`);
  }
  if (unreproduced.length > 0) throw new Error(`CA: rates of the CDTFA table of ${TABLE_DAY} that publication 105's taxes do not add up to: ${unreproduced.join('; ')}`);
  const dayAfterIso = (d: string): string => dateOfDay(dayNumber(d) + 1);
  const ends = (c: (typeof CHANGES)[number]): string | null => (c.until ? dayAfterIso(c.until) : null);
  /** The district rate of a tax area on a day (the publication's taxes, then the changes since). */
  const areaRate = (county: string, city: string | null, day: string): number =>
    taxesOf(county, city).filter((t) => inForce(t, day)).reduce((a, t) => a + pubUnits(t.rate), 0) +
    CHANGES.filter((c) => (c.county === county || (city !== null && c.city === city)) && c.from <= day && (!c.until || c.until >= day)).reduce((a, c) => a + c.add, 0);
  const describe = (taxes: CaDistrictTaxes['taxes'], day: string): string =>
    taxes
      .filter((t) => t.from === day || (t.until !== null && dayAfterIso(t.until) === day))
      .map((t) => (t.from === day ? `${t.name} ${t.rate} % from ${day}` : `${t.name} ${t.rate} % ended ${t.until}`))
      .join('; ');
  type Period = Exclude<Rate, string>[number];
  /**
   * A line's periods from the days its rate changes: the first day of the publication's
   * history, the days its taxes begin or end, the changes since; `own` are the publication's
   * taxes of the line, `mine` the changes since that are the line's; `floorOf` the county's
   * line, for the line of a city or of the unincorporated area (null for the county's own).
   */
  const periodsOf = (rateOn: (day: string) => number, days: string[], own: CaDistrictTaxes['taxes'], mine: typeof CHANGES, county: string, floorOf: ((day: string) => number) | null): Rate => {
    const out: Period[] = [];
    for (const day of days) {
      const rate = pct(rateOn(day));
      if (out.length > 0 && (out.at(-1) as Period).rate === rate) continue;
      if (day === START) {
        out.push({ from: day, rate, source: recipe.source, checked: pub.checked });
        continue;
      }
      const change = mine.find((c) => c.from === day || ends(c) === day);
      if (change) {
        out.push({ from: day, rate, source: change.source, note: change.from === day ? change.note : `${change.note.replace(/\.$/, '')}: it ends after ${change.until}.` });
        continue;
      }
      if (CHANGES.some((c) => c.from === day || ends(c) === day)) throw new Error(`CA: a line of ${county} changes on ${day} by a change that is not its own`);
      const why = describe(own, day);
      const all = describe(pub.taxes.filter((t) => t.county === county), day);
      const shifted = floorOf !== null && floorOf(day) !== floorOf(dateOfDay(dayNumber(day) - 1));
      const note =
        floorOf === null
          ? why
            ? `${why} (CDTFA publication 105).`
            : `The lowest district rate of the areas of ${county}, which this line holds, changed on this day: ${all} (CDTFA publication 105).`
          : `${why ? `${why}; ` : ''}${shifted ? `${why ? 'and ' : ''}the line of ${county}, the lowest district rate of its areas, changed on this day (${all}): this line is what the area adds to it` : ''} (CDTFA publication 105).`;
      out.push({ from: day, rate, source: recipe.source, checked: pub.checked, note: note.charAt(0).toUpperCase() + note.slice(1) });
    }
    return out;
  };
  // A county's line: the district taxes every part of it bears (its lowest rate, day by day);
  // the unincorporated area and each city add what they levy beyond that.
  const counties = new Map<string, Rate>();
  const cities = new Map<string, Rate>();
  const districts: StateRates['districts'] = [];
  for (const [geoid, uninc] of unincorporated) {
    const name = COUNTY_NAMES.get(geoid) as string;
    const inCounty = cityRates.filter((c) => c.county === geoid);
    const inCountyTaxes = pub.taxes.filter((t) => t.county === name);
    const mineOf = (city: string | null): typeof CHANGES => CHANGES.filter((c) => (city === null ? c.county === name : c.city === city));
    const days = [
      ...new Set([
        START,
        ...inCountyTaxes.flatMap((t) => [t.from, ...(t.until ? [dayAfterIso(t.until)] : [])]).filter((d) => d > START),
        ...CHANGES.filter((c) => c.county === name || inCounty.some((x) => x.name === c.city)).flatMap((c) => [c.from, ...(ends(c) ? [ends(c) as string] : [])]),
      ]),
    ].sort();
    const floor = (day: string): number => Math.min(areaRate(name, null, day), ...inCounty.map((c) => areaRate(name, c.name, day)));
    if (floor(TABLE_DAY) !== Math.min(uninc, ...inCounty.map((c) => c.rate)) - BASE) throw new Error(`CA: ${name}: publication 105 does not give the table's lowest rate`);
    counties.set(geoid, periodsOf(floor, days, inCountyTaxes.filter((t) => t.applies === 'county'), mineOf(null), name, null));
    for (const c of inCounty) cities.set(c.place, periodsOf((day) => areaRate(name, c.name, day) - floor(day), days, inCountyTaxes.filter((t) => t.applies === 'city' && t.jurisdiction === c.name), mineOf(c.name), name, floor));
    if (days.some((day) => areaRate(name, null, day) > floor(day))) {
      districts.push({ name: `${name} unincorporated area`, rate: periodsOf((day) => areaRate(name, null, day) - floor(day), days, inCountyTaxes.filter((t) => t.applies === 'unincorporated'), [], name, floor), counties: new Set(), places: new Set(), unincorporated: new Set([geoid]) });
    }
  }
  return {
    state: 'CA',
    ...proseOf(recipe, START, { publication: pub.publication }),
    counties,
    cities,
    districts,
  };
}

/** kind "california": CDTFA's table, publication 105's district taxes with their dates and the changes since (california()); {publication} names the publication. */
export interface CaRecipe extends ProseRecipe {
  kind: 'california';
  /** CDTFA's rates by city and county (under --sources), in force from `tableFrom`. */
  rateTable: string;
  tableFrom: string;
  /** The state's rate with the uniform local 1.25 %. */
  baseRate: string;
  /** CDTFA publication 105's district taxes with their dates (a file under scripts/us-local/). */
  publication: string;
  /** CDTFA's names that the Gazetteer spells otherwise. */
  aliases: Record<string, string>;
  /** The changes since the table: a county's or a city's line raised by `rate` from `from` (to `until`). */
  changes: { county?: string; city?: string; rate: string; from: string; until?: string; source: string; note: string }[];
}
