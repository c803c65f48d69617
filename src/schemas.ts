/**
 * `taxrules/schemas`: the zod schemas the library validates with, as values — the account,
 * the v20260309 calculation request and its response. (The main entry builds them only
 * when it needs them; importing this entry builds them at once.)
 */
import { accountSchemas, requestSchemas, responseSchemas } from './adapters/schemas.js';

/** The seller's account (see `prepareAccount`). */
export const accountSchema = accountSchemas().account;
/** The body of a v20260309 calculation request. */
export const calculationRequestSchema = requestSchemas().request;
/** The response of a v20260309 calculation. */
export const calculationResponseSchema = responseSchemas().response;
export { MAX_AMOUNT_LENGTH, MAX_LINE_ITEMS, MAX_REGISTRATIONS, MAX_TAX_DATE } from './adapters/schemas.js';
