/**
 * The service interface's endpoints as one fetch-style handler: `(request: Request) =>
 * Promise<Response>`, over the Fetch API's classes only (no Node modules), so it runs as it
 * is in Deno, Bun, Cloudflare Workers, Hono and Next.js route handlers. `toNodeListener`
 * (./node.ts) adapts it to `node:http`, Express and Fastify.
 *
 * It stores nothing: the document endpoints answer the document the pure functions build,
 * and the server stores it (`options.documents`); the credit note endpoints get the stored
 * records from the server and hand it back what changed.
 */
import { calculateTaxRate, prepareAccount } from '../boundary.js';
import { getJurisdiction, getTaxCode, listJurisdictions, listTaxCodes } from '../catalog.js';
import { errorFromIssues, quoted, TaxRulesError, type TaxRulesErrorStatus, type TaxRulesIssue } from '../core/errors.js';
import { isRuleSet, ownCopy, ruleSetArg, unknownFields, unreadable } from '../adapters/read.js';
import { isMaxRulesAge, MAX_RULES_AGE_EXPECTED } from '../core/rules-age.js';
import type { RuleSet } from '../core/ruleset.js';
import type { Account, SellerAccount } from '../adapters/account.js';
import { calculate } from '../adapters/v20260309.js';
import type { TaxIdVerdictFunction } from '../core/options.js';
import { API_VERSIONS, negotiateVersion, type ApiVersion } from '../adapters/version.js';
import { checkTaxId, validateTaxId, verdictOf, type OnlineTaxIdChecker } from '../taxid/index.js';
import { buildDocument } from '../documents/v20241028/document.js';
import { buildCreditNote } from '../documents/v20241028/credit.js';
import { checkDocumentUpdate, checkedDocument } from '../documents/v20241028/final.js';
import { recordCreditPayment, voidCreditNote, type CreditPaymentOptions, type RecordedCreditPayment, type VoidCreditNoteOptions, type VoidedCreditNote } from '../documents/v20241028/states.js';
import { computeBatch, computeTransaction, type TaxTransactionBatchOptions, type TaxTransactionOptions } from '../documents/v20260309/transaction.js';
import type { CreditNoteOptions, DocumentOptions } from '../documents/v20241028/read.js';
import type { BillingDocument } from '../generated/answer-types.js';
import { exchangeTableIssues, type ExchangeRates } from '../adapters/exchange-rates.js';
import type { ExchangeRateFunction } from '../core/options.js';
import { shippedEcbRates } from './ecb-default.js';
import type { TaxTransaction, TaxTransactionBatch } from '../documents/v20260309/transaction.js';

/** The largest request body read, in bytes (a 500-transaction batch of 200 items each fits). */
export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;

/** What a document endpoint hands the server's hooks. */
export interface DocumentContext {
  /**
   * `invoice_or_credit`: POST /transactions (v20241028: a sale's invoice or a refund's credit
   * note); `credit`: POST /credits; `transaction`: POST /transactions (v20260309); `batch`: POST
   * /transactions/batch (v20260309); `credit_get`: GET /credits/{id}; `credit_update`: PUT
   * /credits/{id}; `credit_payment`: POST /credits/{id}/payments; `credit_void`: PUT
   * /credits/{id}/void.
   */
  kind: 'invoice_or_credit' | 'credit' | 'transaction' | 'batch' | 'credit_get' | 'credit_update' | 'credit_payment' | 'credit_void';
  version: ApiVersion;
  /** The parsed JSON body (`undefined` for `credit_get`; `{}` for a `credit_void` without a body). */
  body: unknown;
  /** The credit note's id, from the path: for the `credit_*` kinds. */
  id?: number;
  request: Request;
  account: SellerAccount;
}

/**
 * What `documents.store` receives: the document built (`invoice_or_credit`, `credit`), the
 * transaction or batch (`transaction`, `batch`), the credit note updated (`credit_update`),
 * the credit note with its payment and the payment record (`credit_payment`), the credit note
 * voided and its invoice as it stands after (`credit_void`).
 */
export type DocumentResult = BillingDocument | TaxTransaction | TaxTransactionBatch | RecordedCreditPayment | VoidedCreditNote;

/** The parts of a document only the server has: ids and numbers, the invoice a refund names, what was stored before. */
export interface DocumentHooks {
  /**
   * The options of the document function for this request, without `rules` and
   * `taxIdVerdict` (the handler's): for `invoice_or_credit` the `DocumentOptions` of
   * `buildDocument` (id, number, createdAt, and for a refund the invoice and its credits); for
   * `credit` the `CreditNoteOptions` of `buildCreditNote`; for `transaction` and `batch` the
   * options of `computeTransaction` / `computeBatch` (the original of a refund, earlier
   * refunds, used source ids, exchange rates). For the credit note endpoints, the stored
   * records of the credit note `context.id`: `{ creditNote }` for `credit_get` and
   * `credit_update`; `{ creditNote, createdAt, paymentId? }` for `credit_payment` (the
   * `CreditPaymentOptions` of `recordCreditPayment`); `{ creditNote, invoice, credits? }` for
   * `credit_void` (the `VoidCreditNoteOptions` of `voidCreditNote`: the invoice it credits and
   * the invoice's other credit notes). Without a `creditNote` (undefined or null) the answer is
   * 404. What it returns is checked as the function's options are: a wrong value (a
   * `creditNote` that is no credit note, or not the one of `context.id`) is an error of the
   * server, answered 500. A TaxRulesError it throws is answered as it is (e.g. a 404 for a
   * refund of an invoice the server does not have); any other throw answers 500.
   */
  prepare(context: DocumentContext): object | Promise<object>;
  /**
   * Called with what was built, before it is answered: store it here (see DocumentResult;
   * for `credit_payment` a RecordedCreditPayment `{ credit, payment }`, for `credit_void` a
   * VoidedCreditNote `{ credit, invoice }`; not called for `credit_get`). A throw answers 500
   * and nothing is returned to the client.
   */
  store?(result: DocumentResult, context: DocumentContext): void | Promise<void>;
}

/** The options of `createHandler`. */
export interface HandlerOptions {
  /** The seller: an account, or a function of the request that finds it (multi-tenant servers); a TaxRulesError it throws is answered as it is, any other throw 500. */
  account: SellerAccount | ((request: Request) => Account | Promise<Account>);
  /** The API version when the `Accept` header names none: a version, or a function of the request and its account. Default `20241028`, the current one. */
  apiVersion?: string | ((request: Request, account: SellerAccount) => string | Promise<string>);
  /** The rule set; default: every rule file. */
  rules?: RuleSet;
  /** A path prefix the routes sit under, e.g. `/api`. */
  basePath?: string;
  /** The register check of `GET /tax_ids/validate` and of the tax IDs of calculations (see `checkTaxId`). */
  onlineTaxIdChecker?: OnlineTaxIdChecker;
  /** The date of a tax-rate query without `date`; see CalculateOptions.today. */
  today?: string | (() => string);
  /** The current time in Unix seconds for v20260309 calculations without tax_date; see CalculationOptions.now. */
  now?: number | (() => number);
  /** Largest JSON body read, in bytes; a longer one answers 413. Default 8 MiB. */
  maxBodyBytes?: number;
  /** Serves the document endpoints (POST /transactions, POST /transactions/batch, POST /credits and the credit note endpoints GET and PUT /credits/{id}, POST /credits/{id}/payments, PUT /credits/{id}/void); without it they answer 404. */
  documents?: DocumentHooks;
  /**
   * The exchange rate of a document in another currency than the account's when neither the
   * request (`exchange_rate`) nor `documents.prepare` (`exchangeRate`, `exchangeRates`) gives
   * one. Default `'ecb'`: the spec's "central-bank reference rate for the transaction date",
   * the ECB's euro reference rates (`ecbRates` of `taxrules/ecb`, cross rates through the euro
   * for an account in another currency), loaded with the first document served. They end
   * on the data's last publication day (`ecbReferenceRates.last` of `taxrules/ecb`, the day
   * `scripts/import-ecb.ts` last refreshed them before the release): a document dated after
   * it is a 422 naming that day and what to pass instead (the request's `exchange_rate`,
   * `documents.prepare`'s `exchangeRate` or `exchangeRates`, or this option). A table or a function of your own
   * (as `exchangeRates` of the document functions), or `null` for none (such a document is
   * then refused, 422).
   */
  exchangeRates?: 'ecb' | ExchangeRates | null;
  /**
   * Refuses (422, naming the day) a tax-rate query, calculation or document whose tax date is more than
   * this many days after the day its jurisdiction's data was last checked (see `rulesInfo`);
   * default: no limit.
   */
  maxRulesAge?: number;
  /** Called with an error the handler answered 500 for (a throw of the account function or a hook): log it here. */
  onError?: (error: unknown, request: Request) => void;
}

/** A fetch-style handler. */
export type FetchHandler = (request: Request) => Promise<Response>;

/** The routes served, relative to `basePath`: method, path pattern, the API versions answering it. */
export const ROUTES = [
  { method: 'GET', path: '/tax_rates/calculate', versions: API_VERSIONS },
  { method: 'GET', path: '/jurisdictions', versions: API_VERSIONS },
  { method: 'GET', path: '/jurisdictions/{id}', versions: API_VERSIONS },
  { method: 'GET', path: '/tax_codes', versions: API_VERSIONS },
  { method: 'GET', path: '/tax_codes/{id}', versions: API_VERSIONS },
  { method: 'GET', path: '/tax_ids/validate', versions: API_VERSIONS },
  { method: 'POST', path: '/calculations', versions: ['20260309'] },
  { method: 'POST', path: '/transactions', versions: API_VERSIONS },
  { method: 'POST', path: '/transactions/batch', versions: ['20260309'] },
  { method: 'POST', path: '/credits', versions: ['20241028'] },
  { method: 'GET', path: '/credits/{id}', versions: ['20241028'] },
  { method: 'PUT', path: '/credits/{id}', versions: ['20241028'] },
  { method: 'POST', path: '/credits/{id}/payments', versions: ['20241028'] },
  { method: 'PUT', path: '/credits/{id}/void', versions: ['20241028'] },
] as const satisfies readonly { method: string; path: string; versions: readonly ApiVersion[] }[];

type Route = (typeof ROUTES)[number];

/** The kinds of the credit note endpoints, which read a stored credit note. */
type CreditKind = 'credit_get' | 'credit_update' | 'credit_payment' | 'credit_void';
/** The kinds of the endpoints that build a document, a transaction or a batch. */
type BuildKind = Exclude<DocumentContext['kind'], CreditKind>;

/**
 * The legacy `/taxes/*` endpoints, 410 Gone whatever the method, each with the message naming what replaced it:
 * `/taxes/calculate`, replaced by /tax_rates/calculate in version 20210316 and removed on 2021-07-01;
 * `/taxes/validate`, replaced by /tax_ids/validate (`tax_id` for `vat_number`) in version 20231201.
 */
const LEGACY_TAX_PATHS: ReadonlyMap<string, string> = new Map([
  ['/taxes/calculate', '/taxes/calculate was removed on 2021-07-01; use GET /tax_rates/calculate (parameters to_country, to_postal_code …)'],
  ['/taxes/validate', '/taxes/validate was removed in version 20231201; use GET /tax_ids/validate (parameters country, tax_id for vat_number)'],
]);

/** Where a handler made by createHandler keeps its body limit (read by toNodeListener). */
export const MAX_BODY_BYTES: unique symbol = Symbol.for('taxrules.maxBodyBytes') as never;

/** A handler's own refusals beyond the library's (bad method, body too large, not JSON). */
class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': JSON_TYPE, ...headers } });
}

function problem(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return json(status, { error: { code, status, message, issues: [] } }, headers);
}

function routeFor(path: string, method: string): { route: Route; id?: string } | { allow: string[] } | null {
  const candidates: { route: Route; id?: string }[] = [];
  for (const route of ROUTES) {
    const m = match1(route, path);
    if (m !== undefined) candidates.push({ route, id: m ?? undefined });
  }
  if (candidates.length === 0) return null;
  const same = candidates.find((c) => c.route.method === method || (method === 'HEAD' && c.route.method === 'GET'));
  if (same) return same;
  return { allow: [...new Set(candidates.map((c) => c.route.method))] };
}

/** `undefined`: the route does not match; `null`: it matches without a parameter; else the parameter (one path segment, with what follows it in the pattern after). */
function match1(route: Route, path: string): string | null | undefined {
  const param = route.path.indexOf('{');
  if (param < 0) return path === route.path ? null : undefined;
  const prefix = route.path.slice(0, param);
  const suffix = route.path.slice(route.path.indexOf('}', param) + 1);
  if (path.length <= prefix.length + suffix.length || !path.startsWith(prefix) || !path.endsWith(suffix)) return undefined;
  const rest = path.slice(prefix.length, path.length - suffix.length);
  if (rest.includes('/')) return undefined;
  return rest;
}

/** Query parameters as an object, refusing repeated names and names the endpoint does not take. */
function queryObject(url: URL, allowed: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const issues: TaxRulesIssue[] = [];
  for (const [name, value] of url.searchParams) {
    if (!allowed.includes(name)) {
      issues.push({ path: [name], code: 'unknown_field', message: `unknown parameter ${quoted(name, 60)}; this endpoint takes ${allowed.length ? allowed.join(', ') : 'no parameters'}` });
    } else if (Object.hasOwn(out, name)) {
      issues.push({ path: [name], code: 'malformed', message: `parameter ${name} is given more than once` });
    } else {
      out[name] = value;
    }
  }
  if (issues.length > 0) throw errorFromIssues(issues);
  return out;
}

/** A Content-Type the body is read as: JSON (`application/json`, `application/*+json`), in UTF-8 (no charset, or `utf-8`). */
function isJsonType(type: string): boolean {
  const m = /^application\/(?:[\w.+-]+\+)?json\s*(;.*)?$/is.exec(type.trim());
  if (!m) return false;
  for (const [, name, value] of (m[1] ?? '').matchAll(/;\s*([^=;\s]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g)) {
    if (name!.toLowerCase() !== 'charset') continue;
    let charset = value!.trim();
    if (charset.startsWith('"')) charset = charset.slice(1, -1).replace(/\\(.)/g, '$1');
    if (!['utf-8', 'utf8'].includes(charset.trim().toLowerCase())) return false;
  }
  return true;
}

function notJson(type: string | null): HttpProblem {
  const expected = 'the body must be JSON in UTF-8 (Content-Type: application/json)';
  return new HttpProblem(415, 'unsupported_media_type', type === null ? `${expected}; the request has a body but no Content-Type` : `${expected}, got ${quoted(type, 60)}`);
}

/**
 * The JSON body of a POST or PUT. A body is read only when its Content-Type says JSON in
 * UTF-8; a body without a Content-Type is refused (415) as soon as its first byte arrives, and
 * a request with neither is a request without a body (400, or `empty` when the endpoint
 * takes one).
 */
async function readBody(request: Request, maxBytes: number, empty?: object): Promise<unknown> {
  const type = request.headers.get('content-type');
  if (type !== null && !isJsonType(type)) throw notJson(type);
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) throw new HttpProblem(413, 'payload_too_large', `the body is larger than ${maxBytes} bytes`);
  let text = '';
  if (request.body) {
    const reader = request.body.getReader();
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let size = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (type === null && value.byteLength > 0) {
          await reader.cancel().catch(() => undefined);
          throw notJson(null);
        }
        size += value.byteLength;
        if (size > maxBytes) {
          await reader.cancel().catch(() => undefined);
          throw new HttpProblem(413, 'payload_too_large', `the body is larger than ${maxBytes} bytes`);
        }
        text += decoder.decode(value, { stream: true });
      }
      text += decoder.decode();
    } catch (e) {
      if (e instanceof HttpProblem) throw e;
      throw errorFromIssues([{ path: ['body'], code: 'malformed', message: 'the body is not UTF-8 text' }]);
    }
  }
  if (text.trim() === '') {
    if (empty !== undefined) return empty;
    throw errorFromIssues([{ path: ['body'], code: 'missing', message: 'the request needs a JSON body' }]);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw errorFromIssues([{ path: ['body'], code: 'malformed', message: `the body is not valid JSON: ${(e as Error).message}` }]);
  }
}

/** A path id as written, its percent-escapes decoded; one that is not UTF-8 is a 400, not a failure. */
function pathId(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw errorFromIssues([{ path: ['id'], code: 'malformed', message: `id has a percent-escape that is not UTF-8: ${quoted(raw, 60)}` }]);
  }
}

/** A whole-number path id: digits only, no sign, no leading zeros. */
function numericId(raw: string): number {
  const id = pathId(raw);
  if (!/^(?:0|[1-9]\d{0,15})$/.test(id) || !Number.isSafeInteger(Number(id))) {
    throw errorFromIssues([{ path: ['id'], code: 'malformed', message: `id must be a whole number, got ${quoted(id, 60)}` }]);
  }
  return Number(id);
}

const OPTION_NAMES = ['account', 'apiVersion', 'rules', 'basePath', 'onlineTaxIdChecker', 'today', 'now', 'maxBodyBytes', 'documents', 'exchangeRates', 'onError', 'maxRulesAge'] as const;

/** The response header every answer carries: the version of the rules answering (see `rulesInfo`). */
export const RULES_VERSION_HEADER = 'taxrules-rules-version';

/**
 * The options, checked: own fields only, each read once (a getter or a Proxy trap that throws
 * is a TaxRulesError naming `options`, never the exception itself).
 */
function checkOptions(options: unknown): HandlerOptions {
  if (typeof options !== 'object' || options === null) {
    throw errorFromIssues([{ path: ['options'], code: 'malformed', message: `createHandler needs options { account, ... }, got ${quoted(options, 60)}` }]);
  }
  let o: Record<string, unknown>;
  try {
    o = ownCopy(options, 1, 0) as Record<string, unknown>;
  } catch (e) {
    throw unreadable(e, ['options']);
  }
  if (Array.isArray(o)) throw errorFromIssues([{ path: ['options'], code: 'malformed', message: 'createHandler needs options { account, ... }, got an array' }]);
  const issues: TaxRulesIssue[] = unknownFields(o, OPTION_NAMES, ['options'], 'option');
  if (o.account === undefined || o.account === null) issues.push({ path: ['options', 'account'], code: 'missing', message: 'options.account is required: an account or a function of the request' });
  else if (typeof o.account !== 'function' && typeof o.account !== 'object') issues.push({ path: ['options', 'account'], code: 'malformed', message: 'options.account must be an account or a function of the request' });
  if (o.apiVersion !== undefined && typeof o.apiVersion !== 'function' && !(API_VERSIONS as readonly unknown[]).includes(o.apiVersion)) {
    issues.push({ path: ['options', 'apiVersion'], code: 'invalid_value', message: `options.apiVersion must be one of ${API_VERSIONS.join(', ')} or a function, got ${quoted(o.apiVersion, 40)}` });
  }
  if (o.rules !== undefined && o.rules !== null && !isRuleSet(o.rules)) {
    issues.push({ path: ['options', 'rules'], code: 'malformed', message: `options.rules must be a rule set (createRuleSet(data), or defaultRuleSet), got ${quoted(o.rules, 40)}` });
  }
  if (o.basePath !== undefined && (typeof o.basePath !== 'string' || !/^(?:\/[^/?#]+)*\/?$/.test(o.basePath))) {
    issues.push({ path: ['options', 'basePath'], code: 'malformed', message: `options.basePath must be a path such as "/api", got ${quoted(o.basePath, 40)}` });
  }
  if (o.maxRulesAge !== undefined && !isMaxRulesAge(o.maxRulesAge)) {
    issues.push({ path: ['options', 'maxRulesAge'], code: 'malformed', message: `options.maxRulesAge must be ${MAX_RULES_AGE_EXPECTED}, got ${quoted(o.maxRulesAge, 40)}` });
  }
  if (o.maxBodyBytes !== undefined && !(typeof o.maxBodyBytes === 'number' && Number.isSafeInteger(o.maxBodyBytes) && o.maxBodyBytes > 0)) {
    issues.push({ path: ['options', 'maxBodyBytes'], code: 'malformed', message: 'options.maxBodyBytes must be a positive whole number' });
  }
  for (const k of ['onlineTaxIdChecker', 'onError'] as const) {
    if (o[k] !== undefined && typeof o[k] !== 'function') issues.push({ path: ['options', k], code: 'malformed', message: `options.${k} must be a function` });
  }
  if (o.documents !== undefined) {
    const d = o.documents as Record<string, unknown> | null;
    let hooks: boolean;
    try {
      // Read through the prototype: the hooks may be methods of a class.
      hooks = typeof d === 'object' && d !== null && typeof d.prepare === 'function' && (d.store === undefined || typeof d.store === 'function');
    } catch (e) {
      throw unreadable(e, ['options', 'documents']);
    }
    if (!hooks) issues.push({ path: ['options', 'documents'], code: 'malformed', message: 'options.documents must be { prepare(context), store?(result, context) }' });
  }
  const rates = o.exchangeRates;
  if (rates !== undefined && rates !== null && rates !== 'ecb' && typeof rates !== 'function') {
    if (Array.isArray(rates)) issues.push(...exchangeTableIssues(rates));
    else issues.push({ path: ['options', 'exchangeRates'], code: 'malformed', message: `options.exchangeRates must be 'ecb', a table [{ currency, date | from, until, rate }], a function (currency, date, accountCurrency) => rate, or null, got ${quoted(rates, 40)}` });
  }
  if (issues.length > 0) throw errorFromIssues(issues);
  // A fixed account is checked once, now: a wrong account is the server's mistake, found at start.
  if (typeof o.account === 'object') prepareAccount(o.account as Account, o.rules as RuleSet | undefined);
  return o as unknown as HandlerOptions;
}

/** An error of the server's own code (its account function, its hooks): never the client's fault. */
class ServerFault extends Error {
  constructor(readonly fault: unknown) {
    super('server fault');
  }
}

/**
 * Whether a refusal of a credit note function is of the stored records the server's hook gave:
 * its options (the invoice, its credit notes, the payment's time and id), a field of the stored
 * credit note other than its state (its currency, payments, the invoice it credits), or
 * something that could not be read (only the server's records can throw: the body is parsed
 * JSON). A refusal of the credit note's state (voided, paid already) is the client's 422; a
 * body field named `options` or `document` is an unknown field at the top (a path of one).
 */
function refusesStored(e: TaxRulesError): boolean {
  if (Object.hasOwn(e, 'cause')) return true;
  return e.issues.some((i) => i.path.length > 1 && (i.path[0] === 'options' || (i.path[0] === 'document' && i.path[1] !== 'state')));
}

/** A call of the server's code: a TaxRulesError it throws is its answer (e.g. 404 for an unknown invoice), anything else a fault. */
async function serverCall<T>(f: () => T | Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof TaxRulesError) throw e;
    throw new ServerFault(e);
  }
}

/**
 * The handler of the service interface's endpoints (see ROUTES), for any server speaking the
 * Fetch API. Errors answer the library's JSON error body `{ error: { code, status, message,
 * issues } }` with the spec's statuses: 400 malformed JSON, a missing or unknown parameter;
 * 404 an unknown path or id; 405 a method the path does not take (with `Allow`); 406 an
 * invalid value or an unknown API version; 413 a body over `maxBodyBytes`; 415 a body that is
 * not JSON in UTF-8, or has no Content-Type; 422 a request the rules cannot answer; 500 a
 * fault of the server's own account function or hooks (the body says nothing more; `onError`
 * gets the error).
 *
 * Throws TaxRulesError at creation for wrong options, options that cannot be read, or a fixed
 * account that is not valid.
 *
 * @example
 * ```ts
 * import { defineAccount } from 'taxrules';
 * import { createHandler } from 'taxrules/http';
 *
 * const account = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss', valid_from: '2021-07-01' }] });
 * // (request: Request) => Promise<Response>: for Deno, Bun, a Worker, Hono, or Node through toNodeListener.
 * const handler = createHandler({ account });
 * const response = await handler(new Request('https://tax.example/tax_rates/calculate?to_country=FR&tax_code=saas&amount=10&date=2026-06-01'));
 * await response.json();
 * // { name: 'VAT', rate: 20, tax_amount: 2, status: 'taxable', … }
 * ```
 */
export function createHandler(options: HandlerOptions): FetchHandler {
  const o = checkOptions(options);
  const base = (o.basePath ?? '').replace(/\/$/, '');
  const maxBody = o.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const rules = o.rules;
  const own = rules ? { rules } : {};
  const aged = o.maxRulesAge !== undefined ? { maxRulesAge: o.maxRulesAge } : {};
  const rulesVersion = ruleSetArg(rules).info.version;
  const rateSource = o.exchangeRates;

  /** The version of an answer given before the request's own is known: the handler's fixed one, else the current. */
  const defaultVersion = typeof o.apiVersion === 'string' ? o.apiVersion : '20241028';

  /** Answers a request; `answered.version` is set as soon as the version it is answered in is known. */
  async function handle(request: Request, answered: { version: string }): Promise<Response> {
    const url = new URL(request.url);
    let path = url.pathname;
    if (base !== '') {
      if (path !== base && !path.startsWith(`${base}/`)) return problem(404, 'not_found', `no endpoint at ${quoted(path, 80)}`);
      path = path.slice(base.length);
    }
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const gone = LEGACY_TAX_PATHS.get(path);
    if (gone !== undefined) return problem(410, 'gone', gone);
    const found = routeFor(path, request.method);
    if (found === null) return problem(404, 'not_found', `no endpoint at ${quoted(url.pathname, 80)}`);
    if ('allow' in found) {
      return problem(405, 'method_not_allowed', `${request.method} is not allowed on ${url.pathname}; use ${found.allow.join(' or ')}`, { allow: found.allow.join(', ') });
    }
    const account = await serverCall(() => (typeof o.account === 'function' ? o.account(request) : o.account));
    const fallback = await serverCall(() => (typeof o.apiVersion === 'function' ? o.apiVersion(request, account) : (o.apiVersion ?? '20241028')));
    if (typeof fallback === 'string' && (API_VERSIONS as readonly string[]).includes(fallback)) answered.version = fallback;
    const version = negotiateVersion(request.headers.get('accept'), fallback);
    answered.version = version;
    const { route, id } = found;
    if (!(route.versions as readonly string[]).includes(version)) {
      throw new TaxRulesError('not_found', 404, [
        { path: ['headers', 'accept'], code: 'not_found', message: `${route.method} ${route.path} is an endpoint of API version ${route.versions.join(', ')}, not ${version}; ask for it with Accept: application/json; api_version=${route.versions[0]}` },
      ]);
    }
    const headers = { 'x-api-version': version };
    switch (route.path) {
      case '/tax_rates/calculate': {
        const taxIdVerdict = await onlineVerdict(url.searchParams.get('to_country'), url.searchParams.get('tax_id'));
        const answer = calculateTaxRate(url.searchParams, account, { ...own, ...aged, ...(o.today !== undefined ? { today: o.today } : {}), ...(taxIdVerdict ? { taxIdVerdict } : {}) });
        return json(200, answer, headers);
      }
      case '/jurisdictions':
        return json(200, listJurisdictions(queryObject(url, ['country', 'region']), rules as RuleSet), headers);
      case '/jurisdictions/{id}':
        queryObject(url, []);
        return json(200, getJurisdiction(numericId(id!), rules), headers);
      case '/tax_codes':
        queryObject(url, []);
        return json(200, listTaxCodes(rules), headers);
      case '/tax_codes/{id}':
        queryObject(url, []);
        return json(200, getTaxCode(pathId(id!), rules), headers);
      case '/tax_ids/validate': {
        const q = queryObject(url, ['country', 'tax_id']);
        const issues: TaxRulesIssue[] = [];
        if (q.country === undefined || q.country === '') issues.push({ path: ['country'], code: 'missing', message: 'country is required (a 2-letter country code)' });
        if (q.tax_id === undefined || q.tax_id === '') issues.push({ path: ['tax_id'], code: 'missing', message: 'tax_id is required' });
        if (issues.length > 0) throw errorFromIssues(issues);
        const result = await checkTaxId(q.country!, q.tax_id!, o.onlineTaxIdChecker);
        return json(200, { valid: result.valid }, headers);
      }
      case '/calculations': {
        queryObject(url, []);
        const body = await readBody(request, maxBody);
        const b = body as { customer_tax_id?: unknown; customer_address?: { country?: unknown } } | null;
        const taxIdVerdict = typeof b === 'object' && b !== null ? await onlineVerdict(b.customer_address?.country, b.customer_tax_id) : null;
        return json(200, calculate(body as never, account, { ...own, ...aged, ...(o.now !== undefined ? { now: o.now } : {}), ...(taxIdVerdict ? { taxIdVerdict } : {}) }), headers);
      }
      case '/transactions':
      case '/transactions/batch':
      case '/credits': {
        queryObject(url, []);
        const hooks = documentHooks(route);
        const body = await readBody(request, maxBody);
        const kind: BuildKind =
          route.path === '/credits' ? 'credit' : route.path === '/transactions/batch' ? 'batch' : version === '20241028' ? 'invoice_or_credit' : 'transaction';
        const context: DocumentContext = { kind, version, body, request, account };
        const prepared = await serverCall(() => hooks.prepare(context));
        if (typeof prepared !== 'object' || prepared === null) throw new ServerFault(new TypeError('documents.prepare must return an object of options'));
        const result = documentOf(kind, body, account, kind === 'credit' ? prepared : await withRates(prepared));
        if (hooks.store) await serverCall(() => hooks.store!(result, context));
        return json(kind === 'credit' || kind === 'invoice_or_credit' ? 201 : 200, result, headers);
      }
      case '/credits/{id}':
      case '/credits/{id}/payments':
      case '/credits/{id}/void': {
        queryObject(url, []);
        const creditId = numericId(id!);
        const hooks = documentHooks(route);
        const kind: CreditKind = route.path === '/credits/{id}/payments' ? 'credit_payment' : route.path === '/credits/{id}/void' ? 'credit_void' : route.method === 'PUT' ? 'credit_update' : 'credit_get';
        // A void without a body is one without a void_reason: the spec's 422, not a 400.
        const body = kind === 'credit_get' ? undefined : await readBody(request, maxBody, kind === 'credit_void' ? {} : undefined);
        const context: DocumentContext = { kind, version, body, id: creditId, request, account };
        const prepared = await serverCall(() => hooks.prepare(context));
        const { creditNote, options } = storedCredit(prepared, creditId);
        const { answer, result } = creditOf(kind, creditNote, body, options);
        if (result && hooks.store) await serverCall(() => hooks.store!(result, context));
        return json(kind === 'credit_payment' ? 201 : 200, answer, headers);
      }
    }
  }

  /** The server's document hooks; without them a document endpoint answers 404. */
  function documentHooks(route: Route): DocumentHooks {
    if (o.documents) return o.documents;
    throw new TaxRulesError('not_found', 404, [
      { path: [], code: 'not_found', message: `${route.method} ${route.path} is not served here: the server stores documents and gives their ids through the handler's documents option` },
    ]);
  }

  /** The ECB's rates shipped with the package, refusing a day after their last publication with what to pass instead (loaded once). */
  let shipped: ExchangeRateFunction | undefined;
  async function shippedRates(): Promise<ExchangeRateFunction> {
    if (shipped === undefined) {
      const ecb = await import('taxrules/ecb');
      shipped = shippedEcbRates(ecb.ecbRates, ecb.ecbReferenceRates.last);
    }
    return shipped;
  }

  /** The options of a document with the handler's exchange rates, unless the server's hook gave rates of its own. */
  async function withRates(prepared: object): Promise<object> {
    const has = (k: string): boolean => Object.prototype.hasOwnProperty.call(prepared, k) && (prepared as Record<string, unknown>)[k] !== undefined;
    const source = rateSource === undefined ? 'ecb' : rateSource;
    if (source === null || has('exchangeRate') || has('exchangeRates')) return prepared;
    // The ECB's rates are an entry of their own (taxrules/ecb, by the package's own name): loaded once, by the first document served.
    const rates = source === 'ecb' ? await shippedRates() : source;
    return { ...prepared, exchangeRates: rates };
  }

  function documentOf(kind: BuildKind, body: unknown, account: SellerAccount, prepared: object): BillingDocument | TaxTransaction | TaxTransactionBatch {
    try {
      switch (kind) {
        case 'invoice_or_credit':
          return buildDocument(body as never, account, { ...(prepared as DocumentOptions), ...own, ...aged });
        case 'credit':
          return buildCreditNote(body as never, { ...(prepared as CreditNoteOptions), ...own });
        case 'transaction':
          return computeTransaction(body as never, account, { ...(prepared as TaxTransactionOptions), ...own, ...aged });
        case 'batch':
          return computeBatch(body as never, account, { ...(prepared as TaxTransactionBatchOptions), ...own, ...aged });
      }
    } catch (e) {
      // A refusal of the options the server's hook gave is the server's fault, not the client's.
      // (A path of one step is a field of the body named `options`: the client's.)
      if (e instanceof TaxRulesError && e.issues.some((i) => i.path.length > 1 && i.path[0] === 'options')) throw new ServerFault(e);
      throw e;
    }
  }

  /**
   * The stored credit note `prepare` gave for the credit note `id` (404 without one), checked:
   * a credit note, and that one; what else it gave are the options of the credit note function.
   */
  function storedCredit(prepared: unknown, id: number): { creditNote: BillingDocument; options: Record<string, unknown> } {
    if (typeof prepared !== 'object' || prepared === null) throw new ServerFault(new TypeError('documents.prepare must return an object of options'));
    let fields: Record<string, unknown>;
    try {
      fields = ownCopy(prepared, 1, 0) as Record<string, unknown>;
    } catch (e) {
      throw new ServerFault(e);
    }
    const { creditNote, ...options } = fields;
    if (creditNote === undefined || creditNote === null) throw new TaxRulesError('not_found', 404, [{ path: ['id'], code: 'not_found', message: `credit note ${id} not found` }]);
    let credit: BillingDocument;
    try {
      credit = checkedDocument(creditNote, ['creditNote'], 'Credit');
    } catch (e) {
      throw new ServerFault(unreadable(e, ['creditNote']));
    }
    if (credit.id !== id) throw new ServerFault(new TypeError(`documents.prepare gave credit note ${credit.id} for credit note ${id}`));
    return { creditNote: credit, options };
  }

  /** A credit note endpoint's answer and what the server stores of it (nothing for a GET). */
  function creditOf(kind: CreditKind, credit: BillingDocument, body: unknown, options: Record<string, unknown>): { answer: unknown; result?: DocumentResult } {
    try {
      switch (kind) {
        case 'credit_get':
          return { answer: credit };
        case 'credit_update': {
          const updated = checkDocumentUpdate(credit, body);
          return { answer: updated, result: updated };
        }
        case 'credit_payment': {
          const recorded = recordCreditPayment(credit, body, { ...(options as unknown as CreditPaymentOptions), ...own });
          return { answer: recorded.payment, result: recorded };
        }
        case 'credit_void': {
          const voided = voidCreditNote(credit, body, { ...(options as unknown as VoidCreditNoteOptions), ...own });
          return { answer: voided.credit, result: voided };
        }
      }
    } catch (e) {
      // The stored records the server's hook gave, refused, are the server's fault; the client's request or the credit note's state is the client's.
      if (e instanceof TaxRulesError && refusesStored(e)) throw new ServerFault(e);
      throw e;
    }
  }

  /** With an online checker: its verdict on the customer's tax ID (a query's `tax_id`, a body's `customer_tax_id`), for the calculation. */
  async function onlineVerdict(country: unknown, taxId: unknown): Promise<TaxIdVerdictFunction | null> {
    if (!o.onlineTaxIdChecker || typeof taxId !== 'string' || taxId === '' || typeof country !== 'string' || country === '') return null;
    const checked = verdictOf(await checkTaxId(country, taxId, o.onlineTaxIdChecker));
    return (c, t) => (t === taxId ? checked : verdictOf(validateTaxId(c, t)));
  }

  const fetchHandler: FetchHandler = async (request: Request): Promise<Response> => {
    const response = await answer(request);
    // HEAD: the GET's status and headers, without its body.
    return request.method === 'HEAD' ? new Response(null, { status: response.status, headers: response.headers }) : response;
  };
  // The body limit, for toNodeListener: it refuses a larger body before reading it.
  Object.defineProperty(fetchHandler, MAX_BODY_BYTES, { value: maxBody });
  return fetchHandler;

  /** Every answer says the API version it was given in (`x-api-version`), refusals included. */
  async function answer(request: Request): Promise<Response> {
    const answered = { version: defaultVersion };
    const response = await answerIn(request, answered);
    response.headers.set('x-api-version', answered.version);
    response.headers.set(RULES_VERSION_HEADER, rulesVersion);
    return response;
  }

  async function answerIn(request: Request, answered: { version: string }): Promise<Response> {
    try {
      return await handle(request, answered);
    } catch (e) {
      if (e instanceof TaxRulesError) return json(e.status, e.toJSON());
      if (e instanceof HttpProblem) return problem(e.status, e.code, e.message, e.headers);
      const cause = e instanceof ServerFault ? e.fault : e;
      try {
        o.onError?.(cause, request);
      } catch {
        // A logger that throws changes nothing in the answer.
      }
      return problem(500, 'internal_error', 'the server could not answer this request');
    }
  }
}

export type { TaxRulesErrorStatus };
