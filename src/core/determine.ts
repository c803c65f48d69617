import type { JurisdictionRef, RateClass, SupplyKind, TaxBehavior, TaxInput, TaxLine, TaxReason, TaxResult, TaxStatus } from './types.js';
import type { CompiledJurisdiction, CompiledRegime, CompiledTax, CompiledTreatment, RuleSet } from './ruleset.js';
import { inForce } from './ruleset.js';
import { dayNumber } from './dates.js';
import { TaxRulesError } from './errors.js';
import { locate, regimeOf, type Location } from './location.js';
import { activeRegistrations, coveringScheme, type ActiveRegistrations } from './registration.js';
import { PERCENT_100, exclusiveTax, formatMinor, inclusiveTaxes, parseAmount } from './money.js';
import { decisionFor } from './decisions.js';

type Relation = 'domestic' | 'union' | 'foreign';

/** The taxes of a jurisdiction: the main one and the additional one, regional taxes first. */
function taxesOf(j: CompiledJurisdiction): { main: CompiledTax | null; additional: CompiledTax | null } {
  let main: CompiledTax | null = null;
  let additional: CompiledTax | null = null;
  for (const t of j.taxes) {
    if (t.role === 'main' && !main) main = t;
    if (t.role === 'additional' && !additional) additional = t;
  }
  if (j.parent) {
    const replaced = main?.replaces ?? null;
    for (const t of j.parent.taxes) {
      if (t.role === 'main' && !main && t.id !== replaced) main = t;
      if (t.role === 'additional' && !additional) additional = t;
    }
  }
  return { main, additional };
}

function treatmentOf(tax: CompiledTax, regime: CompiledRegime | null, code: TaxInput['taxCode'], day: number): CompiledTreatment | undefined {
  return inForce(tax.taxability[code], day) ?? (regime ? inForce(regime.taxability[code], day) : undefined);
}

function supplyKind(rules: RuleSet, input: TaxInput): SupplyKind {
  const code = rules.taxCodes.get(input.taxCode);
  if (!code) {
    throw new TaxRulesError('invalid_value', 406, [{ path: ['taxCode'], code: 'invalid_value', message: `unknown tax code ${input.taxCode}` }]);
  }
  if (code.supply === 'by_product_type') return input.productType === 'good' ? 'goods' : 'services';
  return code.supply;
}

function relationOf(origin: Location, dest: Location, destRegime: CompiledRegime, day: number, supply: SupplyKind): Relation {
  if (origin.country !== null && origin.country === dest.country && !origin.excluded) return 'domestic';
  const originRegime = regimeOf(origin, day, supply);
  if (originRegime === destRegime) return destRegime.kind === 'single_area' ? 'domestic' : 'union';
  return 'foreign';
}

function reasonForClass(code: TaxInput['taxCode'], rateClass: RateClass): TaxReason {
  if (code === 'ebook' && rateClass !== 'standard') return 'ebook_rated';
  return rateClass === 'standard' ? 'standard_rated' : 'reduced_rated';
}

interface RateChoice {
  units: number;
  rate: string;
  source: string;
}

function rateOf(tax: CompiledTax, rateClass: RateClass, location: Location, day: number, isTerritoryTax: boolean): RateChoice {
  const fromTerritory = isTerritoryTax ? location.rates?.[rateClass] : undefined;
  const period = inForce(fromTerritory ?? tax.classes[rateClass], day);
  if (!period) {
    throw new TaxRulesError('unprocessable', 422, [
      { path: ['date'], code: 'unprocessable', message: `no ${rateClass} rate of ${tax.name} is known on that date` },
    ]);
  }
  return { units: period.units, rate: period.rate, source: period.source };
}

function jurisdictionRef(j: CompiledJurisdiction, location: Location | null): JurisdictionRef {
  const region = location?.region ?? (j.region === '' ? null : j.region);
  return { id: j.id, country: j.country, region, county: null, city: null, name: j.name };
}

/**
 * Exact amounts of a determined supply for one amount (minor units): the taxes of the main
 * and additional lines (taxed only when the status is `taxable`), the net and the gross.
 * Inclusive amounts are gross; the taxes are carved out so that net + taxes = gross.
 */
export function taxAmounts(
  status: TaxStatus,
  main: TaxLine | null,
  additional: TaxLine | null,
  amountMinor: bigint,
  behavior: TaxBehavior,
): { taxes: bigint[]; subtotal: bigint; total: bigint } {
  const lines: TaxLine[] = [];
  if (status === 'taxable') {
    if (main) lines.push(main);
    if (additional) lines.push(additional);
  }
  if (behavior === 'inclusive') {
    const taxes = inclusiveTaxes(amountMinor, lines);
    let sum = 0n;
    for (const t of taxes) sum += t;
    return { taxes, subtotal: amountMinor - sum, total: amountMinor };
  }
  const taxes = lines.map((u) => exclusiveTax(amountMinor, u.rateUnits, u.partUnits));
  let sum = 0n;
  for (const t of taxes) sum += t;
  return { taxes, subtotal: amountMinor, total: amountMinor + sum };
}

/**
 * What the rules decide for one supply situation: everything of a result that does not
 * depend on the amount, the behaviour, the currency or the tax ID's text. Decisions are
 * shared between calls (see decisionFor): never mutate one.
 */
export interface Decision
  extends Pick<TaxResult, 'status' | 'reason' | 'jurisdiction' | 'customerJurisdiction' | 'main' | 'additional' | 'notes' | 'supply' | 'customer' | 'territory'> {
  /** Where in `notes` the note on the customer's tax ID goes (`notes` never holds it). */
  taxIdNoteAt: number;
  /** The notes joined by spaces, or null without any. */
  notesText: string | null;
  /** Rates and taxable parts of the main and additional lines as numbers (0/100 and null without the line). */
  rateNumber: number;
  partNumber: number;
  additionalRateNumber: number | null;
  additionalPartNumber: number | null;
  /** False when the decision names its date, so it cannot serve other days. */
  reusable: boolean;
}

/** Day number of the input's date; TaxRulesError (400) when it is not a calendar date. */
export function inputDay(input: TaxInput): number {
  const day = dayNumber(input.date);
  if (Number.isNaN(day)) {
    throw new TaxRulesError('invalid_request', 400, [{ path: ['date'], code: 'malformed', message: `${input.date} is not a calendar date (YYYY-MM-DD)` }]);
  }
  return day;
}

/** Minor units of the input's currency; TaxRulesError (406) for an unknown currency. */
export function inputMinorUnits(input: TaxInput, rules: RuleSet): number {
  const minorUnits = rules.currencies.get(input.currency);
  if (minorUnits === undefined) {
    throw new TaxRulesError('invalid_value', 406, [{ path: ['currency'], code: 'invalid_value', message: `unknown currency ${input.currency}` }]);
  }
  return minorUnits;
}

/** The input's amount in minor units, or null without one; TaxRulesError (400) when malformed or too precise. */
export function inputAmount(input: TaxInput, minorUnits: number): bigint | null {
  if (input.amount === undefined) return null;
  const parsed = parseAmount(input.amount, minorUnits);
  if (!parsed.ok) {
    throw new TaxRulesError('invalid_request', 400, [
      {
        path: ['amount'],
        code: 'malformed',
        message: parsed.problem === 'precision' ? `amount ${input.amount} has more decimals than ${input.currency} allows (${minorUnits})` : `amount ${input.amount} is not a decimal number`,
      },
    ]);
  }
  return parsed.minor;
}

/** The note on a customer's tax ID that did not make it a business, or null. */
export function taxIdNote(input: TaxInput): string | null {
  const id = input.customerTaxId;
  if (!id || id.verdict === 'valid') return null;
  return id.verdict === 'invalid'
    ? `Tax ID ${id.value} is not valid: the customer is treated as a consumer.`
    : `Tax ID ${id.value} could not be validated offline: the customer is treated as a consumer.`;
}

function copyLine(line: TaxLine | null): TaxLine | null {
  return line === null
    ? null
    : { name: line.name, rate: line.rate, taxablePart: line.taxablePart, rateUnits: line.rateUnits, partUnits: line.partUnits, jurisdictionId: line.jurisdictionId, rateClass: line.rateClass, source: line.source };
}

function copyRef(ref: JurisdictionRef | null): JurisdictionRef | null {
  return ref === null ? null : { id: ref.id, country: ref.country, region: ref.region, county: ref.county, city: ref.city, name: ref.name };
}

/** The notes of a result: the decision's, with the tax-ID note in its place. */
export function notesOf(decision: Decision, input: TaxInput): string[] {
  const note = taxIdNote(input);
  const notes = decision.notes.slice();
  if (note !== null) notes.splice(decision.taxIdNoteAt, 0, note);
  return notes;
}

/** A fresh result (the caller may keep and change it) from a decision and the per-call parts. */
export function resultOf(decision: Decision, input: TaxInput, minorUnits: number, amountMinor: bigint | null): TaxResult {
  const main = copyLine(decision.main);
  const additional = copyLine(decision.additional);
  let amounts: TaxResult['amounts'] = null;
  if (amountMinor !== null) {
    const { taxes, subtotal, total } = taxAmounts(decision.status, main, additional, amountMinor, input.taxBehavior);
    if (decision.status === 'taxable') {
      if (main) main.amountMinor = taxes[0];
      if (additional) additional.amountMinor = main ? taxes[1] : taxes[0];
    }
    amounts = {
      subtotal: formatMinor(subtotal, minorUnits),
      tax: formatMinor(taxes[0] ?? 0n, minorUnits),
      additionalTax: formatMinor(taxes[1] ?? 0n, minorUnits),
      total: formatMinor(total, minorUnits),
    };
  }
  return {
    status: decision.status,
    reason: decision.reason,
    jurisdiction: copyRef(decision.jurisdiction) as JurisdictionRef,
    customerJurisdiction: copyRef(decision.customerJurisdiction),
    main,
    additional,
    notes: notesOf(decision, input),
    taxCode: input.taxCode,
    productType: input.productType,
    taxBehavior: input.taxBehavior,
    supply: decision.supply,
    customer: decision.customer,
    territory: decision.territory ? { id: decision.territory.id, name: decision.territory.name } : null,
    date: input.date,
    currency: input.currency,
    amounts,
  };
}

/**
 * The pure core: determines status, jurisdiction, rates and (given an amount) the exact
 * amounts of one supply, from the rule set passed in. Reads no clock, no files, no
 * globals; throws only TaxRulesError. Decisions are reused between calls through the
 * decision table of (rules, registrations) unless `options.cache` is false; the result is
 * the same either way.
 */
export function determine(input: TaxInput, rules: RuleSet, options: { cache?: boolean } = {}): TaxResult {
  const day = inputDay(input);
  const minorUnits = inputMinorUnits(input, rules);
  const amountMinor = inputAmount(input, minorUnits);
  return resultOf(decisionOf(input, rules, day, options.cache !== false), input, minorUnits, amountMinor);
}

/** The decision for an input on its day: from the decision table, or decided afresh when `cache` is false. */
export function decisionOf(input: TaxInput, rules: RuleSet, day: number, cache = true): Decision {
  return cache ? decisionFor(input, rules, day, decide) : decide(input, rules, day);
}

/**
 * Decides one supply situation on a day from the rules, without the decision table.
 * The input's amount, currency and behaviour are not read.
 */
export function decide(input: TaxInput, rules: RuleSet, day: number): Decision {
  const supply = supplyKind(rules, input);
  const customer = input.customerTaxId?.verdict === 'valid' ? 'business' : 'consumer';
  const dest = locate(rules, input.destination, day, supply, 'destination');
  const origin = locate(rules, input.origin, day, supply, 'origin');
  const registrations = activeRegistrations(input.registrations, day);
  const notes: string[] = [...dest.notes];
  const taxIdNoteAt = notes.length;
  let reusable = true;

  const result = (
    status: TaxStatus,
    reason: TaxReason,
    jurisdiction: JurisdictionRef,
    main: TaxLine | null,
    additional: TaxLine | null,
  ): Decision => ({
    status,
    reason,
    jurisdiction,
    customerJurisdiction: dest.jurisdiction && !dest.excluded ? jurisdictionRef(dest.jurisdiction, dest) : null,
    main,
    additional,
    notes,
    taxIdNoteAt,
    notesText: notes.length > 0 ? notes.join(' ') : null,
    rateNumber: main ? Number(main.rate) : 0,
    partNumber: main ? Number(main.taxablePart) : 100,
    additionalRateNumber: additional ? Number(additional.rate) : null,
    additionalPartNumber: additional ? Number(additional.taxablePart) : null,
    supply,
    customer,
    territory: dest.territory ? { id: dest.territory.id, name: dest.territory.name } : null,
    reusable,
  });

  /** The jurisdiction that levies `tax` where `j` taxes: GST in British Columbia is Canada's. */
  const ownerOf = (tax: CompiledTax, j: CompiledJurisdiction): CompiledJurisdiction => (j.taxes.includes(tax) ? j : (j.parent ?? j));
  const zeroLine = (tax: CompiledTax | null, j: CompiledJurisdiction, treatment?: CompiledTreatment): TaxLine | null =>
    tax
      ? { name: tax.name, rate: '0', taxablePart: treatment?.part ?? '100', rateUnits: 0, partUnits: treatment?.partUnits ?? PERCENT_100, jurisdictionId: ownerOf(tax, j).id, rateClass: null, source: null }
      : null;

  // Customers outside any country we have rules for.
  if (dest.excluded) {
    const from = dest.excludedFrom;
    const name = dest.territory?.name ?? dest.typed;
    notes.push(`${name} is outside the ${from ? `${from.name} ` : ''}tax area: no ${from ? (taxesOf(from.root).main?.name ?? 'tax') : 'tax'} is charged.`);
    const j = from?.root;
    const ref: JurisdictionRef = j ? { ...jurisdictionRef(j, null) } : { id: null, country: dest.typed, region: null, county: null, city: null, name };
    return result('non_taxable', 'excluded_territory', ref, j ? zeroLine(taxesOf(j).main, j) : null, null);
  }
  if (!dest.country || !dest.jurisdiction) {
    const name = rules.world.get(dest.typed)?.name ?? dest.typed;
    notes.push(`taxrules has no tax rules for ${name}: no tax is charged.`);
    return result('not_registered', 'unsupported_country', { id: null, country: dest.typed, region: null, county: null, city: null, name }, null, null);
  }

  const destJ = dest.jurisdiction;
  const destTaxes = taxesOf(destJ);
  const destRef = jurisdictionRef(destJ, dest);
  if (dest.territory && dest.country.code !== dest.typed && !dest.notes.length) {
    notes.push(`${dest.territory.name} is taxed as part of ${dest.country.name}.`);
  }

  if (input.taxCode === 'exempt') {
    notes.push('Exempt supply: no tax is charged.');
    return result('non_taxable', 'product_exempt', destRef, zeroLine(destTaxes.main, destJ), null);
  }

  const regime = regimeOf(dest, day, supply);
  if (!regime) {
    notes.push(`taxrules has no tax regime for ${dest.country.name} on ${input.date}: no tax is charged.`);
    reusable = false;
    return result('not_registered', 'unsupported_country', destRef, null, null);
  }
  const relation = relationOf(origin, dest, regime, day, supply);
  const rule = regime.rules.find(
    (r) =>
      (r.seller === null || r.seller === relation) &&
      (r.customer === null || r.customer === customer) &&
      (r.supply === null || r.supply.includes(supply)) &&
      r.from <= day &&
      day <= r.until,
  );
  if (!rule) {
    throw new TaxRulesError('unprocessable', 422, [{ path: ['date'], code: 'unprocessable', message: `the ${regime.name} rules do not cover this supply on ${input.date}` }]);
  }

  if (rule.then === 'reverse_charge') {
    if (rule.note) notes.push(rule.note);
    return result('reverse_charge', rule.reason as TaxReason, destRef, zeroLine(destTaxes.main, destJ), null);
  }
  if (rule.then === 'outside_scope') {
    if (rule.note) notes.push(rule.note);
    return result('non_taxable', (rule.reason ?? 'outside_scope') as TaxReason, destRef, zeroLine(destTaxes.main, destJ), null);
  }

  // Where the tax is due: the customer's jurisdiction, or the seller's own.
  let taxing: Location = dest;
  let taxingRegime: CompiledRegime = regime;
  // One VAT area of several countries (Switzerland and Liechtenstein): the seller accounts
  // for the area's tax to its own administration.
  const sameAreaAbroad = relation === 'domestic' && origin.country !== dest.country && origin.jurisdiction !== null;
  if (rule.then === 'origin' || sameAreaAbroad || (rule.then === 'destination_if_registered' && !collects(destTaxes.main, regime, relation, supply, day, registrations))) {
    if (rule.note && rule.then === 'destination_if_registered') notes.push(rule.note);
    const originRegime = origin.country && origin.jurisdiction ? regimeOf(origin, day, supply) : null;
    if (!origin.jurisdiction || !originRegime) {
      throw new TaxRulesError('unprocessable', 422, [{ path: ['origin', 'country'], code: 'unprocessable', message: "the seller's own country has no tax rules" }]);
    }
    taxing = origin;
    taxingRegime = originRegime;
  } else if (rule.note && rule.then === 'destination' && relation === 'foreign' && supply === 'goods') {
    notes.push(rule.note);
  }

  const taxingJ = taxing.jurisdiction as CompiledJurisdiction;
  const { main, additional } = taxing === dest ? destTaxes : taxesOf(taxingJ);
  const ref = taxing === dest ? destRef : jurisdictionRef(taxingJ, taxing);
  if (!main) {
    notes.push(`${taxingJ.name} has no ${additional ? 'general' : 'sales'} tax.`);
    return result('non_taxable', 'no_tax_in_jurisdiction', ref, null, null);
  }
  const treatment = treatmentOf(main, taxingRegime, input.taxCode, day);
  if (!treatment || treatment.treatment !== 'taxable') {
    const code = rules.taxCodes.get(input.taxCode)?.name ?? input.taxCode;
    if (treatment?.note) notes.push(treatment.note);
    if (treatment?.treatment === 'exempt') {
      notes.push(`${code} supplies are exempt from ${main.name} in ${taxingJ.name}.`);
      return result('non_taxable', 'product_exempt', ref, zeroLine(main, taxingJ, treatment), null);
    }
    notes.push(`${code} is not taxable in ${taxingJ.name}.`);
    return result('non_taxable', 'not_taxable_in_jurisdiction', ref, zeroLine(main, taxingJ, treatment), null);
  }

  const scheme = taxing === dest ? coveringScheme(regime, relation, supply, day, registrations) : null;
  if (!registrations.has(main.registration) && !scheme) {
    const home = dest.excludedFrom?.root;
    if (taxing === dest && home && registrations.has(taxesOf(home).main?.registration ?? home.id)) {
      // Registered in the typed country only: its tax does not reach the territory.
      notes.push(`${dest.territory?.name ?? taxingJ.name} is outside the ${dest.excludedFrom?.name} tax area; ${main.name} applies there instead, and the seller is not registered for it.`);
      return result('non_taxable', 'excluded_territory', ref, zeroLine(main, taxingJ, treatment), null);
    }
    notes.push(`Not registered for ${main.name} in ${taxingJ.name}: no tax is charged.`);
    return result('not_registered', 'not_registered', ref, zeroLine(main, taxingJ, treatment), null);
  }
  if (scheme && !registrations.has(main.registration)) notes.push(`Collected through the ${scheme.jurisdiction.name}.`);

  const isTerritoryTax = taxing.rates !== null && main.role === 'main';
  const rateClass = treatment.rateClass as RateClass;
  const chosen = rateOf(main, rateClass, taxing, day, isTerritoryTax);
  const mainLine: TaxLine = {
    name: main.name,
    rate: chosen.rate,
    taxablePart: treatment.part,
    rateUnits: chosen.units,
    partUnits: treatment.partUnits,
    jurisdictionId: ownerOf(main, taxingJ).id,
    rateClass,
    source: chosen.source,
  };
  if (treatment.note) notes.push(treatment.note);

  let additionalLine: TaxLine | null = null;
  if (additional) {
    const owner = ownerOf(additional, taxingJ);
    const addTreatment = treatmentOf(additional, taxingRegime, input.taxCode, day);
    if (addTreatment?.treatment === 'taxable' && day >= additional.since) {
      const addClass = addTreatment.rateClass as RateClass;
      const addRate = rateOf(additional, addClass, taxing, day, false);
      if (addRate.units > 0) {
        if (registrations.has(additional.registration)) {
          additionalLine = {
            name: additional.name,
            rate: addRate.rate,
            taxablePart: addTreatment.part,
            rateUnits: addRate.units,
            partUnits: addTreatment.partUnits,
            jurisdictionId: owner.id,
            rateClass: addClass,
            source: addRate.source,
          };
        } else {
          notes.push(`Not registered for ${additional.name} in ${owner.name}: it is not charged.`);
        }
      }
    }
  }

  if (chosen.units === 0) {
    notes.push(`Zero-rated in ${taxingJ.name}.`);
    return result(additionalLine ? 'taxable' : 'non_taxable', additionalLine ? reasonForClass(input.taxCode, rateClass) : 'zero_rated', ref, mainLine, additionalLine);
  }
  const partial = treatment.partUnits < PERCENT_100;
  if (partial) notes.push(`${treatment.part} % of the amount is taxable in ${taxingJ.name}.`);
  return result('taxable', partial ? 'partially_taxable' : reasonForClass(input.taxCode, rateClass), ref, mainLine, additionalLine);
}

/** Whether the seller collects the destination's main tax: registered there, or through a scheme. */
function collects(
  main: CompiledTax | null,
  regime: CompiledRegime,
  relation: Relation,
  supply: SupplyKind,
  day: number,
  registrations: ActiveRegistrations,
): boolean {
  if (main && registrations.has(main.registration)) return true;
  return coveringScheme(regime, relation, supply, day, registrations) !== null;
}

