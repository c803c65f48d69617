import { UsLocalFile } from '../../src/core/rule-data.js';
import { CHECKED, TAXLOCUS_AS_OF, TAXLOCUS_CREDIT } from './inputs.js';
import { StateRates } from './state-rates.js';

/**
 * The recipes of scripts/us-local/recipes/<ST>.json: each names its builder (`kind`) and
 * gives what the builder reads, with its sources and prose. A template field's placeholders
 * ("{cities}") are filled by the builder; "$comment" may stand in any object.
 */
export interface RecipeFile {
  state: string;
  $comment?: string;
}

/** A single-article limit as the rule file writes it; without `checked`, the run's --checked day. */
export type CapData = Omit<NonNullable<UsLocalFile['single_article_cap']>, 'checked'> & { checked?: string };

/**
 * What the recipe of a state with a builder of its own gives beside its tables: its sources
 * (`source` the key of its rate table's) and the file's wording, whose templates may name
 * {taxlocus} (TaxLocus's credit), {asOf} (its table's day), {from} (the day the rates are
 * recorded from) and the placeholders of the state's builder.
 */
export interface ProseRecipe extends RecipeFile {
  sources: Record<string, string>;
  source: string;
  sourcing: UsLocalFile['sourcing'];
  sourcingNote?: string;
  complete: boolean;
  coverage: string;
  notes: string[];
}



/** A template's placeholders filled ("{cities}" → 42). */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{([^{}]*)\}/g, (m, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`no value for ${m} in "${template.slice(0, 80)}…"`);
    return String(v);
  });
}

/** The sources and the wording of a state's own recipe, its templates filled. */
export function proseOf(r: ProseRecipe, from: string, values: Readonly<Record<string, string | number>>): Pick<StateRates, 'sources' | 'from' | 'source' | 'sourcing' | 'sourcingNote' | 'complete' | 'coverage' | 'notes'> {
  const all = { taxlocus: TAXLOCUS_CREDIT, asOf: TAXLOCUS_AS_OF, from, ...values };
  if (!(r.source in r.sources)) throw new Error(`${r.state}: source ${r.source} is not in sources`);
  return {
    sources: Object.fromEntries(Object.entries(r.sources).map(([k, v]) => [k, fill(v, all)])),
    from,
    source: r.source,
    sourcing: r.sourcing,
    ...(r.sourcingNote ? { sourcingNote: fill(r.sourcingNote, all) } : {}),
    complete: r.complete,
    coverage: fill(r.coverage, all),
    notes: r.notes.map((n) => fill(n, all)),
  };
}

/** A single-article limit in the rule file's order, checked on the run's day unless it names its own. */
export function capOf(c: CapData): NonNullable<StateRates['singleArticleCap']> {
  return { amount: c.amount, currency: c.currency, ...(c.apportion !== undefined ? { apportion: c.apportion } : {}), ...(c.supplies ? { supplies: c.supplies } : {}), source: c.source, checked: c.checked ?? CHECKED, note: c.note };
}
