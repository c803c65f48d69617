import { createRuleSet, type RuleSet } from './core/ruleset.js';
import { defaultRulePack } from './generated/ruledata.js';

/** The rule set of every file under rules/; each country is parsed and compiled on first use. */
export const defaultRuleSet: RuleSet = /* @__PURE__ */ createRuleSet(defaultRulePack);
