/**
 * `taxrules/testing`: tools for reviewing rule changes — `diffRules` runs a corpus of cases
 * through two rule data sets and lists every changed result (the CLI's `taxrules diff`).
 */
export { diffRules, diffCorpus, formatRuleDiff, samplePostalCode } from './testing/diff.js';
export type { DiffCase, DiffOptions, RuleChange, RuleDiff } from './testing/diff.js';
