/**
 * Rule packs: subsets of the rule data that ship in their own entry. A regime's pack holds
 * every country that was ever a member, every special territory of its countries or taxed
 * as one of them (they are few and small, and a customer typing one must get the
 * territory's answer), the countries those territories are taxed as, and every regime
 * those countries belong to: `selectRuleData` of the regime.
 */
import type { RuleData } from '../src/core/rule-data.js';
import { selectRuleData } from '../src/core/rule-subset.js';

export function regimePack(data: RuleData, regime: string): RuleData {
  return selectRuleData(data, { regimes: [regime] });
}
