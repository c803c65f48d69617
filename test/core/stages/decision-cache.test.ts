/**
 * The decision cache must never change an answer: through any sequence of calls — across
 * rule epochs, registrations that start and end, registration lists that are frozen,
 * shared and changed, or copied afresh — it gives what deciding afresh gives, and it holds
 * no more than its bound. Its key, `situationKey`, must change with every field of a
 * Situation. On the mini rule set.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDecisionCache, type DecisionCache } from '../../../src/core/decision-cache.js';
import { decide } from '../../../src/core/decide.js';
import { situationKey, situationOf, taxCodeNumber, type CurrencyConverter, type Situation } from '../../../src/core/situation.js';
import { activeRegistrations } from '../../../src/core/registration.js';
import { dateOfDay, dayNumber } from '../../../src/core/dates.js';
import { TaxRulesError } from '../../../src/core/errors.js';
import type { Address, Money, Registration, TaxInput } from '../../../src/core/types.js';
import { miniRules as rules } from '../../support/mini-rules.js';

/** 2 XTS = 1 EUR until 2021-12-31, 3 XTS = 1 EUR from 2022-01-01: a rate that moves between rule changes. */
const convert: CurrencyConverter = (value, currency, date) => {
  if (value.currency !== 'XTS' || currency !== 'EUR') return null;
  return String(Number(value.amount) / (date < '2022-01-01' ? 2 : 3));
};

function fresh(input: TaxInput, day: number, converter?: CurrencyConverter) {
  return decide(situationOf(input), rules, day, activeRegistrations(input.registrations, day), converter);
}

function outcome(run: () => unknown): unknown {
  try {
    return { ok: run() };
  } catch (e) {
    if (!(e instanceof TaxRulesError)) throw e;
    return { error: { status: e.status, message: e.message, issues: e.issues } };
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const input = (over: Partial<TaxInput> = {}): TaxInput => ({
  date: '2024-06-01',
  origin: { country: 'XA' },
  destination: { country: 'XB' },
  taxCode: 'saas',
  productType: 'service',
  taxBehavior: 'exclusive',
  currency: 'EUR',
  registrations: [{ jurisdictionId: 901 }],
  ...over,
});

// The input space: every country, territory and province of the mini rules (and an address
// the rules refuse), around every rule change day.
const addresses: Address[] = [
  { country: 'XA' },
  { country: 'XA', postalCode: '99123' },
  { country: 'XA', postalCode: '77777' },
  { country: 'XA', postalCode: '81234', city: 'Sunport' },
  { country: 'xa', postalCode: '10115' },
  { country: 'XB', postalCode: '1000' },
  { country: 'XC', postalCode: '1234' },
  { country: 'XC', region: 'HP' },
  { country: 'XC', region: 'WP' },
  { country: 'XC', postalCode: '3456' },
  { country: 'XC' },
  { country: 'XD', postalCode: '10001' },
  { country: 'XD', postalCode: '20001' },
  { country: 'XD', postalCode: '30001' },
  { country: 'XE', postalCode: '9123' },
  { country: 'XE' },
  { country: 'XZ' },
];
const registrationDates = ['2015-01-01', '2019-06-30', '2021-07-01', '2023-03-04', '2023-09-10'];
const changeDays = rules.changeDays.filter((d) => d >= dayNumber('2003-01-01') && d <= dayNumber('2030-01-01'));
const days = fc.oneof(
  fc.constantFrom(...changeDays).chain((d) => fc.constantFrom(d - 1, d)),
  fc.constantFrom(...registrationDates.map(dayNumber)).chain((d) => fc.constantFrom(d - 1, d, d + 1)),
  fc.integer({ min: dayNumber('2014-01-01'), max: dayNumber('2027-12-31') }),
);
const pool = <T>(arb: fc.Arbitrary<T>, size: number) => fc.array(arb, { minLength: size, maxLength: size });
/** A registration starting or ending on one of `dates` (the jurisdictions the sellers and customers below meet most). */
const registrationOn = (dates: readonly string[]): fc.Arbitrary<Registration> =>
  fc.record(
    {
      jurisdictionId: fc.oneof(fc.constantFrom(901, 902, 9900), fc.constantFrom(903, 903001, 903002, 904001, 904002, 905)),
      validFrom: fc.constantFrom(...dates),
      validUntil: fc.constantFrom(...dates),
      importScheme: fc.boolean(),
      permanentEstablishment: fc.boolean(),
    },
    { requiredKeys: ['jurisdictionId'] },
  );
const consignmentValues: fc.Arbitrary<Money | undefined> = fc.constantFrom(
  undefined,
  { amount: '150', currency: 'EUR' },
  { amount: '150.01', currency: 'EUR' },
  { amount: '400', currency: 'XTS' },
  { amount: '500', currency: 'XTS' },
);
const sellers: Address[] = [{ country: 'XA' }, { country: 'XA', postalCode: '81234', city: 'Sunport' }, { country: 'XB' }, { country: 'XC', postalCode: '1234' }, { country: 'XD', postalCode: '10001' }, { country: 'XE' }];
const supplies = fc.constantFrom(
  ...(['consulting', 'eservice', 'ebook', 'saas', 'standard', 'reduced', 'exempt'] as const).flatMap((taxCode) => [
    { taxCode, productType: 'good' as const },
    { taxCode, productType: 'service' as const },
  ]),
);
/** A call: the parts of its input picked from the run's pools, so that calls share all parts but one. */
const call = fc.record({
  kind: fc.constant('call' as const),
  origin: fc.nat(1),
  destination: fc.nat(2),
  supply: fc.nat(1),
  day: fc.nat(2),
  list: fc.nat(2),
  form: fc.constantFrom('frozen', 'shared', 'copy'),
  taxId: fc.constantFrom(undefined, 'valid', 'invalid'),
  amount: fc.constantFrom(undefined, '100', '200'),
  consignmentValue: consignmentValues,
});
/** Changes a shared (unfrozen) registration list in place between calls. */
const change = (registration: fc.Arbitrary<Registration>) =>
  fc.record({
    kind: fc.constant('change' as const),
    list: fc.nat(2),
    how: fc.constantFrom('push', 'pop', 'edit'),
    registration,
  });
/**
 * A run: pools of sellers, customers, supplies and days, registration lists that start and
 * end on (or the day after) those days, so that a registration changes between two calls,
 * and the steps: calls made of the pools' parts, and changes of the shared lists.
 */
const runs = pool(days, 3).chain((runDays) => {
  const registration = registrationOn([...runDays.flatMap((d) => [dateOfDay(d), dateOfDay(d + 1)]), ...registrationDates]);
  return fc.record({
    origins: pool(fc.constantFrom(...sellers), 2),
    destinations: pool(fc.constantFrom(...addresses), 3),
    supplies: pool(supplies, 2),
    days: fc.constant(runDays),
    lists: pool(fc.array(registration, { maxLength: 4 }), 3),
    steps: fc.array(fc.oneof({ arbitrary: call, weight: 6 }, { arbitrary: change(registration), weight: 1 }), { minLength: 1, maxLength: 40 }),
  });
});

/** Two forms of each registration list of a run: frozen (remembered by identity) and shared (changed in place). */
function registrationForms(lists: readonly (readonly Registration[])[]) {
  const frozen = lists.map((l) => deepFreeze(l.map((r) => ({ ...r }))));
  const shared = lists.map((l) => l.map((r) => ({ ...r })));
  return {
    /** The list of a call: the frozen one, the shared one as it is now, or a fresh copy of it. */
    of: (list: number, form: 'frozen' | 'shared' | 'copy'): readonly Registration[] => {
      const now = shared[list] as Registration[];
      return form === 'frozen' ? (frozen[list] as readonly Registration[]) : form === 'shared' ? now : now.map((r) => ({ ...r }));
    },
    /** Changes a shared list in place: adds a registration, drops the last, or edits the first. */
    change: (c: { list: number; how: 'push' | 'pop' | 'edit'; registration: Registration }): void => {
      const now = shared[c.list] as Registration[];
      if (c.how === 'push') now.push({ ...c.registration });
      else if (c.how === 'pop') now.pop();
      else if (now[0]) Object.assign(now[0], { validFrom: c.registration.validFrom, validUntil: c.registration.validUntil, importScheme: c.registration.importScheme });
    },
  };
}

interface Layer {
  readonly name: string;
  readonly cache: DecisionCache;
  readonly maxBytes: number;
  readonly convert: CurrencyConverter | undefined;
}

function layers(): Layer[] {
  const make = (name: string, maxBytes: number | undefined, converter: CurrencyConverter | undefined): Layer => ({
    name,
    cache: createDecisionCache(rules, { ...(maxBytes !== undefined ? { maxBytes } : {}), ...(converter ? { convertCurrency: converter } : {}) }),
    maxBytes: maxBytes ?? 32 * 2 ** 20,
    convert: converter,
  });
  return [make('default', undefined, undefined), make('converting', undefined, convert), make('16 KiB', 16 * 1024, convert), make('10 KiB', 10 * 1024, undefined), make('off', 0, undefined)];
}

describe('the decision cache', () => {
  it('gives the answers of deciding afresh, for any sequence of calls, and stays within its bound', () => {
    fc.assert(
      fc.property(runs, (run) => {
        const lists = registrationForms(run.lists);
        const caches = layers();
        for (const step of run.steps) {
          if (step.kind === 'change') {
            lists.change(step);
            continue;
          }
          const registrations = lists.of(step.list, step.form);
          const day = run.days[step.day] as number;
          const tax: TaxInput = {
            date: dateOfDay(day),
            origin: run.origins[step.origin] as Address,
            destination: run.destinations[step.destination] as Address,
            ...(run.supplies[step.supply] as { taxCode: TaxInput['taxCode']; productType: TaxInput['productType'] }),
            taxBehavior: 'exclusive',
            currency: 'EUR',
            registrations,
            ...(step.taxId ? { customerTaxId: { value: 'XB123', verdict: step.taxId as 'valid' | 'invalid' } } : {}),
            ...(step.amount ? { amount: step.amount } : {}),
            ...(step.consignmentValue ? { consignmentValue: step.consignmentValue } : {}),
          };
          for (const layer of caches) {
            expect(outcome(() => layer.cache.decisionOf(tax, day)), layer.name).toEqual(outcome(() => fresh(tax, day, layer.convert)));
            const stats = layer.cache.stats();
            expect(stats.bytes, layer.name).toBeLessThanOrEqual(layer.maxBytes);
            expect(stats.entries, layer.name).toBeLessThanOrEqual(stats.maxEntries);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('follows registrations that start, end and change between calls, on any days', () => {
    // Situations whose answer turns on a registration: the one-stop scheme, distance sales,
    // the import scheme, an establishment, an additional tax's own registration.
    const situations: TaxInput[] = [
      input({ taxCode: 'saas' }),
      input({ taxCode: 'standard', productType: 'good' }),
      input({ origin: { country: 'XD', postalCode: '10001' }, destination: { country: 'XA' }, taxCode: 'standard', productType: 'good', consignmentValue: { amount: '100', currency: 'EUR' } }),
      input({ origin: { country: 'XD', postalCode: '10001' }, destination: { country: 'XA' }, taxCode: 'saas', customerTaxId: { value: 'XA1', verdict: 'valid' } }),
      input({ origin: { country: 'XC', postalCode: '1234' }, destination: { country: 'XC', postalCode: '1234' }, taxCode: 'standard', productType: 'good' }),
    ];
    const registrationRuns = pool(days, 3).chain((runDays) => {
      const on = runDays.flatMap((d) => [dateOfDay(d), dateOfDay(d + 1)]);
      const registration = fc.record(
        {
          jurisdictionId: fc.constantFrom(901, 902, 9900, 903, 903001),
          validFrom: fc.constantFrom(...on),
          validUntil: fc.constantFrom(...on),
          importScheme: fc.boolean(),
          permanentEstablishment: fc.boolean(),
        },
        { requiredKeys: ['jurisdictionId'] },
      );
      const step = fc.oneof(
        { arbitrary: fc.record({ kind: fc.constant('call' as const), situation: fc.nat(situations.length - 1), day: fc.nat(2), list: fc.nat(1), form: fc.constantFrom('frozen', 'shared', 'copy') }), weight: 4 },
        { arbitrary: change(registration).map((c) => ({ ...c, list: c.list % 2 })), weight: 1 },
      );
      return fc.record({ days: fc.constant(runDays), lists: pool(fc.array(registration, { maxLength: 4 }), 2), steps: fc.array(step, { minLength: 1, maxLength: 30 }) });
    });
    fc.assert(
      fc.property(registrationRuns, (run) => {
        const lists = registrationForms(run.lists);
        const cache = createDecisionCache(rules);
        for (const step of run.steps) {
          if (step.kind === 'change') {
            lists.change(step);
            continue;
          }
          const registrations = lists.of(step.list, step.form);
          const day = run.days[step.day] as number;
          const tax = { ...(situations[step.situation] as TaxInput), date: dateOfDay(day), registrations };
          expect(outcome(() => cache.decisionOf(tax, day))).toEqual(outcome(() => fresh(tax, day)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('tells consignments within the import scheme’s limit from those above it, in either currency, on any day', () => {
    const seller = { origin: { country: 'XD', postalCode: '10001' }, destination: { country: 'XA' }, taxCode: 'standard' as const, productType: 'good' as const };
    const registrations = deepFreeze([{ jurisdictionId: 9900, validFrom: '2021-07-01', importScheme: true }]);
    const value = fc.oneof(
      fc.constant(undefined),
      fc.record({ amount: fc.constantFrom('0', '149.99', '150', '150.00', '150.01', '1000'), currency: fc.constant('EUR') }),
      fc.record({ amount: fc.constantFrom('300', '300.02', '450', '450.03', '600'), currency: fc.constant('XTS') }),
    );
    const valueDays = fc.constantFrom('2021-06-30', '2021-07-01', '2021-12-31', '2022-01-01', '2024-06-01').map(dayNumber);
    const caches = [createDecisionCache(rules, { convertCurrency: convert }), createDecisionCache(rules, { convertCurrency: convert, maxBytes: 16 * 1024 })];
    fc.assert(
      fc.property(fc.array(fc.tuple(value, valueDays, fc.constantFrom(undefined, '100', '400')), { minLength: 1, maxLength: 20 }), (calls) => {
        for (const [consignmentValue, day, amount] of calls) {
          const tax = input({ ...seller, date: dateOfDay(day), registrations, ...(amount ? { amount } : {}), ...(consignmentValue ? { consignmentValue } : {}) });
          for (const cache of caches) expect(outcome(() => cache.decisionOf(tax, day))).toEqual(outcome(() => fresh(tax, day, convert)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('answers both sides of every rule change day', () => {
    const cache = createDecisionCache(rules);
    const registrations = deepFreeze([{ jurisdictionId: 901 }, { jurisdictionId: 903 }, { jurisdictionId: 904001 }, { jurisdictionId: 9900, importScheme: true }]);
    const sample = addresses.filter((a) => !(a.country === 'XC' && a.postalCode === undefined && a.region === undefined));
    for (const d of changeDays) {
      for (const day of [d - 1, d, d - 1]) {
        for (const destination of sample) {
          for (const [taxCode, productType] of [['saas', 'service'], ['standard', 'good'], ['ebook', 'service'], ['reduced', 'good']] as const) {
            const tax = input({ date: dateOfDay(day), destination, taxCode, productType, registrations });
            expect(outcome(() => cache.decisionOf(tax, day))).toEqual(outcome(() => fresh(tax, day)));
          }
        }
      }
    }
    expect(cache.stats().hits).toBeGreaterThan(0);
  });

  it('gives a decision it holds without deciding (knownDecision), and nothing it does not', () => {
    const cache = createDecisionCache(rules);
    const day = dayNumber('2024-06-01');
    const registrations = deepFreeze([{ jurisdictionId: 901 }]);
    const code = taxCodeNumber('saas');
    for (const destination of [{ country: 'XB' }, { country: 'XA', postalCode: '10115', city: 'X' }]) {
      const tax = input({ destination, registrations });
      const before = cache.stats();
      expect(cache.knownDecision(tax, day, code)).toBeUndefined();
      // A miss stores no decision and decides none (the registrations' index is made, as by any call).
      const after = cache.stats();
      expect([after.entries, after.hits, after.misses]).toEqual([before.entries, before.hits, before.misses]);
      const decided = cache.decisionOf(tax, day);
      const held = cache.knownDecision(tax, day, code);
      expect(held?.decision).toBe(decided);
      // What a reader keeps beside the decision stays with it for the next call.
      (held as { answerParts: unknown }).answerParts = 'kept';
      expect(cache.knownDecision(tax, day, code)?.answerParts).toBe('kept');
      expect(cache.knownDecision({ ...tax, productType: 'good' }, day, code)).toBeUndefined();
      expect(cache.knownDecision(tax, day, taxCodeNumber('ebook'))).toBeUndefined();
    }
    expect(createDecisionCache(rules, { maxBytes: 0 }).knownDecision(input(), day, code)).toBeUndefined();
  });

  it('counts the first and the last day of a registration in the registration', () => {
    const registrations = deepFreeze([{ jurisdictionId: 901 }, { jurisdictionId: 9900, validFrom: '2023-03-04', validUntil: '2023-09-10' }]);
    const at = (cache: DecisionCache, date: string) => cache.decisionOf(input({ date, registrations }), dayNumber(date)).status;
    const dates = ['2023-03-03', '2023-03-04', '2023-09-10', '2023-09-11'];
    const expected = ['not_registered', 'taxable', 'taxable', 'not_registered'];
    const forwards = createDecisionCache(rules);
    expect(dates.map((d) => at(forwards, d))).toEqual(expected);
    const backwards = createDecisionCache(rules);
    expect([...dates].reverse().map((d) => at(backwards, d))).toEqual([...expected].reverse());
    // Inside the registration the answer is shared: one decision for the whole span.
    expect(forwards.decisionOf(input({ date: '2023-06-01', registrations }), dayNumber('2023-06-01'))).toBe(forwards.decisionOf(input({ date: '2023-03-04', registrations }), dayNumber('2023-03-04')));
  });

  it('reads a registrations array that was changed in place afresh', () => {
    const cache = createDecisionCache(rules);
    const registrations: Registration[] = [{ jurisdictionId: 901 }];
    const day = dayNumber('2024-06-01');
    const status = () => {
      const tax = input({ registrations });
      const d = cache.decisionOf(tax, day);
      expect(d).toEqual(fresh(tax, day));
      return `${d.status} ${d.lines.map((l) => l.rate).join(' ')}`;
    };
    expect(status()).toBe('not_registered 0');
    registrations.push({ jurisdictionId: 9900 });
    expect(status()).toBe('taxable 25');
    (registrations[1] as { validFrom?: string }).validFrom = '2024-06-02';
    expect(status()).toBe('not_registered 0');
    (registrations[1] as { jurisdictionId: number; validFrom?: string }).jurisdictionId = 902;
    expect(status()).toBe('not_registered 0');
    delete (registrations[1] as { validFrom?: string }).validFrom;
    expect(status()).toBe('taxable 25');
    registrations.splice(1, 1);
    expect(status()).toBe('not_registered 0');
    registrations.length = 0;
    expect(status()).toBe('not_registered 0');
  });

  it('shares the decisions of frozen registration lists of the same content', () => {
    const cache = createDecisionCache(rules);
    const day = dayNumber('2024-06-01');
    const a = deepFreeze([{ jurisdictionId: 901 }, { jurisdictionId: 9900 }]);
    const b = deepFreeze([{ jurisdictionId: 901 }, { jurisdictionId: 9900 }]);
    const c = deepFreeze([{ jurisdictionId: 901 }]);
    expect(cache.decisionOf(input({ registrations: a }), day).status).toBe('taxable');
    expect(cache.decisionOf(input({ registrations: b }), day).status).toBe('taxable');
    expect(cache.decisionOf(input({ registrations: c }), day).status).toBe('not_registered');
    expect(cache.stats()).toMatchObject({ registrationSets: 2, hits: 1, misses: 2 });
  });

  it('counts hits and misses, and empties on clear', () => {
    const cache = createDecisionCache(rules);
    const day = dayNumber('2024-06-01');
    const first = cache.decisionOf(input(), day);
    expect(cache.decisionOf(input(), day)).toBe(first);
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 1 });
    cache.clear();
    expect(cache.stats()).toMatchObject({ entries: 0, registrationSets: 0, bytes: 0, hits: 0, misses: 0 });
    expect(cache.decisionOf(input(), day)).toEqual(first);
  });

  it('holds nothing when its bound is 0, and stays within a tiny bound however many situations pass', () => {
    const off = createDecisionCache(rules, { maxBytes: 0 });
    const tiny = createDecisionCache(rules, { maxBytes: 16 * 1024 });
    const registrations = deepFreeze([{ jurisdictionId: 901 }]);
    for (let i = 0; i < 400; i++) {
      const date = dateOfDay(dayNumber('2015-01-01') + i * 7);
      const tax = input({ date, destination: addresses[i % addresses.length] as Address, registrations });
      const day = dayNumber(date);
      expect(outcome(() => off.decisionOf(tax, day))).toEqual(outcome(() => fresh(tax, day)));
      expect(outcome(() => tiny.decisionOf(tax, day))).toEqual(outcome(() => fresh(tax, day)));
      expect(off.stats()).toMatchObject({ entries: 0, bytes: 0 });
      expect(tiny.stats().bytes).toBeLessThanOrEqual(16 * 1024);
    }
    expect(off.stats().maxEntries).toBe(0);
    expect(tiny.stats().maxEntries).toBeGreaterThan(0);
  });

  it('gives, but does not store, a decision larger than half its bound', () => {
    // A domestic sale of XD on 2004-04-30 decides with a long explanation: about 6 KB
    // in the cache's measure, more than a generation of a 16 KiB cache holds.
    const tax = input({ date: '2004-04-30', origin: { country: 'XD', postalCode: '10001' }, destination: { country: 'XD', postalCode: '10001' }, taxCode: 'reduced', productType: 'good', registrations: deepFreeze([{ jurisdictionId: 904001 }]) });
    const day = dayNumber('2004-04-30');
    expect(JSON.stringify(fresh(tax, day)).length).toBeGreaterThan(2_400);
    const tiny = createDecisionCache(rules, { maxBytes: 16 * 1024 });
    for (let i = 0; i < 3; i++) {
      expect(tiny.decisionOf(tax, day)).toEqual(fresh(tax, day));
      expect(tiny.stats()).toMatchObject({ entries: 0, registrationSets: 1 });
      expect(tiny.stats().bytes).toBeLessThanOrEqual(16 * 1024);
    }
    const roomy = createDecisionCache(rules, { maxBytes: 64 * 1024 });
    roomy.decisionOf(tax, day);
    expect(roomy.decisionOf(tax, day)).toEqual(fresh(tax, day));
    expect(roomy.stats()).toMatchObject({ entries: 1, hits: 1 });
  });
});

describe('the situation key', () => {
  const day = dayNumber('2024-06-01');
  // A situation whose every field can change the decision: addresses in countries whose
  // details count (XA has territories, XC provinces), goods valued against the EUR 150 limit.
  const base: Situation = situationOf({
    date: '2024-06-01',
    origin: { country: 'XA', postalCode: '10115', city: 'Avalon', region: 'AV', street: '1 Harbour Road' },
    destination: { country: 'XC', postalCode: '1234', city: 'Moorton', region: 'NP', street: '2 Moor Lane' },
    taxCode: 'standard',
    productType: 'good',
    customerTaxId: undefined,
    taxBehavior: 'exclusive',
    amount: '100',
    currency: 'EUR',
    registrations: [],
  });
  const key = (s: Situation) => situationKey(rules, s, day);
  // The key of a decision that read the consignment's value against the EUR 150 limit.
  const limit = { amount: '150', currency: 'EUR' };
  const keyRead = (s: Situation, on = day, by?: Parameters<typeof situationKey>[3]) => situationKey(rules, s, on, by, limit);

  // Another value of each field; a field added to Situation must be added here (the type
  // asks for every key) and to the key (the test below fails otherwise).
  const otherValues: { readonly [K in keyof Situation]-?: readonly Situation[K][] } = {
    origin: [{ ...base.origin, country: 'XE' }],
    destination: [{ ...base.destination, country: 'XD' }],
    taxCode: ['consulting', 'eservice', 'ebook', 'saas', 'reduced', 'exempt'],
    productType: ['service'],
    customer: ['business'],
    consignmentValue: [undefined, { amount: '150.01', currency: 'EUR' }, { amount: '1', currency: 'XTS' }],
  };
  // Each field of an address the key must follow; `street` is not read by locate.
  const otherAddressValues: { readonly [K in keyof Address]-?: readonly Address[K][] | 'not read' } = {
    country: ['XB', 'XZ'],
    postalCode: ['81234', '2345', undefined],
    city: ['Sunport', undefined],
    region: ['SI', 'HP', undefined],
    street: 'not read',
  };

  it('is the same for equal situations', () => {
    expect(key(structuredClone(base))).toEqual(key(base));
  });

  it('changes when any single field of a Situation changes', () => {
    const fields = Object.keys(base) as (keyof Situation)[];
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) {
      const values = (otherValues as Record<string, readonly unknown[] | undefined>)[field];
      expect(values, `no other value for Situation.${field}: add it to the key and to this test`).toBeDefined();
      for (const value of values ?? []) {
        expect(keyRead({ ...base, [field]: value }), `Situation.${field} = ${JSON.stringify(value)}`).not.toEqual(keyRead(base));
      }
    }
  });

  it('changes when any field of either address that locate reads changes', () => {
    for (const side of ['origin', 'destination'] as const) {
      const address = base[side];
      for (const field of Object.keys(address) as (keyof Address)[]) {
        const values = (otherAddressValues as Record<string, readonly unknown[] | 'not read' | undefined>)[field];
        expect(values, `no other value for Address.${field}: add it to the key and to this test`).toBeDefined();
        if (values === 'not read' || values === undefined) {
          expect(key({ ...base, [side]: { ...address, [field]: 'elsewhere' } })).toEqual(key(base));
          continue;
        }
        for (const value of values) {
          expect(key({ ...base, [side]: { ...address, [field]: value } }), `${side}.${field} = ${JSON.stringify(value)}`).not.toEqual(key(base));
        }
      }
    }
  });

  it('tells details apart whatever characters they hold: no two different postal codes, cities and regions share a key', () => {
    const at = (side: 'origin' | 'destination', address: Omit<Address, 'country'>) => key({ ...base, [side]: { country: 'XC', ...address } });
    for (const side of ['origin', 'destination'] as const) {
      // Joined with a separator, these two would read the same ("1\u00002\u0000\u00003").
      expect(at(side, { postalCode: '1\u00002', region: '3' })).not.toEqual(at(side, { postalCode: '1', city: '2\u0000', region: '3' }));
      expect(at(side, { postalCode: '\u00001:1' })).not.toEqual(at(side, { postalCode: '1' }));
      expect(at(side, { postalCode: '1' })).not.toEqual(at(side, { city: '1' }));
    }
    // An origin's details are never taken for the destination's country.
    expect(key({ ...base, origin: { country: 'XC', postalCode: 'XD' }, destination: { country: 'XE' } })).not.toEqual(key({ ...base, origin: { country: 'XC' }, destination: { country: 'XD', postalCode: 'XE' } }));
  });

  it('leaves out what cannot change the decision: an address’s details where the country has no territories or regions, a value where no limit reads it', () => {
    const inXB = { ...base, destination: { country: 'XB' } };
    expect(key({ ...inXB, destination: { country: 'XB', postalCode: '1000', city: 'Bordur' } })).toEqual(key(inXB));
    const service = { ...base, productType: 'service' as const };
    expect(key({ ...service, consignmentValue: { amount: '1000', currency: 'EUR' } })).toEqual(key(service));
    const registrations = activeRegistrations([{ jurisdictionId: 903 }], day);
    expect(decide({ ...service, consignmentValue: { amount: '1000', currency: 'EUR' } }, rules, day, registrations)).toEqual(decide(service, rules, day, registrations));
  });

  it('tells a value within the limit from one above it, and both from no value, for a decision that read it', () => {
    const goods = { ...base, destination: { country: 'XA' } };
    const within = keyRead({ ...goods, consignmentValue: { amount: '150', currency: 'EUR' } });
    expect(keyRead({ ...goods, consignmentValue: { amount: '20', currency: 'EUR' } })).toEqual(within);
    expect(keyRead({ ...goods, consignmentValue: { amount: '150.01', currency: 'EUR' } })).not.toEqual(within);
    expect(keyRead({ ...goods, consignmentValue: undefined })).not.toEqual(within);
    // Converted: 2 XTS = 1 EUR before 2022, 3 XTS from 2022: 400 XTS is above in 2021, within in 2022.
    const xts = { ...goods, consignmentValue: { amount: '400', currency: 'XTS' } };
    expect(keyRead(xts, dayNumber('2021-12-31'), convert)).not.toEqual(keyRead(xts, dayNumber('2022-01-01'), convert));
    // A decision that did not read it is keyed without it.
    expect(key({ ...goods, consignmentValue: { amount: '150.01', currency: 'EUR' } })).toEqual(key({ ...goods, consignmentValue: undefined }));
  });
});
