/**
 * What is wrong with one field: `missing` (required, absent), `malformed` (wrong type or
 * form), `unknown_field` (a name that is not one of the input's: a typo is never ignored),
 * `invalid_value` (well-formed, but not a known code, country, currency or id),
 * `unprocessable` (the rules have no answer, e.g. before their recorded history),
 * `not_found` (no such resource).
 */
export type TaxRulesIssueCode = 'missing' | 'malformed' | 'unknown_field' | 'invalid_value' | 'unprocessable' | 'not_found';

/** One problem with an input: where, what, and a sentence a person can act on. */
export interface TaxRulesIssue {
  /** Path of the offending field, e.g. ["to_country"] or ["account", "registrations", 0, "jurisdiction_id"]. */
  path: (string | number)[];
  code: TaxRulesIssueCode;
  message: string;
}

/** HTTP status the service interface prescribes for the error. */
export type TaxRulesErrorStatus = 400 | 404 | 406 | 422;

/**
 * The error's code, one per status: `invalid_request` (400: missing, malformed or unknown
 * fields), `not_found` (404), `invalid_value` (406), `unsupported_version` (406: an API
 * version taxrules does not answer), `unprocessable` (422).
 */
export type TaxRulesErrorCode = 'invalid_request' | 'not_found' | 'invalid_value' | 'unsupported_version' | 'unprocessable';

/** An input as a message quotes it: JSON, cut to `max` characters (a 1 MB input is not echoed back). */
export function quoted(value: unknown, max = 60): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : typeof value === 'bigint' ? `${value}n` : (JSON.stringify(value) ?? String(value));
  } catch {
    // A Proxy or a getter that throws while being shown: name its kind instead (a revoked Proxy throws even when asked whether it is an array).
    let array = false;
    try {
      array = Array.isArray(value);
    } catch {
      array = false;
    }
    text = array ? '[array]' : `[${typeof value}]`;
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The brand of every TaxRulesError, whichever copy of the class made it. */
const TAX_RULES_ERROR: unique symbol = Symbol.for('taxrules.TaxRulesError') as never;

/**
 * The one error type of taxrules. `status` is the HTTP status the spec prescribes:
 * 400 malformed or missing parameter, 404 no such resource, 406 invalid parameter value,
 * 422 well-formed but not
 * processable. `issues` lists every problem found, not only the first.
 *
 * @example
 * ```ts
 * import { calculateTaxRate, defineAccount, TaxRulesError } from 'taxrules';
 *
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }] });
 * let error: unknown;
 * try {
 *   calculateTaxRate({ to_country: 'DE', tax_code: 'saas', date: '2026-02-30' }, seller);
 * } catch (e) {
 *   error = e;
 * }
 * // The error's JSON: the body an HTTP server answers, with the status.
 * error instanceof TaxRulesError ? error.toJSON() : error;
 * // { error: { code: 'invalid_request', status: 400, issues: [{ path: ['date'], code: 'malformed', message: 'date must be a calendar date YYYY-MM-DD, got "2026-02-30"' }], … } }
 * ```
 */
export class TaxRulesError extends Error {
  /**
   * `instanceof TaxRulesError` holds for an error of any copy of this class: each entry of
   * the package (`taxrules`, `taxrules/eu`, `taxrules/http`, their ESM and CommonJS builds) is
   * one self-contained file with its own copy, and an error thrown by one is caught by code
   * that imported another. The brand is a registered symbol, the same in every copy.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[TAX_RULES_ERROR] === true;
  }

  override readonly name = 'TaxRulesError';
  /** The brand `instanceof` reads. */
  declare readonly [TAX_RULES_ERROR]: true;
  readonly code: TaxRulesErrorCode;
  readonly status: TaxRulesErrorStatus;
  readonly issues: TaxRulesIssue[];
  /** The first offending field, joined with dots (`account.registrations.0.jurisdiction_id`). */
  readonly field: string | null;

  constructor(code: TaxRulesErrorCode, status: TaxRulesErrorStatus, issues: TaxRulesIssue[], message?: string) {
    const listed = capIssues(issues);
    super(boundedMessage(message ?? listed.map((i) => i.message).join('; ')));
    this.code = code;
    this.status = status;
    this.issues = listed;
    this.field = issues[0] ? issues[0].path.join('.') : null;
    // A descriptor without a prototype: a polluted Object.prototype adds no getter to it.
    Object.defineProperty(this, TAX_RULES_ERROR, Object.assign(Object.create(null) as PropertyDescriptor, { value: true }));
  }

  /** A JSON body for an HTTP response. */
  toJSON(): { error: { code: TaxRulesErrorCode; status: TaxRulesErrorStatus; message: string; issues: TaxRulesIssue[] } } {
    return { error: { code: this.code, status: this.status, message: this.message, issues: this.issues } };
  }
}

/** Issues an error lists at most; beyond them one more issue says how many were left out. */
export const MAX_LISTED_ISSUES = 50;

/**
 * The most an error takes as JSON (its `toJSON`, in UTF-8), whatever the input: 64 KiB. The
 * listed issues take at most 48 KiB of it, each at most MAX_ISSUE_MESSAGE characters of
 * message and MAX_ISSUE_PATH of path; the message at most MAX_ERROR_MESSAGE bytes.
 */
export const MAX_ERROR_BYTES = 64 * 1024;
const MAX_ISSUES_BYTES = 48 * 1024;
const MAX_ISSUE_MESSAGE = 2_000;
const MAX_ISSUE_PATH = 300;
const MAX_ERROR_MESSAGE = 8 * 1024;

/** Values a message names in full; a longer list is named by its first ones and a count. */
const MAX_NAMED_VALUES = 24;
const FIRST_NAMED_VALUES = 7;

/**
 * "one of: a, b, c" for a message — or, for a list longer than 24 values (the tax codes), its
 * first seven and how many more, with where the whole list is (`listedIn`), so that the message
 * stays short and what follows it (the value given, the one meant) is never cut off.
 */
export function oneOf(values: readonly unknown[], listedIn?: string): string {
  if (values.length <= MAX_NAMED_VALUES) return `one of: ${values.map(String).join(', ')}`;
  const first = values.slice(0, FIRST_NAMED_VALUES).map(String).join(', ');
  return `one of: ${first} … and ${values.length - FIRST_NAMED_VALUES} more${listedIn === undefined ? '' : ` (${listedIn})`}`;
}

/** Where a message points for the whole list of tax codes. */
export const TAX_CODES_LISTED_IN = 'listTaxCodes() or GET /tax_codes lists them';

/** Text cut to `max` characters, an ellipsis at the cut. */
function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** An issue within its bounds: its message cut, and its path cut where its keys would pass MAX_ISSUE_PATH characters. */
function bounded(issue: TaxRulesIssue): TaxRulesIssue {
  const path = issue.path;
  let length = 0;
  let changed = false;
  const out: (string | number)[] = [];
  for (const key of path) {
    const text = String(key);
    if (length + text.length > MAX_ISSUE_PATH) {
      out.push(typeof key === 'string' ? cut(key, Math.max(1, MAX_ISSUE_PATH - length)) : key);
      changed = true;
      break;
    }
    out.push(key);
    length += text.length + 1;
  }
  if (!changed && issue.message.length <= MAX_ISSUE_MESSAGE) return issue;
  return { path: changed ? out : path, code: issue.code, message: cut(issue.message, MAX_ISSUE_MESSAGE) };
}

/** Characters of a text that is within MAX_ERROR_MESSAGE bytes as JSON whatever they are: each takes at most 6 bytes (`\u001f`), its quotes 2. */
const SURELY_BOUNDED_MESSAGE = Math.floor((MAX_ERROR_MESSAGE - 2) / 6);

/** An error's message within its bound: at most MAX_ERROR_MESSAGE bytes as JSON. */
function boundedMessage(text: string): string {
  // A message of a few sentences, as nearly all are, needs no measuring.
  if (text.length <= SURELY_BOUNDED_MESSAGE) return text;
  let m = cut(text, MAX_ERROR_MESSAGE);
  while (m.length > 1 && utf8Length(JSON.stringify(m)) > MAX_ERROR_MESSAGE) m = cut(m, Math.floor(m.length / 2));
  return m;
}

/** The UTF-8 length of a text (up to 3 bytes per UTF-16 unit; exact for what errors hold). */
function utf8Length(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) n += c >= 0x800 && (c < 0xd800 || c > 0xdfff) ? 2 : 1;
  }
  return n;
}

/**
 * The issues an error lists: all of them up to MAX_LISTED_ISSUES within 48 KiB, else the first
 * ones and one that counts the rest (an input with a million bad values gets an error of a
 * few kilobytes, not hundreds of megabytes).
 */
function capIssues(issues: TaxRulesIssue[]): TaxRulesIssue[] {
  const first: TaxRulesIssue[] = [];
  let bytes = 0;
  for (let i = 0; i < issues.length; i++) {
    const issue = bounded(issues[i] as TaxRulesIssue);
    const size = utf8Length(JSON.stringify(issue)) + 1;
    if (i >= MAX_LISTED_ISSUES || bytes + size > MAX_ISSUES_BYTES) {
      first.push({ path: [], code: issue.code, message: `and ${issues.length - i} more issues like these` });
      return first;
    }
    first.push(issue);
    bytes += size;
  }
  return first;
}

/**
 * Builds the error for a list of issues: 400 when any is missing or malformed, else 406
 * (invalid values), else 422.
 */
export function errorFromIssues(issues: TaxRulesIssue[], status?: TaxRulesErrorStatus): TaxRulesError {
  const s: TaxRulesErrorStatus =
    status ?? (issues.some((i) => i.code === 'missing' || i.code === 'malformed' || i.code === 'unknown_field') ? 400 : issues.some((i) => i.code === 'unprocessable') ? 422 : 406);
  const code = s === 400 ? 'invalid_request' : s === 406 ? 'invalid_value' : 'unprocessable';
  return new TaxRulesError(code, s, issues);
}

/** The error for a question the rules have no answer to on that date (before a tax's recorded history): 422. */
export function beforeHistory(path: (string | number)[], message: string): TaxRulesError {
  return new TaxRulesError('unprocessable', 422, [{ path, code: 'unprocessable', message }]);
}

/** Longest part of an exception's message quoted in the issue. */
const MAX_CAUSE = 120;

/**
 * The TaxRulesError for an exception raised while reading an input (a getter, a Proxy trap,
 * a callback of the options, zod): 400 `malformed` at `path`, the exception as `cause`. A
 * TaxRulesError is returned as it is.
 */
export function unreadable(e: unknown, path: (string | number)[], what = path.join('.') || 'the input'): TaxRulesError {
  if (e instanceof TaxRulesError) return e;
  let reason: string;
  try {
    reason = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  } catch {
    reason = 'an exception';
  }
  const error = new TaxRulesError('invalid_request', 400, [{ path, code: 'malformed', message: `${what} could not be read: ${quoted(reason, MAX_CAUSE).slice(1, -1)}` }]);
  // A descriptor without a prototype: a polluted Object.prototype adds no getter to it.
  Object.defineProperty(error, 'cause', Object.assign(Object.create(null) as PropertyDescriptor, { value: e, enumerable: false, writable: true, configurable: true }));
  return error;
}

/** What `f` answers; any exception but a TaxRulesError becomes one (400 at `path`, see `unreadable`). */
export function guarded<T>(f: () => T, path: (string | number)[] = []): T {
  try {
    return f();
  } catch (e) {
    throw unreadable(e, path);
  }
}
