/**
 * Taxability: the kind of supply a tax code is, and how a tax treats a code on a day — its
 * own table first, else its regime's default — on the mini rule set.
 */
import { describe, expect, it } from 'vitest';
import { exemptEverywhere, supplyKind, treatmentOf } from '../../../src/core/taxability.js';
import { dayNumber } from '../../../src/core/dates.js';
import type { CompiledTax } from '../../../src/core/ruleset.js';
import type { TaxCodeId } from '../../../src/core/types.js';
import { miniRules as rules } from '../../support/mini-rules.js';
import { refusal } from '../../support/refusal.js';

function taxOf(jurisdictionId: number): CompiledTax {
  const tax = rules.jurisdictions.get(jurisdictionId)?.taxes[0];
  if (!tax) throw new Error(`no tax at ${jurisdictionId}`);
  return tax;
}

const XU = () => rules.regimes.get('XU') ?? null;
const XD = () => rules.regimes.get('XD') ?? null;
const XC = () => rules.regimes.get('XC') ?? null;
const on = (date: string) => [dayNumber(date), date, 'consumer'] as const;

describe('the kind of supply of a tax code', () => {
  it('is digital for e-books, e-services and SaaS, services for consulting, whatever the product type', () => {
    for (const productType of ['good', 'service'] as const) {
      expect(supplyKind(rules, 'ebook', productType)).toBe('digital');
      expect(supplyKind(rules, 'eservice', productType)).toBe('digital');
      expect(supplyKind(rules, 'saas', productType)).toBe('digital');
      expect(supplyKind(rules, 'consulting', productType)).toBe('services');
    }
  });

  it('follows the product type for standard, reduced and exempt', () => {
    for (const code of ['standard', 'reduced', 'exempt'] as const) {
      expect(supplyKind(rules, code, 'good')).toBe('goods');
      expect(supplyKind(rules, code, 'service')).toBe('services');
    }
  });

  it('refuses an unknown tax code (406)', () => {
    const e = refusal(() => supplyKind(rules, 'alcohol' as TaxCodeId, 'good'));
    expect(e.status).toBe(406);
    expect(e.issues[0]?.path).toEqual(['taxCode']);
  });
});

describe('exempt everywhere', () => {
  it('is the exempt tax code, and only it', () => {
    expect(exemptEverywhere('exempt')).toBe(true);
    for (const code of ['consulting', 'eservice', 'ebook', 'saas', 'standard', 'reduced'] as const) expect(exemptEverywhere(code)).toBe(false);
  });
});

describe('the treatment of a tax code by a tax', () => {
  it('comes from the tax’s own table where it lists the code, by date', () => {
    // Avalonia: e-books at the standard rate, at the reduced rate from 2019-01-01.
    expect(treatmentOf(taxOf(901), XU(), 'ebook', ...on('2018-12-31'), rules, 'the jurisdiction')).toMatchObject({ treatment: 'taxable', rateClass: 'standard', part: '100', note: null });
    expect(treatmentOf(taxOf(901), XU(), 'ebook', ...on('2019-01-01'), rules, 'the jurisdiction')).toMatchObject({
      treatment: 'taxable',
      rateClass: 'reduced',
      note: 'E-books are taxed at the reduced rate like printed books.',
    });
    // Borduria: consulting exempt, the reduced code at the standard rate; Caldera's GST zero-rates it.
    expect(treatmentOf(taxOf(902), XU(), 'consulting', ...on('2024-06-01'), rules, 'the jurisdiction')).toMatchObject({ treatment: 'exempt', rateClass: null });
    expect(treatmentOf(taxOf(902), XU(), 'reduced', ...on('2024-06-01'), rules, 'the jurisdiction')).toMatchObject({ treatment: 'taxable', rateClass: 'standard' });
    expect(treatmentOf(taxOf(903), XC(), 'reduced', ...on('2024-06-01'), rules, 'the jurisdiction')).toMatchObject({ treatment: 'taxable', rateClass: 'zero' });
  });

  it('falls back to the regime’s default for codes the tax does not list', () => {
    expect(treatmentOf(taxOf(901), XU(), 'saas', ...on('2024-06-01'), rules, 'the jurisdiction')).toMatchObject({ treatment: 'taxable', rateClass: 'standard' });
    expect(treatmentOf(taxOf(901), XU(), 'reduced', ...on('2024-06-01'), rules, 'the jurisdiction')).toMatchObject({ treatment: 'taxable', rateClass: 'reduced' });
    expect(treatmentOf(taxOf(904002), XD(), 'saas', ...on('2024-06-01'), rules, 'the jurisdiction')).toMatchObject({ treatment: 'not_taxable', rateClass: null });
    expect(treatmentOf(taxOf(901), XU(), 'exempt', ...on('2024-06-01'), rules, 'the jurisdiction')).toMatchObject({ treatment: 'exempt', note: 'The exempt tax code is exempt in every jurisdiction.' });
  });

  it('takes the regime’s default before the tax’s own table starts', () => {
    // Norland taxes SaaS on 80 % from 2015-01-01; before, the regime's default (not taxable).
    expect(treatmentOf(taxOf(904001), XD(), 'saas', ...on('2014-12-31'), rules, 'the jurisdiction')).toMatchObject({ treatment: 'not_taxable' });
    expect(treatmentOf(taxOf(904001), XD(), 'saas', ...on('2015-01-01'), rules, 'the jurisdiction')).toMatchObject({
      treatment: 'taxable',
      rateClass: 'standard',
      part: '80',
      partUnits: 800_000,
      note: 'SaaS is taxed on 80 % of the price.',
    });
  });

  it('gives the whole amount as the taxable part unless the table says otherwise', () => {
    expect(treatmentOf(taxOf(901), XU(), 'standard', ...on('2024-06-01'), rules, 'the jurisdiction')).toMatchObject({ part: '100', partUnits: 1_000_000 });
  });

  it('is refused (422) before the recorded history, never guessed', () => {
    // Both the tax's table and the regime's start on 2000-01-01.
    const e = refusal(() => treatmentOf(taxOf(901), XU(), 'ebook', ...on('1999-12-31'), rules, 'the jurisdiction'));
    expect(e.status).toBe(422);
    expect(e.code).toBe('unprocessable');
    expect(e.issues[0]?.path).toEqual(['date']);
    expect(e.message).toMatch(/ebook.*VAT.*1999-12-31/);
    expect(refusal(() => treatmentOf(taxOf(901), XU(), 'saas', ...on('1999-12-31'), rules, 'the jurisdiction')).status).toBe(422);
    // Without a regime only the tax's own table answers.
    expect(refusal(() => treatmentOf(taxOf(901), null, 'saas', ...on('2024-06-01'), rules, 'the jurisdiction')).status).toBe(422);
    expect(treatmentOf(taxOf(901), null, 'ebook', ...on('2024-06-01'), rules, 'the jurisdiction').rateClass).toBe('reduced');
  });
});
