import { describe, expect, it } from 'vitest';
import { buildDocument, calculate, calculateTaxRate, computeBatch, computeTransaction, createCalculator, createRuleSet, explainTaxRate, packRuleData, rulesInfo, TaxRulesError } from '../src/index.js';
import { createHandler, RULES_VERSION_HEADER } from '../src/http.js';
import { dateOfDay, dayNumber } from '../src/core/dates.js';
import { refused, registeredEverywhere } from './helpers.js';
import { miniRuleData, miniRules } from './support/mini-rules.js';
import type { RuleData } from '../src/core/rule-data.js';

const thaw = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('rulesInfo', () => {
  it('gives the newest checked day of each jurisdiction and the newest of all as the version', () => {
    const info = rulesInfo(miniRules);
    const newest = Object.values(info.jurisdictions).reduce((a, b) => (a > b ? a : b));
    expect(info.version).toBe(newest);
    expect(info.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // XD's regions are jurisdictions apart; the regime too.
    expect(Object.keys(info.jurisdictions)).toEqual(expect.arrayContaining(['XA', 'XD', 'XD-NO', 'regime:XU']));
    expect(Object.keys(info.jurisdictions)).toEqual([...Object.keys(info.jurisdictions)].sort());
  });

  it('moves a jurisdiction’s day and the version when one of its facts is checked later', () => {
    const data = thaw(miniRuleData) as RuleData & { countries: { country: string; jurisdictions: { taxes: { rates: Record<string, { checked: string }[]> }[] }[] }[] };
    const xb = data.countries.find((c) => c.country === 'XB')!;
    const period = Object.values(xb.jurisdictions[0]!.taxes[0]!.rates)[0]![0]!;
    period.checked = '2099-01-02';
    const before = rulesInfo(miniRules);
    const after = rulesInfo(createRuleSet(data));
    expect(after.jurisdictions.XB).toBe('2099-01-02');
    expect(after.version).toBe('2099-01-02');
    expect(after.jurisdictions.XA).toBe(before.jurisdictions.XA);
    expect(after.digest).not.toBe(before.digest);
  });

  it('keeps the digest whatever the order of the files, and through a pack', () => {
    const data = thaw(miniRuleData);
    const reordered = { ...data, countries: [...data.countries].reverse(), regimes: [...data.regimes].reverse() };
    const info = rulesInfo(miniRules);
    expect(rulesInfo(createRuleSet(reordered)).digest).toBe(info.digest);
    expect(rulesInfo(createRuleSet(packRuleData(data)))).toEqual(info);
  });

  it('describes the default rules without an argument', () => {
    const info = rulesInfo();
    expect(info.jurisdictions.DE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(info.jurisdictions['US-CA']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(info.version >= info.jurisdictions.DE!).toBe(true);
    expect(info.digest).toMatch(/^[0-9a-f]{8}$/);
  });

  it('refuses what is not a rule set with a typed error', () => {
    expect(() => rulesInfo({} as never)).toThrow(TaxRulesError);
  });
});

describe('the rules’ identity in answers, and maxRulesAge', () => {
  const account = registeredEverywhere('IE');
  const info = rulesInfo();
  const de = info.jurisdictions.DE!;
  const days = (n: number) => dateOfDay(dayNumber(de) + n);
  const query = (date: string) => ({ to_country: 'DE', tax_code: 'ebook' as const, amount: '100', date });

  it('names the rules version and the day the jurisdiction’s data was last checked in explain answers', () => {
    const result = explainTaxRate(query('2026-06-01'), account);
    expect(result.rules).toEqual({ version: info.version, checked: de });
    // A US state: the older of the country's day and the state's.
    const us = explainTaxRate({ to_country: 'US', to_postal_code: '94105', tax_code: 'standard' as const, product_type: 'good' as const, amount: '100', date: '2026-06-01' }, account);
    const ca = [info.jurisdictions.US, info.jurisdictions['US-CA']].filter((d): d is string => d !== undefined).sort()[0];
    expect(us.rules).toEqual({ version: info.version, checked: ca });
  });

  it('refuses with a 422 naming the day a tax date more than maxRulesAge days after the last check', () => {
    const e = refused(() => explainTaxRate(query(days(31)), account, { maxRulesAge: 30 }));
    expect(e.status).toBe(422);
    expect(e.issues[0]!.path).toEqual(['date']);
    expect(e.message).toContain(`31 days after the rules of DE were last checked (${de}`);
    expect(e.message).toContain('maxRulesAge (30 days)');
    // At the limit, and without one, it answers.
    expect(calculateTaxRate(query(days(30)), account, { maxRulesAge: 30 }).rate).toBe(calculateTaxRate(query(days(30)), account).rate);
    expect(() => calculateTaxRate(query(days(3650)), account)).not.toThrow();
  });

  it('takes maxRulesAge in a calculator, per call, and in calculate (v20260309)', () => {
    const calculator = createCalculator({ maxRulesAge: 10 });
    expect(refused(() => calculator.calculateTaxRate(query(days(11)), account)).status).toBe(422);
    expect(calculator.calculateTaxRate(query(days(10)), account).rate).toBeGreaterThan(0);
    // A call's own limit applies over the calculator's.
    expect(refused(() => createCalculator().explainTaxRate(query(days(11)), account, { maxRulesAge: 10 })).status).toBe(422);
    const request = { currency: 'EUR', customer_address: { country: 'DE' }, line_items: [{ amount: '100', reference: 'a', tax_code: 'ebook' as const }], tax_date: Math.floor(Date.parse(`${days(11)}T12:00:00Z`) / 1000) };
    expect(refused(() => calculate(request, account, { maxRulesAge: 10 })).status).toBe(422);
    expect(calculate(request, account, { maxRulesAge: 11 }).total_tax).toBe(calculate(request, account).total_tax);
  });

  it('refuses a limit that is not a whole number of days (400)', () => {
    for (const bad of [-1, 1.5, '30', Number.NaN]) {
      expect(refused(() => calculateTaxRate(query('2026-06-01'), account, { maxRulesAge: bad as never })).status).toBe(400);
      expect(refused(() => createCalculator({ maxRulesAge: bad as never })).status).toBe(400);
    }
  });

  it('says the rules version in a header of every HTTP answer, and refuses an old date with 422 under maxRulesAge', async () => {
    const handler = createHandler({ account, maxRulesAge: 30 });
    const ok = await handler(new Request(`http://x/tax_rates/calculate?${new URLSearchParams(query(days(30)))}`));
    expect(ok.status).toBe(200);
    expect(ok.headers.get(RULES_VERSION_HEADER)).toBe(info.version);
    const old = await handler(new Request(`http://x/tax_rates/calculate?${new URLSearchParams(query(days(31)))}`));
    expect(old.status).toBe(422);
    expect(old.headers.get('Taxrules-Rules-Version')).toBe(info.version);
    expect(((await old.json()) as { error: { message: string } }).error.message).toContain(`last checked (${de}`);
    const missing = await createHandler({ account })(new Request('http://x/nowhere'));
    expect(missing.status).toBe(404);
    expect(missing.headers.get(RULES_VERSION_HEADER)).toBe(info.version);
    expect(() => createHandler({ account, maxRulesAge: -3 })).toThrow(TaxRulesError);
  });
});

describe('maxRulesAge of the documents', () => {
  const account = registeredEverywhere('IE');
  const de = rulesInfo().jurisdictions.DE!;
  const days = (n: number) => dateOfDay(dayNumber(de) + n);
  const sale = (date: string) => ({ source_id: `s-${date}`, date, currency: 'EUR', customer: { address: { country: 'DE' } }, items: [{ reference: 'a', amount: '100.00', tax_code: 'ebook' as const }] });
  const invoice = (date: string) => ({ date, customer: { first_name: 'Lea', country: 'DE' }, items: [{ description: 'Book', amount: 100, tax: { country: 'DE', tax_code: 'ebook' as const } }], payment: { method: 'credit_card' as const, processor: 'stripe', processor_id: 'ch_1' } });
  const ids = { id: 1, number: 'INV-1', createdAt: 1_800_000_000 };

  it('refuses a transaction, a batch or an invoice dated too long after the last check (422), and answers within the limit', () => {
    expect(refused(() => computeTransaction(sale(days(31)), account, { maxRulesAge: 30 })).status).toBe(422);
    expect(computeTransaction(sale(days(30)), account, { maxRulesAge: 30 }).total_tax).toBe(computeTransaction(sale(days(30)), account).total_tax);
    const batch = refused(() => computeBatch({ transactions: [sale(days(1)), sale(days(31))] }, account, { maxRulesAge: 30 }));
    expect(batch.status).toBe(422);
    expect(batch.message).toContain('transactions.1');
    expect(refused(() => buildDocument(invoice(days(31)), account, { ...ids, maxRulesAge: 30 })).status).toBe(422);
    expect(buildDocument(invoice(days(30)), account, { ...ids, maxRulesAge: 30 }).taxes).toEqual(buildDocument(invoice(days(30)), account, ids).taxes);
  });

  it('applies the handler’s maxRulesAge to the documents it builds', async () => {
    const handler = createHandler({ account, maxRulesAge: 30, documents: { prepare: () => ({}) } });
    const post = (date: string) => handler(new Request('http://x/transactions', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json; api_version=20260309' }, body: JSON.stringify(sale(date)) }));
    expect((await post(days(30))).status).toBe(200);
    const late = await post(days(31));
    expect(late.status).toBe(422);
    expect(JSON.stringify(await late.json())).toContain(`last checked (${de}`);
  });
});
