import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COUNTY_NAMES, srcDir } from '../inputs.js';
import { ProseRecipe, proseOf } from '../recipe.js';
import { StateRates } from '../state-rates.js';

/** Virginia: the regional taxes and the county add-ons (daigou-calc-data's table of the Department of Taxation's rates), its groups read as the recipe says. */
export function virginia(recipe: VaRecipe): StateRates {
  const va = (JSON.parse(readFileSync(join(srcDir, 'daigou-calc-data/state_rules.json'), 'utf8')) as { states: Record<string, { county_groups: Record<string, string[]>; checked: string }> }).states.VA as { county_groups: Record<string, string[]>; checked: string };
  const counties = new Map<string, string>();
  for (const [geoid] of COUNTY_NAMES) if (geoid.startsWith('51')) counties.set(geoid, '0');
  const districts: StateRates['districts'] = [];
  const region = (name: string, rate: string): StateRates['districts'][number] => {
    let d = districts.find((x) => x.name === name);
    if (!d) districts.push((d = { name, rate, counties: new Set(), places: new Set() }));
    if (d.rate !== rate) throw new Error(`VA: ${name} at ${rate} and ${String(d.rate)}`);
    return d;
  };
  for (const [group, members] of Object.entries(va.county_groups)) {
    const geoids = members.map((m) => m.slice(0, 5));
    const rules = Object.entries(recipe.groups).filter(([start]) => group.startsWith(start));
    if (rules.length !== 1) throw new Error(`VA: the group ${group} matches ${rules.length} of the recipe's groups`);
    const rule = (rules[0] as [string, VaRecipe['groups'][string]])[1];
    for (const g of geoids) {
      for (const [name, rate] of Object.entries(rule.regions ?? {})) region(name, rate).counties.add(g);
      if (rule.countyRate !== undefined) counties.set(g, rule.countyRate);
    }
  }
  return {
    state: 'VA',
    ...proseOf(recipe, va.checked, {}),
    counties,
    cities: new Map(),
    districts,
  };
}

/** kind "virginia": the county groups of daigou-calc-data's table as regions or local add-ons (virginia()); {from} is the table's day. */
export interface VaRecipe extends ProseRecipe {
  kind: 'virginia';
  /** The start of a group's name → the regions (districts: name → rate) its counties are in, or the rate each of them levies itself. */
  groups: Record<string, { regions?: Record<string, string>; countyRate?: string }>;
}
