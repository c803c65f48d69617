/**
 * The `taxability` tables of a state's file (how its local taxes treat product categories) are
 * written by hand, not built from the rate sources: a rebuild keeps them. The file's own table
 * stays where the schema puts it (after `single_article_cap`), each jurisdiction's after its
 * rates and note. A jurisdiction whose table the rebuilt file no longer has (its code gone, or
 * the code now another jurisdiction's) stops the import: a table is never dropped, nor moved
 * to another jurisdiction, without a hand that decides it.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { UsLocalFile } from '../../src/core/rule-data.js';

/** The rebuilt file `built` with the `taxability` tables of the file it replaces (at `path`, when there is one). */
export function keepTaxability(built: UsLocalFile, path: string): UsLocalFile {
  if (!existsSync(path)) return built;
  const old = JSON.parse(readFileSync(path, 'utf8')) as UsLocalFile;
  const kept = (old.jurisdictions ?? []).filter((j) => j.taxability !== undefined);
  if (old.taxability === undefined && kept.length === 0) return built;
  const byCode = new Map(built.jurisdictions.map((j) => [j.code, j]));
  const lost = kept.filter((j) => byCode.get(j.code)?.name !== j.name).map((j) => `${j.code} ${j.name}`);
  if (lost.length > 0) throw new Error(`${built.state}: the taxability of ${lost.join(', ')} (${path}) has no jurisdiction of that code and name in the rebuilt file: move it by hand`);
  const tables = new Map(kept.map((j) => [j.code, j.taxability]));
  const jurisdictions = built.jurisdictions.map((j) => (tables.has(j.code) ? { ...j, taxability: tables.get(j.code) } : j));
  if (old.taxability === undefined) return { ...built, jurisdictions };
  // The file's table goes before share_basis, as the schema orders the keys.
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries({ ...built, jurisdictions })) {
    if (key === 'share_basis') out.taxability = old.taxability;
    out[key] = value;
  }
  return out as unknown as UsLocalFile;
}
