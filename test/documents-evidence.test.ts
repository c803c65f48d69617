/** A document's evidence: its state is the engine's verdict on the pieces, not the request's claim. */
import { describe, expect, it } from 'vitest';
import { buildDocument, resolveEvidence } from '../src/index.js';

const account = { country: 'IE', postal_code: 'D02X285', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000, valid_from: '2021-07-01' }] };
const ids = { id: 1, number: 'INV-1', createdAt: 1_780_315_200 };
const sale = (evidence?: object) => ({
  date: '2026-06-01',
  customer: { first_name: 'Lea', country: 'DE' },
  items: [{ description: 'Plan', amount: 100, tax: { country: 'DE', tax_code: 'saas' } }],
  payment: { method: 'credit_card' },
  ...(evidence ? { evidence } : {}),
});

describe('the evidence of a document', () => {
  it('is resolved into its state: billing DE with bank FR is conflicting, whatever the request claims', () => {
    const doc = buildDocument(sale({ billing_country: 'DE', bank_country: 'FR', state: 'confirmed', notes: 'checkout' }) as never, account, ids);
    expect(doc.evidence).toEqual({ billing_country: 'DE', bank_country: 'FR', notes: 'checkout', state: 'conflicting' });
    expect(doc.evidence?.state).toBe(resolveEvidence({ billing_country: 'DE', bank_country: 'FR' }).state);
  });

  it('is confirmed by two agreeing pieces and unsettled by one; an IP address without its country is no piece', () => {
    expect(buildDocument(sale({ billing_country: 'DE', bank_country: 'DE' }) as never, account, ids).evidence?.state).toBe('confirmed');
    expect(buildDocument(sale({ billing_country: 'DE', additional_evidence_country: 'DE', additional_evidence: 'SIM card' }) as never, account, ids).evidence?.state).toBe('confirmed');
    expect(buildDocument(sale({ billing_country: 'DE', ip_address: '203.0.113.7', state: 'confirmed' }) as never, account, ids).evidence?.state).toBe('unsettled');
    // With the country the server's geolocation gives the address, it is a piece.
    expect(buildDocument(sale({ billing_country: 'DE', ip_address: '203.0.113.7' }) as never, account, { ...ids, ipCountry: 'DE' }).evidence?.state).toBe('confirmed');
    expect(buildDocument(sale({ billing_country: 'DE', ip_address: '203.0.113.7' }) as never, account, { ...ids, ipCountry: 'AT' }).evidence?.state).toBe('conflicting');
    expect(buildDocument(sale({ billing_country: 'DE' }) as never, account, { ...ids, ipCountry: 'DE' }).evidence?.state).toBe('unsettled');
    expect(buildDocument(sale() as never, account, ids).evidence).toBeNull();
  });
});
