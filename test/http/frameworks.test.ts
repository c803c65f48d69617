/** The handler mounted in Express (with and without a JSON body parser before it) and in Hono, as the README shows. */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createHandler, toNodeListener } from '../../src/http.js';
import { calculate, calculateTaxRate, type Account } from '../../src/index.js';

const account: Account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000 }] };
const handler = createHandler({ account, basePath: '/api' });
const body = { customer_address: { country: 'FR' }, tax_date: 1780315200, line_items: [{ reference: 'a', amount: '10.00', tax_code: 'saas' }] } as const;
const V2 = { accept: 'application/json; api_version=20260309', 'content-type': 'application/json' };

async function withExpress(app: express.Express, run: (base: string) => Promise<void>): Promise<void> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('Express', () => {
  it('serves the handler mounted under /api, reading the path before the mount point', async () => {
    const app = express();
    app.use('/api', toNodeListener(handler));
    await withExpress(app, async (base) => {
      const r = await fetch(`${base}/api/tax_rates/calculate?to_country=FR&tax_code=saas&amount=10&date=2026-06-01`);
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual(calculateTaxRate('to_country=FR&tax_code=saas&amount=10&date=2026-06-01', account));
      const c = await fetch(`${base}/api/calculations`, { method: 'POST', headers: V2, body: JSON.stringify(body) });
      expect(await c.json()).toEqual(JSON.parse(JSON.stringify(calculate(body, account))));
    });
  });

  it('reads a body express.json() already parsed', async () => {
    const app = express();
    app.use(express.json());
    app.use('/api', toNodeListener(handler));
    await withExpress(app, async (base) => {
      const c = await fetch(`${base}/api/calculations`, { method: 'POST', headers: V2, body: JSON.stringify(body) });
      expect(c.status).toBe(200);
      expect((await c.json()).total_tax).toBe('2.00');
      const bad = await fetch(`${base}/api/calculations`, { method: 'POST', headers: V2, body: JSON.stringify({ ...body, colour: 'red' }) });
      expect(bad.status).toBe(400);
    });
  });

  it('answers malformed JSON with the spec’s error body when mounted before express.json(), as the guide shows', async () => {
    const app = express();
    app.use('/api', toNodeListener(handler));
    app.use(express.json());
    await withExpress(app, async (base) => {
      const r = await fetch(`${base}/api/calculations`, { method: 'POST', headers: V2, body: '{"customer_address":' });
      expect(r.status).toBe(400);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await r.json()).toMatchObject({ error: { code: 'invalid_request', status: 400 } });
    });
    // Behind express.json(), Express answers it first, with its own HTML page.
    const behind = express();
    behind.use(express.json());
    behind.use('/api', toNodeListener(handler));
    await withExpress(behind, async (base) => {
      const r = await fetch(`${base}/api/calculations`, { method: 'POST', headers: V2, body: '{"customer_address":' });
      expect(r.status).toBe(400);
      expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    });
  });
});

describe('Hono and Workers', () => {
  it('serves the handler from a Hono route', async () => {
    const app = new Hono();
    app.all('/api/*', (c) => handler(c.req.raw));
    const r = await app.fetch(new Request('http://x/api/tax_codes/ebook'));
    expect(r.status).toBe(200);
    expect(((await r.json()) as { id: string }).id).toBe('ebook');
    const c = await app.fetch(new Request('http://x/api/calculations', { method: 'POST', headers: V2, body: JSON.stringify(body) }));
    expect(((await c.json()) as { total_tax: string }).total_tax).toBe('2.00');
  });

  it('is a Worker’s fetch as it is', async () => {
    const worker = { fetch: createHandler({ account }) };
    const r = await worker.fetch(new Request('https://tax.example/jurisdictions/250'));
    expect(await r.json()).toEqual({ id: 250, name: 'France', country: 'FR', region: null });
  });
});
