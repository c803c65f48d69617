/**
 * The account's tax IDs as the spec's service makes them (`POST /tax_ids`, `PUT /tax_ids/{id}`):
 * a request body checked and turned into a registration with the service's defaults, one an
 * `Account` takes as it is. taxrules stores nothing: the server keeps the registration (and
 * gives it its `id`).
 */
import type { AccountRegistrationInput } from './adapters/schemas.js';
import { errorFromIssues, quoted, type TaxRulesIssue } from './core/errors.js';
import { dayNumber } from './core/dates.js';
import type { RuleSet } from './core/ruleset.js';
import { guarded, ownCopy, ruleSetArg, unknownFields, unreadable } from './adapters/read.js';
import { MAX_TAX_DATE } from './adapters/schemas.js';
import { registrationStart } from './adapters/account.js';

/** A registration as the service keeps it: every field set, `valid_from` included. */
export interface CreatedRegistration {
  jurisdiction_id: number;
  value: string;
  /** The first day it counts: the request's, else 1 January of the year it was created. */
  valid_from: string;
  /** Its last day; absent when it does not expire. */
  valid_until?: string;
  permanent_establishment: boolean;
  import_scheme: boolean;
  /** When it was created, Unix seconds. */
  created_at: number;
}

/** A registration after an update: `created_at` is kept when the stored one has it, and `value` when it has one. */
export type UpdatedRegistration = Omit<CreatedRegistration, 'created_at' | 'value'> & { value?: string; created_at?: number };

/** The options of `createRegistration`. */
export interface CreateRegistrationOptions {
  /** The time of creation in Unix seconds, or a function giving it; default: the clock. It sets `created_at` and the default `valid_from` (1 January of its year, UTC). */
  now?: number | (() => number);
  /** The rule set the jurisdiction is looked up in; default: every rule file. */
  rules?: RuleSet;
}

const CREATE_FIELDS = ['jurisdiction_id', 'value', 'valid_from', 'valid_until', 'permanent_establishment', 'import_scheme'] as const;
/** The fields `PUT /tax_ids/{id}` changes ("partial"); `jurisdiction_id` is create only. */
export const REGISTRATION_UPDATABLE_FIELDS = ['value', 'valid_from', 'valid_until', 'permanent_establishment', 'import_scheme'] as const;

/** A body's object, its own fields read once, into an object with no prototype (a field it lacks is never an inherited one). */
function bodyOf(body: unknown, what: string): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw errorFromIssues([{ path: [], code: 'malformed', message: `${what} must be an object, got ${quoted(body, 60)}` }]);
  }
  try {
    return Object.assign(Object.create(null) as Record<string, unknown>, ownCopy(body, 1, 0));
  } catch (e) {
    throw unreadable(e, []);
  }
}

/** The checks of the fields a create and an update share. */
function checkFields(b: Record<string, unknown>, issues: TaxRulesIssue[]): void {
  if (b.value !== undefined && (typeof b.value !== 'string' || b.value.trim() === '' || b.value.length > 100)) {
    issues.push({ path: ['value'], code: 'malformed', message: `value must be the registration's tax ID, a text of 1 to 100 characters, got ${quoted(b.value, 40)}` });
  }
  for (const k of ['valid_from', 'valid_until'] as const) {
    const v = b[k];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string' || Number.isNaN(dayNumber(v))) issues.push({ path: [k], code: 'malformed', message: `${k} must be a calendar date YYYY-MM-DD${k === 'valid_until' ? ', or blank for no expiry' : ''}, got ${quoted(v, 40)}` });
  }
  for (const k of ['permanent_establishment', 'import_scheme'] as const) {
    if (b[k] !== undefined && typeof b[k] !== 'boolean') issues.push({ path: [k], code: 'malformed', message: `${k} must be true or false, got ${quoted(b[k], 40)}` });
  }
}

function nowSeconds(now: unknown): number {
  let s: unknown;
  try {
    s = typeof now === 'function' ? (now as () => unknown)() : (now ?? Math.floor(Date.now() / 1000));
  } catch (e) {
    throw unreadable(e, ['options', 'now'], 'options.now()');
  }
  if (typeof s !== 'number' || !Number.isSafeInteger(s) || s < 0 || s > MAX_TAX_DATE) {
    throw errorFromIssues([{ path: ['options', 'now'], code: 'malformed', message: `options.now must be Unix seconds from 0 to ${MAX_TAX_DATE}, got ${quoted(s, 60)}` }]);
  }
  return s;
}

/** A registration in the shape an account takes, its dates in order. */
function finished<R extends UpdatedRegistration>(r: Omit<R, 'valid_until'> & { valid_until?: unknown }): R {
  const until = r.valid_until === undefined || r.valid_until === null || r.valid_until === '' ? undefined : (r.valid_until as string);
  if (until !== undefined && until < r.valid_from) {
    throw errorFromIssues([{ path: ['valid_until'], code: 'invalid_value', message: `valid_until ${until} is before valid_from ${r.valid_from}` }]);
  }
  const { valid_until: _, ...rest } = r;
  return Object.freeze({ ...rest, ...(until === undefined ? {} : { valid_until: until }) }) as unknown as R;
}

/**
 * The registration a `POST /tax_ids` body makes (`jurisdiction_id` and `value` required), with
 * the spec's defaults: `valid_from` 1 January of the year of creation ("defaults to the
 * beginning of the current year"), no expiry when `valid_until` is omitted or blank,
 * `permanent_establishment` and `import_scheme` false, `created_at` the time of creation. The
 * result is a registration an `Account` takes as it is; the server stores it and answers it
 * with its `id` and `jurisdiction` (`getJurisdiction`). An unknown field, a jurisdiction the
 * rules do not have or a malformed value is a TaxRulesError (400).
 *
 * @example
 * ```ts
 * import { createRegistration } from 'taxrules';
 *
 * // Created on 2026-05-28 (Unix seconds 1780000000): valid from 1 January of that year.
 * createRegistration({ jurisdiction_id: 276, value: 'DE136695976' }, { now: 1780000000 });
 * // { jurisdiction_id: 276, value: 'DE136695976', valid_from: '2026-01-01', permanent_establishment: false, import_scheme: false, created_at: 1780000000 }
 * ```
 */
export function createRegistration(body: unknown, options: CreateRegistrationOptions = {}): CreatedRegistration {
  return guarded(() => {
    const o = bodyOf(options, 'options');
    const optIssues = unknownFields(o, ['now', 'rules'], ['options'], 'option');
    if (optIssues.length > 0) throw errorFromIssues(optIssues);
    const rules = ruleSetArg(o.rules, ['options', 'rules']);
    const b = bodyOf(body, 'the registration');
    const issues = unknownFields(b, CREATE_FIELDS, [], 'field');
    const id = b.jurisdiction_id;
    if (id === undefined) issues.push({ path: ['jurisdiction_id'], code: 'missing', message: 'jurisdiction_id is required: the jurisdiction of the registration (see listJurisdictions)' });
    else if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) issues.push({ path: ['jurisdiction_id'], code: 'malformed', message: `jurisdiction_id must be a positive integer, got ${quoted(id, 40)}` });
    else if (!rules.jurisdictions.has(id)) issues.push({ path: ['jurisdiction_id'], code: 'invalid_value', message: `jurisdiction_id ${id} is not a known jurisdiction (see listJurisdictions)` });
    if (b.value === undefined) issues.push({ path: ['value'], code: 'missing', message: "value is required: the registration's local tax ID" });
    checkFields(b, issues);
    if (issues.length > 0) throw errorFromIssues(issues);
    const created = nowSeconds(o.now);
    return finished<CreatedRegistration>({
      jurisdiction_id: id as number,
      value: b.value as string,
      valid_from: registrationStart(b.valid_from as string | null | undefined, created) as string,
      valid_until: b.valid_until,
      permanent_establishment: (b.permanent_establishment as boolean | undefined) ?? false,
      import_scheme: (b.import_scheme as boolean | undefined) ?? false,
      created_at: created,
    });
  });
}

/**
 * A registration after a `PUT /tax_ids/{id}` body: the fields it gives replace the stored ones
 * (`value`, `valid_from`, `valid_until`, `permanent_establishment`, `import_scheme`); a blank
 * `valid_until` removes the expiry and a blank `valid_from` sets it back to 1 January of the
 * year of creation. `jurisdiction_id` cannot change (400, as any unknown field). The stored
 * registration keeps its `jurisdiction_id`, `value` and `created_at`; one without `valid_from`
 * and `created_at` is refused (400), as the day it starts would be unknown.
 *
 * @example
 * ```ts
 * import { createRegistration, updateRegistration } from 'taxrules';
 *
 * const stored = createRegistration({ jurisdiction_id: 276, value: 'DE136695976' }, { now: 1780000000 });
 * updateRegistration(stored, { valid_until: '2026-12-31' });
 * // { jurisdiction_id: 276, value: 'DE136695976', valid_from: '2026-01-01', valid_until: '2026-12-31', created_at: 1780000000, … }
 * ```
 */
export function updateRegistration(stored: AccountRegistrationInput | UpdatedRegistration, body: unknown): UpdatedRegistration {
  return guarded(() => {
    const s = bodyOf(stored, 'the stored registration');
    const b = bodyOf(body, 'the update');
    const issues = unknownFields(b, REGISTRATION_UPDATABLE_FIELDS, [], 'field').filter((x) => x.path[0] !== 'jurisdiction_id');
    if (b.jurisdiction_id !== undefined) {
      issues.push({ path: ['jurisdiction_id'], code: 'invalid_value', message: 'jurisdiction_id is set when a registration is created and cannot change: create a registration in the other jurisdiction' });
    }
    checkFields(b, issues);
    if (issues.length > 0) throw errorFromIssues(issues);
    const merged: Record<string, unknown> = Object.assign(Object.create(null) as Record<string, unknown>, s);
    for (const k of REGISTRATION_UPDATABLE_FIELDS) if (b[k] !== undefined) merged[k] = b[k];
    const storedIssues: TaxRulesIssue[] = [];
    checkFields(s, storedIssues);
    const createdAt = s.created_at;
    const start = registrationStart(merged.valid_from as string | null | undefined, typeof createdAt === 'number' && Number.isSafeInteger(createdAt) && createdAt >= 0 && createdAt <= MAX_TAX_DATE ? createdAt : undefined);
    if (typeof s.jurisdiction_id !== 'number' || !Number.isSafeInteger(s.jurisdiction_id) || s.jurisdiction_id <= 0) storedIssues.push({ path: ['stored', 'jurisdiction_id'], code: 'malformed', message: 'the stored registration has no jurisdiction_id' });
    if (start === undefined) storedIssues.push({ path: ['stored', 'created_at'], code: 'missing', message: 'the stored registration has neither valid_from nor created_at: the day it starts is unknown' });
    if (storedIssues.length > 0) throw errorFromIssues(storedIssues);
    return finished<UpdatedRegistration>({
      jurisdiction_id: s.jurisdiction_id as number,
      ...(typeof merged.value === 'string' ? { value: merged.value } : {}),
      valid_from: start as string,
      valid_until: merged.valid_until,
      permanent_establishment: (merged.permanent_establishment as boolean | undefined) ?? false,
      import_scheme: (merged.import_scheme as boolean | undefined) ?? false,
      ...(typeof createdAt === 'number' ? { created_at: createdAt } : {}),
    });
  });
}
