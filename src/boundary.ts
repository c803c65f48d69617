/**
 * The package's functions over the query adapter (v20241028), the core, the rule data and
 * the account, at the package boundary: options absent or null are the defaults, options that are not an
 * object are a 400 naming `options`, and nothing but a TaxRulesError is thrown — an
 * exception while reading the input (a getter, a Proxy trap, a callback of the options)
 * is a 400 with the exception as `cause`.
 */
import type { TaxInput, TaxResult } from './core/types.js';
import { errorFromIssues, quoted, type TaxRulesIssue } from './core/errors.js';
import { createRuleSet as buildRuleSet, type PackedRuleData, type RuleSet } from './core/ruleset.js';
import type { RuleData } from './core/rule-data.js';
import type { RulesInfo } from './core/rules-info.js';
import { packRuleData as pack } from './core/pack.js';
import { selectRuleData as select, type RuleSelection } from './core/rule-subset.js';
import { checkRuleData as checkRules, type RuleProblem } from './core/rule-checks.js';
import { determine as decide } from './core/determine.js';
import { createTaxIdValidator as taxIdValidator, type TaxIdModule, type TaxIdValidator } from './taxid/index.js';
import type { Account, PreparedAccount, SellerAccount } from './adapters/account.js';
import { engineFor } from './adapters/engine.js';
import { optionsObject, ruleSetArg, unreadable } from './adapters/read.js';
import { isRecord } from './adapters/input.js';
import { ownData, TAX_INPUT_LEVELS } from './core/own.js';
import * as v20241028 from './adapters/v20241028.js';
import type { CalculateOptions, TaxRateQueryInput, TaxRateResponse } from './adapters/v20241028.js';

/**
 * `GET /tax_rates/calculate` (version 20241028) as a function: the tax rate, status and,
 * when `amount` is given, the amounts of a sale, for an account and its registrations.
 * Throws TaxRulesError (with the spec's HTTP status) for bad input, and nothing else.
 *
 * @example
 * ```ts
 * import { calculateTaxRate, defineAccount } from 'taxrules';
 *
 * // A seller in Ireland, registered at home and in the EU One-Stop Shop.
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss', valid_from: '2021-07-01' }] });
 * calculateTaxRate({ to_country: 'NL', tax_code: 'saas', amount: '100', date: '2026-06-01' }, seller);
 * // { name: 'VAT', rate: 21, tax_amount: 21, total_amount: 121, status: 'taxable', country: 'NL', … }
 * calculateTaxRate('to_country=DE&tax_code=ebook&amount=100&date=2026-06-01', seller);
 * // { name: 'VAT', rate: 7, tax_amount: 7, status: 'taxable', … }
 * ```
 */
export function calculateTaxRate(query: TaxRateQueryInput, account: SellerAccount, options?: CalculateOptions | null): TaxRateResponse {
  try {
    return v20241028.calculateTaxRate(query, account, optionsObject(options));
  } catch (e) {
    throw unreadable(e, []);
  }
}

/**
 * Determines the tax of a sale in the core's neutral result, from a v20241028 query:
 * status, machine reason, jurisdiction, tax lines with their sources, exact decimal amounts.
 *
 * @example
 * ```ts
 * import { defineAccount, explainTaxRate } from 'taxrules';
 *
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss', valid_from: '2021-07-01' }] });
 * const result = explainTaxRate({ to_country: 'NL', tax_code: 'saas', amount: '100', date: '2026-06-01' }, seller);
 * // { status: 'taxable', reason: 'standard_rated', scheme: { id: 9000, name: 'EU One-Stop Shop (OSS)' }, amounts: { subtotal: '100.00', tax: '21.00', total: '121.00' }, … }
 * result.lines.map((line) => [line.name, line.rate, line.rateClass]);
 * // [['VAT', '21', 'standard']]
 * result.lines[0]?.source; // the Dutch VAT act's article the rate is from
 * ```
 */
export function explainTaxRate(query: TaxRateQueryInput, account: SellerAccount, options?: CalculateOptions | null): TaxResult {
  try {
    return v20241028.explainTaxRate(query, account, optionsObject(options));
  } catch (e) {
    throw unreadable(e, []);
  }
}

/**
 * Parses and validates a v20241028 query for an account into the core's neutral input,
 * every problem at once in one TaxRulesError (400 missing or malformed, 406 invalid values).
 *
 * @example
 * ```ts
 * import { defineAccount, parseTaxRateQuery } from 'taxrules';
 *
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss', valid_from: '2021-07-01' }] });
 * parseTaxRateQuery('to_country=NL&tax_code=saas&amount=100&date=2026-06-01', seller);
 * // { date: '2026-06-01', origin: { country: 'IE' }, destination: { country: 'NL' }, taxCode: 'saas', productType: 'service', amount: '100', currency: 'EUR', … }
 * ```
 */
export function parseTaxRateQuery(query: TaxRateQueryInput, account: SellerAccount, options?: CalculateOptions | null): TaxInput {
  try {
    return v20241028.parseTaxRateQuery(query, account, optionsObject(options));
  } catch (e) {
    throw unreadable(e, []);
  }
}

/**
 * Validates an account against a rule set and returns its neutral form; later calls with
 * the same, unchanged object reuse it (a changed object is prepared afresh).
 *
 * @example
 * ```ts
 * import { prepareAccount } from 'taxrules';
 *
 * // An account as the service interface writes it: registrations by jurisdiction id (276 Germany, 9000 the EU's OSS).
 * const account = { country: 'DE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }, { jurisdiction_id: 9000, valid_from: '2021-07-01' }] };
 * prepareAccount(account);
 * // { country: 'DE', currency: 'EUR', defaultTaxCode: 'eservice', registrations: [{ jurisdictionId: 276, … }, { jurisdictionId: 9000, validFrom: '2021-07-01', … }], … }
 * ```
 */
export function prepareAccount(account: SellerAccount, rules?: RuleSet | null): PreparedAccount {
  try {
    return engineFor(ruleSetArg(rules)).accounts.prepare(account);
  } catch (e) {
    throw unreadable(e, ['account']);
  }
}

const isText = (v: unknown): v is string => typeof v === 'string';
const optional = (v: unknown, test: (x: unknown) => boolean): boolean => v === undefined || test(v);
const isAddress = (v: unknown): boolean => isRecord(v) && isText(v.country) && optional(v.region, isText) && optional(v.postalCode, isText) && optional(v.city, isText) && optional(v.street, isText);

/** The problems of a neutral input's outline: each field of the type it is (the core then checks its values). */
function inputIssues(input: unknown): TaxRulesIssue[] {
  if (!isRecord(input)) return [{ path: ['input'], code: 'malformed', message: `input must be a neutral input (TaxInput, what parseTaxRateQuery returns), got ${quoted(input, 40)}` }];
  const checks: [string, boolean, string][] = [
    ['date', isText(input.date), 'a date YYYY-MM-DD'],
    ['origin', isAddress(input.origin), 'an address { country, region?, postalCode?, city?, street? }'],
    ['destination', isAddress(input.destination), 'an address { country, region?, postalCode?, city?, street? }'],
    ['taxCode', isText(input.taxCode), 'a tax code'],
    ['productType', isText(input.productType), "'good' or 'service'"],
    ['taxBehavior', isText(input.taxBehavior), "'exclusive' or 'inclusive'"],
    ['currency', isText(input.currency), 'a currency code'],
    ['amount', optional(input.amount, isText), 'a decimal string'],
    ['customerTaxId', optional(input.customerTaxId, (v) => isRecord(v) && isText(v.value) && isText(v.verdict)), 'a tax ID { value, verdict }'],
    ['consignmentValue', optional(input.consignmentValue, (v) => isRecord(v) && isText(v.amount) && isText(v.currency)), 'an amount { amount, currency }'],
    ['registrations', Array.isArray(input.registrations) && input.registrations.every((r: unknown) => isRecord(r) && typeof r.jurisdictionId === 'number'), 'a list of registrations { jurisdictionId, validFrom?, validUntil? }'],
  ];
  return checks.filter(([, ok]) => !ok).map(([field, , what]) => ({ path: ['input', field], code: input[field] === undefined ? 'missing' : 'malformed', message: `input.${field} must be ${what}` }));
}

/**
 * The pure core on a neutral input (from `parseTaxRateQuery`), deciding afresh.
 *
 * @example
 * ```ts
 * import { defineAccount, determine, parseTaxRateQuery } from 'taxrules';
 *
 * const seller = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss', valid_from: '2021-07-01' }] });
 * const input = parseTaxRateQuery({ to_country: 'NL', tax_code: 'saas', amount: '100', date: '2026-06-01' }, seller);
 * // The same sale to a customer in Belgium, decided from the neutral input.
 * determine({ ...input, destination: { country: 'BE' } }).amounts;
 * // { subtotal: '100.00', tax: '21.00', total: '121.00' }
 * ```
 */
export function determine(input: TaxInput, rules?: RuleSet | null): TaxResult {
  try {
    // An input a caller made is read as a copy of its own fields while Object.prototype is polluted.
    const own = ownData(input, TAX_INPUT_LEVELS);
    const issues = inputIssues(own);
    if (issues.length > 0) throw errorFromIssues(issues);
    return decide(own, ruleSetArg(rules));
  } catch (e) {
    throw unreadable(e, ['input']);
  }
}

/**
 * A rule set from rule data or packed rule data (`packRuleData`); data that cannot be read is a 400 naming `data`.
 *
 * @example
 * ```ts
 * import { calculateTaxRate, createRuleSet, defaultRuleSet, defineAccount } from 'taxrules';
 *
 * // The shipped data with a change of your own recorded in it (here a made-up one: Germany's standard rate at 20 % from 2027-07-01).
 * const data = structuredClone(defaultRuleSet.data);
 * const germany = data.countries.find((c) => c.country === 'DE')!;
 * germany.jurisdictions[0]!.taxes[0]!.rates.standard!.push({ from: '2027-07-01', rate: '20', source: 'the act that sets it', checked: '2026-12-01' });
 * const rules = createRuleSet(data);
 * const seller = defineAccount({ country: 'DE', currency: 'EUR', registrations: [{ country: 'DE' }] }, rules);
 * calculateTaxRate({ to_country: 'DE', tax_code: 'standard', product_type: 'good', amount: '100', date: '2027-07-01' }, seller, { rules });
 * // { name: 'VAT', rate: 20, tax_amount: 20, … }
 * ```
 */
export function createRuleSet(data: RuleData | PackedRuleData): RuleSet {
  try {
    // Packed data names its format (a version of another is refused by the rule set); plain data is outlined first.
    const own = ownData(data as unknown, 2);
    if (!(isRecord(own) && Object.hasOwn(own, 'format'))) {
      const issues = outlineIssues(own);
      if (issues.length > 0) throw errorFromIssues(issues);
    }
    return buildRuleSet(data);
  } catch (e) {
    throw unreadable(e, ['data'], 'the rule data');
  }
}

/**
 * The identity and age of a rule set (the default one when absent): the rules' version
 * (the newest day any of their facts was checked), a digest of the data, and the day each
 * jurisdiction's data was last checked.
 *
 * @example
 * ```ts
 * import { rulesInfo } from 'taxrules';
 * const info = rulesInfo();
 * info.version; // a day (YYYY-MM-DD): the newest day a source of the rules was checked
 * info.jurisdictions['US-CA']; // the day California's state and local data was last checked
 * ```
 */
export function rulesInfo(rules?: RuleSet | null): RulesInfo {
  try {
    return ruleSetArg(rules).info;
  } catch (e) {
    throw unreadable(e, ['rules']);
  }
}

/**
 * Rule data in the form the package ships its own; data that cannot be read is a 400 naming `data`.
 *
 * @example
 * ```ts
 * import { createRuleSet, defaultRuleSet, packRuleData, selectRuleData } from 'taxrules';
 *
 * const packed = packRuleData(selectRuleData(defaultRuleSet.data, { countries: ['DE'] }));
 * packed.format;
 * // 'taxrules-pack-3'
 * const text = JSON.stringify(packed); // a file to store or ship
 * const rules = createRuleSet(JSON.parse(text));
 * ```
 */
export function packRuleData(data: RuleData): PackedRuleData {
  try {
    const issues = outlineIssues(ownData(data as unknown, 2));
    if (issues.length > 0) throw errorFromIssues(issues);
    return pack(data);
  } catch (e) {
    throw unreadable(e, ['data'], 'the rule data');
  }
}

/**
 * The part of rule data that answers for some countries and regimes on its own (see
 * `RuleSelection`): the countries named and every member, past or present, of the regimes
 * named, with the special territories, the countries they are taxed as and the regimes all of
 * those belong to; the US local data with the US. Pack it (`packRuleData`) for a rules file
 * smaller than the world's, and make a rule set of it (`createRuleSet`). A quote for a country
 * outside it is answered as for any country rules do not hold: no tax, status `not_registered`
 * with the reason `unsupported_country` and a note saying so (as `taxrules/eu` answers). A code
 * the data does not hold, or a field that is no selection's, is a TaxRulesError naming it.
 *
 * @example
 * ```ts
 * import { createRuleSet, defaultRuleSet, packRuleData, selectRuleData } from 'taxrules';
 *
 * const euAndUs = selectRuleData(defaultRuleSet.data, { regimes: ['EU'], countries: ['US'] });
 * const text = JSON.stringify(packRuleData(euAndUs)); // store it, ship it
 * const rules = createRuleSet(JSON.parse(text)); // the rules of the EU, its territories and the US
 * ```
 */
export function selectRuleData(data: RuleData, selection: RuleSelection): RuleData {
  try {
    // While Object.prototype is polluted, the data and the selection are read as copies of their own fields.
    const ownRules = ownData(data);
    const issues = outlineIssues(ownRules);
    if (issues.length > 0) throw errorFromIssues(issues);
    const own = ownData(selection as unknown, 2);
    if (!isRecord(own)) throw errorFromIssues([{ path: ['selection'], code: 'malformed', message: `selection must be { countries?, regimes? }, got ${quoted(own, 40)}` }]);
    const known = { countries: new Set(ownRules.countries.map((c) => c.country)), regimes: new Set(ownRules.regimes.map((r) => r.regime)) };
    const picked = Object.create(null) as { countries?: string[]; regimes?: string[] };
    for (const key of Object.keys(own)) {
      if (key !== 'countries' && key !== 'regimes') {
        issues.push({ path: ['selection', key], code: 'unknown_field', message: `selection.${key} is no field of a selection: countries or regimes` });
        continue;
      }
      const list = own[key];
      if (!Array.isArray(list)) {
        issues.push({ path: ['selection', key], code: 'malformed', message: `selection.${key} must be a list of codes, got ${quoted(list, 40)}` });
        continue;
      }
      list.forEach((code: unknown, i) => {
        if (typeof code !== 'string' || !known[key].has(code)) issues.push({ path: ['selection', key, i], code: 'invalid_value', message: `selection.${key}.${i} ${quoted(code, 40)} is no ${key === 'countries' ? 'country' : 'regime'} of the rule data` });
      });
      picked[key] = list as string[];
    }
    if (issues.length > 0) throw errorFromIssues(issues);
    return select(ownRules, picked);
  } catch (e) {
    throw unreadable(e, ['data'], 'the rule data');
  }
}

/**
 * The problems of rule data's outline, before its files are read: an object whose shared
 * tables are objects with their lists, and whose regimes, countries, territories and local
 * files are lists of objects (a file's own fields are the rules build's to check).
 */
function outlineIssues(data: unknown): TaxRulesIssue[] {
  if (!isRecord(data)) return [{ path: ['data'], code: 'malformed', message: `data must be rule data { world, currencies, taxCodes, regimes, countries, territories }, got ${quoted(data, 40)}` }];
  const issues: TaxRulesIssue[] = [];
  const table = (key: string, list: string): void => {
    const v = Object.hasOwn(data, key) ? data[key] : undefined;
    if (!isRecord(v) || !Array.isArray(Object.hasOwn(v, list) ? v[list] : undefined)) issues.push({ path: ['data', key], code: v === undefined ? 'missing' : 'malformed', message: `data.${key} must be an object with its ${list} list` });
  };
  table('world', 'countries');
  table('currencies', 'currencies');
  table('taxCodes', 'tax_codes');
  for (const key of ['regimes', 'countries', 'territories', 'usLocal']) {
    const v = Object.hasOwn(data, key) ? data[key] : undefined;
    if (v === undefined && key === 'usLocal') continue;
    if (!Array.isArray(v)) issues.push({ path: ['data', key], code: v === undefined ? 'missing' : 'malformed', message: `data.${key} must be a list of rule files` });
    else v.forEach((f: unknown, i) => {
      if (!isRecord(f)) issues.push({ path: ['data', key, i], code: 'malformed', message: `data.${key}.${i} must be a rule file (an object)` });
    });
  }
  if (Object.hasOwn(data, 'usZipStates') && data.usZipStates !== undefined) table('usZipStates', 'ranges');
  return issues;
}

/**
 * The problems of rule data, as the rules build reports them; data that cannot be read at all is a 400 naming `data`.
 *
 * @example
 * ```ts
 * import { checkRuleData, defaultRuleSet } from 'taxrules';
 *
 * // A copy of the shipped data with a mistyped rate recorded in it: 190 for 19.
 * const data = structuredClone(defaultRuleSet.data);
 * const germany = data.countries.find((c) => c.country === 'DE')!;
 * germany.jurisdictions[0]!.taxes[0]!.rates.standard!.push({ from: '2030-01-01', rate: '190', source: 'the act that sets it', checked: '2026-12-01' });
 * checkRuleData(data);
 * // [{ file: 'rules/countries/DE.json', message: 'rate 190 % is above 100 %', … }]
 * ```
 */
export function checkRuleData(data: RuleData): RuleProblem[] {
  try {
    const issues = outlineIssues(ownData(data as unknown, 2));
    if (issues.length > 0) throw errorFromIssues(issues);
    return checkRules(data);
  } catch (e) {
    throw unreadable(e, ['data'], 'the rule data');
  }
}

/**
 * A tax-ID validator from a list of country modules; a list that cannot be read is a 400 naming `modules`.
 *
 * @example
 * ```ts
 * import { createTaxIdValidator, taxIdModules } from 'taxrules';
 *
 * // A validator with the modules of the countries you sell to only.
 * const validate = createTaxIdValidator(taxIdModules.filter((m) => m.country === 'DE' || m.country === 'FR'));
 * validate('DE', 'DE136695976');
 * // { valid: true, country: 'DE', normalized: 'DE136695976', kind: 'eu_vat' }
 * validate('IT', 'IT00743110157');
 * // { valid: null, country: 'IT', normalized: null, kind: null } (no module: no offline verdict)
 * ```
 */
export function createTaxIdValidator(modules: readonly TaxIdModule[], countryCodes?: Iterable<string>): TaxIdValidator {
  try {
    return taxIdValidator(modules, countryCodes);
  } catch (e) {
    throw unreadable(e, ['modules'], 'the tax-ID modules');
  }
}
