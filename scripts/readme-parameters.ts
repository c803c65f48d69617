/**
 * The quotes guide's table of the v20241028 query parameters, made from TAX_RATE_PARAMETERS
 * (the table the parser, the types and the CLI's flags come from). test/readme.test.ts
 * checks that the documentation holds it.
 *
 * Usage: tsx scripts/readme-parameters.ts   (rewrites the table in docs/quotes.md)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TAX_RATE_PARAMETERS, TAX_RATE_PARAMETER_KINDS } from '../src/adapters/v20241028.js';

export const START = '<!-- parameters: made by scripts/readme-parameters.ts from TAX_RATE_PARAMETERS -->';
export const END = '<!-- parameters end -->';

/** What a value of each kind that has no fixed form looks like, for the table. */
const FREE_FORM: Partial<Record<string, string>> = { text: 'any text', 'postal code': 'as written in its country' };

/**
 * The tax codes in the table: the service interface's seven by name, the product categories by
 * where they are listed. The categories and their finer codes grow with the rule data, and a new
 * one is data only: the guide is not written again for it.
 */
function taxCodeValues(all: readonly string[]): string {
  const { tax_codes: codes } = JSON.parse(readFileSync('rules/tax-codes.json', 'utf8')) as { tax_codes: { id: string; kind: string }[] };
  const spec = new Set(codes.filter((c) => c.kind === 'spec').map((c) => c.id));
  const named = all.filter((code) => spec.has(code)).map((code) => `\`${code}\``);
  return `${named.join(', ')}, or a product category or finer code of \`GET /tax_codes\` ([categories](categories.md))`;
}

/** The table in Markdown, one row per parameter. */
export function parameterTable(): string {
  const rows = TAX_RATE_PARAMETERS.map((p) => {
    const kind = TAX_RATE_PARAMETER_KINDS[p.kind];
    const value = p.kind === 'tax code' && kind.values ? taxCodeValues(kind.values) : kind.values ? kind.values.map((v) => `\`${v}\``).join(', ') : (FREE_FORM[p.kind] ?? kind.expected);
    return `| \`${p.name}\` | ${p.kind} | ${value} | ${p.max} | ${p.required ? '**Required.** ' : ''}${p.description} |`;
  });
  return ['| parameter | kind | value | longest | meaning |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** The guide that holds the table. */
export const PARAMETERS_FILE = 'docs/quotes.md';

/** The guide with its parameter table made afresh (between START and END). */
export function withParameterTable(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${PARAMETERS_FILE} has no ${START} … ${END} section`);
  return `${readme.slice(0, start + START.length)}\n${parameterTable()}\n${readme.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const guide = readFileSync(PARAMETERS_FILE, 'utf8');
  const next = withParameterTable(guide);
  if (next !== guide) writeFileSync(PARAMETERS_FILE, next);
  console.log(next === guide ? `${PARAMETERS_FILE}: parameter table up to date` : `${PARAMETERS_FILE}: parameter table rewritten`);
}
