/**
 * npm run audit:rules — the rule audit (see audit-lib.ts): prints the summary, the table
 * per country and every problem; exits 1 when there is one.
 *
 * Usage: tsx scripts/audit-rules.ts [--max-age DAYS] [--min-countries N] [--today YYYY-MM-DD] [--summary]
 *   --max-age        a `checked` date older than this fails (default 365)
 *   --min-countries  fewer countries with rules fails (default: no minimum)
 *   --today          the day to measure ages from (default: the current UTC date)
 *   --summary        the summary line and the problems only, without the table
 */
import { defaultRuleSet } from '../src/default-rules.js';
import { usNexusRules } from '../src/us/nexus.js';
import { auditMarkdown, auditRules, type AuditOptions } from './audit-lib.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function integer(name: string, fallback: number | undefined): number | undefined {
  const v = arg(name);
  if (v === undefined) return fallback;
  if (!/^\d+$/.test(v)) {
    console.error(`${name} takes a whole number of ${name === '--max-age' ? 'days' : 'countries'}, not ${JSON.stringify(v)}`);
    process.exit(2);
  }
  return Number(v);
}

const today = arg('--today') ?? new Date().toISOString().slice(0, 10);
if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(`${today}T00:00:00Z`))) {
  console.error(`--today takes a date YYYY-MM-DD, not ${JSON.stringify(today)}`);
  process.exit(2);
}
const options: AuditOptions = { today, maxAgeDays: integer('--max-age', 365) as number };
const min = integer('--min-countries', undefined);
if (min !== undefined) options.minCountries = min;
const result = auditRules({ ...defaultRuleSet.data, usNexus: usNexusRules() }, options);
const text = auditMarkdown(result, options);
if (process.argv.includes('--summary')) {
  const [summary] = text.split('\n');
  console.log(summary);
  for (const p of result.problems) console.log(`- ${p}`);
} else process.stdout.write(text);
process.exit(result.problems.length > 0 ? 1 : 0);
