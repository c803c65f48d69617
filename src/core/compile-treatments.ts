/**
 * Treatment periods of a taxability table (rules/schema/common.schema.json `treatmentPeriod`)
 * compiled as the engine reads them: days as day numbers, taxable parts in units, a price
 * limit with its `below` treatment (default exempt) and its `above` one, each with the limit
 * that divides its side again, if any; a US local tax's own rate. Shared by the rule set's
 * taxes and regimes and by the US local taxes.
 */
import type { LimitBand, PriceLimit, Taxability, TreatmentPeriod } from './rule-data.js';
import type { TaxCodeId } from './types.js';
import type { CompiledPriceLimit, CompiledRate, CompiledTreatment } from './compiled.js';
import { dayNumber } from './dates.js';
import { decimalUnits } from './money.js';

type Plain = Pick<CompiledTreatment, 'codes' | 'priceLimit' | 'holiday' | 'source'>;

/** A limit's below side when it names none: exempt (no prototype, so a polluted Object.prototype lends it no field). */
function exemptBand(): LimitBand {
  return Object.assign(Object.create(null) as LimitBand, { treatment: 'exempt' as const });
}

/**
 * A price limit compiled: its `below` treatment (default exempt) and its `above` one (null:
 * the period's own), each with the limit that divides its side again, if any (bands); a
 * taxable band of a US local tax takes the period's own rate.
 */
function compileLimit(limit: PriceLimit, from: number, plain: Plain, periodNote: string | null, rate: CompiledRate | null): CompiledPriceLimit {
  // A band's note: its own, else below the limit the limit's, above it the period's (as the period's own treatment there).
  const band = (b: LimitBand, note: string | null): CompiledTreatment => ({
    from,
    treatment: b.treatment,
    rateClass: b.class ?? (b.treatment === 'taxable' ? 'standard' : null),
    part: '100',
    partUnits: decimalUnits('100', 4),
    note: b.note ?? note,
    rate: b.treatment === 'taxable' ? rate : null,
    consumers: null,
    ...plain,
    priceLimit: b.price_limit === undefined ? null : compileLimit(b.price_limit, from, plain, b.note ?? note, rate),
  });
  return {
    amount: limit.amount,
    currency: limit.currency,
    kind: limit.kind,
    atLimit: limit.at_limit,
    below: band(limit.below ?? exemptBand(), limit.note ?? null),
    above: limit.above === undefined ? null : band(limit.above, periodNote),
    note: limit.note ?? null,
  };
}

function compileTreatments(periods: TreatmentPeriod[]): CompiledTreatment[] {
  return periods.map((p) => {
    const part = p.taxable_part ?? '100';
    const from = dayNumber(p.from);
    const c = p.consumers;
    const consumerPart = c?.taxable_part ?? '100';
    const holiday = p.holiday ?? null;
    // A US local tax's own rate for the category (rules/us/local), its line's source the period's.
    const rate: CompiledRate | null = p.rate === undefined ? null : { from, rate: p.rate, units: decimalUnits(p.rate, 4), source: p.source };
    const plain: Plain = { codes: null, priceLimit: null, holiday, source: p.source };
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
      priceLimit: p.price_limit === undefined ? null : compileLimit(p.price_limit, from, plain, p.note ?? null, rate),
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

