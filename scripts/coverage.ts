/**
 * Writes rules/COVERAGE.md from the compiled rule data: per country its regimes,
 * jurisdictions, taxes, rate classes and periods, the e-book treatment in force on the
 * date given (default: the data's "today" of the last check), and the special territories.
 * A test checks that the committed file is current.
 *
 * Usage: tsx scripts/coverage.ts [--check]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { coverageMarkdown } from './coverage-lib.js';

const out = 'rules/COVERAGE.md';
const body = coverageMarkdown();
if (process.argv.includes('--check')) {
  const current = readFileSync(out, 'utf8');
  if (current !== body) {
    console.error(`${out} is out of date: run npm run coverage`);
    process.exit(1);
  }
  console.log(`${out} is current`);
} else {
  writeFileSync(out, body);
  console.log(`wrote ${out}`);
}
