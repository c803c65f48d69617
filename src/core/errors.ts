/** One problem with an input: where, what, and a sentence a person can act on. */
export interface TaxRulesIssue {
  /** Path of the offending field, e.g. ["to_country"] or ["account", "registrations", 0, "jurisdiction_id"]. */
  path: (string | number)[];
  /** Stable machine code: missing, malformed, invalid_value, unknown_jurisdiction, … */
  code: string;
  message: string;
}

/** HTTP status the service interface prescribes for the error. */
export type TaxRulesErrorStatus = 400 | 404 | 406 | 422;

/**
 * The one error type of taxrules. `status` is the HTTP status the spec prescribes:
 * 400 malformed or missing parameter, 404 no such resource, 406 invalid parameter value,
 * 422 well-formed but not
 * processable. `issues` lists every problem found, not only the first.
 */
export class TaxRulesError extends Error {
  override readonly name = 'TaxRulesError';
  readonly code: string;
  readonly status: TaxRulesErrorStatus;
  readonly issues: TaxRulesIssue[];
  /** The first offending field, joined with dots (`account.registrations.0.jurisdiction_id`). */
  readonly field: string | null;

  constructor(code: string, status: TaxRulesErrorStatus, issues: TaxRulesIssue[], message?: string) {
    super(message ?? issues.map((i) => i.message).join('; '));
    this.code = code;
    this.status = status;
    this.issues = issues;
    this.field = issues[0] ? issues[0].path.join('.') : null;
  }

  /** A JSON body for an HTTP response. */
  toJSON(): { error: { code: string; status: number; message: string; issues: TaxRulesIssue[] } } {
    return { error: { code: this.code, status: this.status, message: this.message, issues: this.issues } };
  }
}

/**
 * Builds the error for a list of issues: 400 when any is missing or malformed, else 406
 * (invalid values), else 422.
 */
export function errorFromIssues(issues: TaxRulesIssue[], status?: TaxRulesErrorStatus): TaxRulesError {
  const s: TaxRulesErrorStatus =
    status ?? (issues.some((i) => i.code === 'missing' || i.code === 'malformed') ? 400 : issues.some((i) => i.code === 'unprocessable') ? 422 : 406);
  const code = s === 400 ? 'invalid_request' : s === 406 ? 'invalid_value' : 'unprocessable';
  return new TaxRulesError(code, s, issues);
}

/** The error for a question the rules have no answer to on that date (before a tax's recorded history): 422. */
export function beforeHistory(path: (string | number)[], message: string): TaxRulesError {
  return new TaxRulesError('unprocessable', 422, [{ path, code: 'unprocessable', message }]);
}
