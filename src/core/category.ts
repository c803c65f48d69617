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
 * chooses by each article's price (price-limit.ts). A side whose treatment has a limit of
 * its own is divided again (bands: Connecticut's sales tax free week exempts clothing under
 * USD 100 and taxes it at 6.35 % up to USD 1,000 and at 7.75 % above), each band a decision
 * of its own, the answer the highest band's. A second tax or a US local tax under
 * the same limit takes the same side; where only a second tax has a limit (Manitoba's RST on
 * children's clothing of CAD 150 or less), its limit divides the articles and the main tax is
 * the same on both sides; two different limits are refused (422), as taxrules does not
 * combine two limits.
 */
import type { AppliedPriceLimit, AppliedTreatment, TaxReason } from './types.js';
import type { CompiledPriceLimit, CompiledTreatment } from './compiled.js';
import type { FoundTreatment } from './taxability.js';
import { TaxRulesError } from './errors.js';
import { compareDecimal } from './money.js';
import { note, type Draft, type LimitSide } from './draft.js';

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

/** A draft for one side of a price limit (inside the draft's own side, in a band of nested limits): its own notes and treatments, the rest shared. */
export function fork(d: Draft, side: 'below' | 'above', limit: CompiledPriceLimit): Draft {
  const outer = d.limit === null || d.side === null ? d.outer : [...d.outer, { limit: d.limit, side: d.side }];
  return { ...d, notes: [...d.notes], treatments: [], side, limit, outer, priceLimit: null, articleCap: null, scheme: d.scheme, local: d.local };
}

function sameLimit(a: CompiledPriceLimit, b: CompiledPriceLimit): boolean {
  return a.amount === b.amount && a.currency === b.currency && a.kind === b.kind && a.atLimit === b.atLimit;
}

/** The limits a draft is inside, outer first, with its side of each. */
function levels(d: Draft): LimitSide[] {
  return d.limit === null || d.side === null ? [] : [...d.outer, { limit: d.limit, side: d.side }];
}

/**
 * The treatment a tax applies on the draft's side of the price limit (in a band, on its side
 * of each limit, outer first): a treatment without a limit is itself; one with the draft's
 * limits takes its band; any other (another limit, bands other than the draft's) is refused
 * (422).
 */
export function onSide(d: Draft, t: CompiledTreatment, tax: string, where: string): CompiledTreatment {
  if (t.priceLimit === null) return t;
  const refuse = (limit: CompiledPriceLimit): TaxRulesError =>
    new TaxRulesError('unprocessable', 422, [
      {
        path: ['taxCode'],
        code: 'unprocessable',
        message: `${tax} in ${where} treats ${d.s.taxCode} by a price limit of ${limit.currency} ${limit.amount} other than the ones the sale is divided by: taxrules does not combine two price limits, and does not answer it`,
      },
    ]);
  let band = t;
  const path = levels(d);
  for (let i = 0; i < path.length; i++) {
    const at = path[i] as LimitSide;
    const limit = band.priceLimit;
    if (limit === null) return band;
    if (!sameLimit(limit, at.limit)) throw refuse(limit);
    if (at.side === 'above' && limit.above === null) {
      // The period's own treatment above the limit: undivided, so the draft's inner limits are not the tax's.
      if (i < path.length - 1) throw refuse(path[i + 1]?.limit as CompiledPriceLimit);
      return band;
    }
    band = at.side === 'below' ? limit.below : (limit.above as CompiledTreatment);
  }
  if (band.priceLimit !== null || path.length === 0) throw refuse(band.priceLimit ?? (t.priceLimit as CompiledPriceLimit));
  return band;
}

/** A limit as the answer shows it. */
function shown(limit: CompiledPriceLimit): AppliedPriceLimit {
  return { amount: limit.amount, currency: limit.currency, kind: limit.kind, atLimit: limit.atLimit };
}

/**
 * The draft's limits that are the period's own, outer first: its limit, then the one its side
 * of it carries, and so on. A tax whose entry has only the sale's outer limit (a county's
 * XTS 500 in a state's bands) is not divided by the limits inside it.
 */
function ownLevels(d: Draft, period: CompiledTreatment): LimitSide[] {
  const own: LimitSide[] = [];
  let limit = period.priceLimit;
  for (const l of levels(d)) {
    if (limit === null || !sameLimit(limit, l.limit)) break;
    own.push(l);
    limit = (l.side === 'below' ? limit.below : limit.above)?.priceLimit ?? null;
  }
  return own;
}

/** Records how a tax treated the category (see AppliedTreatment). */
export function applied(d: Draft, tax: string, jurisdiction: string, found: Pick<FoundTreatment, 'code'> & { table: AppliedTreatment['table'] }, period: CompiledTreatment, t: CompiledTreatment): void {
  const limit = period.priceLimit;
  const path = limit === null ? [] : ownLevels(d, period);
  (d.treatments ??= []).push({
    tax,
    jurisdiction,
    code: found.code,
    table: found.table,
    treatment: t.treatment === 'split' || t.treatment === 'not_recorded' ? 'not_taxable' : t.treatment,
    rateClass: t.treatment === 'taxable' ? (t.rateClass ?? 'standard') : null,
    rate: t.treatment === 'taxable' ? (t.rate?.rate ?? null) : null,
    holiday: period.holiday,
    priceLimit: limit === null ? null : shown(limit),
    side: limit === null ? null : (path[0]?.side ?? null),
    inner: path.slice(1).map((l) => ({ priceLimit: shown(l.limit), side: l.side })),
    source: t.source,
    note: t.note,
  });
}

/** The reason of a category's answer: the treatment's own (`base`), or the holiday's or the price limit's (the innermost, in a band). */
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

/** The prices of a band of nested limits in words: its highest lower bound and lowest upper bound ("at USD 100 or more and at most USD 1000"). */
function bandText(path: readonly LimitSide[]): string {
  let low: CompiledPriceLimit | null = null;
  let high: CompiledPriceLimit | null = null;
  for (const { limit, side } of path) {
    if (side === 'above' && (low === null || compareDecimal(limit.amount, low.amount) > 0)) low = limit;
    if (side === 'below' && (high === null || compareDecimal(limit.amount, high.amount) < 0)) high = limit;
  }
  return [low === null ? null : sideText(low, 'above'), high === null ? null : sideText(high, 'below')].filter((x) => x !== null).join(' and ');
}

/** What a treatment does, in words ("exempt", "taxed at the reduced rate"). */
function treatmentText(t: CompiledTreatment): string {
  if (t.treatment === 'taxable') return t.rateClass === null || t.rateClass === 'standard' ? 'taxed at the standard rate' : `taxed at the ${t.rateClass.replace('_', '-')} rate`;
  return t.treatment === 'zero_rated' ? 'zero-rated' : t.treatment === 'exempt' ? 'exempt' : 'not taxable';
}

/** What a side's treatment does, with the band its own limit divides off ("taxed at the standard rate, or exempt below USD 100"); above that limit, its `above` treatment where it has one. */
function sideTreatmentText(t: CompiledTreatment): string {
  const limit = t.priceLimit;
  if (limit === null) return treatmentText(t);
  return `${limit.above === null ? treatmentText(t) : sideTreatmentText(limit.above)}, or ${sideTreatmentText(limit.below)} if priced ${sideText(limit, 'below')}`;
}

/**
 * The lower bands of an article above every limit of its band, in words, with the law of
 * each ("one priced at most USD 500 exempt, one priced above USD 500 and at most USD 1000
 * taxed at the reduced rate"): the below side of each limit it is above, outer first. A
 * limit no higher than one already passed (an excess limit inside an above side) has no
 * articles below it there.
 */
function lowerBands(path: readonly LimitSide[], source: string): string {
  const bands: string[] = [];
  const laws: string[] = [];
  let low: CompiledPriceLimit | null = null;
  path.forEach(({ limit }, i) => {
    if (low !== null && compareDecimal(limit.amount, low.amount) <= 0) return;
    bands.push(`one priced ${bandText([...path.slice(0, i), { limit, side: 'below' }])} ${sideTreatmentText(limit.below)}`);
    if (limit.note !== null && !laws.includes(limit.note)) laws.push(limit.note);
    low = limit;
  });
  return `${bands.join(', ')} (${laws.length > 0 ? laws.join(' ') : source})`;
}

/**
 * The notes of a category's main treatment: the law it rests on, the holiday, and on a side
 * of a price limit (a band of nested ones), which side and, for the highest band (the answer
 * of a quote without an amount), what every lower one is. The law cited for a band below a
 * limit is the note of the innermost limit the article is below (a limit's note says what its
 * below side is), not that of a limit inside it the article is above.
 */
export function categoryNotes(d: Draft, tax: string, where: string, t: CompiledTreatment): void {
  const name = d.category?.name ?? d.s.taxCode;
  const period = d.period;
  if (period?.holiday != null && (d.side === null || d.side === 'below')) note(d, `${period.holiday} (a sales-tax holiday) applies on ${d.date}.`);
  const limit = d.limit;
  const path = levels(d);
  if (limit !== null && d.side !== null) {
    const article = `An article of ${name.toLowerCase()} priced ${bandText(path)}`;
    const part = d.side === 'above' && limit.kind === 'excess' ? `, on the part of its price above ${limit.currency} ${limit.amount} only` : '';
    let under: CompiledPriceLimit | null = null;
    for (const l of path) if (l.side === 'below') under = l.limit;
    if (under !== null) note(d, `${article} is ${treatmentText(t)}${part} under ${tax} in ${where} (${under.note ?? t.source}).`);
    else {
      note(d, `${article} is ${treatmentText(t)}${part} under ${tax} in ${where}, and ${lowerBands(path, t.source)}. The rate given is that of an article above the limit; a priced line is answered by the price of each of its articles.`);
    }
  } else note(d, `${name} is ${treatmentText(t)} under ${tax} in ${where} (${t.source}).`);
  note(d, t.note);
}
