/**
 * Location on the live rules: postal codes normalised, the real alias table, the US ZIP table,
 * Canada's provinces and Northern Ireland's goods-only EU regime. The logic of locating (regions
 * derived, given or refused, territories, what a seller needs) is tested on the mini rule set
 * (test/core/stages/location.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { canonicalCountry, locate, normalisePostalCode, stateOfZip } from '../../src/core/location.js';
import { dayNumber } from '../../src/core/dates.js';
import { TaxRulesError } from '../../src/core/errors.js';
import { defaultRuleSet as rules } from '../../src/default-rules.js';

const day = dayNumber('2026-06-01');

describe('normalising addresses', () => {
  it('normalises postal codes: case, spaces, dots, dashes, country prefixes', () => {
    expect(normalisePostalCode('sw1a 1aa')).toBe('SW1A1AA');
    expect(normalisePostalCode('D-78266')).toBe('78266');
    expect(normalisePostalCode('CH-8238')).toBe('8238');
    expect(normalisePostalCode('9500-123')).toBe('9500123');
    expect(normalisePostalCode('630 86')).toBe('63086');
    expect(normalisePostalCode('K1A-0B1')).toBe('K1A0B1');
    expect(normalisePostalCode('  ')).toBeNull();
    expect(normalisePostalCode(undefined)).toBeNull();
  });

  it('resolves country aliases', () => {
    expect(canonicalCountry(rules, 'el')).toBe('GR');
    expect(canonicalCountry(rules, 'UK')).toBe('GB');
    expect(canonicalCountry(rules, ' de ')).toBe('DE');
  });

  it('finds the US state of a ZIP code', () => {
    expect(stateOfZip(rules, 78701)).toBe('TX');
    expect(stateOfZip(rules, 10001)).toBe('NY');
    expect(stateOfZip(rules, 20001)).toBe('DC');
    expect(stateOfZip(rules, 99501)).toBe('AK');
    expect(stateOfZip(rules, 96813)).toBe('HI');
    expect(stateOfZip(rules, 0)).toBeNull();
    expect(stateOfZip(rules, 100)).toBeNull();
  });
});

describe('locating a customer', () => {
  it('derives Canadian provinces from the first letters', () => {
    expect(locate(rules, { country: 'CA', postalCode: 'X0A 0H0' }, day, 'goods', 'destination').region).toBe('NU');
    expect(locate(rules, { country: 'CA', postalCode: 'X1A 2L9' }, day, 'goods', 'destination').region).toBe('NT');
    expect(locate(rules, { country: 'CA', postalCode: 'H2X 1Y4' }, day, 'goods', 'destination').region).toBe('QC');
  });

  it('puts Northern Ireland in the EU regime for goods only, from 2021', () => {
    const goods = locate(rules, { country: 'GB', postalCode: 'BT1 1AA' }, day, 'goods', 'destination');
    expect(goods.goodsRegime?.id).toBe('EU');
    const before = locate(rules, { country: 'GB', postalCode: 'BT1 1AA' }, dayNumber('2020-06-01'), 'goods', 'destination');
    expect(before.goodsRegime).toBeNull();
  });
});
