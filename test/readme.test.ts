/** The README's tables of codes list every code there is, with the status the code makes. */
import { docsText } from './support/docs.js';
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { END, parameterTable, START } from '../scripts/readme-parameters.js';
import { rulesInfo, type TaxReason, type TaxRulesErrorCode, type TaxRulesErrorStatus, type TaxRulesIssueCode } from '../src/index.js';
import { version as packageVersion } from '../package.json';

const readme = docsText();

/** The rows of the first table after a heading, as arrays of cells. */
function tableAfter(heading: string, nth = 0): string[][] {
  const start = readme.indexOf(heading);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const lines = readme.slice(start).split('\n');
  const tables: string[][][] = [];
  let current: string[][] | null = null;
  for (const line of lines.slice(1)) {
    if (/^#{1,3} /.test(line)) break;
    if (line.startsWith('|')) {
      current ??= [];
      current.push(line.split('|').slice(1, -1).map((c) => c.trim()));
    } else if (current) {
      tables.push(current);
      current = null;
    }
  }
  if (current) tables.push(current);
  return (tables[nth] ?? []).slice(2);
}

const ERROR_CODES = { invalid_request: 400, not_found: 404, invalid_value: 406, unsupported_version: 406, unprocessable: 422 } as const satisfies Record<TaxRulesErrorCode, TaxRulesErrorStatus>;
const ISSUE_CODES = { missing: 400, malformed: 400, unknown_field: 400, invalid_value: 406, unprocessable: 422, not_found: 404 } as const satisfies Record<TaxRulesIssueCode, TaxRulesErrorStatus>;

describe('README', () => {
  it('lists every error code and every issue code with its status', () => {
    expectTypeOf<keyof typeof ERROR_CODES>().toEqualTypeOf<TaxRulesErrorCode>();
    expectTypeOf<keyof typeof ISSUE_CODES>().toEqualTypeOf<TaxRulesIssueCode>();
    const errors = tableAfter('### Errors', 0).map((row) => [row[0], row[1]]);
    expect(errors).toEqual(Object.entries(ERROR_CODES).map(([code, status]) => [`\`${code}\``, String(status)]));
    const issues = tableAfter('### Errors', 1).map((row) => [row[0], row[1]]);
    expect(issues).toEqual(Object.entries(ISSUE_CODES).map(([code, status]) => [`\`${code}\``, String(status)]));
  });

  it('gives the meaning of every reason a result can have', () => {
    const schema = JSON.parse(readFileSync('rules/schema/common.schema.json', 'utf8')) as { definitions: { taxReason: { enum: TaxReason[] } } };
    const reasons = schema.definitions.taxReason.enum;
    expectTypeOf<(typeof reasons)[number]>().toEqualTypeOf<TaxReason>();
    // Each reason in code, its explanation in parentheses after it.
    const listed = tableAfter('## What a result means').flatMap((row) => [...(row[2] ?? '').replace(/\([^)]*\)/g, '').matchAll(/`([a-z_]+)`/g)].map((m) => m[1]));
    expect([...new Set(listed)].sort()).toEqual([...reasons].sort());
  });

  it('names the package version and the rules version as they are, wherever the docs print them', () => {
    const docs = docsText();
    const printed = [...docs.matchAll(/`(\d+\.\d+\.\d+) \(rules (\d{4}-\d{2}-\d{2})\)`/g)];
    expect(printed.length).toBeGreaterThan(0);
    for (const m of printed) expect(m.slice(1)).toEqual([packageVersion, rulesInfo().version]);
    const headers = [...docs.matchAll(/Taxrules-Rules-Version: (\d{4}-\d{2}-\d{2})/g)];
    expect(headers.length).toBeGreaterThan(0);
    for (const m of headers) expect(m[1]).toBe(rulesInfo().version);
    expect(readme).toContain(`The package has a version (\`${packageVersion}\`)`);
  });

  it('holds the table of v20241028 parameters made from TAX_RATE_PARAMETERS (run scripts/readme-parameters.ts after changing it)', () => {
    const start = readme.indexOf(START);
    const end = readme.indexOf(END);
    expect(start).toBeGreaterThan(0);
    expect(readme.slice(start + START.length, end).trim()).toBe(parameterTable());
  });
});
