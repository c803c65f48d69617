/**
 * The US local stage of a decision: whose local taxes a supply taxed in a state bears (the
 * customer's area, or an in-state seller's own where the state sources them at origin), the
 * local lines of that area, the notes on how it was found (a ZIP code of several areas, a
 * PO-box ZIP code, data that is not complete), and the per-article limit of the lines.
 */
import type { LocalAlternative, LocalArea, RateClass, TaxLine } from './types.js';
import type { CompiledJurisdiction, CompiledLocalArea, CompiledTreatment, CompiledUsLocal } from './compiled.js';
import type { Location } from './location.js';
import type { LocalPlace } from './us-local.js';
import { normalisePostalCode } from './location.js';
import { chargedLine, type LeviedTax } from './rates.js';
import { formatUnits } from './money.js';
import { inForce } from './ruleset.js';
import { dateOfDay } from './dates.js';
import { TaxRulesError, beforeHistory } from './errors.js';
import { note, type Draft } from './draft.js';
import { inTable, notRecorded, otherCategories, type FoundTreatment } from './taxability.js';
import { applied, onSide } from './category.js';

/** Whose local area a supply bears, and where it was sourced. */
export interface LocalSource {
  readonly place: LocalPlace;
  readonly sourcedAt: LocalArea['sourcedAt'];
}

/** An area as a result reports it. */
export function localArea(p: LocalPlace, sourcedAt: LocalArea['sourcedAt'], alternatives: LocalAlternative[] | null): LocalArea {
  const a = p.area;
  return {
    match: p.match,
    sourcedAt,
    county: a?.county?.name ?? null,
    city: a?.city?.name ?? null,
    complete: p.file.complete,
    alternatives: alternatives ?? p.others.map((o) => ({ county: o.county?.name ?? null, city: o.city?.name ?? null, share: o.share, rate: null })),
  };
}

/**
 * Whose local taxes a supply taxed in a US state bears: the customer's area, or, in a state
 * whose local taxes are origin-based, an in-state seller's own (its postal code is then
 * required).
 */
export function localSource(d: Draft, taxing: Location): LocalSource {
  const place = taxing.local as LocalPlace;
  if (place.file.sourcing !== 'origin') return { place, sourcedAt: 'destination' };
  // A seller in the same country whose state is not known may be in this one: its address
  // decides whose local taxes apply, and is never guessed to be elsewhere.
  if (d.origin.country !== null && d.origin.country === taxing.country && d.origin.region === null) {
    throw new TaxRulesError('invalid_request', 400, [
      {
        path: ['origin', 'postalCode'],
        code: 'missing',
        message: `${taxing.jurisdiction?.name ?? place.file.state} taxes an in-state seller's sales at its place of business (origin-based local taxes): the seller's postal code or state is required to tell whether it is in ${place.file.state}`,
      },
    ]);
  }
  if (d.origin.jurisdiction !== taxing.jurisdiction || d.origin.local === null) return { place, sourcedAt: 'destination' };
  if (d.s.origin.postalCode === undefined || d.s.origin.postalCode.trim() === '') {
    throw new TaxRulesError('invalid_request', 400, [
      {
        path: ['origin', 'postalCode'],
        code: 'missing',
        message: `${taxing.jurisdiction?.name ?? place.file.state} taxes an in-state seller's sales at its place of business (origin-based local taxes): the seller's postal code is required`,
      },
    ]);
  }
  return { place: d.origin.local, sourcedAt: 'origin' };
}

/**
 * The local rate of a part of an area on the draft's day for a rate class: null when the
 * local tax has no such class (local rate tables are of the standard class: a special state
 * class, such as Puerto Rico's 4 % on business services, bears no local tax); 422 before
 * its recorded history.
 */
function localRate(d: Draft, part: CompiledJurisdiction, rateClass: RateClass) {
  const periods = (part.taxes[0] as LeviedTax['tax']).classes[rateClass];
  if (periods === undefined) return null;
  const tax = part.taxes[0] as LeviedTax['tax'];
  if (Object.hasOwn(tax, 'until') && tax.until !== undefined && d.day > tax.until) {
    throw beforeHistory(['date'], `the local sales tax of ${part.name} (${part.region}) is recorded until ${dateOfDay(tax.until)}, not on ${d.date}: ${tax.untilNote}`);
  }
  const rate = inForce(periods, d.day);
  if (!rate) {
    const first = periods[0];
    throw beforeHistory(['date'], `the local sales tax of ${part.name} (${part.region}) is recorded from ${first ? dateOfDay(first.from) : 'no date'}, not on ${d.date}`);
  }
  return rate;
}

/**
 * The local lines of an area for a treatment: one per part with a rate above zero (a product
 * category: as each part treats it, at the treatment's own rate where it has one, such as the
 * Regional Transportation Authority's 1.25 % on food and drugs in Cook County).
 */
function localLines(d: Draft, file: CompiledUsLocal, area: CompiledLocalArea, treatment: CompiledTreatment, limited: number[] | null, at: number): TaxLine[] {
  const lines: TaxLine[] = [];
  for (const part of area.parts) {
    const tax = part.taxes[0] as LeviedTax['tax'];
    if (d.category !== null) {
      const t = localTreatment(d, file, part, treatment, true);
      if (t === null) continue;
      // The jurisdiction's history is checked first: a category's own rate is not recorded before it either.
      const general = localRate(d, part, 'standard');
      const rate = t.rate ?? general;
      if (rate === null || rate.units === 0) continue;
      if (limited !== null && t.priceLimit !== null) limited.push(at + lines.length);
      lines.push({ ...chargedLine({ tax, owner: part }, t, rate), rateClass: 'standard' });
      continue;
    }
    const rate = localRate(d, part, treatment.rateClass ?? 'standard');
    if (rate !== null && rate.units > 0) lines.push(chargedLine({ tax, owner: part }, treatment, rate));
  }
  return lines;
}

/**
 * How a local tax treats the draft's product category, on its side of a price limit: the
 * local jurisdiction's own table (the category, then its parent), else the file's, else the
 * state's treatment (`state`, already on its side): taxed at the local rate where the state
 * taxes it at any class, not where the state zero-rates, exempts or does not tax it. Null:
 * not taxed. An entry `not_recorded` is refused (422), unless the local tax levies nothing on
 * the day (its general rate is 0). `record` adds it to the draft's treatments.
 */
function localTreatment(d: Draft, file: CompiledUsLocal, part: CompiledJurisdiction, state: CompiledTreatment, record: boolean): CompiledTreatment | null {
  const category = d.category as NonNullable<Draft['category']>;
  const tax = part.taxes[0] as LeviedTax['tax'];
  const found: FoundTreatment | undefined =
    inTable(tax.taxability, category, d.day, 'local') ?? inTable(file.taxability, category, d.day, 'local_file') ?? otherCategories(tax.taxability, d.day, 'local') ?? otherCategories(file.taxability, d.day, 'local_file');
  if (found === undefined) {
    if (record) applied(d, tax.name, part.name, { code: category.id, table: 'state' }, d.period ?? state, state);
    return state.treatment === 'taxable' ? state : null;
  }
  // A local tax that may reach the category in ways the data does not hold is refused, never
  // taken as untaxed; one that levies nothing that day (a general rate of 0) reaches nothing.
  if (found.t.treatment === 'not_recorded') {
    if (inForce(tax.classes.standard, d.day)?.units !== 0) throw notRecorded(category.id, tax.name, `${part.name} (${part.region})`, d.date, found.t.note);
    if (record) applied(d, tax.name, part.name, found, found.t, found.t);
    return null;
  }
  const t = onSide(d, found.t, tax.name, part.name);
  if (record) applied(d, tax.name, part.name, found, found.t, t);
  return t.treatment === 'taxable' ? t : null;
}

/** Whether some local tax of the area taxes the draft's category under the state's treatment `state`; with `record`, each part's treatment is added to the draft's. */
export function localTaxes(d: Draft, local: LocalSource, state: CompiledTreatment, record = false): boolean {
  const area = local.place.area;
  if (area === null || d.category === null) return false;
  let taxes = false;
  for (const part of area.parts) {
    if (localTreatment(d, local.place.file, part, state, record) !== null) taxes = true;
    if (taxes && !record) return true;
  }
  return taxes;
}

/** The notes of a local area the result charges. */
function localNotes(d: Draft, place: LocalPlace, sourcedAt: LocalArea['sourcedAt'], stateName: string, postal: string | undefined, mainUnits: number): LocalAlternative[] {
  const named = (a: CompiledLocalArea): string => [a.city?.name, a.county?.name].filter(Boolean).join(', ') || `unincorporated ${stateName}`;
  if (sourcedAt === 'origin') note(d, place.file.sourcingNote ?? `${stateName} sources local taxes of an in-state seller to its place of business: the seller's local taxes apply.`);
  const alternatives: LocalAlternative[] = place.others.map((o) => {
    let units = mainUnits;
    for (const part of o.parts) {
      const r = inForce(part.taxes.at(0)?.classes.standard, d.day);
      if (!r) return { county: o.county?.name ?? null, city: o.city?.name ?? null, share: o.share, rate: null };
      units += r.units;
    }
    return { county: o.county?.name ?? null, city: o.city?.name ?? null, share: o.share, rate: formatUnits(units) };
  });
  const zip = normalisePostalCode(postal)?.slice(0, 5);
  const otherAreas = (): string => place.others.map((o, i) => `${named(o)} (${o.share} %${alternatives[i]?.rate ? `, ${alternatives[i]?.rate} %` : ''})`).join('; ');
  // Only some places name a city that matched none (an own field: a polluted prototype adds none).
  const unmatched = Object.hasOwn(place, 'unmatchedCity') ? place.unmatchedCity : undefined;
  if (place.match === 'none') {
    const city = unmatched ? `, nor is a city named ${unmatched}` : '';
    note(d, zip ? `ZIP code ${zip} is not in the local tax data of ${stateName}${city}: only the state's tax is charged, and local taxes may apply.` : `Without a ZIP code the local taxes of ${stateName} are not known: only the state's tax is charged.`);
  } else if (place.match === 'zip_majority') {
    const basis = place.file.shareBasis === 'land_area' ? 'land area' : place.file.shareBasis === 'population' ? 'estimated population' : 'addresses';
    const area = place.area as CompiledLocalArea;
    const city = unmatched ? ` (the city named, ${unmatched}, is none of them)` : '';
    note(d, `ZIP code ${zip} spans several local tax areas${city}: the one with most of its ${basis} (${named(area)}, ${area.share} %) is used; give the city to choose another: ${otherAreas()}.`);
  } else if (place.match === 'city') {
    note(d, `ZIP code ${zip} spans several local tax areas: the city named chose ${named(place.area as CompiledLocalArea)}.`);
  } else if (place.match === 'city_name') {
    const area = place.area as CompiledLocalArea;
    const several = place.others.length > 0 ? ` It lies in several local tax areas: the one of most of its ZIP codes (${area.share} %) is used; the others: ${otherAreas()}.` : '';
    note(d, `ZIP code ${zip} is not in the local tax data of ${stateName} (PO-box ZIP codes have no Census area): the local taxes of the city named are charged, ${named(area)}.${several}`);
  }
  if (!place.file.complete) note(d, `Not every local tax of ${stateName} is in the rules: ${place.file.coverage}`);
  return alternatives;
}

/**
 * The local stage of a charged decision in a US state: the local lines of the area whose taxes
 * the supply bears (added to `lines`, after the state's), the notes on how the area was found,
 * the result's local area and the per-article limit of the lines charged.
 */
export function chargeLocal(d: Draft, local: LocalSource, lines: TaxLine[], treatment: CompiledTreatment, stateName: string, mainUnits: number): void {
  const area = local.place.area;
  // The indexes of the local lines charged (a per-article limit applies to them).
  const limited: number[] = [];
  if (area !== null) {
    const limit = d.priceLimit === null ? null : (d.priceLimit.lines as number[]);
    for (const l of localLines(d, local.place.file, area, treatment, limit, lines.length)) {
      if (l.rateUnits > 0) limited.push(lines.length);
      lines.push(l);
    }
  }
  const postal = local.sourcedAt === 'origin' ? d.s.origin.postalCode : d.s.destination.postalCode;
  const alternatives = localNotes(d, local.place, local.sourcedAt, stateName, postal, mainUnits);
  d.local = localArea(local.place, local.sourcedAt, alternatives);
  const cap = local.place.file.articleCap;
  // The limit depends on the amount: the decision carries it (with the lines it limits),
  // and pricing applies it. A limit that is refused above holds where no local area is
  // known too: a price above it may bear a local tax the rules do not share out (and
  // Tennessee's state single-article tax). An area that charges no local tax has nothing
  // to share out, nor has an unknown one under a limit that is shared out.
  if (cap !== null && (limited.length > 0 || (area === null && !cap.apportion)) && (cap.supplies === null || cap.supplies.includes(d.supply))) {
    d.articleCap = Object.freeze({ ...cap, lines: Object.freeze(limited) });
    const limit = `${cap.currency} ${cap.amount}`;
    note(
      d,
      cap.apportion
        ? `${cap.note} The rate given is that of an article priced up to ${limit}. A line item of a calculation is charged the local taxes on at most ${limit} per article; an amount that does not say its articles (a rate quote, a document's item) is refused above ${limit} (422).`
        : `${cap.note} The rate given is that of an article priced up to ${limit}: taxrules does not share a price out around the limit, and refuses a priced line above it (422).`,
    );
  }
}
