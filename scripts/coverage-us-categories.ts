import type { RuleData } from '../src/core/rule-data.js';
import { codeChains } from './coverage-categories.js';

type Limit = { amount: string; kind: string };
type Treatment = { from: string; treatment: string; class?: string; price_limit?: Limit; holiday?: string; note?: string };
type Table = Record<string, Treatment[] | undefined>;

/** The period of a sorted list in force on `day`. */
function inForceOn<T extends { from: string }>(list: readonly T[] | undefined, day: string): T | undefined {
  let hit: T | undefined;
  for (const p of list ?? []) if (p.from <= day) hit = p;
  return hit;
}

/**
 * A product category × state table of the US state sales taxes of `states`: each cell the
 * state tax's treatment in force on `day` (E exempt, N not taxable, Z zero-rated, T the
 * general rate, a number: taxed at another rate, — not recorded), marked with a price limit,
 * the holidays and changes of the years `from`…`until`, and a local treatment of its own.
 */
export function usCategoryTable(data: RuleData, day: string, states: readonly string[], heading: string, from = '2025-01-01', until = '2026-12-31'): string[] {
  const us = data.countries.find((c) => c.country === 'US');
  if (!us) return [];
  const codes = data.taxCodes.tax_codes.filter((c) => c.kind === 'category');
  const chains = codeChains(data);
  const lines = [
    '',
    `## ${heading}`,
    '',
    `The state sales tax's treatment of each product category on ${day}: E exempt, N not taxable, Z zero-rated, T taxed at the general rate, a number: taxed at that other rate (%), — not recorded (refused). Marks: $ a per-article price limit (x: only the part above it is taxed), H a sales-tax holiday between ${from} and ${until}, Δ another change in those years, L local taxes treat it otherwise (the state's local file), R local taxes may reach it and the local file does not record how, so it is refused (422) where they apply (listed below).`,
    '',
    `| category | ${states.join(' | ')} |`,
    `|---|${states.map(() => '---').join('|')}|`,
  ];
  for (const code of codes) {
    const cells = states.map((st) => {
      const j = us.jurisdictions.find((x) => x.region === st && x.level === 'state');
      const tax = j?.taxes.find((t) => t.role === 'main');
      if (!tax) return '·';
      const table = (tax.taxability ?? {}) as Table;
      const chain = chains.get(code.id) ?? [code.id];
      const periods = chain.map((c) => table[c]).find((l) => l !== undefined) ?? table.other_categories;
      const now = inForceOn(periods, day);
      const rates = tax.rates as Record<string, { from: string; rate: string }[] | undefined>;
      let cell = '—';
      if (now) {
        if (now.treatment === 'taxable') cell = now.class === 'standard' ? 'T' : `${inForceOn(rates[now.class ?? ''], day)?.rate ?? '?'}`;
        else cell = { exempt: 'E', not_taxable: 'N', zero_rated: 'Z', split: 'S', not_recorded: '—' }[now.treatment] ?? now.treatment;
        if (now.price_limit) cell += ` $${now.price_limit.amount}${now.price_limit.kind === 'excess' ? 'x' : ''}`;
      }
      const inYears = (periods ?? []).filter((p, i, all) => (all[i + 1]?.from ?? '9999') > from && p.from <= until);
      if (inYears.some((p) => p.holiday)) cell += ' H';
      const regular = inYears.filter((p) => !p.holiday).map((p) => `${p.treatment}/${p.class ?? ''}/${p.price_limit?.amount ?? ''}`);
      if (new Set(regular).size > 1) cell += ' Δ';
      const local = data.usLocal?.find((l) => l.state === st);
      const localTables = [local?.taxability, ...(local?.jurisdictions ?? []).map((x) => x.taxability)] as (Table | undefined)[];
      const localEntries = localTables.map((t) => chain.map((c) => t?.[c]).find((l) => l !== undefined)).filter((e) => e !== undefined);
      if (localEntries.some((e) => inForceOn(e, day)?.treatment === 'not_recorded')) cell += ' R';
      else if (localEntries.length > 0) cell += ' L';
      return cell;
    });
    lines.push(`| ${code.id} | ${cells.join(' | ')} |`);
  }
  // The entries that say a category is not recorded from a day (not_recorded), with why.
  const gaps: string[] = [];
  for (const st of states) {
    const tax = us.jurisdictions.find((x) => x.region === st && x.level === 'state')?.taxes.find((t) => t.role === 'main');
    const table = (tax?.taxability ?? {}) as Table;
    for (const [code, periods] of Object.entries(table)) {
      const now = inForceOn(periods, day);
      if (now?.treatment === 'not_recorded') gaps.push(`- ${st} ${code}, from ${now.from}: ${now.note ?? ''}`);
    }
    const local = data.usLocal?.find((l) => l.state === st);
    const localTables: [string, Table | undefined][] = [['the local file', local?.taxability as Table | undefined], ...(local?.jurisdictions ?? []).map((x): [string, Table | undefined] => [x.name, x.taxability as Table | undefined])];
    for (const [where, t] of localTables) {
      for (const [code, periods] of Object.entries(t ?? {})) {
        const now = inForceOn(periods, day);
        if (now?.treatment === 'not_recorded') gaps.push(`- ${st} ${code} (local taxes, ${where}), from ${now.from}: ${now.note ?? ''}`);
      }
    }
  }
  if (gaps.length > 0) lines.push('', `Not recorded on ${day} (refused, 422), and why:`, '', ...gaps);
  return lines;
}
