/**
 * Naming a caller's fields: an unknown field is an issue (`unknown_field`, 400) that names the
 * closest known name, its path cut short. Shared by every layer that reads input (the rules'
 * readers, tax IDs, the API forms).
 */
import { MAX_LISTED_ISSUES, quoted, type TaxRulesIssue } from './errors.js';

/** Edit distance of two short names (insertions, deletions, substitutions, transpositions of adjacent characters: optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((d[i - 1] as number[])[j]! + 1, (d[i] as number[])[j - 1]! + 1, (d[i - 1] as number[])[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (d[i - 2] as number[])[j - 2]! + 1);
      (d[i] as number[])[j] = v;
    }
  }
  return (d[a.length] as number[])[b.length]!;
}

/** The known name closest to an unknown one, when close enough to be a typo (or null). */
export function closestName(name: string, known: readonly string[]): string | null {
  if (name.length > 64) return null;
  const lower = name.toLowerCase();
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const k of known) {
    const dist = editDistance(lower, k);
    if (dist < bestDistance) {
      best = k;
      bestDistance = dist;
    }
  }
  return best !== null && bestDistance <= Math.max(2, Math.floor(best.length / 3)) ? best : null;
}

/** Unknown fields named one by one in an object; beyond, one issue counts the rest: together within what an error lists. */
const MAX_UNKNOWN_LISTED = MAX_LISTED_ISSUES - 1;

/**
 * The issues of an object's own keys that are not known names (`unknown_field`, 400), each
 * naming the closest known name: "tax_cod: unknown parameter; did you mean tax_code?".
 */
export function unknownFieldIssues(value: object, known: readonly string[], path: readonly (string | number)[], what = 'field'): { path: (string | number)[]; code: 'unknown_field'; message: string }[] {
  const issues: { path: (string | number)[]; code: 'unknown_field'; message: string }[] = [];
  let more = 0;
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    // The first ones named, with the field meant; the rest counted (an object of 100,000 unknown keys costs no 100,000 suggestions).
    if (issues.length >= MAX_UNKNOWN_LISTED) {
      more++;
      continue;
    }
    const near = closestName(key, known);
    const at = [...path, key];
    issues.push({ path: at, code: 'unknown_field', message: `${quoted(at.join('.'), 80).slice(1, -1)}: unknown ${what}${near ? `; did you mean ${near}?` : ''}` });
  }
  if (more > 0) issues.push({ path: [...path], code: 'unknown_field', message: `${quoted(path.join('.') || 'input', 80).slice(1, -1)}: ${more} more unknown ${what}${more === 1 ? '' : 's'}` });
  return issues;
}

/** Longest key kept whole in an issue's path: a 1 MB unknown key is not echoed back. */
const MAX_PATH_KEY = 100;

/** A key as an issue's path holds it: cut short when longer than 100 characters. */
export function shortKey(key: string | number): string | number {
  return typeof key === 'string' && key.length > MAX_PATH_KEY ? `${key.slice(0, MAX_PATH_KEY - 1)}…` : key;
}

/** The unknown fields of an object (see `unknownFieldIssues`), their paths cut short. */
export function unknownFields(value: object, known: readonly string[], path: readonly (string | number)[], what: string): TaxRulesIssue[] {
  return unknownFieldIssues(value, known, path, what).map((i) => ({ ...i, path: i.path.map(shortKey) }));
}
