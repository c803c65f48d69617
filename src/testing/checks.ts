/**
 * The checks of the testing entry's arguments: whatever a caller hands over, a mistake is a
 * TaxRulesError (400, naming the argument), never a TypeError from deep inside a function.
 */
import { errorFromIssues, quoted, type TaxRulesError } from '../core/errors.js';
import type { OptionCheck } from '../adapters/read.js';

/** The 400 for one argument (or field of one) that is not what it must be. */
export function malformed(path: (string | number)[], message: string): TaxRulesError {
  return errorFromIssues([{ path, code: 'malformed', message }]);
}

/** An argument's name as a message shows it: `diff.changes[0].field`. */
export function nameOf(path: readonly (string | number)[]): string {
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
}

/** The 400 for a value at `path` that must be `expected`: the message quotes what it got. */
export function mustBe(path: (string | number)[], expected: string, got: unknown): TaxRulesError {
  return malformed(path, `${nameOf(path)} must be ${expected}, got ${quoted(got, 60)}`);
}

export { isRecord as isObject } from '../adapters/input.js';
export { isDateText as isDate } from '../core/dates.js';
import { isDateText as isDate } from '../core/dates.js';

export const DATE: OptionCheck = [isDate, 'a calendar date YYYY-MM-DD'];
