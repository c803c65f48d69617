/** Import items of a document: the refusal says what to send; the taxes sent are used. */
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../src/index.js';
import { refused } from './helpers.js';

const account = { country: 'IE', postal_code: 'D02X285', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000, valid_from: '2021-07-01' }] };
const ids = { id: 1, number: 'INV-1', createdAt: 1_780_315_200 };
const sale = (tax: object) => ({ date: '2026-06-01', customer: { first_name: 'Lea', country: 'DE' }, items: [{ description: 'Lamp', amount: 100, tax: { country: 'DE', tax_code: 'standard', import: true, ...tax } }], payment: { method: 'credit_card' } });

describe('an import item', () => {
  it('without its taxes is refused (422) with what to send', () => {
    const e = refused(() => buildDocument(sale({}) as never, account, ids));
    expect([e.status, e.issues[0]?.path.join('.')]).toEqual([422, 'items.0.tax.import']);
    expect(e.issues[0]?.message).toContain('give the item\'s tax (name and rate: 0 when the customer pays import VAT at the border');
  });

  it('with its taxes is invoiced at them: IOSS at the destination’s rate, or nothing at the border', () => {
    expect(buildDocument(sale({ name: 'VAT', rate: 19 }) as never, account, ids).total_cents).toBe(11_900);
    expect(buildDocument(sale({ name: 'Import VAT', rate: 0 }) as never, account, ids).total_cents).toBe(10_000);
  });
});
