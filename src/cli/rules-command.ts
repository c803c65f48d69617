/**
 * `taxrules rules`: the rules themselves. `rules info` says which rules answer (version, digest,
 * the day each country's data was last checked); `rules export DIR` writes them out as a rules
 * folder a user can read, edit and pass back with `--rules`; `rules pack FILE` writes them (or
 * the part of them some countries need) as one JSON file for `createRuleSet` in any runtime.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { packRuleData, selectRuleData } from '../index.js';
import { UsageError } from './args.js';
import { describedLines, json, type CliIO, type Command, type Flags } from './command.js';
import { RULES, RULES_HELP_TEXT, rulesFlag } from './rules-flag.js';
import { ExportTargetError, writeRuleFolder } from './rules-export.js';

export const RULES_COMMAND: Command = {
  name: 'rules',
  synopsis: 'info|export DIR|pack FILE [--rules DIR] [--countries CC,CC] [--regimes ID,ID] [--json]',
  summary: 'the rules that answer: their version (info), all of them as a folder of JSON files (export), or as one pack file (pack)',
  args: { min: 1, max: 2, names: 'info|export DIR|pack FILE' },
  flags: [RULES, { name: 'countries', value: 'CC,CC' }, { name: 'regimes', value: 'ID,ID' }],
  help: [
    'rules info: the rules version (the newest day a source was checked), the digest of the data',
    'and the number of jurisdictions, as rulesInfo() gives them (--json: the whole of it, with the',
    'day each jurisdiction was last checked).',
    '',
    "rules export DIR: writes the rules as JSON files into DIR (a new or empty directory), laid out",
    "as the repository's rules/ and with the JSON Schemas the files name under DIR/schema: the very",
    'files the shipped rules were built from. Read them, edit a copy (a rate change before a',
    'release: see docs/rule-data.md) and pass it back with --rules DIR to any command, or to',
    "loadRules(DIR) of taxrules/node; 'taxrules diff DIR' shows what the edit changes.",
    '',
    'rules pack FILE: writes the rules as one JSON file, packRuleData of them, which',
    'createRuleSet(JSON.parse(text)) takes in any runtime (a browser, an edge function): with',
    '--countries and --regimes, only the part those need (selectRuleData: the countries, every',
    'member of the regimes, their territories and the US local data with the US).',
    '',
    'Flags:',
    ...describedLines('  --rules DIR', `The rules to report on or export instead of the shipped ones. ${RULES_HELP_TEXT}`),
    ...describedLines('  --countries CC,CC', 'pack: only these countries (ISO 3166-1 codes, as the rules write them), with what their answers read.'),
    ...describedLines('  --regimes ID,ID', 'pack: only the members of these regimes (EU), with what their answers read.'),
    ...describedLines('  --json', 'info: rulesInfo() as JSON; export and pack: what was written, as JSON.'),
    '',
    'Examples:',
    '  taxrules rules info',
    '  taxrules rules export ./my-rules',
    '  taxrules rules pack eu-us.json --regimes EU --countries US',
  ],
  run([what, dir], flags, io) {
    const cwd = io.cwd ?? process.cwd();
    if (what !== 'pack' && (flags.has('countries') || flags.has('regimes'))) throw new UsageError(`--countries and --regimes are for rules pack, not rules ${what}`);
    if (what === 'info') {
      if (dir !== undefined) throw new UsageError('rules info takes no directory');
      const info = rulesFlag(flags, cwd).info;
      const count = Object.keys(info.jurisdictions).length;
      io.out(flags.has('json') ? json(info) : `rules ${info.version} (digest ${info.digest}): the days of ${count.toLocaleString('en-US')} countries, regions and regimes were last checked on or before it`);
      return 0;
    }
    if (what === 'pack') return pack(dir, flags, io);
    if (what !== 'export') throw new UsageError(`rules takes info, export DIR or pack FILE, not ${JSON.stringify(what)}`);
    if (dir === undefined) throw new UsageError('rules export needs the directory to write into: taxrules rules export DIR');
    const target = resolve(cwd, dir);
    const rules = rulesFlag(flags, cwd);
    let written;
    try {
      written = writeRuleFolder(rules.data, target);
    } catch (e) {
      if (e instanceof ExportTargetError) throw new UsageError(e.message);
      throw e;
    }
    if (flags.has('json')) io.out(json({ dir: target, files: written.files, schemas: written.schemas }));
    else io.out(`wrote ${written.files} rule files into ${target}${written.schemas ? ', with their JSON Schemas in schema/' : ''} (rules ${rules.info.version})`);
    return 0;
  },
};

/** The codes of a comma-separated flag, or none when it is not given. */
function codes(flags: Flags, name: string): string[] | undefined {
  const v = flags.get(name);
  if (v === undefined) return undefined;
  const list = typeof v === 'string' ? v.split(',').map((c) => c.trim()).filter((c) => c !== '') : [];
  if (list.length === 0) throw new UsageError(`--${name} needs one or more codes, comma-separated`);
  return list;
}

/** `rules pack FILE`: the rules, or the part of them some countries need, as one packed JSON file. */
function pack(file: string | undefined, flags: Flags, io: CliIO): number {
  if (file === undefined) throw new UsageError('rules pack needs the file to write: taxrules rules pack FILE');
  const rules = rulesFlag(flags, io.cwd ?? process.cwd());
  const countries = codes(flags, 'countries');
  const regimes = codes(flags, 'regimes');
  const data = countries === undefined && regimes === undefined ? rules.data : selectRuleData(rules.data, { ...(countries ? { countries } : {}), ...(regimes ? { regimes } : {}) });
  const text = JSON.stringify(packRuleData(data));
  const target = resolve(io.cwd ?? process.cwd(), file);
  writeFileSync(target, text);
  const kept = data.countries.map((c) => c.country);
  if (flags.has('json')) io.out(json({ file: target, bytes: text.length, countries: kept }));
  else io.out(`wrote ${target}: ${text.length.toLocaleString('en-US')} bytes, the rules of ${kept.length} countries (rules ${rules.info.version})`);
  return 0;
}
