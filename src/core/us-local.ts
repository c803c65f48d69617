/**
 * US local sales taxes: the counties, cities and special districts of a state with their
 * dated rates, and the rate areas of its ZIP codes (rules/us/local/<ST>.json), compiled
 * for lookups, and the area of an address.
 *
 * A ZIP code lies in one rate area or in several. With several, the city named in the
 * address picks the area whose city it is; otherwise the area with the largest share of
 * the ZIP is taken, and the result says so (`match: 'zip_majority'`) with the others. A ZIP
 * code the data does not hold (PO-box ZIP codes have no Census area) takes the areas of the
 * city named, if the state's data has that city (`match: 'city_name'`).
 */
import type { UsLocalRules } from './rule-data.js';
import type { CompiledJurisdiction, CompiledRate, CompiledTax } from './ruleset.js';
import type { ArticleCap } from './types.js';
import { dayNumber } from './dates.js';
import { decimalUnits } from './money.js';

/** One rate area: the local jurisdictions whose taxes apply there, and its share of the ZIP code. */
export interface CompiledLocalArea {
  /** The local jurisdictions, in line order: county, city, districts. */
  readonly parts: readonly CompiledJurisdiction[];
  readonly county: CompiledJurisdiction | null;
  readonly city: CompiledJurisdiction | null;
  /** The city's name as compared with an address's (see `cityKey`), worked out when compiled; null without a city. */
  readonly cityKey: string | null;
  /** Percent of the ZIP code in this area (see `shareBasis`). */
  readonly share: number;
}

/** A state's compiled local taxes. */
export interface CompiledUsLocal {
  readonly state: string;
  /** Whose local taxes an in-state seller charges. */
  readonly sourcing: 'origin' | 'destination';
  readonly sourcingNote: string | null;
  /** Every local sales tax of the state is modelled. */
  readonly complete: boolean;
  readonly coverage: string;
  readonly shareBasis: 'addresses' | 'population' | 'land_area' | 'none';
  /** The local taxes' limit per single article, or null. */
  readonly articleCap: ArticleCap | null;
  /** ZIP5 → its areas, the largest share first. */
  readonly zips: ReadonlyMap<string, readonly CompiledLocalArea[]>;
  readonly jurisdictions: readonly CompiledJurisdiction[];
}

/** How the area of an address was found. */
export type LocalMatch = 'zip' | 'city' | 'zip_majority' | 'city_name' | 'none';

/** The local rate area of an address, and how it was found. */
export interface LocalPlace {
  readonly file: CompiledUsLocal;
  /** Null when the ZIP code is not in the state's local data (`match: 'none'`). */
  readonly area: CompiledLocalArea | null;
  readonly match: LocalMatch;
  /** The ZIP code's other areas, the largest share first (for `city_name`, the city's other areas). */
  readonly others: readonly CompiledLocalArea[];
  /** The city named in the address when it is none of the ZIP code's areas, nor (ZIP code unknown) a city of the data. */
  readonly unmatchedCity?: string;
}

/** The jurisdiction id of a local code of a state (see us-local.schema.json). */
export function localId(stateFips: number, code: string): number {
  const n = Number(code.slice(1));
  switch (code[0]) {
    case 'c':
      return 840 * 1e5 + stateFips * 1e3 + n;
    case 'p':
      return 840 * 1e7 + stateFips * 1e5 + n;
    default:
      return 840 * 1e8 + stateFips * 1e6 + n;
  }
}

/**
 * Compiles a state's local file. `state` is the state's compiled jurisdiction (its main tax
 * names the local lines and collects them: a state registration covers its local taxes);
 * `put` receives every local jurisdiction made.
 */
export function compileUsLocal(file: UsLocalRules, state: CompiledJurisdiction, put: (j: CompiledJurisdiction) => void): CompiledUsLocal {
  const stateTax = state.taxes.find((t) => t.role === 'main');
  const byCode = new Map<string, CompiledJurisdiction>();
  const jurisdictions: CompiledJurisdiction[] = [];
  // Thousands of jurisdictions share a few dates and rates: each is worked out once.
  const days = new Map<string, number>();
  const units = new Map<string, number>();
  const dayOf = (d: string): number => days.get(d) ?? (days.set(d, dayNumber(d)).get(d) as number);
  const unitsOf = (r: string): number => units.get(r) ?? (units.set(r, decimalUnits(r, 4)).get(r) as number);
  for (const j of file.jurisdictions) {
    const standard: CompiledRate[] = j.rates.map((p) => ({ from: dayOf(p.from), rate: p.rate, units: unitsOf(p.rate), source: file.sources[p.source] as string }));
    const tax: CompiledTax = {
      id: 'local_sales_tax',
      name: stateTax?.name ?? 'Sales tax',
      localName: null,
      role: 'main',
      replaces: null,
      registration: stateTax?.registration ?? state.id,
      since: Number.NEGATIVE_INFINITY,
      classes: { standard },
      taxability: {},
    };
    const cj: CompiledJurisdiction = {
      id: j.id,
      name: j.name,
      country: state.country,
      region: state.region,
      level: j.level,
      taxes: [tax],
      sourcing: file.sourcing,
      parent: state,
      home: state.home,
    };
    byCode.set(j.code, cj);
    jurisdictions.push(cj);
    put(cj);
  }
  // Areas are interned: ZIP codes of one area share its object.
  const areas = new Map<string, Omit<CompiledLocalArea, 'share'>>();
  const areaOf = (codes: string): Omit<CompiledLocalArea, 'share'> => {
    let a = areas.get(codes);
    if (a === undefined) {
      const parts = codes === '' ? [] : codes.split(' ').map((c) => byCode.get(c) as CompiledJurisdiction);
      const city = parts.find((p) => p.level === 'city') ?? null;
      a = { parts, county: parts.find((p) => p.level === 'county') ?? null, city, cityKey: city === null ? null : cityKey(city.name) };
      areas.set(codes, a);
    }
    return a;
  };
  // An area with its share is interned too (ZIP codes repeat a few of them), and so is the
  // list of a ZIP code in one area.
  const shared = new Map<string, CompiledLocalArea>();
  const alone = new Map<CompiledLocalArea, readonly CompiledLocalArea[]>();
  const zips = new Map<string, readonly CompiledLocalArea[]>();
  for (const [zip, codes, share] of file.zips) {
    const key = `${codes}|${share}`;
    let a = shared.get(key);
    if (a === undefined) shared.set(key, (a = Object.freeze({ ...areaOf(codes), share })));
    const list = zips.get(zip);
    if (list !== undefined) zips.set(zip, Object.freeze([...list, a]));
    else {
      let one = alone.get(a);
      if (one === undefined) alone.set(a, (one = Object.freeze([a])));
      zips.set(zip, one);
    }
  }
  return {
    state: file.state,
    sourcing: file.sourcing,
    sourcingNote: file.sourcing_note ?? null,
    complete: file.complete,
    coverage: file.coverage,
    shareBasis: file.share_basis,
    articleCap: articleCapOf(file, state),
    zips,
    jurisdictions,
  };
}

/** The limit per single article of a local file, as decisions carry it. */
function articleCapOf(file: UsLocalRules, state: CompiledJurisdiction): ArticleCap | null {
  const c = file.single_article_cap;
  if (!c) return null;
  return Object.freeze({ amount: c.amount, currency: c.currency, supplies: c.supplies ? Object.freeze([...c.supplies]) : null, state: state.name, note: c.note });
}

/**
 * A city name as compared: lowercase letters and digits, single spaces, without "City of"
 * or a trailing " city" / " town", "saint" for "st.", "fort" for "ft.", "mount" for "mt.".
 */
export function cityKey(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^(city|town|village|borough) of /, '')
    .replace(/ (city|town|village|borough|municipality)$/, '')
    .replace(/^st /, 'saint ')
    .replace(/^ft /, 'fort ')
    .replace(/^mt /, 'mount ');
}

/** Each city's distinct areas, by `cityKey`, built the first time a ZIP code the data lacks comes with a city. */
const cityAreaIndex = new WeakMap<CompiledUsLocal, ReadonlyMap<string, readonly CompiledLocalArea[]>>();

/**
 * The areas of the city a key names: one per distinct set of parts (a city across a county
 * line, or with a district in part of it), the one in most of the city's ZIP codes first;
 * `share` is the percent of the city's ZIP codes in it.
 */
export function cityAreas(file: CompiledUsLocal, key: string): readonly CompiledLocalArea[] {
  let index = cityAreaIndex.get(file);
  if (index === undefined) {
    const counts = new Map<string, Map<string, { area: CompiledLocalArea; zips: number }>>();
    for (const list of file.zips.values()) {
      for (const area of list) {
        if (area.cityKey === null) continue;
        let byParts = counts.get(area.cityKey);
        if (byParts === undefined) counts.set(area.cityKey, (byParts = new Map()));
        const signature = area.parts.map((p) => p.id).join(',');
        const seen = byParts.get(signature);
        if (seen) seen.zips++;
        else byParts.set(signature, { area, zips: 1 });
      }
    }
    const built = new Map<string, readonly CompiledLocalArea[]>();
    for (const [cityKey, byParts] of counts) {
      const entries = [...byParts.values()].sort((x, y) => y.zips - x.zips);
      const total = entries.reduce((sum, e) => sum + e.zips, 0);
      built.set(cityKey, entries.map((e) => ({ ...e.area, share: Math.round((1000 * e.zips) / total) / 10 })));
    }
    cityAreaIndex.set(file, (index = built));
  }
  return index.get(key) ?? [];
}

/**
 * The rate area of an address in a state with local taxes: by its ZIP code (the first five
 * digits of `postal`), then by `city` where the ZIP code has several areas.
 */
export function localPlace(file: CompiledUsLocal, postal: string, city: string | null): LocalPlace {
  const list = file.zips.get(postal.slice(0, 5));
  const key = city === null ? '' : cityKey(city);
  if (list === undefined || list.length === 0) {
    if (key === '') return { file, area: null, match: 'none', others: [] };
    const areas = cityAreas(file, key);
    if (areas.length === 0) return { file, area: null, match: 'none', others: [], unmatchedCity: (city as string).trim() };
    return { file, area: areas[0] as CompiledLocalArea, match: 'city_name', others: areas.slice(1) };
  }
  const first = list[0] as CompiledLocalArea;
  if (list.length === 1) return { file, area: first, match: 'zip', others: [] };
  if (key !== '') {
    const hits = list.filter((a) => a.cityKey === key);
    if (hits.length === 1) {
      const hit = hits[0] as CompiledLocalArea;
      return { file, area: hit, match: 'city', others: list.filter((a) => a !== hit) };
    }
    if (hits.length === 0) return { file, area: first, match: 'zip_majority', others: list.slice(1), unmatchedCity: (city as string).trim() };
  }
  return { file, area: first, match: 'zip_majority', others: list.slice(1) };
}
