import type * as z from 'zod/mini';
import { MAX_LISTED_ISSUES, oneOf, TAX_CODES_LISTED_IN, unreadable, type TaxRulesIssue } from '../core/errors.js';
import { TAX_CODES } from '../generated/tax-codes.js';
import { closestName } from './input.js';
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

/**
 * The fields zod reads, on its way to a refusal, from objects of its own that may lack them:
 * the property descriptors of the error it builds (`get`, `set`, `value`, `writable`), an
 * issue's `message`, `path`, `error` and `schema` (the schema a check's issue is stamped
 * with, where the issue has none), its schemas' `_zod`, the names of types, and whether
 * the parse reports each issue's input (`reportInput`).
 */
const ZOD_READS = ['_zod', 'abort', 'array', 'error', 'get', 'message', 'number', 'path', 'reportInput', 'schema', 'set', 'string', 'undefined', 'value', 'when', 'writable'] as const;

/**
 * Runs `parse` (a zod parse and the reading of its issues) with none of ZOD_READS on
 * Object.prototype: a polluted one is lifted off for the parse and put back as it was, in
 * the same synchronous step, so nothing else runs in between and nothing stays changed. A
 * field defined as not configurable cannot be lifted and stays (a prototype frozen or sealed
 * so cannot be polluted either). Without such fields, `parse` runs as it is.
 */
export function withoutZodReads<T>(parse: () => T): T {
  const proto = Object.prototype as Record<string, unknown>;
  let lifted: [string, PropertyDescriptor][] | undefined;
  for (const key of ZOD_READS) {
    if (!Object.hasOwn(proto, key)) continue;
    // Without a prototype: a descriptor must not inherit the `get` or `value` it is put back beside.
    const d = Object.setPrototypeOf(Object.getOwnPropertyDescriptor(proto, key) as PropertyDescriptor, null) as PropertyDescriptor;
    if (d.configurable === true) (lifted ??= []).push([key, d]);
  }
  if (lifted === undefined) return parse();
  for (const [key] of lifted) delete proto[key];
  try {
    return parse();
  } finally {
    for (const [key, d] of lifted) Object.defineProperty(proto, key, d);
  }
}

/** What a schema made of a value: the value as read, or its issues in taxrules' words. */
export type Checked<T> = { success: true; data: T } | { success: false; issues: TaxRulesIssue[] };

/**
 * `schema.safeParse(value)`, its issues in taxrules' words under `prefix` (see
 * issuesFromZod). A polluted Object.prototype changes neither the answer nor its issues:
 * `value` is read by the caller as a copy of its own fields, and zod's own objects are read
 * without the fields it may inherit (withoutZodReads).
 */
export function checkBySchema<S extends z.ZodMiniType>(schema: S, value: unknown, prefix: (string | number)[] = []): Checked<z.output<S>> {
  return withoutZodReads((): Checked<z.output<S>> => {
    // With the input of each issue: a wrong value of an enumeration is answered with the value meant.
    let parsed;
    try {
      parsed = schema.safeParse(value, { reportInput: true });
    } catch (e) {
      // A value zod cannot read (an object in place of an array whose length is no number, say): a 400, never its exception.
      throw unreadable(e, prefix);
    }
    return parsed.success ? { success: true, data: parsed.data } : { success: false, issues: issuesFromZod(parsed.error, prefix, schema) };
  });
}

/** Unknown keys listed one by one per object; beyond, one issue counts the rest (an object of a million keys does not make a million issues): together within what an error lists. */
const MAX_UNKNOWN_LISTED = MAX_LISTED_ISSUES - 1;


/**
 * The end of a refusal of `input` as none of an enumeration's `values`: `; did you mean ebook?`
 * when one is close to it (as the v20241028 query parameters suggest one), else ''.
 */
function meantValue(input: unknown, values: readonly unknown[]): string {
  if (typeof input !== 'string') return '';
  const near = closestName(input, values.filter((v): v is string => typeof v === 'string'));
  return near === null ? '' : `; did you mean ${near}?`;
}

/**
 * Turns zod issues into taxrules issues: missing and wrong-type fields are 400s, bad values
 * 406s. An object's unknown keys (zod's `unrecognized_keys`) become one `unknown_field`
 * issue each, naming the closest field of `schema` at that place: "account.registrations.0.valid_form:
 * unknown field; did you mean valid_from?". A value that is none of an enumeration's names
 * the one closest to it, for issues that carry their input (`reportInput`): "line_items.0.tax_code
 * must be one of: …; did you mean ebook?".
 */
/** Whether an enumeration's values are the tax codes (the list a message points to). */
function isTaxCodes(values: readonly unknown[]): boolean {
  return values.length === TAX_CODES.length && values[0] === TAX_CODES[0] && values[values.length - 1] === TAX_CODES[TAX_CODES.length - 1];
}

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
      const values: unknown[] = Object.hasOwn(issue, 'values') ? issue.values : [];
      const near = Object.hasOwn(issue, 'input') ? meantValue(issue.input, values) : '';
      out.push({ path, code: 'invalid_value', message: `${field} must be ${oneOf(values, isTaxCodes(values) ? TAX_CODES_LISTED_IN : undefined)}${near}` });
    } else {
      out.push({ path, code: 'malformed', message: `${field}: ${issue.message}` });
    }
  }
  return out;
}
