/** The spec's reference rate by default: `ecbRates` as the documents' exchangeRates, and the HTTP handler's default. */
import { describe, expect, it } from 'vitest';
import { buildDocument, computeBatch, computeTransaction, defineAccount, TaxRulesError, type DocumentOptions } from '../src/index.js';
import { ecbCrossRate, ecbRates, ecbReferenceRates } from '../src/ecb.js';
import { createHandler, type HandlerOptions } from '../src/http.js';
import { refused } from './helpers.js';
import { WHAT_TO_PASS } from '../src/http/ecb-default.js';
import { dateOfDay, dayNumber } from '../src/core/dates.js';

const ie = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss', valid_from: '2021-07-01' }] });
const gbSeller = defineAccount({ country: 'GB', currency: 'GBP', registrations: [{ country: 'GB' }] });
const ids = { id: 7, number: 'INV-7', createdAt: 1_717_400_000 };
const usdSale = (date: string, extra: object = {}) => ({ source_id: `ch_${date}`, date, currency: 'USD', customer: { address: { country: 'IE' } }, items: [{ reference: 'book', amount: '100.00', tax_code: 'standard' as const, product_type: 'good' as const }], ...extra });
const usdInvoice = (date: string) => ({ date, currency: 'USD', customer: { first_name: 'Anna', country: 'DE' }, items: [{ description: 'Plan', amount: 100, tax: { country: 'DE', tax_code: 'saas' as const } }], payment: { method: 'credit_card' as const, processor: 'stripe', processor_id: 'ch_1' } });

describe('ecbRates as options.exchangeRates', () => {
  it('gives a USD transaction of a EUR account the ECB rate of its date (1 / 1.0842 on 2024-06-03)', () => {
    const t = computeTransaction(usdSale('2024-06-03'), ie, { exchangeRates: ecbRates });
    expect(t.exchange_rate).toMatchObject({ from: 'USD', to: 'EUR', rate: '0.9223390518', date: '2024-06-03', total: '113.45' });
    expect(t.exchange_rate!.rate).toBe(ecbCrossRate('USD', 'EUR', '2024-06-03').rate);
  });

  it('crosses through the euro for an account in another currency', () => {
    const t = computeTransaction({ ...usdSale('2024-06-03'), customer: { address: { country: 'GB' } } }, gbSeller, { exchangeRates: ecbRates });
    expect(t.exchange_rate!.rate).toBe(ecbCrossRate('USD', 'GBP', '2024-06-03').rate);
  });

  it('prices a v20241028 document the same way', () => {
    const doc = buildDocument(usdInvoice('2024-06-03'), ie, { ...ids, exchangeRates: ecbRates } as DocumentOptions);
    expect(doc.exchange_rate).toBe(0.9223390518);
  });

  it('answers a day after the data with the ECB entry’s 422, naming the last day; in a batch, naming the transaction', () => {
    const late = refused(() => computeTransaction(usdSale('2099-01-02'), ie, { exchangeRates: ecbRates }));
    expect(late.status).toBe(422);
    expect(late.message).toContain(ecbReferenceRates.last);
    const batch = refused(() => computeBatch({ transactions: [usdSale('2024-06-03'), usdSale('2099-01-02')] }, ie, { exchangeRates: ecbRates }));
    expect(batch.status).toBe(422);
    expect(batch.message).toMatch(/^transactions\.1: /);
    expect(refused(() => buildDocument(usdInvoice('2099-01-02'), ie, { ...ids, exchangeRates: ecbRates } as DocumentOptions)).status).toBe(422);
  });

  it('takes any function of the caller, and refuses what it answers when that is no rate', () => {
    const seen: unknown[] = [];
    const mine = (currency: string, date: string, account: string) => {
      seen.push([currency, date, account]);
      return '0.9';
    };
    expect(computeTransaction(usdSale('2024-06-03', { currency: 'usd' }), ie, { exchangeRates: mine }).exchange_rate!.rate).toBe('0.9');
    expect(seen).toEqual([['USD', '2024-06-03', 'EUR']]);
    for (const bad of ['abc', -1, 0, null, '1e3']) {
      const e = refused(() => computeTransaction(usdSale('2024-06-03'), ie, { exchangeRates: () => bad as never }));
      expect(e.status).toBe(400);
      expect(e.issues[0]!.path).toEqual(['options', 'exchangeRates']);
      expect(e.message).toContain('options.exchangeRates(USD, 2024-06-03, EUR) must return a positive decimal');
    }
    const thrown = refused(() => computeTransaction(usdSale('2024-06-03'), ie, { exchangeRates: () => { throw new Error('rates offline'); } }));
    expect(thrown).toMatchObject({ status: 400 });
    expect(thrown.message).toContain('rates offline');
    expect(refused(() => buildDocument(usdInvoice('2024-06-03'), ie, { ...ids, exchangeRates: () => 'x' } as never)).status).toBe(400);
  });

  it('is not asked for a transaction in the account’s currency', () => {
    let asked = 0;
    const t = computeTransaction({ ...usdSale('2024-06-03'), currency: 'EUR' }, ie, { exchangeRates: () => String(++asked) });
    expect(t.exchange_rate).toBeNull();
    expect(asked).toBe(0);
  });
});

describe('the HTTP handler’s exchange rates', () => {
  const handler = (extra: Partial<HandlerOptions> = {}, prepared: object = {}) =>
    createHandler({ account: ie, documents: { prepare: (c) => (c.kind === 'invoice_or_credit' ? { ...ids, ...prepared } : prepared) }, ...extra });
  const post = (h: ReturnType<typeof createHandler>, path: string, body: unknown, version = '20260309') =>
    h(new Request(`http://x${path}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: `application/json; api_version=${version}` }, body: JSON.stringify(body) }));

  it('apply the ECB reference rate by default, in both API versions', async () => {
    const v2 = await post(handler(), '/transactions', usdSale('2024-06-03'));
    expect(v2.status).toBe(200);
    expect((await v2.json()).exchange_rate).toMatchObject({ rate: '0.9223390518', date: '2024-06-03' });
    const v1 = await post(handler(), '/transactions', usdInvoice('2024-06-03'), '20241028');
    expect(v1.status).toBe(201);
    expect((await v1.json()).exchange_rate).toBe(0.9223390518);
    const batch = await post(handler(), '/transactions/batch', { transactions: [usdSale('2024-06-03'), usdSale('2024-06-08')] });
    expect(((await batch.json()) as { transactions: { exchange_rate: { rate: string } }[] }).transactions.map((t) => t.exchange_rate.rate)).toEqual(['0.9223390518', '0.9175995596']);
  });

  it('answer 422 naming the data’s last day after it, and with exchangeRates: null', async () => {
    const late = await post(handler(), '/transactions', usdSale('2099-01-02'));
    expect(late.status).toBe(422);
    expect(late.headers.get('x-api-version')).toBe('20260309');
    const body = (await late.json()) as { error: { issues: { path: string[]; message: string }[] } };
    expect(body.error.issues[0]!.path).toEqual(['date']);
    expect(body.error.issues[0]!.message).toBe(`no reference exchange rate for USD on 2099-01-02: the ECB reference rates this server applies by default are those shipped with taxrules, which end on ${ecbReferenceRates.last}; ${WHAT_TO_PASS}`);
    // The day after the last publication already: the data may not be read past it.
    const next = dateOfDay(dayNumber(ecbReferenceRates.last) + 1);
    const v1 = await post(handler(), '/transactions', usdInvoice(next), '20241028');
    expect(v1.status).toBe(422);
    expect(JSON.stringify(await v1.json())).toContain(`end on ${ecbReferenceRates.last}; give the rate in the request (exchange_rate)`);
    const batch = await post(handler(), '/transactions/batch', { transactions: [usdSale('2024-06-03'), usdSale(next)] });
    expect(batch.status).toBe(422);
    expect(JSON.stringify(await batch.json())).toContain(`transactions.1: no reference exchange rate for USD on ${next}`);
    // On the last day itself the shipped rate applies.
    expect((await post(handler(), '/transactions', usdSale(ecbReferenceRates.last))).status).toBe(200);
    const none = await post(handler({ exchangeRates: null }), '/transactions', usdSale('2024-06-03'));
    expect(none.status).toBe(422);
  });

  it('leave the request’s and the server’s own rates first', async () => {
    const own = await post(handler({}, { exchangeRate: '0.5' }), '/transactions', usdSale('2024-06-03'));
    expect((await own.json()).exchange_rate.rate).toBe('0.5');
    const table = await post(handler({ exchangeRates: [{ currency: 'USD', from: '2024-01-01', until: '2024-12-31', rate: '0.8' }] }), '/transactions', usdSale('2024-06-03'));
    expect((await table.json()).exchange_rate.rate).toBe('0.8');
    const fn = await post(handler({ exchangeRates: () => '0.7' }), '/transactions', usdSale('2024-06-03'));
    expect((await fn.json()).exchange_rate.rate).toBe('0.7');
    const request = await post(handler(), '/transactions', { ...usdInvoice('2024-06-03'), exchange_rate: 0.95 }, '20241028');
    expect((await request.json()).exchange_rate).toBe(0.95);
  });

  it('refuses a wrong exchangeRates option at creation', () => {
    for (const bad of ['ECB', 5, { USD: 1 }, [{ currency: 'USD', rate: 1 }]]) {
      const e = (() => {
        try {
          createHandler({ account: ie, exchangeRates: bad as never });
        } catch (x) {
          return x;
        }
        return null;
      })();
      expect(e, String(bad)).toBeInstanceOf(TaxRulesError);
      expect((e as TaxRulesError).issues[0]!.path.slice(0, 2)).toEqual(['options', 'exchangeRates']);
    }
  });
});
