/**
 * The HTTP handler under a stream of generated requests, hostile and well-formed mixed: any
 * method, paths made from the routes (ids of any text, malformed %-escapes, the base path
 * or not, doubled and trailing slashes), query strings of known, foreign and random
 * parameters, Accept and Content-Type headers of every kind, bodies of JSON near the spec's
 * requests, random JSON, text that is no JSON and deep nesting. Whatever comes, the answer is
 * a client's status (never a 5xx) with its x-api-version, a JSON body of the spec's error shape when it is an error,
 * at most 64 KiB, and `onError` (the server failures) is never called. A run through a real
 * node:http server checks the same of the Node listener. The count of requests is fixed, so
 * a busy machine makes the test slower, never red.
 */
import { createServer, METHODS } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHandler, ROUTES, toNodeListener, type DocumentContext, type FetchHandler } from '../src/http.js';
import { TAX_RATE_PARAMETERS } from '../src/adapters/v20241028.js';
import { buildCreditNote, buildDocument, TaxRulesError, type Account, type BillingDocument } from '../src/index.js';

const seller: Account = {
  country: 'IE',
  postal_code: 'D02X285',
  currency: 'EUR',
  registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000, valid_from: '2021-07-01' }, { jurisdiction_id: 840048 }, { jurisdiction_id: 124 }],
};

/** An invoice and an unpaid credit note of it, the stored records of the credit note endpoints. */
const storedInvoice = buildDocument(
  { date: '2026-06-01', customer: { first_name: 'Anna', country: 'DE' }, items: [{ amount: 100, tax: { country: 'DE', tax_code: 'saas' } }], payment: { method: 'credit_card' } },
  seller,
  { id: 1, number: 'INV-1', createdAt: 1_780_300_800 },
);
const storedCredit = buildCreditNote({ invoice_id: 1, credited_amount: '50.00' }, { id: 2, number: 'CN-2', createdAt: 1_780_400_000, invoice: storedInvoice, recordRefund: false });

/**
 * A handler with every endpoint served, as a server would: the documents hooks give ids,
 * keep the invoices made, find the invoice of a refund or a credit note (a TaxRulesError
 * 404 when there is none, as a store answers), and have a credit note of every positive id.
 */
function handlerOf(faults: unknown[]): FetchHandler {
  let next = 1;
  const invoices = new Map<string, BillingDocument>();
  const notFound = (what: string) => new TaxRulesError('not_found', 404, [{ path: [], code: 'not_found', message: `no invoice ${what}` }]);
  return createHandler({
    account: seller,
    basePath: '/api',
    today: '2026-06-01',
    now: 1_780_315_200,
    maxBodyBytes: 256 * 1024,
    onError: (e) => faults.push(e),
    documents: {
      prepare(context: DocumentContext) {
        const id = next++;
        const ids = { id, number: `DOC-${id}`, createdAt: 1_780_315_200 };
        const b = (typeof context.body === 'object' && context.body !== null ? context.body : {}) as { type?: unknown; processor_id?: unknown; invoice_id?: unknown };
        if (context.kind === 'credit') {
          const invoice = [...invoices.values()].find((d) => d.id === b.invoice_id);
          if (invoice === undefined) throw notFound(String(b.invoice_id));
          return { ...ids, invoice };
        }
        if (context.kind === 'invoice_or_credit' && b.type === 'refund') {
          const invoice = invoices.get(String(b.processor_id));
          if (invoice === undefined) throw notFound(String(b.processor_id));
          return { ...ids, invoice };
        }
        if (context.kind.startsWith('credit_')) {
          const creditNote = context.id! > 0 ? { ...storedCredit, id: context.id! } : undefined;
          return context.kind === 'credit_payment' ? { creditNote, createdAt: 1_780_500_000 } : context.kind === 'credit_void' ? { creditNote, invoice: storedInvoice } : { creditNote };
        }
        return context.kind === 'invoice_or_credit' ? ids : {};
      },
      store(result, context) {
        const b = context.body as { processor_id?: unknown };
        if (context.kind === 'invoice_or_credit' && 'type' in result && result.type === 'Invoice') invoices.set(String(b.processor_id), result as BillingDocument);
      },
    },
  });
}

// ---------------------------------------------------------------------------------------
// Requests.

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom('%ZZ', '%', '%E0%A4%A', '..', '.', '__proto__', 'constructor', '0', '-1', '1e400', '9007199254740993', '\u0000', ' ', 'null'),
  fc.integer({ min: 1, max: 4000 }).map((n) => 'x'.repeat(n)),
);

const good = fc.constantFrom('DE', 'US', 'CA', 'IE', 'FR', 'GB', 'AU', 'NO', 'BC', 'TX', '78701', '10001', 'V6B 1A1', 'D02X285', 'saas', 'ebook', 'standard', 'eservice', 'good', 'service', 'inclusive', 'exclusive', 'EUR', 'USD', 'CAD', '2026-06-01', '2019-01-01', '100', '99.95', '0', '-5', 'DE123456789', 'IE6388047V');

const value = fc.oneof({ weight: 3, arbitrary: good }, { weight: 2, arbitrary: text });

const parameterName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TAX_RATE_PARAMETERS.map((p) => p.name)) },
  { weight: 1, arbitrary: fc.constantFrom('to_state', 'to_zip', 'zip', 'state', 'country', 'region', 'page', 'per_page', 'tax_cod', 'utm_source', 'api_version', '__proto__') },
  { weight: 1, arbitrary: text },
);

/** A quote that is answered: the start of most query strings, so that the stream reaches the engine. */
const quote = fc.record({
  to_country: fc.constantFrom('DE', 'FR', 'IE', 'US', 'CA', 'GB', 'AU', 'NO'),
  to_postal_code: fc.constantFrom('10115', '75001', 'D02X285', '78701', '10001', 'V6B 1A1', 'SW1A 1AA', '2000', '0150'),
  tax_code: fc.constantFrom('saas', 'ebook', 'standard', 'eservice'),
  amount: fc.constantFrom('100', '99.95', '0', '12000'),
});

/** A query string: pairs encoded, or written raw (then with escapes that may not decode). */
const query = fc.tuple(fc.option(quote, { nil: undefined }), fc.oneof(fc.constant([]), fc.array(fc.tuple(parameterName, value), { maxLength: 6 })), fc.boolean()).map(([start, more, encode]) => {
  const pairs = [...Object.entries(start ?? {}), ...more];
  return pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => (encode ? `${encodeURIComponent(k)}=${encodeURIComponent(v)}` : `${k}=${v}`.replace(/[#\s]/g, '+'))).join('&')}`;
});

/** A route of the handler, or a path that is none; with the method that route takes, most of the time. */
const routePath = fc
  .tuple(
    fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...ROUTES) }, { weight: 1, arbitrary: fc.constantFrom(...['/', '/taxes/calculate', '/taxes/validate', '/unknown', '/tax_rates'].map((path) => ({ method: 'GET', path }))) }),
    fc.oneof({ weight: 3, arbitrary: fc.constantFrom('276', '840048', '124', '372', '9000', 'saas', 'ebook', 'standard') }, { weight: 1, arbitrary: fc.oneof(good, text) }),
    fc.oneof({ weight: 8, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'FOO') }),
  )
  .map(([route, id, other]) => ({ method: other ?? route.method, path: route.path.replace('{id}', encodeURIComponent(id).replace(/%25ZZ/g, '%ZZ')) }));

const path = fc
  .tuple(routePath, fc.oneof({ weight: 12, arbitrary: fc.constant('/api') }, { weight: 1, arbitrary: fc.constantFrom('', '/api/', '//api', '/API') }), fc.oneof({ weight: 12, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('/', '//') }))
  .map(([r, base, tail]) => ({ method: r.method, path: `${base}${r.path}${tail}`.replace(/[#?\s]/g, '_') }));

const accept = fc.option(fc.oneof(fc.constantFrom('application/json', 'application/json; api_version=20260309', 'application/json; api_version=20241028', 'application/json; api_version=19990101', 'text/html', '*/*'), text), { nil: undefined });

const contentType = fc.option(fc.oneof({ weight: 4, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: fc.constantFrom('application/json; charset=utf-16', 'text/plain', 'application/merge-patch+json', 'multipart/form-data') }, { weight: 1, arbitrary: text }), { nil: undefined });

/** A line item near the spec's, its fields any value now and then. */
const lineItem = fc.record(
  {
    amount: fc.oneof(good, fc.integer(), fc.double(), fc.constant(null)),
    reference: fc.oneof(good, text),
    tax_code: fc.oneof(good, text),
    quantity: fc.oneof(fc.integer({ min: -2, max: 5 }), text),
    tax_behavior: fc.oneof(good, text),
  },
  { requiredKeys: [] },
);

/** A body near a calculation (v20260309) or a transaction (v20241028), or anything. */
const jsonBody = fc.oneof(
  fc.record(
    {
      currency: fc.oneof(good, text),
      line_items: fc.array(lineItem, { maxLength: 4 }),
      customer_details: fc.record({ address: fc.record({ country: fc.oneof(good, text), postal_code: fc.oneof(good, text) }, { requiredKeys: [] }), tax_ids: fc.array(fc.record({ type: text, value: fc.oneof(good, text) }), { maxLength: 2 }) }, { requiredKeys: [] }),
      tax_date: fc.oneof(fc.integer(), good),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      date: fc.oneof(good, text),
      customer: fc.record({ country: fc.oneof(good, text), first_name: text }, { requiredKeys: [] }),
      items: fc.array(fc.record({ description: text, amount: fc.oneof(good, fc.integer()), tax: fc.record({ country: fc.oneof(good, text), tax_code: fc.oneof(good, text) }, { requiredKeys: [] }) }, { requiredKeys: [] }), { maxLength: 3 }),
      processor: text,
      processor_id: text,
      shipping_cost: fc.record({ amount: fc.oneof(good, fc.integer()), tax_type: fc.constantFrom('included', 'excluded', 'x'), description: text }, { requiredKeys: [] }),
      type: fc.constantFrom('sale', 'refund', 'x'),
      invoice_id: fc.integer(),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 4 }),
);

const body = fc.option(
  fc.oneof(
    { weight: 5, arbitrary: jsonBody.map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":', 'null', '[]', '{"__proto__":{"x":1},"constructor":{"prototype":{"y":2}}}', '\uFEFF{}', '{"currency":"EUR"}'.repeat(3)) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 20_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`) },
    { weight: 1, arbitrary: text },
  ),
  { nil: undefined },
);

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

const request = fc.record({ target: path, query, accept, contentType, body }).map((r): Sent => {
  const headers: Record<string, string> = {};
  if (r.accept !== undefined) headers.accept = r.accept.replace(/[\r\n\0]/g, ' ');
  if (r.contentType !== undefined) headers['content-type'] = r.contentType.replace(/[\r\n\0]/g, ' ');
  const withBody = r.target.method !== 'GET' && r.target.method !== 'HEAD';
  return { method: r.target.method, path: r.target.path + r.query, headers, body: withBody ? r.body : undefined };
});

/** A Request the fetch API can make of it, or null (a header value it refuses, say). */
function fetchRequest(sent: Sent): Request | null {
  try {
    return new Request(`http://tax.example${sent.path}`, { method: sent.method, headers: sent.headers, body: sent.body });
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------
// What every answer is.

// FUZZ_SCALE multiplies the counts and FUZZ_SEED replaces the fixed seed, for a long run
// outside the test command (as in test/fuzz.test.ts).
const SCALE = Math.max(1, Number(process.env.FUZZ_SCALE ?? 1) || 1);
const SEED = process.env.FUZZ_SEED === undefined ? 3609 : Number(process.env.FUZZ_SEED) | 0;

const MAX_ERROR_BYTES = 64 * 1024;
const CLIENT_STATUSES = new Set([200, 201, 400, 404, 405, 406, 409, 410, 413, 415, 422]);

/** What is wrong with an answer, or null. */
function wrongWith(status: number, text: string, method: string): string | null {
  if (!CLIENT_STATUSES.has(status)) return `status ${status}`;
  if (method === 'HEAD') return text === '' ? null : 'a HEAD answer with a body';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `a body that is not JSON: ${text.slice(0, 80)}`;
  }
  if (status < 400) return null;
  if (Buffer.byteLength(text) > MAX_ERROR_BYTES) return `an error of ${Buffer.byteLength(text)} bytes`;
  const error = (parsed as { error?: { code?: unknown; status?: unknown; message?: unknown; issues?: unknown } }).error;
  if (typeof error?.code !== 'string' || error.status !== status || typeof error.message !== 'string' || !Array.isArray(error.issues)) return `an error body not of the spec's shape: ${text.slice(0, 120)}`;
  return null;
}

describe('the HTTP handler, under generated requests', () => {
  it('answers 10 000 of them (times FUZZ_SCALE) with a client status and the spec error body, never a server failure', async () => {
    const faults: unknown[] = [];
    const handle = handlerOf(faults);
    const statuses = new Map<number, number>();
    const wrong: string[] = [];
    await fc.assert(
      fc.asyncProperty(request, async (sent) => {
        const r = fetchRequest(sent);
        if (r === null) return;
        const response = await handle(r);
        const text = await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const problem = response.headers.get('x-api-version') === null ? 'no x-api-version' : wrongWith(response.status, text, sent.method);
        if (problem !== null) wrong.push(`${sent.method} ${sent.path.slice(0, 200)}: ${problem}`);
      }),
      { numRuns: 10_000 * SCALE, seed: SEED, endOnFailure: true },
    );
    console.log('statuses', Object.fromEntries([...statuses].sort(([a], [b]) => a - b)));
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(faults).toEqual([]);
    // The stream reaches the engine: answers as well as refusals of every kind.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(200);
    for (const status of [400, 404, 405, 406]) expect(statuses.get(status) ?? 0, String(status)).toBeGreaterThan(50);
  });

  it('answers 400 of them (times FUZZ_SCALE) over a real node:http server with the same', async () => {
    const faults: unknown[] = [];
    const server = createServer(toNodeListener(handlerOf(faults)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const wrong: string[] = [];
    let answered = 0;
    try {
      await fc.assert(
        fc.asyncProperty(request, async (sent) => {
          // A method Node's parser does not know (FOO) is answered by Node itself (400, no body), before the listener.
          if (fetchRequest(sent) === null || !METHODS.includes(sent.method)) return;
          let response: Response;
          try {
            response = await fetch(`http://127.0.0.1:${String(port)}${sent.path}`, { method: sent.method, headers: sent.headers, body: sent.body });
          } catch {
            return; // a request the client will not send
          }
          answered++;
          const problem = wrongWith(response.status, await response.text(), sent.method);
          if (problem !== null) wrong.push(`${sent.method} ${sent.path.slice(0, 200)}: ${problem}`);
        }),
        { numRuns: 400 * SCALE, seed: SEED + 1, endOnFailure: true },
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(faults).toEqual([]);
    expect(answered).toBeGreaterThan(250);
  });
});
