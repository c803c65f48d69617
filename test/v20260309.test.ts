import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculate, isPlainValidRequest, MAX_LINE_ITEMS, type CalculationRequest } from '../src/adapters/v20260309.js';
import { isCanonicalLineAmount } from '../src/adapters/calculation-plain.js';
import { isCanonicalAmount } from '../src/core/money.js';
import { calculationRequestSchema, calculationResponseSchema } from '../src/schemas.js';
import { calculateTaxRate, explainTaxRate } from '../src/adapters/v20241028.js';
import { negotiateVersion } from '../src/adapters/version.js';
import { TaxRulesError } from '../src/core/errors.js';
import { dayNumber } from '../src/core/dates.js';
import { maybe, mostly, refused, registeredEverywhere, withUnknown } from './helpers.js';

const account = registeredEverywhere();
const unix = (date: string): number => dayNumber(date) * 86_400 + 12 * 3600;


describe('calculate (v20260309)', () => {
  it('taxes each line and totals them: subtotal + total_tax = total', () => {
    const r = calculate(
      {
        customer_address: { country: 'CA', postal_code: 'V6B 1A1' },
        currency: 'CAD',
        tax_date: unix('2026-06-01'),
        line_items: [
          { reference: 'book', amount: '10.00', tax_code: 'standard', product_type: 'good' },
          { reference: 'advice', amount: '100.00', tax_code: 'consulting' },
        ],
      },
      account,
    );
    // BC: GST 5 % on both; PST 7 % on goods, not on consulting (PST Act, services not taxable).
    expect(r.line_items[0]).toMatchObject({ amount_subtotal: '10.00', amount_tax: '1.20', amount_total: '11.20' });
    expect(r.line_items[1]?.taxes[0]).toMatchObject({ name: 'GST', rate: '5', amount: '5.00' });
    expect(calculationResponseSchema.parse(r)).toEqual(r);
    expect(r.subtotal).toBe('110.00');
    expect(r.total_tax).toBe('6.20');
    expect(r.total).toBe('116.20');
    expect(r.tax_context).toMatchObject({ customer: { country: 'CA', region: 'BC' }, customer_type: 'consumer', tax_date: '2026-06-01' });
    const gst = r.tax_breakdown.find((b) => b.name === 'GST');
    expect(gst).toMatchObject({ taxable_amount: '110.00', amount: '5.50', rate: '5', jurisdiction: { id: 124, level: 'country' } });
  });

  it('gives the same tax as calculateTaxRate for the same sale', () => {
    const cases = [
      { to: { country: 'DE' }, q: { to_country: 'DE' }, code: 'ebook' },
      { to: { country: 'US', postal_code: '78701' }, q: { to_country: 'US', to_postal_code: '78701' }, code: 'saas' },
      { to: { country: 'CA', postal_code: 'H2X 1Y4' }, q: { to_country: 'CA', to_postal_code: 'H2X 1Y4' }, code: 'standard' },
      { to: { country: 'ES', postal_code: '35001' }, q: { to_country: 'ES', to_postal_code: '35001' }, code: 'eservice' },
    ] as const;
    for (const c of cases) {
      for (const behavior of ['exclusive', 'inclusive'] as const) {
        const v1 = calculateTaxRate({ ...c.q, tax_code: c.code, amount: '123.45', date: '2026-06-01', tax_behavior: behavior }, account);
        const v2 = calculate({ customer_address: c.to, tax_date: unix('2026-06-01'), tax_behavior: behavior, line_items: [{ reference: 'x', amount: '123.45', tax_code: c.code }] }, account);
        expect(Number(v2.total_tax)).toBeCloseTo((v1.tax_amount ?? 0) + (v1.additional_tax_amount ?? 0), 10);
        expect(Number(v2.subtotal)).toBe(v1.subtotal);
        expect(Number(v2.total)).toBe(v1.total_amount);
      }
    }
  });

  it('reports the verdict on the customer tax ID and reverse-charges EU businesses', () => {
    const r = calculate({ customer_address: { country: 'FR' }, customer_tax_id: 'FR40303265045', tax_date: unix('2026-06-01'), line_items: [{ reference: 'a', amount: '50', tax_code: 'saas' }] }, account);
    expect(r.tax_id_validation).toEqual({ tax_id: 'FR40303265045', country: 'FR', valid: true });
    expect(r.tax_context.customer_type).toBe('business');
    expect(r.line_items[0]?.taxes[0]).toMatchObject({ status: 'reverse_charge', reason: 'eu_reverse_charge', amount: '0.00' });
    const bad = calculate({ customer_address: { country: 'FR' }, customer_tax_id: 'FR1', tax_date: unix('2026-06-01'), line_items: [{ reference: 'a', amount: '50', tax_code: 'saas' }] }, account);
    expect(bad.tax_id_validation?.valid).toBe(false);
    expect(bad.total_tax).toBe('10.00');
  });

  it('cites the law of the supply reverse-charged: Article 138 for goods to an EU business, Article 196 for services', () => {
    const at = { customer_address: { country: 'FR' }, customer_tax_id: 'FR40303265045', tax_date: unix('2026-06-01') };
    const goods = calculate({ ...at, line_items: [{ reference: 'a', amount: '50', tax_code: 'standard', product_type: 'good' }] }, account);
    expect(goods.line_items[0]?.taxes[0]).toMatchObject({ status: 'reverse_charge', reason: 'eu_reverse_charge' });
    const goodsNotes = JSON.stringify(goods);
    expect(goodsNotes).toContain('exempt under Article 138 of Directive 2006/112/EC');
    expect(goodsNotes).toContain('Articles 2(1)(b) and 200');
    expect(goodsNotes).not.toContain('Article 196');
    const services = JSON.stringify(calculate({ ...at, line_items: [{ reference: 'a', amount: '50', tax_code: 'saas' }] }, account));
    expect(services).toContain('(Article 196 of Directive 2006/112/EC)');
    expect(services).not.toContain('Article 138');
  });

  it('reads the clock only when no tax_date is given, through the injectable now', () => {
    const r = calculate({ customer_address: { country: 'DE' }, line_items: [{ reference: 'a', amount: '100' }] }, account, { now: unix('2020-08-01') });
    expect(r.tax_context.tax_date).toBe('2020-08-01');
    expect(r.total_tax).toBe('16.00');
  });

  it('hands out responses that share nothing with later ones', () => {
    const body = { customer_address: { country: 'ES', postal_code: '35001' }, tax_date: unix('2026-06-01'), line_items: [{ reference: 'a', amount: '10.00' }, { reference: 'b', amount: '20.00' }] };
    const first = calculate(body, account);
    const expected = structuredClone(first);
    const spoil = (r: ReturnType<typeof calculate>): void => {
      for (const l of r.line_items) {
        l.notes.push('changed');
        for (const t of l.taxes) {
          t.rate = '99';
          t.jurisdiction.name = 'changed';
        }
      }
      if (r.tax_context.customer.territory) r.tax_context.customer.territory.name = 'changed';
      if (r.tax_context.customer.jurisdiction) r.tax_context.customer.jurisdiction.name = 'changed';
      for (const b of r.tax_breakdown) b.jurisdiction.name = 'changed';
    };
    spoil(first);
    expect(first.tax_context.customer.territory).not.toBeNull();
    expect(calculate(body, account)).toEqual(expected);
  });

  it('refuses every problem at once, with paths', () => {
    const e = refused(() =>
      calculate(
        {
          customer_address: { country: 'ZZ' },
          currency: 'XYZ',
          line_items: [
            { reference: 'a', amount: '1' },
            { reference: 'a', amount: '2' },
          ],
        },
        account,
      ),
    );
    expect(e.status).toBe(406);
    expect(e.issues.map((i) => i.path.join('.')).sort()).toEqual(['currency', 'customer_address.country', 'line_items.1.reference']);
  });

  it('names every repeated reference and the line it repeats, in short and long documents', () => {
    for (const n of [5, 40, 200]) {
      const items = Array.from({ length: n }, (_, i) => ({ reference: `r${i}`, amount: '1.00' }));
      items[n - 1] = { reference: 'r1', amount: '1.00' };
      items[n - 2] = { reference: 'r1', amount: '1.00' };
      const e = refused(() => calculate({ customer_address: { country: 'DE' }, tax_date: unix('2026-06-01'), line_items: items }, account));
      expect(e.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        [`line_items.${n - 2}.reference`, `line_items.${n - 2}.reference "r1" repeats line_items.1.reference; references must be unique`],
        [`line_items.${n - 1}.reference`, `line_items.${n - 1}.reference "r1" repeats line_items.1.reference; references must be unique`],
      ]);
    }
  });

  it('refuses an amount with more decimals than the currency, naming the line', () => {
    const body = { customer_address: { country: 'DE' }, tax_date: unix('2026-06-01'), line_items: [{ reference: 'a', amount: '1.00' }, { reference: 'b', amount: '1.001' }] };
    expect(() => calculate(body, account)).toThrow(expect.objectContaining({ status: 400, issues: [expect.objectContaining({ path: ['line_items', 1, 'amount'] })] }));
  });

  it('refuses malformed bodies with 400', () => {
    const e = refused(() => calculate({ line_items: [{ reference: '', amount: 'ten' }] } as unknown, account));
    expect(e.status).toBe(400);
    expect(e.issues.map((i) => i.path.join('.')).sort()).toEqual(['customer_address', 'line_items.0.amount', 'line_items.0.reference']);
    const tooPrecise = refused(() => calculate({ customer_address: { country: 'DE' }, line_items: [{ reference: 'a', amount: '1.001' }] }, account));
    expect(tooPrecise.issues[0]?.path).toEqual(['line_items', 0, 'amount']);
  });

  it('refuses unknown fields at the top, in addresses and in line items, each named with the field meant', () => {
    const body = {
      customer_address: { country: 'DE', zip: '10115' },
      origin_address: { country: 'IE', postal_cod: 'D02' },
      custmer_tax_id: 'DE811569869',
      tax_date: unix('2026-06-01'),
      line_items: [{ reference: 'a', amount: '10.00' }, { reference: 'b', amount: '10.00', taxcode: 'ebook' }],
    };
    class Body {
      customer_address = body.customer_address;
      origin_address = body.origin_address;
      custmer_tax_id = body.custmer_tax_id;
      tax_date = body.tax_date;
      line_items = body.line_items;
    }
    for (const request of [body, new Body()]) {
      const e = refused(() => calculate(request as unknown, account));
      expect(e.status).toBe(400);
      expect(e.issues.map((i) => [i.path.join('.'), i.code, i.message]).sort()).toEqual([
        ['custmer_tax_id', 'unknown_field', 'custmer_tax_id: unknown field; did you mean customer_tax_id?'],
        ['customer_address.zip', 'unknown_field', 'customer_address.zip: unknown field'],
        ['line_items.1.taxcode', 'unknown_field', 'line_items.1.taxcode: unknown field; did you mean tax_code?'],
        ['origin_address.postal_cod', 'unknown_field', 'origin_address.postal_cod: unknown field; did you mean postal_code?'],
      ]);
    }
    // A tax code spelt wrong is not the account's default: without the refusal, the ebook would be taxed at the standard rate.
    expect(isPlainValidRequest({ customer_address: { country: 'DE' }, line_items: [{ reference: 'a', amount: '1', taxcode: 'ebook' }] })).toBe(false);
    expect(isPlainValidRequest({ customer_address: { country: 'DE' }, line_items: [{ reference: 'a', amount: '1' }], note: undefined })).toBe(false);
  });

  it(`accepts ${MAX_LINE_ITEMS} lines and refuses more`, () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => ({ reference: `l${i}`, amount: '1.00' }));
    const ok = calculate({ customer_address: { country: 'DE' }, tax_date: unix('2026-06-01'), line_items: lines(MAX_LINE_ITEMS) }, account);
    expect(ok.total_tax).toBe('38.00');
    const e = refused(() => calculate({ customer_address: { country: 'DE' }, line_items: lines(MAX_LINE_ITEMS + 1) }, account));
    expect(e.status).toBe(400);
    expect(e.issues[0]?.message).toMatch(/at most 200/);
  });
});

describe('calculate properties', () => {
  const codes = ['consulting', 'eservice', 'ebook', 'saas', 'standard', 'reduced', 'exempt'] as const;
  const line = fc.record({ amount: fc.integer({ min: 0, max: 1_000_000 }).map((n) => (n / 100).toFixed(2)), tax_code: fc.constantFrom(...codes) });
  const customers = [{ country: 'DE' }, { country: 'CA', postal_code: 'H2X 1Y4' }, { country: 'US', postal_code: '78701' }, { country: 'GB' }];
  const request = (customer: object, items: { amount: string; tax_code: (typeof codes)[number] }[], behavior: 'exclusive' | 'inclusive'): CalculationRequest => ({
    customer_address: customer as CalculationRequest['customer_address'],
    tax_date: unix('2026-06-01'),
    tax_behavior: behavior,
    line_items: items.map((l, i) => ({ reference: `r${i}`, ...l })),
  });

  it('taxes every line exactly, small amounts (in doubles) and huge ones (in BigInt) alike, and sums them exactly', () => {
    const minor = (s: string): bigint => BigInt(s.replace('.', ''));
    // Amounts in minor units: small ones, the edge of the double path (2^53 / 10^6 ≈ 9 007 199 254), huge ones.
    const minorAmount = fc.oneof(
      fc.bigInt({ min: 0n, max: 100_000_000n }),
      fc.constantFrom(1n, 5n, 9_007_199_253n, 9_007_199_254n, 9_007_199_255n, 12_345_678_901_234n, 9_999_999_999_999_999_999n),
      fc.bigInt({ min: 0n, max: 10n ** 20n }),
    );
    const text = (m: bigint, mu: number): string => {
      const digits = (m < 0n ? -m : m).toString().padStart(mu + 1, '0');
      const body = mu === 0 ? digits : `${digits.slice(0, -mu)}.${digits.slice(-mu)}`;
      return m < 0n ? `-${body}` : body;
    };
    const currencies = [['USD', 2], ['JPY', 0], ['KWD', 3]] as const;
    const item = fc.record({ amount: minorAmount, tax_code: fc.constantFrom(...codes), product_type: fc.constantFrom('good', 'service' as const), tax_behavior: fc.constantFrom('exclusive', 'inclusive' as const) });
    const places = [
      { to: { country: 'DE' }, q: { to_country: 'DE' } },
      { to: { country: 'CA', postal_code: 'H2X 1Y4' }, q: { to_country: 'CA', to_postal_code: 'H2X 1Y4' } },
      { to: { country: 'US', postal_code: '78701' }, q: { to_country: 'US', to_postal_code: '78701' } },
      { to: { country: 'US', postal_code: '84101' }, q: { to_country: 'US', to_postal_code: '84101' } },
      { to: { country: 'GB' }, q: { to_country: 'GB' } },
    ];
    fc.assert(
      fc.property(fc.constantFrom(...places), fc.constantFrom(...currencies), fc.array(item, { minLength: 1, maxLength: 8 }), (place, [currency, mu], minorItems) => {
        const items = minorItems.map((l) => ({ ...l, amount: text(l.amount, mu) }));
        // A day inside every place's local history (Utah's local rates are recorded from 2026-05-19).
        const r = calculate({ customer_address: place.to, currency, tax_date: unix('2026-09-01'), line_items: items.map((l, i) => ({ reference: `r${i}`, ...l })) }, account);
        let subtotal = 0n;
        let tax = 0n;
        items.forEach((l, i) => {
          const alone = explainTaxRate({ ...place.q, currency, date: '2026-09-01', amount: l.amount, tax_code: l.tax_code, product_type: l.product_type, tax_behavior: l.tax_behavior }, account).amounts;
          const got = r.line_items[i];
          expect(alone).not.toBeNull();
          expect([got?.amount_subtotal, got?.amount_total]).toEqual([alone?.subtotal, alone?.total]);
          expect(minor(got?.amount_tax ?? '')).toBe(minor(alone?.tax ?? ''));
          subtotal += minor(got?.amount_subtotal ?? '0');
          tax += minor(got?.amount_tax ?? '0');
        });
        expect([minor(r.subtotal), minor(r.total_tax), minor(r.total)]).toEqual([subtotal, tax, subtotal + tax]);
        expect(r.tax_breakdown.reduce((s, b) => s + minor(b.amount), 0n)).toBe(tax);
      }),
      { numRuns: 300 },
    );
  });

  it('the order of lines does not change the totals', () => {
    fc.assert(
      fc.property(fc.constantFrom(...customers), fc.array(line, { minLength: 1, maxLength: 12 }), fc.constantFrom('exclusive', 'inclusive' as const), (customer, items, behavior) => {
        const a = calculate(request(customer, items, behavior), account);
        const b = calculate(request(customer, [...items].reverse(), behavior), account);
        expect([b.subtotal, b.total_tax, b.total]).toEqual([a.subtotal, a.total_tax, a.total]);
        expect((BigInt(a.subtotal.replace('.', '')) + BigInt(a.total_tax.replace('.', ''))).toString()).toBe(BigInt(a.total.replace('.', '')).toString());
      }),
      { numRuns: 100 },
    );
  });

  it('splitting a line in two changes the total tax by at most one minor unit per tax', () => {
    fc.assert(
      fc.property(fc.constantFrom(...customers), line, fc.double({ min: 0, max: 1, noNaN: true }), (customer, l, cut) => {
        const cents = Math.round(Number(l.amount) * 100);
        const first = Math.floor(cents * cut);
        const whole = calculate(request(customer, [l], 'exclusive'), account);
        const split = calculate(
          request(customer, [{ ...l, amount: (first / 100).toFixed(2) }, { ...l, amount: ((cents - first) / 100).toFixed(2) }], 'exclusive'),
          account,
        );
        const taxesPerLine = whole.line_items[0]?.taxes.length ?? 1;
        expect(Math.abs(Number(split.total_tax) - Number(whole.total_tax))).toBeLessThanOrEqual(taxesPerLine * 0.01 + 1e-9);
      }),
      { numRuns: 200 },
    );
  });
});

describe('negotiateVersion', () => {
  it('reads the version from the Accept header in both written forms', () => {
    expect(negotiateVersion('application/json; api_version: 20260309', '20241028')).toBe('20260309');
    expect(negotiateVersion('application/json;api_version=20241028', '20260309')).toBe('20241028');
    expect(negotiateVersion('text/html, application/json; api_version="20260309"', '20241028')).toBe('20260309');
  });

  it("falls back to the account's version", () => {
    expect(negotiateVersion(undefined, '20241028')).toBe('20241028');
    expect(negotiateVersion('application/json', '20260309')).toBe('20260309');
  });

  it('refuses unknown versions with 406', () => {
    const e = refused(() => negotiateVersion('application/json; api_version: 20160614', '20241028'));
    expect(e.status).toBe(406);
    expect(e.issues[0]?.path).toEqual(['headers', 'accept']);
    expect(refused(() => negotiateVersion(undefined, '2024')).issues[0]?.path).toEqual(['account', 'api_version']);
  });
});

describe('request validation without the schema copy', () => {
  const texts = (max: number) => mostly(fc.string({ maxLength: max }), fc.oneof(fc.string({ minLength: max + 1, maxLength: max + 3 }), fc.integer()));
  const address = withUnknown(
    fc.record(
      {
        country: mostly(fc.constantFrom('DE', 'de', 'US'), fc.constantFrom('D', 'DEU', '', 1, null)),
        state: maybe(texts(100)),
        postal_code: maybe(texts(20)),
        city: maybe(texts(200)),
        line1: maybe(mostly(fc.constant('Main St 1'), fc.constant(7))),
      },
      { requiredKeys: ['country'] },
    ),
    ['extra', 'zip'],
  );
  const line = withUnknown(
    fc.record(
      {
        reference: mostly(fc.constantFrom('a', 'b', 'x'.repeat(200)), fc.constantFrom('', 'x'.repeat(201), 5)),
        amount: mostly(fc.constantFrom('10', '10.5', '-1.25', '0', '9'.repeat(40)), fc.constantFrom('1e3', '10.', '.5', ' 10', 10, '9'.repeat(41))),
        quantity: maybe(mostly(fc.constantFrom(1, 3, 2 ** 52), fc.constantFrom(0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, '2'))),
        tax_code: maybe(mostly(fc.constantFrom('ebook', 'saas', 'exempt'), fc.constantFrom('EBOOK', 'groceries'))),
        product_type: maybe(mostly(fc.constantFrom('good', 'service'), fc.constant('goods'))),
        tax_behavior: maybe(mostly(fc.constantFrom('exclusive', 'inclusive'), fc.constant('gross'))),
      },
      { requiredKeys: ['reference', 'amount'] },
    ),
    ['taxcode', 'description'],
  );
  const request = withUnknown(
    fc.record(
      {
        origin_address: fc.oneof(fc.constant(undefined), fc.constant(null), address),
        customer_address: mostly(address, fc.constantFrom(undefined, 'DE')),
        customer_tax_id: fc.oneof(fc.constant(undefined), fc.constant(null), texts(50)),
        currency: maybe(mostly(fc.constantFrom('EUR', 'usd'), fc.constantFrom('EURO', 'E1R', 3))),
        tax_date: maybe(mostly(fc.constantFrom(0, 1_780_315_200), fc.constantFrom(-1, 1.5, Number.NaN, 2 ** 60, '1780315200'))),
        tax_behavior: maybe(mostly(fc.constantFrom('exclusive', 'inclusive'), fc.constant('net'))),
        line_items: mostly(fc.array(line, { minLength: 1, maxLength: 3 }), fc.constantFrom([], 'none')),
      },
      { requiredKeys: ['customer_address', 'line_items'] },
    ),
    ['custmer_tax_id', 'metadata'],
  );

  it('reads a request directly exactly when the schema accepts it, and then as the schema reads it', () => {
    let direct = 0;
    let unknown = 0;
    fc.assert(
      fc.property(request, (r) => {
        const parsed = calculationRequestSchema.safeParse(r);
        expect(isPlainValidRequest(r)).toBe(parsed.success);
        if (parsed.success) {
          direct++;
          // The schema's copy is the request itself: the fields read are the same.
          expect(JSON.parse(JSON.stringify(parsed.data))).toEqual(JSON.parse(JSON.stringify(r)));
        } else if (parsed.error.issues.some((i) => i.code === 'unrecognized_keys')) unknown++;
      }),
      { numRuns: 3000 },
    );
    expect(direct).toBeGreaterThan(100);
    expect(unknown).toBeGreaterThan(100);
  });

  it('sends class instances and arrays through the schema', () => {
    class Body {
      customer_address = { country: 'DE' };
      line_items = [{ reference: 'a', amount: '1' }];
    }
    expect(isPlainValidRequest(new Body())).toBe(false);
    expect(isPlainValidRequest([])).toBe(false);
    expect(calculate(new Body(), account).total).toBe(calculate({ customer_address: { country: 'DE' }, line_items: [{ reference: 'a', amount: '1' }] }, account).total);
  });
});

describe('a line amount known canonical by its length', () => {
  // What the request's check lets through: a decimal text (-?digits(.digits)?) of 0 or more.
  const digits = fc.string({ unit: fc.constantFrom('0', '1', '5', '9'), minLength: 1, maxLength: 6 });
  const amount = fc.tuple(fc.boolean(), digits, fc.option(digits)).map(([neg, whole, frac]) => `${neg ? '-' : ''}${whole}${frac === null ? '' : `.${frac}`}`).filter((t) => !t.startsWith('-') || /^-[0.]+$/.test(t));
  it('agrees with isCanonicalAmount on every amount the check accepts', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 4 }), (t, mu) => isCanonicalLineAmount(t, mu) === isCanonicalAmount(t, mu)),
      { numRuns: 20_000 },
    );
    expect(['10.99', '0.05', '0.00', '100.00'].map((t) => isCanonicalLineAmount(t, 2))).toEqual([true, true, true, true]);
    expect(['010.99', '10.9', '10.990', '-0.00', '10', '00.00'].map((t) => isCanonicalLineAmount(t, 2))).toEqual([false, false, false, false, false, false]);
  });
});
