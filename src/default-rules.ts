import { createRuleSet, type RuleSet } from './core/ruleset.js';
import { withPackagedTaxCodes } from './core/tax-code-file.js';
import { defaultRulePack } from './generated/ruledata.js';
import { packagedTaxCodes } from './generated/tax-code-texts.js';

/**
 * The rule set of every file under rules/ as the library's calls use it when given no `rules`;
 * each country is parsed and compiled on first use. Its pack leaves out the tax-code file
 * (see core/tax-code-file.ts): listing reads the file's module itself.
 */
export const packagedRuleSet: RuleSet = /* @__PURE__ */ createRuleSet(defaultRulePack);

/**
 * The rule set of every file under rules/; each country is parsed and compiled on first use.
 * The same object as `packagedRuleSet`, given the tax-code file, so that its `data` is whole:
 * a program that only quotes does not name it, and its bundle carries neither this call nor
 * the file.
 */
export const defaultRuleSet: RuleSet = /* @__PURE__ */ withPackagedTaxCodes(packagedRuleSet, packagedTaxCodes);
