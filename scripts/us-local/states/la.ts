import { COUNTY_NAMES, Place, TAXLOCUS, nameKey, placeCounties, places } from '../inputs.js';
import { ProseRecipe, proseOf } from '../recipe.js';
import { Area, District, Rate, StateRates, pct4, units4 } from '../state-rates.js';

/**
 * Louisiana: TaxLocus's table gives every local tax at a location (parish, school board,
 * municipality and districts together; the state's 5 % apart) under the jurisdiction codes of
 * Louisiana's local tax tables: the parish's place in alphabetical order (01 Acadia … 64 Winn,
 * Census county code 2n − 1) and a location (00 the parish, or the part its name gives).
 */
export function louisiana(recipe: LaRecipe): StateRates {
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

/** kind "louisiana": every local tax at a location, by Louisiana's jurisdiction codes, as TaxLocus gives them (louisiana()). */
export interface LaRecipe extends ProseRecipe {
  kind: 'louisiana';
  from: string;
  /** A row's name → the municipality's as the Census writes it. */
  names: Record<string, string>;
  /** Rows of areas the Census does not have → why they are left out. */
  leftOut: Record<string, string>;
}
