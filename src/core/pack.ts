import { computeRuleChangeDays } from './change-days.js';
import type { RuleData } from './rule-data.js';
import { createRuleSet, packWithChangeDays, type PackedRuleData } from './ruleset.js';
import { ownData } from './own.js';
import { canonicalTexts, checkedDays, digestOf } from './rules-info.js';
import { packPlaces } from './registration-places.js';

/**
 * Packs rule data for shipping: each regime, country and territory file as JSON text, plus
 * an index and the days on which something dated starts or stops, so that a rule set made
 * from it (`createRuleSet`) parses and compiles only the countries it is asked about. Run
 * it at build time (it reads every rule once); the data is assumed to have passed
 * `checkRuleData`.
 */
export function packRuleData(data: RuleData): PackedRuleData {
  const own = ownData(data);
  // The places are what the compiled rule set answers: a rule set of the pack answers the same without compiling.
  const rules = createRuleSet(own);
  return {
    ...packWithChangeDays(own, computeRuleChangeDays(rules)),
    checked: checkedDays(own),
    digest: digestOf(canonicalTexts(own)),
    registrationPlaces: packPlaces(rules, own.countries.map((c) => c.country)),
  };
}
