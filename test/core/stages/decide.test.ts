/**
 * The coordinator: one situation through location, place of supply, taxability,
 * registration and rates into a frozen Decision — its status and reason for each outcome,
 * its lines and its notes — on the mini rule set. Rates and names below are those of
 * test/support/mini-rules.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide } from '../../../src/core/decide.js';
import { situationOf, type CurrencyConverter, type Situation } from '../../../src/core/situation.js';
import { activeRegistrations } from '../../../src/core/registration.js';
import { dayNumber } from '../../../src/core/dates.js';
import type { Address, Decision, Registration, TaxInput } from '../../../src/core/types.js';
import { miniRules as rules } from '../../support/mini-rules.js';
import { refusal } from '../../support/refusal.js';

interface Case extends Partial<Situation> {
  date?: string;
  registrations?: Registration[];
  convert?: CurrencyConverter;
}

const BASE: Situation = {
  origin: { country: 'XA' },
  destination: { country: 'XA' },
  taxCode: 'standard',
  productType: 'service',
  customer: 'consumer',
  consignmentValue: undefined,
};

function decision(c: Case = {}): Decision {
  const { date = '2024-06-01', registrations = [{ jurisdictionId: 901 }], convert, ...situation } = c;
  const day = dayNumber(date);
  return decide({ ...BASE, ...situation }, rules, day, activeRegistrations(registrations, day), convert);
}

/** The lines as "name@jurisdiction rate/part" (main and additional). */
const lines = (d: Decision) => d.lines.map((l) => `${l.name}@${l.jurisdiction.id} ${l.rate}${l.taxablePart === '100' ? '' : `/${l.taxablePart}`}`);
const outcome = (d: Decision) => `${d.status} ${d.reason}`;

function isDeepFrozen(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen);
}

const XB = { country: 'XB' };
const XD_NORLAND = { country: 'XD', postalCode: '10001' };
const FREE_PORT = { country: 'XA', postalCode: '99123' };
const BEXCLAVE = { country: 'XA', postalCode: '77777' };
const SUNWARD = { country: 'XA', postalCode: '81234' };
const NORTHMOOR = { country: 'XC', postalCode: '1234' };
const HARBOUR = { country: 'XC', postalCode: '2345' };
const WESTREACH = { country: 'XC', postalCode: '3456' };
const IOSS = [{ jurisdictionId: 9900, validFrom: '2021-07-01', importScheme: true }];

describe('taxable', () => {
  it('at the standard rate: standard_rated, one line, the jurisdiction that taxes', () => {
    const d = decision();
    expect(outcome(d)).toBe('taxable standard_rated');
    expect(lines(d)).toEqual(['VAT@901 20']);
    expect(d.lines[0]).toMatchObject({ group: 'main', rateClass: 'standard', rateUnits: 200_000, partUnits: 1_000_000 });
    expect(d.jurisdiction).toEqual({ id: 901, country: 'XA', region: null, county: null, city: null, name: 'Avalonia' });
    expect(d.customerJurisdiction).toEqual(d.jurisdiction);
    expect(d).toMatchObject({ notes: [], supply: 'services', customer: 'consumer', territory: null, scheme: null, consignmentLimit: null });
    expect(lines(decision({ date: '2020-06-30' }))).toEqual(['VAT@901 18']);
  });

  it('at the reduced rate: reduced_rated', () => {
    const d = decision({ taxCode: 'reduced', productType: 'good' });
    expect(outcome(d)).toBe('taxable reduced_rated');
    expect(lines(d)).toEqual(['VAT@901 10']);
    expect(d.supply).toBe('goods');
  });

  it('an e-book at a rate other than the standard one: ebook_rated, with the rule’s note', () => {
    const d = decision({ taxCode: 'ebook' });
    expect(outcome(d)).toBe('taxable ebook_rated');
    expect(lines(d)).toEqual(['VAT@901 10']);
    expect(d.notes).toEqual(['E-books are taxed at the reduced rate like printed books.']);
    expect(outcome(decision({ taxCode: 'ebook', date: '2018-12-31' }))).toBe('taxable standard_rated');
  });

  it('on a part of the amount: partially_taxable, with the part on the line and in a note', () => {
    const d = decision({ origin: XD_NORLAND, destination: XD_NORLAND, taxCode: 'saas', registrations: [{ jurisdictionId: 904001 }] });
    expect(outcome(d)).toBe('taxable partially_taxable');
    // The local lines of Norland's ZIP 10001 are charged on the same part.
    expect(lines(d)).toEqual(['Sales tax@904001 6/80', 'Sales tax@90401001 1/80', 'Sales tax@9040100100 1.5/80', 'Sales tax@90401000001 0.5/80']);
    expect(d.jurisdiction).toMatchObject({ id: 904001, region: 'NO', name: 'Norland', county: 'Redwood County', city: 'Lakeside' });
    expect(d.notes).toEqual(['SaaS is taxed on 80 % of the price.', 'Norland sources the local taxes of an in-state seller to its place of business.', '80 % of the amount is taxable in Norland.']);
  });

  it('in a territory with its own rate, reporting the territory and its region', () => {
    const d = decision({ destination: SUNWARD });
    expect(lines(d)).toEqual(['VAT@901 12']);
    expect(d.territory).toEqual({ id: 'XA-SUN', name: 'Sunward Islands' });
    expect(d.jurisdiction).toMatchObject({ id: 901, region: 'SI' });
    expect(d.notes).toEqual(['The Sunward Islands are Avalonian VAT territory with their own standard rate.']);
    // The territory has no reduced rate of its own: Avalonia's.
    expect(lines(decision({ destination: SUNWARD, taxCode: 'reduced' }))).toEqual(['VAT@901 10']);
  });

  it('at the seller’s place, with that place’s rates, for services to a consumer in another member', () => {
    const d = decision({ origin: SUNWARD, destination: XB, taxCode: 'consulting' });
    expect(outcome(d)).toBe('taxable standard_rated');
    expect(lines(d)).toEqual(['VAT@901 12']);
    expect(d.jurisdiction).toMatchObject({ id: 901, region: 'SI' });
    expect(d.customerJurisdiction).toMatchObject({ id: 902, name: 'Borduria' });
  });

  it('at the destination through the one-stop scheme, named on the decision', () => {
    const d = decision({ destination: XB, taxCode: 'saas', registrations: [{ jurisdictionId: 901 }, { jurisdictionId: 9900 }] });
    expect(outcome(d)).toBe('taxable standard_rated');
    expect(lines(d)).toEqual(['VAT@902 25']);
    expect(d.scheme).toEqual({ id: 9900, name: 'XU One-Stop Scheme' });
    expect(d.notes).toEqual([expect.stringMatching(/XU One-Stop Scheme/)]);
  });

  it('at the seller’s place for distance sales of goods below registration, with the rule’s note', () => {
    const d = decision({ destination: XB, productType: 'good' });
    expect(lines(d)).toEqual(['VAT@901 20']);
    expect(d.notes).toEqual(["Distance sales: the customer's VAT applies once the seller is registered there or in the One-Stop Scheme."]);
    expect(lines(decision({ destination: XB, productType: 'good', registrations: [{ jurisdictionId: 902 }] }))).toEqual(['VAT@902 25']);
  });

  it('domestically to a business of the country where the seller has a permanent establishment', () => {
    const d = decision({ origin: XD_NORLAND, customer: 'business', taxCode: 'saas', registrations: [{ jurisdictionId: 901, permanentEstablishment: true }] });
    expect(outcome(d)).toBe('taxable standard_rated');
    expect(lines(d)).toEqual(['VAT@901 20']);
    expect(d.customer).toBe('business');
  });

  it('under a regional tax that replaces the federal one, collected under the federal registration', () => {
    const d = decision({ origin: NORTHMOOR, destination: HARBOUR, registrations: [{ jurisdictionId: 903 }] });
    expect(outcome(d)).toBe('taxable standard_rated');
    expect(lines(d)).toEqual(['HST@903002 15']);
    expect(d.jurisdiction).toMatchObject({ id: 903002, region: 'HP', name: 'Harbour Province' });
    // Registered with the province alone: the HST is not collected.
    const provinceOnly = decision({ origin: NORTHMOOR, destination: HARBOUR, registrations: [{ jurisdictionId: 903002 }] });
    expect(outcome(provinceOnly)).toBe('not_registered not_registered');
    expect(lines(provinceOnly)).toEqual(['HST@903002 0']);
  });
});

describe('an additional tax', () => {
  const inNorthmoor = { origin: NORTHMOOR, destination: NORTHMOOR };

  it('is a line after the main tax where the seller is registered for it', () => {
    const d = decision({ ...inNorthmoor, registrations: [{ jurisdictionId: 903 }, { jurisdictionId: 903001 }] });
    expect(outcome(d)).toBe('taxable standard_rated');
    expect(lines(d)).toEqual(['GST@903 5', 'PST@903001 7']);
    expect(d.lines.map((l) => l.group)).toEqual(['main', 'additional']);
    expect(d.notes).toEqual([]);
  });

  it('is no line, and a note, where the seller is not registered for it', () => {
    const d = decision({ ...inNorthmoor, registrations: [{ jurisdictionId: 903 }] });
    expect(outcome(d)).toBe('taxable standard_rated');
    expect(lines(d)).toEqual(['GST@903 5']);
    expect(d.notes).toEqual([expect.stringMatching(/^Not registered for PST in Northmoor Province\b.*\.$/)]);
  });

  it('names the federal tax and its country, not the province, where the seller is registered for neither', () => {
    const d = decision({ origin: NORTHMOOR, destination: NORTHMOOR, registrations: [] });
    expect(outcome(d)).toBe('not_registered not_registered');
    expect(d.notes[0]).toMatch(/^Not registered for GST in (?!Northmoor Province)[A-Z][a-z]+: no tax is charged\.$/);
  });

  it('is neither line nor note before it exists, or where it does not tax the code', () => {
    expect(decision({ ...inNorthmoor, date: '2015-12-31', registrations: [{ jurisdictionId: 903 }] })).toMatchObject({ notes: [] });
    expect(lines(decision({ ...inNorthmoor, date: '2015-12-31', registrations: [{ jurisdictionId: 903 }, { jurisdictionId: 903001 }] }))).toEqual(['GST@903 5']);
    const consulting = decision({ ...inNorthmoor, taxCode: 'consulting', registrations: [{ jurisdictionId: 903 }] });
    expect(lines(consulting)).toEqual(['GST@903 5']);
    expect(consulting.notes).toEqual([]);
  });

  it('keeps the supply taxable when the main tax is zero-rated', () => {
    const d = decision({ ...inNorthmoor, taxCode: 'reduced', registrations: [{ jurisdictionId: 903 }, { jurisdictionId: 903001 }] });
    expect(d.status).toBe('taxable');
    // Only the PST is charged: the reason is its class (the XC regime taxes `reduced` at the standard class).
    expect(d.reason).toBe('standard_rated');
    expect(lines(d)).toEqual(['GST@903 0', 'PST@903001 7']);
    expect(d.lines[0]).toMatchObject({ rateClass: 'zero', rateUnits: 0 });
    expect(d.notes).toEqual(['Basic supplies are zero-rated.', expect.stringMatching(/^Zero-rated in Northmoor Province\.$/)]);
  });
});

describe('not taxed', () => {
  it('zero-rated, nothing else levied: non_taxable zero_rated with the zero line', () => {
    const d = decision({ origin: WESTREACH, destination: WESTREACH, taxCode: 'reduced', registrations: [{ jurisdictionId: 903 }] });
    expect(outcome(d)).toBe('non_taxable zero_rated');
    expect(lines(d)).toEqual(['GST@903 0']);
    expect(d.jurisdiction).toMatchObject({ id: 903003, region: 'WP' });
    // Zero-rated main, additional tax not registered: zero_rated too.
    expect(outcome(decision({ origin: NORTHMOOR, destination: NORTHMOOR, taxCode: 'reduced', registrations: [{ jurisdictionId: 903 }] }))).toBe('non_taxable zero_rated');
  });

  it('the exempt code: product_exempt everywhere, before any place of supply', () => {
    for (const c of [{}, { destination: XB }, { origin: XD_NORLAND, customer: 'business' as const }]) {
      const d = decision({ ...c, taxCode: 'exempt' });
      expect(outcome(d)).toBe('non_taxable product_exempt');
      expect(d.lines.every((l) => l.rate === '0')).toBe(true);
      expect(d.notes).toEqual(['Exempt supply: no tax is charged.']);
    }
  });

  it('a code the jurisdiction exempts: product_exempt with a zero line', () => {
    const d = decision({ origin: XB, destination: XB, taxCode: 'consulting', registrations: [{ jurisdictionId: 902 }] });
    expect(outcome(d)).toBe('non_taxable product_exempt');
    expect(lines(d)).toEqual(['VAT@902 0']);
    expect(d.notes).toEqual([expect.stringMatching(/Consulting.*exempt.*Borduria\.$/)]);
  });

  it('a code outside the jurisdiction’s tax: not_taxable_in_jurisdiction', () => {
    const eastvale = { country: 'XD', postalCode: '20001' };
    const d = decision({ origin: eastvale, destination: eastvale, taxCode: 'saas', registrations: [{ jurisdictionId: 904002 }] });
    expect(outcome(d)).toBe('non_taxable not_taxable_in_jurisdiction');
    expect(lines(d)).toEqual(['Sales tax@904002 0']);
    expect(d.notes).toEqual([expect.stringMatching(/SaaS.*not taxable in Eastvale\.$/)]);
  });

  it('a jurisdiction without a sales tax: no_tax_in_jurisdiction, no lines', () => {
    const southmark = { country: 'XD', postalCode: '30001' };
    const d = decision({ origin: XD_NORLAND, destination: southmark, registrations: [{ jurisdictionId: 904001 }] });
    expect(outcome(d)).toBe('non_taxable no_tax_in_jurisdiction');
    expect(d.lines).toEqual([]);
    expect(d.jurisdiction).toMatchObject({ id: 904003, region: 'SO', name: 'Southmark' });
    // The jurisdiction's own notes say why (the rules' Alaska: its local taxes are not in them).
    expect(d.notes).toEqual(['Southmark has no sales tax of any kind.']);
  });

  it('a territory outside its typed country: excluded_territory, the country’s tax at 0, no customer jurisdiction', () => {
    const d = decision({ destination: FREE_PORT });
    expect(outcome(d)).toBe('non_taxable excluded_territory');
    expect(lines(d)).toEqual(['VAT@901 0']);
    expect(d.jurisdiction).toMatchObject({ id: 901, region: null, name: 'Avalonia' });
    expect(d.customerJurisdiction).toBeNull();
    expect(d.territory).toEqual({ id: 'XA-FREE', name: 'Free Port of Avalonia' });
    expect(d.notes[0]).toBe('The Free Port is outside the XU VAT area.');
    expect(d.notes[1]).toMatch(/^Free Port of Avalonia is outside the Avalonia tax area.*VAT/);
    // Before 2012 the Free Port was Avalonia.
    expect(lines(decision({ destination: FREE_PORT, date: '2011-12-31' }))).toEqual(['VAT@901 18']);
  });

  it('a territory taxed as another country, the seller registered only in the typed one: excluded_territory', () => {
    const d = decision({ destination: BEXCLAVE, taxCode: 'saas' });
    expect(outcome(d)).toBe('non_taxable excluded_territory');
    expect(lines(d)).toEqual(['VAT@902 0']);
    expect(d.jurisdiction).toMatchObject({ id: 902, name: 'Borduria' });
    expect(d.notes).toEqual([expect.stringMatching(/^Bexclave is taxed as part of Borduria\.$/), expect.stringMatching(/^Bexclave is outside the Avalonia tax area\b.*\.$/)]);
    const registered = decision({ destination: BEXCLAVE, taxCode: 'saas', registrations: [{ jurisdictionId: 901 }, { jurisdictionId: 902 }] });
    expect(outcome(registered)).toBe('taxable standard_rated');
    expect(lines(registered)).toEqual(['VAT@902 25']);
  });

  it('a service by a foreign seller to a consumer: outside_scope, with the rule’s note', () => {
    const d = decision({ origin: XD_NORLAND, taxCode: 'consulting' });
    expect(outcome(d)).toBe('non_taxable outside_scope');
    expect(lines(d)).toEqual(['VAT@901 0']);
    expect(d.notes).toEqual(['Outside the scope: the place of supply of this service is where the supplier is established.']);
  });
});

describe('not collected', () => {
  it('where the seller is not registered: not_registered, the tax at 0', () => {
    const d = decision({ destination: XB, taxCode: 'saas' });
    expect(outcome(d)).toBe('not_registered not_registered');
    expect(lines(d)).toEqual(['VAT@902 0']);
    expect(d.jurisdiction).toMatchObject({ id: 902 });
    expect(d.notes).toEqual([expect.stringMatching(/^Not registered for VAT in Borduria\b.*\.$/)]);
    // At home, registered only after the tax point.
    expect(outcome(decision({ registrations: [{ jurisdictionId: 901, validFrom: '2024-06-02' }] }))).toBe('not_registered not_registered');
  });

  it('in a country without rules: unsupported_country, no lines', () => {
    const d = decision({ destination: { country: 'XZ' } });
    expect(outcome(d)).toBe('not_registered unsupported_country');
    expect(d.lines).toEqual([]);
    expect(d.jurisdiction).toEqual({ id: null, country: 'XZ', region: null, county: null, city: null, name: 'Nowhere' });
    expect(d.customerJurisdiction).toBeNull();
    expect(d.notes).toEqual([expect.stringMatching(/Nowhere/)]);
  });
});

describe('accounted for by the customer', () => {
  it('a business in another member: reverse_charge eu_reverse_charge, with the rule’s note', () => {
    const d = decision({ destination: XB, customer: 'business', taxCode: 'saas' });
    expect(outcome(d)).toBe('reverse_charge eu_reverse_charge');
    expect(lines(d)).toEqual(['VAT@902 0']);
    expect(d.notes).toEqual(['XU VAT reverse charge: the customer accounts for VAT.']);
  });

  it('a business buying services from abroad: reverse_charge reverse_charge', () => {
    expect(outcome(decision({ origin: XD_NORLAND, customer: 'business', taxCode: 'saas' }))).toBe('reverse_charge reverse_charge');
    expect(outcome(decision({ origin: XD_NORLAND, destination: NORTHMOOR, customer: 'business', taxCode: 'consulting' }))).toBe('reverse_charge reverse_charge');
  });

  it('a business importing goods: reverse_charge import_vat', () => {
    const d = decision({ origin: XD_NORLAND, customer: 'business', productType: 'good' });
    expect(outcome(d)).toBe('reverse_charge import_vat');
    expect(d.notes).toEqual(['Goods imported by a business: the importer accounts for import VAT.']);
  });
});

describe('imported goods and the import scheme (EUR 150)', () => {
  const goods = { origin: XD_NORLAND, productType: 'good' as const, registrations: IOSS };
  const eur = (amount: string) => ({ amount, currency: 'EUR' });
  const IMPORT_NOTE = 'Imported goods: the seller charges VAT when enrolled in the import scheme (consignments up to EUR 150) or registered; otherwise import VAT is collected at the border.';

  it('within the limit: taxable through the scheme, the limit on the decision', () => {
    for (const value of ['0.01', '150', '150.00']) {
      const d = decision({ ...goods, consignmentValue: eur(value) });
      expect(outcome(d)).toBe('taxable standard_rated');
      expect(lines(d)).toEqual(['VAT@901 20']);
      expect(d.scheme).toEqual({ id: 9900, name: 'XU One-Stop Scheme' });
      expect(d.consignmentLimit).toEqual(eur('150'));
      expect(d.notes).toEqual([IMPORT_NOTE, expect.stringMatching(/XU One-Stop Scheme/)]);
    }
  });

  it('above the limit: non_taxable import_vat_at_border, no scheme', () => {
    const d = decision({ ...goods, consignmentValue: eur('150.01') });
    expect(outcome(d)).toBe('non_taxable import_vat_at_border');
    expect(lines(d)).toEqual(['VAT@901 0']);
    expect(d.scheme).toBeNull();
    expect(d.consignmentLimit).toEqual(eur('150'));
    expect(d.notes).toEqual([expect.stringMatching(/above EUR 150.*border\.$/)]);
  });

  it('of unknown value: taxable through the scheme, with a note on the limit', () => {
    const d = decision(goods);
    expect(outcome(d)).toBe('taxable standard_rated');
    expect(d.consignmentLimit).toEqual(eur('150'));
    expect(d.notes).toHaveLength(3);
    expect(d.notes[2]).toMatch(/up to EUR 150 only.*border\.$/);
  });

  it('in another currency: converted when a converter is given, else 422', () => {
    const xts = (amount: string) => ({ amount, currency: 'XTS' });
    // A test converter: 2 XTS = 1 EUR.
    const halve: CurrencyConverter = (value, currency) => (value.currency === 'XTS' && currency === 'EUR' ? String(Number(value.amount) / 2) : null);
    expect(outcome(decision({ ...goods, consignmentValue: xts('300'), convert: halve }))).toBe('taxable standard_rated');
    expect(outcome(decision({ ...goods, consignmentValue: xts('300.02'), convert: halve }))).toBe('non_taxable import_vat_at_border');
    const e = refusal(() => decision({ ...goods, consignmentValue: xts('300') }));
    expect(e.status).toBe(422);
    expect(e.issues[0]?.path).toEqual(['consignmentValue']);
    // A converter that cannot convert is no converter.
    expect(refusal(() => decision({ ...goods, consignmentValue: xts('300'), convert: () => null })).status).toBe(422);
  });

  it('is not asked for a seller registered in the country itself', () => {
    const d = decision({ ...goods, registrations: [{ jurisdictionId: 901 }], consignmentValue: { amount: '1000', currency: 'XTS' } });
    expect(outcome(d)).toBe('taxable standard_rated');
    expect(d.scheme).toBeNull();
    expect(d.consignmentLimit).toBeNull();
  });

  it('not enrolled, and not registered: not_registered', () => {
    expect(outcome(decision({ ...goods, registrations: [], consignmentValue: eur('10') }))).toBe('not_registered not_registered');
  });
});

describe('refused: 422 before the recorded history', () => {
  it('before a rate is recorded, before a regime membership, before the union ruled on a supply', () => {
    expect(refusal(() => decision({ date: '2009-12-31' })).status).toBe(422);
    expect(refusal(() => decision({ destination: XB, date: '2004-04-30' })).status).toBe(422);
    expect(refusal(() => decision({ destination: XB, taxCode: 'saas', date: '2004-12-31' })).status).toBe(422);
  });
});

// A pool of situations over every country, territory and province of the mini rules.
const addresses: Address[] = [
  { country: 'XA' },
  FREE_PORT,
  BEXCLAVE,
  SUNWARD,
  XB,
  NORTHMOOR,
  HARBOUR,
  WESTREACH,
  XD_NORLAND,
  { country: 'XD', postalCode: '20001' },
  { country: 'XD', postalCode: '30001' },
  { country: 'XE', postalCode: '1234' },
  { country: 'XE', postalCode: '9123' },
  { country: 'XZ' },
];
const registrationIds = [901, 902, 903, 903001, 903002, 904001, 904002, 905, 9900];
const situations = fc.record({
  origin: fc.constantFrom(...addresses),
  destination: fc.constantFrom(...addresses),
  taxCode: fc.constantFrom('consulting', 'eservice', 'ebook', 'saas', 'standard', 'reduced', 'exempt'),
  productType: fc.constantFrom('good', 'service'),
  customer: fc.constantFrom('business', 'consumer'),
  consignmentValue: fc.constantFrom(undefined, { amount: '100', currency: 'EUR' }, { amount: '1000', currency: 'EUR' }),
}) as fc.Arbitrary<Situation>;
const registrationLists = fc.array(
  fc.record({ jurisdictionId: fc.constantFrom(...registrationIds), importScheme: fc.boolean(), permanentEstablishment: fc.boolean() }),
  { maxLength: 5 },
);
const dates = fc.constantFrom('2014-06-01', '2016-03-01', '2019-05-05', '2021-07-01', '2024-06-01');

/** Decides, or gives the TaxRulesError status it throws (only 422 is expected here). */
function attempt(s: Situation, date: string, registrations: Registration[]): Decision | number {
  try {
    const day = dayNumber(date);
    return decide(s, rules, day, activeRegistrations(registrations, day));
  } catch (e) {
    return refusal(() => {
      throw e;
    }).status;
  }
}

describe('every decision', () => {
  it('is frozen, to the last line and note', () => {
    const samples = [decision(), decision({ destination: FREE_PORT }), decision({ origin: NORTHMOOR, destination: NORTHMOOR, registrations: [{ jurisdictionId: 903 }] }), decision({ origin: XD_NORLAND, productType: 'good', registrations: IOSS })];
    for (const d of samples) {
      expect(isDeepFrozen(d)).toBe(true);
      expect(() => (d.notes as string[]).push('changed.')).toThrow(TypeError);
      expect(() => ((d.lines[0] as { rate: string }).rate = '99')).toThrow(TypeError);
      expect(() => ((d.jurisdiction as { name: string }).name = 'changed')).toThrow(TypeError);
    }
  });

  it('is frozen, has notes that are sentences, and charges only where it taxes (any situation)', () => {
    fc.assert(
      fc.property(situations, dates, registrationLists, (s, date, registrations) => {
        const d = attempt(s, date, registrations);
        if (typeof d === 'number') {
          expect(d).toBe(422);
          return;
        }
        expect(isDeepFrozen(d)).toBe(true);
        for (const note of d.notes) {
          expect(note).toMatch(/^\S.*[.!?]["')\]]*$/s);
          expect(note).not.toMatch(/\.\.$/);
        }
        const charged = d.lines.filter((l) => l.rateUnits > 0);
        if (d.status !== 'taxable') expect(charged).toEqual([]);
        else expect(charged.length).toBeGreaterThan(0);
        // The main tax comes first; additional taxes follow it.
        const groups = d.lines.map((l) => l.group).join(' ');
        expect(groups).toMatch(/^(main( main)*( additional)*)?$/);
      }),
      { numRuns: 600 },
    );
  });

  it('reads a customer with a valid tax ID as a business, any other as a consumer', () => {
    const input: TaxInput = {
      date: '2024-06-01',
      origin: { country: 'XA' },
      destination: XB,
      taxCode: 'saas',
      productType: 'service',
      taxBehavior: 'exclusive',
      currency: 'EUR',
      registrations: [],
    };
    expect(situationOf({ ...input, customerTaxId: { value: 'XB1', verdict: 'valid' } }).customer).toBe('business');
    expect(situationOf({ ...input, customerTaxId: { value: 'XB1', verdict: 'invalid' } }).customer).toBe('consumer');
    expect(situationOf({ ...input, customerTaxId: { value: 'XB1', verdict: 'unknown' } }).customer).toBe('consumer');
    expect(situationOf(input).customer).toBe('consumer');
    // The consignment's value is the amount unless given apart.
    expect(situationOf({ ...input, amount: '12.50' }).consignmentValue).toEqual({ amount: '12.50', currency: 'EUR' });
    expect(situationOf({ ...input, amount: '12.50', consignmentValue: { amount: '3', currency: 'XTS' } }).consignmentValue).toEqual({ amount: '3', currency: 'XTS' });
    expect(situationOf(input).consignmentValue).toBeUndefined();
  });
});
