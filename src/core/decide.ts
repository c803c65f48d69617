/**
 * The decision pipeline, coordinated: one supply situation on one day, through the stages
 *
 *   location (location.ts) → place of supply (place-of-supply.ts) → taxability
 *   (taxability.ts) → registration (registration.ts) → rates (rates.ts), with the US
 *   local stage (local-stage.ts)
 *
 * into a `Decision`: status, reason, jurisdiction, tax lines and notes, made from a `Draft`
 * (draft.ts). What a decision reads of an input is a `Situation` (situation.ts, with its
 * cache key). The sale routine (sale.ts) then prices decisions (pricing.ts).
 */
import type { Decision, JurisdictionRef, Money, TaxCodeId, TaxLine, TaxReason } from './types.js';
import type { CompiledJurisdiction, CompiledTreatment, RuleSet } from './compiled.js';
import { locate } from './location.js';
import { placeOfSupply, type Place } from './place-of-supply.js';
import { collection, type ActiveRegistrations, type ConsignmentBand } from './registration.js';
import { exemptEverywhere, findTreatment, forCustomer, supplyKind } from './taxability.js';
import { categoryNotes, categoryReason, checkWherePerformed } from './category.js';
import { decideCategory, otherTreatment } from './category-decision.js';
import { chargedLine, rateOf, taxesOf, zeroLine, type LeviedTax } from './rates.js';
import { PERCENT_100 } from './money.js';
import { dateOfDay } from './dates.js';
import { TaxRulesError } from './errors.js';
import { bandOf, type CurrencyConverter, type Situation } from './situation.js';
import { finish, note, ref, sentence, type Draft } from './draft.js';
import { chargeLocal, localArea, localSource, type LocalSource } from './local-stage.js';

/** Where the customer is, when it has rules: its jurisdiction's taxes, reference and untaxed line. */
interface CustomerPlace {
  readonly taxes: readonly LeviedTax[];
  readonly ref: JurisdictionRef;
  readonly zero: TaxLine[];
}

/** Whether the customer has a place with rules (else the decision made there): its own field, whatever Object.prototype holds. */
const isPlace = (c: Decision | CustomerPlace): c is CustomerPlace => Object.hasOwn(c, 'taxes');

/**
 * Decides one supply situation on a day (a valid day number) for the registrations in
 * force that day: each stage may answer (an excluded territory, an exempt code, a reverse
 * charge, an untaxed code, a missing registration), else the taxes are charged. Reads no
 * clock and no globals; throws only TaxRulesError.
 */
export function decide(s: Situation, rules: RuleSet, day: number, registrations: ActiveRegistrations, convert?: CurrencyConverter): Decision {
  const supply = supplyKind(rules, s.taxCode, s.productType);
  const dest = locate(rules, s.destination, day, supply, 'destination');
  const origin = locate(rules, s.origin, day, supply, 'origin');
  const entry = rules.taxCodes.get(s.taxCode);
  const category = entry !== undefined && entry.kind === 'category' ? entry : null;
  const d: Draft = {
    s,
    rules,
    day,
    date: dateOfDay(day),
    supply,
    dest,
    origin,
    registrations,
    notes: dest.notes.map(sentence),
    scheme: null,
    consignmentLimit: null,
    local: dest.local ? localArea(dest.local, 'destination', null) : null,
    articleCap: null,
    category,
    treatments: category === null ? null : [],
    period: null,
    side: null,
    limit: null,
    outer: [],
    priceLimit: null,
  };
  const customer = customerPlace(d);
  if (!isPlace(customer)) return customer;
  if (exemptEverywhere(s.taxCode)) {
    note(d, 'Exempt supply: no tax is charged.');
    return finish(d, 'non_taxable', 'product_exempt', customer.ref, customer.zero);
  }
  const place = placeOfSupply({ rules, day, date: d.date, supply, customer: s.customer, origin, destination: dest, registrations, consignment: (limit) => consignmentBandOf(d, limit, convert) });
  checkWherePerformed(d, place.kind === 'taxed' && place.where === dest);
  if (place.kind !== 'taxed') return notTaxedHere(d, place, customer);
  place.notes.forEach((n) => note(d, n));
  const taxing = place.where;
  const taxingJ = taxing.jurisdiction as CompiledJurisdiction;
  const levied = taxing === dest ? customer.taxes : taxesOf(taxingJ);
  let where = taxing === dest ? customer.ref : ref(taxingJ, taxing);
  const main = levied[0];
  if (!main || main.tax.role !== 'main') {
    // A jurisdiction without taxes says why in its own notes (Alaska: local taxes only).
    if (levied.length === 0 && taxingJ.untaxedNotes !== null) for (const n of taxingJ.untaxedNotes) note(d, n);
    else note(d, `${taxingJ.name} has no ${levied.length > 0 ? 'general' : 'sales'} tax.`);
    return finish(d, 'non_taxable', 'no_tax_in_jurisdiction', where, []);
  }
  const found = findTreatment(rules, main.tax, place.regime, s.taxCode, day, d.date, main.owner.name);
  const treatment = forCustomer(found.t, s.customer);
  if (d.category !== null) {
    const outcomes = { uncollected: (k: Draft, t: CompiledTreatment) => uncollected(k, place, main, t, where), untaxed: (k: Draft, t: CompiledTreatment) => untaxed(k, main, t, taxingJ, where) };
    return decideCategory(d, { place, levied, where, found, ...outcomes }, treatment);
  }
  if (treatment.treatment !== 'taxable') return untaxed(d, main, treatment, taxingJ, where);
  const refused = uncollected(d, place, main, treatment, where);
  if (refused !== null) return refused;
  const local = taxing.local !== null ? localSource(d, taxing) : null;
  if (local !== null && local.sourcedAt === 'origin') where = ref(taxingJ, taxing, local.place);
  return charged(d, place, levied, treatment, where, local);
}

/** The customer's place, or the decision when it is outside every tax area we know, or in a country without rules. */
function customerPlace(d: Draft): CustomerPlace | Decision {
  const dest = d.dest;
  if (dest.excluded) {
    const home = dest.excludedFrom?.root;
    const name = dest.territory?.name ?? dest.typed;
    const main = home ? taxesOf(home)[0] : undefined;
    note(d, `${name} is outside the ${dest.excludedFrom ? `${dest.excludedFrom.name} ` : ''}tax area: no ${main?.tax.name ?? 'tax'} is charged.`);
    const where = home ? ref(home, null) : { id: null, country: dest.typed, region: null, county: null, city: null, name };
    return finish(d, 'non_taxable', 'excluded_territory', where, main ? [zeroLine(main)] : []);
  }
  if (!dest.country || !dest.jurisdiction) {
    const country = d.rules.world.get(dest.typed);
    const name = country?.name ?? dest.typed;
    const none = country?.no_consumption_tax;
    if (none) {
      // A country without any consumption tax: nothing to collect, and nothing to register for.
      note(d, none.note ?? `${name} has no VAT, GST or sales tax: no tax is charged.`);
      return finish(d, 'non_taxable', 'no_consumption_tax', { id: null, country: dest.typed, region: null, county: null, city: null, name }, []);
    }
    note(d, `taxrules has no tax rules for ${name}: no tax is charged.`);
    return finish(d, 'not_registered', 'unsupported_country', { id: null, country: dest.typed, region: null, county: null, city: null, name }, []);
  }
  if (dest.territory && dest.country.code !== dest.typed && dest.notes.length === 0) note(d, `${dest.territory.name} is taxed as part of ${dest.country.name}.`);
  const taxes = taxesOf(dest.jurisdiction);
  const first = taxes[0];
  return { taxes, ref: ref(dest.jurisdiction, dest), zero: first && first.tax.role === 'main' ? [zeroLine(first)] : [] };
}

/** The consignment's band against a scheme's value limit (the decision then depends on it); 422 when it cannot be compared. */
function consignmentBandOf(d: Draft, limit: Money, convert: CurrencyConverter | undefined): ConsignmentBand {
  d.consignmentLimit = limit;
  const band = bandOf(d.s.consignmentValue, limit, d.day, convert);
  if (band !== null) return band;
  throw new TaxRulesError('unprocessable', 422, [
    {
      path: ['consignmentValue'],
      code: 'unprocessable',
      message: `the import scheme covers consignments up to ${limit.currency} ${limit.amount}: give the consignment's value in ${limit.currency}, or a currency converter`,
    },
  ]);
}

/** The decision when the place of supply is not taxed by the seller: reverse charge, outside the scope, import VAT at the border. */
function notTaxedHere(d: Draft, place: Exclude<Place, { kind: 'taxed' }>, customer: CustomerPlace): Decision {
  if (place.kind === 'at_border') {
    const limit = place.match.limit as Money;
    const tax = customer.taxes[0]?.tax.name ?? 'VAT';
    note(d, `The consignment's intrinsic value is above ${limit.currency} ${limit.amount}, the limit of the ${place.match.scheme.jurisdiction.name}: the seller does not charge ${tax}, and import ${tax} is due at the border.`);
    return finish(d, 'non_taxable', 'import_vat_at_border', customer.ref, customer.zero);
  }
  note(d, place.rule.note);
  return place.kind === 'reverse_charge'
    ? finish(d, 'reverse_charge', place.rule.reason ?? 'reverse_charge', customer.ref, customer.zero)
    : finish(d, 'non_taxable', place.rule.reason ?? 'outside_scope', customer.ref, customer.zero);
}

/** The decision for a code the main tax does not tax there: exempt, or not taxable. */
function untaxed(d: Draft, main: LeviedTax, treatment: CompiledTreatment, taxingJ: CompiledJurisdiction, where: JurisdictionRef): Decision {
  if (d.category !== null) {
    categoryNotes(d, main.tax.name, taxingJ.name, treatment);
    const base = treatment.treatment === 'exempt' ? 'product_exempt' : 'not_taxable_in_jurisdiction';
    return finish(d, 'non_taxable', categoryReason(d, base), where, [zeroLine(main, treatment)]);
  }
  const code = d.rules.taxCodes.get(d.s.taxCode)?.name ?? d.s.taxCode;
  note(d, treatment.note);
  if (treatment.treatment === 'exempt') {
    note(d, `${code} supplies are exempt from ${main.tax.name} in ${taxingJ.name}.`);
    return finish(d, 'non_taxable', 'product_exempt', where, [zeroLine(main, treatment)]);
  }
  note(d, `${code} is not taxable in ${taxingJ.name}.`);
  return finish(d, 'non_taxable', 'not_taxable_in_jurisdiction', where, [zeroLine(main, treatment)]);
}

/**
 * The registration stage's answer as a decision: null when the seller collects (registered,
 * or through a scheme, noted on the draft), else the decision that it does not.
 */
function uncollected(d: Draft, place: Extract<Place, { kind: 'taxed' }>, main: LeviedTax, treatment: CompiledTreatment, where: JurisdictionRef): Decision | null {
  const taxingJ = place.where.jurisdiction as CompiledJurisdiction;
  const dest = d.dest;
  const home = place.where === dest ? dest.excludedFrom?.root : undefined;
  const c = collection(d.registrations, {
    tax: main.tax,
    levier: main.owner.name,
    via: place.scheme,
    valueKnown: d.s.consignmentValue !== undefined,
    excluded: home ? { territory: dest.territory?.name ?? taxingJ.name, area: dest.excludedFrom?.name ?? '', registration: taxesOf(home)[0]?.tax.registration ?? home.id } : null,
  });
  if (c.kind === 'registered') return null;
  if (c.kind === 'scheme') {
    d.scheme = c.scheme;
    for (const n of c.notes) note(d, n);
    return null;
  }
  note(d, c.note);
  return c.kind === 'excluded_territory' ? finish(d, 'non_taxable', 'excluded_territory', where, [zeroLine(main, treatment)]) : finish(d, 'not_registered', 'not_registered', where, [zeroLine(main, treatment)]);
}

/** The charged decision: the main tax at its class's rate, then every other tax levied there that applies and is registered. */
function charged(
  d: Draft,
  place: Extract<Place, { kind: 'taxed' }>,
  levied: readonly LeviedTax[],
  treatment: CompiledTreatment,
  where: JurisdictionRef,
  local: LocalSource | null,
): Decision {
  const taxing = place.where;
  const taxingJ = taxing.jurisdiction as CompiledJurisdiction;
  const main = levied[0] as LeviedTax;
  const rateClass = treatment.rateClass as NonNullable<typeof treatment.rateClass>;
  const mainRate = rateOf(main.tax, rateClass, taxing.rates, d.day, d.date);
  const lines: TaxLine[] = [chargedLine(main, treatment, mainRate)];
  note(d, treatment.note);
  if (local !== null) chargeLocal(d, local, lines, treatment, taxingJ.name, mainRate.units);
  for (let i = 1; i < levied.length; i++) {
    const other = levied[i] as LeviedTax;
    if (d.day < other.tax.since) continue;
    const t = otherTreatment(d, place, other);
    if (t.treatment !== 'taxable') continue;
    const rate = rateOf(other.tax, t.rateClass as NonNullable<typeof t.rateClass>, null, d.day, d.date);
    if (rate.units === 0) continue;
    if (!d.registrations.has(other.tax.registration)) {
      note(d, `Not registered for ${other.tax.name} in ${other.owner.name}: it is not charged.`);
      continue;
    }
    lines.push(chargedLine(other, t, rate));
  }
  if (mainRate.units === 0) {
    note(d, `Zero-rated in ${taxingJ.name}.`);
    // Only the other taxes are charged: the reason is theirs (the first one's class).
    const other = lines[1];
    return finish(d, other ? 'taxable' : 'non_taxable', other ? classReason(d.s.taxCode, other.rateClass ?? 'standard') : 'zero_rated', where, lines);
  }
  const partial = treatment.partUnits < PERCENT_100;
  if (partial) note(d, `${treatment.part} % of the amount is taxable in ${taxingJ.name}.`);
  return finish(d, 'taxable', partial ? 'partially_taxable' : classReason(d.s.taxCode, rateClass), where, lines);
}

function classReason(code: TaxCodeId, rateClass: string): TaxReason {
  if (code === 'ebook' && rateClass !== 'standard') return 'ebook_rated';
  return rateClass === 'standard' ? 'standard_rated' : 'reduced_rated';
}
