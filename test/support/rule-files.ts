/** Rule data written as rule files, each naming its schema, as readRuleDirectory reads them. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RuleData } from '../../src/core/rule-data.js';

/** `data` written into `dir` (default: a new temporary directory), one file per rule file; answers the directory. */
export function writeRules(data: RuleData, dir = mkdtempSync(join(tmpdir(), 'taxrules-rules-'))): string {
  mkdirSync(dir, { recursive: true });
  const files: [string, unknown][] = [
    ['world.json', data.world],
    ['currencies.json', data.currencies],
    ['tax-codes.json', data.taxCodes],
    ...data.regimes.map((r): [string, unknown] => [`regime-${r.regime}.json`, r]),
    ...data.countries.map((c): [string, unknown] => [`country-${c.country}.json`, c]),
    ...data.territories.map((t): [string, unknown] => [`territories-${t.country}.json`, t]),
    ...(data.usLocal ?? []).map((l): [string, unknown] => [`local-${l.country ?? 'US'}-${l.state}.json`, { $schema: 'us-local.schema.json', ...l }]),
  ];
  for (const [name, value] of files) writeFileSync(join(dir, name), JSON.stringify(value));
  return dir;
}
