import { createRuleSet, type RuleSet } from './core/ruleset.js';
import { defaultRuleData } from './generated/ruledata.js';

/** The rule set compiled from every file under rules/, loaded once. */
export const defaultRuleSet: RuleSet = /* @__PURE__ */ createRuleSet(defaultRuleData);
