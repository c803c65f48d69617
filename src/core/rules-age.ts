/**
 * The age limit of an answer's rules (the option `maxRulesAge`): an answer for a tax date
 * later than the day its jurisdiction's data was last checked by more than that many days is
 * refused (422), rather than given at rates nobody has looked at since. Off by default.
 */
import type { Decision } from './types.js';
import type { RuleSet } from './ruleset.js';
import type { Decider } from './sale.js';
import { checkedFor } from './rules-info.js';
import { dayNumber } from './dates.js';
import { TaxRulesError } from './errors.js';

/** Whether a value is an age limit in days: a whole number, 0 or more. */
export function isMaxRulesAge(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

/** What an age limit must be, for messages. */
export const MAX_RULES_AGE_EXPECTED = 'a whole number of days, 0 or more';

/**
 * The day a decision's data was last checked: its jurisdiction's (the country's and, where
 * the rules know the region apart, the older of it and the region's), else the rules' version.
 */
export function checkedDayOf(rules: RuleSet, decision: Decision): string {
  const j = decision.jurisdiction;
  const info = rules.info;
  return checkedFor(info.jurisdictions, j.country, j.region) ?? info.version;
}

/** The refusal of a decision on `date` whose data is older than `maxDays`, or null when it is not. */
export function rulesAgeError(rules: RuleSet, decision: Decision, date: string, day: number, maxDays: number): TaxRulesError | null {
  const checked = checkedDayOf(rules, decision);
  const age = day - dayNumber(checked);
  if (age <= maxDays) return null;
  const where = decision.jurisdiction.region ? `${decision.jurisdiction.country}-${decision.jurisdiction.region}` : decision.jurisdiction.country;
  return new TaxRulesError('unprocessable', 422, [
    {
      path: ['date'],
      code: 'unprocessable',
      message:
        `the tax date ${date} is ${age} days after the rules of ${where} were last checked (${checked}, rules version ${rules.info.version}), ` +
        `more than maxRulesAge (${maxDays} days): update taxrules or load newer rules, or raise maxRulesAge`,
    },
  ]);
}

/** A decider that refuses a decision whose data is older than `maxDays` on the tax date (see the file's comment). */
export function agedDecider(decider: Decider, rules: RuleSet, maxDays: number): Decider {
  return (input, day) => {
    const d = decider(input, day);
    const error = rulesAgeError(rules, d, input.date, day, maxDays);
    if (error !== null) throw error;
    return d;
  };
}
