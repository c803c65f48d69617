import { UsLocalFile } from '../../src/core/rule-data.js';
import { COUNTY_NAMES, countyIn, placeCountyOf, placeIn, placeName, places } from './inputs.js';

/** What a state's recipe gives: rates per county and place, districts and where they apply. */
export interface StateRates {
  state: string;
  sources: Record<string, string>;
  /** Rate periods of the rate tables (from, source key). */
  from: string;
  source: string;
  sourcing: UsLocalFile['sourcing'];
  sourcingNote?: string;
  complete: boolean;
  coverage: string;
  /** A limit of the local taxes per single article (Tennessee's $1,600). */
  singleArticleCap?: NonNullable<UsLocalFile['single_article_cap']>;
  notes: string[];
  /** County GEOID → rate ("0" where none), or its dated periods; every county of the state should be listed. */
  counties: Map<string, Rate>;
  /** Place GEOID → rate of the city's own tax, or its dated periods. */
  cities: Map<string, Rate>;
  /** Place GEOID → the only counties in whose part of the place the city's tax applies (a city split between counties by the rate tables). */
  cityCounties?: Map<string, Set<string>>;
  /** Districts: name, rate, and the counties or places where they apply. */
  districts: District[];
  /** County or place GEOID → a note on the jurisdiction (a disagreement between sources, and the choice). */
  jurisdictionNotes?: Map<string, string>;
  /**
   * Towns instead of places: the state's local taxes are levied by county subdivisions
   * (New England towns), and `cities` is keyed by county subdivision GEOID less its county
   * ("50" + "10675" for Burlington VT): ZIP codes are split by county subdivisions.
   */
  towns?: boolean;
  /**
   * An area whose local rate the tables do not give (a parish outside the municipalities its
   * table lists): a ZIP code with such an area (of 1 % or more) is left out of the file, so
   * that it is answered at the state rate with a note that local taxes may apply.
   */
  unknownArea?: (a: Area, zip: string) => boolean;
  /**
   * The most the local taxes add up to anywhere, percent (Texas's 2 %): an area where the
   * lines would add up to more (a city's part in another county that has a tax) has a rate
   * the tables do not give, and its ZIP code is left out, as for `unknownArea`.
   */
  localCap?: string;
  /** A last change to the built file (rows no Census area gives). */
  finish?: (file: UsLocalFile) => UsLocalFile;
}

/**
 * A rate, or a jurisdiction's dated rate periods (from the state's first date on, sorted); a
 * period may name a source of its own (a key of the state's `sources`), the day it was checked
 * against it (when not the run's `--checked`: a source read on another day) and carry a note.
 */
export type Rate = string | { from: string; rate: string; source?: string; checked?: string; note?: string }[];

export interface District {
  name: string;
  rate: Rate;
  /** Counties the district covers (all of each but `exceptPlaces`). */
  counties: Set<string>;
  /** Places the district covers (all of each). */
  places: Set<string>;
  /** Unincorporated areas of these counties. */
  unincorporated?: Set<string>;
  /** Places inside `counties` the district does not cover. */
  exceptPlaces?: Set<string>;
  /** Parts of places in one county ("place GEOID|county GEOID"). */
  placeParts?: Set<string>;
}

export interface Area {
  county: string;
  place: string | null;
  /** The incorporated place the area lies in, whether or not it taxes here. */
  within: string | null;
  weight: number;
  land: number;
}

/** A rate without trailing zeros ("1.000" → "1", "0.700" → "0.7"). */
export function plainRate(rate: string): string {
  const t = rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
  return t === '' ? '0' : t;
}

/** A rate of an SST file (a fraction, "0.0075") as a percent ("0.75"). */
export function sstPercent(fraction: string): string {
  return plainRate((Number(fraction) * 100).toFixed(4));
}

/** A percent as integer units of 0.0001 % and back ("3.3125" ↔ 33125). */
export const units4 = (percent: number): number => Math.round(percent * 1e4);
export const pct4 = (u: number): string => plainRate((u / 1e4).toFixed(4));

/**
 * Combined local rates by location (each county's unincorporated area, each city's part in
 * a county) as additive lines: a county's line is the rate every location of the county bears
 * (its lowest), a city's line and the unincorporated area's (a district) what they add. A
 * city whose parts in two counties have different rates carries its line in its principal
 * county; each other part is a district of its own ("<city> (<county> part)").
 */
export function floorSplit(state: string, uninc: Map<string, number>, parts: { place: string; county: string; units: number }[]): Pick<StateRates, 'counties' | 'cities' | 'cityCounties' | 'districts'> {
  const counties = new Map<string, Rate>();
  const cities = new Map<string, Rate>();
  const cityCounties = new Map<string, Set<string>>();
  const districts: District[] = [];
  const floor = new Map<string, number>();
  for (const [county, u] of uninc) floor.set(county, Math.min(u, ...parts.filter((p) => p.county === county).map((p) => p.units)));
  for (const [county, f] of [...floor].sort()) {
    counties.set(county, pct4(f));
    const u = uninc.get(county) as number;
    if (u > f) districts.push({ name: `${COUNTY_NAMES.get(county)} unincorporated area`, rate: pct4(u - f), counties: new Set(), places: new Set(), unincorporated: new Set([county]) });
  }
  const byPlace = new Map<string, { county: string; units: number }[]>();
  for (const p of parts) byPlace.set(p.place, [...(byPlace.get(p.place) ?? []), { county: p.county, units: p.units }]);
  for (const [place, list] of byPlace) {
    const main = list.find((l) => l.county === placeCountyOf.get(place)) ?? (list[0] as { county: string; units: number });
    cities.set(place, pct4(main.units - (floor.get(main.county) as number)));
    if (list.length === 1) continue;
    cityCounties.set(place, new Set([main.county]));
    for (const other of list.filter((l) => l !== main)) {
      if (other.units === (floor.get(other.county) as number)) continue; // the county's line is the part's rate
      districts.push({
        name: `${placeName(places.get(place)?.name ?? place)} (${COUNTY_NAMES.get(other.county)} part)`,
        rate: pct4(other.units - (floor.get(other.county) as number)),
        counties: new Set(),
        places: new Set(),
        placeParts: new Set([`${place}|${other.county}`]),
      });
    }
  }
  if (counties.size === 0) throw new Error(`${state}: no county`);
  return { counties, cities, cityCounties, districts };
}

/** A rate period of a recipe (a Rate's). */
export type PeriodData = Exclude<Rate, string>[number];

/**
 * Where a recipe places a district by area, by Census names: whole counties (less the places
 * of `exceptPlaces`), places, the unincorporated areas of counties, and parts of places in one
 * county ("place|county").
 */
export interface DistrictArea {
  counties?: string[];
  places?: string[];
  exceptPlaces?: string[];
  unincorporated?: string[];
  placeParts?: string[];
}

/** A district of a state at `rate` where `area` places it; the import stops on a name the Census does not have. */
export function placedDistrict(state: string, name: string, rate: Rate, area: DistrictArea): District {
  const county = (n: string): string => countyIn(state, n);
  const place = (n: string): string => placeIn(state, n);
  return {
    name,
    rate,
    counties: new Set((area.counties ?? []).map(county)),
    places: new Set((area.places ?? []).map(place)),
    exceptPlaces: new Set((area.exceptPlaces ?? []).map(place)),
    unincorporated: new Set((area.unincorporated ?? []).map(county)),
    placeParts: new Set(
      (area.placeParts ?? []).map((pp) => {
        const [pl, co] = pp.split('|') as [string, string];
        return `${place(pl)}|${county(co)}`;
      }),
    ),
  };
}

/** Whether the lines of an area add up to more than the state's `localCap` (their latest rates; a district counts in a place only). */
export function overLocalCap(st: StateRates, a: Area): boolean {
  if (st.localCap === undefined) return false;
  const last = (r: Rate | undefined): number => (r === undefined ? 0 : Number(typeof r === 'string' ? r : r.at(-1)?.rate));
  let sum = last(st.counties.get(a.county));
  if (a.place !== null) {
    sum += last(st.cities.get(a.place));
    for (const d of st.districts) if (d.places.has(a.place) || d.counties.has(a.county)) sum += last(d.rate);
  }
  return sum > Number(st.localCap) + 1e-9;
}

/** One dated table of combined local rates by location, as `floorSplit` takes them. */
export interface LocationTable {
  from: string;
  /** The key of the state's `sources` its periods cite. */
  source: string;
  /** The day its source was checked, when not the run's `--checked`. */
  checked?: string;
  uninc: Map<string, number>;
  parts: { place: string; county: string; units: number }[];
}

/**
 * `floorSplit` over dated tables of the same locations (the first table's day first): each
 * line's periods, a new one where its rate changes or its table's source does. A line one
 * table has and another not (an unincorporated area's or a city part's district where the
 * county's floor is its rate) is 0 in the other; districts are those of the last table in its
 * order, then those only earlier tables have.
 */
export function floorSplitDated(state: string, tables: LocationTable[]): Pick<StateRates, 'counties' | 'cities' | 'cityCounties' | 'districts'> {
  const splits = tables.map((t) => floorSplit(state, t.uninc, t.parts));
  const last = splits[splits.length - 1] as ReturnType<typeof floorSplit>;
  const districts = new Map<string, District>(last.districts.map((d) => [d.name, d]));
  for (const s of splits) for (const d of s.districts) if (!districts.has(d.name)) districts.set(d.name, d);
  const dated = (rateIn: (s: ReturnType<typeof floorSplit>) => Rate | undefined): Exclude<Rate, string> => {
    const out: Exclude<Rate, string> = [];
    splits.forEach((s, i) => {
      const t = tables[i] as LocationTable;
      const r = rateIn(s);
      const rate = r === undefined ? '0' : (r as string);
      const prev = out[out.length - 1];
      if (prev !== undefined && prev.rate === rate && prev.source === t.source) return;
      out.push({ from: t.from, rate, source: t.source, ...(t.checked ? { checked: t.checked } : {}) });
    });
    return out;
  };
  const counties = new Map<string, Rate>([...last.counties.keys()].map((g) => [g, dated((s) => s.counties.get(g))]));
  const cities = new Map<string, Rate>([...last.cities.keys()].map((g) => [g, dated((s) => s.cities.get(g))]));
  return {
    counties,
    cities,
    cityCounties: last.cityCounties,
    districts: [...districts.values()].map((d) => ({ ...d, rate: dated((s) => s.districts.find((x) => x.name === d.name)?.rate) })),
  };
}
