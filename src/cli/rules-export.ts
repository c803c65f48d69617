/**
 * The rules a rule set holds, written out as a rules folder: the files of the repository's
 * `rules/`, in its layout and canonical text (`rule-format.ts`), each naming its JSON Schema.
 * The shipped rules export to the very files they were built from, so a copy can be read,
 * edited (a rate change before a release) and read back by `loadRules` and `--rules`.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync, copyFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RuleData } from '../core/rule-data.js';
import { defaultRuleSet, TaxRulesError, type RuleSet } from '../index.js';
import { formatRuleFile } from './rule-format.js';

/** A file of a rules folder: its path in the folder and its text. */
export interface RuleFile {
  readonly path: string;
  readonly text: string;
}

/** `value` as the file at `path` holds it: `$schema` first, relative to the folder's `schema/`. */
function ruleFile(path: string, schema: string, value: object): RuleFile {
  const up = '../'.repeat(path.split('/').length - 1) || './';
  const { $schema: _ignored, ...rest } = value as { $schema?: unknown };
  return { path, text: formatRuleFile({ $schema: `${up}schema/${schema}.schema.json`, ...rest }) };
}

/** The files of a rules folder holding `data`, in the repository's layout, sorted by path. */
export function ruleFiles(data: RuleData): RuleFile[] {
  const files: RuleFile[] = [
    ruleFile('world.json', 'world', data.world),
    ruleFile('currencies.json', 'currencies', data.currencies),
    ruleFile('tax-codes.json', 'tax-codes', data.taxCodes),
    ...data.regimes.map((r) => ruleFile(`regimes/${r.regime}.json`, 'regime', r)),
    ...data.countries.map((c) => ruleFile(`countries/${c.country}.json`, 'country', c)),
    ...data.territories.map((t) => ruleFile(`territories/${t.country}.json`, 'territories', t)),
    ...(data.usZipStates ? [ruleFile('us/zip-states.json', 'zip-states', data.usZipStates)] : []),
    ...(data.usLocal ?? []).map((l) => ruleFile(`us/local/${l.state}.json`, 'us-local', l)),
  ];
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The package's own `rules/schema` folder (shipped beside `dist/`), or null where it cannot be found. */
function shippedSchemas(): string | null {
  // This module's folder: from its URL as an ES module, from __dirname in the CommonJS build.
  const url = (import.meta as { url?: string }).url;
  let dir = typeof url === 'string' ? dirname(fileURLToPath(url)) : typeof __dirname === 'string' ? __dirname : null;
  if (dir === null) return null;
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, 'rules', 'schema');
    if (existsSync(join(candidate, 'country.schema.json'))) return candidate;
    dir = dirname(dir);
  }
  return null;
}

/** A folder the rules cannot be written into: it exists and holds something, or is a file. */
export class ExportTargetError extends Error {}

/**
 * Writes the rules of `data` into `dir` (made if missing; an existing one must be empty), with
 * the JSON Schemas the files name under `schema/` when the package's own can be found.
 * Returns the number of rule files written.
 */
export function writeRuleFolder(data: RuleData, dir: string): { files: number; schemas: boolean } {
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new ExportTargetError(`${dir} exists and is not a directory`);
    if (readdirSync(dir).length > 0) throw new ExportTargetError(`${dir} is not empty: export into a new or empty directory`);
  }
  const files = ruleFiles(data);
  for (const f of files) {
    const path = join(dir, f.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, f.text);
  }
  const schemas = shippedSchemas();
  if (schemas !== null) {
    mkdirSync(join(dir, 'schema'), { recursive: true });
    for (const name of readdirSync(schemas)) if (name.endsWith('.schema.json')) copyFileSync(join(schemas, name), join(dir, 'schema', name));
  }
  return { files: files.length, schemas: schemas !== null };
}

/**
 * Writes the rules of a rule set (default: the rules this package ships) into the folder `dir`
 * as JSON files, laid out as the repository's `rules/` and in its canonical text, with the JSON
 * Schemas they name under `schema/` (Node only). The shipped rules export to the files they were
 * built from: edit a copy (a rate change before a release) and read it back with `loadRules`,
 * or pass it to the CLI's `--rules`. `dir` is made if missing; an existing one must be empty
 * (a 400 otherwise). Returns the number of rule files written and whether the schemas were.
 *
 * @example
 * ```ts
 * import { exportRules, loadRules } from 'taxrules/node';
 *
 * exportRules('./my-rules'); // world.json, countries/DE.json, us/local/TX.json, …, schema/
 * // … edit ./my-rules/countries/DE.json …
 * const rules = loadRules('./my-rules');
 * ```
 */
export function exportRules(dir: string, rules: RuleSet = defaultRuleSet): { files: number; schemas: boolean } {
  try {
    return writeRuleFolder(rules.data, dir);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new TaxRulesError('invalid_request', 400, [{ path: ['dir'], code: 'invalid_value', message: e instanceof ExportTargetError ? why : `the rules cannot be written into ${dir}: ${why}` }]);
  }
}
