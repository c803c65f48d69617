import { describe, expect, it } from 'vitest';
import { activeRegistrations } from '../../src/core/registration.js';
import { dayNumber } from '../../src/core/dates.js';

describe('registrations', () => {
  const regs = [
    { jurisdictionId: 276 },
    { jurisdictionId: 250, validFrom: '2020-01-01', validUntil: '2022-12-31' },
    { jurisdictionId: 9000, validFrom: '2021-07-01', importScheme: true },
  ];

  it('counts both bounds as inclusive calendar dates', () => {
    expect(activeRegistrations(regs, dayNumber('2019-12-31')).has(250)).toBe(false);
    expect(activeRegistrations(regs, dayNumber('2020-01-01')).has(250)).toBe(true);
    expect(activeRegistrations(regs, dayNumber('2022-12-31')).has(250)).toBe(true);
    expect(activeRegistrations(regs, dayNumber('2023-01-01')).has(250)).toBe(false);
  });

  it('treats missing bounds as open', () => {
    expect(activeRegistrations(regs, dayNumber('1990-01-01')).has(276)).toBe(true);
    expect(activeRegistrations(regs, dayNumber('2099-01-01')).has(276)).toBe(true);
  });

  it('knows import-scheme enrolment', () => {
    expect(activeRegistrations(regs, dayNumber('2021-07-01')).has(9000, true)).toBe(true);
    expect(activeRegistrations([{ jurisdictionId: 9000 }], dayNumber('2021-07-01')).has(9000, true)).toBe(false);
  });

  it('accepts several periods for one jurisdiction', () => {
    const twice = [
      { jurisdictionId: 40, validUntil: '2019-12-31' },
      { jurisdictionId: 40, validFrom: '2021-01-01' },
    ];
    expect(activeRegistrations(twice, dayNumber('2020-06-01')).has(40)).toBe(false);
    expect(activeRegistrations(twice, dayNumber('2021-06-01')).has(40)).toBe(true);
  });
});
