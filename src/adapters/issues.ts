import type * as z from 'zod/mini';
import { MAX_LISTED_ISSUES, type TaxRulesIssue } from '../core/errors.js';
import { unknownFields } from './read.js';

/** The part of a zod schema's definition read to find the field names of an object. */
interface Def {
  type?: string;
  shape?: Record<string, unknown>;
  element?: unknown;
  innerType?: unknown;
  options?: readonly unknown[];
  in?: unknown;
}

function defOf(schema: unknown): Def | undefined {
  return (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;
}

/** The field names of the object schema at `path` in `schema` (empty when there is none). */
function namesAt(schema: unknown, path: readonly PropertyKey[], at = 0): string[] {
  const def = defOf(schema);
  if (def === undefined) return [];
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return namesAt(def.innerType, path, at);
    case 'pipe':
      return namesAt(def.in, path, at);
    case 'union':
      for (const option of def.options ?? []) {
        const names = namesAt(option, path, at);
        if (names.length > 0) return names;
      }
      return [];
    case 'array':
      return at < path.length ? namesAt(def.element, path, at + 1) : [];
    case 'object': {
      const shape = def.shape ?? {};
      if (at === path.length) return Object.keys(shape);
      const key = path[at];
      return typeof key === 'string' && Object.hasOwn(shape, key) ? namesAt(shape[key], path, at + 1) : [];
    }
    default:
      return [];
  }
}

/** Unknown keys listed one by one per object; beyond, one issue counts the rest (an object of a million keys does not make a million issues): together within what an error lists. */
const MAX_UNKNOWN_LISTED = MAX_LISTED_ISSUES - 1;


/**
 * Turns zod issues into taxrules issues: missing and wrong-type fields are 400s, bad values
 * 406s. An object's unknown keys (zod's `unrecognized_keys`) become one `unknown_field`
 * issue each, naming the closest field of `schema` at that place: "account.registrations.0.valid_form:
 * unknown field; did you mean valid_from?".
 */
export function issuesFromZod(error: { issues: readonly z.core.$ZodIssue[] }, prefix: (string | number)[] = [], schema?: unknown): TaxRulesIssue[] {
  const out: TaxRulesIssue[] = [];
  for (const issue of error.issues) {
    const inner = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    const path = [...prefix, ...inner];
    const field = path.join('.') || 'input';
    if (issue.code === 'unrecognized_keys') {
      const keys = Object.fromEntries(issue.keys.slice(0, MAX_UNKNOWN_LISTED).map((k) => [k, true]));
      out.push(...unknownFields(keys, namesAt(schema, inner), path, 'field'));
      const more = issue.keys.length - MAX_UNKNOWN_LISTED;
      if (more > 0) out.push({ path, code: 'unknown_field', message: `${field}: ${more} more unknown field${more === 1 ? '' : 's'}` });
    } else if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) {
      out.push({ path, code: 'missing', message: `${field} is required` });
    } else if (issue.code === 'invalid_value') {
      const values = Object.hasOwn(issue, 'values') ? (issue.values as unknown[]).map(String).join(', ') : '';
      out.push({ path, code: 'invalid_value', message: `${field} must be one of: ${values}` });
    } else {
      out.push({ path, code: 'malformed', message: `${field}: ${issue.message}` });
    }
  }
  return out;
}
