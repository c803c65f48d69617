/**
 * Rule data from a directory, whatever its layout: every JSON file under it is read and
 * placed by the schema it names (`$schema` ending in country.schema.json, regime.schema.json,
 * …); files of other schemas (and the schemas themselves) are left out. A git ref of the
 * repository the command runs in is read through `git archive`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { RuleData } from '../core/rule-data.js';
import type { RuleProblem } from '../core/rule-checks.js';
import { checkRuleData } from '../boundary.js';

/** A directory that holds no valid rule data: reported as a usage error. `problems`: what the rules build's checks found, when they ran. */
export class RuleDirectoryError extends Error {
  constructor(
    message: string,
    readonly problems: readonly RuleProblem[] = [],
  ) {
    super(message);
  }
}

function jsonFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) jsonFiles(path, out);
    else if (name.endsWith('.json')) out.push(path);
  }
  return out;
}

/**
 * The directory `arg` names from `cwd`, as the file system finds it (null when none): each
 * segment must exist, so `HEAD:../..` is no directory (there is no `HEAD:`), where a path
 * resolved by its text alone would be the parent of `cwd`.
 */
export function directoryArg(arg: string, cwd: string): string | null {
  const path = isAbsolute(arg) ? arg : `${cwd.replace(/\/$/, '')}/${arg}`;
  try {
    return statSync(path).isDirectory() ? path : null;
  } catch {
    return null;
  }
}

/** The rule data of a directory, checked as the rules build checks it (without the JSON Schemas). */
export function readRuleDirectory(dir: string): RuleData {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new RuleDirectoryError(`${dir} is not a directory`);
  const found: Partial<RuleData> & { regimes: RuleData['regimes']; countries: RuleData['countries']; territories: RuleData['territories']; usLocal: NonNullable<RuleData['usLocal']> } = {
    regimes: [],
    countries: [],
    territories: [],
    usLocal: [],
  };
  /** Where each file that exists once in rule data was found: a second one is a directory of two rule sets, refused. */
  const single = new Map<string, string>();
  for (const file of jsonFiles(dir)) {
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    } catch (e) {
      throw new RuleDirectoryError(`${file} is not valid JSON: ${(e as Error).message}`);
    }
    const schema = typeof value?.$schema === 'string' ? (value.$schema.split('/').pop() ?? '') : '';
    if (['world.schema.json', 'currencies.schema.json', 'tax-codes.schema.json', 'zip-states.schema.json'].includes(schema)) {
      const first = single.get(schema);
      if (first !== undefined) throw new RuleDirectoryError(`${dir} holds more than one set of rule data: ${first} and ${file} are both ${schema.replace('.schema.json', '')} files; name the rules directory of one`);
      single.set(schema, file);
    }
    const { $schema: _s, ...rest } = value;
    switch (schema) {
      case 'world.schema.json':
        found.world = value as never;
        break;
      case 'currencies.schema.json':
        found.currencies = value as never;
        break;
      case 'tax-codes.schema.json':
        found.taxCodes = value as never;
        break;
      case 'regime.schema.json':
        found.regimes.push(value as never);
        break;
      case 'country.schema.json':
        found.countries.push(value as never);
        break;
      case 'territories.schema.json':
        found.territories.push(value as never);
        break;
      case 'zip-states.schema.json':
        found.usZipStates = rest as never;
        break;
      case 'us-local.schema.json':
        found.usLocal.push(rest as never);
        break;
      default:
        break;
    }
  }
  const missing = (['world', 'currencies', 'taxCodes'] as const).filter((k) => found[k] === undefined);
  if (missing.length > 0) throw new RuleDirectoryError(`${dir} holds no rule data: no file of ${missing.map((k) => `${k === 'taxCodes' ? 'tax-codes' : k}.schema.json`).join(', ')}`);
  const data: RuleData = {
    world: found.world!,
    currencies: found.currencies!,
    taxCodes: found.taxCodes!,
    regimes: found.regimes,
    countries: found.countries,
    territories: found.territories,
    ...(found.usZipStates ? { usZipStates: found.usZipStates } : {}),
    ...(found.usLocal.length > 0 ? { usLocal: found.usLocal } : {}),
  };
  const problems = checkRuleData(data);
  if (problems.length > 0) {
    throw new RuleDirectoryError(`${dir} holds rule data with ${problems.length} problem(s):\n${problems.slice(0, 10).map((p) => `  ${p.file}${p.path ? ` ${p.path}` : ''}: ${p.message}`).join('\n')}`, problems);
  }
  return data;
}

/** The `rules` directory of a git ref of the repository in `cwd` (default: the working directory), extracted to a temporary directory. */
export function ruleDirectoryAtRef(ref: string, cwd?: string): string {
  if (!/^[\w./@^~{}-]+$/.test(ref) || ref.startsWith('-')) throw new RuleDirectoryError(`${JSON.stringify(ref)} is neither a directory nor a git ref`);
  const dir = mkdtempSync(join(tmpdir(), 'taxrules-diff-'));
  try {
    const tar = execFileSync('git', ['archive', '--format=tar', ref, 'rules'], { maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'], ...(cwd === undefined ? {} : { cwd }) });
    execFileSync('tar', ['-x', '-C', dir], { input: tar, stdio: ['pipe', 'ignore', 'pipe'] });
  } catch (e) {
    const err = (e as { stderr?: Buffer }).stderr?.toString().trim();
    throw new RuleDirectoryError(`${JSON.stringify(ref)} is neither a directory nor a git ref with a rules directory${err ? ` (${err.split('\n')[0]})` : ''}`);
  }
  return join(dir, 'rules');
}

/** The v20241028 fixture cases of a directory (files with `accounts` and `cases` of `query` and `account`), as diff queries. */
export function readFixtureQueries(dir: string): { name: string; query: Record<string, unknown>; account: Record<string, unknown> }[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new RuleDirectoryError(`${dir} is not a directory`);
  const out: { name: string; query: Record<string, unknown>; account: Record<string, unknown> }[] = [];
  for (const file of jsonFiles(dir)) {
    let value: { accounts?: Record<string, Record<string, unknown>>; cases?: { name?: string; query?: unknown; account?: unknown }[] };
    try {
      value = JSON.parse(readFileSync(file, 'utf8')) as typeof value;
    } catch (e) {
      throw new RuleDirectoryError(`${file} is not valid JSON: ${(e as Error).message}`);
    }
    if (!Array.isArray(value.cases)) continue;
    value.cases.forEach((c, i) => {
      if (typeof c.query !== 'object' || c.query === null) return;
      const account = typeof c.account === 'string' ? value.accounts?.[c.account] : c.account;
      if (typeof account !== 'object' || account === null) return;
      out.push({ name: `${file.slice(dir.length + 1)} #${i} ${c.name ?? ''}`.trim(), query: c.query as Record<string, unknown>, account: account as Record<string, unknown> });
    });
  }
  return out;
}
