/**
 * Reads rules/registration-thresholds.json for the rules build: its JSON Schema, then the
 * checks the schema cannot make — unique ids, known jurisdictions and currencies, and each
 * threshold's periods in order, without overlaps or gaps — and writes the module the package
 * reads it from (src/generated/registration-thresholds.ts).
 */
import type { RuleData } from '../src/core/rule-data.js';
import type { RuleProblem } from '../src/core/rule-checks.js';
import { dayNumber } from '../src/core/dates.js';
import type { RegistrationThresholds } from '../src/compliance/thresholds.js';
import { loadJsonRuleFile, writeJsonTextModule } from './json-rule-file.js';

const SCHEMA = 'registration-thresholds.schema.json';

export function loadThresholds(rulesDir: string, data?: RuleData): { thresholds: RegistrationThresholds | null; problems: RuleProblem[] } {
  const { file, value, problems } = loadJsonRuleFile<RegistrationThresholds>(rulesDir, 'registration-thresholds.json', SCHEMA);
  if (!value) return { thresholds: null, problems };
  const ids = new Set<string>();
  const world = data ? new Set(data.world.countries.map((c) => c.code)) : null;
  const currencies = data ? new Set(data.currencies.currencies.map((c) => c.code)) : null;
  value.thresholds.forEach((t, i) => {
    const path = `/thresholds/${i}`;
    if (ids.has(t.id)) problems.push({ file, path: `${path}/id`, message: `id ${t.id} is used twice` });
    ids.add(t.id);
    if (world && t.jurisdiction !== 'EU' && !world.has(t.jurisdiction)) problems.push({ file, path: `${path}/jurisdiction`, message: `${t.jurisdiction} is not a country of rules/world.json` });
    for (const c of [...(Array.isArray(t.destinations) ? t.destinations : []), ...(t.requires_sale_in ?? [])]) {
      if (world && !world.has(c)) problems.push({ file, path, message: `${c} is not a country of rules/world.json` });
    }
    t.periods.forEach((p, j) => {
      const at = `${path}/periods/${j}`;
      const from = dayNumber(p.from);
      const until = p.until === undefined ? null : dayNumber(p.until);
      if (Number.isNaN(from) || (until !== null && Number.isNaN(until))) problems.push({ file, path: at, message: 'a date that is not a calendar date' });
      if (until !== null && until < from) problems.push({ file, path: `${at}/until`, message: 'until is before from' });
      if (currencies && !currencies.has(p.currency)) problems.push({ file, path: `${at}/currency`, message: `${p.currency} is not a currency of rules/currencies.json` });
      const next = t.periods[j + 1];
      if (next) {
        if (until === null) problems.push({ file, path: `${at}/until`, message: 'an open period before another one: periods may not overlap' });
        else if (dayNumber(next.from) !== until + 1) problems.push({ file, path: `${path}/periods/${j + 1}/from`, message: `must be the day after ${p.until}: periods may not overlap or leave gaps` });
      }
    });
  });
  return { thresholds: value, problems };
}

export function writeThresholdsModule(out: string, thresholds: RegistrationThresholds): void {
  writeJsonTextModule(out, 'registrationThresholdsText', 'rules/registration-thresholds.json', 'Registration thresholds, as JSON text: parsed on first use.', thresholds);
}
