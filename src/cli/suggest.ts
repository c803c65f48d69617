/**
 * "Did you mean" for the command line: the known names a mistyped one was probably meant as,
 * found by edit distance and by prefix (`juris` → jurisdiction, jurisdictions), as git, gh
 * and cobra suggest commands.
 */
import type { WorldEntry } from '../core/compiled.js';
import { editDistance } from '../adapters/input.js';

/** Names longer than this are no typo of a known one: not compared (the distance is quadratic). */
const LONGEST = 64;
/** The most names a suggestion lists. */
const MOST = 3;

/** The library's edit distance (optimal string alignment: a transposition of adjacent characters costs 1, so `quoet` is 1 from `quote`). */
export { editDistance };

/**
 * The most edits a typo of `word` may have: one for a short word, a third of its length for a
 * longer one, three at most. Two-letter words (country codes) are one edit from dozens of
 * others: a suggestion for them would be a guess, so {@link countrySuggestion} reads names instead.
 */
const typoLimit = (word: string): number => Math.min(3, Math.max(1, Math.floor(word.length / 3)));

/**
 * The known names `word` was probably meant as, best first, at most three: those closest to
 * it within a typo's reach (case aside), else those it begins (three letters at least). Empty
 * when none is close.
 */
export function suggestionsFor(word: string, known: readonly string[]): string[] {
  if (word.length > LONGEST || word.length < 2) return [];
  const typed = word.toLowerCase();
  const limit = typoLimit(typed);
  const scored = known.map((name) => ({ name, d: editDistance(typed, name.toLowerCase()) })).filter((s) => s.d <= limit);
  if (scored.length > 0) {
    const best = Math.min(...scored.map((s) => s.d));
    return scored.filter((s) => s.d === best).slice(0, MOST).map((s) => s.name);
  }
  return typed.length >= 3 ? known.filter((name) => name.toLowerCase().startsWith(typed)).slice(0, MOST) : [];
}

/** Names in words: `a`, `a or b`, `a, b or c`. */
function either(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** The end of a refusal that names what was meant (`; did you mean AT or AU?`), or '' for no names. */
export function meant(names: readonly string[], prefix = ''): string {
  return names.length > 0 ? `; did you mean ${either(names.map((n) => `${prefix}${n}`))}?` : '';
}

/**
 * The end of a refusal that names what `word` was probably meant as: `; did you mean quote?`,
 * `; did you mean jurisdiction or jurisdictions?`, or '' when nothing is close. `prefix` goes
 * before each name (`--`).
 */
export function didYouMean(word: string, known: readonly string[], prefix = ''): string {
  return meant(suggestionsFor(word, known), prefix);
}

/**
 * The country codes someone who typed `text` meant, when the text says it: a country's
 * ISO 3166-1 numeric code (`276` → DE), its name or the start of it (`germany`, `Germny` →
 * DE; `united` → AE, GB, US). A two-letter code that is none (`ZZ`) suggests nothing: dozens
 * of codes are one letter from it, and any of them would be a guess.
 */
export function countrySuggestions(text: string, world: ReadonlyMap<string, WorldEntry>): string[] {
  const typed = text.trim().toLowerCase();
  if (typed.length < 3 || typed.length > LONGEST) return [];
  const entries = [...world.values()];
  if (/^[0-9]+$/.test(typed)) return entries.filter((c) => c.numeric === Number(typed)).map((c) => c.code);
  const byName = new Map(entries.map((c) => [c.name.toLowerCase(), c.code]));
  return suggestionsFor(typed, [...byName.keys()]).map((name) => byName.get(name) as string);
}
