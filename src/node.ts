/**
 * taxrules/node: what needs Node's file system. `loadRules(dir)` reads a rules folder the user
 * holds (laid out as the repository's `rules/`, a rate change recorded before a release) into a
 * rule set that every function taking `rules` takes, checked as the rules build checks it.
 * @packageDocumentation
 */
export { loadRules } from './cli/load-rules.js';
