import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateTaxRate, computeTransaction } from '../src/index.js';
import { MAX_ERROR_BYTES, MAX_LISTED_ISSUES, TaxRulesError, type TaxRulesIssue } from '../src/core/errors.js';
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

  it('is at most 64 KiB as JSON whatever its issues: long messages, long paths, many issues, any characters', () => {
    const text = fc.oneof(fc.string({ maxLength: 50 }), fc.string({ unit: 'binary', minLength: 500, maxLength: 2_500 }), fc.constant('€'.repeat(200_000)), fc.constant('x'.repeat(1_000_000)));
    const issue = fc.record({ path: fc.array(fc.oneof(text, fc.nat()), { maxLength: 20 }), code: fc.constantFrom('malformed' as const, 'invalid_value' as const), message: text });
    fc.assert(
      fc.property(fc.array(issue, { maxLength: 120 }), fc.option(text, { nil: undefined }), (issues: TaxRulesIssue[], message) => {
        const e = new TaxRulesError('invalid_request', 400, issues, message);
        expect(new TextEncoder().encode(JSON.stringify(e.toJSON())).length).toBeLessThanOrEqual(MAX_ERROR_BYTES);
        expect(e.issues.length).toBeLessThanOrEqual(MAX_LISTED_ISSUES + 1);
        // What is listed is what was given, in order, up to where it was cut.
        e.issues.slice(0, -1).forEach((listed, i) => expect(issues[i]?.message.startsWith(listed.message.replace(/…$/, ''))).toBe(true));
      }),
      { numRuns: 60 },
    );
  });
});
