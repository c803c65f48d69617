/**
 * `taxrules/testing/fast-check`: fast-check arbitraries of taxrules inputs and the engine's
 * invariants as properties. fast-check is this entry's peer dependency (and no other
 * entry's): install it where you import this (`npm i -D fast-check`).
 */
export { taxArbitraries, invariants, registeredEverywhere, TAX_CODES } from './testing/kit.js';
export type { KitDestination, KitOptions, InvariantOptions } from './testing/kit.js';
