/**
 * A category × country table for COVERAGE.md: how the main tax of each listed country
 * treats every product category (and the finer codes those countries record) on a day,
 * looked up as the engine does (the tax's table, the parent's entry, the regime's, then
 * other_categories), with the dated changes the tables record after their first period.
 */
import type { RuleData } from '../src/core/rule-data.js';
import { codeChains as chainsOf } from '../src/core/code-chain.js';

type Period = { from: string; rate?: string; class?: string; treatment?: string; codes?: string[] };
type Table = Record<string, Period[] | undefined>;

function inForceOn<T extends { from: string }>(list: readonly T[] | undefined, day: string): T | undefined {
  let hit: T | undefined;
  for (const p of list ?? []) if (p.from <= day) hit = p;
  return hit;
}

/** Each tax code's chain: the code, its parent, the parent's parent … (where a table's treatment of it is looked for, as the engine does). */
export function codeChains(data: RuleData): Map<string, string[]> {
  return chainsOf(data.taxCodes.tax_codes);
}

/** Markdown lines of one section: `heading`, then the table for `countries` on `day`. */
export function categoryCoverage(data: RuleData, heading: string, countries: readonly string[], day: string): string[] {
  const codes = data.taxCodes.tax_codes.filter((c) => c.kind === 'category');
  const chains = codeChains(data);
  const categoryIds = new Set(codes.map((c) => c.id as string));
  const regimes = new Map(data.regimes.map((r) => [r.regime, (r.taxability ?? {}) as Table]));
  const mains = countries.map((id) => {
    const c = data.countries.find((x) => x.country === id);
    const j = c?.jurisdictions.find((x) => x.level === 'country');
    const t = j?.taxes.find((x) => x.role === 'main');
    const regimeId = c ? (inForceOn(c.regimes, day)?.regime as string | undefined) : undefined;
    return { id, tax: t, own: (t?.taxability ?? {}) as Table, regime: regimeId ? (regimes.get(regimeId) ?? {}) : {} };
  });
  const rows = codes.filter((c) => !c.parent || mains.some((m) => m.own[c.id as string]));
  const cell = (m: (typeof mains)[number], code: string): string => {
    if (!m.tax) return '—';
    const chain = chains.get(code) ?? [code];
    const inChain = (table: Table) => chain.map((c) => table[c]).find((l) => l !== undefined);
    const list = inChain(m.own) ?? inChain(m.regime) ?? m.own.other_categories ?? m.regime.other_categories;
    const t = inForceOn(list, day);
    if (!t) return '—';
    const mark = m.own[code] ? '' : m.own.other_categories && list === m.own.other_categories ? '°' : '';
    if (t.treatment === 'taxable') {
      const rate = inForceOn((m.tax.rates as Record<string, Period[]>)[t.class ?? 'standard'], day)?.rate ?? '?';
      return `${rate}${mark}`;
    }
    return { zero_rated: '0 z', exempt: 'ex', not_taxable: 'n/t', split: 'split', not_recorded: '—' }[t.treatment as string] ?? String(t.treatment);
  };
  const lines = [
    '',
    `## ${heading}`,
    '',
    `The main VAT's treatment of each product category on ${day}, in % (° the country's other_categories: the standard rate as the general rule; 0 z zero-rated; ex exempt; split: the law divides the category, ask by its finer codes, the rows below their parent; — not recorded). Each cell's source and note are in the country file.`,
    '',
    `| category | ${countries.join(' | ')} |`,
    `|---|${countries.map(() => '---').join('|')}|`,
  ];
  for (const c of rows) lines.push(`| ${c.parent ? `↳ ${c.id}` : c.id} | ${mains.map((m) => cell(m, c.id as string)).join(' | ')} |`);
  lines.push('', 'Dated changes after the first recorded period:', '');
  for (const m of mains) {
    const changes = Object.entries(m.own)
      .filter(([k]) => categoryIds.has(k) || k === 'other_categories')
      .flatMap(([k, l]) => (l ?? []).slice(1).map((p) => ({ from: p.from, text: `${k} ${p.from} (${p.treatment === 'taxable' ? (p.class ?? 'standard') : p.treatment})` })))
      .sort((a, b) => a.from.localeCompare(b.from) || a.text.localeCompare(b.text))
      .map((c) => c.text);
    lines.push(`- ${m.id}: ${changes.join('; ') || 'none'}`);
  }
  return lines;
}
