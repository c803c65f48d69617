/**
 * Places the PO-box and unique ZIP codes of rules/us/local/<ST>.json as they are (see
 * scripts/us-pobox.ts; scripts/import-us-local.ts does the same for each file it builds).
 *
 * Usage: tsx scripts/import-us-pobox.ts [--sources DIR] [--states CA,TX,…]
 *   --sources  default ../shared/sources/us
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { formatRuleFile } from './rule-format.js';
import type { UsLocalFile } from '../src/core/rule-data.js';
import { addPoBoxZips, loadPoBoxSource } from './us-pobox.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const source = loadPoBoxSource(arg('--sources') ?? '../shared/sources/us');
const states = arg('--states')?.split(',') ?? readdirSync('rules/us/local').filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
for (const state of states.sort()) {
  const path = `rules/us/local/${state}.json`;
  const file = JSON.parse(readFileSync(path, 'utf8')) as UsLocalFile;
  const { added, skipped } = addPoBoxZips(file, source);
  writeFileSync(path, formatRuleFile(file));
  if (added.length > 0 || skipped.length > 0) console.log(`${state}: ${added.length} ZIP codes placed${skipped.length > 0 ? `; not placed: ${skipped.map(([z, why]) => `${z} (${why})`).join('; ')}` : ''}`);
}
