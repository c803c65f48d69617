/**
 * Taxability: how a tax treats a tax code on a day — taxable at a rate class (with a
 * taxable part), exempt, or not taxable there — from the tax's own table, else its
 * regime's default. `exempt` is exempt everywhere.
 */
import type { CustomerType, ProductType, SupplyKind, TaxCodeId } from './types.js';
import type { CompiledRegime, CompiledTax, CompiledTreatment, RuleSet } from './ruleset.js';
import { inForce } from './ruleset.js';
import { TaxRulesError, beforeHistory } from './errors.js';

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

/**
 * The treatment of a tax code by a tax on a day, for the customer (a consumer's where the
 * rules treat it apart). Throws TaxRulesError (422) for a day
 * before the treatment's recorded history: the rules do not say, so nothing is guessed.
 */
export function treatmentOf(tax: CompiledTax, regime: CompiledRegime | null, taxCode: TaxCodeId, day: number, date: string, customer: CustomerType): CompiledTreatment {
  const t = inForce(tax.taxability[taxCode], day) ?? (regime ? inForce(regime.taxability[taxCode], day) : undefined);
  if (!t) throw beforeHistory(['date'], `the treatment of ${taxCode} by ${tax.name} is not recorded on ${date} (before the data's history)`);
  return customer === 'consumer' && t.consumers !== null ? t.consumers : t;
}

/** Whether a line or item with these codes is goods, which a delivery charge is shared between (an unknown code is the line's own issue: not goods here). */
export function isGoods(rules: RuleSet, taxCode: TaxCodeId, productType: ProductType): boolean {
  try {
    return supplyKind(rules, taxCode, productType) === 'goods';
  } catch {
    return false;
  }
}
