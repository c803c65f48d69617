/**
 * `taxrules/testing`: `diffRules`, which runs a corpus of cases through two rule data sets and
 * lists every changed result (the CLI's `taxrules diff`), and `rateChanges`, the dated rate
 * changes one rule data set records between two days (`taxrules changes`). It needs no
 * fast-check: the arbitraries and invariants are `taxrules/testing/fast-check`.
 */
export { diffRules, diffCorpus, formatRuleDiff, samplePostalCode } from './testing/diff.js';
export { rateChanges, formatRateChanges } from './testing/changes.js';
export type { RateChange, RateChangeOptions } from './testing/changes.js';
export type { DiffCase, DiffOptions, RuleChange, RuleDiff } from './testing/diff.js';
export { registeredEverywhere, TAX_CODES } from './testing/accounts.js';
