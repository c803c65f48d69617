/**
 * Product categories in a decision (see taxability.ts for where a treatment is found): the
 * answer of each of a category's treatments — taxable at a class (reason standard_rated, or
 * product_reduced_rate at another class), zero-rated (taxable at 0, zero_rated), exempt
 * (product_exempt), not taxable (not_taxable_in_jurisdiction) — the reasons of a holiday
 * (tax_holiday) and of a price limit (below_price_limit, above_price_limit_part), the notes
 * that name the law, and the record of which treatment of which tax applied
 * (`AppliedTreatment`, which `explainTaxRate` shows).
 *
 * A treatment with a per-article price limit gives two decisions: the one for an article
 * above the limit (the period's own treatment), which the answer is, and the one for an
 * article below it (the limit's `below` treatment), which it carries (`priceLimit`): pricing
 * chooses by each article's price (price-limit.ts). A second tax or a US local tax under
 * the same limit takes the same side; where only a second tax has a limit (Manitoba's RST on
 * children's clothing of CAD 150 or less), its limit divides the articles and the main tax is
 * the same on both sides; two different limits are refused (422), as taxrules does not
 * combine two limits.
 */
import type { AppliedTreatment, TaxReason } from './types.js';
import type { CompiledPriceLimit, CompiledTreatment } from './compiled.js';
import type { FoundTreatment } from './taxability.js';
import { TaxRulesError } from './errors.js';
import { note, type Draft } from './draft.js';

/**
 * A service supplied where it is performed (accommodation where the property lies, passenger
 * transport where it takes place, admission where the event is, a meal where it is served:
 * VAT Directive art. 47, 48, 53-55, and the like elsewhere) is answered only where the
 * customer's address, the place of performance, is the jurisdiction the place-of-supply rules
 * tax it in. Elsewhere (taxed at the seller's place, reverse-charged, outside the scope: rules
 * written for services in general) it is refused (422), never taxed at the wrong place.
 */
export function checkWherePerformed(d: Draft, taxedAtDestination: boolean): void {
  const c = d.category;
  if (c === null || c.place_of_supply !== 'where_performed' || taxedAtDestination) return;
  throw new TaxRulesError('unprocessable', 422, [
    {
      path: ['taxCode'],
      code: 'unprocessable',
      message: `${c.name} is supplied where it is performed (the customer's address here), which the place-of-supply rules for this seller and customer do not tax (they follow the general rule for services): taxrules answers ${c.id} where the place of performance taxes it, a seller established there for instance, and does not guess otherwise`,
    },
  ]);
}

/** A draft for one side of a price limit: its own notes and treatments, the rest shared. */
export function fork(d: Draft, side: 'below' | 'above', limit: CompiledPriceLimit): Draft {
  return { ...d, notes: [...d.notes], treatments: [], side, limit, priceLimit: null, articleCap: null, scheme: d.scheme, local: d.local };
}

function sameLimit(a: CompiledPriceLimit, b: CompiledPriceLimit): boolean {
  return a.amount === b.amount && a.currency === b.currency && a.kind === b.kind && a.atLimit === b.atLimit;
}

/**
 * The treatment a tax applies on the draft's side of the price limit: a treatment without a
 * limit is itself; one with the draft's limit takes its side; any other is refused (422).
 */
export function onSide(d: Draft, t: CompiledTreatment, tax: string, where: string): CompiledTreatment {
  const limit = t.priceLimit;
  if (limit === null) return t;
  if (d.limit === null || d.side === null || !sameLimit(limit, d.limit)) {
    throw new TaxRulesError('unprocessable', 422, [
      {
        path: ['taxCode'],
        code: 'unprocessable',
        message: `${tax} in ${where} treats ${d.s.taxCode} by a price limit of ${limit.currency} ${limit.amount} other than the one the sale is divided by: taxrules does not combine two price limits, and does not answer it`,
      },
    ]);
  }
  return d.side === 'below' ? limit.below : t;
}

/** Records how a tax treated the category (see AppliedTreatment). */
export function applied(d: Draft, tax: string, jurisdiction: string, found: Pick<FoundTreatment, 'code'> & { table: AppliedTreatment['table'] }, period: CompiledTreatment, t: CompiledTreatment): void {
  const limit = period.priceLimit;
  (d.treatments ??= []).push({
    tax,
    jurisdiction,
    code: found.code,
    table: found.table,
    treatment: t.treatment === 'split' || t.treatment === 'not_recorded' ? 'not_taxable' : t.treatment,
    rateClass: t.treatment === 'taxable' ? (t.rateClass ?? 'standard') : null,
    rate: t.treatment === 'taxable' ? (t.rate?.rate ?? null) : null,
    holiday: period.holiday,
    priceLimit: limit === null ? null : { amount: limit.amount, currency: limit.currency, kind: limit.kind, atLimit: limit.atLimit },
    side: limit === null ? null : d.side,
    source: t.source,
    note: t.note,
  });
}

/** The reason of a category's answer: the treatment's own (`base`), or the holiday's or the price limit's. */
export function categoryReason(d: Draft, base: TaxReason): TaxReason {
  const holiday = d.period?.holiday ?? null;
  if (d.side === 'below') return holiday !== null ? 'tax_holiday' : 'below_price_limit';
  if (d.side === 'above') return d.limit?.kind === 'excess' ? 'above_price_limit_part' : base;
  return holiday !== null ? 'tax_holiday' : base;
}

/** How a limit's sides are named: an article below it, one above it. */
function sideText(limit: CompiledPriceLimit, side: 'below' | 'above'): string {
  const at = `${limit.currency} ${limit.amount}`;
  if (side === 'below') return limit.atLimit === 'below' ? `at most ${at}` : `below ${at}`;
  return limit.atLimit === 'below' ? `above ${at}` : `at ${at} or more`;
}

/** What a treatment does, in words ("exempt", "taxed at the reduced rate"). */
function treatmentText(t: CompiledTreatment): string {
  if (t.treatment === 'taxable') return t.rateClass === null || t.rateClass === 'standard' ? 'taxed at the standard rate' : `taxed at the ${t.rateClass.replace('_', '-')} rate`;
  return t.treatment === 'zero_rated' ? 'zero-rated' : t.treatment === 'exempt' ? 'exempt' : 'not taxable';
}

/**
 * The notes of a category's main treatment: the law it rests on, the holiday, and on a side
 * of a price limit, which side and what the other one is.
 */
export function categoryNotes(d: Draft, tax: string, where: string, t: CompiledTreatment): void {
  const name = d.category?.name ?? d.s.taxCode;
  const period = d.period;
  if (period?.holiday != null && (d.side === null || d.side === 'below')) note(d, `${period.holiday} (a sales-tax holiday) applies on ${d.date}.`);
  const limit = d.limit;
  if (limit !== null && d.side !== null) {
    const article = `An article of ${name.toLowerCase()} priced ${sideText(limit, d.side)}`;
    if (d.side === 'below') note(d, `${article} is ${treatmentText(t)} under ${tax} in ${where} (${limit.note ?? t.source}).`);
    else {
      const part = limit.kind === 'excess' ? `, on the part of its price above ${limit.currency} ${limit.amount} only` : '';
      note(d, `${article} is ${treatmentText(t)}${part} under ${tax} in ${where}, and one priced ${sideText(limit, 'below')} ${treatmentText(limit.below)} (${limit.note ?? t.source}). The rate given is that of an article above the limit; a priced line is answered by the price of each of its articles.`);
    }
  } else note(d, `${name} is ${treatmentText(t)} under ${tax} in ${where} (${t.source}).`);
  note(d, t.note);
}
