import { createRuleSet, type RuleSet } from './core/ruleset.js';
import { defaultRulePack } from './generated/ruledata.js';

/**
 * The rule set of every file under rules/, as the library's calls use it when given no
 * `rules`; each country is parsed and compiled on first use. The package exports it given its
 * tax-code file (default-rule-set.ts): the same object.
 */
export const defaultRuleSet: RuleSet = /* @__PURE__ */ createRuleSet(defaultRulePack);
