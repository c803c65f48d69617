/**
 * A rule set from a rules folder the user holds (Node only): the folder laid out as the
 * repository's `rules/` (or any layout: each JSON file is placed by the schema it names),
 * checked as the rules build checks it, then built as `createRuleSet` builds the shipped rules.
 * A folder that is not one of rule data is a TaxRulesError naming the file and the place in it.
 */
import { createRuleSet, TaxRulesError, type RuleSet } from '../index.js';
import type { TaxRulesIssue } from '../core/errors.js';
import { readRuleDirectory, RuleDirectoryError } from './rules-dir.js';

/** The segments of a problem's path as the checks write it (`rates/standard/0/from`, or a country code). */
function segments(path: string): (string | number)[] {
  return path === '' ? [] : path.split('/').filter((s) => s !== '').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/**
 * The rules of the folder `dir`, usable wherever `rules` is taken (`calculateTaxRate(q, a, { rules })`,
 * `ratesAt(place, { rules })`, `createHandler({ rules })`). A folder whose data fails the rule
 * build's checks is a 422 (`unprocessable`) listing each problem by file and path
 * (path `["rules/countries/DE.json", "jurisdictions", 0, "taxes", 0, "rates", "standard", 3, "from"]`); a folder that
 * cannot be read as rule data (not a folder, a file that is not JSON, no world, currencies or tax
 * codes file) a 400 (`invalid_request`) naming it.
 *
 * @example
 * ```ts
 * import { calculateTaxRate, defineAccount } from 'taxrules';
 * import { exportRules, loadRules } from 'taxrules/node';
 *
 * exportRules('./my-rules'); // a copy of the shipped rules, laid out as the repository's rules/: record a rate change in it
 * const rules = loadRules('./my-rules');
 * const seller = defineAccount({ country: 'DE', currency: 'EUR', registrations: [{ country: 'DE' }] }, rules);
 * calculateTaxRate('to_country=DE&tax_code=standard&product_type=good&amount=100&date=2026-06-01', seller, { rules });
 * // { name: 'VAT', rate: 19, tax_amount: 19, … }
 * ```
 */
export function loadRules(dir: string): RuleSet {
  try {
    return createRuleSet(readRuleDirectory(dir));
  } catch (e) {
    if (!(e instanceof RuleDirectoryError)) {
      if (e instanceof TaxRulesError) throw e;
      const why = e instanceof Error ? e.message : String(e);
      throw new TaxRulesError('invalid_request', 400, [{ path: ['rules'], code: 'malformed', message: `the rules folder ${dir} cannot be read: ${why}` }]);
    }
    if (e.problems.length === 0) throw new TaxRulesError('invalid_request', 400, [{ path: ['rules'], code: 'malformed', message: e.message }]);
    const issues: TaxRulesIssue[] = e.problems.map((p) => ({
      path: [p.file, ...segments(p.path)],
      code: 'invalid_value',
      message: `${p.file}${p.path ? ` at ${p.path}` : ''}: ${p.message}`,
    }));
    throw new TaxRulesError('unprocessable', 422, issues, `the rules folder ${dir} fails the rules build's checks: ${issues.map((i) => i.message).join('; ')}`);
  }
}
