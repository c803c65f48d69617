import { COUNTY_NAMES, TAXLOCUS, cousubNames, loadTowns, townName } from '../inputs.js';
import { ProseRecipe, proseOf } from '../recipe.js';
import { Rate, StateRates, sstPercent } from '../state-rates.js';

/**
 * Vermont: the 1 % local option sales tax of its towns and cities (county subdivisions), with
 * the effective dates the Department of Taxes lists, and the towns TaxLocus's table adds.
 */
export function vermont(recipe: VtRecipe): StateRates {
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

/** kind "vermont": the towns' local option tax, from the Department of Taxes' list and TaxLocus's table (vermont()). */
export interface VtRecipe extends ProseRecipe {
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
