import type { RuleSet } from './core/ruleset.js';
import { withPackagedTaxCodes } from './core/tax-code-file.js';
import { defaultRuleSet as packaged } from './default-rules.js';
import { packagedTaxCodes } from './generated/tax-code-texts.js';

/**
 * The rule set of every file under rules/; each country is parsed and compiled on first use.
 * The same rule set a call without `rules` uses, given the tax-code file its pack leaves out
 * (see tax-code-file.ts), so that its `data` is whole; a program that only quotes does not
 * name it, and its bundle carries neither this call nor the file.
 */
export const defaultRuleSet: RuleSet = /* @__PURE__ */ withPackagedTaxCodes(packaged, packagedTaxCodes);
