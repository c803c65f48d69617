import type { RuleSet } from './core/ruleset.js';
import type { TaxCodeId } from './core/types.js';
import { TaxRulesError } from './core/errors.js';
import { defaultRuleSet } from './default-rules.js';

/** A jurisdiction as the service interface lists it. */
export interface Jurisdiction {
  id: number;
  name: string;
  country: string;
  /** Region code; empty for country-level jurisdictions and schemes. */
  region: string;
}

export interface TaxCode {
  id: TaxCodeId;
  name: string;
  description: string;
}

function render(j: { id: number; name: string; country: string; region: string }): Jurisdiction {
  return { id: j.id, name: j.name, country: j.country, region: j.region };
}

/**
 * `GET /jurisdictions`: every jurisdiction an account can register in, ordered by id.
 * `country` and `region` filter case-sensitively; `region: 'none'` keeps only jurisdictions
 * without a region.
 */
export function listJurisdictions(filter: { country?: string; region?: string } = {}, rules: RuleSet = defaultRuleSet): Jurisdiction[] {
  const out: Jurisdiction[] = [];
  for (const j of rules.jurisdictions.values()) {
    if (filter.country !== undefined && j.country !== filter.country) continue;
    if (filter.region !== undefined) {
      if (filter.region === 'none' ? j.region !== '' : j.region !== filter.region) continue;
    }
    out.push(render(j));
  }
  return out.sort((a, b) => a.id - b.id);
}

/** `GET /jurisdictions/{id}`. Throws TaxRulesError 404 for an unknown id. */
export function getJurisdiction(id: number, rules: RuleSet = defaultRuleSet): Jurisdiction {
  const j = rules.jurisdictions.get(id);
  if (!j) throw new TaxRulesError('not_found', 404, [{ path: ['id'], code: 'not_found', message: `no jurisdiction with id ${id}` }]);
  return render(j);
}

/** `GET /tax_codes`: the seven tax codes. */
export function listTaxCodes(rules: RuleSet = defaultRuleSet): TaxCode[] {
  return [...rules.taxCodes.values()].map((c) => ({ id: c.id, name: c.name, description: c.description }));
}

/** `GET /tax_codes/{id}`. Throws TaxRulesError 404 for an unknown id. */
export function getTaxCode(id: string, rules: RuleSet = defaultRuleSet): TaxCode {
  const c = rules.taxCodes.get(id as TaxCodeId);
  if (!c) {
    throw new TaxRulesError('not_found', 404, [
      { path: ['id'], code: 'not_found', message: `no tax code ${id}; the tax codes are ${[...rules.taxCodes.keys()].join(', ')}` },
    ]);
  }
  return { id: c.id, name: c.name, description: c.description };
}
