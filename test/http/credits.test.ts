/**
 * The credit note endpoints of API version 20241028 through the HTTP handler: GET and PUT
 * /credits/{id}, POST /credits/{id}/payments, PUT /credits/{id}/void, over the records the
 * server's `documents` hooks keep.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../scripts/openapi.js';
import { createHandler, type DocumentContext, type DocumentHooks, type DocumentResult, type FetchHandler } from '../../src/http.js';
import { buildCreditNote, buildDocument, TaxRulesError, type Account, type BillingDocument, type RecordedCreditPayment, type VoidedCreditNote } from '../../src/index.js';

const ie: Account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000 }] };
const sale = {
  date: '2026-06-01',
  customer: { first_name: 'Anna', country: 'DE' },
  items: [{ amount: 100, tax: { country: 'DE', tax_code: 'saas' } }],
  payment: { method: 'credit_card' },
  processor: 'stripe',
  processor_id: 'ch_1',
} as const;
// DE VAT 19 % on 100.00: 119.00. Paid, and closed by the credit note of its whole amount rather than by payments of its own.
const invoice: BillingDocument = { ...buildDocument(sale, ie, { id: 1, number: 'INV-1', createdAt: 1_780_300_800 }), payments: [] };
const creditOptions = { id: 2, number: 'CN-2', createdAt: 1_780_400_000, recordRefund: false } as const;

const V2 = 'application/json; api_version=20260309';

/** A server's store: the documents by id, what `store` received, and the failures `onError` was told of. */
let records: Map<number, BillingDocument>;
let storedResults: [DocumentContext['kind'], DocumentResult][];
let faults: unknown[];
let prepared: DocumentContext[];
let nextPaymentId: number;

/** The server's hooks over `records`; `override` answers `prepare` for a test of its own. */
function hooks(override?: (context: DocumentContext) => object | undefined): DocumentHooks {
  return {
    prepare(context) {
      prepared.push(context);
      const own = override?.(context);
      if (own !== undefined) return own;
      const creditNote = context.id === undefined ? undefined : records.get(context.id);
      switch (context.kind) {
        case 'credit': {
          const b = context.body as { invoice_id: number };
          return { ...creditOptions, invoice: records.get(b.invoice_id) };
        }
        case 'credit_payment':
          return { creditNote, createdAt: 1_780_500_000 + nextPaymentId, paymentId: nextPaymentId++ };
        case 'credit_void': {
          const of = creditNote?.related_document?.id;
          const credits = [...records.values()].filter((d) => d.type === 'Credit' && d.related_document?.id === of && d.id !== creditNote?.id);
          return { creditNote, invoice: of === undefined ? undefined : records.get(of), credits };
        }
        default:
          return { creditNote };
      }
    },
    store(result, context) {
      storedResults.push([context.kind, result]);
      if (context.kind === 'credit_payment') {
        const { credit } = result as RecordedCreditPayment;
        records.set(credit.id, credit);
      } else if (context.kind === 'credit_void') {
        const { credit, invoice: after } = result as VoidedCreditNote;
        records.set(credit.id, credit);
        records.set(after.id, after);
      } else {
        const doc = result as BillingDocument;
        records.set(doc.id, doc);
      }
    },
  };
}

function handlerWith(documents?: DocumentHooks): FetchHandler {
  return createHandler({ account: ie, onError: (e) => faults.push(e), ...(documents ? { documents } : {}) });
}

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** A request through the handler; every answer carries the API version it was given in. */
async function call(handler: FetchHandler, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const init: RequestInit = { method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers } };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const r = await handler(new Request(`http://tax.example${path}`, init));
  expect(r.headers.get('x-api-version'), `${method} ${path}`).toMatch(/^\d{8}$/);
  const text = await r.text();
  return { status: r.status, headers: r.headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

beforeEach(() => {
  records = new Map([[invoice.id, invoice]]);
  storedResults = [];
  faults = [];
  prepared = [];
  nextPaymentId = 1;
});

describe('the credit note endpoints', () => {
  it('serve a credit note from POST /credits to its void: read, updated, paid in two payments, voided with the invoice reopened', async () => {
    const handler = handlerWith(hooks());
    const created = await call(handler, 'POST', '/credits', { invoice_id: 1 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toEqual(JSON.parse(JSON.stringify(buildCreditNote({ invoice_id: 1 }, { ...creditOptions, invoice }))));
    expect([created.body.state, created.body.total_cents, created.body.payments]).toEqual(['outstanding', 11900, []]);

    const got = await call(handler, 'GET', '/credits/2');
    expect(got.status).toBe(200);
    expect(got.headers.get('x-api-version')).toBe('20241028');
    expect(got.body).toEqual(created.body);
    expect(prepared.at(-1)).toMatchObject({ kind: 'credit_get', id: 2, version: '20241028', body: undefined });
    const head = await call(handler, 'HEAD', '/credits/2');
    expect([head.status, head.body]).toEqual([200, undefined]);
    expect(storedResults.map(([kind]) => kind)).toEqual(['credit']); // a read stores nothing

    const updated = await call(handler, 'PUT', '/credits/2', { notes: 'Refund of the June plan', tag_list: ' refund , june ' });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toEqual({ ...created.body, notes: 'Refund of the June plan', tag_list: 'refund,june' });
    expect(storedResults.at(-1)).toEqual(['credit_update', updated.body]);
    const locked = await call(handler, 'PUT', '/credits/2', { total_cents: 1 });
    expect([locked.status, locked.body.error.issues[0].path]).toEqual([422, ['total_cents']]);

    const first = await call(handler, 'POST', '/credits/2/payments', { amount: '19.00', payment_method: 'wire_transfer', processor: 'bank', processor_id: 'tr_1' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toEqual({ id: 1, amount: 19, created_at: '1780500001', date: '2026-06-03', payment_method: 'wire_transfer', processor: 'bank', processor_id: 'tr_1' });
    const [kind, recorded] = storedResults.at(-1)!;
    expect(kind).toBe('credit_payment');
    expect((recorded as RecordedCreditPayment).payment).toEqual(first.body);
    expect([(recorded as RecordedCreditPayment).credit.state, (recorded as RecordedCreditPayment).credit.notes]).toEqual(['outstanding', 'Refund of the June plan']);
    const beyond = await call(handler, 'POST', '/credits/2/payments', { amount: '100.01' });
    expect([beyond.status, beyond.body.error.message]).toEqual([422, 'amount 100.01 is more than is left to pay on credit note CN-2: 100.00 of its total 119.00']);
    const rest = await call(handler, 'POST', '/credits/2/payments', { amount: 100 });
    expect([rest.status, rest.body.amount]).toEqual([201, 100]);
    expect(records.get(2)!.state).toBe('paid');
    expect(records.get(2)!.payments.map((p) => p.amount)).toEqual([19, 100]);
    expect((await call(handler, 'POST', '/credits/2/payments', { amount: 1 })).status).toBe(422);

    const stores = storedResults.length;
    for (const body of [{}, { void_reason: '  ' }, undefined]) {
      const noReason = await call(handler, 'PUT', '/credits/2/void', body);
      expect([noReason.status, noReason.body.error.issues[0].path], JSON.stringify(body)).toEqual([422, ['void_reason']]);
    }
    expect(storedResults.length).toBe(stores);

    const voided = await call(handler, 'PUT', '/credits/2/void', { void_reason: 'refund reversed' });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body).toMatchObject({ id: 2, type: 'Credit', state: 'voided', void_reason: 'refund reversed' });
    const [voidKind, result] = storedResults.at(-1)!;
    expect(voidKind).toBe('credit_void');
    expect((result as VoidedCreditNote).credit).toEqual(voided.body);
    expect((result as VoidedCreditNote).invoice).toEqual({ ...invoice, state: 'outstanding' });
    expect(records.get(1)!.state).toBe('outstanding');
    expect((await call(handler, 'PUT', '/credits/2/void', { void_reason: 'again' })).status).toBe(422);
    expect(faults).toEqual([]);
  });

  it('answer 404 when the server has no such credit note, without storing anything', async () => {
    const handler = handlerWith(hooks());
    for (const [method, path, body] of [
      ['GET', '/credits/99', undefined],
      ['PUT', '/credits/99', { notes: 'x' }],
      ['POST', '/credits/99/payments', { amount: 1 }],
      ['PUT', '/credits/99/void', { void_reason: 'x' }],
    ] as const) {
      const r = await call(handler, method, path, body);
      expect([r.status, r.body.error.code, r.body.error.message], `${method} ${path}`).toEqual([404, 'not_found', 'credit note 99 not found']);
    }
    expect(prepared.map((c) => [c.kind, c.id])).toEqual([
      ['credit_get', 99],
      ['credit_update', 99],
      ['credit_payment', 99],
      ['credit_void', 99],
    ]);
    expect(storedResults).toEqual([]);
    const without = await call(handlerWith(), 'GET', '/credits/2');
    expect([without.status, without.body.error.message]).toEqual([404, 'GET /credits/{id} is not served here: the server stores documents and gives their ids through the handler\'s documents option']);
  });

  it('answer 400 for an id that is not a whole number, before asking the server', async () => {
    const handler = handlerWith(hooks());
    for (const [method, path] of [
      ['GET', '/credits/abc'],
      ['GET', '/credits/1.5'],
      ['PUT', '/credits/-1'],
      ['POST', '/credits/01/payments'],
      ['PUT', '/credits/x/void'],
    ] as const) {
      const r = await call(handler, method, path, method === 'GET' ? undefined : {});
      expect([r.status, r.body.error.issues[0].path], `${method} ${path}`).toEqual([400, ['id']]);
    }
    expect(prepared).toEqual([]);
  });

  it('are endpoints of API version 20241028: 404 under 20260309, naming it', async () => {
    const handler = handlerWith(hooks());
    for (const [method, path] of [
      ['GET', '/credits/2'],
      ['PUT', '/credits/2'],
      ['POST', '/credits/2/payments'],
      ['PUT', '/credits/2/void'],
    ] as const) {
      const r = await call(handler, method, path, method === 'GET' ? undefined : {}, { accept: V2 });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.headers.get('x-api-version')).toBe('20260309');
      expect(r.body.error.message).toContain('api_version=20241028');
    }
    expect(prepared).toEqual([]);
  });

  it('answer 405 with Allow for a method the path does not take', async () => {
    const handler = handlerWith(hooks());
    for (const [method, path, allow] of [
      ['DELETE', '/credits/5', 'GET, PUT'],
      ['POST', '/credits/5', 'GET, PUT'],
      ['PATCH', '/credits/5', 'GET, PUT'],
      ['GET', '/credits/5/void', 'PUT'],
      ['POST', '/credits/5/void', 'PUT'],
      ['GET', '/credits/5/payments', 'POST'],
      ['PUT', '/credits/5/payments', 'POST'],
      ['GET', '/credits', 'POST'],
    ] as const) {
      const r = await call(handler, method, path);
      expect([r.status, r.headers.get('allow'), r.body.error.code], `${method} ${path}`).toEqual([405, allow, 'method_not_allowed']);
    }
    for (const path of ['/credits/5/refunds', '/credits/5/void/x', '/credits//void', '/credits/5/6']) expect((await call(handler, 'GET', path)).status, path).toBe(404);
    expect(prepared).toEqual([]);
  });

  it('answer 500 when the server’s hook gives records the function refuses, and tell onError; the client’s own mistakes stay 4xx', async () => {
    const credit = buildCreditNote({ invoice_id: 1 }, { ...creditOptions, invoice });
    const other = { ...invoice, id: 7, number: 'INV-7' };
    const unreadable = { creditNote: credit, get invoice(): never { throw new Error('the store is unreachable'); } };
    const garbage: [string, string, string, unknown, object][] = [
      ['not an object', 'GET', '/credits/2', undefined, 42 as never],
      ['an invoice as the credit note', 'GET', '/credits/1', undefined, { creditNote: invoice }],
      ['text as the credit note', 'PUT', '/credits/2', { notes: 'x' }, { creditNote: 'CN-2' }],
      ['another credit note', 'GET', '/credits/3', undefined, { creditNote: credit }],
      ['a payment without its time', 'POST', '/credits/2/payments', { amount: 1 }, { creditNote: credit }],
      ['an unknown option', 'POST', '/credits/2/payments', { amount: 1 }, { creditNote: credit, createdAt: 1_780_500_000, paymentid: 3 }],
      ['a void without the invoice', 'PUT', '/credits/2/void', { void_reason: 'x' }, { creditNote: credit }],
      ['a void with another invoice', 'PUT', '/credits/2/void', { void_reason: 'x' }, { creditNote: credit, invoice: other }],
      ['a credit note of no known currency', 'POST', '/credits/2/payments', { amount: 1 }, { creditNote: { ...credit, currency: 'XYZ' }, createdAt: 1_780_500_000 }],
      ['a getter that throws', 'GET', '/credits/2', undefined, unreadable],
    ];
    for (const [what, method, path, body, answer] of garbage) {
      const handler = handlerWith(hooks(() => answer));
      const before = faults.length;
      const r = await call(handler, method, path, body);
      expect([r.status, r.body.error], what).toEqual([500, { code: 'internal_error', status: 500, message: 'the server could not answer this request', issues: [] }]);
      expect(r.headers.get('x-api-version')).toBe('20241028');
      expect(faults.length, what).toBe(before + 1);
    }
    expect(storedResults).toEqual([]);
    // A body field named as the options or the document is the client's unknown field.
    const handler = handlerWith(hooks());
    records.set(2, credit);
    for (const [method, path, body] of [
      ['PUT', '/credits/2', { options: { invoice: 1 } }],
      ['POST', '/credits/2/payments', { amount: 1, document: { state: 'paid' } }],
      ['PUT', '/credits/2/void', { void_reason: 'x', options: {} }],
      ['POST', '/credits', { invoice_id: 1, options: {} }],
    ] as const) {
      const r = await call(handler, method, path, body);
      expect([r.status, r.body.error.issues[0].code], `${method} ${path}`).toEqual([400, 'unknown_field']);
    }
    const before = faults.length;
    expect((await call(handler, 'POST', '/credits/2/payments', 'not json')).status).toBe(400);
    expect(faults.length).toBe(before);
  });

  it('answer a TaxRulesError the hook throws as it is', async () => {
    const handler = handlerWith({
      prepare() {
        throw new TaxRulesError('not_found', 404, [{ path: ['id'], code: 'not_found', message: 'this tenant has no credit notes' }]);
      },
    });
    const r = await call(handler, 'GET', '/credits/2');
    expect([r.status, r.body.error.message]).toEqual([404, 'this tenant has no credit notes']);
    expect(faults).toEqual([]);
  });

  it('are described by the OpenAPI document: the payment record, the credit note and the bodies', async () => {
    const doc = openApiDocument() as { components: { schemas: Record<string, object> } };
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    for (const [name, schema] of Object.entries(doc.components.schemas)) ajv.addSchema(schema, `#/components/schemas/${name}`);
    const valid = (name: string, value: unknown) => ajv.getSchema(`#/components/schemas/${name}`)!(value);
    const handler = handlerWith(hooks());
    await call(handler, 'POST', '/credits', { invoice_id: 1 });
    const update = { notes: 'n', tag_list: 'a,b', custom_metadata: { order: 7 } };
    expect(valid('CreditUpdateRequest', update)).toBe(true);
    expect(valid('BillingDocument', (await call(handler, 'PUT', '/credits/2', update)).body)).toBe(true);
    const payment = { amount: '19.00', payment_method: 'wire_transfer' };
    expect(valid('CreditPaymentRequest', payment)).toBe(true);
    const record = await call(handler, 'POST', '/credits/2/payments', payment);
    expect(valid('PaymentRecord', record.body)).toBe(true);
    expect(valid('CreditVoidRequest', { void_reason: 'x' })).toBe(true);
    expect(valid('BillingDocument', (await call(handler, 'PUT', '/credits/2/void', { void_reason: 'x' })).body)).toBe(true);
    for (const [name, refused] of [
      ['CreditUpdateRequest', { items: [] }],
      ['CreditPaymentRequest', { amount: 1, id: 3 }],
      ['CreditVoidRequest', { void_reason: 'x', state: 'voided' }],
    ] as const) {
      expect(valid(name, refused), name).toBe(false);
    }
  });
});
