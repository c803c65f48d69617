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
import type { CompiledJurisdiction, CompiledLocalArea, CompiledRate, CompiledTax, CompiledUsLocal } from './compiled.js';
import type { ArticleCap } from './types.js';

export type { CompiledLocalArea, CompiledUsLocal };
import { dayNumber } from './dates.js';
import { decimalUnits } from './money.js';
import { compileTaxability } from './compile-treatments.js';

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

/**
 * The jurisdiction id of a local code of a state (see us-local.schema.json), from the state's
 * jurisdiction id: the country's number N and the state's number S (its id is N × 1000 + S,
 * S < 100; a US state's S is its FIPS code): a county cN is (N × 100 + S) × 1000 + N', a place
 * pN N × 10⁷ + S × 10⁵ + N', a district dN N × 10⁸ + S × 10⁶ + N'.
 */
export function localId(stateId: number, code: string): number {
  const country = Math.floor(stateId / 1000);
  const state = stateId % 1000;
  const n = Number(code.slice(1));
  switch (code[0]) {
    case 'c':
      return country * 1e5 + state * 1e3 + n;
    case 'p':
      return country * 1e7 + state * 1e5 + n;
    default:
      return country * 1e8 + state * 1e6 + n;
  }
}

/** The key of a state's local file in a rule set: a US state's code (TX), else the country's and the state's (XD-NO). */
export function localKey(country: string | undefined, state: string): string {
  return country === undefined || country === 'US' ? state : `${country}-${state}`;
}

/**
 * A local file as it is compiled from: its fields and jurisdictions, and its ZIP rows as
 * typed arrays over the file's distinct areas: the rule pack reads its packed text into these
 * directly (`readUsLocal`), without the rows as objects.
 */
export interface UsLocalRows {
  readonly file: Omit<UsLocalRules, 'zips'>;
  /** The distinct areas (space-separated codes). */
  readonly areas: readonly string[];
  /** Per row, sorted by ZIP code: the ZIP code as a number, its area's index, its share. */
  readonly zip: Int32Array;
  readonly area: Uint32Array;
  readonly share: Uint8Array;
}

/**
 * A state's ZIP codes and their areas, read from the rows: a lookup is a binary search of
 * the sorted ZIP numbers, and a ZIP code's list of areas is made the first time it is asked
 * for (a state's first quote then compiles its jurisdictions, not its thousands of ZIP codes).
 */
class ZipAreas implements ReadonlyMap<string, readonly CompiledLocalArea[]> {
  readonly size: number;
  /** The distinct ZIP codes, sorted, and the first row of each (and the row count after the last). */
  private readonly codes: Int32Array;
  private readonly starts: Int32Array;
  private readonly lists: (readonly CompiledLocalArea[] | undefined)[];

  constructor(
    private readonly rows: UsLocalRows,
    private readonly areaAt: (area: number, share: number) => CompiledLocalArea,
  ) {
    const n = rows.zip.length;
    const codes: number[] = [];
    const starts: number[] = [];
    for (let r = 0; r < n; r++) {
      if (r === 0 || rows.zip[r] !== rows.zip[r - 1]) {
        codes.push(rows.zip[r] as number);
        starts.push(r);
      }
    }
    starts.push(n);
    this.codes = Int32Array.from(codes);
    this.starts = Int32Array.from(starts);
    this.size = codes.length;
    // Filled, not holes: a hole would read a polluted Object.prototype's numeric field.
    this.lists = new Array<readonly CompiledLocalArea[] | undefined>(codes.length).fill(undefined);
  }

  private at(i: number): readonly CompiledLocalArea[] {
    let list = this.lists[i];
    if (list === undefined) {
      const out: CompiledLocalArea[] = [];
      for (let r = this.starts[i] as number; r < (this.starts[i + 1] as number); r++) out.push(this.areaAt(this.rows.area[r] as number, this.rows.share[r] as number));
      this.lists[i] = list = Object.freeze(out);
    }
    return list;
  }

  private indexOf(key: string): number {
    if (key.length !== 5) return -1;
    let n = 0;
    for (let k = 0; k < 5; k++) {
      const d = key.charCodeAt(k) - 48;
      if (d < 0 || d > 9) return -1;
      n = n * 10 + d;
    }
    let lo = 0;
    let hi = this.codes.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const c = this.codes[mid] as number;
      if (c < n) lo = mid + 1;
      else if (c > n) hi = mid - 1;
      else return mid;
    }
    return -1;
  }

  private text(i: number): string {
    return String(this.codes[i]).padStart(5, '0');
  }

  get(key: string): readonly CompiledLocalArea[] | undefined {
    const i = this.indexOf(key);
    return i < 0 ? undefined : this.at(i);
  }

  has(key: string): boolean {
    return this.indexOf(key) >= 0;
  }

  forEach(callback: (value: readonly CompiledLocalArea[], key: string, map: ReadonlyMap<string, readonly CompiledLocalArea[]>) => void, thisArg?: unknown): void {
    for (let i = 0; i < this.size; i++) callback.call(thisArg, this.at(i), this.text(i), this);
  }

  *entries(): MapIterator<[string, readonly CompiledLocalArea[]]> {
    for (let i = 0; i < this.size; i++) yield [this.text(i), this.at(i)];
  }

  *keys(): MapIterator<string> {
    for (let i = 0; i < this.size; i++) yield this.text(i);
  }

  *values(): MapIterator<readonly CompiledLocalArea[]> {
    for (let i = 0; i < this.size; i++) yield this.at(i);
  }

  [Symbol.iterator](): MapIterator<[string, readonly CompiledLocalArea[]]> {
    return this.entries();
  }
}

/**
 * Compiles a state's local file (as its rows, see `UsLocalRows`). `state` is the state's
 * compiled jurisdiction (its main tax names the local lines and collects them: a state
 * registration covers its local taxes); `put` receives every local jurisdiction made.
 */
export function compileUsLocal(rows: UsLocalRows, state: CompiledJurisdiction, put: (j: CompiledJurisdiction) => void): CompiledUsLocal {
  const file = rows.file;
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
      // An own field only (a packed file's jurisdictions are plain objects: never read from a polluted prototype).
      taxability: compileTaxability(Object.hasOwn(j, 'taxability') ? j.taxability : undefined),
      delivery: [],
      // Own fields only, like taxability's.
      ...(Object.hasOwn(j, 'until') && j.until !== undefined ? { until: dayOf(j.until), untilNote: Object.hasOwn(j, 'note') ? (j.note ?? '') : '' } : {}),
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
      untaxedNotes: null,
    };
    byCode.set(j.code, cj);
    jurisdictions.push(cj);
    put(cj);
  }
  // Areas are made when a ZIP code first asks for them, and interned: ZIP codes of one area
  // share its object, and one with the same share too.
  const bases: (Omit<CompiledLocalArea, 'share'> | undefined)[] = new Array<Omit<CompiledLocalArea, 'share'> | undefined>(rows.areas.length).fill(undefined);
  const withShare = new Map<number, CompiledLocalArea>();
  const areaAt = (index: number, share: number): CompiledLocalArea => {
    const key = index * 128 + share;
    let a = withShare.get(key);
    if (a === undefined) {
      let base = bases[index];
      if (base === undefined) {
        const codes = rows.areas[index] as string;
        const parts = codes === '' ? [] : codes.split(' ').map((c) => byCode.get(c) as CompiledJurisdiction);
        const city = parts.find((p) => p.level === 'city') ?? null;
        bases[index] = base = { parts, county: parts.find((p) => p.level === 'county') ?? null, city, cityKey: city === null ? null : cityKey(city.name) };
      }
      withShare.set(key, (a = Object.freeze({ parts: base.parts, county: base.county, city: base.city, cityKey: base.cityKey, share })));
    }
    return a;
  };
  return {
    state: file.state,
    sourcing: file.sourcing,
    sourcingNote: file.sourcing_note ?? null,
    complete: file.complete,
    coverage: file.coverage,
    shareBasis: file.share_basis,
    articleCap: articleCapOf(file, state),
    taxability: compileTaxability(Object.hasOwn(file, 'taxability') ? file.taxability : undefined),
    zips: new ZipAreas(rows, areaAt),
    jurisdictions,
  };
}

/** The limit per single article of a local file, as decisions carry it. */
function articleCapOf(file: Omit<UsLocalRules, 'zips'>, state: CompiledJurisdiction): ArticleCap | null {
  const c = file.single_article_cap;
  if (!c) return null;
  return Object.freeze({ amount: c.amount, currency: c.currency, supplies: c.supplies ? Object.freeze([...c.supplies]) : null, state: state.name, note: c.note, apportion: c.apportion === true, lines: Object.freeze([]) });
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
      built.set(cityKey, entries.map((e) => Object.freeze({ ...e.area, share: Math.round((1000 * e.zips) / total) / 10 })));
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
  // The city is compared only where the ZIP code alone does not decide.
  if (list !== undefined && list.length === 1) return { file, area: list[0] as CompiledLocalArea, match: 'zip', others: [] };
  const key = city === null ? '' : cityKey(city);
  if (list === undefined || list.length === 0) {
    if (key === '') return { file, area: null, match: 'none', others: [] };
    const areas = cityAreas(file, key);
    if (areas.length === 0) return { file, area: null, match: 'none', others: [], unmatchedCity: (city as string).trim() };
    return { file, area: areas[0] as CompiledLocalArea, match: 'city_name', others: areas.slice(1) };
  }
  const first = list[0] as CompiledLocalArea;
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
