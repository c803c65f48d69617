/**
 * One state's import, from its recipe to the text of rules/us/local/<ST>.json: the reader its
 * kind names, the file of its rates and areas, its dated history, its PO-box ZIP codes and the
 * taxability tables the file it replaces was given by hand. The inputs are those
 * `loadInputs` (./inputs.ts) read.
 */
import { join } from 'node:path';
import type { UsLocalFile } from '../../src/core/rule-data.js';
import { formatRuleFile } from '../rule-format.js';
import { applyHistory, loadHistory } from '../us-local-history.js';
import { addPoBoxZips, type PoBoxSource } from '../us-pobox.js';
import { buildFile } from './areas.js';
import { buildRecipe, type Recipe } from './kinds.js';
import { keepTaxability } from './taxability.js';
import { applyCorrections, type CorrectionsFile } from './corrections.js';
import { applyWeekly, type WeeklyFile } from './weekly.js';

/** A state's file as built, and its text as written to `outDir` (whose earlier file's taxability it keeps). */
export function importState(recipe: Recipe, o: { historyDir: string; poBoxes: PoBoxSource; outDir: string; weekly?: WeeklyFile; corrections?: CorrectionsFile }): { file: UsLocalFile; text: string } {
  const st = buildRecipe(recipe);
  const built = st.finish ? st.finish(buildFile(st)) : buildFile(st);
  // The state's dated history, as data (scripts/us-local/history/<ST>.json).
  const history = loadHistory(recipe.state, o.historyDir);
  const dated = history ? applyHistory(built, history) : built;
  // Back to TaxLocus's first weekly table (scripts/us-local/taxlocus-weekly.json), the reader run on each weekly table.
  const back = o.weekly ? applyWeekly(dated, o.weekly, () => buildRecipe(recipe)) : dated;
  // Later rates and recorded-until days the state's file does not carry (scripts/us-local/corrections.json).
  const file = o.corrections ? applyCorrections(back, o.corrections) : back;
  // PO-box and unique ZIP codes, which have no Census area (scripts/us-pobox.ts).
  addPoBoxZips(file, o.poBoxes);
  // The taxability tables written by hand into the file this one replaces.
  return { file, text: formatRuleFile(keepTaxability(file, join(o.outDir, `${recipe.state}.json`))) };
}
