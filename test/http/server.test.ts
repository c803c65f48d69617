/** The HTTP handler over a real node:http server, called with a real fetch client. */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler, ROUTES, toNodeListener, type DocumentContext, type HandlerOptions } from '../../src/http.js';
import { buildDocument, calculate, calculateTaxRate, computeTransaction, getJurisdiction, listJurisdictions, listTaxCodes, TaxRulesError, type Account, type BillingDocument } from '../../src/index.js';

const seller: Account = {
  country: 'IE',
  postal_code: 'D02X285',
  currency: 'EUR',
  registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000, valid_from: '2021-07-01' }],
};
/** A second tenant: registered in Germany only. */
const germanSeller: Account = { country: 'DE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }] };

interface Running {
  server: Server;
  base: string;
}

async function serve(options: HandlerOptions): Promise<Running> {
  const server = createServer(toNodeListener(createHandler(options)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, base: `http://127.0.0.1:${port}` };
}

const close = (r: Running) => new Promise<void>((resolve) => r.server.close(() => resolve()));

const V2 = { accept: 'application/json; api_version=20260309' };

/** Documents stored by the server of these tests, by processor id. */
const stored = new Map<string, BillingDocument>();
let nextId = 1;

let main: Running;
let tenants: Running;
const faults: unknown[] = [];

beforeAll(async () => {
  main = await serve({
    account: seller,
    basePath: '/api',
    today: '2026-06-01',
    now: 1780315200,
    onError: (e) => faults.push(e),
    documents: {
      prepare(context: DocumentContext) {
        const id = nextId++;
        const body = context.body as { type?: string; processor_id?: string; invoice_id?: number };
        if (context.kind === 'invoice_or_credit') {
          const invoice = body.type === 'refund' && body.processor_id ? stored.get(body.processor_id) : undefined;
          return { id, number: `DOC-${id}`, createdAt: 1780315200, ...(invoice ? { invoice } : {}) };
        }
        if (context.kind === 'credit') {
          if (body.invoice_id === 424242) throw new Error('the store is unreachable');
          if (body.invoice_id === undefined) throw new TaxRulesError('invalid_request', 400, [{ path: ['invoice_id'], code: 'missing', message: 'invoice_id is required' }]);
          const invoice = [...stored.values()].find((d) => d.id === body.invoice_id);
          if (!invoice) throw new TaxRulesError('not_found', 404, [{ path: ['invoice_id'], code: 'not_found', message: `no invoice ${body.invoice_id}` }]);
          return { id, number: `CN-${id}`, createdAt: 1780401600, invoice };
        }
        return {};
      },
      store(result, context) {
        if (context.kind === 'invoice_or_credit' && 'type' in result && result.type === 'Invoice') {
          stored.set((context.body as { processor_id: string }).processor_id, result as BillingDocument);
        }
      },
    },
  });
  tenants = await serve({
    account: (request) => {
      const tenant = request.headers.get('x-tenant');
      if (tenant === 'de') return germanSeller;
      if (tenant === 'ie') return seller;
      throw new Error(`unknown tenant ${tenant}`);
    },
    apiVersion: (request) => (request.headers.get('x-tenant') === 'de' ? '20260309' : '20241028'),
    today: '2026-06-01',
    onError: (e) => faults.push(e),
  });
});

afterAll(async () => {
  await close(main);
  await close(tenants);
});

async function get(path: string, headers: Record<string, string> = {}, at = main) {
  const response = await fetch(`${at.base}${path}`, { headers });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}, at = main) {
  const response = await fetch(`${at.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

async function put(path: string, body: unknown, headers: Record<string, string> = {}, at = main) {
  const response = await fetch(`${at.base}${path}`, { method: 'PUT', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

/** What `f` throws (it must throw). */
function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('it did not throw');
}

/** A request written as it is on a connection to the main server: its status line, headers (names in lower case) and body. */
function raw(text: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { port } = main.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (c: Buffer) => (answer += c.toString('latin1')));
    socket.on('end', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const headers: Record<string, string> = {};
      for (const line of head.split('\r\n').slice(1)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), headers, body });
    });
    socket.on('error', reject);
  });
}

describe('GET /tax_rates/calculate', () => {
  it('answers what calculateTaxRate answers, as JSON, with the version used', async () => {
    const query = 'to_country=FR&tax_code=saas&amount=49.90&date=2026-06-01';
    const r = await get(`/api/tax_rates/calculate?${query}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(r.headers.get('x-api-version')).toBe('20241028');
    expect(r.body).toEqual(calculateTaxRate(query, seller));
    expect(r.body).toMatchObject({ rate: 20, tax_amount: 9.98, status: 'taxable' });
  });

  it('uses the handler’s today for a query without a date', async () => {
    const r = await get('/api/tax_rates/calculate?to_country=DE&tax_code=ebook&amount=100');
    expect(r.body).toEqual(calculateTaxRate('to_country=DE&tax_code=ebook&amount=100&date=2026-06-01', seller));
  });

  it('refuses a missing, misspelt or repeated parameter with 400 and the error body', async () => {
    const missing = await get('/api/tax_rates/calculate?tax_code=saas');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'invalid_request', status: 400 });
    expect(missing.body.error.issues[0].path).toEqual(['to_country']);
    const misspelt = await get('/api/tax_rates/calculate?to_country=FR&tax_cod=saas');
    expect(misspelt.status).toBe(400);
    expect(misspelt.body.error.message).toContain('tax_cod');
    const repeated = await get('/api/tax_rates/calculate?to_country=FR&to_country=DE');
    expect(repeated.status).toBe(400);
  });

  it('answers 406 for an unknown tax code and 422 for a date before the rules’ history', async () => {
    const code = await get('/api/tax_rates/calculate?to_country=FR&tax_code=groceries');
    expect(code.status).toBe(406);
    expect(code.body.error.code).toBe('invalid_value');
    const early = await get('/api/tax_rates/calculate?to_country=FR&tax_code=saas&date=1950-01-01');
    expect(early.status).toBe(422);
  });
});

describe('jurisdictions and tax codes', () => {
  it('lists jurisdictions with the country and region filters, region=none included', async () => {
    const ca = await get('/api/jurisdictions?country=CA');
    expect(ca.body).toEqual(listJurisdictions({ country: 'CA' }));
    expect(ca.body.length).toBeGreaterThan(5);
    const none = await get('/api/jurisdictions?country=CA&region=none');
    expect(none.body).toEqual(listJurisdictions({ country: 'CA', region: 'none' }));
    expect(none.body.every((j: { region: string | null }) => j.region === null)).toBe(true);
    expect((await get('/api/jurisdictions?contry=CA')).status).toBe(400);
  });

  it('answers one jurisdiction, 404 for an unknown id and 400 for an id that is not a number', async () => {
    expect((await get('/api/jurisdictions/276')).body).toEqual(getJurisdiction(276));
    const unknown = await get('/api/jurisdictions/999999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
    expect((await get('/api/jurisdictions/DE')).status).toBe(400);
    expect((await get('/api/jurisdictions/-1')).status).toBe(400);
  });

  it('lists the seven tax codes and answers one, 404 naming the code meant', async () => {
    const all = await get('/api/tax_codes');
    expect(all.body).toEqual(listTaxCodes());
    expect((all.body as unknown[]).length).toBeGreaterThanOrEqual(27);
    expect((await get('/api/tax_codes/ebook')).body.id).toBe('ebook');
    const wrong = await get('/api/tax_codes/ebok');
    expect(wrong.status).toBe(404);
    expect(wrong.body.error.message).toContain('ebook');
    expect((await get('/api/tax_codes?x=1')).status).toBe(400);
  });
});

describe('GET /tax_ids/validate', () => {
  it('answers the offline verdict as { valid }', async () => {
    expect((await get('/api/tax_ids/validate?country=DE&tax_id=DE136695976')).body).toEqual({ valid: true });
    expect((await get('/api/tax_ids/validate?country=DE&tax_id=DE136695977')).body).toEqual({ valid: false });
  });

  it('answers false, never null, for a country code that is none or a prefix that names none, the online checker down or not', async () => {
    const failing = createHandler({ account: seller, onlineTaxIdChecker: async () => { throw new Error('VIES is down'); } });
    for (const q of ['country=XX&tax_id=123', 'country=QQ&tax_id=124567']) {
      expect((await get(`/api/tax_ids/validate?${q}`)).body).toEqual({ valid: false });
      expect(await (await failing(new Request(`http://x/tax_ids/validate?${q}`))).json()).toEqual({ valid: false });
    }
    // A real country without offline rules, its register unavailable: null, as the spec means it.
    expect(await (await failing(new Request('http://x/tax_ids/validate?country=NG&tax_id=12345678-0001'))).json()).toEqual({ valid: null });
  });

  it('requires country and tax_id', async () => {
    const r = await get('/api/tax_ids/validate?tax_id=DE136695976');
    expect(r.status).toBe(400);
    expect(r.body.error.issues.map((i: { path: string[] }) => i.path[0])).toEqual(['country']);
  });

  it('asks the online checker when there is one: its false, and null when it fails', async () => {
    const rejecting = createHandler({ account: seller, onlineTaxIdChecker: async () => false });
    const failing = createHandler({ account: seller, onlineTaxIdChecker: async () => { throw new Error('VIES is down'); } });
    const url = 'http://x/tax_ids/validate?country=DE&tax_id=DE136695976';
    expect(await (await rejecting(new Request(url))).json()).toEqual({ valid: false });
    expect(await (await failing(new Request(url))).json()).toEqual({ valid: null });
  });

  it('uses the online verdict in a calculation: a number the register rejects is a consumer', async () => {
    const rejecting = createHandler({ account: seller, onlineTaxIdChecker: async () => false });
    const q = 'to_country=DE&tax_code=saas&amount=100&date=2026-06-01&tax_id=DE136695976';
    const offline = await (await createHandler({ account: seller })(new Request(`http://x/tax_rates/calculate?${q}`))).json();
    const online = await (await rejecting(new Request(`http://x/tax_rates/calculate?${q}`))).json();
    expect(offline.status).toBe('reverse_charge');
    expect(online.status).toBe('taxable');
    expect(online.rate).toBe(19);
  });
});

describe('POST /calculations (v20260309)', () => {
  const body = { customer_address: { country: 'DE' }, tax_date: 1780315200, line_items: [{ reference: 'book', amount: '10.00', tax_code: 'ebook' }] } as const;

  it('answers what calculate answers, when the Accept header asks for 20260309 (both forms)', async () => {
    const expected = calculate(body, seller);
    for (const accept of ['application/json; api_version=20260309', 'application/json; api_version: 20260309']) {
      const r = await post('/api/calculations', body, { accept });
      expect(r.status).toBe(200);
      expect(r.headers.get('x-api-version')).toBe('20260309');
      expect(r.body).toEqual(JSON.parse(JSON.stringify(expected)));
    }
    expect(expected.total_tax).toBe('0.70');
  });

  it('is not an endpoint of version 20241028: 404 saying which version has it', async () => {
    const r = await post('/api/calculations', body);
    expect(r.status).toBe(404);
    expect(r.body.error.message).toContain('20260309');
  });

  it('answers 406 for an unknown API version', async () => {
    const r = await post('/api/calculations', body, { accept: 'application/json; api_version=20200101' });
    expect(r.status).toBe(406);
    expect(r.body.error.code).toBe('unsupported_version');
  });

  it('answers 400 for malformed JSON, an empty body or an unknown field; 415 for a body that is not JSON', async () => {
    const malformed = await post('/api/calculations', '{"customer_address": ', V2);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toContain('not valid JSON');
    expect((await post('/api/calculations', '', V2)).status).toBe(400);
    const unknown = await post('/api/calculations', { ...body, colour: 'red' }, V2);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.issues[0].code).toBe('unknown_field');
    const text = await fetch(`${main.base}/api/calculations`, { method: 'POST', headers: { ...V2, 'content-type': 'text/plain' }, body: 'hello' });
    expect(text.status).toBe(415);
  });

  it('answers 413 for a body over the limit', async () => {
    const small = createHandler({ account: seller, maxBodyBytes: 100 });
    const r = await small(new Request('http://x/calculations', { method: 'POST', headers: { ...V2, 'content-type': 'application/json' }, body: JSON.stringify({ ...body, pad: 'x'.repeat(200) }) }));
    expect(r.status).toBe(413);
  });
});

describe('methods and paths', () => {
  it('answers 405 with Allow for a method the path does not take, 404 for an unknown path', async () => {
    const r = await fetch(`${main.base}/api/tax_codes`, { method: 'DELETE' });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET');
    expect((await r.json()).error.code).toBe('method_not_allowed');
    const g = await fetch(`${main.base}/api/calculations`, { headers: V2 });
    expect(g.status).toBe(405);
    expect(g.headers.get('allow')).toBe('POST');
    expect((await get('/api/nothing')).status).toBe(404);
    expect((await get('/tax_codes')).status).toBe(404); // outside the base path
  });

  it('answers HEAD as GET without a body', async () => {
    const r = await fetch(`${main.base}/api/tax_codes`, { method: 'HEAD' });
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('');
  });

  it('serves every route it declares', async () => {
    const served = new Set<string>();
    for (const route of ROUTES) {
      const path = `/api${route.path.replace('{id}', route.path.startsWith('/tax_codes') ? 'saas' : '276')}`;
      const accept = { accept: `application/json; api_version=${route.versions[0]}` };
      const r = route.method === 'GET' ? await get(path, accept) : route.method === 'POST' ? await post(path, {}, accept) : await put(path, {}, accept);
      // An empty body is a request the endpoint reads and refuses (400/406), never a 404 or 405;
      // a credit note endpoint asks the server's hook, which has no credit note 276 (its 404).
      const answered = r.status === 404 && route.path.startsWith('/credits/') ? r.body.error.message : r.status;
      expect([200, 400, 406, 'credit note 276 not found'], `${route.method} ${route.path}: ${JSON.stringify(r.body)}`).toContain(answered);
      served.add(`${route.method} ${route.path}`);
    }
    expect(served.size).toBe(ROUTES.length);
  });
});

describe('documents', () => {
  const sale = {
    date: '2026-06-01',
    customer: { first_name: 'Lea', last_name: 'Braun', country: 'DE' },
    items: [{ description: 'Team plan', amount: 120, tax: { country: 'DE', tax_code: 'saas' } }],
    payment: { method: 'credit_card', processor: 'stripe', processor_id: 'ch_9' },
    processor: 'stripe',
    processor_id: 'ch_9',
  } as const;

  it('POST /transactions (v20241028) answers 201 with the invoice buildDocument builds from the server’s ids, and stores it', async () => {
    const r = await post('/api/transactions', sale);
    expect(r.status).toBe(201);
    const id = r.body.id as number;
    expect(r.body).toEqual(JSON.parse(JSON.stringify(buildDocument(sale, seller, { id, number: `DOC-${id}`, createdAt: 1780315200 }))));
    expect(r.body.total_cents).toBe(14280);
    expect(stored.get('ch_9')?.id).toBe(id);
  });

  it('a refund of it is a credit note against the stored invoice; POST /credits too', async () => {
    const refund = { type: 'refund', processor: 'stripe', processor_id: 'ch_9', date: '2026-06-10', items: [{ amount: 60, tax: { country: 'DE' } }], payment: { method: 'credit_card' } };
    const r = await post('/api/transactions', refund);
    expect(r.status).toBe(201);
    expect(r.body.type).toBe('Credit');
    expect(r.body.total_cents).toBe(7140);
    const invoice = stored.get('ch_9')!;
    const credit = await post('/api/credits', { invoice_id: invoice.id, credited_amount: 11.9 });
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    expect(credit.body).toMatchObject({ type: 'Credit', related_document: { id: invoice.id }, total_cents: 1190 });
    const unknown = await post('/api/credits', { invoice_id: 99 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('no invoice 99');
  });

  it('POST /transactions (v20260309) answers computeTransaction’s transaction', async () => {
    const body = { source: 'stripe', source_id: 'ch_77', date: '2026-06-01', currency: 'EUR', customer: { address: { country: 'DE' } }, items: [{ reference: 'a', amount: '10.00', tax_code: 'ebook' }] } as const;
    const r = await post('/api/transactions', body, V2);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual(JSON.parse(JSON.stringify(computeTransaction(body, seller))));
    expect(r.body).toMatchObject({ status: 'taxed', total_tax: '0.70' });
  });

  it('a hook that throws answers 500 with a generic body; onError gets the error', async () => {
    const before = faults.length;
    const r = await post('/api/credits', { invoice_id: 424242 });
    expect(r.status).toBe(500);
    expect(r.body.error.message).not.toContain('unreachable');
    expect(faults.length).toBe(before + 1);
    expect(String(faults.at(-1))).toContain('unreachable');
  });

  it('without documents hooks the document endpoints answer 404', async () => {
    const r = await post('/transactions', sale, { 'x-tenant': 'ie' }, tenants);
    expect(r.status).toBe(404);
    expect(r.body.error.message).toContain('documents option');
  });
});

describe('multi-tenant servers', () => {
  it('finds the account and its version per request', async () => {
    const q = '/tax_rates/calculate?to_country=DE&tax_code=saas&amount=100&date=2026-06-01';
    const de = await get(q, { 'x-tenant': 'de' }, tenants);
    expect(de.headers.get('x-api-version')).toBe('20260309');
    expect(de.body).toEqual(calculateTaxRate(q.split('?')[1]!, germanSeller));
    const ie = await get(q, { 'x-tenant': 'ie' }, tenants);
    expect(ie.headers.get('x-api-version')).toBe('20241028');
    expect(ie.body).toEqual(calculateTaxRate(q.split('?')[1]!, seller));
    const v = await get(q, { 'x-tenant': 'ie', accept: 'application/json; api_version: 20260309' }, tenants);
    expect(v.headers.get('x-api-version')).toBe('20260309');
  });

  it('an account function that throws answers 500 without its message', async () => {
    const r = await get('/tax_codes', { 'x-tenant': 'nobody' }, tenants);
    expect(r.status).toBe(500);
    expect(JSON.stringify(r.body)).not.toContain('nobody');
  });
});

describe('createHandler’s options', () => {
  it('refuses unknown or wrong options and an invalid fixed account at creation', () => {
    expect(() => createHandler({ account: seller, basepath: '/api' } as never)).toThrow(/basepath/);
    expect(() => createHandler({} as never)).toThrow(/account/);
    expect(() => createHandler({ account: seller, apiVersion: '2020' })).toThrow(/apiVersion/);
    expect(() => createHandler({ account: { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: -5 }] } })).toThrow();
    const rules = thrown(() => createHandler({ account: seller, rules: { countries: {} } as never }));
    expect(rules).toBeInstanceOf(TaxRulesError);
    expect((rules as TaxRulesError).issues[0]?.path).toEqual(['options', 'rules']);
  });

  it('refuses options it cannot read with a TaxRulesError (400), never the exception itself', () => {
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const revokedHooks = Proxy.revocable({}, {});
    revokedHooks.revoke();
    const revokedAccount = Proxy.revocable({}, {});
    revokedAccount.revoke();
    const cases: [string, unknown][] = [
      ['a revoked Proxy', revoked.proxy],
      ['a getter that throws', { account: seller, get basePath(): string { throw new Error('no base path'); } }],
      ['an account getter that throws a string', { get account(): Account { throw 'nope'; } }],
      ['a Proxy whose ownKeys trap throws', new Proxy({ account: seller }, { ownKeys() { throw new RangeError('no keys'); } })],
      ['documents as a revoked Proxy', { account: seller, documents: revokedHooks.proxy }],
      ['documents whose prepare getter throws', { account: seller, documents: { get prepare(): never { throw new Error('no hooks'); } } }],
      ['an account that is a revoked Proxy', { account: revokedAccount.proxy }],
    ];
    for (const [what, options] of cases) {
      const e = thrown(() => createHandler(options as HandlerOptions));
      expect(e, what).toBeInstanceOf(TaxRulesError);
      expect((e as TaxRulesError).status, what).toBe(400);
      expect((e as TaxRulesError).code, what).toBe('invalid_request');
    }
    const getter = thrown(() => createHandler({ account: seller, get basePath(): string { throw new Error('no base path'); } })) as TaxRulesError;
    expect(getter.issues[0]?.path).toEqual(['options']);
    expect(getter.message).toContain('no base path');
  });

  it('reads each option once, own fields only', async () => {
    let reads = 0;
    const handler = createHandler({ get account() { reads++; return seller; } });
    expect((await handler(new Request('http://x/tax_codes'))).status).toBe(200);
    expect(reads).toBe(1);
    // A basePath on the prototype is not an option: the routes stay at the root.
    const inherited = Object.create({ basePath: '/api' }) as HandlerOptions;
    inherited.account = seller;
    expect((await createHandler(inherited)(new Request('http://x/tax_codes'))).status).toBe(200);
  });
});

describe('toNodeListener’s argument', () => {
  it('refuses anything but a handler at once with a TaxRulesError (400)', () => {
    const revoked = Proxy.revocable(() => undefined, {});
    revoked.revoke();
    for (const value of [5, null, undefined, {}, 'handler', [], revoked.proxy]) {
      const e = thrown(() => toNodeListener(value as never));
      expect(e, String(typeof value)).toBeInstanceOf(TaxRulesError);
      expect((e as TaxRulesError).status).toBe(400);
      expect((e as TaxRulesError).code).toBe('invalid_request');
    }
    expect((thrown(() => toNodeListener(5 as never)) as TaxRulesError).message).toBe('toNodeListener needs the handler createHandler returned, a function of a Request; got 5');
  });
});

describe('the content type of a body', () => {
  const body = { customer_address: { country: 'DE' }, tax_date: 1780315200, line_items: [{ reference: 'book', amount: '10.00', tax_code: 'ebook' }] } as const;
  const bytes = new TextEncoder().encode(JSON.stringify(body));

  /** A POST /api/calculations over the main server, with exactly the Content-Type given (none when null). */
  async function send(type: string | null, data: Uint8Array<ArrayBuffer> | null = bytes) {
    // A BufferSource body gets no Content-Type from fetch: the request carries only the one given.
    const response = await fetch(`${main.base}/api/calculations`, { method: 'POST', headers: { ...V2, ...(type === null ? {} : { 'content-type': type }) }, ...(data ? { body: data } : {}) });
    return { status: response.status, body: (await response.json()) as any };
  }

  it('refuses a body without a Content-Type with 415', async () => {
    const before = faults.length;
    const r = await send(null);
    expect(r.status).toBe(415);
    expect(r.body.error).toMatchObject({ code: 'unsupported_media_type', status: 415 });
    expect(r.body.error.message).toContain('no Content-Type');
    // The fetch handler, called directly, the same.
    const direct = await createHandler({ account: seller })(new Request('http://x/calculations', { method: 'POST', headers: V2, body: bytes }));
    expect(direct.status).toBe(415);
    expect(faults.length).toBe(before);
  });

  it('refuses JSON in any charset but UTF-8 with 415', async () => {
    const before = faults.length;
    for (const type of ['application/json; charset=utf-16', 'application/json; charset=UTF-16LE', 'application/json;charset="utf-16"', 'application/json; charset=iso-8859-1', 'application/json; charset=', 'application/json; charset=utf-8; charset=utf-16', 'application/problem+json; Charset=Shift_JIS']) {
      const r = await send(type);
      expect(r.status, type).toBe(415);
      expect(r.body.error.code, type).toBe('unsupported_media_type');
    }
    expect(faults.length).toBe(before);
  });

  it('reads JSON without a charset, in UTF-8, and the +json types', async () => {
    const expected = JSON.parse(JSON.stringify(calculate(body, seller)));
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON; Charset=UTF-8', 'application/json;charset="utf-8"', 'application/json; charset=utf8', 'application/merge-patch+json', 'application/vnd.api+json; charset=utf-8']) {
      const r = await send(type);
      expect(r.status, type).toBe(200);
      expect(r.body, type).toEqual(expected);
    }
  });

  it('answers a POST without a body, with or without a Content-Type, 400 as before', async () => {
    for (const type of [null, 'application/json']) {
      const r = await send(type, null);
      expect(r.status, String(type)).toBe(400);
      expect(r.body.error.issues[0]).toMatchObject({ path: ['body'], code: 'missing' });
    }
    const direct = await createHandler({ account: seller })(new Request('http://x/calculations', { method: 'POST', headers: V2 }));
    expect(direct.status).toBe(400);
  });

  it('does not concern GET requests, which have no body', async () => {
    const r = await get('/api/tax_rates/calculate?to_country=FR&tax_code=saas&amount=10&date=2026-06-01', { 'content-type': 'text/plain' });
    expect(r.status).toBe(200);
    expect((await get('/api/tax_codes')).status).toBe(200);
  });
});

describe('requests no endpoint can take', () => {
  it('answers a malformed percent-escape in a path id with a 400, not a server failure', async () => {
    const before = faults.length;
    for (const path of ['/api/tax_codes/%ZZ', '/api/tax_codes/%E0%A4', '/api/jurisdictions/%ZZ']) {
      const res = await fetch(`${main.base}${path}`);
      expect(res.status, path).toBe(400);
      const body = (await res.json()) as { error: { issues: { path: string[]; message: string }[] } };
      expect(body.error.issues[0]?.path).toEqual(['id']);
      expect(body.error.issues[0]?.message).toMatch(/percent-escape that is not UTF-8/);
    }
    expect(faults.length).toBe(before);
  });

  it('answers TRACE (which the fetch API cannot carry) with a 405 naming the methods taken', async () => {
    const { request } = await import('node:http');
    const { port } = main.server.address() as AddressInfo;
    for (const method of ['TRACE']) {
      const answer = await new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, method, path: '/api/tax_codes' }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
        });
        req.on('error', reject);
        req.end();
      });
      expect(answer.status, method).toBe(405);
      expect(answer.allow).toBe('GET, HEAD, POST, PUT');
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'method_not_allowed', status: 405 } });
    }
  });

  it('answers a method no route takes with a 405 and Allow, on the server and from the handler', async () => {
    const before = faults.length;
    for (const method of ['PROPFIND', 'OPTIONS', 'PATCH', 'M-SEARCH']) {
      const r = await fetch(`${main.base}/api/tax_codes`, { method });
      expect(r.status, method).toBe(405);
      expect(r.headers.get('allow'), method).toBe('GET');
      expect(((await r.json()) as any).error.code).toBe('method_not_allowed');
    }
    const handler = createHandler({ account: seller });
    for (const method of ['FOO', 'PROPFIND', 'X-ANYTHING']) {
      const r = await handler(new Request('http://x/calculations', { method }));
      expect(r.status, method).toBe(405);
      expect(r.headers.get('allow'), method).toBe('POST');
    }
    // A method Node's parser does not know never reaches the listener: Node answers 400 itself.
    const foo = await raw('FOO /api/tax_codes HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(foo.status).toBe(400);
    expect(faults.length).toBe(before);
  });

  it('answers a Host or a request target that makes no URL with a 400, and a path of "//" as a path', async () => {
    const before = faults.length;
    for (const host of ['a b', '[', 'x:99999', 'x/evil', 'user@x']) {
      const r = await raw(`GET /api/tax_codes HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(r.status, host).toBe(400);
      expect(JSON.parse(r.body).error, host).toMatchObject({ code: 'invalid_request', status: 400 });
      expect(JSON.parse(r.body).error.message, host).toContain('Host header');
    }
    const target = await raw('GET http://[/api/tax_codes HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(target.status).toBe(400);
    expect(JSON.parse(target.body).error.message).toContain('request target');
    for (const path of ['//', '//api/tax_codes']) {
      const r = await raw(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(r.status, path).toBe(404);
      expect(JSON.parse(r.body).error.message, path).toContain(`"${path}"`);
    }
    // An empty Host is no Host: the request is answered.
    expect((await raw('GET /api/tax_codes HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n')).status).toBe(200);
    expect(faults.length).toBe(before);
  });
});

describe('the listener’s own answers', () => {
  /** A TRACE request and one with a Host that is no host, with the given Accept header (none if undefined). */
  const requests = (accept: string | undefined) => {
    const line = accept === undefined ? '' : `Accept: ${accept}\r\n`;
    return [
      { what: 'TRACE', status: 405, code: 'method_not_allowed', text: `TRACE /api/tax_codes HTTP/1.1\r\nHost: x\r\n${line}Connection: close\r\n\r\n` },
      { what: 'a bad Host', status: 400, code: 'invalid_request', text: `GET /api/tax_codes HTTP/1.1\r\nHost: x/evil\r\n${line}Connection: close\r\n\r\n` },
      { what: 'a bad target', status: 400, code: 'invalid_request', text: `GET http://[/api/tax_codes HTTP/1.1\r\nHost: x\r\n${line}Connection: close\r\n\r\n` },
    ];
  };

  it('carry the error body and x-api-version: the version the Accept header names, else 20241028', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, '20241028'],
      ['application/json; api_version=20260309', '20260309'],
      ['application/json; api_version: 20241028', '20241028'],
      ['text/html, application/json; api_version=20260309', '20260309'],
      // A version the handler does not answer is no reason to fail: the listener's answer is in the default.
      ['application/json; api_version=19990101', '20241028'],
      ['*/*', '20241028'],
    ];
    for (const [accept, version] of cases) {
      for (const { what, status, code, text } of requests(accept)) {
        const r = await raw(text);
        const label = `${what}, Accept ${accept}`;
        expect(r.status, label).toBe(status);
        expect(r.headers['x-api-version'], label).toBe(version);
        expect(r.headers['content-type'], label).toBe('application/json; charset=utf-8');
        const body = JSON.parse(r.body);
        expect(Object.keys(body), label).toEqual(['error']);
        expect(Object.keys(body.error).sort(), label).toEqual(['code', 'issues', 'message', 'status']);
        expect(body.error, label).toMatchObject({ code, status, issues: [] });
        expect(typeof body.error.message, label).toBe('string');
      }
    }
  });

  it('carry x-api-version for a header HTTP does not allow, a body over the limit and a failure, called directly', async () => {
    /** The listener's answer to `req`, written to a response that records it. */
    const answerOf = async (handler: (r: Request) => Promise<Response>, req: Record<string, unknown>) => {
      const headers: Record<string, string | string[]> = {};
      const res = { statusCode: 0, body: '', headersSent: false, setHeader: (n: string, v: string | string[]) => (headers[n.toLowerCase()] = v), end: (c?: string) => void (res.body = String(c ?? '')) };
      const chunks = (req.chunks as string[] | undefined) ?? [];
      const request = { method: 'GET', url: '/tax_codes', ...req, async *[Symbol.asyncIterator]() {
        yield* chunks;
      } };
      await toNodeListener(handler)(request as never, res);
      return { status: res.statusCode, headers, body: JSON.parse(res.body) };
    };
    const handler = createHandler({ account: seller });
    const badHeader = await answerOf(handler, { headers: { host: 'x', 'bad name': '1', accept: 'application/json; api_version=20260309' } });
    expect(badHeader.status).toBe(400);
    expect(badHeader.headers['x-api-version']).toBe('20260309');
    expect(badHeader.body.error).toMatchObject({ code: 'invalid_request', status: 400, issues: [] });
    // A handler not of createHandler: its limit is unknown, the listener answers the 413 itself.
    const plain = async () => new Response('{}');
    const tooLarge = await answerOf(plain, { method: 'POST', headers: { host: 'x', 'content-length': String(10 ** 12) } });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers['x-api-version']).toBe('20241028');
    const failing = async (): Promise<Response> => {
      throw new Error('down');
    };
    const failed = await answerOf(failing, { headers: { host: 'x', accept: ['application/json; api_version=20260309'] } });
    expect(failed.status).toBe(500);
    expect(failed.headers['x-api-version']).toBe('20260309');
    expect(failed.body.error).toMatchObject({ code: 'internal_error', status: 500, issues: [] });
    for (const method of ['CONNECT', 'TRACK']) {
      const r = await answerOf(handler, { method, headers: { host: 'x' } });
      expect(r.status, method).toBe(405);
      expect(r.headers['x-api-version'], method).toBe('20241028');
    }
  });
});

describe('a body larger than the handler takes', () => {
  async function post(port: number, headers: Record<string, string>, chunks: string[]): Promise<{ status: number; body: string }> {
    const { request } = await import('node:http');
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/calculations', headers: { 'content-type': 'application/json', accept: 'application/json; api_version=20260309', ...headers } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? resolve({ status: -1, body: '' }) : reject(e)));
      for (const c of chunks) req.write(c);
      req.end();
    });
  }

  it('is answered 413 from its Content-Length, before it is read', async () => {
    const { port } = main.server.address() as AddressInfo;
    const answer = await post(port, { 'content-length': '1000000000000' }, ['{}']);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'payload_too_large', status: 413 } });
  });

  it('is answered 413 from its Content-Length by the fetch handler too, the body tiny', async () => {
    const before = faults.length;
    const { port } = main.server.address() as AddressInfo;
    const answer = await post(port, { 'content-length': '1000000000000' }, ['{"a":1}']);
    expect(answer.status).toBe(413);
    const r = await createHandler({ account: seller, onError: (e) => faults.push(e) })(
      new Request('http://x/calculations', { method: 'POST', headers: { ...V2, 'content-type': 'application/json', 'content-length': '1000000000000' }, body: '{}' }),
    );
    expect(r.status).toBe(413);
    expect(await r.json()).toMatchObject({ error: { code: 'payload_too_large', status: 413 } });
    expect(faults.length).toBe(before);
  });

  it('is answered 413 once the bytes read pass the limit, without a Content-Length', async () => {
    const small = await serve({ account: seller, basePath: '/api', maxBodyBytes: 1024 });
    try {
      const { port } = small.server.address() as AddressInfo;
      const answer = await post(port, { 'transfer-encoding': 'chunked' }, Array.from({ length: 50 }, () => 'x'.repeat(1024)));
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'payload_too_large', message: 'the body is larger than 1024 bytes' } });
    } finally {
      await close(small);
    }
  });
});
