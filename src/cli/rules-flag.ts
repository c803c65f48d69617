/**
 * `--rules DIR`: the commands that answer from the rules (quote, calculate, rates, changes)
 * answer from a rules folder the user holds instead of the shipped rules, as `loadRules` reads it.
 */
import { defaultRuleSet, type RuleSet } from '../index.js';
import { UsageError, type FlagSpec } from './args.js';
import { loadRules } from './load-rules.js';
import { directoryArg } from './rules-dir.js';

export const RULES: FlagSpec = { name: 'rules', value: 'DIR' };

/** What the help says of --rules. */
export const RULES_HELP_TEXT =
  "A rules folder instead of the rules the package ships: laid out as the repository's rules/ (a copy of it with a rate changed, say), checked as the rules build checks it; a folder that fails the checks is refused (422) naming each file and path.";

/** The rules of `--rules DIR` (read from `cwd`), or the shipped rules without it; a DIR that is no directory is a usage error. */
export function rulesFlag(flags: ReadonlyMap<string, string | true>, cwd: string): RuleSet {
  const dir = flags.get('rules');
  if (typeof dir !== 'string') return defaultRuleSet;
  const found = directoryArg(dir, cwd);
  if (found === null) throw new UsageError(`--rules ${dir} is not a directory`);
  return loadRules(found);
}
