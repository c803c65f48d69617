/**
 * `taxrules/testing`: fast-check arbitraries of taxrules inputs and the engine's invariants as
 * properties (fast-check is a peer dependency), and `diffRules`, which runs a corpus of cases
 * through two rule data sets and lists every changed result (the CLI's `taxrules diff`), and
 * `rateChanges`, the dated rate changes one rule data set records between two days (`taxrules
 * changes`).
 */
export { diffRules, diffCorpus, formatRuleDiff, samplePostalCode } from './testing/diff.js';
export { rateChanges, formatRateChanges } from './testing/changes.js';
export type { RateChange, RateChangeOptions } from './testing/changes.js';
export type { DiffCase, DiffOptions, RuleChange, RuleDiff } from './testing/diff.js';
export { taxArbitraries, invariants, registeredEverywhere, TAX_CODES } from './testing/kit.js';
export type { KitDestination, KitOptions, InvariantOptions } from './testing/kit.js';
