/** Transactions and batches of version 20260309: computeTransaction and computeBatch. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculate, computeBatch, computeTransaction, MAX_BATCH_TRANSACTIONS, TaxRulesError, type TaxTransaction, type TaxTransactionRequest } from '../src/index.js';
import { dayNumber } from '../src/core/dates.js';
import { parseAmount } from '../src/core/money.js';
import { parsedBySchema, plainTransaction } from '../src/documents/v20260309/parse.js';
import { maybe, mostly, refused, registeredEverywhere, withUnknown } from './helpers.js';

const account = registeredEverywhere();
const de = { address: { country: 'DE' } };

/** A sale of the given items to a German consumer on 2026-06-01. */
function sale(items: TaxTransactionRequest['items'], extra: Partial<TaxTransactionRequest> = {}): TaxTransactionRequest {
  return { source_id: 'ch_1', date: '2026-06-01', currency: 'EUR', customer: de, items, ...extra };
}

/** A refund of sale ch_1. */
function refund(items: TaxTransactionRequest['items'], extra: Partial<TaxTransactionRequest> = {}): TaxTransactionRequest {
  return { transaction_type: 'refund', source_id: 're_1', refund_of_source_id: 'ch_1', date: '2026-06-10', currency: 'EUR', customer: de, items, ...extra };
}

const paths = (e: TaxRulesError): string[] => e.issues.map((i) => i.path.join('.'));
const minor = (text: string, units = 2): bigint => {
  const p = parseAmount(text, units);
  if (!p.ok) throw new Error(`not an amount: ${text}`);
  return BigInt(p.minor);
};
const sumOf = (xs: readonly string[], units = 2): bigint => xs.reduce((a, x) => a + minor(x, units), 0n);

describe('computeTransaction: sales', () => {
  it('taxes the items as calculate taxes the same lines, and answers the transaction', () => {
    const items = [
      { reference: 'app', amount: '100.00', tax_code: 'saas' },
      { reference: 'book', amount: '10.00', tax_code: 'ebook' },
    ] as const;
    const t = computeTransaction(sale(items), account);
    const c = calculate({ customer_address: { country: 'DE' }, currency: 'EUR', tax_date: dayNumber('2026-06-01') * 86_400, line_items: items }, account);
    // Germany: 19 % on SaaS, 7 % on e-books (UStG § 12); the Irish seller collects through the OSS.
    expect(t).toMatchObject({ id: null, source: 'api', source_id: 'ch_1', transaction_type: 'sale', refund_of_source_id: null, status: 'taxed', supply_type: 'cross_border', date: '2026-06-01', currency: 'EUR' });
    expect([t.subtotal, t.total_tax, t.total]).toEqual(['110.00', '19.70', '129.70']);
    expect(t.items).toEqual(c.line_items);
    expect(t.tax_breakdown).toEqual(c.tax_breakdown);
    expect(t.tax_context).toEqual(c.tax_context);
    expect([t.exchange_rate, t.discrepancy]).toEqual([null, null]);
  });

  it('is domestic when the customer is taxed in the country the supply is made from', () => {
    const t = computeTransaction({ ...sale([{ reference: 'a', amount: '123.00', tax_code: 'standard', product_type: 'good' }]), customer: { address: { country: 'IE' } }, tax_behavior: 'inclusive' }, account);
    // Ireland 23 %: 123.00 gross holds 23.00 (VATCA 2010 s. 46).
    expect(t).toMatchObject({ supply_type: 'domestic', tax_behavior: 'inclusive', subtotal: '100.00', total_tax: '23.00', total: '123.00' });
    const from = computeTransaction({ ...sale([{ reference: 'a', amount: '100.00', tax_code: 'consulting' }]), customer: { address: { country: 'FR' } }, origin_address: { country: 'FR', postal_code: '75001' } }, registeredEverywhere('IE'));
    expect(from.supply_type).toBe('domestic');
    expect(from.origin_address).toEqual({ country: 'FR', postal_code: '75001' });
  });

  it('reads the customer: its tax ID decides business or consumer, its name and address are echoed', () => {
    const t = computeTransaction(sale([{ reference: 'a', amount: '50.00', tax_code: 'saas' }], { customer: { name: 'Société Exemple', tax_id: 'FR40303265045', address: { country: 'FR', city: 'Paris' } } }), account);
    expect(t.customer).toEqual({ name: 'Société Exemple', tax_id: 'FR40303265045', address: { country: 'FR', city: 'Paris' } });
    expect(t.tax_id_validation).toEqual({ tax_id: 'FR40303265045', country: 'FR', valid: true });
    expect(t.total_tax).toBe('0.00');
    expect(t.items[0]?.taxes[0]).toMatchObject({ status: 'reverse_charge', reason: 'eu_reverse_charge' });
  });

  it('uses the total_tax given, reports the discrepancy, and keeps net (exclusive) or gross (inclusive) fixed', () => {
    const exclusive = computeTransaction(sale([{ reference: 'a', amount: '100.00', tax_code: 'saas' }], { total_tax: '18.50' }), account);
    expect(exclusive).toMatchObject({ subtotal: '100.00', total_tax: '18.50', total: '118.50', discrepancy: { total_tax: '18.50', calculated_total_tax: '19.00', difference: '-0.50' } });
    // The items keep the calculated taxes: the discrepancy is what the given figure differs by.
    expect(exclusive.items[0]?.amount_tax).toBe('19.00');
    const inclusive = computeTransaction(sale([{ reference: 'a', amount: '119.00', tax_code: 'saas' }], { tax_behavior: 'inclusive', total_tax: '19.50' }), account);
    expect(inclusive).toMatchObject({ subtotal: '99.50', total_tax: '19.50', total: '119.00', discrepancy: { difference: '0.50' } });
    const same = computeTransaction(sale([{ reference: 'a', amount: '100.00', tax_code: 'saas' }], { total_tax: '19' }), account);
    expect(same.discrepancy).toEqual({ total_tax: '19.00', calculated_total_tax: '19.00', difference: '0.00' });
  });

  it('refuses a total_tax it cannot apply: mixed behaviors, the wrong sign, more than an inclusive total', () => {
    const mixed = refused(() =>
      computeTransaction(sale([{ reference: 'a', amount: '10.00' }, { reference: 'b', amount: '10.00', tax_behavior: 'inclusive' }], { total_tax: '3.00' }), account),
    );
    expect([mixed.status, paths(mixed)]).toEqual([422, ['total_tax']]);
    expect(refused(() => computeTransaction(sale([{ reference: 'a', amount: '10.00' }], { total_tax: '-1.00' }), account)).issues[0]?.message).toMatch(/opposite sign/);
    expect(refused(() => computeTransaction(sale([{ reference: 'a', amount: '10.00' }], { tax_behavior: 'inclusive', total_tax: '10.01' }), account)).issues[0]?.message).toMatch(/more than the tax-inclusive total/);
    expect(refused(() => computeTransaction(sale([{ reference: 'a', amount: '10.00' }], { total_tax: '1.001' }), account)).issues).toEqual([
      { path: ['total_tax'], code: 'malformed', message: 'total_tax "1.001" has more decimals than EUR allows (2)' },
    ]);
  });

  it('refuses a source id already taken for the source and type, by list or by lookup', () => {
    const taken = [{ source: 'api', transaction_type: 'sale', source_id: 'ch_1' }] as const;
    const e = refused(() => computeTransaction(sale([{ reference: 'a', amount: '1.00' }]), account, { usedSourceIds: taken }));
    expect([e.status, e.code, paths(e)]).toEqual([422, 'unprocessable', ['source_id']]);
    // Unique per source and type: another source, or a refund, may use it.
    expect(computeTransaction(sale([{ reference: 'a', amount: '1.00' }], { source: 'shop' }), account, { usedSourceIds: taken }).source).toBe('shop');
    const asked: unknown[] = [];
    const lookup = (key: unknown): boolean => {
      asked.push(key);
      return false;
    };
    computeTransaction(sale([{ reference: 'a', amount: '1.00' }], { source: 'stripe' }), account, { usedSourceIds: lookup });
    expect(asked).toEqual([{ source: 'stripe', transaction_type: 'sale', source_id: 'ch_1' }]);
    expect(refused(() => computeTransaction(sale([{ reference: 'a', amount: '1.00' }]), account, { usedSourceIds: () => true })).status).toBe(422);
  });

  it('refuses usedSourceIds that are not keys, and a lookup that answers anything but a boolean or throws', () => {
    const bad = refused(() => computeTransaction(sale([{ reference: 'a', amount: '1.00' }]), account, { usedSourceIds: [{ source: 'api', source_id: 'x' }, 'ch_1'] as never }));
    expect([bad.status, paths(bad)]).toEqual([400, ['options.usedSourceIds.0', 'options.usedSourceIds.1']]);
    expect(paths(refused(() => computeTransaction(sale([{ reference: 'a', amount: '1.00' }]), account, { usedSourceIds: (() => 'no') as never })))).toEqual(['options.usedSourceIds']);
    const thrown = refused(() =>
      computeTransaction(sale([{ reference: 'a', amount: '1.00' }]), account, {
        usedSourceIds: () => {
          throw new Error('database down');
        },
      }),
    );
    expect([thrown.status, thrown.issues[0]?.message]).toEqual([400, 'options.usedSourceIds() could not be read: Error: database down']);
  });
});

describe('computeTransaction: the request is strict', () => {
  const ok = sale([{ reference: 'a', amount: '10.00' }]);

  it('requires source_id, date, currency, customer (with its address) and items', () => {
    const e = refused(() => computeTransaction({ customer: {} } as never, account));
    expect(e.status).toBe(400);
    expect(e.issues).toEqual(
      expect.arrayContaining([
        { path: ['source_id'], code: 'missing', message: 'source_id is required' },
        { path: ['date'], code: 'missing', message: 'date is required' },
        { path: ['currency'], code: 'missing', message: 'currency is required' },
        { path: ['customer', 'address'], code: 'missing', message: 'customer.address is required' },
        { path: ['items'], code: 'missing', message: 'items is required' },
      ]),
    );
    expect(paths(refused(() => computeTransaction({ ...ok, customer: undefined } as never, account)))).toEqual(['customer']);
  });

  it('refuses an impossible date, a date before 1970, a currency that is no code or unknown', () => {
    for (const date of ['2026-02-29', '2026-13-01', '26-06-01', '1969-12-31', '']) {
      const e = refused(() => computeTransaction({ ...ok, date }, account));
      expect([e.status, paths(e)], date).toEqual([400, ['date']]);
    }
    expect(paths(refused(() => computeTransaction({ ...ok, currency: 'euro' }, account)))).toEqual(['currency']);
    const unknown = refused(() => computeTransaction({ ...ok, currency: 'ABC' }, account));
    expect([unknown.status, unknown.issues[0]?.message]).toEqual([406, 'currency ABC is not an ISO 4217 currency code']);
  });

  it('refuses unknown fields at every level, naming the field meant', () => {
    const e = refused(() =>
      computeTransaction({ ...ok, sourceid: 'x', customer: { adress: { country: 'DE' } }, items: [{ reference: 'a', amount: '1.00', taxcode: 'saas' }] } as never, account),
    );
    expect(e.status).toBe(400);
    expect(e.issues.filter((i) => i.code === 'unknown_field').map((i) => i.message)).toEqual([
      'customer.adress: unknown field; did you mean address?',
      'items.0.taxcode: unknown field; did you mean tax_code?',
      'sourceid: unknown field; did you mean source_id?',
    ]);
    // The batch's `total` is no field of a single transaction.
    expect(paths(refused(() => computeTransaction({ ...ok, total: '10.00' } as never, account)))).toEqual(['total']);
  });

  it('refuses wrong types and values: transaction_type, source, empty ids, amounts, quantities, codes', () => {
    const cases: [Partial<Record<string, unknown>>, string[], number][] = [
      [{ transaction_type: 'return' }, ['transaction_type'], 406],
      [{ source: '' }, ['source'], 400],
      [{ source_id: '' }, ['source_id'], 400],
      [{ source_id: 'x'.repeat(201) }, ['source_id'], 400],
      [{ source_id: 42 }, ['source_id'], 400],
      [{ items: [] }, ['items'], 400],
      [{ items: [{ reference: 'a', amount: 10 }] }, ['items.0.amount'], 400],
      [{ items: [{ reference: 'a', amount: '1e3' }] }, ['items.0.amount'], 400],
      [{ items: [{ reference: 'a', amount: '1.005' }] }, ['items.0.amount'], 400],
      [{ items: [{ reference: 'a', amount: '1.00', quantity: 0 }] }, ['items.0.quantity'], 400],
      [{ items: [{ reference: 'a', amount: '1.00', tax_code: 'groceries' }] }, ['items.0.tax_code'], 406],
      [{ items: [{ reference: '', amount: '1.00' }] }, ['items.0.reference'], 400],
      [{ items: [{ reference: 'a', amount: '1.00' }, { reference: 'a', amount: '2.00' }] }, ['items.1.reference'], 406],
      [{ customer: { address: { country: 'ZZ' } } }, ['customer.address.country'], 406],
      [{ customer: { tax_id: 5, address: { country: 'DE' } } }, ['customer.tax_id'], 400],
      [{ tax_behavior: 'gross' }, ['tax_behavior'], 406],
    ];
    for (const [patch, fields, status] of cases) {
      const e = refused(() => computeTransaction({ ...ok, ...patch } as never, account));
      expect([paths(e), e.status], JSON.stringify(patch)).toEqual([fields, status]);
    }
  });

  it('accepts 200 items and refuses 201 (the spec: at most 200 per document)', () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ reference: `r${i}`, amount: '1.00' }));
    expect(computeTransaction({ ...ok, items: items(200) }, account).items).toHaveLength(200);
    expect(paths(refused(() => computeTransaction({ ...ok, items: items(201) }, account)))).toEqual(['items']);
  });

  it('names the transaction’s fields in the calculation’s refusals: a date before the rules, a postal code against its state', () => {
    // Texas local taxes are recorded from 2026-05-04 (see US local sales taxes in the README).
    const early = refused(() => computeTransaction({ ...ok, date: '2025-06-01', customer: { address: { country: 'US', postal_code: '78701' } }, currency: 'USD' }, account, { exchangeRate: '0.92' }));
    expect(early.status).toBe(422);
    expect(paths(early)).toEqual(['date']);
    const contradiction = refused(() => computeTransaction({ ...ok, currency: 'USD', customer: { address: { country: 'US', state: 'CA', postal_code: '78701' } } }, account, { exchangeRate: '0.92' }));
    expect(paths(contradiction)).toEqual(['customer.address.postal_code']);
    expect(contradiction.message).not.toMatch(/customer_address/);
  });

  it('refuses options it does not know, or of the wrong type', () => {
    expect(paths(refused(() => computeTransaction(ok, account, { orignal: {} } as never)))).toEqual(['options.orignal']);
    expect(refused(() => computeTransaction(ok, account, { orignal: {} } as never)).issues[0]?.message).toMatch(/did you mean original\?/);
    expect(paths(refused(() => computeTransaction(ok, account, { earlierRefunds: {} } as never)))).toEqual(['options.earlierRefunds']);
    expect(paths(refused(() => computeTransaction(ok, account, 5 as never)))).toEqual(['options']);
  });

  it('refuses a sale that names a sale, or is handed a sale to refund', () => {
    const sold = computeTransaction(ok, account);
    expect(paths(refused(() => computeTransaction({ ...ok, refund_of_source_id: 'ch_0' }, account)))).toEqual(['refund_of_source_id']);
    expect(paths(refused(() => computeTransaction(ok, account, { original: sold })))).toEqual(['options.original']);
    expect(paths(refused(() => computeTransaction(ok, account, { earlierRefunds: [] })))).toEqual(['options.earlierRefunds']);
  });

  it('reads only own fields: a polluted prototype supplies nothing', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.transaction_type = 'refund';
    proto.tax_code = 'exempt';
    try {
      const t = computeTransaction(sale([{ reference: 'a', amount: '100.00', tax_code: 'saas' }]), account);
      expect([t.transaction_type, t.total_tax]).toEqual(['sale', '19.00']);
    } finally {
      delete proto.transaction_type;
      delete proto.tax_code;
    }
  });
});

describe('computeTransaction: exchange rates', () => {
  const usd = { ...account, currency: 'USD' };
  const table = [
    { currency: 'EUR', date: '2026-06-01', rate: '1.0842' },
    { currency: 'EUR', from: '2026-06-02', until: '2026-06-30', rate: 1.1 },
  ];

  it('converts the totals into the account’s currency at the caller’s rate, exactly, half up', () => {
    const t = computeTransaction(sale([{ reference: 'a', amount: '100.00', tax_code: 'saas' }]), usd, { exchangeRates: table });
    // 119.00 EUR × 1.0842 = 129.0198 → 129.02 USD; 19.00 × 1.0842 = 20.5998 → 20.60; net 129.02 − 20.60.
    expect(t.exchange_rate).toEqual({ from: 'EUR', to: 'USD', rate: '1.0842', date: '2026-06-01', subtotal: '108.42', total_tax: '20.60', total: '129.02' });
    expect(computeTransaction(sale([{ reference: 'a', amount: '100.00', tax_code: 'saas' }], { date: '2026-06-15' }), usd, { exchangeRates: table }).exchange_rate).toMatchObject({ rate: '1.1', total: '130.90' });
    expect(computeTransaction(sale([{ reference: 'a', amount: '100.00', tax_code: 'saas' }]), usd, { exchangeRate: '0.5' }).exchange_rate).toMatchObject({ rate: '0.5', total: '59.50' });
    // Yen to dinars: 0 to 3 decimals.
    const kwd = computeTransaction({ ...sale([{ reference: 'a', amount: '999', tax_code: 'saas' }]), currency: 'JPY', customer: { address: { country: 'JP' } } }, { ...account, currency: 'KWD' }, { exchangeRate: '0.00201' });
    // 1099 × 0.00201 = 2.20899 → 2.209; 100 × 0.00201 = 0.201.
    expect(kwd.exchange_rate).toEqual({ from: 'JPY', to: 'KWD', rate: '0.00201', date: '2026-06-01', subtotal: '2.008', total_tax: '0.201', total: '2.209' });
  });

  it('converts a refund at its sale’s rate, so that a full refund nets to zero in the account’s currency too', () => {
    const t = computeTransaction(sale([{ reference: 'a', amount: '100.00', tax_code: 'saas' }]), usd, { exchangeRates: table });
    const r = computeTransaction(refund([{ reference: 'a', amount: '100.00' }]), usd, { original: t, exchangeRates: table });
    expect(r.exchange_rate).toEqual({ from: 'EUR', to: 'USD', rate: '1.0842', date: '2026-06-01', subtotal: '-108.42', total_tax: '-20.60', total: '-129.02' });
  });

  it('converts refunds in steps cumulatively: a USD 10.00 sale at 0.92 refunded 3.33, 3.33, 3.34 nets to zero in euros', () => {
    const eur = { ...account, currency: 'EUR' };
    const usdSale = { ...sale([{ reference: 'a', amount: '10.00', tax_code: 'consulting' }]), currency: 'USD', customer: { address: { country: 'US', postal_code: '97201' } } };
    const t = computeTransaction(usdSale, eur, { exchangeRate: '0.92' });
    const earlier: TaxTransaction[] = [];
    for (const [i, amount] of ['3.33', '3.33', '3.34'].entries()) {
      earlier.push(computeTransaction({ ...refund([{ reference: 'a', amount }]), source_id: `re_${i}`, currency: 'USD', customer: usdSale.customer }, eur, { original: t, earlierRefunds: [...earlier] }));
    }
    // 3.33 × 0.92 = 3.0636; cumulatively 3.06, 6.13 (6.1272), 9.20: the steps are 3.06, 3.07, 3.07.
    expect(earlier.map((r) => r.exchange_rate?.total)).toEqual(['-3.06', '-3.07', '-3.07']);
    expect(sumOf([t.exchange_rate!.total, ...earlier.map((r) => r.exchange_rate!.total)])).toBe(0n);
  });

  it('nets any sale to zero in the account’s currency over any steps of partial refunds, every figure', () => {
    const eur = { ...account, currency: 'EUR' };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('0.92', '1.0842', '0.00201', '157.31', '3'),
        fc.constantFrom<'exclusive' | 'inclusive'>('exclusive', 'inclusive'),
        fc.constantFrom('saas', 'ebook', 'standard'),
        (cents, weights, rate, behavior, code) => {
          const amount = String(cents).padStart(3, '0');
          const text = `${amount.slice(0, -2)}.${amount.slice(-2)}`;
          const t = computeTransaction({ ...sale([{ reference: 'a', amount: text, tax_code: code, product_type: 'good' }]), currency: 'USD', tax_behavior: behavior }, eur, { exchangeRate: rate });
          // Split the sale's amount into refunds by the weights: cumulative boundaries, empty parts left out.
          const total = weights.reduce((a, b) => a + b, 0);
          const parts: number[] = [];
          let seen = 0;
          let at = 0;
          for (const w of weights) {
            seen += w;
            const next = Math.floor((cents * seen) / total);
            if (next > at) parts.push(next - at);
            at = next;
          }
          const earlier: TaxTransaction[] = [];
          for (const [i, p] of parts.entries()) {
            const a = String(p).padStart(3, '0');
            earlier.push(computeTransaction({ ...refund([{ reference: 'a', amount: `${a.slice(0, -2)}.${a.slice(-2)}` }]), source_id: `re_${i}`, currency: 'USD' }, eur, { original: t, earlierRefunds: [...earlier] }));
          }
          // Totals and taxes are converted cumulatively: no refund gives back more than it is.
          for (const r of earlier) for (const field of ['total', 'total_tax'] as const) expect(minor(r.exchange_rate![field]) <= 0n, field).toBe(true);
          for (const field of ['total', 'total_tax', 'subtotal'] as const) {
            expect(sumOf([t.exchange_rate![field], ...earlier.map((r) => r.exchange_rate![field])]), field).toBe(0n);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('answers no conversion in the account’s currency, and refuses (422) another currency without a rate: never a silent null', () => {
    const none = refused(() => computeTransaction(sale([{ reference: 'a', amount: '100.00' }]), usd));
    expect([none.status, paths(none)]).toEqual([422, ['currency']]);
    expect(none.message).toContain('no exchange rate from EUR to the account\'s USD on 2026-06-01: give options.exchangeRate, or options.exchangeRates');
    const inBatch = refused(() => computeBatch({ transactions: [sale([{ reference: 'a', amount: '100.00' }])] }, usd));
    expect([inBatch.status, paths(inBatch)]).toEqual([422, ['transactions.0.currency']]);
    expect(computeTransaction(sale([{ reference: 'a', amount: '100.00' }]), account, { exchangeRates: table }).exchange_rate).toBeNull();
    expect(computeTransaction(sale([{ reference: 'a', amount: '100.00' }]), account, { exchangeRate: '1.000' }).exchange_rate).toBeNull();
  });

  it('refuses a table without the day’s rate (422), with two rates for it, malformed entries and rates (400), a rate for a transaction in the account’s currency (422)', () => {
    const none = refused(() => computeTransaction(sale([{ reference: 'a', amount: '1.00' }], { date: '2026-07-01' }), usd, { exchangeRates: table }));
    expect([none.status, paths(none), none.message]).toEqual([422, ['currency'], 'options.exchangeRates has no rate for EUR on 2026-07-01: add one, or give options.exchangeRate']);
    const two = refused(() => computeTransaction(sale([{ reference: 'a', amount: '1.00' }], { date: '2026-06-15' }), usd, { exchangeRates: [...table, { currency: 'EUR', date: '2026-06-15', rate: '1.2' }] }));
    expect([two.status, paths(two)]).toEqual([400, ['options.exchangeRates.2']]);
    const bad = refused(() =>
      computeTransaction(sale([{ reference: 'a', amount: '1.00' }]), usd, {
        exchangeRates: [{ currency: 'EURO', date: '2026-06-01', rate: '1' }, { currency: 'EUR', rate: -1 }, { currency: 'EUR', date: '2026-06-01', from: '2026-06-01', rate: '1', source: 'ECB' }, 'x'] as never,
      }),
    );
    expect([bad.status, paths(bad)]).toEqual([400, ['options.exchangeRates.0.currency', 'options.exchangeRates.1.rate', 'options.exchangeRates.1.from', 'options.exchangeRates.2.source', 'options.exchangeRates.2.from', 'options.exchangeRates.3']]);
    for (const rate of ['-1', '0', '0.000', 'abc', 1e-7, Number.NaN]) {
      const e = refused(() => computeTransaction(sale([{ reference: 'a', amount: '1.00' }]), usd, { exchangeRate: rate as never }));
      expect([e.status, paths(e)], String(rate)).toEqual([400, ['options.exchangeRate']]);
    }
    const same = refused(() => computeTransaction(sale([{ reference: 'a', amount: '1.00' }]), account, { exchangeRate: 1.08 }));
    expect([same.status, paths(same)]).toEqual([422, ['options.exchangeRate']]);
  });

  it('converts each transaction of a batch at its date’s rate, and lists a missing rate under the transaction’s index', () => {
    const entry = (source_id: string, date: string) => ({ source_id, date, currency: 'EUR', customer: de, items: [{ reference: 'a', amount: '119.00', tax_code: 'saas' as const }] });
    const b = computeBatch({ transactions: [entry('a', '2026-06-01'), entry('b', '2026-06-20')] }, usd, { exchangeRates: table });
    expect(b.transactions.map((t) => t.exchange_rate?.total)).toEqual(['129.02', '130.90']);
    const e = refused(() => computeBatch({ transactions: [entry('a', '2026-06-01'), entry('b', '2026-07-01')] }, usd, { exchangeRates: table }));
    expect([e.status, paths(e), e.message]).toEqual([422, ['transactions.1.currency'], 'transactions.1: options.exchangeRates has no rate for EUR on 2026-07-01: add one, or give options.exchangeRate']);
  });
});

describe('computeBatch', () => {
  const entry = (source_id: string, amount = '119.00') => ({ source_id, date: '2026-06-01', currency: 'EUR', customer: de, items: [{ reference: 'a', amount, tax_code: 'saas' as const }] });

  it('taxes every transaction, amounts tax-inclusive, as computeTransaction does', () => {
    const b = computeBatch({ transactions: [entry('b1'), { ...entry('b2', '10.70'), total: '10.70', items: [{ reference: 'x', amount: '10.70', tax_code: 'ebook' }] }] }, account);
    expect(b).toMatchObject({ id: null, status: 'taxed' });
    expect(b.transactions.map((t) => [t.source_id, t.tax_behavior, t.subtotal, t.total_tax, t.total])).toEqual([
      ['b1', 'inclusive', '100.00', '19.00', '119.00'],
      ['b2', 'inclusive', '10.00', '0.70', '10.70'],
    ]);
    expect(b.transactions[0]).toEqual(computeTransaction({ ...entry('b1'), tax_behavior: 'inclusive' }, account));
  });

  it('uses each total_tax given and reports its discrepancy', () => {
    const b = computeBatch({ transactions: [{ ...entry('b1'), total: '119.00', total_tax: '18.00' }] }, account);
    expect(b.transactions[0]).toMatchObject({ subtotal: '101.00', total_tax: '18.00', total: '119.00', discrepancy: { calculated_total_tax: '19.00', difference: '-1.00' } });
  });

  it(`accepts ${MAX_BATCH_TRANSACTIONS} transactions and refuses ${MAX_BATCH_TRANSACTIONS + 1}, or none`, () => {
    const many = (n: number) => ({ transactions: Array.from({ length: n }, (_, i) => entry(`t${i}`)) });
    expect(computeBatch(many(MAX_BATCH_TRANSACTIONS), account).transactions).toHaveLength(MAX_BATCH_TRANSACTIONS);
    const over = refused(() => computeBatch(many(MAX_BATCH_TRANSACTIONS + 1), account));
    expect([over.status, paths(over), over.issues[0]?.message]).toEqual([400, ['transactions'], 'transactions: has more than 500 transactions; at most 500 are allowed per batch']);
    expect(paths(refused(() => computeBatch({ transactions: [] }, account)))).toEqual(['transactions']);
  });

  it('refuses a body that is not { transactions }, and unknown fields at its top', () => {
    const list = refused(() => computeBatch([entry('a')] as never, account));
    expect([list.status, paths(list)]).toEqual([400, ['']]);
    expect(paths(refused(() => computeBatch({ transactions: [entry('a')], id: 5 } as never, account)))).toEqual(['id']);
    expect(refused(() => computeBatch(null as never, account)).status).toBe(400);
  });

  it('refuses the whole batch for one bad transaction, listing every problem of every transaction by index', () => {
    const e = refused(() =>
      computeBatch(
        {
          transactions: [
            entry('ok'),
            { ...entry('b1'), date: '2026-02-30' },
            entry('ok'),
            { ...entry('b3'), items: [{ reference: 'a', amount: '1.005' }] },
            { ...entry('b4'), transaction_type: 'refund', items: [{ reference: 'a', amount: '1.00', tax_behavior: 'exclusive' }] },
            { ...entry('b5'), total: '118.99' },
            { ...entry('b6'), customer: { address: { country: 'US', state: 'CA', postal_code: '78701' } }, currency: 'USD' },
          ],
        } as never,
        account,
      ),
    );
    expect(paths(e)).toEqual([
      'transactions.1.date',
      'transactions.2.source_id',
      'transactions.3.items.0.amount',
      'transactions.4.items.0.tax_behavior',
      'transactions.4.transaction_type',
      'transactions.5.total',
      'transactions.6.customer.address.postal_code',
    ]);
    expect(e.status).toBe(400);
    expect(e.issues.find((i) => i.path[1] === 4 && i.path[2] === 'transaction_type')?.message).toBe('transactions.4.transaction_type: unknown field; a batch takes sales only');
    expect(e.issues.find((i) => i.path[1] === 2)?.message).toBe('transactions.2.source_id "ok" repeats transactions.0.source_id (source "api"); source ids are unique per source');
    expect(e.issues.find((i) => i.path[1] === 6)?.message).toMatch(/^transactions\.6: postal code 78701 /);
  });

  it('refuses ids already taken, and lets another source reuse an id', () => {
    const e = refused(() => computeBatch({ transactions: [entry('a'), { ...entry('a'), source: 'shop' }, entry('b')] }, account, { usedSourceIds: [{ source: 'api', transaction_type: 'sale', source_id: 'b' }] }));
    expect([e.status, paths(e)]).toEqual([422, ['transactions.2.source_id']]);
  });

  it('refuses an account or options problem once, not per transaction', () => {
    const e = refused(() => computeBatch({ transactions: [entry('a'), entry('b')] }, { ...account, country: 'Ireland' }));
    expect(paths(e)).toEqual(['account.country']);
    expect(paths(refused(() => computeBatch({ transactions: [entry('a')] }, account, { original: {} } as never)))).toEqual(['options.original']);
  });
});

describe('the README example', () => {
  it('answers as the README says', () => {
    const seller = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 124 }, { jurisdiction_id: 124059 }] };
    const customer = { name: 'Jane Doe', address: { country: 'CA', postal_code: 'V6B 1A1' } };
    const exchangeRates = [{ currency: 'CAD', from: '2026-06-01', until: '2026-06-30', rate: '0.6712' }];
    const store = new Set<string>();
    const s = computeTransaction(
      {
        source: 'stripe',
        source_id: 'ch_3Q1',
        date: '2026-06-01',
        currency: 'CAD',
        customer,
        items: [
          { reference: 'book', amount: '10.00', tax_code: 'standard', product_type: 'good' },
          { reference: 'advice', amount: '100.00', tax_code: 'consulting' },
        ],
      },
      seller,
      { usedSourceIds: (key) => store.has(JSON.stringify(key)), exchangeRates },
    );
    expect(s).toMatchObject({ id: null, source: 'stripe', source_id: 'ch_3Q1', transaction_type: 'sale', status: 'taxed', supply_type: 'cross_border', subtotal: '110.00', total_tax: '6.20', total: '116.20', discrepancy: null });
    expect(s.items.map((i) => [i.reference, i.amount_tax, i.taxes.map((t) => [t.name, t.amount])])).toEqual([
      ['book', '1.20', [['GST', '0.50'], ['PST', '0.70']]],
      ['advice', '5.00', [['GST', '5.00']]],
    ]);
    expect(s.tax_breakdown.map((b) => [b.name, b.taxable_amount, b.amount])).toEqual([
      ['GST', '110.00', '5.50'],
      ['PST', '10.00', '0.70'],
    ]);
    // 116.20 × 0.6712 = 77.99344 → 77.99; 6.20 × 0.6712 = 4.16144 → 4.16.
    expect(s.exchange_rate).toEqual({ from: 'CAD', to: 'EUR', rate: '0.6712', date: '2026-06-01', subtotal: '73.83', total_tax: '4.16', total: '77.99' });
    const r = computeTransaction(
      { transaction_type: 'refund', source: 'stripe', source_id: 're_1', refund_of_source_id: 'ch_3Q1', date: '2026-06-05', currency: 'CAD', customer, items: [{ reference: 'book', amount: '3.33' }] },
      seller,
      { original: s, earlierRefunds: [] },
    );
    expect([r.subtotal, r.total_tax, r.total]).toEqual(['-3.33', '-0.40', '-3.73']);
    // -3.73 × 0.6712 = -2.503576 → -2.50.
    expect(r.exchange_rate?.total).toBe('-2.50');
  });
});

describe('properties', () => {
  const destinations = [
    { country: 'DE' },
    { country: 'FR' },
    { country: 'IE' },
    { country: 'JP' },
    { country: 'CA', postal_code: 'V6B 1A1' },
    { country: 'CA', postal_code: 'H2X 1Y4' },
    { country: 'US', postal_code: '78701' },
    { country: 'US', postal_code: '10001' },
    { country: 'AU' },
  ];
  const currencies: [string, number][] = [
    ['EUR', 2],
    ['JPY', 0],
    ['KWD', 3],
    ['CAD', 2],
  ];
  const codes = ['consulting', 'eservice', 'ebook', 'saas', 'standard', 'reduced', 'exempt'] as const;
  const amountText = (units: number) =>
    fc.bigInt({ min: 0n, max: 10n ** 11n }).map((v) => {
      const s = v.toString().padStart(units + 1, '0');
      return units === 0 ? s : `${s.slice(0, -units)}.${s.slice(-units)}`;
    });
  const sales = fc
    .record({
      to: fc.constantFrom(...destinations),
      currency: fc.constantFrom(...currencies),
      behavior: fc.constantFrom('exclusive', 'inclusive' as const),
      date: fc.integer({ min: dayNumber('2026-07-01'), max: dayNumber('2027-06-30') }),
      lines: fc.array(fc.record({ code: fc.constantFrom(...codes), good: fc.boolean() }), { minLength: 1, maxLength: 6 }),
    })
    .chain((s) => fc.tuple(fc.constant(s), fc.array(amountText(s.currency[1]), { minLength: s.lines.length, maxLength: s.lines.length })))
    .map(([s, amounts]): [TaxTransactionRequest, number] => [
      {
        source_id: 'p',
        date: new Date(s.date * 86_400_000).toISOString().slice(0, 10),
        currency: s.currency[0],
        tax_behavior: s.behavior,
        customer: { address: s.to },
        items: s.lines.map((l, i) => ({ reference: `l${i}`, amount: amounts[i] as string, tax_code: l.code, product_type: l.good ? 'good' : 'service' })),
      },
      s.currency[1],
    ]);

  /** Every amount of a transaction: a decimal string with exactly the currency's decimals. */
  function amountsOf(t: TaxTransaction): string[] {
    return [
      t.subtotal,
      t.total_tax,
      t.total,
      ...t.items.flatMap((i) => [i.amount, i.amount_subtotal, i.amount_tax, i.amount_total, ...i.taxes.flatMap((x) => [x.amount, x.taxable_amount])]),
      ...t.tax_breakdown.flatMap((b) => [b.amount, b.taxable_amount]),
    ];
  }

  it("a sale answers what calculate answers for its lines; the items' taxes add up to the total tax and the breakdown's; every amount is exact in the currency's minor units", () => {
    fc.assert(
      fc.property(sales, ([request, units]) => {
        const t = computeTransaction(request, { ...account, currency: request.currency });
        // The calculation of the same lines answers the same taxes.
        const c = calculate({ customer_address: request.customer.address, currency: request.currency, tax_behavior: request.tax_behavior, tax_date: dayNumber(request.date) * 86_400, line_items: request.items }, { ...account, currency: request.currency });
        expect([t.items, t.tax_breakdown, t.tax_context, t.subtotal, t.total_tax, t.total]).toEqual([c.line_items, c.tax_breakdown, c.tax_context, c.subtotal, c.total_tax, c.total]);
        const exact = units === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${units}}$`);
        for (const a of amountsOf(t)) expect(a).toMatch(exact);
        const itemTaxes = sumOf(t.items.map((i) => i.amount_tax), units);
        expect(itemTaxes).toBe(minor(t.total_tax, units));
        expect(sumOf(t.items.flatMap((i) => i.taxes.map((x) => x.amount)), units)).toBe(itemTaxes);
        expect(sumOf(t.tax_breakdown.map((b) => b.amount), units)).toBe(itemTaxes);
        expect(minor(t.subtotal, units) + minor(t.total_tax, units)).toBe(minor(t.total, units));
      }),
      { numRuns: 150 },
    );
  });

  it('refunding every item in any steps nets the sale to zero, item by item and tax by tax, never refunding a negative tax', () => {
    fc.assert(
      fc.property(
        sales.chain(([request, units]) => fc.tuple(fc.constant(request), fc.constant(units), fc.array(fc.integer({ min: 1, max: 99 }), { minLength: 0, maxLength: 3 }))),
        ([request, units, percents]) => {
          const sold = computeTransaction(request, { ...account, currency: request.currency });
          const refunds: TaxTransaction[] = [];
          // Each step refunds a share of every item that is not yet fully refunded; the last step the rest.
          const left = new Map(sold.items.map((i) => [i.reference, minor(i.amount, units)]));
          const steps = [...percents, 100];
          steps.forEach((pct, s) => {
            const items = [...left]
              .map(([reference, l]) => ({ reference, part: pct === 100 ? l : (l * BigInt(pct)) / 100n }))
              .filter((i) => i.part !== 0n)
              .map((i) => ({ reference: i.reference, amount: formatUnits(i.part, units) }));
            if (items.length === 0) return;
            const r = computeTransaction({ ...request, transaction_type: 'refund', source_id: `r${s}`, refund_of_source_id: 'p', tax_behavior: undefined, items }, { ...account, currency: request.currency }, { original: sold, earlierRefunds: refunds });
            for (const item of r.items) {
              left.set(item.reference, (left.get(item.reference) as bigint) + minor(item.amount, units));
              const soldItem = sold.items.find((i) => i.reference === item.reference);
              item.taxes.forEach((t, k) => {
                // A refund's tax has the opposite sign of the sale's, or is zero.
                const saleTax = minor(soldItem?.taxes[k]?.amount ?? '0', units);
                expect(minor(t.amount, units) * saleTax).toBeLessThanOrEqual(0n);
              });
            }
            refunds.push(r);
          });
          const all = [sold, ...refunds];
          for (const field of ['subtotal', 'total_tax', 'total'] as const) expect(sumOf(all.map((t) => t[field]), units), field).toBe(0n);
          for (const item of sold.items) {
            const lines = all.flatMap((t) => t.items.filter((i) => i.reference === item.reference));
            expect(sumOf(lines.map((l) => l.amount_tax), units)).toBe(0n);
            item.taxes.forEach((_, k) => expect(sumOf(lines.map((l) => l.taxes[k]?.amount ?? '0'), units)).toBe(0n));
          }
          for (const entry of sold.tax_breakdown) {
            const same = all.flatMap((t) => t.tax_breakdown.filter((b) => b.jurisdiction.id === entry.jurisdiction.id && b.name === entry.name && b.rate === entry.rate && b.status === entry.status));
            expect(sumOf(same.map((b) => b.amount), units)).toBe(0n);
            expect(sumOf(same.map((b) => b.taxable_amount), units)).toBe(0n);
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it('a batch with bad transactions accepts none and lists every bad one by index; without them it answers each as computeTransaction', () => {
    const good = (i: number) => ({ source_id: `g${i}`, date: '2026-06-01', currency: 'EUR', customer: de, items: [{ reference: 'a', amount: `${i + 1}.00`, tax_code: 'saas' as const }] });
    const bads = [
      (i: number) => ({ ...good(i), date: '2026-02-30' }),
      (i: number) => ({ ...good(i), currency: 'ABC' }),
      (i: number) => ({ ...good(i), items: [{ reference: 'a', amount: '1.001' }] }),
      (i: number) => ({ ...good(i), total: '0.01' }),
      (i: number) => ({ ...good(i), source_id: 'g0' }),
      (i: number) => ({ ...good(i), extra: true }),
    ];
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: bads.length - 1 }), { nil: undefined }), { minLength: 1, maxLength: 12 }), (plan) => {
        const transactions = plan.map((bad, i) => (bad === undefined || i === 0 ? good(i) : (bads[bad] as (i: number) => object)(i)));
        const badIndexes = plan.flatMap((bad, i) => (bad === undefined || i === 0 ? [] : [i]));
        if (badIndexes.length === 0) {
          const b = computeBatch({ transactions } as never, account);
          expect(b.transactions).toEqual(transactions.map((t) => computeTransaction({ ...(t as TaxTransactionRequest), tax_behavior: 'inclusive' }, account)));
          return;
        }
        const e = refused(() => computeBatch({ transactions } as never, account));
        expect([...new Set(e.issues.map((i) => i.path[1]))].sort((a, b) => Number(a) - Number(b))).toEqual(badIndexes);
        expect(e.issues.every((i) => i.path[0] === 'transactions' && i.message.startsWith(`transactions.${i.path[1]}`))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});

function formatUnits(v: bigint, units: number): string {
  const neg = v < 0n;
  const s = (neg ? -v : v).toString().padStart(units + 1, '0');
  const text = units === 0 ? s : `${s.slice(0, -units)}.${s.slice(-units)}`;
  return neg ? `-${text}` : text;
}

describe('inputs that cannot lie', () => {
  const ok = sale([{ reference: 'a', amount: '10.00' }]);

  it('answers or refuses anything with a TaxRulesError, never another exception', () => {
    const sold = computeTransaction(ok, account);
    const anything = fc.anything({ withBigInt: true, withNullPrototype: true, withObjectString: true, maxDepth: 3 });
    fc.assert(
      fc.property(anything, anything, (request, options) => {
        for (const call of [
          () => computeTransaction(request as never, account),
          () => computeTransaction(ok, account, options as never),
          () => computeTransaction(refund([{ reference: 'a', amount: '1.00' }]), account, { original: request as never }),
          () => computeTransaction(refund([{ reference: 'a', amount: '1.00' }]), account, { original: sold, earlierRefunds: [request] as never }),
          () => computeBatch(request as never, account),
          () => computeBatch({ transactions: [request] } as never, account, options as never),
        ]) {
          try {
            call();
          } catch (e) {
            expect(e).toBeInstanceOf(TaxRulesError);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a getter or a Proxy that throws with a 400, the exception kept as its cause', () => {
    const boom = (): never => {
      throw new Error('boom');
    };
    const getter = Object.defineProperty({ ...ok }, 'currency', { get: boom, enumerable: true });
    const e = refused(() => computeTransaction(getter, account));
    expect([e.status, e.issues[0]?.message, (e as Error & { cause?: unknown }).cause]).toEqual([400, 'the input could not be read: Error: boom', new Error('boom')]);
    const proxy = new Proxy({}, { ownKeys: boom });
    expect(refused(() => computeBatch(proxy as never, account)).status).toBe(400);
    expect(refused(() => computeTransaction(refund([{ reference: 'a', amount: '1.00' }]), account, { original: proxy as never })).status).toBe(400);
  });

  it('refuses a stored transaction whose totals are no amounts of its currency', () => {
    const sold = computeTransaction(ok, account);
    const e = refused(() => computeTransaction(refund([{ reference: 'a', amount: '1.00' }]), account, { original: { ...sold, total_tax: '1.001' } }));
    expect([e.status, paths(e)]).toEqual([400, ['options.original.total_tax']]);
  });
});

describe('transactions read without the schema copy', () => {
  /** Records that now and then lack one of their required fields. */
  const dropping = <T extends object>(record: fc.Arbitrary<T>, keys: readonly string[]) =>
    fc.tuple(record, mostly(fc.constant(null), fc.constantFrom(...keys))).map(([r, drop]) => {
      if (drop === null) return r;
      const copy: Record<string, unknown> = { ...(r as Record<string, unknown>) };
      delete copy[drop];
      return copy as T;
    });
  const texts = (min: number, max: number) => mostly(fc.string({ minLength: min, maxLength: max }), fc.oneof(fc.string({ minLength: max + 1, maxLength: max + 3 }), fc.constant(''), fc.integer(), fc.constant(null)));
  const address = dropping(withUnknown(
    fc.record(
      {
        country: mostly(fc.constantFrom('DE', 'de', 'US', 'FR'), fc.constantFrom('D', 'DEU', '', 1, null, undefined)),
        state: maybe(texts(0, 100)),
        postal_code: maybe(mostly(fc.constantFrom('10115', '78701'), fc.string({ minLength: 21, maxLength: 22 }))),
        city: maybe(texts(0, 200)),
        line1: maybe(mostly(fc.constant('Main St 1'), fc.constant(7))),
        line2: maybe(mostly(fc.constant('Floor 2'), fc.constant({}))),
      },
      { requiredKeys: ['country'] },
    ),
    ['zip', 'region'],
  ), ['country']);
  // A batch's items and sales have fewer fields: those of the other schema come now and then, as unknown ones.
  const item = (batch: boolean) =>
    dropping(withUnknown(
      fc.record<Record<string, unknown>>(
        {
          reference: mostly(fc.constantFrom('a', 'b', 'x'.repeat(200)), fc.constantFrom('', 'x'.repeat(201), 5)),
          amount: mostly(fc.constantFrom('10', '10.50', '-1.25', '0', '9'.repeat(40)), fc.constantFrom('1e3', '10.', '.5', ' 10', 10, '9'.repeat(41))),
          quantity: maybe(mostly(fc.constantFrom(1, 3, 2 ** 52), fc.constantFrom(0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, '2'))),
          tax_code: maybe(mostly(fc.constantFrom('ebook', 'saas', 'standard'), fc.constantFrom('EBOOK', 'groceries'))),
          product_type: maybe(mostly(fc.constantFrom('good', 'service'), fc.constant('goods'))),
          ...(batch ? {} : { tax_behavior: maybe(mostly(fc.constantFrom('exclusive', 'inclusive'), fc.constant('gross'))) }),
        },
        { requiredKeys: ['reference', 'amount'] },
      ),
      batch ? ['taxcode', 'tax_behavior'] : ['taxcode', 'description'],
    ), ['reference', 'amount']);
  const customer = dropping(withUnknown(
    fc.record({ name: maybe(texts(0, 200)), tax_id: fc.oneof(fc.constant(undefined), fc.constant(null), texts(0, 50)), address: mostly(address, fc.constantFrom(undefined, 'DE', [])) }, { requiredKeys: ['address'] }),
    ['email'],
  ), ['address']);
  const transaction = (batch: boolean) =>
    dropping(withUnknown(
      fc.record<Record<string, unknown>>(
        {
          source: maybe(texts(1, 100)),
          source_id: mostly(fc.constantFrom('ch_1', 'x'.repeat(200)), fc.constantFrom('', 'x'.repeat(201), 7)),
          date: mostly(fc.constantFrom('2026-06-01', '1970-01-01', '9999-12-31'), fc.constantFrom('2026-02-30', '1969-12-31', '26-06-01', 20260601)),
          currency: mostly(fc.constantFrom('EUR', 'USD'), fc.constantFrom('eur', 'EURO', 'E1R', 3)),
          total_tax: maybe(mostly(fc.constantFrom('1.90', '0'), fc.constantFrom('1.9.0', 2))),
          customer: mostly(customer, fc.constantFrom(undefined, null, [])),
          origin_address: fc.oneof(fc.constant(undefined), fc.constant(null), address),
          items: mostly(fc.array(item(batch), { minLength: 1, maxLength: 3 }), fc.constantFrom([], 'none', [null])),
          ...(batch
            ? { total: maybe(mostly(fc.constantFrom('10.00', '0'), fc.constantFrom('1e3', 10))) }
            : {
                transaction_type: maybe(mostly(fc.constantFrom('sale', 'refund'), fc.constant('return'))),
                refund_of_source_id: fc.oneof(fc.constant(undefined), fc.constant(null), mostly(fc.constant('ch_0'), fc.constant(''))),
                tax_behavior: maybe(mostly(fc.constantFrom('exclusive', 'inclusive'), fc.constant('net'))),
              }),
        },
        { requiredKeys: ['source_id', 'date', 'currency', 'customer', 'items'] },
      ),
      batch ? ['sourceid', 'transaction_type', 'refund_of_source_id', 'tax_behavior'] : ['sourceid', 'total'],
    ), ['source_id', 'date', 'currency', 'customer', 'items']);
  const either = fc.boolean().chain((batch) => fc.tuple(transaction(batch), fc.constant(batch)));

  /** The schema's reading, or null when it refuses. */
  const bySchema = (t: unknown, batch: boolean) => {
    try {
      return parsedBySchema(t, [], batch);
    } catch (e) {
      if (e instanceof TaxRulesError) return null;
      throw e;
    }
  };

  it('reads a transaction directly exactly when the schema accepts it, and then as the schema reads it', () => {
    let direct = 0;
    let refusedBySchema = 0;
    fc.assert(
      fc.property(either, ([t, batch]) => {
        const schema = bySchema(t, batch);
        const fast = plainTransaction(t, batch);
        // Plain values (what JSON gives): read directly whenever the schema accepts them, as the schema reads them.
        expect(fast).toStrictEqual(schema);
        if (fast !== null) direct++;
        else refusedBySchema++;
      }),
      { numRuns: 4000 },
    );
    // Both sides are reached often: about 310 of the 4,000 read directly (spread ±20), the rest refused;
    // the bounds sit far below, so that no seed fails them.
    expect(direct).toBeGreaterThan(150);
    expect(refusedBySchema).toBeGreaterThan(150);
  });

  it('reads own fields only, each once; what it does not accept, or cannot read, goes to the schema, whose issues and errors are unchanged', () => {
    const good = { source: 'shop', source_id: 's1', date: '2026-06-01', currency: 'EUR', customer: { name: 'A', address: { country: 'FR', city: 'Paris' } }, items: [{ reference: 'a', amount: '10.00', tax_code: 'saas' as const }] };
    // Inherited fields are none: the schema names the one missing.
    const inherited = Object.assign(Object.create({ currency: 'EUR' }), { ...good, currency: undefined });
    delete inherited.currency;
    expect(plainTransaction(inherited, true)).toBeNull();
    expect(refused(() => computeBatch({ transactions: [inherited] }, account)).issues).toEqual([{ path: ['transactions', 0, 'currency'], code: 'missing', message: 'transactions.0.currency is required' }]);
    // Fields without a value are absent, unknown ones refused even when undefined.
    expect(plainTransaction({ ...good, total: undefined, origin_address: undefined }, true)).toStrictEqual(plainTransaction(good, true));
    expect(plainTransaction({ ...good, note: undefined }, true)).toBeNull();
    expect(refused(() => computeBatch({ transactions: [{ ...good, note: undefined }] } as never, account)).issues.map((i) => i.path.join('.'))).toEqual(['transactions.0.note']);
    // A getter runs once; one that throws is a 400 naming the input, its exception the cause.
    let reads = 0;
    const counted = Object.defineProperty({ ...good }, 'currency', { get: () => (reads++, 'EUR'), enumerable: true });
    expect(computeBatch({ transactions: [counted] }, account)).toEqual(computeBatch({ transactions: [good] }, account));
    expect(reads).toBe(1);
    const boom = (): never => {
      throw new Error('boom');
    };
    for (const hostile of [
      Object.defineProperty({ ...good }, 'items', { get: boom, enumerable: true }),
      { ...good, customer: { address: Object.defineProperty({ country: 'FR' }, 'city', { get: boom, enumerable: true }) } },
      new Proxy(good, { get: boom }),
      new Proxy(good, { ownKeys: boom }),
    ]) {
      const e = refused(() => computeBatch({ transactions: [hostile] }, account));
      expect([e.status, e.issues]).toEqual([400, [{ path: [], code: 'malformed', message: 'the input could not be read: Error: boom' }]]);
    }
    // A Proxy that only forwards, or a trap the copy does not run, is read as its target.
    expect(computeBatch({ transactions: [new Proxy(good, {})] }, account)).toEqual(computeBatch({ transactions: [good] }, account));
    expect(computeBatch({ transactions: [new Proxy(good, { getPrototypeOf: boom })] }, account)).toEqual(computeBatch({ transactions: [good] }, account));
  });

  it('answers the same whatever Object.prototype holds', () => {
    const good = { source_id: 's1', date: '2026-06-01', currency: 'EUR', customer: { address: { country: 'US', state: 'TX', postal_code: '78701' } }, items: [{ reference: 'a', amount: '10.00', tax_code: 'standard' as const, product_type: 'good' as const }] };
    const single = { ...good, items: [{ reference: 'a', amount: '10.00' }] };
    const clean = [computeBatch({ transactions: [good] }, account), computeTransaction(single, account)];
    const polluted: [string, unknown][] = [['total', '0.01'], ['total_tax', '0.01'], ['tax_behavior', 'inclusive'], ['tax_code', 'ebook'], ['product_type', 'service'], ['quantity', 3], ['city', 'Dallas'], ['tax_id', 'DE136695976'], ['customer_tax_id', 'DE136695976'], ['origin_address', { country: 'DE' }], ['transaction_type', 'refund'], ['source', 'x'], ['products', '2014-01-01']];
    for (const [key, value] of polluted) {
      for (const enumerable of [true, false]) {
        Object.defineProperty(Object.prototype, key, { value, enumerable, configurable: true, writable: true });
        try {
          expect([computeBatch({ transactions: [good] }, account), computeTransaction(single, account)], `${key} (${enumerable ? 'enumerable' : 'hidden'})`).toEqual(clean);
        } finally {
          delete (Object.prototype as Record<string, unknown>)[key];
        }
      }
    }
  });

  it('answers the customer’s and the origin’s addresses with the fields given, in their order', () => {
    const t = computeTransaction(sale([{ reference: 'a', amount: '10.00' }], { customer: { address: { city: 'Paris', country: 'FR', state: undefined } }, origin_address: { postal_code: 'D02X285', country: 'IE' } }), account);
    expect([Object.keys(t.customer.address), Object.keys(t.origin_address ?? {})]).toEqual([['country', 'city'], ['country', 'postal_code']]);
  });
});
