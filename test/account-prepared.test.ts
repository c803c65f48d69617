import { describe, expect, it } from 'vitest';
import {
  buildDocument,
  calculate,
  calculateTaxRate,
  computeTransaction,
  createCalculator,
  createRuleSet,
  defaultRuleSet,
  defineAccount,
  explainTaxRate,
  packRuleData,
  prepareAccount,
  registrationAdvice,
  type Account,
  type PreparedAccount,
} from '../src/index.js';
import { createHandler } from '../src/http.js';
import { isPreparedAccount } from '../src/adapters/account.js';
import { defaultRulePack } from '../src/generated/ruledata.js';
import { refused, registeredEverywhere } from './helpers.js';

const plain: Account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }, { jurisdiction_id: 250, valid_from: '2021-07-01' }] };
const germany = { customer_address: { country: 'DE' }, tax_date: Date.UTC(2026, 5, 1) / 1000, line_items: [{ reference: 'a', amount: '100.00', tax_code: 'ebook' as const }] };

describe('a prepared account', () => {
  it('is accepted by every function and answers as the plain account does', async () => {
    const prepared = prepareAccount(plain);
    expect(isPreparedAccount(prepared)).toBe(true);
    expect(Object.isFrozen(prepared)).toBe(true);
    const q = { to_country: 'FR', tax_code: 'saas', date: '2026-06-01', amount: '100' } as const;
    expect(calculateTaxRate(q, prepared)).toEqual(calculateTaxRate(q, plain));
    expect(explainTaxRate(q, prepared)).toEqual(explainTaxRate(q, plain));
    expect(calculate(germany, prepared)).toEqual(calculate(germany, plain));
    const sale = { source_id: 's-1', date: '2026-06-01', currency: 'EUR', customer: { address: { country: 'DE' } }, items: [{ reference: 'a', amount: '100.00', tax_code: 'ebook' as const }] };
    expect(computeTransaction(sale, prepared)).toEqual(computeTransaction(sale, plain));
    const invoice: unknown = JSON.parse('{"items":[{"amount":1,"tax":{"country":"DE"}}],"payment":{},"date":"2026-06-01"}');
    const ids = { id: 101, number: 'INV-101', createdAt: 1_780_300_800 };
    expect(buildDocument(invoice, prepared, ids)).toEqual(buildDocument(invoice, plain, ids));
    expect(registrationAdvice([], prepared)).toEqual(registrationAdvice([], plain));
    const calculator = createCalculator();
    expect(calculator.calculateTaxRate(q, prepared)).toEqual(calculateTaxRate(q, plain));
    const url = 'http://x/tax_rates/calculate?to_country=FR&tax_code=saas&amount=100&date=2026-06-01';
    const [a, b] = await Promise.all([createHandler({ account: prepared })(new Request(url)), createHandler({ account: plain })(new Request(url))]);
    expect(a.status).toBe(200);
    expect(await a.json()).toEqual(await b.json());
  });

  it('is returned as it is by prepareAccount of its rule set, and checked afresh against another', () => {
    const prepared = prepareAccount(plain);
    expect(prepareAccount(prepared)).toBe(prepared);
    // A rule set without Germany: the registration 276 is unknown there.
    const data = structuredClone(defaultRuleSet.data);
    data.countries = data.countries.filter((c) => c.country !== 'DE');
    const withoutDe = createRuleSet(packRuleData(data));
    const e = refused(() => prepareAccount(prepared, withoutDe));
    expect(e.status).toBe(406);
    expect(e.issues[0]?.path).toEqual(['account', 'registrations', 0, 'jurisdiction_id']);
    // Another copy of the same rules: checked once, then reused; the answers are the same.
    const copy = createRuleSet(defaultRulePack);
    const again = prepareAccount(prepared, copy);
    expect(again).not.toBe(prepared);
    expect(prepareAccount(prepared, copy)).toBe(again);
    expect({ ...again }).toEqual({ ...prepared });
    expect(calculateTaxRate({ to_country: 'DE', date: '2026-06-01' }, prepared, { rules: copy })).toEqual(calculateTaxRate({ to_country: 'DE', date: '2026-06-01' }, plain));
  });

  it('cannot be forged: a copy of one is read as a plain account and refused; a Proxy of one is checked again, never trusted', () => {
    const prepared = prepareAccount(plain);
    for (const fake of [{ ...prepared }, Object.freeze(Object.create(prepared) as PreparedAccount)]) {
      expect(isPreparedAccount(fake)).toBe(false);
      const e = refused(() => calculateTaxRate({ to_country: 'DE', date: '2026-06-01' }, fake));
      expect(e.status).toBe(400);
      expect(e.issues.some((i) => i.path[0] === 'account')).toBe(true);
    }
    // A Proxy carries the prepared mark of its target (as a prepared account of another entry of the package
    // does): its fields are read back and checked as any account's, so what it answers is what is checked.
    const query = { to_country: 'DE', date: '2026-06-01' } as const;
    expect(calculateTaxRate(query, new Proxy(prepared, {}))).toEqual(calculateTaxRate(query, prepared));
    // One that answers other fields than its frozen target's cannot be read (the language forbids it): 400.
    const otherRegistrations = new Proxy(prepared, { get: (t, k) => (k === 'registrations' ? [{ ...t.registrations[0]!, jurisdictionId: 999_999 }] : Reflect.get(t, k)) });
    const e = refused(() => calculateTaxRate(query, otherRegistrations));
    expect([e.status, e.issues[0]?.path]).toEqual([400, ['account']]);
    const throwing = new Proxy(prepared, { get: () => { throw new Error('no'); } });
    expect(refused(() => calculateTaxRate(query, throwing)).status).toBe(400);
  });
});

describe('a frozen account with a getter', () => {
  it('is read again when its getter answers otherwise: never the first answer kept', () => {
    let registrations: readonly { readonly jurisdiction_id: number }[] = Object.freeze([Object.freeze({ jurisdiction_id: 372 })]);
    const account = Object.freeze(
      Object.defineProperties({ country: 'IE', currency: 'EUR' }, { registrations: { get: () => registrations, enumerable: true } }),
    ) as unknown as Parameters<typeof calculateTaxRate>[1];
    const first = calculateTaxRate({ to_country: 'IE', date: '2026-06-01' }, account);
    expect([first.name, first.rate, first.status]).toEqual(['VAT', 23, 'taxable']);
    registrations = Object.freeze([Object.freeze({ jurisdiction_id: 276 })]);
    // A fresh account of these registrations: German VAT for a German customer, not Irish VAT registered at home.
    const fresh = calculateTaxRate({ to_country: 'DE', date: '2026-06-01' }, { country: 'IE', currency: 'EUR', registrations });
    const again = calculateTaxRate({ to_country: 'DE', date: '2026-06-01' }, account);
    expect([again.name, again.rate, again.status]).toEqual([fresh.name, fresh.rate, fresh.status]);
    expect(calculateTaxRate({ to_country: 'IE', date: '2026-06-01' }, account).status).toBe(calculateTaxRate({ to_country: 'IE', date: '2026-06-01' }, { country: 'IE', currency: 'EUR', registrations }).status);
  });
});

describe('defineAccount', () => {
  it('gives a deeply frozen plain account, prepared once', () => {
    const account = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss', valid_from: '2021-07-01' }, { country: 'US', region: 'TX' }] });
    expect(Object.isFrozen(account)).toBe(true);
    expect(Object.isFrozen(account.registrations)).toBe(true);
    for (const r of account.registrations) expect(Object.isFrozen(r)).toBe(true);
    expect(() => {
      (account.registrations as unknown as object[]).push({ jurisdiction_id: 276 });
    }).toThrow(TypeError);
    expect(JSON.parse(JSON.stringify(account))).toEqual({ country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000, valid_from: '2021-07-01' }, { jurisdiction_id: 840048 }] });
    expect(prepareAccount(account)).toBe(prepareAccount(account));
  });

  it('compiles no country and no regime: the pack says where a seller registers', () => {
    const rules = createRuleSet(defaultRulePack);
    const made = (map: ReadonlyMap<string, unknown>, key: string): boolean => (map as unknown as { peek(k: string): unknown }).peek(key) !== undefined;
    // The Canary Islands are reported as ES: their territory is found for an ES registration all the same.
    const account = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss' }, { country: 'ES' }, { country: 'ES', region: 'CN' }] }, rules);
    expect(account.registrations?.map((r) => r.jurisdiction_id)).toEqual([372, 9000, 724, 724035]);
    for (const code of ['IE', 'ES', 'IC', 'DE', 'US']) expect(made(rules.countries, code), code).toBe(false);
    expect(made(rules.regimes, 'EU')).toBe(false);
  });

  it('finds a country reported under another code as it did when every country was compiled', () => {
    const everything = createRuleSet(defaultRulePack);
    for (const j of everything.jurisdictions.values()) void j;
    for (const reg of [{ country: 'ES' }, { country: 'IC' }, { country: 'GB' }, { country: 'CA', region: 'BC' }, { country: 'US', region: 'NY' }, { scheme: 'oss' as const }]) {
      const lazy = createRuleSet(defaultRulePack);
      const spec = { country: 'IE', currency: 'EUR', registrations: [reg] };
      const outcome = (rules: typeof lazy) => {
        try {
          return defineAccount(spec, rules);
        } catch (e) {
          return (e as Error).message;
        }
      };
      expect(outcome(lazy), JSON.stringify(reg)).toEqual(outcome(everything));
    }
  });
});

describe('a plain account', () => {
  it('is prepared once and never stale: a change between calls is seen', () => {
    const account = registeredEverywhere();
    const q = { to_country: 'DE', tax_code: 'ebook', date: '2026-06-01', amount: '100' } as const;
    expect(calculateTaxRate(q, account).tax_amount).toBe(7);
    account.registrations = account.registrations.filter((r) => r.jurisdiction_id !== 276 && r.jurisdiction_id !== 9000);
    expect(calculateTaxRate(q, account).status).not.toBe('taxable');
  });
});
