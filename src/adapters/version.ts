import { TaxRulesError } from '../core/errors.js';

/** The API versions taxrules answers. */
export const API_VERSIONS = ['20241028', '20260309'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

const VERSION_PARAM_RE = /(?:^|;)\s*api_version\s*[:=]\s*"?([^";,\s]*)"?/i;

/**
 * The API version of a request, from its `Accept` header (`application/json;
 * api_version: 20241028`, or the `api_version=20241028` form), else the account's
 * configured version. An unknown version, in the header or the account, is a 406.
 */
export function negotiateVersion(acceptHeader: string | null | undefined, accountVersion: string): ApiVersion {
  let requested: string | undefined;
  if (acceptHeader) {
    for (const part of acceptHeader.split(',')) {
      const m = VERSION_PARAM_RE.exec(part);
      if (m) {
        requested = m[1];
        break;
      }
    }
  }
  const version = requested ?? accountVersion;
  if (!(API_VERSIONS as readonly string[]).includes(version)) {
    throw new TaxRulesError('unsupported_version', 406, [
      {
        path: requested !== undefined ? ['headers', 'accept'] : ['account', 'api_version'],
        code: 'invalid_value',
        message: `API version ${JSON.stringify(version)} is not supported; use one of ${API_VERSIONS.join(', ')}`,
      },
    ]);
  }
  return version as ApiVersion;
}
