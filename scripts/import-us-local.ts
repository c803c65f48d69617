/**
 * Builds rules/us/local/<ST>.json (the local sales taxes of US states and the rate areas of
 * their ZIP codes) from public data. Rerun it on each quarter's files.
 *
 * Geometry: which counties and incorporated places each ZIP code (ZCTA) overlaps, from the
 * U.S. Census Bureau's 2020 ZCTA relationship files and 2025 place Gazetteer (public
 * domain), as tabulated by bdurand/us_geo (MIT licence; commit 31592c09, 2026-01-19):
 *   2020_dist/zcta_counties.csv   ZCTA5, County GEOID, Land Area, Water Area (sq mi)
 *   2020_dist/zcta_places.csv     ZCTA5, Place GEOID, Land Area, Water Area (rows with a
 *                                 Land Area of exactly "0" are GNIS points us_geo adds, not
 *                                 Census overlaps: skipped)
 *   2020_dist/counties.csv        GEOID, …, Population, …, Land Area
 *   2020_dist/places.csv          GEOID, …, County GEOID, …, Population, …, Land Area
 *   2020_dist/place_counties.csv  Place GEOID, County GEOID
 *   raw/gazetteer/2025_Gaz_place_national.txt   USPS|GEOID|…|NAME|LSAD|FUNCSTAT|…
 *   2020_dist/zcta_county_subdivisions.csv      ZCTA5, County Subdivision GEOID, Land Area
 *   raw/gazetteer/2025_Gaz_cousubs_national.txt USPS|GEOID|…|NAME|…   (Vermont's towns)
 * (the same files with "/" written as "__" are read too). Only incorporated places levy city
 * taxes: FUNCSTAT A, B or C and LSAD other than 57 (census designated place).
 *
 * PO-box and unique ZIP codes have no Census area: they are placed afterwards by the city ZIP
 * lists of open-sales-tax (scripts/us-pobox.ts; scripts/import-us-pobox.ts does it alone).
 *
 * Shares: a ZIP code's rate areas are weighed by estimated population (a dasymetric
 * estimate): a part inside an incorporated place gets the place's density (2020_dist/places.csv
 * population over land), a part outside gets its county's density outside incorporated
 * places (2020_dist/counties.csv less its places), times the part's land; a ZIP without
 * people is weighed by land. Parts under 1 % are dropped, and the shares are rounded to
 * whole percents that add up to 100.
 *
 * Rates (each state's recipe names its publishers; files under ../shared/sources/us, whose
 * README records each file's origin and licence):
 *   opensalestax/curated_local_rates.csv   open-sales-tax 4cfd3c2 (Apache-2.0): county, city
 *     and district rates as compiled from the states' publications
 *   ca-cdtfa/SalesTaxRates1-1-26-cleaned.csv   CDTFA rates effective 2026-01-01
 *   daigou-calc-data/state_rules.json       Virginia's regional and local add-ons (MIT)
 *   sst/<ST>R<YYYY>Q<n><MMMDD>.csv          Streamlined Sales Tax rate files of GA, MN, WI
 *                                           (state publications, as bundled by open-sales-tax)
 *   taxlocus/jurisdiction_rates.csv         TaxLocus Open Sales-Tax Dataset, 2026-08-18
 *                                           (CC-BY-4.0; attribution: "Sales-tax data by
 *                                           TaxLocus — https://taxlocus.com")
 * and our own transcriptions of dated publications, under scripts/us-local/:
 *   ca-district-taxes.json            CDTFA publication 105, Rev. 39 (1-26): every California
 *                                     district tax with its rate, effective and end dates (the
 *                                     history from 2023-04-01)
 *   nc-county-rates-2024-07-01.json   NCDOR's combined rates by county effective 2024-07-01
 * and, written into the recipes with their sources: Carlton County's (Minnesota) transit tax
 * from 2015-04-01 (the county, its Ordinance #38), the Hawaii county surcharge dates
 * (Department of Taxation, County of Hawaii, Maui County Council), the Vermont Department of
 * Taxes' list of local option towns with their dates, the Idaho State Tax Commission's
 * and McCall's retail rates, the Colorado special districts placed by area (the Regional
 * Transportation District, the Scientific and Cultural Facilities District, the Pikes Peak
 * Rural Transportation Authority, Summit County's transit and housing taxes) with the county a
 * row of a city in several counties describes (told by the city's own rate in the Colorado
 * Department of Revenue's DR 1002), California's changes since CDTFA's table, and for
 * Tennessee the Department of Revenue's situs codes of cities in several counties, its notice
 * of Davidson County's transit surcharge and its single-article rule. Louisiana's
 * jurisdiction codes (the parish's alphabetical number, Census code 2n − 1) and Tennessee's
 * situs codes (the county's, likewise) are read by the code.
 *
 * Layout of scripts/us-local/:
 *   recipes/<ST>.json   each state's recipe, as data: `kind` names its builder ("ost":
 *                       open-sales-tax's table; "taxlocus" and "sst-counties": TaxLocus's
 *                       table; "sst": a Streamlined Sales Tax rate file; "counties": dated
 *                       county rates the recipe lists; or the state's own, "tennessee",
 *                       "colorado", …), the other fields what the builder reads: publishers and
 *                       sources, sourcing, coverage and notes, districts, overrides and notes
 *                       on single jurisdictions, as the interface of its kind gives them (see
 *                       "recipes as data" below; a field it does not know stops the import).
 *                       Wording that depends on the build is a template whose placeholders
 *                       ("{cities}") the builder fills. A new quarter's notice is an edit of
 *                       the recipe, not of this code, which keeps the reading of the sources.
 *   history/<ST>.json   a state's dated history (published changes and the lists that show
 *                       the rest unchanged), handled by scripts/us-local-history.ts
 *   the transcriptions above, which recipes name (CA's `publication`, NC's `table`).
 *
 * Usage: tsx scripts/import-us-local.ts --geo DIR [--sources DIR] [--states FL,TX,…]
 *   --geo      a us_geo data directory (with 2020_dist/ and raw/gazetteer/)
 *   --sources  default ../shared/sources/us
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatRuleFile } from './rule-format.js';
import type { UsLocalFile, LocalJurisdiction } from '../src/core/rule-data.js';
import { localId } from '../src/core/us-local.js';
import { zipState } from '../src/core/rule-checks.js';
import { dateOfDay, dayNumber } from '../src/core/dates.js';
import { addPoBoxZips, loadPoBoxSource } from './us-pobox.js';
import { applyHistory, loadHistory } from './us-local-history.js';
import { csv } from './csv.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const geoDir = arg('--geo');
const srcDir = arg('--sources') ?? '../shared/sources/us';
if (!geoDir) {
  console.error('usage: tsx scripts/import-us-local.ts --geo DIR [--sources DIR] [--states FL,TX] [--checked YYYY-MM-DD]');
  process.exit(2);
}
// The day the rates were checked against their sources: today, or `--checked` when a state
// is rebuilt for a change that is not a new check of its rates (its rates' date is kept).
const CHECKED = arg('--checked') ?? new Date().toISOString().slice(0, 10);
// The day the dated sources of the local history (CDTFA publication 105, NCDOR's table of
// 2024-07-01, Carlton County's ordinance) were read against the rules: their periods keep it.
const HISTORY_CHECKED = '2026-11-28';
if (!/^\d{4}-\d{2}-\d{2}$/.test(CHECKED)) {
  console.error(`--checked ${CHECKED}: not a date (YYYY-MM-DD)`);
  process.exit(2);
}

// ---------------------------------------------------------------- reading

function geoFile(path: string): string {
  for (const p of [join(geoDir as string, path), join(geoDir as string, path.replaceAll('/', '__'))]) if (existsSync(p)) return p;
  throw new Error(`${path} not found under ${geoDir}`);
}

const STATE_FIPS = new Map(csv(join(srcDir, 'opensalestax/state_fips.csv')).map((r) => [r.state as string, Number(r.state_fips)]));
const COUNTY_NAMES = new Map(csv(join(srcDir, 'opensalestax/census_county_names.csv')).map((r) => [r.county_geoid5 as string, r.county_name as string]));

interface Piece {
  geoid: string;
  land: number;
}
const zctaCounties = new Map<string, Piece[]>();
for (const r of csv(geoFile('2020_dist/zcta_counties.csv'))) {
  const list = zctaCounties.get(r.ZCTA5 as string) ?? [];
  list.push({ geoid: r['County GEOID'] as string, land: Number(r['Land Area']) });
  zctaCounties.set(r.ZCTA5 as string, list);
}
const zctaPlaces = new Map<string, Piece[]>();
for (const r of csv(geoFile('2020_dist/zcta_places.csv'))) {
  if (r['Land Area'] === '0') continue; // a GNIS point, not a Census overlap
  const list = zctaPlaces.get(r.ZCTA5 as string) ?? [];
  list.push({ geoid: r['Place GEOID'] as string, land: Number(r['Land Area']) });
  zctaPlaces.set(r.ZCTA5 as string, list);
}
const placeRows = csv(geoFile('2020_dist/places.csv'));
const placeStats = new Map(placeRows.map((r) => [r.GEOID as string, { population: Number(r.Population || 0), land: Number(r['Land Area'] || 0) }]));
const placeCountyOf = new Map(placeRows.map((r) => [r.GEOID as string, r['County GEOID'] as string]));
interface Place {
  geoid: string;
  state: string;
  name: string;
  incorporated: boolean;
}
const places = new Map<string, Place>();
for (const r of csv(geoFile('raw/gazetteer/2025_Gaz_place_national.txt'), '|')) {
  const funcstat = r.FUNCSTAT as string;
  places.set(r.GEOID as string, { geoid: r.GEOID as string, state: r.USPS as string, name: r.NAME as string, incorporated: ['A', 'B', 'C'].includes(funcstat) && r.LSAD !== '57' });
}

/** A name as compared: lowercase, no punctuation, no "city"/"town" suffix, no parentheses. */
function nameKey(name: string): string {
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
function placeName(name: string): string {
  return name.replace(/ \(balance\)$/, '').replace(/ (city and borough|unified government|consolidated government|metropolitan government|metro government|city|town|village|borough|municipality)$/, '');
}

/** The incorporated place of a state named `name`, or null. */
function placeNamed(state: string, name: string): Place | null {
  const key = nameKey(name);
  const hits = [...places.values()].filter((p) => p.state === state && p.incorporated && nameKey(p.name) === key);
  return hits.length === 1 ? (hits[0] as Place) : null;
}

/** The county GEOID of a state named `name` ("Harris County", "St. Louis city"), or null. */
function countyNamed(fips: number, name: string): string | null {
  const prefix = String(fips).padStart(2, '0');
  const norm = (n: string): string => n.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  for (const [geoid, n] of COUNTY_NAMES) if (geoid.startsWith(prefix) && norm(n) === norm(name)) return geoid;
  for (const [geoid, n] of COUNTY_NAMES) if (geoid.startsWith(prefix) && norm(n).replace(/ (county|parish|borough|census area|city and borough|municipality)$/, '') === norm(name).replace(/ (county|parish)$/, '')) return geoid;
  return null;
}

const zipRanges = (JSON.parse(readFileSync('rules/us/zip-states.json', 'utf8')) as { ranges: [number, number, string][] }).ranges;

// ---------------------------------------------------------------- a state's local taxes

/** What a state's recipe gives: rates per county and place, districts and where they apply. */
interface StateRates {
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
  /** A last change to the built file (rows no Census area gives). */
  finish?: (file: UsLocalFile) => UsLocalFile;
}

/**
 * A rate, or a jurisdiction's dated rate periods (from the state's first date on, sorted); a
 * period may name a source of its own (a key of the state's `sources`), the day it was checked
 * against it (when not the run's `--checked`: a source read on another day) and carry a note.
 */
type Rate = string | { from: string; rate: string; source?: string; checked?: string; note?: string }[];

interface District {
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

interface Area {
  county: string;
  place: string | null;
  /** The incorporated place the area lies in, whether or not it taxes here. */
  within: string | null;
  weight: number;
  land: number;
}

/**
 * The areas of a ZIP code: its county parts split by the incorporated places in them, each
 * weighed by its land times its population density (a city's own; outside cities, the
 * county's density outside its incorporated places). A place without a tax here joins its
 * county's area.
 */
function areasOf(zip: string, st: StateRates): Area[] {
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
function townAreasOf(zip: string, st: StateRates): Area[] {
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

const zctaCousubs = new Map<string, Piece[]>();
/** Towns ("50" + county subdivision code) that the 2020 ZCTA relationship file has. */
const townsInRelation = new Set<string>();
const cousubNames = new Map<string, string>();
/** "state FIPS|name key" → Census places of that short name (of every kind, census designated places too). */
const placesByShortName = new Map<string, string[]>();
for (const r of placeRows) {
  const key = `${(r.GEOID as string).slice(0, 2)}|${nameKey(r['Short Name'] as string)}`;
  placesByShortName.set(key, [...(placesByShortName.get(key) ?? []), r.GEOID as string]);
}
function loadTowns(state: string): void {
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

const countyStats = new Map(csv(geoFile('2020_dist/counties.csv')).map((r) => [r.GEOID as string, { population: Number(r.Population || 0), land: Number(r['Land Area'] || 0) }]));
const incorporatedIn = new Map<string, { population: number; land: number }>();
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
/** People per square mile of a county outside its incorporated places (a floor of 1 % of its density). */
function outsideDensity(county: string): number {
  const c = countyStats.get(county);
  if (!c || c.land <= 0) return 0;
  const inc = incorporatedIn.get(county) ?? { population: 0, land: 0 };
  const land = c.land - inc.land;
  const people = c.population - inc.population;
  const floor = (0.01 * c.population) / c.land;
  return land > 0 && people > 0 ? Math.max(floor, people / land) : floor;
}

const placeCounties = new Map<string, Set<string>>();
for (const r of csv(geoFile('2020_dist/place_counties.csv'))) {
  const set = placeCounties.get(r['Place GEOID'] as string) ?? new Set<string>();
  set.add(r['County GEOID'] as string);
  placeCounties.set(r['Place GEOID'] as string, set);
}

/** Whole percents that add up to 100 (largest remainder), parts under 1 % dropped first. */
function percents(weights: number[]): number[] {
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

function buildFile(st: StateRates): UsLocalFile {
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
    if (st.unknownArea && areas.some((a, i) => (shares[i] as number) > 0 && st.unknownArea?.(a, zip))) continue;
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

// ---------------------------------------------------------------- the states

const OST = csv(join(srcDir, 'opensalestax/curated_local_rates.csv'));
const OST_SOURCE = 'as compiled in open-sales-tax 4cfd3c2 (Apache-2.0), ../shared/sources/us/opensalestax/curated_local_rates.csv';

/** What fromOst reads beside open-sales-tax's table: the publisher, its date and the file's wording. */
interface OstOptions {
  publisher: string;
  from: string;
  /** The rates are those in force on `from` (true), or took effect on it or earlier. */
  asOf: boolean;
  sourcing: UsLocalFile['sourcing'];
  sourcingNote?: string;
  complete: boolean;
  coverage: string;
  /** District name → the counties it covers, where the table's rows do not say. */
  districtCounties?: Record<string, string[]>;
}

/** The local rates of a state from open-sales-tax's curated table. */
function fromOst(state: string, o: OstOptions): StateRates {
  const fips = STATE_FIPS.get(state) as number;
  const rows = OST.filter((r) => r.state === state);
  const counties = new Map<string, string>();
  for (const [geoid] of COUNTY_NAMES) if (geoid.startsWith(String(fips).padStart(2, '0'))) counties.set(geoid, '0');
  const districts: StateRates['districts'] = rows.filter((r) => r.jurisdiction_type === 'district' && r.rate_pct !== '').map((r) => ({ name: r.name as string, rate: plainRate(r.rate_pct as string), counties: new Set<string>(), places: new Set<string>() }));
  const district = (name: string) => districts.find((d) => d.name === name);
  // A district row may name the counties it covers ("Bronx County; Dutchess County; …").
  for (const r of rows.filter((x) => x.jurisdiction_type === 'district' && x.county)) {
    for (const c of (r.county as string).split(';').map((x) => x.trim()).filter(Boolean)) {
      const geoid = countyNamed(fips, c);
      if (geoid) district(r.name as string)?.counties.add(geoid);
    }
  }
  const missing: string[] = [];
  for (const r of rows.filter((x) => x.jurisdiction_type === 'county' || x.jurisdiction_type === 'borough')) {
    const geoid = countyNamed(fips, r.name as string);
    if (!geoid) {
      missing.push(`county ${r.name}`);
      continue;
    }
    if (r.rate_pct !== '') counties.set(geoid, plainRate(r.rate_pct as string));
    if (r.district) district(r.district)?.counties.add(geoid);
  }
  for (const [name, list] of Object.entries(o.districtCounties ?? {})) {
    for (const c of list) {
      const geoid = countyNamed(fips, c);
      if (geoid) district(name)?.counties.add(geoid);
      else missing.push(`county ${c} of ${name}`);
    }
  }
  const cities = new Map<string, string>();
  for (const r of rows.filter((x) => x.jurisdiction_type === 'city' || x.jurisdiction_type === 'resort_city' || x.jurisdiction_type === 'location')) {
    const place = placeNamed(state, r.name as string);
    if (!place) {
      missing.push(`city ${r.name}`);
      continue;
    }
    // A city without a tax of its own matters only for a district bound to it.
    if (r.rate_pct !== '' && plainRate(r.rate_pct as string) !== '0') cities.set(place.geoid, plainRate(r.rate_pct as string));
    if (r.district) district(r.district)?.places.add(place.geoid);
  }
  if (missing.length > 0) console.warn(`${state}: not matched to Census names: ${missing.join('; ')}`);
  // A district that covers whole counties is bound by them, not by the cities the table lists it with.
  for (const d of districts) if (d.counties.size > 0) d.places.clear();
  const key = `${state.toLowerCase()}-rates`;
  return {
    state,
    sources: { [key]: `${o.publisher}, ${OST_SOURCE}` },
    from: o.from,
    source: key,
    sourcing: o.sourcing,
    ...(o.sourcingNote ? { sourcingNote: o.sourcingNote } : {}),
    complete: o.complete,
    coverage: o.coverage,
    notes: [o.asOf ? `The rates are those in force on ${o.from} by the publisher named; the dates they took effect are not recorded, so a quote for an earlier day is not answered.` : `The rates took effect on ${o.from} or earlier; a quote for an earlier day is not answered.`],
    counties,
    cities,
    districts: districts.filter((d) => d.counties.size > 0 || d.places.size > 0),
  };
}

/** A rate without trailing zeros ("1.000" → "1", "0.700" → "0.7"). */
function plainRate(rate: string): string {
  const t = rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
  return t === '' ? '0' : t;
}

/** Virginia: the regional taxes and the county add-ons (daigou-calc-data's table of the Department of Taxation's rates), its groups read as the recipe says. */
function virginia(recipe: VaRecipe): StateRates {
  const va = (JSON.parse(readFileSync(join(srcDir, 'daigou-calc-data/state_rules.json'), 'utf8')) as { states: Record<string, { county_groups: Record<string, string[]>; checked: string }> }).states.VA as { county_groups: Record<string, string[]>; checked: string };
  const counties = new Map<string, string>();
  for (const [geoid] of COUNTY_NAMES) if (geoid.startsWith('51')) counties.set(geoid, '0');
  const districts: StateRates['districts'] = [];
  const region = (name: string, rate: string): StateRates['districts'][number] => {
    let d = districts.find((x) => x.name === name);
    if (!d) districts.push((d = { name, rate, counties: new Set(), places: new Set() }));
    if (d.rate !== rate) throw new Error(`VA: ${name} at ${rate} and ${String(d.rate)}`);
    return d;
  };
  for (const [group, members] of Object.entries(va.county_groups)) {
    const geoids = members.map((m) => m.slice(0, 5));
    const rules = Object.entries(recipe.groups).filter(([start]) => group.startsWith(start));
    if (rules.length !== 1) throw new Error(`VA: the group ${group} matches ${rules.length} of the recipe's groups`);
    const rule = (rules[0] as [string, VaRecipe['groups'][string]])[1];
    for (const g of geoids) {
      for (const [name, rate] of Object.entries(rule.regions ?? {})) region(name, rate).counties.add(g);
      if (rule.countyRate !== undefined) counties.set(g, rule.countyRate);
    }
  }
  return {
    state: 'VA',
    ...proseOf(recipe, va.checked, {}),
    counties,
    cities: new Map(),
    districts,
  };
}

/**
 * California: CDTFA's rates by city and county (the recipe's `rateTable`, effective
 * `tableFrom`). The state's 7.25 % (with the uniform Bradley-Burns local 1.25 %, `baseRate`)
 * is the state line; a county's line is the district taxes of its unincorporated area, a
 * city's line the district taxes it adds.
 */
/** scripts/us-local/ca-district-taxes.json: CDTFA publication 105's district taxes with their dates. */
interface CaDistrictTaxes {
  source: string;
  publication: string;
  checked: string;
  covers_from: string;
  taxes: { jurisdiction: string; county: string; applies: 'county' | 'unincorporated' | 'city'; name: string; rate: string; from: string; until: string | null; source: string }[];
}

function california(recipe: CaRecipe): StateRates {
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

// ---------------------------------------------------------------- SST rate files

/** A rate of an SST file (a fraction, "0.0075") as a percent ("0.75"). */
function sstPercent(fraction: string): string {
  return plainRate((Number(fraction) * 100).toFixed(4));
}

const isoDate = (yyyymmdd: string): string => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
/** The day after a YYYYMMDD date, as YYYY-MM-DD. */
const dayAfter = (yyyymmdd: string): string => dateOfDay(dayNumber(isoDate(yyyymmdd)) + 1);

/**
 * The dated rate periods of one SST jurisdiction code from `start` on. A row's rate runs from
 * its begin date to its end date; a day no row covers after a row ended has no tax; where two
 * rows overlap the one that began later wins. Before its first row a jurisdiction levies none.
 */
function sstPeriods(rows: { begin: string; end: string; rate: string }[], start: string): { from: string; rate: string }[] {
  const open = (end: string): boolean => end >= '29991231';
  // A day where a row ends and none goes on has no tax; `order` keeps the file's order on one day.
  const points: { from: string; rate: string; order: number }[] = [];
  rows.forEach((r, i) => {
    points.push({ from: isoDate(r.begin), rate: sstPercent(r.rate), order: i });
    if (!open(r.end)) {
      const next = dayAfter(r.end);
      const covered = rows.some((o) => isoDate(o.begin) <= next && (open(o.end) || dayAfter(o.end) > next));
      if (!covered) points.push({ from: next, rate: '0', order: -1 });
    }
  });
  points.sort((a, b) => a.from.localeCompare(b.from) || a.order - b.order);
  const byDay = new Map<string, string>();
  for (const p of points) byDay.set(p.from, p.rate);
  const sorted = [...byDay].sort((a, b) => a[0].localeCompare(b[0]));
  let inForce = '0';
  const out: { from: string; rate: string }[] = [];
  for (const [from, rate] of sorted) {
    if (from <= start) inForce = rate;
    else {
      if (out.length === 0) out.push({ from: start, rate: inForce });
      if ((out.at(-1) as { rate: string }).rate !== rate) out.push({ from, rate });
    }
  }
  if (out.length === 0) out.push({ from: start, rate: inForce });
  return out;
}

/** The rows of an SST rate file by "type code" ("00 089", "01 04000", "63 00060"). */
function sstRates(file: string): Map<string, { begin: string; end: string; rate: string }[]> {
  const out = new Map<string, { begin: string; end: string; rate: string }[]>();
  for (const line of readFileSync(join(srcDir, 'sst', file), 'utf8').split(/\r?\n/)) {
    const f = line.split(',');
    if (f.length < 9) continue;
    const [, type, code, general, , , , begin, end] = f as [string, string, string, string, string, string, string, string, string];
    const key = `${type} ${code.padStart(type === '00' ? 3 : 5, '0')}`;
    const list = out.get(key) ?? [];
    list.push({ begin, end, rate: general });
    out.set(key, list);
  }
  return out;
}

/** What fromSst reads beside the rate file (a recipe of kind "sst"). */
interface SstOptions {
  /** The rate file under sst/. */
  file: string;
  publisher: string;
  /** The first day of the history. */
  start: string;
  coverage: string;
  notes: string[];
  sourcing: UsLocalFile['sourcing'];
  sourcingNote?: string;
  complete: boolean;
  /** "type code" → the earlier first day of a jurisdiction whose history is known before `start`, its source and note. */
  earlier?: Record<string, { from: string; source: string; note?: string }>;
  /** Sources beside the rate file (keys `earlier` names). */
  sources?: Record<string, string>;
  /** City code → the Census place it is a part of, and the only counties where the city's tax applies. */
  cities?: Record<string, { place: string; counties?: string[] }>;
  /** District code → its name and where it applies (counties, places, places left out of its counties, "place|county" parts). */
  districts: Record<string, { name: string; counties?: string[]; places?: string[]; exceptPlaces?: string[]; placeParts?: string[] }>;
  /** Codes left out, with the reason (reported where their rate is not 0). */
  skip: Record<string, string>;
}

/**
 * A state from its Streamlined Sales Tax rate file: counties (type 00) and cities (type 01,
 * keyed by Census place FIPS) with their history from `start`, and the special districts
 * (type 63) whose areas the state's rules name (the boundary file that places them is not
 * in hand). Codes not placed are reported and left out.
 */
function fromSst(state: string, o: SstOptions): StateRates {
  const fips = STATE_FIPS.get(state) as number;
  const prefix = String(fips).padStart(2, '0');
  const rates = sstRates(o.file);
  const counties = new Map<string, Rate>();
  for (const [geoid] of COUNTY_NAMES) if (geoid.startsWith(prefix)) counties.set(geoid, [{ from: o.start, rate: '0' }]);
  const cities = new Map<string, Rate>();
  const cityCounties = new Map<string, Set<string>>();
  const districts: District[] = [];
  const unplaced: string[] = [];
  const county = (name: string): string => {
    const g = countyNamed(fips, name);
    if (!g) throw new Error(`${state}: no county ${name}`);
    return g;
  };
  const place = (name: string): string => {
    const p = placeNamed(state, name);
    if (!p) throw new Error(`${state}: no place ${name}`);
    return p.geoid;
  };
  for (const [key, rows] of rates) {
    const [type, code] = key.split(' ') as [string, string];
    if (type === '45') continue; // the state's own rate: countries/US.json
    // A jurisdiction whose history is known before the state's start: its periods from then on.
    const earlier = o.earlier?.[key];
    const periods: Exclude<Rate, string> = earlier ? sstPeriods(rows, earlier.from).map((p, i) => (i === 0 ? { ...p, source: earlier.source, checked: HISTORY_CHECKED, ...(earlier.note ? { note: earlier.note } : {}) } : p)) : sstPeriods(rows, o.start);
    if (o.skip[code] !== undefined) {
      if (periods.some((p) => p.rate !== '0')) unplaced.push(`${code} (${o.skip[code]})`);
      continue;
    }
    const d = o.districts[code];
    if (type === '00' && d === undefined) {
      const geoid = `${prefix}${code}`;
      if (!COUNTY_NAMES.has(geoid)) throw new Error(`${state}: county code ${code} unknown`);
      counties.set(geoid, periods);
    } else if (type === '01' && d === undefined && o.cities?.[code] === undefined) {
      const geoid = `${prefix}${code}`;
      if (!places.has(geoid)) {
        if (periods.some((p) => p.rate !== '0')) unplaced.push(`${code} (a city code that is no Census place)`);
        continue;
      }
      if (periods.some((p) => p.rate !== '0')) cities.set(geoid, periods);
    } else if (type === '01' && d === undefined) {
      const c = o.cities?.[code] as { place: string; counties?: string[] };
      const geoid = place(c.place);
      const counted = cities.get(geoid);
      if (counted !== undefined && JSON.stringify(counted) !== JSON.stringify(periods)) throw new Error(`${state}: codes of ${c.place} disagree`);
      cities.set(geoid, periods);
      if (c.counties) cityCounties.set(geoid, new Set(c.counties.map(county)));
    } else {
      if (!d) {
        if (periods.some((p) => p.rate !== '0')) unplaced.push(code);
        continue;
      }
      districts.push({
        name: d.name,
        rate: periods,
        counties: new Set((d.counties ?? []).map(county)),
        places: new Set((d.places ?? []).map(place)),
        ...(d.exceptPlaces ? { exceptPlaces: new Set(d.exceptPlaces.map(place)) } : {}),
        ...(d.placeParts ? { placeParts: new Set(d.placeParts.map((pp) => { const [pl, co] = pp.split('|') as [string, string]; return `${place(pl)}|${county(co)}`; })) } : {}),
      });
    }
  }
  for (const code of Object.keys(o.districts)) if (![...rates.keys()].some((k) => k.endsWith(` ${code}`))) throw new Error(`${state}: district ${code} not in ${o.file}`);
  for (const key of Object.keys(o.earlier ?? {})) if (!rates.has(key)) throw new Error(`${state}: ${key} (earlier history) not in ${o.file}`);
  if (unplaced.length > 0) console.warn(`${state}: codes not placed (left out): ${unplaced.join('; ')}`);
  const key = `${state.toLowerCase()}-sst`;
  return {
    state,
    sources: { [key]: `${o.publisher}, Streamlined Sales Tax rate file ${o.file.replace(/\.csv$/, '')} (https://www.streamlinedsalestax.org/ratesandboundry/Rates/), as bundled in open-sales-tax 4cfd3c2, ../shared/sources/us/sst/${o.file}`, ...o.sources },
    from: o.start,
    source: key,
    sourcing: o.sourcing,
    ...(o.sourcingNote ? { sourcingNote: o.sourcingNote } : {}),
    complete: o.complete,
    coverage: o.coverage,
    notes: [`The rates come with their history from the state's Streamlined Sales Tax rate file, from ${o.start} on; a quote for an earlier day is not answered. Boundaries are today's Census ones for every date.`, ...o.notes],
    counties,
    cities,
    cityCounties,
    districts,
  };
}

// ---------------------------------------------------------------- TaxLocus county tables

const TAXLOCUS = csv(join(srcDir, 'taxlocus/jurisdiction_rates.csv'));
const TAXLOCUS_AS_OF = '2026-08-18';

/** What fromTaxLocus reads beside TaxLocus's table (a recipe of kind "taxlocus"). */
interface TaxLocusOptions {
  publisher: string;
  coverage: string;
  /** Notes after the one on the table's date. */
  notes?: string[];
  sourcing: UsLocalFile['sourcing'];
  sourcingNote?: string;
  complete: boolean;
  /** The table's city rows too (by Census place code). */
  cities?: boolean;
  /** A county without a row levies none (else it is left out). */
  noCountyTax?: boolean;
  districts?: { row: string; name: string; counties: string[] }[];
}

/**
 * A state whose local taxes are county-wide, from TaxLocus's table of the state's rates
 * (county rows by FIPS code), with the districts named here by the counties they cover:
 * `row` picks the table's row of a district by its code or name.
 */
function fromTaxLocus(state: string, o: TaxLocusOptions): StateRates {
  const key = `${state.toLowerCase()}-rates`;
  return {
    state,
    sources: { [key]: `${o.publisher}, as compiled in the TaxLocus Open Sales-Tax Dataset of ${TAXLOCUS_AS_OF} (Sales-tax data by TaxLocus — https://taxlocus.com, CC-BY-4.0), ../shared/sources/us/taxlocus/jurisdiction_rates.csv` },
    from: TAXLOCUS_AS_OF,
    source: key,
    sourcing: o.sourcing,
    ...(o.sourcingNote ? { sourcingNote: o.sourcingNote } : {}),
    complete: o.complete,
    coverage: o.coverage,
    notes: [`The rates are those in force on ${TAXLOCUS_AS_OF} by the publisher named; the dates they took effect are not recorded, so a quote for an earlier day is not answered.`, ...(o.notes ?? [])],
    ...taxLocusTables(state, o),
  };
}

/** The county rows of TaxLocus's table of a state, the districts named by the counties they cover and, with `cities`, its city rows. */
function taxLocusTables(state: string, o: Pick<TaxLocusOptions, 'cities' | 'noCountyTax' | 'districts'>): Pick<StateRates, 'counties' | 'cities' | 'districts'> {
  const fips = STATE_FIPS.get(state) as number;
  const prefix = String(fips).padStart(2, '0');
  const rows = TAXLOCUS.filter((r) => r.state === state);
  const counties = new Map<string, Rate>();
  for (const r of rows.filter((x) => x.jurisdiction_type === 'county')) {
    const geoid = `${prefix}${(r.fips_code as string).padStart(3, '0')}`;
    if (!COUNTY_NAMES.has(geoid) && /^County \d+$/.test(r.name as string)) {
      console.warn(`${state}: ${r.name} is no Census county (left out)`);
      continue;
    }
    if (!COUNTY_NAMES.has(geoid) || countyNamed(fips, r.name as string) !== geoid) throw new Error(`${state}: county ${r.name} (${r.fips_code}) does not match the Census name`);
    counties.set(geoid, sstPercent(r.rate as string));
  }
  if (o.noCountyTax) for (const g of COUNTY_NAMES.keys()) if (g.startsWith(prefix) && !counties.has(g)) counties.set(g, '0');
  const missing = [...COUNTY_NAMES.keys()].filter((g) => g.startsWith(prefix) && !counties.has(g)).map((g) => COUNTY_NAMES.get(g));
  if (missing.length > 0) console.warn(`${state}: counties without a row (left out): ${missing.join(', ')}`);
  const districts: District[] = (o.districts ?? []).map((d) => {
    const row = rows.find((r) => r.fips_code === d.row || r.name === d.row);
    if (!row) throw new Error(`${state}: no row ${d.row}`);
    return {
      name: d.name,
      rate: sstPercent(row.rate as string),
      counties: new Set(d.counties.map((c) => {
        const g = countyNamed(fips, c);
        if (!g) throw new Error(`${state}: no county ${c}`);
        return g;
      })),
      places: new Set<string>(),
    };
  });
  // City rows of a Streamlined Sales Tax state carry the city's Census place code.
  const cities = new Map<string, Rate>();
  if (o.cities) {
    const unmatched: string[] = [];
    for (const r of rows.filter((x) => x.jurisdiction_type === 'city')) {
      const geoid = `${prefix}${r.fips_code as string}`;
      const p = places.get(geoid);
      if (!p || !p.incorporated || nameKey(p.name) !== nameKey(r.name as string)) {
        unmatched.push(`${r.name} (${r.fips_code})`);
        continue;
      }
      if (Number(r.rate) > 0) cities.set(geoid, sstPercent(r.rate as string));
    }
    if (unmatched.length > 0) console.warn(`${state}: city rows not matched to a Census place (left out): ${unmatched.join(', ')}`);
  }
  return { counties, cities, districts };
}

/**
 * Texas: the cities of open-sales-tax's table (its rates as of 2026-05-04, and the member
 * cities of 7 transit authorities), completed from TaxLocus's copy of the Comptroller's list
 * of 2026-08-18 with every county's tax and the other cities' own taxes. Texas local rates
 * change only on the first day of a calendar quarter (Tex. Tax Code §§ 321.102, 323.102), so
 * the list's rates are in force from 2026-07-01. The open-sales-tax table gives some cities
 * their combined local rate (city, county and city-wide special districts: Tyler 2 % = 1.5 %
 * + Smith County 0.5 %) and others their own (El Paso 1 %): where its rate less the county's
 * is at least the list's own rate of the city, the city's line is that difference (from
 * 2026-07-01, the county's line beside it); otherwise its rate is the city's own. Where the
 * two disagree otherwise, open-sales-tax's rate is kept and the disagreement noted. The
 * list's special purpose districts (crime control, emergency services, hospital and
 * development districts) and its city/district combinations are not placed: their areas are
 * not published with the rates. The days, aliases and wording are the recipe's
 * (scripts/us-local/recipes/TX.json).
 */
function texas(recipe: TxRecipe): StateRates {
  const base = fromOst('TX', recipe);
  const FROM = recipe.list.from;
  const key = recipe.list.source;
  const values = { taxlocus: TAXLOCUS_CREDIT, asOf: TAXLOCUS_AS_OF, listFrom: FROM };
  for (const [k, v] of Object.entries(recipe.sources)) base.sources[k] = fill(v, values);
  if (!(key in base.sources)) throw new Error(`TX: source ${key} is not in sources`);
  const period = (rate: string): Rate => [{ from: FROM, rate, source: key }];
  const rows = TAXLOCUS.filter((r) => r.state === 'TX');
  const listed = listedCounties('TX');
  const unmatched = listed.unmatched;
  const countyRate = new Map<string, number>();
  for (const [geoid, rate] of listed.rates) {
    countyRate.set(geoid, Number(rate));
    base.counties.set(geoid, period(rate));
  }
  // Names the list spells otherwise than the Census (the recipe's `aliases`); a name two places
  // share (Oak Ridge, Reno, Lakeside) is left out, the list naming no county.
  const txPlace = (name: string): Place | null => {
    const wanted = recipe.aliases[name] ?? name;
    const exact = [...places.values()].filter((p) => p.state === 'TX' && p.incorporated && placeName(p.name) === wanted);
    return exact.length === 1 ? (exact[0] as Place) : exact.length > 1 ? null : placeNamed('TX', wanted);
  };
  // open-sales-tax's cities its own matching missed.
  for (const r of OST.filter((x) => x.state === 'TX' && x.jurisdiction_type === 'city' && x.rate_pct !== '')) {
    const place = placeNamed('TX', r.name as string) ?? txPlace(r.name as string);
    if (place && !base.cities.has(place.geoid) && plainRate(r.rate_pct as string) !== '0') base.cities.set(place.geoid, plainRate(r.rate_pct as string));
  }
  // The list's own rate of each city with a plain name ("Abbott", not "Abbott/Hill Co ESD 2-A").
  const own = new Map<string, number>();
  for (const r of rows.filter((x) => x.jurisdiction_type === 'city' && !/[/(]/.test(x.name as string))) {
    const place = txPlace(r.name as string);
    if (!place) {
      unmatched.push(`city ${r.name}`);
      continue;
    }
    own.set(place.geoid, Number(sstPercent(r.rate as string)));
  }
  if (unmatched.length > 0) console.warn(`TX: TaxLocus rows not matched to Census names (left out): ${unmatched.join('; ')}`);
  const notes = new Map<string, string>();
  let combined = 0;
  for (const [geoid, rate] of base.cities) {
    const ost = Number(rate);
    const county = countyRate.get(placeCountyOf.get(geoid) ?? '') ?? 0;
    const listed = own.get(geoid);
    if (listed === undefined) continue;
    if (county > 0 && ost - county >= listed - 1e-9) {
      base.cities.set(geoid, period(plainRate((ost - county).toFixed(4))));
      combined++;
    } else if (Math.abs(ost - listed) > 1e-9 && ost < listed + county) {
      notes.set(geoid, fill(county > 0 ? recipe.disagreement.withCounty : recipe.disagreement.withoutCounty, { ost, listed, county }));
    }
  }
  let added = 0;
  for (const [geoid, rate] of own) {
    if (base.cities.has(geoid) || rate === 0) continue;
    base.cities.set(geoid, period(plainRate(rate.toFixed(4))));
    added++;
  }
  console.log(`TX: ${countyRate.size} county taxes, ${base.cities.size} cities (${added} from the Comptroller's list alone, ${combined} combined rates split into city and county)`);
  // Local taxes add up to at most 2 % anywhere (`localCap`; Tex. Tax Code § 321.101(f), § 323.101): an area
  // where these would add up to more (a city's part in another county that has a tax) has a rate
  // the tables do not give, and its ZIP code is left out.
  const last = (r: Rate | undefined): number => (r === undefined ? 0 : Number(typeof r === 'string' ? r : r.at(-1)?.rate));
  const overCap = (a: Area): boolean => {
    let sum = last(base.counties.get(a.county));
    if (a.place !== null) {
      sum += last(base.cities.get(a.place));
      for (const d of base.districts) if (d.places.has(a.place) || d.counties.has(a.county)) sum += last(d.rate);
    }
    return sum > Number(recipe.localCap) + 1e-9;
  };
  return {
    ...base,
    unknownArea: overCap,
    coverage: fill(recipe.coverage, { ...values, counties: countyRate.size, cities: base.cities.size }),
    notes: [...base.notes, ...recipe.notes.map((n) => fill(n, values))],
    jurisdictionNotes: notes,
  };
}

/**
 * The county rates (percent) of TaxLocus's copy of a state's list, by county GEOID (the
 * row's code where it has one, else its name), and the rows that name no Census county.
 */
function listedCounties(state: string): { rates: Map<string, string>; unmatched: string[] } {
  const fips = STATE_FIPS.get(state) as number;
  const prefix = String(fips).padStart(2, '0');
  const rates = new Map<string, string>();
  const unmatched: string[] = [];
  for (const r of TAXLOCUS.filter((x) => x.state === state && x.jurisdiction_type === 'county')) {
    const geoid = r.fips_code ? `${prefix}${(r.fips_code as string).padStart(3, '0')}` : countyNamed(fips, r.name as string);
    if (geoid === null || !COUNTY_NAMES.has(geoid)) unmatched.push(`county ${r.name}`);
    else rates.set(geoid, sstPercent(r.rate as string));
  }
  return { rates, unmatched };
}

/** How withListedCities completes a state (a recipe's `listedCities`, its coverage a template). */
interface ListedCitiesOptions {
  state: string;
  from: string;
  publisher: string;
  semantics: 'own' | 'combined';
  /** The list's name in the note ("the Department of Revenue's list"). */
  list: string;
  rule: string;
  coverage: (cities: number, added: number) => string;
  /** City name → where the list's rate is taken instead of open-sales-tax's (see ListChoice). */
  choices?: Record<string, ListChoice>;
}

/**
 * A disagreement between open-sales-tax's table and TaxLocus's copy of the state's list settled
 * for the list, with the source that settles it: from the table's first day (the table's rate
 * was wrong), or from `from` on (a change after the table's day), the table's rate before it.
 * A choice for a jurisdiction where the two agree, or that neither gives, stops the import.
 */
interface ListChoice {
  from?: string;
  source: string;
  /** The day the choice was checked against its source. */
  checked: string;
  note: string;
}

/** The periods of a jurisdiction whose list rate a choice takes (the table's rate `kept` recorded from `start`). */
function chosenPeriods(kept: Rate, start: string, listed: string, c: ListChoice): Rate {
  const table = typeof kept === 'string' ? [{ from: start, rate: kept }] : kept;
  const chosen = { rate: listed, source: c.source, checked: c.checked };
  return c.from === undefined ? [{ from: (table[0] as { from: string }).from, ...chosen }] : [...table, { from: c.from, ...chosen }];
}

/** Stops on a choice no disagreement used. */
function allChosen(state: string, what: string, choices: Record<string, ListChoice> | undefined, used: Set<string>): void {
  const unused = Object.keys(choices ?? {}).filter((k) => !used.has(k));
  if (unused.length > 0) throw new Error(`${state}: ${what} choices for jurisdictions where the table and the list do not disagree: ${unused.join(', ')}`);
}

/**
 * Completes a state of open-sales-tax's table with the cities only TaxLocus's copy of the
 * state's list gives (matched to Census places by name), from `from`: each city's own rate,
 * which is the list's rate itself (`own`) or the list's rate less its principal county's in
 * the same list (`combined`: the list gives cities their combined local rate). Cities of
 * open-sales-tax's table keep their rate; a disagreement with the list is noted. `coverage`
 * words the file's coverage from the number of cities and of those added; `rule` says why
 * the list's rates are recorded from `from`.
 */
function withListedCities(base: StateRates, o: ListedCitiesOptions): StateRates {
  const key = `${o.state.toLowerCase()}-taxlocus`;
  base.sources[key] = `${o.publisher}, ${TAXLOCUS_CREDIT}`;
  const rows = TAXLOCUS.filter((r) => r.state === o.state);
  const countyRate = new Map([...listedCounties(o.state).rates].map(([geoid, rate]) => [geoid, Number(rate)]));
  const notes = base.jurisdictionNotes ?? new Map<string, string>();
  const unmatched: string[] = [];
  const used = new Set<string>();
  let added = 0;
  let disagree = 0;
  for (const r of rows.filter((x) => x.jurisdiction_type === 'city')) {
    const place = placeNamed(o.state, r.name as string);
    if (!place) {
      unmatched.push(r.name as string);
      continue;
    }
    const listed = Number(sstPercent(r.rate as string));
    let own = listed;
    if (o.semantics === 'combined') {
      const county = countyRate.get(placeCountyOf.get(place.geoid) ?? '');
      if (county === undefined) {
        unmatched.push(`${r.name} (no county rate in the list)`);
        continue;
      }
      own = Number((listed - county).toFixed(4));
      if (own < 0) {
        unmatched.push(`${r.name} (below its county's rate)`);
        continue;
      }
    }
    const kept = base.cities.get(place.geoid);
    if (kept !== undefined) {
      const rate = Number(typeof kept === 'string' ? kept : kept.at(-1)?.rate);
      if (Math.abs(rate - own) > 1e-9) {
        const choice = o.choices?.[r.name as string];
        if (choice) {
          used.add(r.name as string);
          base.cities.set(place.geoid, chosenPeriods(kept, base.from, plainRate(own.toFixed(4)), choice));
          notes.set(place.geoid, choice.note);
        } else notes.set(place.geoid, `open-sales-tax gives ${rate} %, the list as compiled by TaxLocus ${own} %; open-sales-tax's rate is kept.`);
        disagree++;
      }
      continue;
    }
    if (own === 0) continue;
    base.cities.set(place.geoid, [{ from: o.from, rate: plainRate(own.toFixed(4)), source: key }]);
    added++;
  }
  if (unmatched.length > 0) console.warn(`${o.state}: TaxLocus city rows left out (no single Census place, or no county rate): ${unmatched.join('; ')}`);
  allChosen(o.state, 'city', o.choices, used);
  base.jurisdictionNotes = notes;
  console.log(`${o.state}: ${added} cities added from the list, ${disagree} disagreements noted`);
  return {
    ...base,
    coverage: o.coverage(base.cities.size, added),
    notes: [...base.notes, `The cities not in open-sales-tax's table are from ${o.list} of ${TAXLOCUS_AS_OF}, recorded from ${o.from} (${o.rule}); a quote for an earlier day where they apply is not answered.`],
  };
}

/**
 * Notes on the counties of a state of open-sales-tax's table whose rate TaxLocus's copy of
 * the state's list (2026-08-18) gives otherwise: the table's rate is kept (its publication,
 * `kept`, is named), and the other recorded beside it.
 */
function withCountyCheck(base: StateRates, kept: string, choices?: Record<string, ListChoice>): StateRates {
  const notes = base.jurisdictionNotes ?? new Map<string, string>();
  const used = new Set<string>();
  for (const [geoid, listed] of listedCounties(base.state).rates) {
    const rate = base.counties.get(geoid);
    if (typeof rate !== 'string' || Number(listed) === Number(rate)) continue;
    const name = COUNTY_NAMES.get(geoid) as string;
    const choice = choices?.[name];
    if (choice) {
      used.add(name);
      base.counties.set(geoid, chosenPeriods(rate, base.from, plainRate(listed), choice));
      notes.set(geoid, choice.note);
    } else notes.set(geoid, `TaxLocus's copy of the state's list of 2026-08-18 gives ${listed} %; the ${rate} % that ${kept} gives is kept.`);
  }
  allChosen(base.state, 'county', choices, used);
  base.jurisdictionNotes = notes;
  return base;
}


/**
 * North Carolina: TaxLocus's copy of the Department of Revenue's rates of 2026-08-18, recorded
 * from the day of the Department's table of combined rates by county (the recipe's `table`,
 * scripts/us-local/nc-county-rates-2024-07-01.json) that they add up to, county by county, the
 * districts of the recipe's `later` aside (Mecklenburg County's 1 % transportation tax): the
 * import stops on a county whose rates differ. Such a district is recorded at 0 from the
 * table's day and at its rate from the day the recipe gives.
 */
function northCarolina(recipe: NcRecipe): StateRates {
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

/**
 * A Streamlined Sales Tax state's county and city taxes from TaxLocus's table (rows carry
 * Census codes); `publisher` is the state's agency.
 */
function sstCounties(r: SstCountiesRecipe): StateRates {
  return fromTaxLocus(r.state, {
    publisher: `${r.publisher}, local sales and use tax rates by county and city (Streamlined Sales Tax jurisdiction codes)`,
    sourcing: r.sourcing,
    ...(r.sourcingNote ? { sourcingNote: r.sourcingNote } : {}),
    complete: false,
    cities: true,
    ...(r.noCountyTax ? { noCountyTax: true } : {}),
    coverage: r.coverage,
    ...(r.notes ? { notes: r.notes } : {}),
  });
}

/**
 * Puerto Rico: every municipality levies the municipal IVU at the same rate (mandatory and
 * uniform since 2014-02-01), so each municipio is a local jurisdiction at the recipe's rate.
 */
function puertoRico(recipe: PrRecipe): StateRates {
  const counties = new Map<string, Rate>();
  for (const g of COUNTY_NAMES.keys()) if (g.startsWith('72')) counties.set(g, recipe.rate);
  if (counties.size !== recipe.municipios) throw new Error(`PR: ${counties.size} municipios, expected ${recipe.municipios}`);
  return {
    state: 'PR',
    ...proseOf(recipe, recipe.from, {}),
    counties,
    cities: new Map(),
    districts: [],
    // PO-box ZIP codes (common in Puerto Rico) have no Census area, but the municipal rate
    // applies wherever the address is: they get a municipal line without a municipio.
    finish: (file) => {
      const listed = new Set(file.zips.map((z) => z[0]));
      const rows: UsLocalFile['zips'] = [];
      for (const [start, end, state] of zipRanges) {
        if (state !== 'PR') continue;
        for (let n = start; n <= end; n++) {
          const zip = String(n).padStart(5, '0');
          if (!listed.has(zip)) rows.push([zip, 'd1', 100]);
        }
      }
      const unknown: LocalJurisdiction = {
        code: 'd1',
        id: 840 * 1e8 + 72 * 1e6 + 1,
        name: recipe.poBoxes.name,
        level: 'district',
        rates: [{ from: recipe.from, rate: recipe.rate, source: recipe.source, checked: CHECKED }],
        note: recipe.poBoxes.note,
      };
      return { ...file, jurisdictions: [...file.jurisdictions, unknown], zips: [...file.zips, ...rows].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)) };
    },
  };
}
// ---------------------------------------------------------------- HI, ID, VT, NM, WA

const TAXLOCUS_CREDIT = `as compiled in the TaxLocus Open Sales-Tax Dataset of ${TAXLOCUS_AS_OF} (Sales-tax data by TaxLocus — https://taxlocus.com, CC-BY-4.0), ../shared/sources/us/taxlocus/jurisdiction_rates.csv`;

/** A percent as integer units of 0.0001 % and back ("3.3125" ↔ 33125). */
const units4 = (percent: number): number => Math.round(percent * 1e4);
const pct4 = (u: number): string => plainRate((u / 1e4).toFixed(4));

/**
 * Combined local rates by location (each county's unincorporated area, each city's part in
 * a county) as additive lines: a county's line is the rate every location of the county bears
 * (its lowest), a city's line and the unincorporated area's (a district) what they add. A
 * city whose parts in two counties have different rates carries its line in its principal
 * county; each other part is a district of its own ("<city> (<county> part)").
 */
function floorSplit(state: string, uninc: Map<string, number>, parts: { place: string; county: string; units: number }[]): Pick<StateRates, 'counties' | 'cities' | 'cityCounties' | 'districts'> {
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

/**
 * A state whose local taxes are county-wide, each county's dated rates as its recipe lists
 * them (Hawaii: the county surcharges on the general excise tax, from Honolulu's start).
 */
function fromCountyPeriods(recipe: CountiesRecipe): StateRates {
  const fips = STATE_FIPS.get(recipe.state) as number;
  const county = (name: string): string => {
    const g = countyNamed(fips, name);
    if (!g) throw new Error(`${recipe.state}: no county ${name}`);
    return g;
  };
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

/** Idaho: the resort cities that tax general retail sales (TaxLocus's table, checked against the State Tax Commission's and the cities' publications). */
function idaho(recipe: IdRecipe): StateRates {
  const rows = TAXLOCUS.filter((r) => r.state === 'ID');
  const counties = new Map<string, Rate>();
  for (const [geoid] of COUNTY_NAMES) if (geoid.startsWith('16')) counties.set(geoid, '0');
  const cities = new Map<string, Rate>();
  const notes = new Map<string, string>();
  const ost = new Map(OST.filter((r) => r.state === 'ID').map((r) => [nameKey(r.name as string), plainRate(r.rate_pct as string)]));
  for (const r of rows.filter((x) => x.jurisdiction_type === 'city')) {
    const place = placeNamed('ID', r.name as string);
    if (!place) throw new Error(`ID: no place ${r.name}`);
    const rate = sstPercent(r.rate as string);
    // Where the State Tax Commission or the city publishes the rate on general retail sales.
    const pub = recipe.published[r.name as string];
    cities.set(place.geoid, pub ? [{ from: recipe.from, rate, source: pub.source }] : rate);
    const other = ost.get(nameKey(r.name as string));
    if (other !== undefined && other !== rate) notes.set(place.geoid, fill(pub ? recipe.disagreement.published : recipe.disagreement.unpublished, { city: r.name as string, other, rate, why: pub?.why ?? '' }));
  }
  return {
    state: 'ID',
    ...proseOf(recipe, recipe.from, {}),
    counties,
    cities,
    districts: [],
    jurisdictionNotes: notes,
  };
}

/**
 * Vermont: the 1 % local option sales tax of its towns and cities (county subdivisions), with
 * the effective dates the Department of Taxes lists, and the towns TaxLocus's table adds.
 */
function vermont(recipe: VtRecipe): StateRates {
  loadTowns('VT');
  const START = recipe.from;
  const town = (name: string): string => {
    const hits = [...cousubNames].filter(([, n]) => n === name);
    if (hits.length !== 1) throw new Error(`VT: no town ${name}`);
    return (hits[0] as [string, string])[0];
  };
  // The Department of Taxes' list (the recipe's `listed`): a town's tax from the day it gives.
  const cities = new Map<string, Rate>();
  const notes = new Map<string, string>();
  for (const [name, { from, rescinded }] of Object.entries(recipe.listed)) {
    const periods: { from: string; rate: string; source?: string }[] = from > START ? [{ from: START, rate: '0' }, { from, rate: recipe.rate }] : [{ from, rate: recipe.rate }];
    if (rescinded) periods.push({ from: rescinded, rate: '0' });
    cities.set(town(name), periods);
  }
  const listed = new Set(cities.keys());
  const rows = TAXLOCUS.filter((r) => r.state === 'VT' && r.jurisdiction_type === 'city');
  const inTable = new Set<string>();
  const added: string[] = [];
  for (const r of rows) {
    const geoid = `50${r.fips_code as string}`;
    if (!cousubNames.has(geoid)) throw new Error(`VT: code ${r.fips_code} is no county subdivision`);
    if (sstPercent(r.rate as string) !== recipe.rate) throw new Error(`VT: ${r.name} at ${r.rate}`);
    inTable.add(geoid);
    if (listed.has(geoid)) continue;
    cities.set(geoid, [{ from: recipe.tableTowns.from, rate: recipe.rate, source: recipe.tableTowns.source }]);
    added.push(townName(geoid));
  }
  // A town of the list that the table leaves out must be one the recipe names (`notInTable`).
  const mayLack = new Map(Object.entries(recipe.notInTable).map(([name, x]) => [town(name), x.note]));
  for (const g of listed) {
    if (inTable.has(g)) continue;
    if (!mayLack.has(g)) throw new Error(`VT: ${cousubNames.get(g)} is not in TaxLocus's table`);
    const note = mayLack.get(g);
    if (note) notes.set(g, note);
  }
  const counties = new Map<string, Rate>();
  for (const [geoid] of COUNTY_NAMES) if (geoid.startsWith('50')) counties.set(geoid, [{ from: START, rate: '0' }]);
  return {
    state: 'VT',
    ...proseOf(recipe, START, { added: added.join(', '), tableFrom: recipe.tableTowns.from }),
    counties,
    cities,
    districts: [],
    jurisdictionNotes: notes,
    towns: true,
  };
}

/** The name of a Vermont town as written: "Burlington", but "Rutland City" and "Rutland Town" where both exist. */
function townName(geoid: string): string {
  const name = cousubNames.get(geoid) ?? geoid;
  const base = name.replace(/ (town|city)$/, '');
  const twins = [...cousubNames.values()].filter((n) => n.replace(/ (town|city)$/, '') === base);
  return twins.length > 1 ? name.replace(/ (town|city)$/, (m) => ` ${m.trim()[0]?.toUpperCase()}${m.trim().slice(1)}`) : base;
}

/**
 * A local rate of TaxLocus's New Mexico table (a fraction rounded to 0.001 %) as the
 * Taxation and Revenue Department writes it: New Mexico's local increments are multiples of
 * 1/48 % (0.0625 %, 0.0833 %, 0.0208 %), and the Department prints rates to four decimals,
 * so a value within 0.0005 % of such a multiple is that multiple to four decimals
 * (0.03313 → 3.3125, 0.02521 → 2.5208); any other is kept (Doña Ana County's 3.515).
 */
function nmRate(fraction: string): number {
  const pct = Number(fraction) * 100;
  const k = Math.round(pct * 48);
  return Math.abs(k / 48 - pct) <= 0.0005 + 1e-9 ? units4(k / 48) : units4(pct);
}

/** New Mexico: gross receipts tax location codes (TaxLocus), a municipality's rate and each county's remainder. */
function newMexico(recipe: NmRecipe): StateRates {
  const rows = TAXLOCUS.filter((r) => r.state === 'NM');
  // The Department's county numbers, from the "Remainder Of County" rows (02-002 Bernalillo).
  const countyOfCode = new Map<string, string>();
  const uninc = new Map<string, number>();
  for (const r of rows.filter((x) => (x.name as string).startsWith('Remainder Of County - '))) {
    const name = (r.name as string).replace('Remainder Of County - ', '').replace('Dona Ana', 'Doña Ana');
    const geoid = countyNamed(35, `${name} County`);
    if (!geoid) throw new Error(`NM: no county ${name}`);
    countyOfCode.set((r.fips_code as string).slice(0, 2), geoid);
    uninc.set(geoid, nmRate(r.rate as string));
  }
  // Los Alamos is a county with no municipality: its one location is the county's.
  const losAlamos = rows.find((r) => r.fips_code === '32-032');
  if (losAlamos) {
    const geoid = countyNamed(35, 'Los Alamos County') as string;
    countyOfCode.set('32', geoid);
    uninc.set(geoid, nmRate(losAlamos.rate as string));
  }
  const skip = (name: string): boolean => recipe.skipNames.some((n) => name.toLowerCase().includes(n.toLowerCase()));
  const deaccent = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const skipped: string[] = [];
  const parts: { place: string; county: string; units: number }[] = [];
  for (const r of rows) {
    const name = (r.name as string).replace(/\*$/, '');
    const code = r.fips_code as string;
    if (name.startsWith('Remainder Of County') || code === '32-032') continue;
    const alias = recipe.aliases[name];
    if (!alias && skip(name)) {
      skipped.push(`${name} (${code})`);
      continue;
    }
    const county = countyOfCode.get(code.slice(0, 2));
    if (!county) throw new Error(`NM: no county for ${code}`);
    const bare = alias ?? name.replace(/ \((City|[A-Z][a-z]+( [A-Z][a-z]+)?)\)$/, '');
    const key = nameKey(deaccent(bare));
    const hits = [...places.values()].filter((p) => p.state === 'NM' && p.incorporated && nameKey(deaccent(p.name)) === key);
    if (hits.length !== 1) throw new Error(`NM: ${name} matches ${hits.length} places`);
    parts.push({ place: (hits[0] as Place).geoid, county, units: nmRate(r.rate as string) });
  }
  const split = floorSplit('NM', uninc, parts);
  return {
    state: 'NM',
    ...proseOf(recipe, recipe.from, { skipped: skipped.join('; ') }),
    ...split,
  };
}

/**
 * Washington: the Department of Revenue's combined local rates (TaxLocus: counties'
 * unincorporated areas by FIPS code, cities by Census place code) as additive lines.
 */
function washington(recipe: WaRecipe): StateRates {
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

// ---------------------------------------------------------------- CO, LA

/**
 * Colorado: TaxLocus's table gives each county's own tax ("Adams" 0.75 %) and, by city name
 * (a qualifier naming a part: "Aurora (Cd Only)"), every local tax at the city's location:
 * county, city and special districts, without the state's 2.9 % (Boulder 6.295 % = Boulder
 * County 1.335 % + Boulder 3.86 % + RTD 1 % + SCFD 0.1 %; Denver 6.25 % = Denver 5.15 % +
 * RTD + SCFD; Colorado Springs 5.3 % = El Paso County 1.23 % + Colorado Springs 3.07 % +
 * PPRTA 1 %, as the Department of Revenue's DR 1002 and rate change lists give the parts).
 * A city's line is its row less the county's tax and the districts placed here by area.
 */
function colorado(recipe: CoRecipe): StateRates {
  const rows = TAXLOCUS.filter((r) => r.state === 'CO');
  const squash = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z]/g, '');
  const county = (name: string): string => {
    const g = countyNamed(8, name);
    if (!g) throw new Error(`CO: no county ${name}`);
    return g;
  };
  const place = (name: string): string => {
    const p = placeNamed('CO', name);
    if (!p) throw new Error(`CO: no incorporated place ${name}`);
    return p.geoid;
  };
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
  if (countyUnits.size !== 64) throw new Error(`CO: ${countyUnits.size} counties`);

  // Districts placed by area (the recipe's `districts`): RTD where it covers whole counties
  // (elsewhere it is part of a city's row), SCFD in its seven counties (Castle Rock and Larkspur
  // are outside it: their rows are the town's tax and Douglas County's, 4.2 + 1 and 4 + 1), the
  // Pikes Peak RTA in its members and unincorporated El Paso County, and Summit County's two
  // county-wide taxes.
  const districtRates = new Map<District, [number, string]>();
  const districts = recipe.districts.map((d) => {
    const district: District = {
      name: d.name,
      rate: d.rate,
      counties: new Set((d.counties ?? []).map(county)),
      places: new Set((d.places ?? []).map(place)),
      ...(d.exceptPlaces ? { exceptPlaces: new Set(d.exceptPlaces.map(place)) } : {}),
      ...(d.unincorporated ? { unincorporated: new Set(d.unincorporated.map(county)) } : {}),
      placeParts: new Set((d.placeParts ?? []).map((pp) => {
        const [pl, co] = pp.split('|') as [string, string];
        return `${place(pl)}|${county(co)}`;
      })),
    };
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

/**
 * Louisiana: TaxLocus's table gives every local tax at a location (parish, school board,
 * municipality and districts together; the state's 5 % apart) under the jurisdiction codes of
 * Louisiana's local tax tables: the parish's place in alphabetical order (01 Acadia … 64 Winn,
 * Census county code 2n − 1) and a location (00 the parish, or the part its name gives).
 */
function louisiana(recipe: LaRecipe): StateRates {
  const rows = TAXLOCUS.filter((r) => r.state === 'LA');
  const parishOf = (code: string): string => {
    const n = Number(code.slice(0, 2));
    const geoid = `22${String(2 * n - 1).padStart(3, '0')}`;
    if (n < 1 || n > 64 || !COUNTY_NAMES.has(geoid)) throw new Error(`LA: code ${code} names no parish`);
    return geoid;
  };
  // Names as the Census writes them (the recipe's `names`); rows of areas the Census does not have are left out (`leftOut`).
  const wide = new Map<string, { units: number; except: Set<string>; row: string }>();
  const outside = new Map<string, { units: number; row: string }>();
  const cityRows = new Map<string, { parish: string; units: number; row: string }>();
  const left: string[] = [];
  for (const r of rows) {
    const name = (r.name as string).replace(/\s+/g, ' ').trim();
    const code = r.fips_code as string;
    const parish = parishOf(code);
    const units = units4(Number(r.rate) * 100);
    const why = recipe.leftOut[name];
    if (why) {
      left.push(`${name} (${code}): ${why}`);
      continue;
    }
    if (code.endsWith('00')) {
      // A parish's row: parish-wide, unless its name confines it to the unincorporated area
      // or leaves out a municipality.
      if (/^(Balance of|Outside Incorporated)/i.test(name)) outside.set(parish, { units, row: name });
      else {
        const except = new Set<string>();
        const m = /excluding City of (.+?) &/i.exec(name);
        if (m) {
          const p = [...places.values()].find((x) => x.state === 'LA' && x.incorporated && nameKey(x.name) === nameKey(m[1] as string) && placeCounties.get(x.geoid)?.has(parish));
          if (!p) throw new Error(`LA: no municipality ${m[1]} in ${COUNTY_NAMES.get(parish)}`);
          except.add(p.geoid);
        }
        wide.set(parish, { units, except, row: name });
      }
      continue;
    }
    const bare = (recipe.names[name] ?? name).replace(/^(City|Town|Village) of /i, '').replace(/ Sales$/, '');
    const hits = [...places.values()].filter((x) => x.state === 'LA' && x.incorporated && nameKey(x.name) === nameKey(bare) && placeCounties.get(x.geoid)?.has(parish));
    if (hits.length !== 1) throw new Error(`LA: ${name} (${code}) matches ${hits.length} municipalities of ${COUNTY_NAMES.get(parish)}`);
    cityRows.set((hits[0] as Place).geoid, { parish, units, row: name });
  }
  // A parish's line is the rate every location of it the table gives bears (its lowest); the
  // rest of the parish and each municipality add what their rows carry beyond it.
  const parishes = new Set([...wide.keys(), ...outside.keys(), ...[...cityRows.values()].map((c) => c.parish)]);
  const counties = new Map<string, Rate>();
  const cities = new Map<string, Rate>();
  const cityCounties = new Map<string, Set<string>>();
  const districts: District[] = [];
  for (const parish of [...parishes].sort()) {
    const inParish = [...cityRows].filter(([, c]) => c.parish === parish);
    const rest = wide.get(parish) ?? outside.get(parish);
    const floor = rest ? Math.min(rest.units, ...inParish.map(([, c]) => c.units)) : 0;
    counties.set(parish, pct4(floor));
    if (rest && rest.units > floor) districts.push({ name: `${COUNTY_NAMES.get(parish)} outside the listed municipalities`, rate: pct4(rest.units - floor), counties: new Set(), places: new Set(), unincorporated: new Set([parish]) });
    for (const [p, c] of inParish) {
      cities.set(p, pct4(c.units - floor));
      cityCounties.set(p, new Set([parish]));
    }
  }
  /** Whether the table gives the rate of an area. */
  const unknownArea = (a: Area): boolean => {
    const city = a.within !== null ? cityRows.get(a.within) : undefined;
    if (city) return city.parish !== a.county;
    const w = wide.get(a.county);
    if (w) return a.within !== null && w.except.has(a.within);
    if (outside.has(a.county)) return a.within !== null;
    return true;
  };
  const named = (g: string): string => COUNTY_NAMES.get(g) as string;
  console.log(`LA: ${wide.size} parishes as a whole, ${outside.size} unincorporated, ${cityRows.size} municipalities in ${parishes.size} parishes`);
  return {
    state: 'LA',
    ...proseOf(recipe, recipe.from, {
      wide: [...wide.keys()].map(named).sort().join(', '),
      outside: [...outside.keys()].map(named).sort().join(' and '),
      cities: cityRows.size,
      parishes: parishes.size,
      left: left.join('; '),
    }),
    counties,
    cities,
    cityCounties,
    districts,
    unknownArea,
  };
}

// ---------------------------------------------------------------- TN

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
function tennessee(recipe: TnRecipe): StateRates {
  const START = recipe.from;
  const rows = TAXLOCUS.filter((r) => r.state === 'TN');
  const unitsOf = (r: Record<string, string>): number => units4(Number(r.rate) * 100);
  const county = (name: string): string => {
    const g = countyNamed(47, name);
    if (!g) throw new Error(`TN: no county ${name}`);
    return g;
  };
  const named = (g: string): string => COUNTY_NAMES.get(g) as string;
  const countyUnits = new Map<string, number>();
  for (const r of rows.filter((x) => x.jurisdiction_type === 'county')) {
    const geoid = `47${(r.fips_code as string).padStart(3, '0')}`;
    if (countyNamed(47, r.name as string) !== geoid) throw new Error(`TN: county ${r.name} (${r.fips_code}) does not match the Census name`);
    countyUnits.set(geoid, unitsOf(r));
  }
  if (countyUnits.size !== 95) throw new Error(`TN: ${countyUnits.size} counties`);
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

// ---------------------------------------------------------------- recipes as data

/**
 * The recipes of scripts/us-local/recipes/<ST>.json: each names its builder (`kind`) and
 * gives what the builder reads, with its sources and prose. A template field's placeholders
 * ("{cities}") are filled by the builder; "$comment" may stand in any object.
 */
interface RecipeFile {
  state: string;
  $comment?: string;
}

/** A single-article limit as the rule file writes it; without `checked`, the run's --checked day. */
type CapData = Omit<NonNullable<UsLocalFile['single_article_cap']>, 'checked'> & { checked?: string };

/** kind "ost": open-sales-tax's table (fromOst), then the check, the completion and the additions named. */
interface OstRecipe extends RecipeFile, OstOptions {
  kind: 'ost';
  /** withCountyCheck: the publication whose county rates are kept where TaxLocus's copy of the list differs. */
  countyCheck?: string;
  /** County name → where the list's rate is taken instead (see ListChoice). */
  countyChoices?: Record<string, ListChoice>;
  /** withListedCities: its `coverage` a template of {cities} and {added}. */
  listedCities?: Omit<ListedCitiesOptions, 'state' | 'coverage'> & { coverage: string };
  /** Sources beside the table's (keys the other fields name). */
  sources?: Record<string, string>;
  singleArticleCap?: CapData;
}

/** kind "taxlocus": county-wide taxes and the districts named, from TaxLocus's table (fromTaxLocus). */
interface TaxLocusRecipe extends RecipeFile, TaxLocusOptions {
  kind: 'taxlocus';
}

/** kind "sst-counties": a Streamlined Sales Tax state's county and city rows of TaxLocus's table (sstCounties); `publisher` the state's agency. */
interface SstCountiesRecipe extends RecipeFile {
  kind: 'sst-counties';
  publisher: string;
  sourcing: UsLocalFile['sourcing'];
  sourcingNote?: string;
  noCountyTax?: boolean;
  coverage: string;
  notes?: string[];
}

/** kind "sst": a state's Streamlined Sales Tax rate file with its history (fromSst). */
interface SstRecipe extends RecipeFile, SstOptions {
  kind: 'sst';
}

/**
 * What the recipe of a state with a builder of its own gives beside its tables: its sources
 * (`source` the key of its rate table's) and the file's wording, whose templates may name
 * {taxlocus} (TaxLocus's credit), {asOf} (its table's day), {from} (the day the rates are
 * recorded from) and the placeholders of the state's builder.
 */
interface ProseRecipe extends RecipeFile {
  sources: Record<string, string>;
  source: string;
  sourcing: UsLocalFile['sourcing'];
  sourcingNote?: string;
  complete: boolean;
  coverage: string;
  notes: string[];
}

/** kind "tennessee": the Department of Revenue's list as TaxLocus gives it (tennessee()). */
interface TnRecipe extends ProseRecipe {
  kind: 'tennessee';
  from: string;
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

/** A rate period of a recipe (a Rate's). */
type PeriodData = Exclude<Rate, string>[number];

/** kind "counties": county-wide taxes, each county's dated rates as the recipe lists them (fromCountyPeriods). */
interface CountiesRecipe extends ProseRecipe {
  kind: 'counties';
  /** The first day of every county's periods. */
  from: string;
  /** Every county of the state → its periods, from `from` on. */
  counties: Record<string, PeriodData[]>;
  countyNotes?: Record<string, string>;
}

/** kind "washington": the Department of Revenue's combined rates by location code, as TaxLocus gives them (washington()). */
interface WaRecipe extends ProseRecipe {
  kind: 'washington';
  from: string;
}

/** kind "new-mexico": the gross receipts tax location codes, as TaxLocus gives them (newMexico()). */
interface NmRecipe extends ProseRecipe {
  kind: 'new-mexico';
  from: string;
  /** Rows whose name holds one of these (any case) are areas the Census does not have: left out. */
  skipNames: string[];
  /** A row's name → the municipality's, where the table writes it otherwise. */
  aliases: Record<string, string>;
}

/** kind "vermont": the towns' local option tax, from the Department of Taxes' list and TaxLocus's table (vermont()). */
interface VtRecipe extends ProseRecipe {
  kind: 'vermont';
  /** The first day of the history. */
  from: string;
  /** The local option tax's rate. */
  rate: string;
  /** Town (Census county subdivision name) → the day its tax took effect and, if rescinded, the first day without it. */
  listed: Record<string, { from: string; rescinded?: string }>;
  /** The towns only TaxLocus's table has: recorded from `from`, with `source`. */
  tableTowns: { from: string; source: string };
  /** Towns of the list that TaxLocus's table may leave out, and the note recorded where it does. */
  notInTable: Record<string, { note?: string }>;
}

/** kind "idaho": the resort cities of TaxLocus's table, checked against open-sales-tax's and the publications named (idaho()). */
interface IdRecipe extends ProseRecipe {
  kind: 'idaho';
  from: string;
  /** City → the source of its rate on general retail sales where the State Tax Commission or the city publishes it, and the words that say so. */
  published: Record<string, { source: string; why: string }>;
  /** The note where open-sales-tax gives a city another rate, for a city of `published` and for another: {city}, {other}, {rate}, {why}. */
  disagreement: { published: string; unpublished: string };
}

/** kind "virginia": the county groups of daigou-calc-data's table as regions or local add-ons (virginia()); {from} is the table's day. */
interface VaRecipe extends ProseRecipe {
  kind: 'virginia';
  /** The start of a group's name → the regions (districts: name → rate) its counties are in, or the rate each of them levies itself. */
  groups: Record<string, { regions?: Record<string, string>; countyRate?: string }>;
}

/** kind "north-carolina": TaxLocus's county rows and districts, recorded from the day of the Department's table they add up to (northCarolina()); {table} is its source, {from} its day. */
interface NcRecipe extends ProseRecipe {
  kind: 'north-carolina';
  /** The Department's combined rates by county (a file under scripts/us-local/). */
  table: string;
  districts: NonNullable<TaxLocusOptions['districts']>;
  /** Districts the table has no room for: left out of its sums, recorded at 0 from its day and at their rate from `from`. */
  later: Record<string, { from: string; source: string; note: string }>;
}

/** kind "louisiana": every local tax at a location, by Louisiana's jurisdiction codes, as TaxLocus gives them (louisiana()). */
interface LaRecipe extends ProseRecipe {
  kind: 'louisiana';
  from: string;
  /** A row's name → the municipality's as the Census writes it. */
  names: Record<string, string>;
  /** Rows of areas the Census does not have → why they are left out. */
  leftOut: Record<string, string>;
}

/** kind "colorado": TaxLocus's county rows and every local tax at each city, less the districts placed by area (colorado()). */
interface CoRecipe extends ProseRecipe {
  kind: 'colorado';
  from: string;
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

/** kind "california": CDTFA's table, publication 105's district taxes with their dates and the changes since (california()); {publication} names the publication. */
interface CaRecipe extends ProseRecipe {
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

/**
 * kind "texas": open-sales-tax's table completed from TaxLocus's copy of the Comptroller's list
 * (texas()); `coverage` names {counties} and {cities}, `notes` (after open-sales-tax's) and
 * `sources` {taxlocus}, {asOf} and {listFrom}.
 */
interface TxRecipe extends RecipeFile, OstOptions {
  kind: 'texas';
  /** The list's rates: recorded from `from` under the source `source`. */
  list: { from: string; source: string };
  /** Sources beside open-sales-tax's. */
  sources: Record<string, string>;
  notes: string[];
  /** The most the local taxes add up to anywhere, percent. */
  localCap: string;
  /** The list's names that the Census spells otherwise. */
  aliases: Record<string, string>;
  /** The note where open-sales-tax's rate of a city is kept against the list's: {ost}, {listed}, {county}. */
  disagreement: { withCounty: string; withoutCounty: string };
}

/** kind "puerto-rico": the municipal IVU, one rate in every municipio (puertoRico()). */
interface PrRecipe extends ProseRecipe {
  kind: 'puerto-rico';
  from: string;
  rate: string;
  /** How many municipios the Census lists (checked). */
  municipios: number;
  /** The district of a PO-box ZIP code, which has no Census area. */
  poBoxes: { name: string; note: string };
}

type Recipe = OstRecipe | TaxLocusRecipe | SstCountiesRecipe | SstRecipe | CountiesRecipe | TnRecipe | WaRecipe | NmRecipe | VtRecipe | IdRecipe | VaRecipe | NcRecipe | LaRecipe | CoRecipe | CaRecipe | TxRecipe | PrRecipe;

/**
 * The shape of a recipe's JSON: a type, a date, a rate (a percent, "2.25"), a list of strings,
 * a template (a string whose placeholders are among those named; a name ending in ":" stands
 * for any "{name:…}"), one of some strings, or an object of fields (a name ending in "?" may
 * be left out), a list or a table (any keys) of a shape.
 */
type Shape = 'string' | 'boolean' | 'number' | 'date' | 'rate' | 'string[]' | { template: readonly string[] } | { oneOf: readonly string[] } | { fields: Fields } | { list: Shape } | { table: Shape };
type Fields = Readonly<Record<string, Shape>>;

const SOURCING: Shape = { oneOf: ['origin', 'destination'] };
const STRING_TABLE: Shape = { table: 'string' };
/** The fields of a ProseRecipe, its templates with these placeholders. */
function proseFields(...placeholders: string[]): Fields {
  const template: Shape = { template: ['taxlocus', 'asOf', 'from', ...placeholders] };
  return { sources: { table: template }, source: 'string', sourcing: SOURCING, 'sourcingNote?': template, complete: 'boolean', coverage: template, notes: { list: template } };
}
const PERIODS: Shape = { list: { fields: { from: 'date', rate: 'rate', 'source?': 'string', 'checked?': 'date', 'note?': 'string' } } };
const CHOICES: Shape = { table: { fields: { 'from?': 'date', source: 'string', checked: 'date', note: 'string' } } };
const CAP: Shape = { fields: { amount: 'string', currency: 'string', 'apportion?': 'boolean', 'supplies?': { list: { oneOf: ['goods', 'digital', 'services'] } }, source: 'string', 'checked?': 'date', note: 'string' } };

/** The fields of open-sales-tax's table that a recipe of it names (OstOptions, the "ost" and "texas" kinds). */
const OST_TABLE: Fields = { publisher: 'string', from: 'date', asOf: 'boolean', sourcing: SOURCING, 'sourcingNote?': 'string', complete: 'boolean' };

/** The fields of each kind's recipe (beside kind, state and $comment). */
const RECIPE_FIELDS: { readonly [K in Recipe['kind']]: Fields } = {
  ost: {
    ...OST_TABLE,
    coverage: 'string',
    'districtCounties?': { table: 'string[]' },
    'countyCheck?': 'string',
    'countyChoices?': CHOICES,
    'listedCities?': { fields: { from: 'date', publisher: 'string', semantics: { oneOf: ['own', 'combined'] }, list: 'string', rule: 'string', coverage: { template: ['cities', 'added'] }, 'choices?': CHOICES } },
    'sources?': STRING_TABLE,
    'singleArticleCap?': CAP,
  },
  taxlocus: {
    publisher: 'string',
    sourcing: SOURCING,
    'sourcingNote?': 'string',
    complete: 'boolean',
    'cities?': 'boolean',
    'noCountyTax?': 'boolean',
    coverage: 'string',
    'notes?': 'string[]',
    'districts?': { list: { fields: { row: 'string', name: 'string', counties: 'string[]' } } },
  },
  'sst-counties': { publisher: 'string', sourcing: SOURCING, 'sourcingNote?': 'string', 'noCountyTax?': 'boolean', coverage: 'string', 'notes?': 'string[]' },
  sst: {
    file: 'string',
    publisher: 'string',
    start: 'date',
    sourcing: SOURCING,
    'sourcingNote?': 'string',
    complete: 'boolean',
    coverage: 'string',
    notes: 'string[]',
    'sources?': STRING_TABLE,
    'earlier?': { table: { fields: { from: 'date', source: 'string', 'note?': 'string' } } },
    'cities?': { table: { fields: { place: 'string', 'counties?': 'string[]' } } },
    districts: { table: { fields: { name: 'string', 'counties?': 'string[]', 'places?': 'string[]', 'exceptPlaces?': 'string[]', 'placeParts?': 'string[]' } } },
    skip: STRING_TABLE,
  },
  counties: { from: 'date', ...proseFields(), counties: { table: PERIODS }, 'countyNotes?': STRING_TABLE },
  washington: { from: 'date', ...proseFields('left') },
  'new-mexico': { from: 'date', ...proseFields('skipped'), skipNames: 'string[]', aliases: STRING_TABLE },
  vermont: {
    from: 'date',
    ...proseFields('added', 'tableFrom'),
    rate: 'rate',
    listed: { table: { fields: { from: 'date', 'rescinded?': 'date' } } },
    tableTowns: { fields: { from: 'date', source: 'string' } },
    notInTable: { table: { fields: { 'note?': 'string' } } },
  },
  idaho: {
    from: 'date',
    ...proseFields(),
    published: { table: { fields: { source: 'string', why: 'string' } } },
    disagreement: { fields: { published: { template: ['city', 'other', 'rate', 'why'] }, unpublished: { template: ['city', 'other', 'rate'] } } },
  },
  virginia: { ...proseFields(), groups: { table: { fields: { 'regions?': { table: 'rate' }, 'countyRate?': 'rate' } } } },
  'north-carolina': {
    table: 'string',
    ...proseFields('table'),
    districts: { list: { fields: { row: 'string', name: 'string', counties: 'string[]' } } },
    later: { table: { fields: { from: 'date', source: 'string', note: 'string' } } },
  },
  louisiana: { from: 'date', ...proseFields('wide', 'outside', 'cities', 'parishes', 'left'), names: STRING_TABLE, leftOut: STRING_TABLE },
  colorado: {
    from: 'date',
    ...proseFields('cities', 'parts', 'unmatched'),
    districts: { list: { fields: { name: 'string', rate: 'rate', source: 'string', 'counties?': 'string[]', 'places?': 'string[]', 'exceptPlaces?': 'string[]', 'unincorporated?': 'string[]', 'placeParts?': 'string[]' } } },
    rtd: 'string',
    split: { table: { fields: { county: 'string', 'own?': 'rate', 'rtd?': { oneOf: ['part', 'folded'] }, 'extra?': 'rate' } } },
    whole: 'string[]',
    aliases: STRING_TABLE,
    overrides: { table: PERIODS },
    cityNotes: STRING_TABLE,
    countyNotes: { table: { template: ['rate'] } },
  },
  california: {
    rateTable: 'string',
    tableFrom: 'date',
    baseRate: 'rate',
    publication: 'string',
    ...proseFields('publication'),
    aliases: STRING_TABLE,
    changes: { list: { fields: { 'county?': 'string', 'city?': 'string', rate: 'rate', from: 'date', 'until?': 'date', source: 'string', note: 'string' } } },
  },
  texas: {
    ...OST_TABLE,
    list: { fields: { from: 'date', source: 'string' } },
    sources: { table: { template: ['taxlocus', 'asOf', 'listFrom'] } },
    coverage: { template: ['taxlocus', 'asOf', 'listFrom', 'counties', 'cities'] },
    notes: { list: { template: ['taxlocus', 'asOf', 'listFrom'] } },
    localCap: 'rate',
    aliases: STRING_TABLE,
    disagreement: { fields: { withCounty: { template: ['ost', 'listed', 'county'] }, withoutCounty: { template: ['ost', 'listed'] } } },
  },
  'puerto-rico': { from: 'date', ...proseFields(), rate: 'rate', municipios: 'number', poBoxes: { fields: { name: 'string', note: 'string' } } },
  tennessee: {
    from: 'date',
    ...proseFields('unknown'),
    singleArticleCap: CAP,
    noPlace: STRING_TABLE,
    own: { table: { fields: { rate: 'rate', note: 'string' } } },
    situs: { table: { fields: { city: 'string', 'note?': 'string' } } },
    transitSurcharge: { fields: { name: 'string', county: 'string', codePrefix: 'string', rows: 'number', rate: 'rate', source: 'string', note: 'string' } },
    cityNotes: { table: { template: ['situs:'] } },
    countyNotes: STRING_TABLE,
  },
};

/** Checks `value` against `shape`; stops with the file and the field where it does not fit. */
function checkShape(value: unknown, shape: Shape, file: string, path: string): void {
  const fail = (what: string): never => {
    throw new Error(`${file}: ${path === '' ? 'the recipe' : path}: ${what}`);
  };
  const at = (key: string): string => (path === '' ? key : `${path}.${key}`);
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (shape === 'string[]') {
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) fail('not a list of strings');
  } else if (shape === 'rate') {
    if (typeof value !== 'string' || !/^(0|[1-9]\d*)(\.\d*[1-9])?$/.test(value)) fail(`${JSON.stringify(value)} is not a rate (a percent such as "2.25")`);
  } else if (shape === 'date') {
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(dayNumber(value))) fail(`${JSON.stringify(value)} is not a date (YYYY-MM-DD)`);
  } else if (typeof shape === 'string') {
    if (typeof value !== shape) fail(`not a ${shape}`);
  } else if ('template' in shape) {
    if (typeof value !== 'string') fail('not a string');
    for (const [m, name] of (value as string).matchAll(/\{([^{}]*)\}/g)) if (!shape.template.some((t) => (t.endsWith(':') ? (name as string).startsWith(t) : t === name))) fail(`unknown placeholder ${m} (known: ${shape.template.map((t) => `{${t}}`).join(', ')})`);
  } else if ('oneOf' in shape) {
    if (typeof value !== 'string' || !shape.oneOf.includes(value)) fail(`${JSON.stringify(value)} is not one of ${shape.oneOf.join(', ')}`);
  } else if ('list' in shape) {
    if (!Array.isArray(value)) fail('not a list');
    (value as unknown[]).forEach((v, i) => checkShape(v, shape.list, file, at(String(i))));
  } else if ('table' in shape) {
    if (!isObject(value)) fail('not an object');
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) checkShape(v, shape.table, file, at(k));
  } else {
    if (!isObject(value)) fail('not an object');
    const o = value as Record<string, unknown>;
    const known = new Map(Object.entries(shape.fields).map(([k, s]) => [k.replace(/\?$/, ''), { shape: s, optional: k.endsWith('?') }]));
    for (const k of Object.keys(o)) if (k !== '$comment' && !known.has(k)) fail(`unknown field ${k}`);
    if (o.$comment !== undefined && typeof o.$comment !== 'string') fail('$comment is not a string');
    for (const [k, f] of known) {
      if (o[k] === undefined) {
        if (!f.optional) fail(`no field ${k}`);
      } else checkShape(o[k], f.shape, file, at(k));
    }
  }
}

/** The recipe of scripts/us-local/recipes/<ST>.json, its shape checked. */
function readRecipe(file: string, state: string): Recipe {
  const value = JSON.parse(readFileSync(file, 'utf8')) as { kind?: unknown; state?: unknown };
  const kinds = Object.keys(RECIPE_FIELDS);
  if (typeof value.kind !== 'string' || !kinds.includes(value.kind)) throw new Error(`${file}: kind: ${JSON.stringify(value.kind)} is not one of ${kinds.join(', ')}`);
  checkShape(value, { fields: { kind: 'string', state: 'string', ...RECIPE_FIELDS[value.kind as Recipe['kind']] } }, file, '');
  if (value.state !== state) throw new Error(`${file}: state: ${String(value.state)} is not ${state}`);
  return value as Recipe;
}

/** A template's placeholders filled ("{cities}" → 42). */
function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{([^{}]*)\}/g, (m, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`no value for ${m} in "${template.slice(0, 80)}…"`);
    return String(v);
  });
}

/** The sources and the wording of a state's own recipe, its templates filled. */
function proseOf(r: ProseRecipe, from: string, values: Readonly<Record<string, string | number>>): Pick<StateRates, 'sources' | 'from' | 'source' | 'sourcing' | 'sourcingNote' | 'complete' | 'coverage' | 'notes'> {
  const all = { taxlocus: TAXLOCUS_CREDIT, asOf: TAXLOCUS_AS_OF, from, ...values };
  if (!(r.source in r.sources)) throw new Error(`${r.state}: source ${r.source} is not in sources`);
  return {
    sources: Object.fromEntries(Object.entries(r.sources).map(([k, v]) => [k, fill(v, all)])),
    from,
    source: r.source,
    sourcing: r.sourcing,
    ...(r.sourcingNote ? { sourcingNote: fill(r.sourcingNote, all) } : {}),
    complete: r.complete,
    coverage: fill(r.coverage, all),
    notes: r.notes.map((n) => fill(n, all)),
  };
}

/** A single-article limit in the rule file's order, checked on the run's day unless it names its own. */
function capOf(c: CapData): NonNullable<StateRates['singleArticleCap']> {
  return { amount: c.amount, currency: c.currency, ...(c.apportion !== undefined ? { apportion: c.apportion } : {}), ...(c.supplies ? { supplies: c.supplies } : {}), source: c.source, checked: c.checked ?? CHECKED, note: c.note };
}

/** A state of open-sales-tax's table, checked and completed as its recipe says. */
function ostRecipe(r: OstRecipe): StateRates {
  let st = fromOst(r.state, r);
  if (r.countyCheck !== undefined) st = withCountyCheck(st, r.countyCheck, r.countyChoices);
  const listed = r.listedCities;
  if (listed) st = withListedCities(st, { ...listed, state: r.state, coverage: (cities, added) => fill(listed.coverage, { cities, added }) });
  Object.assign(st.sources, r.sources);
  if (r.singleArticleCap) st.singleArticleCap = capOf(r.singleArticleCap);
  return st;
}

/** A state's rates, as the builder its recipe's kind names reads them. */
function buildRecipe(r: Recipe): StateRates {
  switch (r.kind) {
    case 'ost':
      return ostRecipe(r);
    case 'taxlocus':
      return fromTaxLocus(r.state, r);
    case 'sst-counties':
      return sstCounties(r);
    case 'sst':
      return fromSst(r.state, r);
    case 'counties':
      return fromCountyPeriods(r);
    case 'tennessee':
      return tennessee(r);
    case 'washington':
      return washington(r);
    case 'new-mexico':
      return newMexico(r);
    case 'vermont':
      return vermont(r);
    case 'idaho':
      return idaho(r);
    case 'virginia':
      return virginia(r);
    case 'north-carolina':
      return northCarolina(r);
    case 'louisiana':
      return louisiana(r);
    case 'colorado':
      return colorado(r);
    case 'california':
      return california(r);
    case 'texas':
      return texas(r);
    case 'puerto-rico':
      return puertoRico(r);
  }
}

// ---------------------------------------------------------------- the run

/** Every state's recipe, scripts/us-local/recipes/<ST>.json, checked before any is built. */
const RECIPES_DIR = 'scripts/us-local/recipes';
const recipes = new Map(
  readdirSync(RECIPES_DIR)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((name) => [name.replace(/\.json$/, ''), readRecipe(join(RECIPES_DIR, name), name.replace(/\.json$/, ''))] as const),
);

const wanted = (arg('--states') ?? [...recipes.keys()].join(',')).split(',');
mkdirSync('rules/us/local', { recursive: true });
const poBoxSource = loadPoBoxSource(srcDir);
for (const state of wanted) {
  const recipe = recipes.get(state);
  if (!recipe) {
    console.error(`no recipe for ${state} (scripts/us-local/recipes/${state}.json)`);
    process.exit(2);
  }
  const st = buildRecipe(recipe);
  const built = st.finish ? st.finish(buildFile(st)) : buildFile(st);
  // The state's dated history, as data (scripts/us-local/history/<ST>.json).
  const history = loadHistory(state);
  const file = history ? applyHistory(built, history) : built;
  // PO-box and unique ZIP codes, which have no Census area (scripts/us-pobox.ts).
  addPoBoxZips(file, poBoxSource);
  writeFileSync(`rules/us/local/${state}.json`, formatRuleFile(file));
  const zips = new Set(file.zips.map((z) => z[0]));
  console.log(`${state}: ${file.jurisdictions.length} jurisdictions, ${zips.size} ZIP codes, ${file.zips.length} rows`);
}
