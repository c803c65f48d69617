/**
 * Taxability: how a tax treats a tax code on a day — taxable at a rate class (with a
 * taxable part), zero-rated, exempt, or not taxable there.
 *
 * The spec's seven codes: the tax's own table, else its regime's default; `exempt` is exempt
 * everywhere. A product category C (of parent P, when C is a finer code; P's own parent
 * after P, and so on): the tax's own C, then P, then its regime's C, then P, then the tax's `other_categories`, then the
 * regime's; none in force is refused (422), never answered at the standard rate, and so is
 * one whose entry in force is `not_recorded` (a change the data cannot follow, its note says
 * which). A category the law splits across rates (`split`) is refused (422) naming the finer
 * codes to ask by.
 */
import type { CustomerType, ProductType, SupplyKind, TaxCodeId } from './types.js';
import type { CompiledRegime, CompiledTax, CompiledTreatment, RuleSet, TaxCodeEntry } from './compiled.js';
import { inForce } from './ruleset.js';
import { TaxRulesError, beforeHistory, type TaxRulesIssue } from './errors.js';

/** The kind of supply a tax code is (an e-book is digital; `standard` follows the product type). */
export function supplyKind(rules: RuleSet, taxCode: TaxCodeId, productType: ProductType): SupplyKind {
  const code = rules.taxCodes.get(taxCode);
  if (!code) throw new TaxRulesError('invalid_value', 406, [{ path: ['taxCode'], code: 'invalid_value', message: `unknown tax code ${taxCode}` }]);
  if (code.supply === 'by_product_type') return productType === 'good' ? 'goods' : 'services';
  return code.supply;
}

/** The tax code that no jurisdiction taxes. */
export function exemptEverywhere(taxCode: TaxCodeId): boolean {
  return taxCode === 'exempt';
}

/** Whether a tax code is a product category (or a finer code of one): looked up by the category chain. */
export function isCategory(rules: RuleSet, taxCode: TaxCodeId): boolean {
  return rules.taxCodes.get(taxCode)?.kind === 'category';
}

/** A treatment found, and where: the entry's key and the table it is in. */
export interface FoundTreatment {
  readonly t: CompiledTreatment;
  readonly code: TaxCodeId | 'other_categories';
  readonly table: 'tax' | 'regime' | 'local' | 'local_file';
}

type Table = Partial<Record<TaxCodeId | 'other_categories', CompiledTreatment[]>>;

/** The entry of a category (then its parent, the parent's parent …) in force in one table, or undefined. */
export function inTable(table: Table | undefined, entry: TaxCodeEntry, day: number, name: FoundTreatment['table']): FoundTreatment | undefined {
  if (table === undefined) return undefined;
  for (const code of entry.chain) {
    const t = inForce(table[code], day);
    if (t !== undefined) return { t, code, table: name };
  }
  return undefined;
}

/** A table's `other_categories` in force, or undefined. */
export function otherCategories(table: Table | undefined, day: number, name: FoundTreatment['table']): FoundTreatment | undefined {
  const t = table === undefined ? undefined : inForce(table.other_categories, day);
  return t === undefined ? undefined : { t, code: 'other_categories', table: name };
}

/** The refusal of a category no entry treats on a day (422), with the data's reason when an entry says it is not recorded. */
export function notRecorded(code: TaxCodeId, tax: string, where: string, date: string, why?: string | null): TaxRulesError {
  return new TaxRulesError('unprocessable', 422, [
    { path: ['taxCode'], code: 'unprocessable', message: `the treatment of ${code} by ${tax} in ${where} is not recorded on ${date}${why ? ` (${why.replace(/[.]$/, '')})` : ''}: taxrules does not answer it (no standard rate is assumed)` },
  ]);
}

/** The refusal of a category the law splits across rates (422), naming its finer codes. */
export function splitRefusal(code: TaxCodeId, t: CompiledTreatment, tax: string, where: string, date: string): TaxRulesError {
  const codes = (t.codes ?? []).join(', ');
  return new TaxRulesError('unprocessable', 422, [
    { path: ['taxCode'], code: 'unprocessable', message: `${tax} in ${where} splits ${code} across rates on ${date}${t.note ? ` (${t.note.replace(/[.]$/, '')})` : ''}: ask by one of its finer codes: ${codes}` },
  ]);
}

/**
 * Where the treatment of a tax code by a tax on a day is recorded (see the module comment),
 * before the customer's own (a consumer's) is chosen. Throws TaxRulesError (422) when it is
 * not recorded, or for a split category. `where` names the jurisdiction that levies the tax.
 */
export function findTreatment(rules: RuleSet, tax: CompiledTax, regime: CompiledRegime | null, taxCode: TaxCodeId, day: number, date: string, where: string): FoundTreatment {
  const entry = rules.taxCodes.get(taxCode);
  if (entry === undefined || entry.kind !== 'category') {
    const own = inForce(tax.taxability[taxCode], day);
    if (own !== undefined) return { t: own, code: taxCode, table: 'tax' };
    const t = regime ? inForce(regime.taxability[taxCode], day) : undefined;
    if (!t) throw beforeHistory(['date'], `the treatment of ${taxCode} by ${tax.name} is not recorded on ${date} (before the data's history)`);
    return { t, code: taxCode, table: 'regime' };
  }
  const regimeTable = regime?.taxability as Table | undefined;
  const found = inTable(tax.taxability, entry, day, 'tax') ?? inTable(regimeTable, entry, day, 'regime') ?? otherCategories(tax.taxability, day, 'tax') ?? otherCategories(regimeTable, day, 'regime');
  if (found === undefined) throw notRecorded(taxCode, tax.name, where, date);
  if (found.t.treatment === 'not_recorded') throw notRecorded(taxCode, tax.name, where, date, found.t.note);
  if (found.t.treatment === 'split') throw splitRefusal(found.code === 'other_categories' ? taxCode : found.code, found.t, tax.name, where, date);
  return found;
}

/** A treatment for the customer: a consumer's where the rules treat it apart. */
export function forCustomer(t: CompiledTreatment, customer: CustomerType): CompiledTreatment {
  return customer === 'consumer' && t.consumers !== null ? t.consumers : t;
}

/**
 * The treatment of a tax code by a tax on a day, for the customer (a consumer's where the
 * rules treat it apart). Throws TaxRulesError (422) where the rules do not say (see
 * findTreatment): nothing is guessed.
 */
export function treatmentOf(tax: CompiledTax, regime: CompiledRegime | null, taxCode: TaxCodeId, day: number, date: string, customer: CustomerType, rules: RuleSet, where: string): CompiledTreatment {
  return forCustomer(findTreatment(rules, tax, regime, taxCode, day, date, where).t, customer);
}

/** Whether a line or item with these codes is goods, which a delivery charge is shared between (an unknown code is the line's own issue: not goods here). */
export function isGoods(rules: RuleSet, taxCode: TaxCodeId, productType: ProductType): boolean {
  try {
    return supplyKind(rules, taxCode, productType) === 'goods';
  } catch {
    return false;
  }
}

/**
 * The product type of a line of a tax code: a goods category's is `good` and a services
 * category's `service`, whatever the default (a digital category and the spec's codes: the
 * type given, else `fallback`). `given` when it is given; with `check`, a type given that
 * contradicts the category is its issue (productTypeIssue at `check.path`) too.
 */
export function productTypeOf(rules: RuleSet, taxCode: TaxCodeId | undefined, given: ProductType | undefined, fallback: ProductType, check?: { readonly path: (string | number)[]; readonly issues: TaxRulesIssue[] }): ProductType {
  if (check !== undefined) {
    const contradiction = productTypeIssue(rules, taxCode, given, check.path);
    if (contradiction !== null) check.issues.push(contradiction);
  }
  if (given !== undefined) return given;
  return (taxCode === undefined ? null : impliedType(rules, taxCode)) ?? fallback;
}

/** The product type a tax code implies whatever the default: a goods category's `good`, a services category's `service`; null for the others (a digital category, the spec's codes, an unknown code). */
export function impliedType(rules: RuleSet, taxCode: TaxCodeId): ProductType | null {
  const entry = rules.taxCodes.get(taxCode);
  if (entry === undefined || entry.kind !== 'category') return null;
  return entry.supply === 'goods' ? 'good' : entry.supply === 'services' ? 'service' : null;
}


/** The issue (400) of a product type given that contradicts its category's supply (a service for a goods category, a good for a services one), or null. */
export function productTypeIssue(rules: RuleSet, taxCode: TaxCodeId | undefined, given: ProductType | undefined, path: (string | number)[]): TaxRulesIssue | null {
  const entry = taxCode === undefined || given === undefined ? undefined : rules.taxCodes.get(taxCode);
  if (entry === undefined || entry.kind !== 'category') return null;
  if ((entry.supply === 'goods' && given === 'service') || (entry.supply === 'services' && given === 'good')) {
    return { path, code: 'malformed', message: `product_type ${given} contradicts tax code ${entry.id}, which is ${entry.supply}: give product_type ${entry.supply === 'goods' ? 'good' : 'service'}, or leave it out` };
  }
  return null;
}
