/**
 * Registration: which registrations are in force on a day (bounds inclusive), import-scheme
 * enrolment, establishments, the consignment's band against a value limit, and the scheme
 * that covers a supply — on the mini rule set's XU One-Stop Scheme (9900).
 */
import { describe, expect, it } from 'vitest';
import {
  activeOn,
  activeRegistrations,
  consignmentBand,
  coveringScheme,
  indexRegistrations,
  registrationDays,
} from '../../../src/core/registration.js';
import { dayNumber } from '../../../src/core/dates.js';
import type { Registration, SupplyKind } from '../../../src/core/types.js';
import { miniRules as rules } from '../../support/mini-rules.js';

const at = (registrations: readonly Registration[], date: string) => activeRegistrations(registrations, dayNumber(date));

describe('registrations in force', () => {
  const regs: Registration[] = [
    { jurisdictionId: 901 },
    { jurisdictionId: 902, validFrom: '2020-01-01', validUntil: '2022-12-31' },
    { jurisdictionId: 9900, validFrom: '2021-07-01', importScheme: true },
    { jurisdictionId: 903, validFrom: '2023-03-01', validUntil: '2023-03-31', permanentEstablishment: true },
  ];

  it('count both bounds as inclusive calendar dates', () => {
    expect(at(regs, '2019-12-31').has(902)).toBe(false);
    expect(at(regs, '2020-01-01').has(902)).toBe(true);
    expect(at(regs, '2022-12-31').has(902)).toBe(true);
    expect(at(regs, '2023-01-01').has(902)).toBe(false);
  });

  it('are open where a bound is missing', () => {
    expect(at(regs, '1900-01-01').has(901)).toBe(true);
    expect(at(regs, '9999-12-31').has(901)).toBe(true);
    expect(at(regs, '9999-12-31').has(9900)).toBe(true);
    expect(at(regs, '2021-06-30').has(9900)).toBe(false);
  });

  it('know nothing of other jurisdictions', () => {
    expect(at(regs, '2024-06-01').has(904)).toBe(false);
    expect(at([], '2024-06-01').has(901)).toBe(false);
  });

  it('know import-scheme enrolment: asked for it, only an enrolled registration counts', () => {
    expect(at(regs, '2021-07-01').has(9900, true)).toBe(true);
    expect(at(regs, '2021-07-01').has(9900)).toBe(true);
    expect(at([{ jurisdictionId: 9900 }], '2021-07-01').has(9900, true)).toBe(false);
    expect(at([{ jurisdictionId: 9900, importScheme: false }], '2021-07-01').has(9900, true)).toBe(false);
  });

  it('know an establishment while it lasts, and count it as a registration', () => {
    expect(at(regs, '2023-02-28').establishedIn(903)).toBe(false);
    expect(at(regs, '2023-03-01').establishedIn(903)).toBe(true);
    expect(at(regs, '2023-03-31').establishedIn(903)).toBe(true);
    expect(at(regs, '2023-04-01').establishedIn(903)).toBe(false);
    expect(at(regs, '2023-03-15').has(903)).toBe(true);
    // A registration is no establishment.
    expect(at(regs, '2023-03-15').establishedIn(901)).toBe(false);
  });

  it('accept several periods for one jurisdiction, with a gap between them', () => {
    const twice = [
      { jurisdictionId: 902, validUntil: '2019-12-31' },
      { jurisdictionId: 902, validFrom: '2021-01-01', importScheme: true },
    ];
    expect(at(twice, '2019-12-31').has(902)).toBe(true);
    expect(at(twice, '2020-06-01').has(902)).toBe(false);
    expect(at(twice, '2021-01-01').has(902, true)).toBe(true);
    expect(at(twice, '2019-12-31').has(902, true)).toBe(false);
  });

  it('are the same through an index built once', () => {
    const index = indexRegistrations(regs);
    expect([...index.keys()]).toEqual([901, 902, 9900, 903]);
    for (const date of ['2019-12-31', '2020-01-01', '2021-07-01', '2023-03-01', '2023-04-01']) {
      for (const id of [901, 902, 903, 9900]) {
        expect(activeOn(index, dayNumber(date)).has(id)).toBe(at(regs, date).has(id));
        expect(activeOn(index, dayNumber(date)).has(id, true)).toBe(at(regs, date).has(id, true));
        expect(activeOn(index, dayNumber(date)).establishedIn(id)).toBe(at(regs, date).establishedIn(id));
      }
    }
  });
});

describe('registration days', () => {
  it('are the first day of each registration and the day after its last', () => {
    expect(registrationDays([{ jurisdictionId: 902, validFrom: '2020-01-01', validUntil: '2022-12-31' }, { jurisdictionId: 901 }, { jurisdictionId: 903, validUntil: '2024-02-29' }])).toEqual([
      dayNumber('2020-01-01'),
      dayNumber('2023-01-01'),
      dayNumber('2024-03-01'),
    ]);
  });
});

describe('the band of a consignment against a value limit', () => {
  const limit = { amount: '150', currency: 'EUR' };

  it('is within up to the limit itself, above past it', () => {
    expect(consignmentBand({ amount: '0', currency: 'EUR' }, limit)).toBe('within');
    expect(consignmentBand({ amount: '149.99', currency: 'EUR' }, limit)).toBe('within');
    expect(consignmentBand({ amount: '150', currency: 'EUR' }, limit)).toBe('within');
    expect(consignmentBand({ amount: '150.00', currency: 'EUR' }, limit)).toBe('within');
    expect(consignmentBand({ amount: '150.001', currency: 'EUR' }, limit)).toBe('above');
    expect(consignmentBand({ amount: '150.01', currency: 'EUR' }, limit)).toBe('above');
    expect(consignmentBand({ amount: '1000', currency: 'EUR' }, limit)).toBe('above');
  });

  it('is unknown without a value, and cannot be told in another currency', () => {
    expect(consignmentBand(undefined, limit)).toBe('unknown');
    expect(consignmentBand({ amount: '1', currency: 'XTS' }, limit)).toBeNull();
  });
});

describe('the scheme that covers a supply', () => {
  const XU = () => rules.regimes.get('XU')!;
  const cover = (relation: 'domestic' | 'union' | 'foreign', supply: SupplyKind, date: string, registrations: Registration[], band: 'within' | 'above' | 'unknown' = 'unknown') =>
    coveringScheme(XU(), relation, supply, dayNumber(date), activeRegistrations(registrations, dayNumber(date)), band);
  const oss = [{ jurisdictionId: 9900 }];
  const ioss = [{ jurisdictionId: 9900, importScheme: true }];

  it('is none for a domestic supply, or for a seller not enrolled', () => {
    expect(cover('domestic', 'digital', '2024-06-01', oss)).toBeNull();
    expect(cover('union', 'digital', '2024-06-01', [{ jurisdictionId: 901 }])).toBeNull();
  });

  it('covers union sellers’ digital services from 2015-01-01, their goods and services from 2021-07-01', () => {
    expect(cover('union', 'digital', '2014-12-31', oss)).toBeNull();
    expect(cover('union', 'digital', '2015-01-01', oss)).toMatchObject({ limit: null, covers: true, scheme: { jurisdiction: { id: 9900, name: 'XU One-Stop Scheme' } } });
    for (const supply of ['goods', 'services'] as const) {
      expect(cover('union', supply, '2021-06-30', oss)).toBeNull();
      expect(cover('union', supply, '2021-07-01', oss)).toMatchObject({ limit: null, covers: true });
    }
  });

  it('covers foreign sellers’ digital services, not their services', () => {
    expect(cover('foreign', 'digital', '2015-01-01', oss)).toMatchObject({ covers: true });
    expect(cover('foreign', 'services', '2024-06-01', oss)).toBeNull();
  });

  it('covers foreign sellers’ goods from 2021-07-01 for import-scheme enrolments only, up to EUR 150', () => {
    expect(cover('foreign', 'goods', '2024-06-01', oss)).toBeNull();
    expect(cover('foreign', 'goods', '2021-06-30', ioss)).toBeNull();
    expect(cover('foreign', 'goods', '2021-07-01', ioss, 'within')).toMatchObject({ limit: { amount: '150', currency: 'EUR' }, covers: true });
    expect(cover('foreign', 'goods', '2021-07-01', ioss, 'unknown')).toMatchObject({ covers: true });
    expect(cover('foreign', 'goods', '2021-07-01', ioss, 'above')).toMatchObject({ limit: { amount: '150', currency: 'EUR' }, covers: false });
  });

  it('needs the enrolment on the day of the supply', () => {
    const ended = [{ jurisdictionId: 9900, validUntil: '2023-12-31' }];
    expect(cover('union', 'digital', '2023-12-31', ended)).not.toBeNull();
    expect(cover('union', 'digital', '2024-01-01', ended)).toBeNull();
  });
});
