import type { RuleData } from '../src/core/rule-data.js';

type Period = { from: string; rate?: string; class?: string; treatment?: string; codes?: string[] };
type Table = Record<string, Period[] | undefined>;

function inForceOn<T extends Period>(list: readonly T[] | undefined, day: string): T | undefined {
  let hit: T | undefined;
  for (const p of list ?? []) if (p.from <= day) hit = p;
  return hit;
}

/**
 * A category × jurisdiction table of the main tax of each country listed: the treatment of
 * every product category in force on `day`, from the tax's own table (else its
 * `other_categories`, marked "o"). A rate is the class's rate in force; "S" marks the
 * standard class, "Z" a zero rate, "ex" an exemption, "out" outside the tax; a split lists
 * the rates of its finer codes. The last row lists the days in 2025 and 2026 on which a
 * category's treatment changes.
 */
export function categoryTable(data: RuleData, day: string, title: string, countries: readonly string[]): string[] {
  const categories = data.taxCodes.tax_codes.filter((c) => c.kind === 'category' && c.jurisdictions === undefined).map((c) => c.id as string);
  const mains = countries.map((cc) => {
    const country = data.countries.find((c) => c.country === cc);
    const tax = country?.jurisdictions.find((j) => j.level === 'country')?.taxes.find((t) => t.role === 'main');
    return { cc, tax };
  });
  const cell = (rates: Record<string, Period[]>, table: Table, code: string): string => {
    const own = table[code];
    const p = inForceOn(own ?? table.other_categories, day);
    if (!p) return '—';
    const mark = own ? '' : ' o';
    switch (p.treatment) {
      case 'taxable': {
        const rate = inForceOn(rates[p.class ?? 'standard'], day)?.rate ?? '?';
        return `${p.class === 'standard' ? 'S ' : ''}${rate}${mark}`;
      }
      case 'zero_rated':
        return `0 Z${mark}`;
      case 'exempt':
        return `ex${mark}`;
      case 'not_taxable':
        return `out${mark}`;
      case 'split':
        return `split ${(p.codes ?? []).map((c) => cell(rates, table, c).replace(/^S /, '')).join('/')}`;
      default:
        return '?';
    }
  };
  const lines = [
    '',
    `## ${title}`,
    '',
    `The VAT treatment of each product category on ${day}: the rate in % (S: the standard rate; Z: zero-rated; ex: exempt; split: the law splits the category, the rates of its finer codes; o: from the tax's other_categories). The last row lists the days in 2025 and 2026 on which a category's treatment changes. Sources and notes are in the country files.`,
    '',
    `| category | ${mains.map((m) => m.cc).join(' | ')} |`,
    `|---|${mains.map(() => '---').join('|')}|`,
  ];
  for (const code of categories) {
    lines.push(`| ${code} | ${mains.map(({ tax }) => (tax ? cell(tax.rates as Record<string, Period[]>, (tax.taxability ?? {}) as Table, code) : '—')).join(' | ')} |`);
  }
  const changes = mains.map(({ tax }) => {
    const days = new Set<string>();
    for (const [code, list] of Object.entries((tax?.taxability ?? {}) as Table)) {
      const isCategory = code === 'other_categories' || data.taxCodes.tax_codes.some((c) => c.id === code && c.kind === 'category');
      if (!isCategory) continue;
      for (const p of list ?? []) if (p.from > '2025-01-01' && p.from < '2027-01-01') days.add(p.from);
    }
    return [...days].sort().join(', ') || '—';
  });
  lines.push(`| changes 2025-2026 | ${changes.join(' | ')} |`);
  return lines;
}
