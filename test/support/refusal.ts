/** The TaxRulesError a call throws (the shared helper, under the stage tests' name). */
export { refused as refusal } from '../helpers.js';
