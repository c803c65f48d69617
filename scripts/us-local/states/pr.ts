import { LocalJurisdiction, UsLocalFile } from '../../../src/core/rule-data.js';
import { CHECKED, COUNTY_NAMES, zipRanges } from '../inputs.js';
import { ProseRecipe, proseOf } from '../recipe.js';
import { Rate, StateRates } from '../state-rates.js';

/**
 * Puerto Rico: every municipality levies the municipal IVU at the same rate (mandatory and
 * uniform since 2014-02-01), so each municipio is a local jurisdiction at the recipe's rate.
 */
export function puertoRico(recipe: PrRecipe): StateRates {
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

/** kind "puerto-rico": the municipal IVU, one rate in every municipio (puertoRico()). */
export interface PrRecipe extends ProseRecipe {
  kind: 'puerto-rico';
  from: string;
  rate: string;
  /** How many municipios the Census lists (checked). */
  municipios: number;
  /** The district of a PO-box ZIP code, which has no Census area. */
  poBoxes: { name: string; note: string };
}
