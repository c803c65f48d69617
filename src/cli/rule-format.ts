/**
 * The canonical layout of a rule file (the repository's files, and what `taxrules rules
 * export` writes). One layout for every file means a change to the
 * data is a diff of the lines that changed, and a rate change is one line.
 *
 * The layout is JSON indented by two spaces, keys in the order the file gives them (never
 * sorted: the order is part of how a file reads), a final newline, and these one-line forms:
 *
 * 1. A dated or sourced entry of a list (an object in an array that has a `from` or a
 *    `checked` key: rate and treatment periods, regime memberships, supply rules, scheme
 *    covers, territory treatments) is one line, however long, with everything inside it.
 * 2. A row of a table (an object in an array whose values are all scalars: world and
 *    currency entries, tax codes, postal-code regions) is one line, however long.
 * 3. Any other object whose values are all scalars, and any array whose items are all
 *    scalars, is one line when that line fits in 160 characters (indentation and key
 *    included, a trailing comma not counted).
 *
 * One-line objects read `{ "key": value, "key": value }`, one-line arrays `["a", "b"]`.
 * Everything else has one member per line.
 */

/** Longest line a one-line object or array of scalars (rule 3) may make. */
export const LINE_WIDTH = 160;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isScalar(value: Json): value is null | boolean | number | string {
  return value === null || typeof value !== 'object';
}

function allScalars(value: Json[] | { [key: string]: Json }): boolean {
  return (Array.isArray(value) ? value : Object.values(value)).every(isScalar);
}

function oneLine(value: Json): string {
  if (isScalar(value)) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  const entries = Object.entries(value);
  return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`).join(', ')} }`;
}

/** Where a value stands: the top of the file, an item of a list, or the value of a key. */
type Place = 'top' | 'item' | 'member';

/**
 * The text of `value` at `place`, its first line starting `lead` characters into a line
 * indented by `indent`.
 */
function layout(value: Json, indent: string, lead: number, place: Place): string {
  if (isScalar(value)) return JSON.stringify(value);
  const isObject = !Array.isArray(value);
  if (place === 'item' && isObject && ('from' in value || 'checked' in value || allScalars(value))) return oneLine(value);
  if (place !== 'top' && allScalars(value)) {
    const text = oneLine(value);
    if (lead + text.length <= LINE_WIDTH) return text;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${layout(item, inner, inner.length, 'item')}`).join(',\n')}\n${indent}]`;
  }
  const members = Object.entries(value).map(([key, item]) => {
    const head = `${inner}${JSON.stringify(key)}: `;
    return `${head}${layout(item, inner, head.length, 'member')}`;
  });
  return members.length === 0 ? '{}' : `{\n${members.join(',\n')}\n${indent}}`;
}

/** The canonical text of a rule file holding `value` (see the rules at the top). */
export function formatRuleFile(value: unknown): string {
  // A JSON round trip first: what the file will hold (no undefined members, no toJSON).
  const json = JSON.parse(JSON.stringify(value)) as Json;
  return `${layout(json, '', 0, 'top')}\n`;
}
