import { Place, TAXLOCUS, countyNamed, nameKey, places } from '../inputs.js';
import { ProseRecipe, proseOf } from '../recipe.js';
import { StateRates, floorSplit, units4 } from '../state-rates.js';

/**
 * A local rate of TaxLocus's New Mexico table (a fraction rounded to 0.001 %) as the
 * Taxation and Revenue Department writes it: New Mexico's local increments are multiples of
 * 1/48 % (0.0625 %, 0.0833 %, 0.0208 %), and the Department prints rates to four decimals,
 * so a value within 0.0005 % of such a multiple is that multiple to four decimals
 * (0.03313 → 3.3125, 0.02521 → 2.5208); any other is kept (Doña Ana County's 3.515).
 */
export function nmRate(fraction: string): number {
  const pct = Number(fraction) * 100;
  const k = Math.round(pct * 48);
  return Math.abs(k / 48 - pct) <= 0.0005 + 1e-9 ? units4(k / 48) : units4(pct);
}

/** New Mexico: gross receipts tax location codes (TaxLocus), a municipality's rate and each county's remainder. */
export function newMexico(recipe: NmRecipe): StateRates {
  const rows = TAXLOCUS.filter((r) => r.state === 'NM');
  // The Department's county numbers, from the "Remainder Of County" rows (02-002 Bernalillo).
  const countyOfCode = new Map<string, string>();
  const uninc = new Map<string, number>();
  for (const r of rows.filter((x) => (x.name as string).startsWith('Remainder Of County - '))) {
    const bare = (r.name as string).replace('Remainder Of County - ', '');
    const name = recipe.countyAliases[bare] ?? bare;
    const geoid = countyNamed(35, `${name} County`);
    if (!geoid) throw new Error(`NM: no county ${name}`);
    countyOfCode.set((r.fips_code as string).slice(0, 2), geoid);
    uninc.set(geoid, nmRate(r.rate as string));
  }
  // A county with no municipality (Los Alamos): its one location is the county's (the recipe's `countyLocations`).
  for (const [code, county] of Object.entries(recipe.countyLocations)) {
    const row = rows.find((r) => r.fips_code === code);
    if (!row) continue;
    const geoid = countyNamed(35, county);
    if (!geoid) throw new Error(`NM: no county ${county}`);
    countyOfCode.set(code.slice(0, 2), geoid);
    uninc.set(geoid, nmRate(row.rate as string));
  }
  const skip = (name: string): boolean => recipe.skipNames.some((n) => name.toLowerCase().includes(n.toLowerCase()));
  const deaccent = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const skipped: string[] = [];
  const parts: { place: string; county: string; units: number }[] = [];
  for (const r of rows) {
    const name = (r.name as string).replace(/\*$/, '');
    const code = r.fips_code as string;
    if (name.startsWith('Remainder Of County') || code in recipe.countyLocations) continue;
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

/** kind "new-mexico": the gross receipts tax location codes, as TaxLocus gives them (newMexico()). */
export interface NmRecipe extends ProseRecipe {
  kind: 'new-mexico';
  from: string;
  /** Rows whose name holds one of these (any case) are areas the Census does not have: left out. */
  skipNames: string[];
  /** A row's name → the municipality's, where the table writes it otherwise. */
  aliases: Record<string, string>;
  /** A county's name in the "Remainder Of County" rows → the Census's, where the table writes it otherwise. */
  countyAliases: Record<string, string>;
  /** The location code of a county with no municipality → the county: its one location. */
  countyLocations: Record<string, string>;
}
