/**
 * The README's table of the v20241028 query parameters, made from TAX_RATE_PARAMETERS
 * (the table the parser, the types and the CLI's flags come from). test/readme.test.ts
 * checks that the README holds it.
 *
 * Usage: tsx scripts/readme-parameters.ts   (rewrites the table in README.md)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TAX_RATE_PARAMETERS, TAX_RATE_PARAMETER_KINDS } from '../src/adapters/v20241028.js';

export const START = '<!-- parameters: made by scripts/readme-parameters.ts from TAX_RATE_PARAMETERS -->';
export const END = '<!-- parameters end -->';

/** What a value of each kind that has no fixed form looks like, for the table. */
const FREE_FORM: Partial<Record<string, string>> = { text: 'any text', 'postal code': 'as written in its country' };

/** The table in Markdown, one row per parameter. */
export function parameterTable(): string {
  const rows = TAX_RATE_PARAMETERS.map((p) => {
    const kind = TAX_RATE_PARAMETER_KINDS[p.kind];
    const value = kind.values ? kind.values.map((v) => `\`${v}\``).join(', ') : (FREE_FORM[p.kind] ?? kind.expected);
    return `| \`${p.name}\` | ${p.kind} | ${value} | ${p.max} | ${p.required ? '**Required.** ' : ''}${p.description} |`;
  });
  return ['| parameter | kind | value | longest | meaning |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** The README with its parameter table made afresh (between START and END). */
export function withParameterTable(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} section`);
  return `${readme.slice(0, start + START.length)}\n${parameterTable()}\n${readme.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const readme = readFileSync('README.md', 'utf8');
  const next = withParameterTable(readme);
  if (next !== readme) writeFileSync('README.md', next);
  console.log(next === readme ? 'README.md: parameter table up to date' : 'README.md: parameter table rewritten');
}
