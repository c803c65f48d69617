/**
 * The decision for a product category (see category.ts): its main tax's treatment, on each
 * side of a price limit, the other taxes' and the US local taxes' (local-stage.ts), and the
 * answer with its reason; the registration stage and the answer of an untaxed main tax are
 * decide.ts's, passed in.
 */
import type { Decision, JurisdictionRef, TaxLine } from './types.js';
import type { CompiledJurisdiction, CompiledPriceLimit, CompiledTreatment } from './compiled.js';
import type { Place } from './place-of-supply.js';
import { findTreatment, forCustomer, type FoundTreatment } from './taxability.js';
import { chargedLine, rateOf, zeroLine, type LeviedTax } from './rates.js';
import { PERCENT_100 } from './money.js';
import { finish, frozen, note, ref, type Draft } from './draft.js';
import { chargeLocal, localSource, localTaxes, type LocalSource } from './local-stage.js';
import { applied, categoryNotes, categoryReason, fork, onSide } from './category.js';

/** A second tax's treatment (a province's PST): a category's on the draft's side of a price limit, recorded. */
export function otherTreatment(d: Draft, place: Extract<Place, { kind: 'taxed' }>, other: LeviedTax): CompiledTreatment {
  const f = findTreatment(d.rules, other.tax, place.regime, d.s.taxCode, d.day, d.date, other.owner.name);
  const t = forCustomer(f.t, d.s.customer);
  if (d.category === null) return t;
  const side = onSide(d, t, other.tax.name, other.owner.name);
  applied(d, other.tax.name, other.owner.name, f, f.t, side);
  return side;
}

/** What a category's decision reads besides its draft. */
export interface CategoryPlace {
  readonly place: Extract<Place, { kind: 'taxed' }>;
  readonly levied: readonly LeviedTax[];
  readonly where: JurisdictionRef;
  readonly found: FoundTreatment;
  /** The registration stage's answer under the main tax's treatment (null: the seller collects), and the answer of a main tax that does not tax it (decide.ts). */
  readonly uncollected: (d: Draft, t: CompiledTreatment) => Decision | null;
  readonly untaxed: (d: Draft, t: CompiledTreatment) => Decision;
}

/**
 * The decision for a product category (see category.ts): without a price limit, the answer
 * of its treatment; with one, the answer for an article above the limit, carrying the one
 * for an article below it (each divided again where its side has a limit of its own).
 */
export function decideCategory(d: Draft, c: CategoryPlace, treatment: CompiledTreatment): Decision {
  d.period = c.found.t;
  const own = treatment.priceLimit;
  const other = own === null ? otherLimit(d, c) : null;
  const limit = own ?? other?.limit ?? null;
  if (limit === null) return categoryOutcome(d, c, treatment);
  const by = other === null ? `${(c.levied[0] as LeviedTax).tax.name} in ${(c.place.where.jurisdiction as CompiledJurisdiction).name}` : `${other.tax.tax.name} in ${other.tax.owner.name}`;
  const what = `${c.found.code === 'other_categories' ? d.s.taxCode : c.found.code} under ${by}`;
  if (own !== null) return banded(d, c, treatment, what);
  // A second tax's limit (Manitoba's RST on children's clothing) leaves the main tax as it is on both sides.
  const above = fork(d, 'above', limit);
  above.priceLimit = { amount: limit.amount, currency: limit.currency, kind: limit.kind, atLimit: limit.atLimit, below: categoryOutcome(fork(d, 'below', limit), c, treatment), above: null, lines: [], what };
  return categoryOutcome(above, c, treatment);
}

/**
 * The decision of the main tax's treatment `t` on the draft's side (a band): where `t` has a
 * limit, the answer above it carrying the one below it, and where the above side is a
 * treatment of its own (`above`, with a limit of its own), that side's decision as the
 * limit's `above` (the answer itself is the highest band's).
 */
function banded(d: Draft, c: CategoryPlace, t: CompiledTreatment, what: string): Decision {
  const limit = t.priceLimit;
  if (limit === null) return categoryOutcome(d, c, t);
  const below = banded(fork(d, 'below', limit), c, limit.below, what);
  const shown = { amount: limit.amount, currency: limit.currency, kind: limit.kind, atLimit: limit.atLimit, below, lines: [], what };
  if (limit.above !== null) {
    const above = banded(fork(d, 'above', limit), c, limit.above, what);
    return frozen({ ...above, priceLimit: { ...shown, above } });
  }
  const above = fork(d, 'above', limit);
  above.priceLimit = { ...shown, above: null };
  return categoryOutcome(above, c, t);
}

/** The price limit of the first other tax levied there (a province's PST) whose treatment of the category has one, where the main tax's has none. */
function otherLimit(d: Draft, c: CategoryPlace): { limit: CompiledPriceLimit; tax: LeviedTax } | null {
  for (let i = 1; i < c.levied.length; i++) {
    const other = c.levied[i] as LeviedTax;
    if (d.day < other.tax.since) continue;
    const t = forCustomer(findTreatment(d.rules, other.tax, c.place.regime, d.s.taxCode, d.day, d.date, other.owner.name).t, d.s.customer);
    if (t.priceLimit !== null) return { limit: t.priceLimit, tax: other };
  }
  return null;
}

/** A category's answer under the main tax's treatment `t` (on the draft's side of a price limit). */
function categoryOutcome(d: Draft, c: CategoryPlace, t: CompiledTreatment): Decision {
  const taxing = c.place.where;
  const taxingJ = taxing.jurisdiction as CompiledJurisdiction;
  const main = c.levied[0] as LeviedTax;
  applied(d, main.tax.name, taxingJ.name, c.found, d.period ?? t, t);
  const untaxedMain = t.treatment !== 'taxable' && t.treatment !== 'zero_rated';
  const local = taxing.local !== null && (!untaxedMain || taxing.local.area !== null) ? localSource(d, taxing) : null;
  if (untaxedMain && !othersTax(d, c, t, local)) {
    // Not taxed there: the local taxes' treatments are recorded all the same (they follow the state's, or say so).
    if (local !== null) localTaxes(d, local, t, true);
    return c.untaxed(d, t);
  }
  const refused = c.uncollected(d, t);
  if (refused !== null) return refused;
  let where = c.where;
  if (local !== null && local.sourcedAt === 'origin') where = ref(taxingJ, taxing, local.place);
  return chargedCategory(d, c, t, where, local);
}

/** Whether a second tax or a local tax taxes a category the main tax does not (a county's tax on groceries the state exempts). */
function othersTax(d: Draft, c: CategoryPlace, t: CompiledTreatment, local: LocalSource | null): boolean {
  if (local !== null && localTaxes(d, local, t)) return true;
  for (let i = 1; i < c.levied.length; i++) {
    const other = c.levied[i] as LeviedTax;
    if (d.day >= other.tax.since && otherTreatment({ ...d, treatments: null }, c.place, other).treatment === 'taxable') return true;
  }
  return false;
}

/** The charged decision of a category: the main tax at its class (zero-rated or exempt: its line at 0), the local taxes, the other taxes. */
function chargedCategory(d: Draft, c: CategoryPlace, t: CompiledTreatment, where: JurisdictionRef, local: LocalSource | null): Decision {
  const taxing = c.place.where;
  const taxingJ = taxing.jurisdiction as CompiledJurisdiction;
  const main = c.levied[0] as LeviedTax;
  const rateClass = t.rateClass ?? 'standard';
  const mainRate = t.treatment === 'taxable' ? rateOf(main.tax, rateClass, taxing.rates, d.day, d.date) : null;
  const lines: TaxLine[] = [mainRate === null ? zeroLine(main, t) : chargedLine(main, t, mainRate)];
  const limited = d.priceLimit?.lines as number[] | undefined;
  if (limited !== undefined && mainRate !== null && mainRate.units > 0) limited.push(0);
  categoryNotes(d, main.tax.name, taxingJ.name, t);
  if (local !== null) chargeLocal(d, local, lines, t, taxingJ.name, mainRate?.units ?? 0);
  for (let i = 1; i < c.levied.length; i++) {
    const other = c.levied[i] as LeviedTax;
    if (d.day < other.tax.since) continue;
    const o = otherTreatment(d, c.place, other);
    if (o.treatment !== 'taxable') continue;
    const rate = rateOf(other.tax, o.rateClass ?? 'standard', null, d.day, d.date);
    if (rate.units === 0) continue;
    if (!d.registrations.has(other.tax.registration)) {
      note(d, `Not registered for ${other.tax.name} in ${other.owner.name}: it is not charged.`);
      continue;
    }
    if (limited !== undefined && o.priceLimit !== null) limited.push(lines.length);
    lines.push(chargedLine(other, o, rate));
  }
  const charged = lines.some((l) => l.rateUnits > 0);
  if (mainRate === null || mainRate.units === 0) {
    // Zero-rated: taxable at 0; exempt from the main tax, with another tax charged: taxed at less than the standard rates.
    if (t.treatment === 'taxable' || t.treatment === 'zero_rated') return finish(d, 'taxable', categoryReason(d, charged ? 'product_reduced_rate' : 'zero_rated'), where, lines);
    return finish(d, charged ? 'taxable' : 'non_taxable', categoryReason(d, charged ? 'product_reduced_rate' : t.treatment === 'exempt' ? 'product_exempt' : 'not_taxable_in_jurisdiction'), where, lines);
  }
  const partial = t.partUnits < PERCENT_100;
  if (partial) note(d, `${t.part} % of the amount is taxable in ${taxingJ.name}.`);
  return finish(d, 'taxable', categoryReason(d, partial ? 'partially_taxable' : rateClass === 'standard' ? 'standard_rated' : 'product_reduced_rate'), where, lines);
}

