/**
 * US-style local sales taxes as logic, on the test rule set's Norland (test/support/mini-rules.ts:
 * state 6 %; Redwood County 1 %, Pine County 0.5 %, Lakeside 1.5 %, Lakeside Transit District
 * 0.5 %; ZIP 10001 one area, 10002 shared 60/40, 10003 Pine County; origin-sourced for an
 * in-state seller; local taxes on at most XTS 1000 an article). The real states' data is checked
 * in test/us-local.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { calculate, defineAccount, explainTaxRate } from '../../src/index.js';
import { refused } from '../helpers.js';
import { miniRules as rules } from '../support/mini-rules.js';

const good = { tax_code: 'standard', product_type: 'good', amount: '100', currency: 'XTS', date: '2026-09-15', to_country: 'XD' } as const;
/** A seller in Eastvale, registered in Norland. */
const remote = defineAccount({ country: 'XD', postal_code: '20001', currency: 'XTS', registrations: [{ jurisdiction_id: 904001 }] }, rules);
/** A seller in Pine County, Norland. */
const inState = defineAccount({ country: 'XD', postal_code: '10003', currency: 'XTS', registrations: [{ jurisdiction_id: 904001 }] }, rules);
const at = (zip: string, account = remote, extra: object = {}) => explainTaxRate({ ...good, to_postal_code: zip, ...extra }, account, { rules });
const levels = (r: ReturnType<typeof explainTaxRate>) => r.lines.map((l) => [l.jurisdiction.name, l.jurisdiction.level, l.rate]);

describe('the area of an address', () => {
  it('one area: the ZIP code decides, with the county and city named, state first', () => {
    const r = at('10001');
    expect(levels(r)).toEqual([
      ['Norland', 'state', '6'],
      ['Redwood County', 'county', '1'],
      ['Lakeside', 'city', '1.5'],
      ['Lakeside Transit District', 'district', '0.5'],
    ]);
    expect(r.jurisdiction).toMatchObject({ county: 'Redwood County', city: 'Lakeside' });
    expect(r.local).toEqual({ match: 'zip', sourcedAt: 'destination', county: 'Redwood County', city: 'Lakeside', complete: true, alternatives: [] });
    expect(r.amounts?.tax).toBe('9.00');
  });

  it('several areas: the one with most of the ZIP code’s addresses, the others named with their share and rate', () => {
    const r = at('10002');
    expect(levels(r)).toEqual([
      ['Norland', 'state', '6'],
      ['Redwood County', 'county', '1'],
    ]);
    expect(r.local).toMatchObject({ match: 'zip_majority', county: 'Redwood County', city: null, alternatives: [{ county: 'Pine County', city: null, share: 40, rate: '6.5' }] });
    expect(r.notes[0]).toBe('ZIP code 10002 spans several local tax areas: the one with most of its addresses (Redwood County, 60 %) is used; give the city to choose another: Pine County (40 %, 6.5 %).');
  });

  it('a ZIP code the data lacks: the state’s tax alone, and the answer says local taxes may apply', () => {
    const r = at('10009');
    expect(levels(r)).toEqual([['Norland', 'state', '6']]);
    expect(r.local).toMatchObject({ match: 'none', county: null, city: null });
    expect(r.notes).toEqual(["ZIP code 10009 is not in the local tax data of Norland: only the state's tax is charged, and local taxes may apply."]);
  });
});

describe('sourcing', () => {
  it('an in-state seller of an origin-based state charges the local taxes of its own place', () => {
    const r = at('10001', inState);
    expect(levels(r)).toEqual([
      ['Norland', 'state', '6'],
      ['Pine County', 'county', '0.5'],
    ]);
    expect(r.local).toMatchObject({ sourcedAt: 'origin', county: 'Pine County', city: null });
    expect(r.notes[0]).toBe('Norland sources the local taxes of an in-state seller to its place of business.');
  });

  it('a seller outside the state charges the destination’s', () => {
    expect(at('10001').local?.sourcedAt).toBe('destination');
  });

  it('an in-state seller without a postal code is refused (400): its place decides', () => {
    const nowhere = defineAccount({ country: 'XD', region: 'NO', currency: 'XTS', registrations: [{ jurisdiction_id: 904001 }] }, rules);
    expect(refused(() => at('10001', nowhere)).status).toBe(400);
  });
});

describe('results', () => {
  it('a local rate before its recorded history is refused (422), not taken as zero', () => {
    const e = refused(() => at('10001', remote, { date: '1995-06-01' }));
    expect([e.status, e.message]).toEqual([422, 'the local sales tax of Redwood County (NO) is recorded from 2000-01-01, not on 1995-06-01']);
  });

  it('a seller not registered in the state gets not_registered, with the county and city named', () => {
    const eastvaleOnly = defineAccount({ country: 'XD', postal_code: '20001', currency: 'XTS', registrations: [{ jurisdiction_id: 904002 }] }, rules);
    const r = at('10001', eastvaleOnly);
    expect(r.status).toBe('not_registered');
    expect(r.jurisdiction).toMatchObject({ county: 'Redwood County', city: 'Lakeside' });
  });

  it('a quote of an amount above the per-article limit of the local taxes is refused (422): it does not say its articles', () => {
    const e = refused(() => at('10001', remote, { amount: '1500' }));
    expect([e.status, e.issues[0]!.path]).toEqual([422, ['amount']]);
  });

  it('v20260309 lists each jurisdiction with its amount; they add up to the total tax; an article’s local taxes stop at XTS 1000', () => {
    const r = calculate(
      { customer_address: { country: 'XD', postal_code: '10001' }, currency: 'XTS', tax_date: Date.UTC(2026, 8, 15) / 1000, line_items: [{ reference: 'a', amount: '1500.00', tax_code: 'standard', product_type: 'good' }] },
      remote,
      { rules },
    );
    // State 6 % of 1500 = 90.00; the local taxes on the first 1000: 10.00, 15.00 and 5.00.
    expect(r.line_items[0]!.taxes.map((t) => [t.jurisdiction.level, t.amount])).toEqual([
      ['state', '90.00'],
      ['county', '10.00'],
      ['city', '15.00'],
      ['district', '5.00'],
    ]);
    expect(r.total_tax).toBe('120.00');
  });
});
