import type { ClassTable, RuleSet } from './compiled.js';

/*
 * Rule change days: every day on which something dated in the rules starts or stops. The
 * days between two consecutive ones form an epoch in which every decision stays the same
 * (see decision-cache.ts).
 */

const FIRST_DAY = -(2 ** 31);

/** Works out the rule change days by reading every rule (compiling every country). */
export function computeRuleChangeDays(rules: RuleSet): number[] {
  const set = new Set<number>();
  const add = (d: number): void => {
    if (Number.isFinite(d) && d > FIRST_DAY && d < 2 ** 31) set.add(d);
  };
  const periods = (list: readonly { from: number }[] | undefined): void => {
    if (list) for (const p of list) add(p.from);
  };
  const classes = (table: ClassTable): void => {
    for (const list of Object.values(table)) periods(list);
  };
  for (const j of rules.jurisdictions.values()) {
    for (const t of j.taxes) {
      add(t.since);
      if (Object.hasOwn(t, 'until') && t.until !== undefined) add(t.until + 1);
      classes(t.classes);
      for (const list of Object.values(t.taxability)) periods(list);
    }
  }
  for (const r of rules.regimes.values()) {
    for (const s of r.rules) {
      add(s.from);
      add(s.until + 1);
    }
    for (const scheme of r.schemes) {
      for (const c of scheme.covers) {
        add(c.from);
        add(c.until + 1);
      }
    }
    for (const list of Object.values(r.taxability)) periods(list);
  }
  for (const c of rules.countries.values()) {
    for (const m of c.regimes) {
      add(m.from);
      add(m.until + 1);
    }
  }
  for (const f of rules.usLocal.values()) for (const list of Object.values(f.taxability)) periods(list);
  for (const list of rules.territories.values()) {
    for (const t of list) {
      periods(t.treatment);
      classes(t.rates);
    }
  }
  return [...set].sort((a, b) => a - b);
}
