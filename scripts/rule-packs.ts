/**
 * Rule packs: subsets of the rule data that ship in their own entry. A regime's pack holds
 * every country that was ever a member, every special territory of its countries or taxed
 * as one of them (they are few and small, and a customer typing one must get the
 * territory's answer), the countries those territories are taxed as, and every regime
 * those countries belong to.
 */
import type { RuleData } from '../src/core/rule-data.js';

export function regimePack(data: RuleData, regime: string): RuleData {
  const members = new Set(data.countries.filter((c) => c.regimes.some((m) => m.regime === regime)).map((c) => c.country));
  const countries = new Set(members);
  const ownerOf = new Map<number, string>();
  for (const c of data.countries) for (const j of c.jurisdictions) ownerOf.set(j.id, c.country);
  // A territory file that only sends its code to a country outside the regime (Puerto
  // Rico to the US) belongs to that country's pack, not this one.
  const territories = data.territories.filter(
    (file) => members.has(file.country) || file.territories.some((t) => t.treatment.some((tr) => tr.kind !== 'taxed_as' || (tr.country !== undefined && members.has(tr.country)))),
  );
  for (const file of territories) {
    for (const t of file.territories) {
      for (const tr of t.treatment) {
        for (const c of [tr.country, tr.jurisdiction !== undefined ? ownerOf.get(tr.jurisdiction) : undefined]) {
          if (c !== undefined && data.countries.some((x) => x.country === c)) countries.add(c);
        }
      }
    }
  }
  const regimes = new Set<string>();
  for (const c of data.countries) if (countries.has(c.country)) for (const m of c.regimes) regimes.add(m.regime);
  for (const file of territories) for (const t of file.territories) for (const tr of t.treatment) if (tr.goods_regime) regimes.add(tr.goods_regime);
  return {
    world: data.world,
    currencies: data.currencies,
    taxCodes: data.taxCodes,
    regimes: data.regimes.filter((r) => regimes.has(r.regime)),
    countries: data.countries.filter((c) => countries.has(c.country)),
    territories,
  };
}
