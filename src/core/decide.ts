/**
 * The decision pipeline: one supply situation on one day, through the stages
 *
 *   location (location.ts) → place of supply (place-of-supply.ts) → taxability
 *   (taxability.ts) → registration (registration.ts) → rates (rates.ts)
 *
 * into a `Decision`: status, reason, jurisdiction, tax lines and notes. Pricing
 * (pricing.ts) then applies a decision to an amount.
 *
 * `Situation` is everything of an input a decision reads besides the rules, the day and
 * the registrations, and `situationKey` (next to it, made of `addressKey`, `supplyKey` and
 * `consignmentKey`) is its cache key: a decision reads its input only through a Situation,
 * so the key cannot miss what it depends on. The consignment's value is read by few
 * decisions (a scheme limited by value decides them), and says so (`consignmentLimit`):
 * only those are keyed by it too.
 */
import type { Address, ArticleCap, CustomerType, Decision, JurisdictionRef, LocalAlternative, LocalArea, Money, ProductType, RateClass, SupplyKind, TaxCodeId, TaxInput, TaxLine, TaxReason, TaxStatus } from './types.js';
import type { CompiledJurisdiction, CompiledTreatment, RuleSet } from './ruleset.js';
import { TAX_CODES } from '../generated/tax-codes.js';
import { locate, normalisePostalCode, type Location } from './location.js';
import { placeOfSupply, type Place } from './place-of-supply.js';
import { consignmentBand, type ActiveRegistrations, type ConsignmentBand } from './registration.js';
import { exemptEverywhere, supplyKind, treatmentOf } from './taxability.js';
import { chargedLine, rateOf, taxesOf, zeroLine, type LeviedTax } from './rates.js';
import { PERCENT_100, formatUnits } from './money.js';
import type { CompiledLocalArea, LocalPlace } from './us-local.js';
import { inForce } from './ruleset.js';
import { dateOfDay } from './dates.js';
import { TaxRulesError, beforeHistory } from './errors.js';

/** What a decision reads of an input. */
export interface Situation {
  readonly origin: Address;
  readonly destination: Address;
  readonly taxCode: TaxCodeId;
  readonly productType: ProductType;
  readonly customer: CustomerType;
  /** The consignment's intrinsic value (read only against schemes' value limits). */
  readonly consignmentValue: Money | undefined;
}

/** The customer of an input: a business when its tax ID is valid. */
export function customerOf(input: TaxInput): CustomerType {
  return input.customerTaxId?.verdict === 'valid' ? 'business' : 'consumer';
}

/** The situation of an input. */
export function situationOf(input: TaxInput): Situation {
  return {
    origin: input.origin,
    destination: input.destination,
    taxCode: input.taxCode,
    productType: input.productType,
    customer: customerOf(input),
    consignmentValue: input.consignmentValue ?? (input.amount !== undefined ? { amount: input.amount, currency: input.currency } : undefined),
  };
}

/** Converts a value to another currency on a day, or gives null when it cannot. */
export type CurrencyConverter = (value: Money, currency: string, date: string) => string | null;

/**
 * The band of a consignment against a value limit: compared in the limit's currency,
 * converted by `convert` when the value is in another. Null when it cannot be compared.
 */
export function bandOf(value: Money | undefined, limit: Money, day: number, convert: CurrencyConverter | undefined): ConsignmentBand | null {
  if (value === undefined || value.currency === limit.currency) return consignmentBand(value, limit);
  const converted = convert?.(value, limit.currency, dateOfDay(day));
  return converted == null ? null : consignmentBand({ amount: converted, currency: limit.currency }, limit);
}

/**
 * Writes where an address is, as key parts, into `out` from `at`, and gives the index after
 * them: the country as typed, then its details — postal code, city and region, what
 * `locate` reads (not the street) — where they can change the answer (the country has
 * territory or region rules), as one string (see `detailsKey`). An origin's details always
 * start with U+0000, so they are never a country code and the parts of an origin and a
 * destination read back unambiguously; the destination's (`last`: only the supply number,
 * a number, follows) may be the bare postal code, so the usual lookup builds no string.
 */
export function addressKey(rules: RuleSet, a: Address, out: (string | number)[], at: number, last = false): number {
  out[at] = a.country;
  const { postalCode, city, region } = a;
  if ((postalCode === undefined && city === undefined && region === undefined) || !rules.detailsMatter(a.country)) return at + 1;
  out[at + 1] = detailsKey(postalCode, city, region, last);
  return at + 2;
}

/**
 * An address's details as one string: with `bare`, a postal code given alone is itself (when
 * it does not start with U+0000); otherwise U+0000, then each detail's length, a colon and
 * the detail (an absent one is empty), so that no two different details share a string.
 */
function detailsKey(postalCode: string | undefined, city: string | undefined, region: string | undefined, bare: boolean): string {
  if (bare && city === undefined && region === undefined && postalCode !== undefined && postalCode.charCodeAt(0) !== 0) return postalCode;
  const p = postalCode ?? '';
  const c = city ?? '';
  const r = region ?? '';
  return `\u0000${p.length}:${p}${c.length}:${c}${r.length}:${r}`;
}

/**
 * Writes the rest of a situation's key into `out` at `at`, and gives the index after it:
 * one number for tax code, product type and customer. The consignment's value is not in
 * it: few decisions read it (see `consignmentKey`).
 */
export function supplyKey(s: Pick<Situation, 'taxCode' | 'productType' | 'customer'>, out: (string | number)[], at: number): number {
  out[at] = supplyNumber(s.taxCode, s.productType, s.customer);
  return at + 1;
}

/** One number for a tax code, a product type and a customer (see supplyKey). */
export function supplyNumber(taxCode: TaxCodeId, productType: ProductType, customer: CustomerType): number {
  const code = TAX_CODE_INDEX[taxCode];
  if (code === undefined) throw new TaxRulesError('invalid_value', 406, [{ path: ['taxCode'], code: 'invalid_value', message: `unknown tax code ${taxCode}` }]);
  return code * 4 + (productType === 'good' ? 2 : 0) + (customer === 'business' ? 1 : 0);
}

/**
 * The key of a situation's consignment for a decision that read it (its `consignmentLimit`
 * is set: a scheme limited by value decided it): the value's band against that limit, or
 * `x` when it cannot be compared (deciding then refuses).
 */
export function consignmentKey(s: Situation, limit: Money, day: number, convert: CurrencyConverter | undefined): string {
  return bandOf(s.consignmentValue, limit, day, convert) ?? 'x';
}

/** Each tax code's number in a supply key. */
const TAX_CODE_INDEX: Readonly<Record<string, number>> = Object.fromEntries(TAX_CODES.map((code, i) => [code, i]));

/**
 * The key of a situation: origin, destination, supply (see addressKey and supplyKey), and,
 * for a decision that read the consignment's value, its band (see consignmentKey).
 */
export function situationKey(rules: RuleSet, s: Situation, day: number, convert?: CurrencyConverter, limit?: Money | null): (string | number)[] {
  const out: (string | number)[] = [];
  supplyKey(s, out, addressKey(rules, s.destination, out, addressKey(rules, s.origin, out, 0), true));
  if (limit) out.push(consignmentKey(s, limit, day, convert));
  return out;
}

function ref(j: CompiledJurisdiction, location: Location | null, local: LocalPlace | null = location?.local ?? null): JurisdictionRef {
  const region = location?.region ?? (j.region === '' ? null : j.region);
  const area = local?.area ?? null;
  return { id: j.id, country: j.country, region, county: area?.county?.name ?? null, city: area?.city?.name ?? null, name: j.name };
}

/** A sentence: rule notes are joined with spaces, so each ends with its full stop. */
function sentence(text: string): string {
  const last = text.charCodeAt(text.length - 1);
  if (last === 46 || last === 33 || last === 63) return text; // . ! ?
  return /[.!?]["')\]]*$/.test(text) ? text : `${text}.`;
}

/** Freezes a decision and what it holds (shared parts, such as a line's jurisdiction, are frozen already). */
function frozen(d: Decision): Decision {
  for (const l of d.lines) Object.freeze(l);
  Object.freeze(d.lines);
  Object.freeze(d.notes);
  Object.freeze(d.jurisdiction);
  if (d.customerJurisdiction) Object.freeze(d.customerJurisdiction);
  if (d.territory) Object.freeze(d.territory);
  if (d.scheme) Object.freeze(d.scheme);
  if (d.consignmentLimit) Object.freeze(d.consignmentLimit);
  if (d.local) {
    for (const a of d.local.alternatives) Object.freeze(a);
    Object.freeze(d.local.alternatives);
    Object.freeze(d.local);
  }
  return Object.freeze(d);
}

/** A decision in the making: what every outcome carries, and the notes so far. */
interface Draft {
  readonly s: Situation;
  readonly rules: RuleSet;
  readonly day: number;
  readonly date: string;
  readonly supply: SupplyKind;
  readonly dest: Location;
  readonly origin: Location;
  readonly registrations: ActiveRegistrations;
  readonly notes: string[];
  scheme: Decision['scheme'];
  consignmentLimit: Money | null;
  /** The US local area of the result (the customer's until taxes are charged elsewhere). */
  local: LocalArea | null;
  /** The per-article limit of the local lines charged, or null. */
  articleCap: ArticleCap | null;
}

/** Adds a note as a sentence (rule notes are joined with spaces). */
function note(d: Draft, text: string | null | undefined): void {
  if (text) d.notes.push(sentence(text));
}

/** The decision of a draft: frozen, with its notes. */
function finish(d: Draft, status: TaxStatus, reason: TaxReason, jurisdiction: JurisdictionRef, lines: TaxLine[]): Decision {
  const dest = d.dest;
  return frozen({
    status,
    reason,
    jurisdiction,
    customerJurisdiction: dest.jurisdiction && !dest.excluded ? ref(dest.jurisdiction, dest) : null,
    lines,
    notes: d.notes,
    supply: d.supply,
    customer: d.s.customer,
    territory: dest.territory ? { id: dest.territory.id, name: dest.territory.name } : null,
    scheme: d.scheme,
    consignmentLimit: d.consignmentLimit === null ? null : { ...d.consignmentLimit },
    local: d.local,
    articleCap: d.articleCap,
  });
}

/** Where the customer is, when it has rules: its jurisdiction's taxes, reference and untaxed line. */
interface CustomerPlace {
  readonly taxes: readonly LeviedTax[];
  readonly ref: JurisdictionRef;
  readonly zero: TaxLine[];
}

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
  const d: Draft = { s, rules, day, date: dateOfDay(day), supply, dest, origin, registrations, notes: dest.notes.map(sentence), scheme: null, consignmentLimit: null, local: dest.local ? localArea(dest.local, 'destination', null) : null, articleCap: null };
  const customer = customerPlace(d);
  if (!('taxes' in customer)) return customer;
  if (exemptEverywhere(s.taxCode)) {
    note(d, 'Exempt supply: no tax is charged.');
    return finish(d, 'non_taxable', 'product_exempt', customer.ref, customer.zero);
  }
  const place = placeOfSupply({ rules, day, date: d.date, supply, customer: s.customer, origin, destination: dest, registrations, consignment: (limit) => consignmentBandOf(d, limit, convert) });
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
  const treatment = treatmentOf(main.tax, place.regime, s.taxCode, day, d.date);
  if (treatment.treatment !== 'taxable') return untaxed(d, main, treatment, taxingJ, where);
  const refused = uncollected(d, place, main, treatment, where);
  if (refused !== null) return refused;
  const local = taxing.local !== null ? localSource(d, taxing) : null;
  if (local !== null && local.sourcedAt === 'origin') where = ref(taxingJ, taxing, local.place);
  return charged(d, place, levied, treatment, where, local);
}

/** An area as a result reports it. */
function localArea(p: LocalPlace, sourcedAt: LocalArea['sourcedAt'], alternatives: LocalAlternative[] | null): LocalArea {
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
function localSource(d: Draft, taxing: Location): { place: LocalPlace; sourcedAt: LocalArea['sourcedAt'] } {
  const place = taxing.local as LocalPlace;
  if (place.file.sourcing !== 'origin' || d.origin.jurisdiction !== taxing.jurisdiction || d.origin.local === null) return { place, sourcedAt: 'destination' };
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
  const rate = inForce(periods, d.day);
  if (!rate) {
    const first = periods[0];
    throw beforeHistory(['date'], `the local sales tax of ${part.name} (${part.region}) is recorded from ${first ? dateOfDay(first.from) : 'no date'}, not on ${d.date}`);
  }
  return rate;
}

/** The local lines of an area for a treatment: one per part with a rate above zero. */
function localLines(d: Draft, area: CompiledLocalArea, treatment: CompiledTreatment): TaxLine[] {
  const lines: TaxLine[] = [];
  for (const part of area.parts) {
    const rate = localRate(d, part, treatment.rateClass ?? 'standard');
    if (rate !== null && rate.units > 0) lines.push(chargedLine({ tax: part.taxes[0] as LeviedTax['tax'], owner: part }, treatment, rate));
  }
  return lines;
}

/** The notes of a local area the result charges. */
function localNotes(d: Draft, place: LocalPlace, sourcedAt: LocalArea['sourcedAt'], stateName: string, postal: string | undefined, mainUnits: number): LocalAlternative[] {
  const named = (a: CompiledLocalArea): string => [a.city?.name, a.county?.name].filter(Boolean).join(', ') || `unincorporated ${stateName}`;
  if (sourcedAt === 'origin') note(d, place.file.sourcingNote ?? `${stateName} sources local taxes of an in-state seller to its place of business: the seller's local taxes apply.`);
  const alternatives: LocalAlternative[] = place.others.map((o) => {
    let units = mainUnits;
    for (const part of o.parts) {
      const r = inForce(part.taxes[0]?.classes.standard, d.day);
      if (!r) return { county: o.county?.name ?? null, city: o.city?.name ?? null, share: o.share, rate: null };
      units += r.units;
    }
    return { county: o.county?.name ?? null, city: o.city?.name ?? null, share: o.share, rate: formatUnits(units) };
  });
  const zip = normalisePostalCode(postal)?.slice(0, 5);
  const otherAreas = (): string => place.others.map((o, i) => `${named(o)} (${o.share} %${alternatives[i]?.rate ? `, ${alternatives[i]?.rate} %` : ''})`).join('; ');
  if (place.match === 'none') {
    const city = place.unmatchedCity ? `, nor is a city named ${place.unmatchedCity}` : '';
    note(d, zip ? `ZIP code ${zip} is not in the local tax data of ${stateName}${city}: only the state's tax is charged, and local taxes may apply.` : `Without a ZIP code the local taxes of ${stateName} are not known: only the state's tax is charged.`);
  } else if (place.match === 'zip_majority') {
    const basis = place.file.shareBasis === 'land_area' ? 'land area' : place.file.shareBasis === 'population' ? 'estimated population' : 'addresses';
    const area = place.area as CompiledLocalArea;
    const city = place.unmatchedCity ? ` (the city named, ${place.unmatchedCity}, is none of them)` : '';
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
 * Registration: the seller collects where registered, or through a scheme (noted on the
 * draft); otherwise the decision that it does not (not registered, or registered only in
 * the typed country whose tax does not reach the territory).
 */
function uncollected(d: Draft, place: Extract<Place, { kind: 'taxed' }>, main: LeviedTax, treatment: CompiledTreatment, where: JurisdictionRef): Decision | null {
  const taxingJ = place.where.jurisdiction as CompiledJurisdiction;
  if (d.registrations.has(main.tax.registration)) return null;
  const via = place.scheme;
  if (via !== null) {
    d.scheme = { id: via.scheme.jurisdiction.id, name: via.scheme.jurisdiction.name };
    note(d, `Collected through the ${via.scheme.jurisdiction.name}.`);
    if (via.limit && d.s.consignmentValue === undefined) {
      note(d, `The ${via.scheme.jurisdiction.name} covers consignments of an intrinsic value up to ${via.limit.currency} ${via.limit.amount} only; above that, import VAT is due at the border.`);
    }
    return null;
  }
  const dest = d.dest;
  const home = dest.excludedFrom?.root;
  if (place.where === dest && home && d.registrations.has(taxesOf(home)[0]?.tax.registration ?? home.id)) {
    note(d, `${dest.territory?.name ?? taxingJ.name} is outside the ${dest.excludedFrom?.name} tax area; ${main.tax.name} applies there instead, and the seller is not registered for it.`);
    return finish(d, 'non_taxable', 'excluded_territory', where, [zeroLine(main, treatment)]);
  }
  note(d, `Not registered for ${main.tax.name} in ${taxingJ.name}: no tax is charged.`);
  return finish(d, 'not_registered', 'not_registered', where, [zeroLine(main, treatment)]);
}

/** The charged decision: the main tax at its class's rate, then every other tax levied there that applies and is registered. */
function charged(
  d: Draft,
  place: Extract<Place, { kind: 'taxed' }>,
  levied: readonly LeviedTax[],
  treatment: CompiledTreatment,
  where: JurisdictionRef,
  local: { place: LocalPlace; sourcedAt: LocalArea['sourcedAt'] } | null,
): Decision {
  const taxing = place.where;
  const taxingJ = taxing.jurisdiction as CompiledJurisdiction;
  const main = levied[0] as LeviedTax;
  const rateClass = treatment.rateClass as NonNullable<typeof treatment.rateClass>;
  const mainRate = rateOf(main.tax, rateClass, taxing.rates, d.day, d.date);
  const lines: TaxLine[] = [chargedLine(main, treatment, mainRate)];
  note(d, treatment.note);
  if (local !== null) {
    const area = local.place.area;
    // The indexes of the local lines charged (a per-article limit applies to them).
    const limited: number[] = [];
    if (area !== null) {
      for (const l of localLines(d, area, treatment)) {
        if (l.rateUnits > 0) limited.push(lines.length);
        lines.push(l);
      }
    }
    const postal = local.sourcedAt === 'origin' ? d.s.origin.postalCode : d.s.destination.postalCode;
    const alternatives = localNotes(d, local.place, local.sourcedAt, taxingJ.name, postal, mainRate.units);
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
  for (let i = 1; i < levied.length; i++) {
    const other = levied[i] as LeviedTax;
    if (d.day < other.tax.since) continue;
    const t = treatmentOf(other.tax, place.regime, d.s.taxCode, d.day, d.date);
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
