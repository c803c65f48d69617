/**
 * Place of supply: every branch of the supply rules of the mini union XU (and of the
 * single-area XC), read from the tables in test/support/mini-rules.ts.
 */
import { describe, expect, it } from 'vitest';
import { placeOfSupply, relationOf, type Place, type PlaceInput } from '../../../src/core/place-of-supply.js';
import { locate } from '../../../src/core/location.js';
import { activeRegistrations, type ConsignmentBand } from '../../../src/core/registration.js';
import { dayNumber } from '../../../src/core/dates.js';
import type { Address, CustomerType, Registration, SupplyKind } from '../../../src/core/types.js';
import { miniRules as rules } from '../../support/mini-rules.js';
import { refusal } from '../../support/refusal.js';

interface Case {
  from: Address;
  to: Address;
  supply: SupplyKind;
  customer: CustomerType;
  date?: string;
  registrations?: Registration[];
  band?: ConsignmentBand;
}

function input(c: Case): PlaceInput {
  const date = c.date ?? '2024-06-01';
  const day = dayNumber(date);
  return {
    rules,
    day,
    date,
    supply: c.supply,
    customer: c.customer,
    origin: locate(rules, c.from, day, c.supply, 'origin'),
    destination: locate(rules, c.to, day, c.supply, 'destination'),
    registrations: activeRegistrations(c.registrations ?? [], day),
    consignment: () => c.band ?? 'unknown',
  };
}

const place = (c: Case): Place => placeOfSupply(input(c));

/** Where a taxed supply is taxed (the jurisdiction id), with its scheme and notes. */
function taxed(p: Place): { at: number | undefined; regime: string; scheme: number | null; covers: boolean | null; notes: readonly string[] } {
  if (p.kind !== 'taxed') throw new Error(`expected a taxed supply, got ${p.kind}`);
  return { at: p.where.jurisdiction?.id, regime: p.regime.id, scheme: p.scheme?.scheme.jurisdiction.id ?? null, covers: p.scheme?.covers ?? null, notes: p.notes };
}

const XA = { country: 'XA' };
const XB = { country: 'XB' };
const XD = { country: 'XD', postalCode: '10001' };
const DISTANCE_NOTE = "Distance sales: the customer's VAT applies once the seller is registered there or in the One-Stop Scheme.";
const IMPORT_NOTE = 'Imported goods: the seller charges VAT when enrolled in the import scheme (consignments up to EUR 150) or registered; otherwise import VAT is collected at the border.';

describe('a domestic supply', () => {
  it('is taxed in the country, to consumers and businesses alike (no reverse charge)', () => {
    for (const customer of ['consumer', 'business'] as const) {
      for (const supply of ['goods', 'digital', 'services'] as const) {
        expect(taxed(place({ from: XA, to: XA, supply, customer }))).toEqual({ at: 901, regime: 'XU', scheme: null, covers: null, notes: [] });
      }
    }
  });

  it('in a single tax area, is taxed in the customer’s province', () => {
    const p = place({ from: { country: 'XC', postalCode: '1234' }, to: { country: 'XC', postalCode: '2345' }, supply: 'goods', customer: 'business' });
    expect(taxed(p)).toMatchObject({ at: 903002, regime: 'XC' });
  });
});

describe('a supply between two members of the union', () => {
  it('to a business is reverse-charged, whatever the supply', () => {
    for (const supply of ['goods', 'digital', 'services'] as const) {
      const p = place({ from: XA, to: XB, supply, customer: 'business', registrations: [{ jurisdictionId: 902 }] });
      expect(p.kind).toBe('reverse_charge');
      if (p.kind === 'reverse_charge') expect(p.rule).toMatchObject({ reason: 'eu_reverse_charge', note: 'XU VAT reverse charge: the customer accounts for VAT.' });
    }
  });

  it('of digital services to a consumer is taxed at the destination from 2015-01-01, at the origin before', () => {
    expect(taxed(place({ from: XA, to: XB, supply: 'digital', customer: 'consumer', date: '2015-01-01' }))).toMatchObject({ at: 902, regime: 'XU' });
    expect(taxed(place({ from: XA, to: XB, supply: 'digital', customer: 'consumer', date: '2014-12-31' }))).toMatchObject({ at: 901, regime: 'XU', notes: [] });
  });

  it('of digital services to a consumer is collected through the one-stop scheme when the seller is enrolled, not when registered there', () => {
    const viaScheme = place({ from: XA, to: XB, supply: 'digital', customer: 'consumer', registrations: [{ jurisdictionId: 9900 }] });
    expect(taxed(viaScheme)).toMatchObject({ at: 902, scheme: 9900, covers: true });
    const registered = place({ from: XA, to: XB, supply: 'digital', customer: 'consumer', registrations: [{ jurisdictionId: 902 }, { jurisdictionId: 9900 }] });
    expect(taxed(registered)).toMatchObject({ at: 902, scheme: null });
  });

  it('of digital services before the union ruled on them (2005-01-01) has no answer: 422', () => {
    const e = refusal(() => place({ from: XA, to: XB, supply: 'digital', customer: 'consumer', date: '2004-12-31' }));
    expect(e.status).toBe(422);
    expect(e.message).toMatch(/do not cover this supply on 2004-12-31/);
  });

  it('of services to a consumer is taxed at the origin, even for a seller registered at the destination', () => {
    const p = place({ from: XA, to: XB, supply: 'services', customer: 'consumer', registrations: [{ jurisdictionId: 902 }, { jurisdictionId: 9900 }] });
    expect(taxed(p)).toEqual({ at: 901, regime: 'XU', scheme: null, covers: null, notes: [] });
  });

  describe('of goods to a consumer (destination if registered)', () => {
    const goods = { from: XA, to: XB, supply: 'goods', customer: 'consumer' } as const;

    it('is taxed at the origin, with the distance-selling note, for a seller registered nowhere else', () => {
      expect(taxed(place({ ...goods, registrations: [{ jurisdictionId: 901 }] }))).toEqual({ at: 901, regime: 'XU', scheme: null, covers: null, notes: [DISTANCE_NOTE] });
      expect(taxed(place(goods))).toMatchObject({ at: 901, notes: [DISTANCE_NOTE] });
    });

    it('is taxed at the destination for a seller registered there', () => {
      expect(taxed(place({ ...goods, registrations: [{ jurisdictionId: 902 }] }))).toEqual({ at: 902, regime: 'XU', scheme: null, covers: null, notes: [] });
    });

    it('is taxed at the origin again once that registration has ended (its last day inclusive)', () => {
      const registrations = [{ jurisdictionId: 902, validUntil: '2024-05-31' }];
      expect(taxed(place({ ...goods, registrations, date: '2024-05-31' })).at).toBe(902);
      expect(taxed(place({ ...goods, registrations, date: '2024-06-01' })).at).toBe(901);
    });

    it('is taxed at the destination through the scheme only once the scheme covers goods (2021-07-01)', () => {
      const registrations = [{ jurisdictionId: 9900 }];
      expect(taxed(place({ ...goods, registrations, date: '2021-06-30' }))).toMatchObject({ at: 901, scheme: null, notes: [DISTANCE_NOTE] });
      expect(taxed(place({ ...goods, registrations, date: '2021-07-01' }))).toMatchObject({ at: 902, scheme: 9900, covers: true, notes: [] });
    });
  });

  it('from a taxed-as territory is taxed at the seller’s place with the territory’s rates', () => {
    const p = place({ from: { country: 'XA', postalCode: '81234' }, to: XB, supply: 'services', customer: 'consumer' });
    expect(p.kind).toBe('taxed');
    if (p.kind === 'taxed') {
      expect(p.where.territory?.id).toBe('XA-SUN');
      expect(p.where.rates?.standard?.[0]?.rate).toBe('12');
    }
  });
});

describe('a supply by a seller outside the union', () => {
  it('to a business is reverse-charged (services, digital) or import VAT (goods)', () => {
    for (const supply of ['digital', 'services'] as const) {
      const p = place({ from: XD, to: XA, supply, customer: 'business' });
      expect(p.kind === 'reverse_charge' && p.rule.reason).toBe('reverse_charge');
    }
    const goods = place({ from: XD, to: XA, supply: 'goods', customer: 'business' });
    expect(goods.kind === 'reverse_charge' && goods.rule.reason).toBe('import_vat');
  });

  it('of services to a consumer is outside the scope', () => {
    const p = place({ from: XD, to: XA, supply: 'services', customer: 'consumer', registrations: [{ jurisdictionId: 901 }] });
    expect(p.kind).toBe('outside_scope');
    if (p.kind === 'outside_scope') expect(p.rule.reason).toBe('outside_scope');
  });

  it('of digital services to a consumer is taxed at the destination, through the scheme when enrolled', () => {
    expect(taxed(place({ from: XD, to: XA, supply: 'digital', customer: 'consumer' }))).toEqual({ at: 901, regime: 'XU', scheme: null, covers: null, notes: [] });
    expect(taxed(place({ from: XD, to: XA, supply: 'digital', customer: 'consumer', registrations: [{ jurisdictionId: 9900 }] }))).toMatchObject({ at: 901, scheme: 9900 });
  });

  describe('of goods to a consumer (the import scheme, up to EUR 150)', () => {
    const goods = { from: XD, to: XA, supply: 'goods', customer: 'consumer' } as const;
    const ioss = [{ jurisdictionId: 9900, validFrom: '2021-07-01', importScheme: true }];

    it('is taxed at the destination through the import scheme within the limit, and when the value is unknown', () => {
      for (const band of ['within', 'unknown'] as const) {
        const p = place({ ...goods, registrations: ioss, band });
        expect(taxed(p)).toEqual({ at: 901, regime: 'XU', scheme: 9900, covers: true, notes: [IMPORT_NOTE] });
        if (p.kind === 'taxed') expect(p.scheme?.limit).toEqual({ amount: '150', currency: 'EUR' });
      }
    });

    it('is at the border above the limit: the scheme does not cover it', () => {
      const p = place({ ...goods, registrations: ioss, band: 'above' });
      expect(p.kind).toBe('at_border');
      if (p.kind === 'at_border') {
        expect(p.match.scheme.jurisdiction.id).toBe(9900);
        expect(p.match.limit).toEqual({ amount: '150', currency: 'EUR' });
        expect(p.match.covers).toBe(false);
      }
    });

    it('asks for the consignment only where a limited scheme would cover it', () => {
      let asked = 0;
      const count = (c: Case): Place => placeOfSupply({ ...input(c), consignment: () => (asked++, 'above') });
      count({ ...goods, registrations: [{ jurisdictionId: 901 }] });
      count({ ...goods, registrations: [{ jurisdictionId: 9900 }] });
      count({ ...goods, registrations: ioss, date: '2021-06-30' });
      expect(asked).toBe(0);
      count({ ...goods, registrations: ioss });
      expect(asked).toBe(1);
    });

    it('is taxed at the destination for a seller registered there, whatever the value', () => {
      expect(taxed(place({ ...goods, registrations: [...ioss, { jurisdictionId: 901 }], band: 'above' }))).toMatchObject({ at: 901, scheme: null });
    });

    it('is taxed at the destination without a scheme for a seller enrolled in the one-stop scheme but not the import scheme, or before it began', () => {
      expect(taxed(place({ ...goods, registrations: [{ jurisdictionId: 9900 }], band: 'above' }))).toMatchObject({ at: 901, scheme: null, notes: [IMPORT_NOTE] });
      expect(taxed(place({ ...goods, registrations: ioss, band: 'above', date: '2021-06-30' }))).toMatchObject({ at: 901, scheme: null });
    });
  });

  it('from an excluded territory of a member is foreign to the union', () => {
    const freePort = { country: 'XA', postalCode: '99123' };
    const p = input({ from: freePort, to: XA, supply: 'services', customer: 'business' });
    expect(relationOf(p, rules.regimes.get('XU')!)).toEqual({ relation: 'foreign', established: false });
    const rc = placeOfSupply(p);
    expect(rc.kind === 'reverse_charge' && rc.rule.reason).toBe('reverse_charge');
  });
});

describe('the seller’s relation to the customer’s regime', () => {
  const XU = () => rules.regimes.get('XU')!;

  it('is domestic in the same country, union between members, foreign from elsewhere', () => {
    expect(relationOf(input({ from: XA, to: XA, supply: 'goods', customer: 'business' }), XU())).toEqual({ relation: 'domestic', established: false });
    expect(relationOf(input({ from: XA, to: XB, supply: 'goods', customer: 'business' }), XU())).toEqual({ relation: 'union', established: false });
    expect(relationOf(input({ from: XD, to: XB, supply: 'goods', customer: 'business' }), XU())).toEqual({ relation: 'foreign', established: false });
  });

  it('is domestic for a seller in a territory taxed as the customer’s country', () => {
    const p = input({ from: { country: 'XA', postalCode: '77777' }, to: XB, supply: 'services', customer: 'business' });
    expect(relationOf(p, XU())).toEqual({ relation: 'domestic', established: false });
    expect(taxed(placeOfSupply(p)).at).toBe(902);
  });

  it('is domestic for a seller with a permanent establishment in the customer’s country: no reverse charge', () => {
    const established = [{ jurisdictionId: 901, permanentEstablishment: true }];
    for (const from of [XD, XB]) {
      const p = input({ from, to: XA, supply: 'services', customer: 'business', registrations: established });
      expect(relationOf(p, XU())).toEqual({ relation: 'domestic', established: true });
      expect(taxed(placeOfSupply(p))).toMatchObject({ at: 901, regime: 'XU' });
    }
    // Registered there without an establishment: still a foreign (or union) supply.
    expect(place({ from: XD, to: XA, supply: 'services', customer: 'business', registrations: [{ jurisdictionId: 901 }] }).kind).toBe('reverse_charge');
    expect(place({ from: XB, to: XA, supply: 'services', customer: 'business', registrations: [{ jurisdictionId: 901 }] }).kind).toBe('reverse_charge');
  });

  it('counts an establishment only while it lasts', () => {
    const registrations = [{ jurisdictionId: 901, permanentEstablishment: true, validUntil: '2023-12-31' }];
    expect(place({ from: XD, to: XA, supply: 'services', customer: 'business', registrations, date: '2023-12-31' }).kind).toBe('taxed');
    expect(place({ from: XD, to: XA, supply: 'services', customer: 'business', registrations, date: '2024-01-01' }).kind).toBe('reverse_charge');
  });
});

describe('a supply the rules do not reach', () => {
  it('into a country on a day it belongs to no regime has no answer: 422', () => {
    const e = refusal(() => place({ from: XA, to: XB, supply: 'goods', customer: 'consumer', date: '2004-04-30' }));
    expect(e.status).toBe(422);
    expect(e.message).toMatch(/no tax regime of Borduria is recorded on 2004-04-30/);
    expect(taxed(place({ from: XA, to: XB, supply: 'goods', customer: 'consumer', date: '2004-05-01' })).at).toBe(901);
  });

  it('from a seller outside every regime is foreign: taxed at the destination, never at an origin without rules', () => {
    // A seller in the Free Port (outside any regime) is foreign: destination, not origin.
    expect(taxed(place({ from: { country: 'XA', postalCode: '99123' }, to: XB, supply: 'digital', customer: 'consumer' })).at).toBe(902);
    // Through the single-area rule a seller from a country without rules is foreign too.
    expect(taxed(place({ from: { country: 'XZ' }, to: { country: 'XC', postalCode: '1234' }, supply: 'services', customer: 'consumer' })).at).toBe(903001);
  });
});
