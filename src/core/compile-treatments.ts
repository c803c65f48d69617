/**
 * Treatment periods of a taxability table (rules/schema/common.schema.json `treatmentPeriod`)
 * compiled as the engine reads them: days as day numbers, taxable parts in units, a price
 * limit with its `below` treatment (default exempt), a US local tax's own rate. Shared by
 * the rule set's taxes and regimes and by the US local taxes.
 */
import type { Taxability, TreatmentPeriod } from './rule-data.js';
import type { TaxCodeId } from './types.js';
import type { CompiledRate, CompiledTreatment } from './compiled.js';
import { dayNumber } from './dates.js';
import { decimalUnits } from './money.js';

function compileTreatments(periods: TreatmentPeriod[]): CompiledTreatment[] {
  return periods.map((p) => {
    const part = p.taxable_part ?? '100';
    const from = dayNumber(p.from);
    const c = p.consumers;
    const consumerPart = c?.taxable_part ?? '100';
    const holiday = p.holiday ?? null;
    // A US local tax's own rate for the category (rules/us/local), its line's source the period's.
    const rate: CompiledRate | null = p.rate === undefined ? null : { from, rate: p.rate, units: decimalUnits(p.rate, 4), source: p.source };
    const plain = { codes: null, priceLimit: null, holiday, source: p.source };
    const limit = p.price_limit;
    const below = limit?.below ?? { treatment: 'exempt' as const };
    return {
      from,
      treatment: p.treatment,
      rateClass: p.class ?? null,
      part,
      partUnits: decimalUnits(part, 4),
      note: p.note ?? null,
      rate,
      consumers: c === undefined ? null : { from, treatment: 'taxable', rateClass: c.class, part: consumerPart, partUnits: decimalUnits(consumerPart, 4), note: c.note ?? p.note ?? null, rate: null, consumers: null, ...plain },
      source: p.source,
      codes: p.codes ?? null,
      priceLimit:
        limit === undefined
          ? null
          : {
              amount: limit.amount,
              currency: limit.currency,
              kind: limit.kind,
              atLimit: limit.at_limit,
              below: { from, treatment: below.treatment, rateClass: below.class ?? (below.treatment === 'taxable' ? 'standard' : null), part: '100', partUnits: decimalUnits('100', 4), note: below.note ?? limit.note ?? null, rate: below.treatment === 'taxable' ? rate : null, consumers: null, ...plain },
              note: limit.note ?? null,
            },
      holiday,
    };
  });
}


/** A taxability table compiled (a code it lacks reads as absent: the table has no prototype). */
export function compileTaxability(t: Taxability | undefined): Partial<Record<TaxCodeId | 'other_categories', CompiledTreatment[]>> {
  // Without a prototype: a code the table lacks reads as absent, whatever Object.prototype holds.
  const out = Object.create(null) as Partial<Record<TaxCodeId | 'other_categories', CompiledTreatment[]>>;
  if (!t) return out;
  for (const [code, periods] of Object.entries(t) as [TaxCodeId, TreatmentPeriod[]][]) out[code] = compileTreatments(periods);
  return out;
}

