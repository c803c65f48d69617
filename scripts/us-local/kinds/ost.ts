import { UsLocalFile } from '../../../src/core/rule-data.js';
import { COUNTY_NAMES, OST, OST_SOURCE, STATE_FIPS, TAXLOCUS, TAXLOCUS_AS_OF, TAXLOCUS_CREDIT, countyNamed, placeCountyOf, placeNamed, weeklyTable } from '../inputs.js';
import { CapData, RecipeFile, capOf, fill } from '../recipe.js';
import { Rate, StateRates, plainRate, sstPercent } from '../state-rates.js';

/** What fromOst reads beside open-sales-tax's table: the publisher, its date and the file's wording. */
export interface OstOptions {
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
export function fromOst(state: string, o: OstOptions): StateRates {
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

/**
 * The county rates (percent) of TaxLocus's copy of a state's list, by county GEOID (the
 * row's code where it has one, else its name), and the rows that name no Census county.
 */
export function listedCounties(state: string): { rates: Map<string, string>; unmatched: string[] } {
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
export interface ListedCitiesOptions {
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
  /** A row's name in the list → the Census place it is (a row the list renamed). */
  aliases?: Record<string, string>;
  /** A city row of the list's earlier copies that its last copy drops (name → the row's rate), read as if it were there: a row dropped on a day the state's rates cannot change on. */
  dropped?: Record<string, string>;
}

/**
 * A disagreement between open-sales-tax's table and TaxLocus's copy of the state's list settled
 * for the list, with the source that settles it: from the table's first day (the table's rate
 * was wrong), or from `from` on (a change after the table's day), the table's rate before it.
 * A choice for a jurisdiction where the two agree, or that neither gives, stops the import.
 */
export interface ListChoice {
  from?: string;
  source: string;
  /** The day the choice was checked against its source. */
  checked: string;
  note: string;
}

/** The periods of a jurisdiction whose list rate a choice takes (the table's rate `kept` recorded from `start`). */
export function chosenPeriods(kept: Rate, start: string, listed: string, c: ListChoice): Rate {
  const table = typeof kept === 'string' ? [{ from: start, rate: kept }] : kept;
  const chosen = { rate: listed, source: c.source, checked: c.checked };
  return c.from === undefined ? [{ from: (table[0] as { from: string }).from, ...chosen }] : [...table, { from: c.from, ...chosen }];
}

/** Stops on a choice no disagreement used. */
export function allChosen(state: string, what: string, choices: Record<string, ListChoice> | undefined, used: Set<string>): void {
  const unused = Object.keys(choices ?? {}).filter((k) => !used.has(k));
  // An earlier weekly table (scripts/us-local/weekly.ts) need not show the disagreement the choice settles.
  if (unused.length > 0 && !weeklyTable) throw new Error(`${state}: ${what} choices for jurisdictions where the table and the list do not disagree: ${unused.join(', ')}`);
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
export function withListedCities(base: StateRates, o: ListedCitiesOptions): StateRates {
  const key = `${o.state.toLowerCase()}-taxlocus`;
  base.sources[key] = `${o.publisher}, ${TAXLOCUS_CREDIT}`;
  const rows = TAXLOCUS.filter((r) => r.state === o.state);
  const dropped = new Set<string>();
  for (const [name, rate] of Object.entries(o.dropped ?? {})) {
    if (rows.some((r) => r.jurisdiction_type === 'city' && r.name === name)) continue;
    rows.push({ state: o.state, jurisdiction_type: 'city', name, fips_code: '', rate });
    dropped.add(name);
  }
  const countyRate = new Map([...listedCounties(o.state).rates].map(([geoid, rate]) => [geoid, Number(rate)]));
  const notes = base.jurisdictionNotes ?? new Map<string, string>();
  const unmatched: string[] = [];
  const used = new Set<string>();
  let added = 0;
  let disagree = 0;
  for (const r of rows.filter((x) => x.jurisdiction_type === 'city')) {
    const place = placeNamed(o.state, o.aliases?.[r.name as string] ?? (r.name as string));
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
    if (dropped.has(r.name as string)) notes.set(place.geoid, `The list's row of ${r.name} (${Number(sstPercent(r.rate as string))} %) is in TaxLocus's earlier copies and not in that of ${TAXLOCUS_AS_OF}, which dropped it on a day the state's local rates cannot change on: it is read from the earlier copies.`);
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
export function withCountyCheck(base: StateRates, kept: string, choices?: Record<string, ListChoice>): StateRates {
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

/** kind "ost": open-sales-tax's table (fromOst), then the check, the completion and the additions named. */
export interface OstRecipe extends RecipeFile, OstOptions {
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

/** A state of open-sales-tax's table, checked and completed as its recipe says. */
export function ostRecipe(r: OstRecipe): StateRates {
  let st = fromOst(r.state, r);
  if (r.countyCheck !== undefined) st = withCountyCheck(st, r.countyCheck, r.countyChoices);
  const listed = r.listedCities;
  if (listed) st = withListedCities(st, { ...listed, state: r.state, coverage: (cities, added) => fill(listed.coverage, { cities, added }) });
  Object.assign(st.sources, r.sources);
  if (r.singleArticleCap) st.singleArticleCap = capOf(r.singleArticleCap);
  return st;
}
