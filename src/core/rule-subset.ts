/**
 * A part of the rule data that answers on its own: the countries asked for and every member,
 * past or present, of the regimes asked for, with what their answers read — every special
 * territory of those countries or taxed as one of them (a customer typing one must get the
 * territory's answer), the countries those territories are taxed as, every regime the kept
 * countries belong to, and the US local files and ZIP table when the US is kept. The world
 * list, currencies and tax codes stay whole. The `taxrules/eu` entry's pack is the EU's.
 */
import type { RuleData } from './rule-data.js';

/** What `selectRuleData` keeps: countries by code, and the members of regimes by id. */
export interface RuleSelection {
  /** Country codes (ISO 3166-1 alpha-2, as the rules write them: `US`, `GB`). */
  readonly countries?: readonly string[];
  /** Regime ids (`EU`): every country that was ever a member. */
  readonly regimes?: readonly string[];
}

export function selectRuleData(data: RuleData, selection: RuleSelection): RuleData {
  const wanted = new Set(selection.regimes ?? []);
  const members = new Set(data.countries.filter((c) => c.regimes.some((m) => wanted.has(m.regime))).map((c) => c.country));
  for (const c of selection.countries ?? []) members.add(c);
  const ownerOf = new Map<number, string>();
  for (const c of data.countries) for (const j of c.jurisdictions) ownerOf.set(j.id, c.country);
  const held = new Set(data.countries.map((c) => c.country));
  /** The countries a territory file's treatments send a sale to (taxed as, or a jurisdiction's owner). */
  const referenced = (file: RuleData['territories'][number]): string[] =>
    file.territories.flatMap((t) => t.treatment.flatMap((tr) => [tr.country, tr.jurisdiction !== undefined ? ownerOf.get(tr.jurisdiction) : undefined])).filter((c): c is string => c !== undefined && held.has(c));
  // Territory files of a kept country, or sending a sale to one, and the countries those send
  // sales to, until nothing is added: a country added (Switzerland, for Büsingen) brings its
  // own file (Campione d'Italia, outside its tax too). A file that only places territories
  // outside every tax (Åland typed as AX), sending no sale anywhere, is kept whatever the
  // selection: it adds no country.
  const countries = new Set(members);
  let territories: RuleData['territories'] = [];
  for (let size = -1; size !== countries.size; ) {
    size = countries.size;
    territories = data.territories.filter((file) => countries.has(file.country) || referenced(file).some((c) => countries.has(c)) || (referenced(file).length === 0 && file.territories.every((t) => t.treatment.every((tr) => tr.kind === 'excluded'))));
    for (const file of territories) for (const c of referenced(file)) countries.add(c);
  }
  const regimes = new Set<string>();
  for (const c of data.countries) if (countries.has(c.country)) for (const m of c.regimes) regimes.add(m.regime);
  for (const file of territories) for (const t of file.territories) for (const tr of t.treatment) if (tr.goods_regime) regimes.add(tr.goods_regime);
  const us = countries.has('US');
  return {
    world: data.world,
    currencies: data.currencies,
    taxCodes: data.taxCodes,
    regimes: data.regimes.filter((r) => regimes.has(r.regime)),
    countries: data.countries.filter((c) => countries.has(c.country)),
    territories,
    ...(us && data.usZipStates ? { usZipStates: data.usZipStates } : {}),
    ...(us && data.usLocal ? { usLocal: data.usLocal } : {}),
  };
}
