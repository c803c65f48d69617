/**
 * Prints the coverage of the rule data as Markdown: per country its jurisdictions, taxes,
 * rate classes and periods, and the special territories.
 * Usage: tsx scripts/coverage.ts
 */
import { defaultRuleData } from '../src/generated/ruledata.js';

const rows: string[] = ['| country | regimes | jurisdictions | taxes | rate periods | classes | first / last change |', '|---|---|---|---|---|---|---|'];
let totalPeriods = 0;
for (const c of [...defaultRuleData.countries].sort((a, b) => a.country.localeCompare(b.country))) {
  const taxes = new Set<string>();
  const classes = new Set<string>();
  let periods = 0;
  const dates: string[] = [];
  for (const j of c.jurisdictions) {
    for (const t of j.taxes) {
      taxes.add(t.name);
      for (const [cls, list] of Object.entries(t.rates)) {
        classes.add(cls);
        periods += list?.length ?? 0;
        for (const p of list ?? []) if (p.from >= '2015-01-01') dates.push(p.from);
      }
    }
  }
  totalPeriods += periods;
  dates.sort();
  const regimes = c.regimes.map((m) => `${m.regime}${m.until ? ` until ${m.until}` : ''}`).join(', ');
  rows.push(`| ${c.country} ${c.name} | ${regimes} | ${c.jurisdictions.length} | ${[...taxes].join(', ') || '—'} | ${periods} | ${[...classes].join(', ') || '—'} | ${dates[0] ?? '—'} / ${dates.at(-1) ?? '—'} |`);
}
console.log(rows.join('\n'));
console.log(`\n${defaultRuleData.countries.length} countries, ${totalPeriods} rate periods.`);
const terr = defaultRuleData.territories.flatMap((t) => t.territories.map((x) => `${x.name} (typed ${t.country}${x.match.all ? '' : `, ${[...(x.match.postal_codes ?? []), ...(x.match.cities ?? [])].join(' ')}`})`));
console.log(`\nSpecial territories (${terr.length}): ${terr.join('; ')}`);
