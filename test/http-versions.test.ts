/** The HTTP handler's version header on every answer, and the legacy tax endpoint. */
import { describe, expect, it } from 'vitest';
import { createHandler } from '../src/http.js';
import type { Account } from '../src/index.js';

const seller: Account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }] };
const handler = createHandler({ account: seller, today: '2026-06-01' });
const v2Handler = createHandler({ account: seller, apiVersion: '20260309', today: '2026-06-01' });
const perAccount = createHandler({ account: seller, apiVersion: () => '20260309', today: '2026-06-01' });

const call = async (h: typeof handler, path: string, init: RequestInit = {}) => {
  const r = await h(new Request(`http://tax.example${path}`, init));
  return { status: r.status, version: r.headers.get('x-api-version'), body: (r.status === 204 || init.method === 'HEAD' ? null : await r.json()) as { error?: { code: string; message: string } } | null };
};

describe('x-api-version', () => {
  it('is on answers and on refusals of every kind, with the version the request was answered in', async () => {
    expect(await call(handler, '/tax_rates/calculate?to_country=DE&tax_code=saas')).toMatchObject({ status: 200, version: '20241028' });
    expect(await call(handler, '/tax_rates/calculate?to_country=DE&tax_cod=saas')).toMatchObject({ status: 400, version: '20241028' });
    expect(await call(handler, '/tax_rates/calculate?to_country=DE&tax_code=saas&date=1999-01-01')).toMatchObject({ status: 422, version: '20241028' });
    expect(await call(handler, '/calculations', { method: 'POST', headers: { accept: 'application/json; api_version=20260309', 'content-type': 'application/json' }, body: '{' })).toMatchObject({ status: 400, version: '20260309' });
    expect(await call(handler, '/jurisdictions/999999999')).toMatchObject({ status: 404, version: '20241028' });
    // An endpoint of the other version: answered in the version asked for.
    expect(await call(handler, '/calculations', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).toMatchObject({ status: 404, version: '20241028' });
    // Before the version is known: the handler's fixed version, else the current one.
    expect(await call(handler, '/nowhere')).toMatchObject({ status: 404, version: '20241028' });
    expect(await call(v2Handler, '/nowhere')).toMatchObject({ status: 404, version: '20260309' });
    expect(await call(v2Handler, '/tax_codes', { method: 'DELETE' })).toMatchObject({ status: 405, version: '20260309' });
    expect(await call(perAccount, '/tax_codes', { method: 'DELETE' })).toMatchObject({ status: 405, version: '20241028' });
    expect(await call(perAccount, '/tax_codes')).toMatchObject({ status: 200, version: '20260309' });
    // An unknown version asked for: refused in the account's version.
    expect(await call(v2Handler, '/tax_codes', { headers: { accept: 'application/json; api_version=19990101' } })).toMatchObject({ status: 406, version: '20260309' });
    expect((await handler(new Request('http://tax.example/tax_codes', { method: 'HEAD' }))).headers.get('x-api-version')).toBe('20241028');
  });
});

describe('the legacy tax endpoint', () => {
  it('answers 410 Gone with any method, naming the endpoint that replaced it', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const r = await call(handler, '/taxes/calculate?country=DE&postal_code=10115', { method });
      expect(r.status, method).toBe(410);
      expect(r.body?.error?.code).toBe('gone');
      expect(r.body?.error?.message).toContain('/tax_rates/calculate');
    }
    expect((await call(handler, '/taxes/calculate/')).status).toBe(410);
  });

  it('/taxes/validate, replaced by /tax_ids/validate, answers 410 Gone too, naming its replacement', async () => {
    for (const method of ['GET', 'POST', 'PUT']) {
      const r = await call(handler, '/taxes/validate?vat_number=DE123456789', { method });
      expect(r.status, method).toBe(410);
      expect(r.body?.error?.code).toBe('gone');
      expect(r.body?.error?.message).toContain('/tax_ids/validate');
    }
    expect((await call(handler, '/taxes/validate/')).status).toBe(410);
    // Not every path under /taxes: one that never existed is not found.
    expect((await call(handler, '/taxes/other')).status).toBe(404);
  });
});
