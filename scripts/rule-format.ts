/**
 * The rule files of a directory and their layout (the layout itself: src/cli/rule-format.ts).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { RuleProblem } from '../src/core/rule-checks.js';
import { formatRuleFile } from '../src/cli/rule-format.js';

export { formatRuleFile, LINE_WIDTH } from '../src/cli/rule-format.js';

/** Every rule file under a rules directory that has the canonical layout (the schemas do not). */
export function ruleFilePaths(rulesDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (relative(rulesDir, path) !== 'schema') walk(path);
      } else if (name.endsWith('.json')) out.push(path);
    }
  };
  walk(rulesDir);
  return out;
}

/**
 * The rule files of a directory whose text is not in the canonical layout. Files that are
 * not valid JSON are left to the loader, which reports them.
 */
export function layoutProblems(rulesDir: string): RuleProblem[] {
  const problems: RuleProblem[] = [];
  for (const file of ruleFilePaths(rulesDir)) {
    const text = readFileSync(file, 'utf8');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      continue;
    }
    if (formatRuleFile(value) !== text) {
      problems.push({ file, path: '', message: 'not in the canonical layout: run `npm run rules:format` to rewrite it' });
    }
  }
  return problems;
}
