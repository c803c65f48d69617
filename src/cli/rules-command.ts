/**
 * `taxrules rules`: the rules themselves. `rules info` says which rules answer (version, digest,
 * the day each country's data was last checked); `rules export DIR` writes them out as a rules
 * folder a user can read, edit and pass back with `--rules`.
 */
import { resolve } from 'node:path';
import { UsageError } from './args.js';
import { describedLines, type Command } from './command.js';
import { RULES, RULES_HELP_TEXT, rulesFlag } from './rules-flag.js';
import { ExportTargetError, writeRuleFolder } from './rules-export.js';

const json = (value: unknown): string => JSON.stringify(value, null, 2);

export const RULES_COMMAND: Command = {
  name: 'rules',
  synopsis: 'info|export DIR [--rules DIR] [--json]',
  summary: 'the rules that answer: their version (info), or all of them as a folder of JSON files (export)',
  args: { min: 1, max: 2, names: 'info|export DIR' },
  flags: [RULES],
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
    'Flags:',
    ...describedLines('  --rules DIR', `The rules to report on or export instead of the shipped ones. ${RULES_HELP_TEXT}`),
    ...describedLines('  --json', 'info: rulesInfo() as JSON; export: { dir, files, schemas } as JSON.'),
    '',
    'Examples:',
    '  taxrules rules info',
    '  taxrules rules export ./my-rules',
  ],
  run([what, dir], flags, io) {
    const cwd = io.cwd ?? process.cwd();
    if (what === 'info') {
      if (dir !== undefined) throw new UsageError('rules info takes no directory');
      const info = rulesFlag(flags, cwd).info;
      const count = Object.keys(info.jurisdictions).length;
      io.out(flags.has('json') ? json(info) : `rules ${info.version} (digest ${info.digest}): the days of ${count.toLocaleString('en-US')} countries, regions and regimes were last checked on or before it`);
      return 0;
    }
    if (what !== 'export') throw new UsageError(`rules takes info or export DIR, not ${JSON.stringify(what)}`);
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
