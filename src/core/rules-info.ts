/**
 * The rules' identity: how old the facts of a rule data set are. Every rate, treatment and
 * rule period carries the day its source was last checked (`checked`); the rules' version
 * is the newest such day, and each jurisdiction's age the newest day of its own data (a
 * country's file, a region's jurisdiction with its local taxes, the regime it belongs to
 * aside). A digest of the data tells two data sets of the same day apart.
 */
import type { RuleData } from './rule-data.js';

/** The identity and age of a rule data set (see `rulesInfo`). */
export interface RulesInfo {
  /** The rules' version: the newest day any fact of theirs was checked (YYYY-MM-DD). */
  readonly version: string;
  /**
   * A digest of the rule data (32 bits, hexadecimal): two rule sets answer alike when their
   * digests are equal, and a changed rate changes it.
   */
  readonly digest: string;
  /**
   * Per jurisdiction, the newest day its data was checked: a country (`DE`), a region of
   * a country (`US-CA`, `CA-QC`: the region's own taxes and, for a US state, its local
   * taxes; the country's own taxes aside), a regime (`regime:EU`: its place-of-supply rules,
   * schemes and default treatments). Sorted by key.
   */
  readonly jurisdictions: Readonly<Record<string, string>>;
}

/** An own field of an object, never an inherited one. */
function own<T extends object, K extends keyof T>(o: T, k: K): T[K] | undefined {
  return Object.hasOwn(o, k) ? o[k] : undefined;
}

/** The newest `checked` day of a value and everything it holds. */
function newestChecked(value: unknown, newest = ''): string {
  if (Array.isArray(value)) {
    for (const v of value) newest = newestChecked(v, newest);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      // Object.entries reads own fields only.
      if (k === 'checked' && typeof v === 'string') {
        if (v > newest) newest = v;
      } else if (typeof v === 'object') newest = newestChecked(v, newest);
    }
  }
  return newest;
}

/** The newest checked day of each jurisdiction of rule data, by key (see RulesInfo). */
export function checkedDays(data: RuleData): Record<string, string> {
  const out = new Map<string, string>();
  const put = (key: string, day: string) => {
    if (day !== '' && day > (out.get(key) ?? '')) out.set(key, day);
  };
  const local = new Map((own(data, 'usLocal') ?? []).map((l) => [`${own(l, 'country') ?? 'US'}-${l.state}`, l]));
  for (const c of data.countries) {
    const own = c.jurisdictions.filter((j) => j.region === '');
    put(c.country, newestChecked({ ...c, jurisdictions: own }));
    for (const j of c.jurisdictions) {
      if (j.region === '') continue;
      const key = `${c.country}-${j.region}`;
      put(key, newestChecked(j));
      const l = local.get(key);
      if (l) put(key, newestChecked(l));
    }
  }
  for (const t of data.territories) put(t.country, newestChecked(t));
  for (const r of data.regimes) put(`regime:${r.regime}`, newestChecked(r));
  return Object.fromEntries([...out.keys()].sort().map((k) => [k, out.get(k) as string]));
}

/** The rules' version: the newest of the days. */
export function versionOf(days: Readonly<Record<string, string>>): string {
  let newest = '';
  for (const d of Object.values(days)) if (d > newest) newest = d;
  return newest;
}

/** The texts of rule data in a fixed order, whatever order its lists are in: what its digest is made of. */
export function* canonicalTexts(data: RuleData): Generator<string> {
  yield JSON.stringify([data.world, data.currencies, data.taxCodes, own(data, 'usZipStates') ?? null]);
  const sorted = <T>(list: readonly T[], key: (t: T) => string) => [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  for (const r of sorted(data.regimes, (x) => x.regime)) yield JSON.stringify(r);
  for (const c of sorted(data.countries, (x) => x.country)) yield JSON.stringify(c);
  for (const t of sorted(data.territories, (x) => x.country)) yield JSON.stringify(t);
  for (const l of sorted(own(data, 'usLocal') ?? [], (x) => `${own(x, 'country') ?? 'US'}-${x.state}`)) yield JSON.stringify(l);
}

/** FNV-1a (32 bits) of texts, in order, as 8 hexadecimal digits. */
export function digestOf(texts: Iterable<string>): string {
  let h = 0x811c9dc5;
  for (const t of texts) {
    for (let i = 0; i < t.length; i++) {
      h ^= t.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    // A separator no JSON text holds, so that ["ab", "c"] and ["a", "bc"] differ.
    h ^= 0xffff;
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * The day an answer's data was last checked: the older of the country's and, where the
 * rules know the region apart (a US state, a Canadian province), the region's (a quote in
 * Québec reads the GST of Canada's file and the QST of Québec's); null for a country the
 * rules do not hold.
 */
export function checkedFor(days: Readonly<Record<string, string>>, country: string, region: string | null): string | null {
  const own = Object.hasOwn(days, country) ? (days[country] as string) : null;
  const key = region ? `${country}-${region}` : null;
  const regional = key !== null && Object.hasOwn(days, key) ? (days[key] as string) : null;
  if (own === null || regional === null) return regional ?? own;
  return own < regional ? own : regional;
}
