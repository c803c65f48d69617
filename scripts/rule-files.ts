import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import type { RuleData, UsLocalFile, ZipStateRules } from '../src/core/rule-data.js';
import type { RuleProblem } from '../src/core/rule-checks.js';

const kinds = {
  world: 'world.schema.json',
  currencies: 'currencies.schema.json',
  taxCodes: 'tax-codes.schema.json',
  regime: 'regime.schema.json',
  country: 'country.schema.json',
  territories: 'territories.schema.json',
  zipStates: 'zip-states.schema.json',
  usLocal: 'us-local.schema.json',
} as const;

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function listJson(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => join(dir, f)) : [];
}

/** Reads and schema-validates every rule file of a rules directory. */
export function loadRuleFiles(rulesDir: string): { data: RuleData; problems: RuleProblem[]; fileCount: number } {
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  for (const file of listJson(join(rulesDir, 'schema'))) ajv.addSchema(readJson(file) as object);
  const problems: RuleProblem[] = [];
  let fileCount = 0;

  function load<T>(file: string, schema: string): T {
    fileCount++;
    let value: unknown;
    try {
      value = readJson(file);
    } catch (error) {
      problems.push({ file, path: '', message: `not valid JSON: ${(error as Error).message}` });
      return undefined as T;
    }
    const validate = ajv.getSchema(schema);
    if (!validate) throw new Error(`schema ${schema} missing`);
    if (!validate(value)) {
      for (const e of validate.errors as ErrorObject[]) {
        problems.push({ file, path: e.instancePath, message: `${e.message ?? 'invalid'}${e.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as string[]).join(', ')})` : ''}` });
      }
    }
    const declared = (value as { $schema?: string }).$schema;
    if (declared !== undefined && !declared.endsWith(schema)) {
      problems.push({ file, path: '/$schema', message: `names ${declared}, expected …/${schema}` });
    }
    return value as T;
  }

  const zipFile = join(rulesDir, 'us', 'zip-states.json');
  const data: RuleData = {
    world: load(join(rulesDir, 'world.json'), kinds.world),
    currencies: load(join(rulesDir, 'currencies.json'), kinds.currencies),
    taxCodes: load(join(rulesDir, 'tax-codes.json'), kinds.taxCodes),
    regimes: listJson(join(rulesDir, 'regimes')).map((f) => load(f, kinds.regime)),
    countries: listJson(join(rulesDir, 'countries')).map((f) => load(f, kinds.country)),
    territories: listJson(join(rulesDir, 'territories')).map((f) => load(f, kinds.territories)),
  };
  if (existsSync(zipFile)) {
    const zip = load<ZipStateRules & { $schema?: string }>(zipFile, kinds.zipStates);
    if (zip) {
      const { $schema: _schema, ...rest } = zip;
      data.usZipStates = rest;
    }
  }
  const localFiles = listJson(join(rulesDir, 'us', 'local'));
  if (localFiles.length > 0) {
    data.usLocal = localFiles.map((f) => {
      const file = load<UsLocalFile>(f, kinds.usLocal);
      if (file && !f.endsWith(`/${file.state}.json`)) problems.push({ file: f, path: '/state', message: `file name does not match state ${file.state}` });
      const { $schema: _schema, ...rest } = file ?? ({} as UsLocalFile);
      return rest;
    });
  }
  // File names must match the code inside, so a reader finds a country where it expects it.
  for (const [i, f] of listJson(join(rulesDir, 'countries')).entries()) {
    const c = data.countries[i];
    if (c && !f.endsWith(`/${c.country}.json`)) problems.push({ file: f, path: '/country', message: `file name does not match country ${c.country}` });
  }
  for (const [i, f] of listJson(join(rulesDir, 'regimes')).entries()) {
    const r = data.regimes[i];
    if (r && !f.endsWith(`/${r.regime}.json`)) problems.push({ file: f, path: '/regime', message: `file name does not match regime ${r.regime}` });
  }
  for (const [i, f] of listJson(join(rulesDir, 'territories')).entries()) {
    const t = data.territories[i];
    if (t && !f.endsWith(`/${t.country}.json`)) problems.push({ file: f, path: '/country', message: `file name does not match country ${t.country}` });
  }
  return { data, problems, fileCount };
}
