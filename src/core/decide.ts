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
import type { Address, CustomerType, Decision, JurisdictionRef, Money, ProductType, TaxCodeId, TaxInput, TaxLine, TaxReason, TaxStatus } from './types.js';
import type { CompiledJurisdiction, RuleSet } from './ruleset.js';
import { locate, canonicalCountry, type Location } from './location.js';
import { placeOfSupply } from './place-of-supply.js';
import { consignmentBand, type ActiveRegistrations, type ConsignmentBand } from './registration.js';
import { exemptEverywhere, supplyKind, treatmentOf } from './taxability.js';
import { chargedLine, rateOf, taxesOf, zeroLine } from './rates.js';
import { PERCENT_100 } from './money.js';
import { dateOfDay } from './dates.js';
import { TaxRulesError } from './errors.js';

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
 * territory or region rules). The details are one string with separators, never a country
 * code or a number, so the parts of consecutive addresses and the supply read back
 * unambiguously.
 */
export function addressKey(rules: RuleSet, a: Address, out: (string | number)[], at: number): number {
  out[at] = a.country;
  const { postalCode, city, region } = a;
  if ((postalCode === undefined && city === undefined && region === undefined) || !rules.detailsMatter(a.country)) return at + 1;
  out[at + 1] = `${postalCode ?? ''}\u0000${city ?? ''}\u0000${region ?? ''}`;
  return at + 2;
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

const TAX_CODE_INDEX: Readonly<Record<string, number>> = { consulting: 0, eservice: 1, ebook: 2, saas: 3, standard: 4, reduced: 5, exempt: 6 };

/**
 * The key of a situation: origin, destination, supply (see addressKey and supplyKey), and,
 * for a decision that read the consignment's value, its band (see consignmentKey).
 */
export function situationKey(rules: RuleSet, s: Situation, day: number, convert?: CurrencyConverter, limit?: Money | null): (string | number)[] {
  const out: (string | number)[] = [];
  supplyKey(s, out, addressKey(rules, s.destination, out, addressKey(rules, s.origin, out, 0)));
  if (limit) out.push(consignmentKey(s, limit, day, convert));
  return out;
}

function ref(j: CompiledJurisdiction, location: Location | null): JurisdictionRef {
  const region = location?.region ?? (j.region === '' ? null : j.region);
  return { id: j.id, country: j.country, region, county: null, city: null, name: j.name };
}

/** A sentence: rule notes are joined with spaces, so each ends with its full stop. */
function sentence(text: string): string {
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
  return Object.freeze(d);
}

/**
 * Decides one supply situation on a day (a valid day number) for the registrations in
 * force that day. Reads no clock and no globals; throws only TaxRulesError.
 */
export function decide(s: Situation, rules: RuleSet, day: number, registrations: ActiveRegistrations, convert?: CurrencyConverter): Decision {
  const date = dateOfDay(day);
  const supply = supplyKind(rules, s.taxCode, s.productType);
  const dest = locate(rules, s.destination, day, supply, 'destination');
  const origin = locate(rules, s.origin, day, supply, 'origin');
  const notes: string[] = dest.notes.map(sentence);
  const note = (text: string | null | undefined): void => {
    if (text) notes.push(sentence(text));
  };
  const customerJurisdiction = dest.jurisdiction && !dest.excluded ? ref(dest.jurisdiction, dest) : null;
  let scheme: Decision['scheme'] = null;
  let consignmentLimit: Money | null = null;
  const outcome = (status: TaxStatus, reason: TaxReason, jurisdiction: JurisdictionRef, lines: TaxLine[]): Decision =>
    frozen({
      status,
      reason,
      jurisdiction,
      customerJurisdiction,
      lines,
      notes,
      supply,
      customer: s.customer,
      territory: dest.territory ? { id: dest.territory.id, name: dest.territory.name } : null,
      scheme,
      consignmentLimit: consignmentLimit === null ? null : { ...consignmentLimit },
    });

  // Customers outside every tax area we know of, or in a country without rules.
  if (dest.excluded) {
    const home = dest.excludedFrom?.root;
    const name = dest.territory?.name ?? dest.typed;
    const main = home ? taxesOf(home)[0] : undefined;
    note(`${name} is outside the ${dest.excludedFrom ? `${dest.excludedFrom.name} ` : ''}tax area: no ${main?.tax.name ?? 'tax'} is charged.`);
    const where = home ? ref(home, null) : { id: null, country: dest.typed, region: null, county: null, city: null, name };
    return outcome('non_taxable', 'excluded_territory', where, main ? [zeroLine(main)] : []);
  }
  if (!dest.country || !dest.jurisdiction) {
    const name = rules.world.get(dest.typed)?.name ?? dest.typed;
    note(`taxrules has no tax rules for ${name}: no tax is charged.`);
    return outcome('not_registered', 'unsupported_country', { id: null, country: dest.typed, region: null, county: null, city: null, name }, []);
  }
  const destTaxes = taxesOf(dest.jurisdiction);
  const destZero = destTaxes[0] && destTaxes[0].tax.role === 'main' ? [zeroLine(destTaxes[0])] : [];
  const destRef = ref(dest.jurisdiction, dest);
  if (dest.territory && dest.country.code !== dest.typed && dest.notes.length === 0) note(`${dest.territory.name} is taxed as part of ${dest.country.name}.`);
  if (exemptEverywhere(s.taxCode)) {
    note('Exempt supply: no tax is charged.');
    return outcome('non_taxable', 'product_exempt', destRef, destZero);
  }

  const place = placeOfSupply({
    rules,
    day,
    date,
    supply,
    customer: s.customer,
    origin,
    destination: dest,
    registrations,
    consignment: (limit) => {
      consignmentLimit = limit;
      const band = bandOf(s.consignmentValue, limit, day, convert);
      if (band === null) {
        throw new TaxRulesError('unprocessable', 422, [
          {
            path: ['consignmentValue'],
            code: 'unprocessable',
            message: `the import scheme covers consignments up to ${limit.currency} ${limit.amount}: give the consignment's value in ${limit.currency}, or a currency converter`,
          },
        ]);
      }
      return band;
    },
  });
  if (place.kind === 'reverse_charge') {
    note(place.rule.note);
    return outcome('reverse_charge', place.rule.reason ?? 'reverse_charge', destRef, destZero);
  }
  if (place.kind === 'outside_scope') {
    note(place.rule.note);
    return outcome('non_taxable', place.rule.reason ?? 'outside_scope', destRef, destZero);
  }
  if (place.kind === 'at_border') {
    const limit = place.match.limit as Money;
    const tax = destTaxes[0]?.tax.name ?? 'VAT';
    note(`The consignment's intrinsic value is above ${limit.currency} ${limit.amount}, the limit of the ${place.match.scheme.jurisdiction.name}: the seller does not charge ${tax}, and import ${tax} is due at the border.`);
    return outcome('non_taxable', 'import_vat_at_border', destRef, destZero);
  }
  place.notes.forEach(note);

  // Taxability of the main tax where the supply is taxed.
  const taxing = place.where;
  const taxingJ = taxing.jurisdiction as CompiledJurisdiction;
  const levied = taxing === dest ? destTaxes : taxesOf(taxingJ);
  const where = taxing === dest ? destRef : ref(taxingJ, taxing);
  const main = levied[0];
  if (!main || main.tax.role !== 'main') {
    note(`${taxingJ.name} has no ${levied.length > 0 ? 'general' : 'sales'} tax.`);
    return outcome('non_taxable', 'no_tax_in_jurisdiction', where, []);
  }
  const treatment = treatmentOf(main.tax, place.regime, s.taxCode, day, date);
  if (treatment.treatment !== 'taxable') {
    const code = rules.taxCodes.get(s.taxCode)?.name ?? s.taxCode;
    note(treatment.note);
    if (treatment.treatment === 'exempt') {
      note(`${code} supplies are exempt from ${main.tax.name} in ${taxingJ.name}.`);
      return outcome('non_taxable', 'product_exempt', where, [zeroLine(main, treatment)]);
    }
    note(`${code} is not taxable in ${taxingJ.name}.`);
    return outcome('non_taxable', 'not_taxable_in_jurisdiction', where, [zeroLine(main, treatment)]);
  }

  // Registration: the seller collects where registered, or through a scheme.
  const viaScheme = place.scheme !== null && !registrations.has(main.tax.registration) ? place.scheme : null;
  if (!registrations.has(main.tax.registration) && viaScheme === null) {
    const home = dest.excludedFrom?.root;
    const homeMain = home ? taxesOf(home)[0] : undefined;
    if (taxing === dest && home && registrations.has(homeMain?.tax.registration ?? home.id)) {
      // Registered in the typed country only: its tax does not reach the territory.
      note(`${dest.territory?.name ?? taxingJ.name} is outside the ${dest.excludedFrom?.name} tax area; ${main.tax.name} applies there instead, and the seller is not registered for it.`);
      return outcome('non_taxable', 'excluded_territory', where, [zeroLine(main, treatment)]);
    }
    note(`Not registered for ${main.tax.name} in ${taxingJ.name}: no tax is charged.`);
    return outcome('not_registered', 'not_registered', where, [zeroLine(main, treatment)]);
  }
  if (viaScheme !== null) {
    scheme = { id: viaScheme.scheme.jurisdiction.id, name: viaScheme.scheme.jurisdiction.name };
    note(`Collected through the ${viaScheme.scheme.jurisdiction.name}.`);
    if (viaScheme.limit && s.consignmentValue === undefined) {
      note(`The ${viaScheme.scheme.jurisdiction.name} covers consignments of an intrinsic value up to ${viaScheme.limit.currency} ${viaScheme.limit.amount} only; above that, import VAT is due at the border.`);
    }
  }

  // Rates of every tax levied there: the main tax, then the others that apply.
  const rateClass = treatment.rateClass as NonNullable<typeof treatment.rateClass>;
  const mainRate = rateOf(main.tax, rateClass, taxing.rates, day, date);
  const lines: TaxLine[] = [chargedLine(main, treatment, mainRate)];
  note(treatment.note);
  for (let i = 1; i < levied.length; i++) {
    const other = levied[i] as (typeof levied)[number];
    if (day < other.tax.since) continue;
    const t = treatmentOf(other.tax, place.regime, s.taxCode, day, date);
    if (t.treatment !== 'taxable') continue;
    const rate = rateOf(other.tax, t.rateClass as NonNullable<typeof t.rateClass>, null, day, date);
    if (rate.units === 0) continue;
    if (!registrations.has(other.tax.registration)) {
      note(`Not registered for ${other.tax.name} in ${other.owner.name}: it is not charged.`);
      continue;
    }
    lines.push(chargedLine(other, t, rate));
  }

  if (mainRate.units === 0) {
    note(`Zero-rated in ${taxingJ.name}.`);
    // Only the other taxes are charged: the reason is theirs (the first one's class).
    const charged = lines[1];
    return outcome(charged ? 'taxable' : 'non_taxable', charged ? classReason(s.taxCode, charged.rateClass ?? 'standard') : 'zero_rated', where, lines);
  }
  const partial = treatment.partUnits < PERCENT_100;
  if (partial) note(`${treatment.part} % of the amount is taxable in ${taxingJ.name}.`);
  return outcome('taxable', partial ? 'partially_taxable' : classReason(s.taxCode, rateClass), where, lines);
}

function classReason(code: TaxCodeId, rateClass: string): TaxReason {
  if (code === 'ebook' && rateClass !== 'standard') return 'ebook_rated';
  return rateClass === 'standard' ? 'standard_rated' : 'reduced_rated';
}
