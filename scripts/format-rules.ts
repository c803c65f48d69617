/**
 * Rewrites rule files into the canonical layout (see rule-format.ts). The data does not
 * change: a file is rewritten only when its parsed content is the same afterwards.
 *
 * Usage: tsx scripts/format-rules.ts [--check] [--rules DIR]
 *   --check  list the files that are not canonical, rewrite nothing (exit 1 if any)
 */
import { isDeepStrictEqual } from 'node:util';
import { readFileSync, writeFileSync } from 'node:fs';
import { formatRuleFile, ruleFilePaths } from './rule-format.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const rulesDir = arg('--rules') ?? 'rules';
const checkOnly = process.argv.includes('--check');
let changed = 0;
let failed = false;
for (const file of ruleFilePaths(rulesDir)) {
  const text = readFileSync(file, 'utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    console.error(`${file}: not valid JSON, left as it is: ${(error as Error).message}`);
    failed = true;
    continue;
  }
  const canonical = formatRuleFile(value);
  if (canonical === text) continue;
  if (!isDeepStrictEqual(JSON.parse(canonical), value)) {
    console.error(`${file}: the canonical text would change the data, left as it is`);
    failed = true;
    continue;
  }
  changed++;
  if (checkOnly) console.error(`${file}: not in the canonical layout`);
  else {
    writeFileSync(file, canonical);
    console.log(`${file}: rewritten`);
  }
}
console.log(checkOnly ? `rules:format --check: ${changed} file(s) not canonical` : `rules:format: ${changed} file(s) rewritten`);
if (failed || (checkOnly && changed > 0)) process.exit(1);
