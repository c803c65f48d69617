/**
 * The EU entry's stand-in for ./nexus.ts (scripts/entry-plugins.ts points the main source's
 * import there when it builds `taxrules/eu`): the EU pack carries no US rules, so the US
 * nexus data and decimal.js stay out of that bundle, and `nexusStatus` refuses (422) there.
 */
import { TaxRulesError } from '../core/errors.js';
import type { NexusOptions, NexusQuery, NexusReport, UsNexusRules } from './nexus.js';

export type { NexusQuery, NexusSale, NexusOptions, NexusReport, NexusStateStatus, NexusStatusCode, NexusTest, NexusWindow, UsNexusRules, NexusPeriod, NexusState } from './nexus.js';

export const MAX_NEXUS_SALES = 1_000_000;

function noUsRules(): never {
  throw new TaxRulesError('unprocessable', 422, [{ path: [], code: 'unprocessable', message: 'taxrules/eu carries no US economic nexus rules: import nexusStatus from taxrules' }]);
}

export function nexusStatus(_query: NexusQuery, _options?: NexusOptions): NexusReport {
  return noUsRules();
}

export function usNexusRules(): UsNexusRules {
  return noUsRules();
}
