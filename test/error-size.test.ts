import { describe, expect, it } from 'vitest';
import { calculateTaxRate, computeTransaction } from '../src/index.js';
import { MAX_LISTED_ISSUES } from '../src/core/errors.js';
import { refused } from './helpers.js';

describe('an error of many issues', () => {
  it('lists the first ones and counts the rest: its size does not grow with the input', () => {
    const account = { country: 'IE', currency: 'EUR', registrations: Array.from({ length: 10_000 }, () => ({ jurisdiction_id: -1 })) };
    const e = refused(() => calculateTaxRate({ to_country: 'DE', date: '2026-06-01' }, account as never));
    expect(e.status).toBe(400);
    expect(e.issues).toHaveLength(MAX_LISTED_ISSUES + 1);
    expect(e.issues[0]?.path).toEqual(['account', 'registrations', 0, 'jurisdiction_id']);
    expect(e.issues[MAX_LISTED_ISSUES]).toEqual({ path: [], code: e.issues[0]?.code, message: `and ${10_000 - MAX_LISTED_ISSUES} more issues like these` });
    expect(JSON.stringify(e.toJSON()).length).toBeLessThan(32 * 1024);
    expect(e.message.length).toBeLessThan(16 * 1024);
  });

  it('keeps every issue up to the limit', () => {
    const account = { country: 'IE', currency: 'EUR', registrations: Array.from({ length: MAX_LISTED_ISSUES }, () => ({ jurisdiction_id: -1 })) };
    const e = refused(() => calculateTaxRate({ to_country: 'DE', date: '2026-06-01' }, account as never));
    expect(e.issues).toHaveLength(MAX_LISTED_ISSUES);
    expect(e.issues.every((i) => i.path[0] === 'account')).toBe(true);
  });

  it('of a long table of exchange rates stays small', () => {
    const sale = { source_id: 's', date: '2026-06-01', currency: 'USD', customer: { address: { country: 'DE' } }, items: [{ reference: 'a', amount: '10.00', tax_code: 'ebook' as const }] };
    const account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }] };
    const e = refused(() => computeTransaction(sale, account, { exchangeRates: new Array(100_000) }));
    expect(JSON.stringify(e.toJSON()).length).toBeLessThan(32 * 1024);
  });
});
