/**
 * taxrules/node: what needs Node's file system. `loadRules(dir)` reads a rules folder the user
 * holds (laid out as the repository's `rules/`, a rate change recorded before a release) into a
 * rule set that every function taking `rules` takes, checked as the rules build checks it;
 * `exportRules(dir)` writes the rules the package ships (or any rule set) out as such a folder.
 * @packageDocumentation
 */
export { loadRules } from './cli/load-rules.js';
export { exportRules } from './cli/rules-export.js';
