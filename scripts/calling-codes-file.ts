/**
 * Reads rules/evidence/calling-codes.json for the rules build: validates it against its JSON
 * Schema and against the rule data (countries that exist, territories the rules have,
 * patterns that compile), and writes the module the package reads it from
 * (src/generated/calling-codes.ts: the file as JSON text, parsed on first use).
 */
import type { RuleData } from '../src/core/rule-data.js';
import type { RuleProblem } from '../src/core/rule-checks.js';
import type { CallingCodes } from '../src/compliance/phone.js';
import { loadJsonRuleFile, writeJsonTextModule } from './json-rule-file.js';

const SCHEMA = 'calling-codes.schema.json';

/** The calling-code file of a rules directory, validated; null when the directory has none. */
export function loadCallingCodes(rulesDir: string, data?: RuleData): { codes: CallingCodes | null; problems: RuleProblem[] } {
  const { file, value: codes, problems } = loadJsonRuleFile<CallingCodes>(rulesDir, 'evidence/calling-codes.json', SCHEMA);
  if (!codes) return { codes: null, problems };
  const world = data ? new Set(data.world.countries.map((c) => c.code)) : null;
  for (const [code, entry] of Object.entries(codes.codes)) {
    entry.countries.forEach((c, i) => {
      const path = `/codes/${code}/countries/${i}`;
      if (world && !world.has(c.country)) problems.push({ file, path, message: `${c.country} is not a country of rules/world.json` });
      for (const [k, p] of [...(c.leading_digits ? [['leading_digits', c.leading_digits] as const] : []), ...(c.patterns ?? []).map((p, j) => [`patterns/${j}`, p] as const)]) {
        try {
          new RegExp(`^(?:${p})`);
        } catch (e) {
          problems.push({ file, path: `${path}/${k}`, message: `does not compile: ${(e as Error).message}` });
        }
      }
      if (entry.countries.length > 1 && !c.leading_digits && !(c.patterns && c.patterns.length > 0)) {
        problems.push({ file, path, message: 'a country sharing its calling code needs leading_digits or patterns' });
      }
    });
  }
  codes.territories.forEach((t, i) => {
    const path = `/territories/${i}`;
    if (!codes.codes[t.calling_code]?.countries.some((c) => c.country === t.country)) problems.push({ file, path, message: `+${t.calling_code} is not a calling code of ${t.country}` });
    if (data) {
      const territories = data.territories.find((f) => f.country === t.country)?.territories ?? [];
      if (!territories.some((x) => x.id === t.territory)) problems.push({ file, path: `${path}/territory`, message: `${t.territory} is not a territory of ${t.country} in rules/territories` });
    }
  });
  return { codes, problems };
}

/** Writes the module the package reads the calling codes from (only when its content changes). */
export function writeCallingCodesModule(out: string, codes: CallingCodes): void {
  writeJsonTextModule(out, 'callingCodesText', 'rules/evidence/calling-codes.json', 'Country calling codes of phone numbers, as JSON text: parsed on first use.', codes);
}
