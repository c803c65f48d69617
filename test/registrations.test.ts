import { describe, expect, it } from 'vitest';
import { calculateTaxRate, createRegistration, defineAccount, TaxRulesError, updateRegistration } from '../src/index.js';
import { refused } from './helpers.js';

// 2026-05-29T… UTC and 2025-12-31T23:59:59Z (the last second of 2025).
const MAY_2026 = 1_780_000_000;
const END_2025 = 1_767_225_599;

const account = (registrations: object[]) => ({ country: 'IE', currency: 'EUR', registrations }) as never;
const deSale = (date: string) => ({ to_country: 'DE', product_type: 'good', tax_code: 'standard', date }) as never;

describe('a registration without valid_from (the spec: "defaults to the beginning of the current year")', () => {
  it('counts from 1 January of the year of its created_at', () => {
    const acc = account([{ jurisdiction_id: 276, created_at: MAY_2026 }]);
    expect(calculateTaxRate(deSale('2026-01-01'), acc).status).toBe('taxable');
    expect(calculateTaxRate(deSale('2025-12-31'), acc).status).toBe('not_registered');
    expect(calculateTaxRate(deSale('2020-06-01'), acc).status).toBe('not_registered');
  });

  it('takes the year in UTC: the last second of 2025 is 2025', () => {
    const acc = account([{ jurisdiction_id: 276, created_at: END_2025 }]);
    expect(calculateTaxRate(deSale('2025-01-01'), acc).status).toBe('taxable');
    expect(calculateTaxRate(deSale('2024-12-31'), acc).status).toBe('not_registered');
  });

  it('keeps its own valid_from over created_at, and without either counts from any day', () => {
    const acc = account([{ jurisdiction_id: 276, valid_from: '2021-07-01', created_at: MAY_2026 }]);
    expect(calculateTaxRate(deSale('2021-07-01'), acc).status).toBe('taxable');
    expect(calculateTaxRate(deSale('2020-06-01'), account([{ jurisdiction_id: 276 }])).status).toBe('taxable');
  });

  it('refuses a malformed created_at and a valid_until before the year it starts', () => {
    expect(refused(() => calculateTaxRate(deSale('2026-01-01'), account([{ jurisdiction_id: 276, created_at: -1 }]))).issues[0]!.path).toEqual(['account', 'registrations', 0, 'created_at']);
    expect(refused(() => calculateTaxRate(deSale('2026-01-01'), account([{ jurisdiction_id: 276, created_at: 1.5 }]))).status).toBe(400);
    const e = refused(() => calculateTaxRate(deSale('2026-01-01'), account([{ jurisdiction_id: 276, created_at: MAY_2026, valid_until: '2025-06-30' }])));
    expect(e.message).toContain('valid_until is before valid_from (2026-01-01, the first day of the year of created_at)');
  });

  it('sees a created_at changed on a reused account', () => {
    const reg = { jurisdiction_id: 276, created_at: MAY_2026 };
    const acc = account([reg]);
    expect(calculateTaxRate(deSale('2025-06-01'), acc).status).toBe('not_registered');
    reg.created_at = END_2025;
    expect(calculateTaxRate(deSale('2025-06-01'), acc).status).toBe('taxable');
  });

  it('passes through defineAccount', () => {
    const acc = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'DE', created_at: MAY_2026 }] });
    expect(calculateTaxRate(deSale('2025-12-31'), acc).status).toBe('not_registered');
  });
});

describe('createRegistration (POST /tax_ids)', () => {
  it('fills the spec defaults', () => {
    expect(createRegistration({ jurisdiction_id: 276, value: 'DE123456789' }, { now: MAY_2026 })).toEqual({
      jurisdiction_id: 276,
      value: 'DE123456789',
      valid_from: '2026-01-01',
      permanent_establishment: false,
      import_scheme: false,
      created_at: MAY_2026,
    });
  });

  it('keeps what the body gives; a blank valid_until is no expiry', () => {
    const r = createRegistration({ jurisdiction_id: 276, value: 'DE123456789', valid_from: '2021-07-01', valid_until: '', permanent_establishment: true, import_scheme: true }, { now: () => MAY_2026 });
    expect(r).toEqual({ jurisdiction_id: 276, value: 'DE123456789', valid_from: '2021-07-01', permanent_establishment: true, import_scheme: true, created_at: MAY_2026 });
    expect(Object.isFrozen(r)).toBe(true);
  });

  it('makes a registration an account takes as it is', () => {
    const r = createRegistration({ jurisdiction_id: 276, value: 'DE123456789' }, { now: MAY_2026 });
    expect(calculateTaxRate(deSale('2026-03-01'), account([r])).status).toBe('taxable');
    expect(calculateTaxRate(deSale('2025-03-01'), account([r])).status).toBe('not_registered');
  });

  it('uses the clock without now', () => {
    const r = createRegistration({ jurisdiction_id: 276, value: 'x' });
    expect(r.valid_from).toBe(`${new Date(r.created_at * 1000).getUTCFullYear()}-01-01`);
    expect(Math.abs(r.created_at - Date.now() / 1000)).toBeLessThan(3600);
  });

  it('refuses what the service refuses, naming each field', () => {
    const e = refused(() => createRegistration({ valid_form: '2026-01-01' }, { now: MAY_2026 }));
    expect(e.status).toBe(400);
    expect(e.issues.map((i) => i.path.join('.')).sort()).toEqual(['jurisdiction_id', 'valid_form', 'value']);
    expect(e.message).toContain('did you mean valid_from?');
    expect(refused(() => createRegistration({ jurisdiction_id: 99999999, value: 'x' }, { now: MAY_2026 })).issues[0]!.code).toBe('invalid_value');
    expect(refused(() => createRegistration({ jurisdiction_id: 276, value: '' }, { now: MAY_2026 })).issues[0]!.path).toEqual(['value']);
    expect(refused(() => createRegistration({ jurisdiction_id: 276, value: 'x', valid_from: '2026-02-30' }, { now: MAY_2026 })).issues[0]!.path).toEqual(['valid_from']);
    expect(refused(() => createRegistration({ jurisdiction_id: 276, value: 'x', valid_until: '2025-01-01' }, { now: MAY_2026 })).message).toContain('valid_until 2025-01-01 is before valid_from 2026-01-01');
    expect(refused(() => createRegistration({ jurisdiction_id: 276, value: 'x' }, { now: -5 })).issues[0]!.path).toEqual(['options', 'now']);
    expect(refused(() => createRegistration(null)).status).toBe(400);
    expect(() => createRegistration({ jurisdiction_id: 276, value: 'x' }, { now: () => { throw new Error('clock'); } })).toThrow(TaxRulesError);
  });
});

describe('updateRegistration (PUT /tax_ids/{id})', () => {
  const stored = createRegistration({ jurisdiction_id: 276, value: 'DE123456789', valid_until: '2027-12-31' }, { now: MAY_2026 });

  it('replaces the fields given and keeps the rest', () => {
    expect(updateRegistration(stored, { valid_from: '2024-07-01', permanent_establishment: true })).toEqual({ ...stored, valid_from: '2024-07-01', permanent_establishment: true });
  });

  it('a blank valid_until removes the expiry; a blank valid_from goes back to the year of creation', () => {
    const open = updateRegistration(stored, { valid_until: '' });
    expect('valid_until' in open).toBe(false);
    expect(updateRegistration({ ...stored, valid_from: '2020-01-01' }, { valid_from: null }).valid_from).toBe('2026-01-01');
  });

  it('refuses a change of jurisdiction, unknown fields, and a stored registration with no start', () => {
    const e = refused(() => updateRegistration(stored, { jurisdiction_id: 250 }));
    expect(e.issues).toHaveLength(1);
    expect(e.message).toContain('cannot change');
    expect(refused(() => updateRegistration(stored, { valid_unti: '' })).message).toContain('did you mean valid_until?');
    expect(refused(() => updateRegistration({ jurisdiction_id: 276 }, { valid_from: '' })).issues[0]!.path).toEqual(['stored', 'created_at']);
    expect(refused(() => updateRegistration(stored, { valid_until: '2025-01-01' })).issues[0]!.code).toBe('invalid_value');
  });
});
