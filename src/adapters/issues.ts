import type * as z from 'zod/mini';
import type { TaxRulesIssue } from '../core/errors.js';

/** Turns zod issues into taxrules issues: missing and wrong-type fields are 400s, bad values 406s. */
export function issuesFromZod(error: { issues: readonly z.core.$ZodIssue[] }, prefix: (string | number)[] = []): TaxRulesIssue[] {
  return error.issues.map((issue): TaxRulesIssue => {
    const path = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    const field = path.join('.') || 'input';
    if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) {
      return { path, code: 'missing', message: `${field} is required` };
    }
    if (issue.code === 'invalid_value') {
      const values = 'values' in issue ? (issue.values as unknown[]).map(String).join(', ') : '';
      return { path, code: 'invalid_value', message: `${field} must be one of: ${values}` };
    }
    if (issue.code === 'unrecognized_keys') {
      return { path, code: 'unknown_field', message: `${field}: ${issue.message}` };
    }
    return { path, code: 'malformed', message: `${field}: ${issue.message}` };
  });
}
