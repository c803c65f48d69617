import { errorFromIssues, quoted, TaxRulesError, type TaxRulesIssue } from '../core/errors.js';
import { guarded } from './read.js';

/** The API versions taxrules answers. */
export const API_VERSIONS = ['20241028', '20260309'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

const VERSION_PARAM_RE = /(?:^|;)\s*api_version\s*[:=]\s*"?([^";,\s]*)"?/i;

/**
 * The API version of a request, from its `Accept` header (`application/json;
 * api_version: 20241028`, or the `api_version=20241028` form), else the account's
 * configured version. An unknown version, in the header or the account, is a 406; a header
 * that is not a string, or an account version that is absent or not a string, is a 400.
 *
 * @example
 * ```ts
 * import { negotiateVersion } from 'taxrules';
 *
 * negotiateVersion('application/json; api_version: 20260309', '20241028');
 * // '20260309'
 *
 * // No version in the header: the account's.
 * negotiateVersion('application/json', '20241028');
 * // '20241028'
 * ```
 */
export function negotiateVersion(acceptHeader: string | null | undefined, accountVersion: string): ApiVersion {
  return guarded(() => negotiated(acceptHeader, accountVersion));
}

function negotiated(acceptHeader: unknown, accountVersion: unknown): ApiVersion {
  const issues: TaxRulesIssue[] = [];
  if (acceptHeader !== undefined && acceptHeader !== null && typeof acceptHeader !== 'string') {
    issues.push({ path: ['headers', 'accept'], code: 'malformed', message: `the Accept header must be a string, got ${quoted(acceptHeader, 60)}` });
  }
  if (accountVersion === undefined || accountVersion === null) {
    issues.push({ path: ['account', 'api_version'], code: 'missing', message: `the account's API version is required (one of ${API_VERSIONS.join(', ')})` });
  } else if (typeof accountVersion !== 'string') {
    issues.push({ path: ['account', 'api_version'], code: 'malformed', message: `the account's API version must be a string, got ${quoted(accountVersion, 60)}` });
  }
  if (issues.length > 0) throw errorFromIssues(issues);
  let requested: string | undefined;
  if (typeof acceptHeader === 'string' && acceptHeader !== '') {
    for (const part of acceptHeader.split(',')) {
      const m = VERSION_PARAM_RE.exec(part);
      if (m) {
        requested = m[1];
        break;
      }
    }
  }
  const version = requested ?? (accountVersion as string);
  if (!(API_VERSIONS as readonly string[]).includes(version)) {
    throw new TaxRulesError('unsupported_version', 406, [
      {
        path: requested !== undefined ? ['headers', 'accept'] : ['account', 'api_version'],
        code: 'invalid_value',
        message: `API version ${quoted(version, 60)} is not supported; use one of ${API_VERSIONS.join(', ')}`,
      },
    ]);
  }
  return version as ApiVersion;
}
