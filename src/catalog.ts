import type { RuleSet, TaxCodeEntry } from './core/ruleset.js';
import { taxCodeDescriptions } from './core/tax-code-file.js';
import { packagedTaxCodes } from './generated/tax-code-texts.js';
import type { TaxCodeId } from './core/types.js';
import { errorFromIssues, oneOf, quoted, TAX_CODES_LISTED_IN, TaxRulesError, type TaxRulesIssue } from './core/errors.js';
import { closestName } from './adapters/input.js';
import { guarded, ownCopy, ruleSetArg, unknownFields, unreadable } from './adapters/read.js';

/** A jurisdiction as the service interface lists it. */
export interface Jurisdiction {
  id: number;
  name: string;
  country: string;
  /** Region code; null for country-level jurisdictions and schemes, as in every answer. */
  region: string | null;
  /** Set for a US local jurisdiction (its tax is collected under the state's registration). */
  level?: 'county' | 'city' | 'district';
}

/**
 * A tax code as `GET /tax_codes` answers it: the spec's seven as the spec gives them; a
 * product category of taxrules's own with `kind: 'category'`, its `supply` (which sets the
 * default product type) and, for a finer code, its `parent`.
 */
export interface TaxCode {
  id: TaxCodeId;
  name: string;
  description: string;
  kind?: 'category';
  supply?: 'goods' | 'services' | 'digital';
  parent?: TaxCodeId;
}

/**
 * A code as listed: what a quote reads of it, and its description from the rule set's
 * tax-code file (the package's own module for the package's rule sets: see tax-code-file.ts).
 */
function renderTaxCode(c: TaxCodeEntry, descriptions: ReadonlyMap<string, string>): TaxCode {
  const description = descriptions.get(c.id) as string;
  if (c.kind !== 'category') return { id: c.id, name: c.name, description };
  const supply = c.supply === 'by_product_type' ? 'goods' : c.supply;
  return { id: c.id, name: c.name, description, kind: 'category', supply, ...(Object.hasOwn(c, 'parent') && c.parent !== undefined ? { parent: c.parent } : {}) };
}

function render(j: { id: number; name: string; country: string; region: string; level: string }): Jurisdiction {
  const region = j.region === '' ? null : j.region;
  if (j.level === 'county' || j.level === 'city' || j.level === 'district') return { id: j.id, name: j.name, country: j.country, region, level: j.level };
  return { id: j.id, name: j.name, country: j.country, region };
}

/** The filter of `listJurisdictions`: the query parameters of `GET /jurisdictions`. */
export interface JurisdictionFilter {
  /** Country code, case-sensitive. */
  country?: string;
  /** Region code, case-sensitive; `none` keeps only jurisdictions without a region. */
  region?: string;
}

const FILTER_FIELDS = ['country', 'region'] as const;

/** The filter's own fields, checked: strings or absent; a misspelt one (`contry`) is refused, not ignored. */
function readFilter(filter: unknown): JurisdictionFilter {
  if (filter === undefined || filter === null) return Object.create(null) as Record<string, never>;
  if (typeof filter !== 'object' || Array.isArray(filter)) {
    throw errorFromIssues([{ path: [], code: 'malformed', message: `the filter must be an object { country?, region? }, got ${quoted(filter, 60)}` }]);
  }
  let copy: Record<string, unknown>;
  try {
    copy = ownCopy(filter, 1, 0) as Record<string, unknown>;
  } catch (e) {
    throw unreadable(e, [], 'the filter');
  }
  const issues: TaxRulesIssue[] = unknownFields(copy, FILTER_FIELDS, [], 'parameter');
  for (const key of FILTER_FIELDS) {
    const v = copy[key];
    if (v !== undefined && typeof v !== 'string') issues.push({ path: [key], code: 'malformed', message: `${key} must be a string, got ${quoted(v, 60)}` });
  }
  if (issues.length > 0) throw errorFromIssues(issues);
  return copy as JurisdictionFilter;
}

/**
 * `GET /jurisdictions`: every jurisdiction an account can register in, ordered by id.
 * `country` and `region` filter case-sensitively; `region: 'none'` keeps only jurisdictions
 * without a region. An unknown filter field, or one that is not a string, is a 400.
 *
 * @example
 * ```ts
 * import { listJurisdictions } from 'taxrules';
 *
 * listJurisdictions({ country: 'CA', region: 'none' });
 * // [{ id: 124, name: 'Canada', country: 'CA', region: null }]
 * listJurisdictions({ country: 'CA' }).map((j) => j.region);
 * // [null, 'NL', 'PE', 'NS', 'NB', 'QC', 'ON', 'MB', 'SK', 'AB', 'BC', 'YT', 'NT', 'NU']
 * ```
 */
export function listJurisdictions(filter?: JurisdictionFilter | null, rules?: RuleSet): Jurisdiction[] {
  return guarded(() => jurisdictionsOf(filter, rules));
}

function jurisdictionsOf(filter: unknown, rules: unknown): Jurisdiction[] {
  const f = readFilter(filter);
  const out: Jurisdiction[] = [];
  for (const j of ruleSetArg(rules).jurisdictions.values()) {
    if (f.country !== undefined && j.country !== f.country) continue;
    if (f.region !== undefined) {
      if (f.region === 'none' ? j.region !== '' : j.region !== f.region) continue;
    }
    out.push(render(j));
  }
  return out.sort((a, b) => a.id - b.id);
}

/**
 * `GET /jurisdictions/{id}`. Throws TaxRulesError 400 for an id that is not a whole number
 * (`'276'` included: the id is a number), 404 for an unknown one.
 *
 * @example
 * ```ts
 * import { getJurisdiction } from 'taxrules';
 *
 * getJurisdiction(276);
 * // { id: 276, name: 'Germany', country: 'DE', region: null }
 * ```
 */
export function getJurisdiction(id: number, rules?: RuleSet): Jurisdiction {
  return guarded(() => jurisdictionOf(id, rules));
}

function jurisdictionOf(id: unknown, rules: unknown): Jurisdiction {
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
    throw errorFromIssues([{ path: ['id'], code: 'malformed', message: `id must be a whole number, got ${quoted(id, 60)}` }]);
  }
  const j = ruleSetArg(rules).jurisdictions.get(id);
  if (!j) throw new TaxRulesError('not_found', 404, [{ path: ['id'], code: 'not_found', message: `no jurisdiction with id ${id}` }]);
  return render(j);
}

/**
 * `GET /tax_codes`: the tax codes, the spec's seven first, then the product categories.
 *
 * @example
 * ```ts
 * import { listTaxCodes } from 'taxrules';
 *
 * listTaxCodes().slice(0, 7).map((code) => code.id);
 * // ['consulting', 'ebook', 'eservice', 'exempt', 'reduced', 'saas', 'standard']
 * ```
 */
export function listTaxCodes(rules?: RuleSet): TaxCode[] {
  return guarded(() => taxCodesOf(rules));
}

function taxCodesOf(rules: unknown): TaxCode[] {
  const set = ruleSetArg(rules);
  const descriptions = taxCodeDescriptions(set, packagedTaxCodes);
  return [...set.taxCodes.values()].map((c) => renderTaxCode(c, descriptions));
}

/**
 * `GET /tax_codes/{id}`. Throws TaxRulesError 400 for an id that is not a string, 404 for an unknown one (naming the code meant).
 *
 * @example
 * ```ts
 * import { getTaxCode } from 'taxrules';
 *
 * getTaxCode('ebook');
 * // { id: 'ebook', name: 'E-book', description: 'Electronic book with unlimited use, supplied electronically' }
 * ```
 */
export function getTaxCode(id: string, rules?: RuleSet): TaxCode {
  return guarded(() => taxCodeOf(id, rules));
}

/** The tax codes a refusal names: the first seven and how many more, and where they are all listed. */
function oneOfCodes(known: readonly string[]): string {
  return `the tax code must be ${oneOf(known, TAX_CODES_LISTED_IN)}`;
}

function taxCodeOf(id: unknown, rules: unknown): TaxCode {
  if (typeof id !== 'string') throw errorFromIssues([{ path: ['id'], code: 'malformed', message: `id must be a string, got ${quoted(id, 60)}` }]);
  const set = ruleSetArg(rules);
  const taxCodes = set.taxCodes;
  const c = taxCodes.get(id as TaxCodeId);
  if (!c) {
    const known = [...taxCodes.keys()];
    const near = closestName(id, known);
    throw new TaxRulesError('not_found', 404, [
      { path: ['id'], code: 'not_found', message: `no tax code ${quoted(id, 60)}; ${near ? `did you mean ${near}? ` : ''}${oneOfCodes(known)}` },
    ]);
  }
  return renderTaxCode(c, taxCodeDescriptions(set, packagedTaxCodes));
}
