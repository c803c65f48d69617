/**
 * A polluted Object.prototype changes no answer. A corpus of calls covers every function of
 * the main entry and of `taxrules/schemas`, answered and refused; every property name the
 * library might read (the string literals and property names of src/, the field names of the
 * rule files' JSON Schemas, the strings of the corpus) is set on Object.prototype, enumerable
 * as an attack sets it, one key at a time (in batches, bisected when one changes something)
 * with text, an object, a flag and a list, then all of them at once, and every outcome must
 * be the one of the clean run: answers and refusals alike, with every issue's words.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import * as api from '../src/index.js';
import { accountSchema, calculationRequestSchema, calculationResponseSchema } from '../src/schemas.js';
import { defaultRulePack } from '../src/generated/ruledata.js';
import { engineFor } from '../src/adapters/engine.js';
import { miniRuleData } from './support/mini-rules.js';

const { TaxRulesError } = api;
const ROOT = join(import.meta.dirname, '..');

// ---------------------------------------------------------------------------------------
// Outcomes: a text made of own fields only, so that the recording reads nothing inherited.

/** A value as text: own enumerable fields in their order, arrays item by item, Maps and Sets by their entries. */
function canon(v: unknown, depth = 0): string {
  if (depth > 40) return '…';
  if (v === undefined) return 'undefined';
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string':
      return JSON.stringify(v);
    case 'number':
      return Object.is(v, -0) ? '-0' : String(v);
    case 'boolean':
      return String(v);
    case 'bigint':
      return `${String(v)}n`;
    case 'function':
      return 'function';
    case 'symbol':
      return 'symbol';
    default:
      break;
  }
  const parts: string[] = [];
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) parts.push(Object.hasOwn(v, i) ? canon(v[i], depth + 1) : 'hole');
    return `[${parts.join(',')}]`;
  }
  if (v instanceof Map) {
    for (const [k, x] of v) parts.push(`${canon(k, depth + 1)}=>${canon(x, depth + 1)}`);
    return `Map{${parts.join(',')}}`;
  }
  if (v instanceof Set) {
    for (const x of v) parts.push(canon(x, depth + 1));
    return `Set{${parts.join(',')}}`;
  }
  if (v instanceof Date) return `Date(${String(v.getTime())})`;
  for (const k of Object.keys(v)) parts.push(`${JSON.stringify(k)}:${canon((v as Record<string, unknown>)[k], depth + 1)}`);
  return `{${parts.join(',')}}`;
}

type Call = () => unknown;

/** The outcome of a call: `{ ok }`, `{ error: { status, code, issues } }` of a TaxRulesError, or `{ untyped }` of anything else thrown. */
function settled(value: unknown): string {
  return canon({ ok: value });
}
function failed(e: unknown): string {
  if (e instanceof TaxRulesError) return canon({ error: { status: e.status, code: e.code, issues: e.issues } });
  let text: string;
  try {
    text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  } catch {
    text = 'an exception that cannot be read';
  }
  return canon({ untyped: text });
}

async function outcome(call: Call): Promise<string> {
  let value: unknown;
  try {
    value = call();
  } catch (e) {
    return failed(e);
  }
  if (value instanceof Promise) {
    try {
      return settled(await value);
    } catch (e) {
      return failed(e);
    }
  }
  try {
    return settled(value);
  } catch (e) {
    return failed(e);
  }
}

// ---------------------------------------------------------------------------------------
// The corpus: every call builds its inputs afresh, so that no cache keyed by an object's
// identity answers for a call made while the prototype was clean.

const ieAccount = () => ({ country: 'IE', postal_code: 'D02X285', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000, valid_from: '2021-07-01' }] });
const bcAccount = () => ({ country: 'CA', postal_code: 'V6B 1A1', currency: 'CAD', default_product_type: 'good' as const, registrations: [{ jurisdiction_id: 124 }, { jurisdiction_id: 124059 }] });
const usAccount = () => ({ country: 'US', postal_code: '10001', currency: 'USD', registrations: [{ jurisdiction_id: 840048 }, { jurisdiction_id: 840047 }, { jurisdiction_id: 840036 }] });
const movedAccount = () => ({
  country: 'DE',
  currency: 'EUR',
  registrations: [{ jurisdiction_id: 372, valid_until: '2025-12-31' }, { jurisdiction_id: 276, valid_from: '2026-01-01' }, { jurisdiction_id: 9000 }],
  addresses: [
    { country: 'IE', postal_code: 'D02X285', valid_until: '2025-12-31' },
    { country: 'DE', postal_code: '10115', valid_from: '2026-01-01' },
  ],
});
const everywhere = () => api.defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss' }, { country: 'CA' }, { country: 'CA', region: 'BC' }, { country: 'US', region: 'TX' }, { country: 'GB' }, { country: 'NO' }, { country: 'AU' }] });
const miniAccount = () => ({ country: 'XA', currency: 'EUR', registrations: [{ jurisdiction_id: 901 }, { jurisdiction_id: 902 }, { jurisdiction_id: 903 }, { jurisdiction_id: 903001 }, { jurisdiction_id: 904 }, { jurisdiction_id: 904001 }, { jurisdiction_id: 905 }, { jurisdiction_id: 9900 }] });

const ids = (id: number, extra: object = {}) => ({ id, number: `INV-${id}`, createdAt: 1_780_300_800, ...extra });
const payment = () => ({ method: 'credit_card' as const, processor: 'stripe', processor_id: 'ch_1' });

/** The invoice of a sale of a plan and two books (buildDocument), linked to charge ch_42. */
const invoice = () =>
  api.buildDocument(
    {
      date: '2026-06-01',
      customer: { id: 77 },
      items: [
        { product_code: 'plan', description: 'Plan', amount: 100, tax: { country: 'DE', tax_code: 'saas' } },
        { product_code: 'book', description: 'Book', quantity: 2, amount: '9.99', tax: { country: 'DE', tax_code: 'ebook' } },
      ],
      payment: { method: 'credit_card' },
      processor: 'stripe',
      processor_id: 'ch_42',
    },
    ieAccount(),
    ids(1),
  );
const refundRequest = (extra: object = {}) => ({ type: 'refund' as const, processor: 'stripe', processor_id: 'ch_42', date: '2026-06-10', payment: { method: 'credit_card' as const }, ...extra });
const creditOptions = (id: number, extra: object = {}) => ({ id, number: `CN-${id}`, createdAt: 1_781_049_600 + id, invoice: invoice(), ...extra });
const singleInvoice = () =>
  api.buildDocument({ date: '2026-06-01', customer: { id: 5 }, items: [{ amount: '100.00', tax: { country: 'DE', tax_code: 'saas' } }], payment: { method: 'credit_card' }, processor: 'stripe', processor_id: 'ch_9' }, ieAccount(), ids(20));
const credit = () => api.buildDocument(refundRequest({ items: [{ product_code: 'plan', amount: 40, tax: { country: 'DE' } }] }), ieAccount(), creditOptions(2));

const bcCustomer = () => ({ name: 'Jane Doe', address: { country: 'CA', postal_code: 'V6B 1A1' } });
const cadRates = () => [{ currency: 'CAD', from: '2026-06-01', until: '2026-06-30', rate: '0.6712' }];
const cadSale = () =>
  api.computeTransaction(
    {
      source: 'stripe',
      source_id: 'ch_3Q1',
      date: '2026-06-01',
      currency: 'CAD',
      customer: bcCustomer(),
      items: [
        { reference: 'book', amount: '10.00', tax_code: 'standard', product_type: 'good' },
        { reference: 'advice', amount: '100.00', tax_code: 'consulting' },
      ],
    },
    everywhere(),
    { usedSourceIds: (key) => key.source_id === 'taken', exchangeRates: cadRates() },
  );
const cadRefund = (id: string, amount: string) => ({ transaction_type: 'refund' as const, source: 'stripe', source_id: id, refund_of_source_id: 'ch_3Q1', date: '2026-06-05', currency: 'CAD', customer: bcCustomer(), items: [{ reference: 'book', amount }] });

const thresholdSales = () => [
  { date: '2026-02-10', amount: '6000.00', currency: 'EUR', country: 'FR', tax_code: 'saas', customer_type: 'consumer' },
  { date: '2026-04-20', amount: '4500.00', currency: 'EUR', country: 'DE', tax_code: 'ebook', customer_type: 'consumer' },
  { date: '2026-05-02', amount: '5000.00', currency: 'EUR', country: 'NO', tax_code: 'ebook', customer_type: 'consumer' },
  { date: '2026-05-03', amount: '150000.00', currency: 'USD', country: 'US', region: 'TX', tax_code: 'standard', product_type: 'good', customer_type: 'consumer' },
  { date: '2026-05-04', amount: '900.00', currency: 'EUR', country: 'GB', tax_code: 'saas', customer_type: 'consumer' },
] as const;
const nokRates = () => [
  { currency: 'EUR', to: 'NOK', from: '2026-01-01', until: '2026-12-31', rate: '11.6' },
  { currency: 'USD', to: 'EUR', date: '2026-05-03', rate: '0.92' },
  { currency: 'EUR', to: 'USD', from: '2026-01-01', until: '2026-12-31', rate: '1.09' },
  { currency: 'EUR', to: 'GBP', from: '2026-01-01', until: '2026-12-31', rate: '0.85' },
];

const request = () => ({ customer_address: { country: 'DE' }, tax_date: 1_780_315_200, line_items: [{ reference: 'a', amount: '100.00', tax_code: 'saas' as const }] });

/** The corpus: a name and a call, each making its inputs afresh. */
function corpus(): [string, Call][] {
  const mini = () => api.createRuleSet(miniRuleData);
  const compiledMini = mini();
  return [
    // calculateTaxRate: query strings, URLSearchParams and objects, with and without an amount.
    ['calculateTaxRate string', () => api.calculateTaxRate('to_country=FR&tax_code=saas&amount=49.90&date=2026-11-23', ieAccount())],
    ['calculateTaxRate string ?', () => api.calculateTaxRate('?to_country=DE&tax_code=ebook&date=2026-06-01&tax_behavior=inclusive&amount=10.70', ieAccount())],
    ['calculateTaxRate params', () => api.calculateTaxRate(new URLSearchParams({ to_country: 'FR', tax_id: 'FR40303265046', tax_code: 'saas', date: '2026-06-01', amount: '100' }), ieAccount())],
    ['calculateTaxRate object', () => api.calculateTaxRate({ to_country: 'DE', date: '2026-06-01', amount: '100' }, ieAccount())],
    ['calculateTaxRate object number amount', () => api.calculateTaxRate({ to_country: 'DE', date: '2026-06-01', amount: 99.95, currency: 'EUR' }, ieAccount())],
    ['calculateTaxRate no amount', () => api.calculateTaxRate({ to_country: 'CA', to_postal_code: 'V6B1A1', tax_code: 'saas', date: '2026-06-01' }, bcAccount())],
    ['calculateTaxRate CA amount', () => api.calculateTaxRate({ to_country: 'CA', to_postal_code: 'V6B1A1', tax_code: 'standard', product_type: 'good', date: '2026-06-01', amount: '100', currency: 'CAD' }, bcAccount())],
    ['calculateTaxRate US', () => api.calculateTaxRate({ to_country: 'US', to_postal_code: '78701', to_city: 'Austin', to_street: '100 Congress Ave', tax_code: 'standard', product_type: 'good', date: '2026-09-01', amount: '149.97' }, usAccount())],
    ['calculateTaxRate US origin', () => api.calculateTaxRate({ to_country: 'US', to_postal_code: '75201', from_country: 'US', from_postal_code: '78701', tax_code: 'standard', product_type: 'good', date: '2026-09-01', amount: '10' }, usAccount())],
    ['calculateTaxRate today', () => api.calculateTaxRate({ to_country: 'FR', tax_code: 'saas', amount: '100' }, ieAccount(), { today: '2026-06-01' })],
    ['calculateTaxRate today fn', () => api.calculateTaxRate({ to_country: 'FR', tax_code: 'saas', amount: '100' }, ieAccount(), { today: () => '2026-06-01' })],
    ['calculateTaxRate verdict', () => api.calculateTaxRate('to_country=FR&tax_code=saas&amount=100&date=2026-06-01&tax_id=FR40303265045', ieAccount(), { taxIdVerdict: () => 'invalid' })],
    ['calculateTaxRate business', () => api.calculateTaxRate('to_country=DE&tax_code=saas&amount=100&date=2026-06-01&tax_id=DE136695976', ieAccount(), { cache: false })],
    ['calculateTaxRate ignore', () => api.calculateTaxRate('to_country=DE&utm_source=x&date=2026-06-01', ieAccount(), { unknownParameters: 'ignore' })],
    ['calculateTaxRate territory', () => api.calculateTaxRate({ to_country: 'ES', to_postal_code: '38001', tax_code: 'standard', product_type: 'good', date: '2026-06-01', amount: '100' }, ieAccount())],
    ['calculateTaxRate history', () => api.calculateTaxRate('to_country=DE&tax_code=saas&date=2025-06-01&amount=5', movedAccount())],
    ['calculateTaxRate mini', () => api.calculateTaxRate({ to_country: 'XD', to_postal_code: '10001', tax_code: 'standard', product_type: 'good', date: '2026-06-01', amount: '900', currency: 'XTS' }, miniAccount(), { rules: mini() })],
    ['calculateTaxRate mini refused', () => api.calculateTaxRate({ to_country: 'XD', to_postal_code: '10001', tax_code: 'standard', product_type: 'good', date: '2026-06-01', amount: '2500', currency: 'XTS' }, miniAccount(), { rules: mini() })],
    ['calculateTaxRate mini XC', () => api.calculateTaxRate({ to_country: 'XC', to_postal_code: '1234', tax_code: 'saas', date: '2026-06-01', amount: '100', currency: 'XTS' }, miniAccount(), { rules: mini(), cache: false })],
    ['calculateTaxRate missing', () => api.calculateTaxRate({ tax_code: 'saas' } as never, ieAccount())],
    ['calculateTaxRate unknown', () => api.calculateTaxRate('to_country=DE&tax_cod=saas', ieAccount())],
    ['calculateTaxRate XAU', () => api.calculateTaxRate({ to_country: 'DE', currency: 'XAU', amount: '1', date: '2026-06-01' }, ieAccount())],
    ['calculateTaxRate early', () => api.calculateTaxRate({ to_country: 'DE', date: '1950-01-01' }, ieAccount())],
    ['calculateTaxRate bad account', () => api.calculateTaxRate({ to_country: 'DE' }, { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276, valid_form: '2030-01-01' }] } as never)],
    ['calculateTaxRate bad options', () => api.calculateTaxRate({ to_country: 'DE' }, ieAccount(), 5 as never)],
    // explainTaxRate, parseTaxRateQuery and determine.
    ['explainTaxRate', () => api.explainTaxRate('to_country=DE&tax_code=saas&date=2025-06-01&amount=10', movedAccount())],
    ['explainTaxRate 2026', () => api.explainTaxRate('to_country=DE&tax_code=saas&date=2026-06-01', movedAccount())],
    ['explainTaxRate US', () => api.explainTaxRate({ to_country: 'US', to_postal_code: '78701', tax_code: 'standard', product_type: 'good', date: '2026-09-01', amount: '10' }, usAccount(), { cache: false })],
    ['explainTaxRate refused', () => api.explainTaxRate({ to_country: 'ZZ', date: '2026-06-01' }, ieAccount())],
    ['parseTaxRateQuery', () => api.parseTaxRateQuery('to_country=FR&tax_code=saas&amount=10&date=2026-06-01', ieAccount())],
    ['determine', () => api.determine(api.parseTaxRateQuery('to_country=GB&tax_code=saas&amount=10&date=2026-06-01&tax_behavior=inclusive', everywhere()))],
    ['determine mini', () => {
      const rules = mini();
      return api.determine(api.parseTaxRateQuery({ to_country: 'XE', to_postal_code: '9001', tax_code: 'standard', date: '2026-06-01', amount: '10', currency: 'XTS' }, miniAccount(), { rules }), rules);
    }],
    // calculate (v20260309).
    ['calculate', () => api.calculate(request(), ieAccount())],
    ['calculate CA', () =>
      api.calculate(
        {
          customer_address: { country: 'CA', postal_code: 'V6B 1A1' },
          currency: 'CAD',
          tax_date: 1_780_315_200,
          tax_behavior: 'exclusive',
          line_items: [
            { reference: 'book-1', amount: '10.00', tax_code: 'standard', product_type: 'good' },
            { reference: 'advice', amount: '100.00', tax_code: 'consulting', quantity: 2, tax_behavior: 'inclusive' },
          ],
        },
        bcAccount(),
      )],
    ['calculate business', () => api.calculate({ ...request(), customer_tax_id: 'DE811569869' }, ieAccount(), { taxIdVerdict: () => 'valid' })],
    ['calculate products and tax IDs', () =>
      api.calculate(
        {
          customer_address: { country: 'DE' },
          tax_date: 1_780_315_200,
          customer_tax_ids: ['bad', 'DE811569869'],
          shipping_cost: { amount: '5.00', tax_code: 'reduced' },
          line_items: [
            { reference: 'a', amount: '119.00', product: 'gross', metadata: { order: 'A-1', seats: 2 } },
            { reference: 'b', amount: '20.00', product: 'food' },
          ],
        },
        ieAccount(),
        { taxIdVerdict: (_c: string, id: string) => (id === 'bad' ? 'invalid' : 'unknown'), products: { gross: { tax_class: 'saas', tax_type: 'included' }, food: { tax_class: 'reduced', product_type: 'good' } } },
      )],
    ['calculate now', () => api.calculate({ customer_address: { country: 'FR', city: 'Paris', line1: '1 rue', line2: 'b', postal_code: '75001' }, line_items: [{ reference: 'a', amount: '10.00' }] }, ieAccount(), { now: 1_780_315_200 })],
    ['calculate now fn', () => api.calculate({ customer_address: { country: 'FR' }, line_items: [{ reference: 'a', amount: '10.00' }] }, ieAccount(), { now: () => 1_780_315_200, cache: false })],
    ['calculate US', () =>
      api.calculate({ customer_address: { country: 'US', state: 'TX', postal_code: '78701', city: 'Austin' }, origin_address: { country: 'US', postal_code: '75201' }, tax_date: 1_788_220_800, line_items: [{ reference: 'a', amount: '149.97', tax_code: 'standard', product_type: 'good', quantity: 3 }] }, usAccount())],
    ['calculate mini', () => api.calculate({ customer_address: { country: 'XD', postal_code: '10002' }, currency: 'XTS', tax_date: 1_780_315_200, line_items: [{ reference: 'a', amount: '3000', tax_code: 'standard', product_type: 'good', quantity: 2 }] }, miniAccount(), { rules: mini() })],
    ['calculate unknown field', () => api.calculate({ ...request(), line_items: [{ reference: 'a', amount: '1', taxcode: 'saas' }] } as never, ieAccount())],
    ['calculate missing', () => api.calculate({ line_items: [] } as never, ieAccount())],
    ['calculate unknown option', () => api.calculate(request(), ieAccount(), { cach: false } as never)],
    ['calculate verdict refused', () => api.calculate({ ...request(), customer_tax_id: 'DE811569869' }, ieAccount(), { taxIdVerdict: () => 'yes' as never })],
    // safe forms.
    ['safeCalculate', () => api.safeCalculate(request(), ieAccount())],
    ['safeCalculateTaxRate', () => api.safeCalculateTaxRate('to_country=DE&date=2026-06-01&amount=1', ieAccount())],
    ['safeExplainTaxRate', () => api.safeExplainTaxRate('to_country=XX', ieAccount())],
    ['safePrepareAccount', () => api.safePrepareAccount({ country: 'IE', currency: 'EUR' } as never)],
    // Accounts.
    ['defineAccount', () => everywhere()],
    ['defineAccount refused', () => api.defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'US' }] })],
    ['prepareAccount', () => api.prepareAccount(movedAccount())],
    ['prepareAccount plain', () => api.prepareAccount({ country: 'US', postal_code: '78701', region: 'TX', currency: 'USD', default_tax_code: 'saas', default_product_type: 'good', registrations: [{ jurisdiction_id: 840048, value: '12345', permanent_establishment: true, import_scheme: false }] })],
    ['prepareAccount refused', () => api.prepareAccount({ country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 1 }] })],
    ['prepareAccount created_at', () => api.prepareAccount({ country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276, created_at: 1_780_000_000 }] })],
    ['createRegistration', () => api.createRegistration({ jurisdiction_id: 276, value: 'DE123456789' }, { now: 1_780_000_000 })],
    ['createRegistration refused', () => api.createRegistration({ jurisdiction_id: 276, valid_form: '2026-01-01' }, { now: 1_780_000_000 })],
    ['updateRegistration', () => api.updateRegistration({ jurisdiction_id: 276, value: 'DE123456789', valid_from: '2024-01-01', created_at: 1_780_000_000 }, { valid_until: '2027-12-31' })],
    ['updateRegistration refused', () => api.updateRegistration({ jurisdiction_id: 276 }, { jurisdiction_id: 250 })],
    // A calculator of its own, every method.
    ['createCalculator', () => {
      const c = api.createCalculator({ cacheBytes: 1 << 20, convertCurrency: (value) => value.amount });
      const account = ieAccount();
      const out: unknown[] = [
        c.calculateTaxRate('to_country=DE&tax_code=standard&product_type=good&date=2026-06-01&amount=100&currency=USD', account),
        c.explainTaxRate({ to_country: 'FR', date: '2026-06-01' }, account),
        c.calculate(request(), account),
        c.determine(c.parseTaxRateQuery({ to_country: 'AT', date: '2026-06-01' }, account)),
        c.prepareAccount(account),
        c.safeCalculate({ bad: 1 } as never, account),
        c.safeCalculateTaxRate({ to_country: 'SE', date: '2026-06-01' }, account),
        c.safeExplainTaxRate({ to_country: 'SE' }, account, { today: '2026-01-01' }),
        c.safePrepareAccount(account),
        c.cacheStats(),
      ];
      c.clearCache();
      out.push(c.cacheStats());
      return out;
    }],
    ['createCalculator mini', () => {
      const c = api.createCalculator({ rules: mini(), cacheBytes: 0 });
      return [c.calculateTaxRate({ to_country: 'XB', tax_code: 'consulting', date: '2026-06-01', amount: '10' }, miniAccount()), c.cacheStats()];
    }],
    ['createCalculator refused', () => api.createCalculator({ cacheByte: 0 } as never)],
    // Catalogue.
    // All 8,700 jurisdictions: their number and every 97th (the whole list costs more to record than the rest of the corpus).
    ['listJurisdictions', () => {
      const all = api.listJurisdictions();
      return [all.length, all.filter((_, i) => i % 97 === 0)];
    }],
    ['listJurisdictions US DE', () => api.listJurisdictions({ country: 'US', region: 'DE' })],
    ['listJurisdictions CA', () => api.listJurisdictions({ country: 'CA' })],
    ['listJurisdictions none', () => api.listJurisdictions({ region: 'none' })],
    ['listJurisdictions mini', () => api.listJurisdictions({ country: 'XD' }, mini())],
    ['listJurisdictions refused', () => api.listJurisdictions({ contry: 'DE' } as never)],
    ['getJurisdiction', () => [api.getJurisdiction(276), api.getJurisdiction(840048), api.getJurisdiction(9000)]],
    ['getJurisdiction refused', () => api.getJurisdiction(1)],
    ['listTaxCodes', () => api.listTaxCodes()],
    ['getTaxCode', () => api.getTaxCode('saas')],
    ['getTaxCode refused', () => api.getTaxCode('sas')],
    ['negotiateVersion', () => [api.negotiateVersion('application/json; api_version=20260309', '20241028'), api.negotiateVersion(null, '20241028')]],
    ['negotiateVersion refused', () => api.negotiateVersion('application/json; api_version=1999', '20241028')],
    // Rule data.
    ['createRuleSet mini', () => {
      const rules = mini();
      return [rules.countryOf('XA'), api.calculate({ customer_address: { country: 'XA', postal_code: '81000' }, tax_date: 1_780_315_200, line_items: [{ reference: 'a', amount: '10', tax_code: 'ebook' }] }, miniAccount(), { rules })];
    }],
    ['createRuleSet packed', () => {
      const rules = api.createRuleSet(api.packRuleData(miniRuleData));
      return api.calculateTaxRate({ to_country: 'XB', date: '2026-06-01', amount: '10', tax_code: 'saas' }, { country: 'XZ', currency: 'EUR', registrations: [{ jurisdiction_id: 9900 }] }, { rules });
    }],
    ['createRuleSet default', () => {
      const rules = api.createRuleSet(defaultRulePack);
      return [
        api.calculateTaxRate({ to_country: 'US', to_postal_code: '78701', tax_code: 'standard', product_type: 'good', date: '2026-09-01', amount: '10' }, usAccount(), { rules }),
        api.calculate(request(), ieAccount(), { rules }),
      ];
    }],
    ['packRuleData', () => api.packRuleData(miniRuleData)],
    ['selectRuleData', () => {
      const part = api.selectRuleData(miniRuleData, { countries: ['XC'] });
      return [part.countries.map((c) => c.country), part.regimes.map((r) => r.regime), part.territories.map((t) => t.country)];
    }],
    ['selectRuleData refused', () => api.selectRuleData(miniRuleData, { countries: ['XX'], regime: [] } as never)],
    ['rulesInfo', () => [api.rulesInfo(mini()), api.rulesInfo().jurisdictions.DE]],
    ['rulesInfo refused', () => api.rulesInfo({} as never)],
    // A rule set compiled on the clean run: what is tried here is ratesAt's own reading.
    ['ratesAt mini', () => api.ratesAt({ country: 'XD', postal_code: '10001', date: '2026-06-01' }, { rules: compiledMini })],
    ['ratesAt', () => api.ratesAt({ country: 'PT', postal_code: '9000-001', date: '2027-01-01' })],
    ['ratesAt refused', () => api.ratesAt({ contry: 'DE', date: '2026-06-01' } as never)],
    ['rateTable', () => api.rateTable('2026-06-01', { rules: mini() })],
    ['rateTableCsv', () => api.rateTableCsv(api.rateTable('2026-06-01', { rules: mini() }))],
    ['rateTable refused', () => api.rateTable('2026-06-31')],
    ['checkRuleData', () => api.checkRuleData(miniRuleData)],
    ['createRuleSet refused', () => api.createRuleSet(null as never)],
    // Tax IDs.
    ['validateTaxId', () => [
      api.validateTaxId('DE', 'DE 136 695 976'),
      api.validateTaxId('FR', 'FR40303265046'),
      api.validateTaxId('BR', '12.ABC.345/01DE-35'),
      api.validateTaxId('NG', '12345678-0001'),
      api.validateTaxId(null, 'GB980780684'),
      api.validateTaxId('CA', '123456782RT0001'),
      api.validateTaxId('US', 5 as never),
    ]],
    ['verdictOf', () => [api.verdictOf(api.validateTaxId('DE', 'DE136695976')), api.offlineTaxIdVerdict('FR', 'FR40303265046')]],
    ['createTaxIdValidator', () => api.createTaxIdValidator(api.taxIdModules)('AT', 'ATU13585627')],
    ['checkTaxId', () => api.checkTaxId('FR', 'FR40303265045', async () => false)],
    ['checkTaxId throws', () => api.checkTaxId('DE', 'DE136695976', async () => Promise.reject(new Error('down')))],
    // Documents of version 20241028.
    ['buildDocument', () =>
      api.buildDocument(
        {
          date: '2026-06-01',
          customer: { first_name: 'Lea', last_name: 'Braun', country: 'DE', email: 'lea@example.de', tax_id: 'DE136695976' },
          items: [
            { description: 'Team plan', product_code: 'team', amount: 120, discount_rate: 10, tax: { country: 'DE', tax_code: 'saas' } },
            { description: 'Field guide', product_code: 'guide', quantity: 2, amount: '9.99', tax: { country: 'DE' } },
          ],
          payment: payment(),
          processor: 'stripe',
          processor_id: 'ch_1',
          tags: 'a,b',
          custom_metadata: { order: 'x' },
        },
        ieAccount(),
        ids(1, { coupon: { code: 'TEN', percent: 10 }, products: { guide: { product_type: 'good', tax_class: 'ebook' }, team: { product_type: 'service' } }, itemIds: [11, 12], paymentId: 5 }),
      )],
    ['buildDocument coupon amount', () => api.buildDocument({ date: '2026-06-01', customer: { first_name: 'Anna', country: 'FR' }, items: [{ amount: '50', tax: { country: 'FR', tax_code: 'ebook' } }, { amount: 30, tax: { country: 'FR', tax_code: 'saas' } }], payment: payment() }, ieAccount(), ids(2, { coupon: { code: 'FIVE', amount: '5' } }))],
    ['buildDocument USD table', () =>
      api.buildDocument({ date: '2026-06-01', currency: 'USD', customer: { first_name: 'Anna', country: 'DE' }, items: [{ amount: 100, tax: { country: 'DE', tax_code: 'saas' } }], payment: payment() }, ieAccount(), ids(3, { exchangeRates: [{ currency: 'USD', date: '2026-05-29', rate: '0.91' }, { currency: 'USD', from: '2026-06-01', until: '2026-06-30', rate: 0.92 }] }))],
    ['buildDocument USD rate', () => api.buildDocument({ currency: 'USD', customer: { first_name: 'Anna', country: 'DE' }, items: [{ amount: 100, tax: { country: 'DE', tax_code: 'saas' } }], payment: payment() }, ieAccount(), ids(4, { exchangeRate: '0.9' }))],
    ['buildDocument US', () =>
      api.buildDocument({ date: '2026-09-01', shipping_address: { country: 'US', postal_code: '78701', city: 'Austin' }, items: [{ amount: '49.99', quantity: 3, tax: { country: 'US', tax_code: 'standard' } }], payment: payment() }, { ...usAccount(), default_product_type: 'good' }, ids(5))],
    ['buildDocument given taxes', () =>
      api.buildDocument({ date: '2026-06-01', items: [{ amount: 100, tax: { country: 'CA', region: 'BC', name: 'GST', rate: 5, additional_name: 'PST', additional_rate: 7 } }], payment: payment() }, bcAccount(), ids(6))],
    ['buildDocument refund', () => credit()],
    ['buildDocument refund rest', () => api.buildDocument(refundRequest(), ieAccount(), creditOptions(3, { credits: [credit()] }))],
    ['buildDocument refused', () => api.buildDocument({ items: [{ amount: 1, tax: { country: 'DE', tax_code: 'ebooks' } }], payment: {}, tag: 'x' } as never, ieAccount(), ids(7))],
    ['buildDocument refused options', () => api.buildDocument({ items: [{ amount: 1, tax: { country: 'DE' } }], payment: {} }, ieAccount(), { ...ids(8), coupon: { code: 'X' } } as never)],
    ['buildCreditNote', () => api.buildCreditNote({ invoice_id: 20, payment_method: 'wire_transfer' }, { id: 21, number: 'CN-21', createdAt: 1_781_049_600, invoice: singleInvoice() })],
    ['buildCreditNote amount', () => {
      const first = api.buildCreditNote({ invoice_id: 20, credited_amount: 50 }, { id: 21, number: 'CN-21', createdAt: 1_781_049_600, invoice: singleInvoice() });
      return api.buildCreditNote({ invoice_id: 20, credited_amount: '69.00' }, { id: 22, number: 'CN-22', createdAt: 1_781_049_600, invoice: singleInvoice(), credits: [first], itemIds: [3], paymentId: 4 });
    }],
    ['buildCreditNote refused', () => api.buildCreditNote({ invoice_id: 1, credited_amount: 60 }, { id: 21, number: 'CN-21', createdAt: 1_781_049_600, invoice: invoice() })],
    ['checkDocumentUpdate', () => api.checkDocumentUpdate(invoice(), { notes: 'paid by card', tag_list: 'x,y', custom_metadata: { a: 1, b: null }, city: 'Berlin', postal_code: '10115', po_number: 'PO-1' })],
    ['checkDocumentUpdate credit', () => api.checkDocumentUpdate(credit(), { notes: 'refund', custom_metadata: null })],
    ['checkDocumentUpdate refused', () => api.checkDocumentUpdate(invoice(), { notes: 'ok', issue_date: '2026-06-02', note: 'x' } as never)],
    ['voidDocument', () => api.voidDocument(credit(), { void_reason: ' refund failed ' })],
    ['voidDocument refused', () => api.voidDocument(invoice(), { void_reason: 'x' })],
    ['buildDocument tax included, contact id, receipt', () =>
      api.buildDocument(
        { date: '2026-06-01', customer: { first_name: 'Lea', country: 'DE' }, items: [{ product_code: 'plan', amount: 119, discount_rate: 10, tax: { country: 'DE' } }, { product_code: 'stream', amount: '19.00', tax: { country: 'FR' } }], payment: payment(), number: 'F-1', issue_date: '2026-05-30' } as never,
        ieAccount(),
        ids(30, { products: { plan: { tax_class: 'saas', tax_type: 'included' }, stream: { tax_class: 'eservice', tax_type: 'included', tax_based_on: 'country', country: 'FR' } }, contactId: 42, documentType: 'receipt', spanishElectronicInvoicing: true }),
      )],
    ['buildDocument refused products', () => api.buildDocument({ items: [{ product_code: 'p', amount: 1, tax: { country: 'DE' } }], payment: {}, number: 'F-1' } as never, ieAccount(), ids(31, { products: { p: { tax_based_on: 'country', tax_type: 'gross' } } }) as never)],
    ['recordCreditPayment', () => {
      const open = api.buildCreditNote({ invoice_id: 20 }, { id: 21, number: 'CN-21', createdAt: 1_781_049_600, invoice: singleInvoice(), recordRefund: false });
      const first = api.recordCreditPayment(open, { amount: '19.00', payment_method: 'wire_transfer', processor: 'bank', processor_id: 'tr_1' }, { createdAt: 1_781_136_000, paymentId: 3 });
      return api.recordCreditPayment(first.credit, { amount: 100, date: '2026-06-12' }, { createdAt: 1_781_222_400 });
    }],
    ['recordCreditPayment refused', () => api.recordCreditPayment(credit(), { amount: -1, note: 'x' } as never, { createdAt: 1_781_136_000 })],
    ['voidCreditNote', () => {
      const unpaid = { ...singleInvoice(), payments: [] };
      const closing = api.buildCreditNote({ invoice_id: 20 }, { id: 21, number: 'CN-21', createdAt: 1_781_049_600, invoice: unpaid });
      return api.voidCreditNote(closing, { void_reason: 'reversed' }, { invoice: unpaid, credits: [closing] });
    }],
    ['voidCreditNote refused', () => api.voidCreditNote(credit(), { void_reason: 'x' }, { invoice: singleInvoice() })],
    ['creditInvoice', () => {
      const unpaid = { ...singleInvoice(), payments: [] };
      const closing = api.buildCreditNote({ invoice_id: 20 }, { id: 21, number: 'CN-21', createdAt: 1_781_049_600, invoice: unpaid });
      const reopened = api.voidCreditNote(closing, { void_reason: 'reversed' }, { invoice: unpaid, credits: [closing] });
      return api.creditInvoice({ invoice_id: 20 }, { id: 22, number: 'CN-22', createdAt: 1_781_136_000, invoice: reopened.invoice, credits: [reopened.credit] });
    }],
    ['checkoutWebhook', () => api.checkoutWebhook(invoice(), { session: 12, type: 'payment', message: { response_message: 'Approved', status_code: 200 }, iat: 1_780_301_000 })],
    ['checkoutWebhook refused', () => api.checkoutWebhook(invoice(), { session: 12 } as never)],
    ['taxSummaryReport', () => {
      const inv = invoice();
      return api.taxSummaryReport([inv, credit(), api.voidDocument(api.buildDocument(refundRequest(), ieAccount(), creditOptions(9)), { void_reason: 'x' })], { from_date: '2026-06-01', to_date: '2026-06-30' });
    }],
    ['taxSummaryReport refused', () => api.taxSummaryReport([], { from_date: '2026-06-31', to_date: '2026-06-30' })],
    // Transactions of version 20260309.
    ['computeTransaction', () => cadSale()],
    ['computeTransaction EUR', () =>
      api.computeTransaction(
        { source_id: 'ch_1', date: '2026-06-01', currency: 'EUR', customer: { name: 'Société Exemple', tax_id: 'FR40303265045', address: { country: 'FR', city: 'Paris' } }, origin_address: { country: 'IE', postal_code: 'D02X285' }, tax_behavior: 'inclusive', total_tax: '8.00', items: [{ reference: 'a', amount: '50.00', tax_code: 'saas' }] },
        everywhere(),
        { usedSourceIds: [{ source: 'api', transaction_type: 'sale', source_id: 'ch_0' }], taxIdVerdict: () => 'unknown', cache: false },
      )],
    ['computeTransaction USD rate', () => api.computeTransaction({ source_id: 'u1', date: '2026-06-01', currency: 'USD', customer: { address: { country: 'DE' } }, items: [{ reference: 'a', amount: '100.00', tax_code: 'saas' }] }, everywhere(), { exchangeRate: '0.92' })],
    ['computeTransaction refund', () => {
      const original = cadSale();
      const first = api.computeTransaction(cadRefund('re_1', '3.33'), everywhere(), { original, earlierRefunds: [], exchangeRates: cadRates() });
      return [first, api.computeTransaction(cadRefund('re_2', '3.33'), everywhere(), { original: JSON.parse(JSON.stringify(original)), earlierRefunds: [first] })];
    }],
    ['computeTransaction refused taken', () => api.computeTransaction({ source_id: 'taken', date: '2026-06-01', currency: 'EUR', customer: { address: { country: 'DE' } }, items: [{ reference: 'a', amount: '1.00' }] }, everywhere(), { usedSourceIds: (key) => key.source_id === 'taken' })],
    ['computeTransaction refused refund', () => api.computeTransaction(cadRefund('re_9', '3.33'), everywhere())],
    ['computeTransaction refused field', () => api.computeTransaction({ source_id: 's', date: '2026-06-01', currency: 'EUR', customer: { address: { country: 'DE' } }, items: [{ reference: 'a', amount: '1.00', taxcode: 'x' }] } as never, everywhere())],
    ['computeBatch', () =>
      api.computeBatch(
        {
          transactions: [
            { source_id: 's1', date: '2026-06-01', currency: 'EUR', total: '10.00', customer: { address: { country: 'US', state: 'TX', postal_code: '78701' } }, items: [{ reference: 'a', amount: '10.00', tax_code: 'standard', product_type: 'good' }] },
            { source: 'shop', source_id: 's2', date: '2026-06-02', currency: 'CAD', total_tax: '1.00', customer: bcCustomer(), items: [{ reference: 'a', amount: '20.00' }] },
          ],
        },
        everywhere(),
        { exchangeRates: cadRates(), usedSourceIds: [] },
      )],
    ['computeBatch refused', () => api.computeBatch({ transactions: [{ source_id: 'ok', date: '2026-06-01', currency: 'EUR', customer: { address: { country: 'DE' } }, items: [{ reference: 'a', amount: '1.00' }] }, { source_id: 'ok', date: '2026-06-01', currency: 'EUR', customer: { address: { country: 'DE' } }, items: [{ reference: 'a', amount: 'x' }] }] }, everywhere())],
    // Compliance.
    ['resolveEvidence', () => api.resolveEvidence({ billing_country: 'ES', billing_postal_code: '38001', phone_number: '+34 922 123 456', bank_country: 'ES' }, { ipCountry: 'ES' })],
    ['resolveEvidence conflicting', () => api.resolveEvidence({ billing_country: 'DE', bank_country: 'FR' })],
    ['resolveEvidence single', () => api.resolveEvidence({ billing_country: 'DE', billing_city: 'Helgoland', billing_postal_code: '27498', ip_address: '203.0.113.7', residence_country: 'DE', additional_evidence: 'x', additional_evidence_country: 'DE', document_id: 1, notes: 'n', state: 'confirmed' }, { singlePieceSuffices: true })],
    ['resolveEvidence refused', () => api.resolveEvidence({ billing_contry: 'DE' } as never)],
    ['phoneCountry', () => [api.phoneCountry('+1 416 555 0100'), api.phoneCountry('0044 1624 123456'), api.phoneCountry('+358 18 12345'), api.callingCodeSource()]],
    ['phoneCountry refused', () => api.phoneCountry('01624 123456')],
    ['thresholdEvents', () => api.thresholdEvents(thresholdSales(), { sellerCountry: 'IE', exchangeRates: nokRates() })],
    ['thresholdEvents US seller', () => api.thresholdEvents(thresholdSales(), { sellerCountry: 'US', sellerRegion: 'NY', establishments: ['US'], asOf: '2026-12-31', exchangeRates: nokRates() })],
    ['thresholdEvents refused', () => api.thresholdEvents(thresholdSales(), { sellerCountry: 'IE' })],
    ['thresholdWebhooks', () => api.thresholdWebhooks(thresholdSales(), { sellerCountry: 'IE', exchangeRates: nokRates(), nearRatio: 0.5 })],
    ['thresholdWebhooks refused', () => api.thresholdWebhooks(thresholdSales(), { sellerCountry: 'IE', exchangeRates: nokRates(), nearRatio: 2 })],
    ['registrationThresholds', () => api.registrationThresholds()],
    ['registrationAdvice', () => api.registrationAdvice(thresholdSales(), api.defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { country: 'GB' }, { country: 'AU' }] }), { exchangeRates: nokRates() })],
    ['nexusStatus', () => api.nexusStatus({ asOf: '2026-06-30', states: ['TX', 'NY', 'CA'], sales: [{ date: '2026-01-15', state: 'TX', amount: '450000' }, { date: '2026-02-15', state: 'NY', amount: '450000' }] })],
    ['usNexusRules', () => api.usNexusRules().states.length],
    // taxrules/schemas.
    ['accountSchema', () => [accountSchema.safeParse(ieAccount()), accountSchema.parse(movedAccount()), accountSchema['~standard'].validate(bcAccount())]],
    ['accountSchema refused', () => [accountSchema.safeParse({ country: 'IE' }), accountSchema['~standard'].validate({ country: 1 })]],
    ['accountSchema parse refused', () => accountSchema.parse({ currency: 'EUR' })],
    ['calculationRequestSchema', () => [calculationRequestSchema.safeParse(request()), calculationRequestSchema.parse({ customer_address: { country: 'DE' }, line_items: [{ reference: 'a', amount: '1.00' }] })]],
    ['calculationRequestSchema refused', () => calculationRequestSchema.safeParse({ customer_address: {}, line_items: [{ reference: 'a' }] })],
    ['calculationResponseSchema', () => calculationResponseSchema.safeParse(api.calculate(request(), ieAccount()))],
  ];
}

// ---------------------------------------------------------------------------------------
// The keys: every property name the library might read.

function filesUnder(dir: string, ext: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path, ext));
    else if (path.endsWith(ext)) out.push(path);
  }
  return out;
}

/** The string literals (up to 64 characters) and the property names of the library's sources. */
function sourceNames(): Set<string> {
  const names = new Set<string>();
  for (const file of filesUnder(join(ROOT, 'src'), '.ts')) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        if (node.text.length <= 64) names.add(node.text);
      } else if (ts.isPropertyAccessExpression(node)) {
        names.add(node.name.text);
      } else if (ts.isBindingElement(node)) {
        const name = node.propertyName ?? node.name;
        if (ts.isIdentifier(name)) names.add(name.text);
      } else if (
        (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node) || ts.isPropertySignature(node) || ts.isPropertyDeclaration(node) || ts.isMethodDeclaration(node) || ts.isMethodSignature(node) || ts.isGetAccessor(node)) &&
        ts.isIdentifier(node.name)
      ) {
        names.add(node.name.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return names;
}

/** The field names of the rule files' JSON Schemas (`properties`, `required`) and their `enum` and `const` strings. */
function schemaNames(): Set<string> {
  const names = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (typeof v !== 'object' || v === null) return;
    for (const [k, x] of Object.entries(v)) {
      if (k === 'properties' && typeof x === 'object' && x !== null) for (const p of Object.keys(x)) names.add(p);
      if ((k === 'required' || k === 'enum') && Array.isArray(x)) for (const s of x) if (typeof s === 'string') names.add(s);
      if (k === 'const' && typeof x === 'string') names.add(x);
      walk(x);
    }
  };
  for (const file of filesUnder(join(ROOT, 'rules/schema'), '.json')) walk(JSON.parse(readFileSync(file, 'utf8')));
  return names;
}

/** The strings of the corpus's inputs and answers (a country code read as a key of a table, a reference, a product code). */
function answerNames(outcomes: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const text of outcomes) for (const m of text.matchAll(/"((?:[^"\\]|\\.){1,64})"/g)) names.add(JSON.parse(`"${m[1] as string}"`) as string);
  return names;
}

/** Names Object.prototype has of its own (toString, constructor, __proto__…): not pollution, and not to be deleted. */
const OWN = new Set(Object.getOwnPropertyNames(Object.prototype));

// ---------------------------------------------------------------------------------------
// Pollution.

/** A property descriptor without a prototype: an inherited `get` or `value` cannot leak into it. */
const descriptor = (value: unknown): PropertyDescriptor => Object.assign(Object.create(null) as PropertyDescriptor, { value, enumerable: true, configurable: true, writable: true });

/** Every decision of the next run made afresh: none answered from a cache filled while the prototype was clean. */
function freshDecisions(): void {
  engineFor(api.defaultRuleSet).decisions?.clear();
}

async function runCorpus(calls: readonly (readonly [string, Call])[]): Promise<string[]> {
  freshDecisions();
  return run(calls);
}

async function run(calls: readonly (readonly [string, Call])[]): Promise<string[]> {
  const out: string[] = [];
  for (const [, call] of calls) out.push(await outcome(call));
  return out;
}

/** The outcomes with `keys` set on Object.prototype to `value`, every key taken away after (whatever happens). */
async function pollutedRun(calls: readonly (readonly [string, Call])[], keys: readonly string[], value: unknown): Promise<string[]> {
  const set: string[] = [];
  // An object value is made afresh for every run: nothing a run does to it reaches the next.
  const d = descriptor(typeof value === 'object' && value !== null ? structuredClone(value) : value);
  freshDecisions();
  try {
    for (const key of keys) {
      Object.defineProperty(Object.prototype, key, d);
      set.push(key);
    }
    return await run(calls);
  } finally {
    for (const key of set) delete (Object.prototype as Record<string, unknown>)[key];
  }
}

/** The names of the calls whose outcome differs from the clean one. */
function changed(calls: readonly (readonly [string, Call])[], clean: readonly string[], outcomes: readonly string[]): string[] {
  return calls.filter((_, i) => outcomes[i] !== clean[i]).map(([name]) => name);
}

/** Each key of `keys` that changes an outcome when set to `value`, with the calls it changes: batches, bisected when one changes something. */
async function keysThatChange(calls: readonly (readonly [string, Call])[], clean: readonly string[], keys: readonly string[], value: unknown, batch: number): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  const search = async (group: readonly string[]): Promise<void> => {
    const names = changed(calls, clean, await pollutedRun(calls, group, value));
    if (names.length === 0) return;
    if (group.length === 1) {
      found.set(group[0] as string, names);
      return;
    }
    const half = Math.ceil(group.length / 2);
    await search(group.slice(0, half));
    await search(group.slice(half));
  };
  for (let i = 0; i < keys.length; i += batch) await search(keys.slice(i, i + batch));
  return found;
}

/** What an outcome is: an answer, a refusal with its status, or an exception that is no TaxRulesError. */
const kind = (outcome: string): string => /^\{"(ok|untyped)"/.exec(outcome)?.[1] ?? (/^\{"error":\{"status":(\d+)/.exec(outcome)?.[1] as string);

/** The values each key is set to, one pass each: text (a date, a region code), an object, a flag and a list. */
const VALUES: readonly unknown[] = ['2014-01-01', 'ON', {}, true, ['US']];

/** The values every key is set to at once: those, a number as text, a number and an empty list. */
const ALL_AT_ONCE: readonly unknown[] = [...VALUES, '999', 1, []];

/** Keys per run; a run that changes something is bisected down to the keys that do. */
const BATCH = 40;

describe('a polluted Object.prototype', () => {
  const calls = corpus();
  let clean: string[] = [];
  let keys: string[] = [];

  beforeAll(async () => {
    clean = await runCorpus(calls);
    keys = [...new Set([...sourceNames(), ...schemaNames(), ...answerNames(clean)])].filter((k) => !OWN.has(k)).sort();
  });

  it('is tried on a corpus of every function of taxrules and taxrules/schemas, answered and refused', async () => {
    const text = readFileSync(join(ROOT, 'test/pollution.test.ts'), 'utf8');
    const functions = Object.entries(api).filter(([name, v]) => typeof v === 'function' && name !== 'TaxRulesError').map(([name]) => name);
    expect(functions.filter((name) => !text.includes(`api.${name}(`))).toEqual([]);
    expect(calls.length).toBeGreaterThan(120);
    expect(clean.filter((o) => o.startsWith('{"ok"')).length).toBeGreaterThan(80);
    expect(clean.filter((o) => o.startsWith('{"error"')).length).toBeGreaterThan(30);
    expect(calls.filter((_, i) => clean[i]?.startsWith('{"untyped"'))).toEqual([]);
    // The same answers twice: nothing in the corpus depends on the clock or on an earlier call.
    expect(await runCorpus(calls)).toEqual(clean);
  });

  it('with every property name the library reads: thousands of them', () => {
    expect(keys.length).toBeGreaterThan(2000);
    expect(clean.map(kind).filter((k) => k !== 'ok' && k !== '400' && k !== '404' && k !== '406' && k !== '422')).toEqual([]);
    for (const k of ['country', 'postal_code', 'today', 'exchangeRate', 'taxable_part', 'valid_from', 'custom_metadata', 'ipCountry', '0']) expect(keys).toContain(k);
  });

  for (const value of VALUES) {
    it(`changes no answer when any one key is ${JSON.stringify(value)}`, async () => {
      const found = await keysThatChange(calls, clean, keys, value, BATCH);
      expect(Object.fromEntries(found)).toEqual({});
      // Nothing left behind: the clean answers after.
      expect(await runCorpus(calls)).toEqual(clean);
    });
  }

  it('is left as it was: the fields lifted off for a refusal are put back, unchanged', () => {
    const path = ['US'];
    const proto = Object.prototype as Record<string, unknown>;
    const before = { path: descriptor(path), message: descriptor('ON'), get: descriptor('2014-01-01') };
    before.get.enumerable = false;
    let outcome: unknown;
    const after: Record<string, PropertyDescriptor | undefined> = Object.create(null) as Record<string, PropertyDescriptor | undefined>;
    for (const [key, d] of Object.entries(before)) Object.defineProperty(proto, key, d);
    try {
      try {
        outcome = api.calculate({ currency: 'eur', line_items: [{ amount: 'x' }] } as never, ieAccount());
      } catch (e) {
        outcome = e;
      }
      for (const key of Object.keys(before)) after[key] = Object.getOwnPropertyDescriptor(proto, key);
    } finally {
      for (const key of Object.keys(before)) delete proto[key];
    }
    // Checked once the prototype is clean again: the test runner itself reads those fields.
    expect(outcome).toBeInstanceOf(TaxRulesError);
    expect((outcome as InstanceType<typeof TaxRulesError>).issues.map((i) => i.path.join('.'))).toContain('line_items.0.amount');
    for (const [key, d] of Object.entries(before)) expect({ ...after[key] }, key).toEqual({ ...d });
    expect(after.path?.value).toBe(path);
    expect(path).toEqual(['US']);
  });

  it('changes no answer when every key is set at once', async () => {
    for (const value of ALL_AT_ONCE) {
      const outcomes = await pollutedRun(calls, keys, value);
      expect(changed(calls, clean, outcomes), JSON.stringify(value)).toEqual([]);
    }
    expect(await runCorpus(calls)).toEqual(clean);
  });
});
