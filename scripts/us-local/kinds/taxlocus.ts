import { UsLocalFile } from '../../../src/core/rule-data.js';
import { COUNTY_NAMES, STATE_FIPS, TAXLOCUS, TAXLOCUS_AS_OF, countyNamed, nameKey, places } from '../inputs.js';
import { RecipeFile } from '../recipe.js';
import { District, Rate, StateRates, sstPercent } from '../state-rates.js';

/** What fromTaxLocus reads beside TaxLocus's table (a recipe of kind "taxlocus"). */
export interface TaxLocusOptions {
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
export function fromTaxLocus(state: string, o: TaxLocusOptions): StateRates {
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
export function taxLocusTables(state: string, o: Pick<TaxLocusOptions, 'cities' | 'noCountyTax' | 'districts'>): Pick<StateRates, 'counties' | 'cities' | 'districts'> {
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
 * A Streamlined Sales Tax state's county and city taxes from TaxLocus's table (rows carry
 * Census codes); `publisher` is the state's agency.
 */
export function sstCounties(r: SstCountiesRecipe): StateRates {
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

/** kind "taxlocus": county-wide taxes and the districts named, from TaxLocus's table (fromTaxLocus). */
export interface TaxLocusRecipe extends RecipeFile, TaxLocusOptions {
  kind: 'taxlocus';
}

/** kind "sst-counties": a Streamlined Sales Tax state's county and city rows of TaxLocus's table (sstCounties); `publisher` the state's agency. */
export interface SstCountiesRecipe extends RecipeFile {
  kind: 'sst-counties';
  publisher: string;
  sourcing: UsLocalFile['sourcing'];
  sourcingNote?: string;
  noCountyTax?: boolean;
  coverage: string;
  notes?: string[];
}
