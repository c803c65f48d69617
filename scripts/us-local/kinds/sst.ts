import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dateOfDay, dayNumber } from '../../../src/core/dates.js';
import { UsLocalFile } from '../../../src/core/rule-data.js';
import { COUNTY_NAMES, HISTORY_CHECKED, STATE_FIPS, countyIn, placeIn, places, srcDir } from '../inputs.js';
import { RecipeFile } from '../recipe.js';
import { District, Rate, StateRates, placedDistrict, sstPercent } from '../state-rates.js';

export const isoDate = (yyyymmdd: string): string => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
/** The day after a YYYYMMDD date, as YYYY-MM-DD. */
export const dayAfter = (yyyymmdd: string): string => dateOfDay(dayNumber(isoDate(yyyymmdd)) + 1);

/**
 * The dated rate periods of one SST jurisdiction code from `start` on. A row's rate runs from
 * its begin date to its end date; a day no row covers after a row ended has no tax; where two
 * rows overlap the one that began later wins. Before its first row a jurisdiction levies none.
 */
export function sstPeriods(rows: { begin: string; end: string; rate: string }[], start: string): { from: string; rate: string }[] {
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
export function sstRates(file: string): Map<string, { begin: string; end: string; rate: string }[]> {
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
export interface SstOptions {
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
export function fromSst(state: string, o: SstOptions): StateRates {
  const fips = STATE_FIPS.get(state) as number;
  const prefix = String(fips).padStart(2, '0');
  const rates = sstRates(o.file);
  const counties = new Map<string, Rate>();
  for (const [geoid] of COUNTY_NAMES) if (geoid.startsWith(prefix)) counties.set(geoid, [{ from: o.start, rate: '0' }]);
  const cities = new Map<string, Rate>();
  const cityCounties = new Map<string, Set<string>>();
  const districts: District[] = [];
  const unplaced: string[] = [];
  const county = (name: string): string => countyIn(state, name);
  const place = (name: string): string => placeIn(state, name);
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
      districts.push(placedDistrict(state, d.name, periods, d));
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

/** kind "sst": a state's Streamlined Sales Tax rate file with its history (fromSst). */
export interface SstRecipe extends RecipeFile, SstOptions {
  kind: 'sst';
}
