/**
 * The importer's inputs, read once per run by `loadInputs`: the Census geometry (a us_geo data
 * directory, see scripts/import-us-local.ts), the rate tables every kind of recipe reads
 * (open-sales-tax's and TaxLocus's), the ZIP ranges of the states, the run's `--checked` day,
 * and the lookups of Census names. The bindings below are set by `loadInputs` before any
 * state is built.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { csv } from '../csv.js';

export interface Piece {
  geoid: string;
  land: number;
}

export interface Place {
  geoid: string;
  state: string;
  name: string;
  incorporated: boolean;
}

type Row = Record<string, string>;

/** The day the rates were checked against their sources (the run's `--checked`). */
export let CHECKED = '';
/**
 * The day the dated sources of the local history (CDTFA publication 105, NCDOR's table of
 * 2024-07-01, Carlton County's ordinance) were read against the rules: their periods keep it.
 */
export const HISTORY_CHECKED = '2026-11-28';
/** The directory of the rate sources (`--sources`). */
export let srcDir = '';

export let STATE_FIPS = new Map<string, number>();
export let COUNTY_NAMES = new Map<string, string>();
export let zctaCounties = new Map<string, Piece[]>();
export let zctaPlaces = new Map<string, Piece[]>();
export let placeRows: Row[] = [];
export let placeStats = new Map<string, { population: number; land: number }>();
export let placeCountyOf = new Map<string, string>();
export let places = new Map<string, Place>();
export let countyStats = new Map<string, { population: number; land: number }>();
/** County GEOID → the population and land of its incorporated places. */
export let incorporatedIn = new Map<string, { population: number; land: number }>();
export let placeCounties = new Map<string, Set<string>>();
/** "state FIPS|name key" → Census places of that short name (of every kind, census designated places too). */
export let placesByShortName = new Map<string, string[]>();
export let zipRanges: [number, number, string][] = [];
/** open-sales-tax's curated table and TaxLocus's, rows of every state. */
export let OST: Row[] = [];
export let TAXLOCUS: Row[] = [];

/** Whether the TaxLocus table in force is an earlier weekly table (scripts/us-local/weekly.ts), not the table of TAXLOCUS_AS_OF. */
export let weeklyTable = false;

/** Puts another TaxLocus table in force: an earlier weekly table, or (`latest`) the table of TAXLOCUS_AS_OF again. */
export function setTaxLocus(rows: Row[], latest = false): void {
  TAXLOCUS = rows;
  weeklyTable = !latest;
}

/** Towns (county subdivisions) of the state `loadTowns` read: ZCTA → parts. */
export const zctaCousubs = new Map<string, Piece[]>();
/** Towns ("50" + county subdivision code) that the 2020 ZCTA relationship file has. */
export const townsInRelation = new Set<string>();
export const cousubNames = new Map<string, string>();

export const OST_SOURCE = 'as compiled in open-sales-tax 4cfd3c2 (Apache-2.0), ../shared/sources/us/opensalestax/curated_local_rates.csv';
export const TAXLOCUS_AS_OF = '2026-08-18';
export const TAXLOCUS_CREDIT = `as compiled in the TaxLocus Open Sales-Tax Dataset of ${TAXLOCUS_AS_OF} (Sales-tax data by TaxLocus — https://taxlocus.com, CC-BY-4.0), ../shared/sources/us/taxlocus/jurisdiction_rates.csv`;

let geoDir = '';

function geoFile(path: string): string {
  for (const p of [join(geoDir, path), join(geoDir, path.replaceAll('/', '__'))]) if (existsSync(p)) return p;
  throw new Error(`${path} not found under ${geoDir}`);
}

function pieces(rows: Row[], zcta: string, geoid: string, keep: (r: Row) => boolean = () => true): Map<string, Piece[]> {
  const out = new Map<string, Piece[]>();
  for (const r of rows) {
    if (!keep(r)) continue;
    const list = out.get(r[zcta] as string) ?? [];
    list.push({ geoid: r[geoid] as string, land: Number(r['Land Area']) });
    out.set(r[zcta] as string, list);
  }
  return out;
}

/** Reads the run's inputs: `geo` a us_geo data directory, `sources` the rate sources, `zipStates` the rule file of the states' ZIP ranges. */
export function loadInputs(o: { geo: string; sources: string; checked: string; zipStates?: string }): void {
  geoDir = o.geo;
  srcDir = o.sources;
  CHECKED = o.checked;
  STATE_FIPS = new Map(csv(join(srcDir, 'opensalestax/state_fips.csv')).map((r) => [r.state as string, Number(r.state_fips)]));
  COUNTY_NAMES = new Map(csv(join(srcDir, 'opensalestax/census_county_names.csv')).map((r) => [r.county_geoid5 as string, r.county_name as string]));
  zctaCounties = pieces(csv(geoFile('2020_dist/zcta_counties.csv')), 'ZCTA5', 'County GEOID');
  // Rows with a Land Area of exactly "0" are GNIS points, not Census overlaps.
  zctaPlaces = pieces(csv(geoFile('2020_dist/zcta_places.csv')), 'ZCTA5', 'Place GEOID', (r) => r['Land Area'] !== '0');
  placeRows = csv(geoFile('2020_dist/places.csv'));
  placeStats = new Map(placeRows.map((r) => [r.GEOID as string, { population: Number(r.Population || 0), land: Number(r['Land Area'] || 0) }]));
  placeCountyOf = new Map(placeRows.map((r) => [r.GEOID as string, r['County GEOID'] as string]));
  places = new Map();
  for (const r of csv(geoFile('raw/gazetteer/2025_Gaz_place_national.txt'), '|')) {
    const funcstat = r.FUNCSTAT as string;
    places.set(r.GEOID as string, { geoid: r.GEOID as string, state: r.USPS as string, name: r.NAME as string, incorporated: ['A', 'B', 'C'].includes(funcstat) && r.LSAD !== '57' });
  }
  zipRanges = (JSON.parse(readFileSync(o.zipStates ?? 'rules/us/zip-states.json', 'utf8')) as { ranges: [number, number, string][] }).ranges;
  placesByShortName = new Map();
  for (const r of placeRows) {
    const key = `${(r.GEOID as string).slice(0, 2)}|${nameKey(r['Short Name'] as string)}`;
    placesByShortName.set(key, [...(placesByShortName.get(key) ?? []), r.GEOID as string]);
  }
  countyStats = new Map(csv(geoFile('2020_dist/counties.csv')).map((r) => [r.GEOID as string, { population: Number(r.Population || 0), land: Number(r['Land Area'] || 0) }]));
  incorporatedIn = new Map();
  for (const [geoid, p] of places) {
    if (!p.incorporated) continue;
    const stats = placeStats.get(geoid);
    const county = placeCountyOf.get(geoid);
    if (!stats || !county) continue;
    const sum = incorporatedIn.get(county) ?? { population: 0, land: 0 };
    sum.population += stats.population;
    sum.land += stats.land;
    incorporatedIn.set(county, sum);
  }
  placeCounties = new Map();
  for (const r of csv(geoFile('2020_dist/place_counties.csv'))) {
    const set = placeCounties.get(r['Place GEOID'] as string) ?? new Set<string>();
    set.add(r['County GEOID'] as string);
    placeCounties.set(r['Place GEOID'] as string, set);
  }
  OST = csv(join(srcDir, 'opensalestax/curated_local_rates.csv'));
  TAXLOCUS = csv(join(srcDir, 'taxlocus/jurisdiction_rates.csv'));
  zctaCousubs.clear();
  townsInRelation.clear();
  cousubNames.clear();
}

/** Reads the towns (county subdivisions) of a state whose local taxes towns levy. */
export function loadTowns(state: string): void {
  if (zctaCousubs.size > 0) return;
  const prefix = String(STATE_FIPS.get(state)).padStart(2, '0');
  for (const r of csv(geoFile('2020_dist/zcta_county_subdivisions.csv'))) {
    const geoid = r['County Subdivision GEOID'] as string;
    if (!geoid.startsWith(prefix) || Number(r['Land Area']) <= 0) continue;
    const list = zctaCousubs.get(r.ZCTA5 as string) ?? [];
    list.push({ geoid, land: Number(r['Land Area']) });
    zctaCousubs.set(r.ZCTA5 as string, list);
    townsInRelation.add(`${geoid.slice(0, 2)}${geoid.slice(5)}`);
  }
  for (const r of csv(geoFile('raw/gazetteer/2025_Gaz_cousubs_national.txt'), '|')) {
    if (r.USPS === state) cousubNames.set(`${(r.GEOID as string).slice(0, 2)}${(r.GEOID as string).slice(5)}`, r.NAME as string);
  }
}

/** A name as compared: lowercase, no punctuation, no "city"/"town" suffix, no parentheses. */
export function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/\(.*?\)/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/ (city|town|village|borough|municipality|city and borough|consolidated government|unified government|metropolitan government|balance)$/, '')
    .replace(/ (city|town|village)$/, '')
    .replace(/^saint /, 'st ')
    .trim();
}

/** A Gazetteer place name without its legal description ("Houston city" → "Houston"). */
export function placeName(name: string): string {
  return name.replace(/ \(balance\)$/, '').replace(/ (city and borough|unified government|consolidated government|metropolitan government|metro government|city|town|village|borough|municipality)$/, '');
}

/** The incorporated place of a state named `name`, or null. */
export function placeNamed(state: string, name: string): Place | null {
  const key = nameKey(name);
  const hits = [...places.values()].filter((p) => p.state === state && p.incorporated && nameKey(p.name) === key);
  return hits.length === 1 ? (hits[0] as Place) : null;
}

/** The county GEOID of a state named `name` ("Harris County", "St. Louis city"), or null. */
export function countyNamed(fips: number, name: string): string | null {
  const prefix = String(fips).padStart(2, '0');
  const norm = (n: string): string => n.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  for (const [geoid, n] of COUNTY_NAMES) if (geoid.startsWith(prefix) && norm(n) === norm(name)) return geoid;
  for (const [geoid, n] of COUNTY_NAMES) if (geoid.startsWith(prefix) && norm(n).replace(/ (county|parish|borough|census area|city and borough|municipality)$/, '') === norm(name).replace(/ (county|parish)$/, '')) return geoid;
  return null;
}

/** The name of a Vermont town as written: "Burlington", but "Rutland City" and "Rutland Town" where both exist. */
export function townName(geoid: string): string {
  const name = cousubNames.get(geoid) ?? geoid;
  const base = name.replace(/ (town|city)$/, '');
  const twins = [...cousubNames.values()].filter((n) => n.replace(/ (town|city)$/, '') === base);
  return twins.length > 1 ? name.replace(/ (town|city)$/, (m) => ` ${m.trim()[0]?.toUpperCase()}${m.trim().slice(1)}`) : base;
}

/** The county GEOID of a state named `name`; the import stops where the Census has none. */
export function countyIn(state: string, name: string): string {
  const g = countyNamed(STATE_FIPS.get(state) as number, name);
  if (!g) throw new Error(`${state}: no county ${name}`);
  return g;
}

/** The incorporated place GEOID of a state named `name`; the import stops where the Census has none, or several. */
export function placeIn(state: string, name: string): string {
  const p = placeNamed(state, name);
  if (!p) throw new Error(`${state}: no incorporated place ${name}`);
  return p.geoid;
}
