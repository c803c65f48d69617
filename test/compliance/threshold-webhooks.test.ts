/** The spec's threshold notifications: threshold.warning and threshold.exceeded beside the specific events. */
import { describe, expect, it } from 'vitest';
import { thresholdEvents, thresholdWebhooks, TaxRulesError, type ThresholdSale } from '../../src/index.js';

const sale = (date: string, amount: string, country: string): ThresholdSale => ({ date, amount, currency: 'EUR', country, tax_code: 'saas', customer_type: 'consumer' });
/** Twelve monthly EUR 1,000 sales to French consumers by an Irish seller. */
const twelve = Array.from({ length: 12 }, (_, m) => sale(`2026-${String(m + 1).padStart(2, '0')}-15`, '1000', 'FR'));

describe('thresholdWebhooks', () => {
  it('gives threshold.warning at 80 % and threshold.exceeded beside the specific event, in the spec’s payload shape', () => {
    const hooks = thresholdWebhooks(twelve, { sellerCountry: 'IE' });
    expect(hooks.map((h) => [h.event_type, h.data.object.date, h.data.object.total])).toEqual([
      ['threshold.warning', '2026-08-15', '8000'],
      ['threshold.eu.10k', '2026-11-15', '11000'],
      ['threshold.exceeded', '2026-11-15', '11000'],
    ]);
    expect(hooks[0]).toMatchObject({ event_type: 'threshold.warning', data: { object: { threshold: 'eu.10k', event: 'threshold.warning', amount: '10000', currency: 'EUR', sales: [7] } } });
    expect(hooks[0]!.data.object.effect.text).toMatch(/^The sales counted have reached 80 % of the threshold/);
    // The specific event is thresholdEvents' own.
    expect(hooks[1]!.data.object).toEqual(thresholdEvents(twelve, { sellerCountry: 'IE' })[0]);
    expect(hooks[2]!.data.object).toEqual({ ...hooks[1]!.data.object, event: 'threshold.exceeded' });
  });

  it('takes the warning share as options.nearRatio, and gives one warning per calendar year', () => {
    expect(thresholdWebhooks(twelve, { sellerCountry: 'IE', nearRatio: 0.5 })[0]?.data.object.date).toBe('2026-05-15');
    const twoYears = [...twelve.slice(0, 9), ...twelve.slice(0, 9).map((s) => ({ ...s, date: s.date.replace('2026', '2027') }))];
    expect(thresholdWebhooks(twoYears, { sellerCountry: 'IE' }).map((h) => [h.event_type, h.data.object.date])).toEqual([
      ['threshold.warning', '2026-08-15'],
      ['threshold.warning', '2027-08-15'],
    ]);
  });

  it('gives no warning for a sale that crosses at once, nor below the share', () => {
    expect(thresholdWebhooks([sale('2026-03-01', '10500', 'DE')], { sellerCountry: 'IE' }).map((h) => h.event_type)).toEqual(['threshold.eu.10k', 'threshold.exceeded']);
    expect(thresholdWebhooks([sale('2026-03-01', '7999.99', 'DE')], { sellerCountry: 'IE' })).toEqual([]);
  });

  it('refuses a share that is none', () => {
    for (const nearRatio of [0, 1, 1.5, -0.2, Number.NaN, '0.8']) {
      expect(() => thresholdWebhooks(twelve, { sellerCountry: 'IE', nearRatio: nearRatio as number }), String(nearRatio)).toThrow(TaxRulesError);
    }
  });
});
