/**
 * Rates: the taxes levied where a jurisdiction taxes, and the rate of each on a day, as
 * the ordered tax lines of a result. A jurisdiction's taxes are its own and its
 * ancestors' (Canada's GST in British Columbia, a state's sales tax in a county), less the
 * ones a regional tax replaces (HST replaces GST). Main-role taxes come first, ancestors
 * before descendants (country, state, county, city, district); additional taxes (PST,
 * QST) after them.
 */
import type { LineJurisdiction, RateClass, TaxLine } from './types.js';
import type { ClassTable, CompiledJurisdiction, CompiledRate, CompiledTax, CompiledTreatment } from './ruleset.js';
import { inForce } from './ruleset.js';
import { PERCENT_100 } from './money.js';
import { beforeHistory } from './errors.js';

/** A tax and the jurisdiction that levies it. */
export interface LeviedTax {
  readonly tax: CompiledTax;
  readonly owner: CompiledJurisdiction;
}

// Worked out once per compiled jurisdiction (rule sets never change): what it levies, and how a line names it.
const levied = new WeakMap<CompiledJurisdiction, readonly LeviedTax[]>();
const named = new WeakMap<CompiledJurisdiction, LineJurisdiction>();

/** The taxes levied where `j` taxes, in line order (see the module comment). */
export function taxesOf(j: CompiledJurisdiction): readonly LeviedTax[] {
  let taxes = levied.get(j);
  if (taxes === undefined) levied.set(j, (taxes = Object.freeze(leviedAt(j))));
  return taxes;
}

function leviedAt(j: CompiledJurisdiction): LeviedTax[] {
  const chain: CompiledJurisdiction[] = [];
  for (let k: CompiledJurisdiction | null = j; k !== null; k = k.parent) chain.unshift(k);
  const replaced = new Set<string>();
  for (const k of chain) for (const t of k.taxes) if (t.replaces !== null) replaced.add(t.replaces);
  const main: LeviedTax[] = [];
  const additional: LeviedTax[] = [];
  for (const owner of chain) {
    for (const tax of owner.taxes) {
      if (replaced.has(tax.id)) continue;
      (tax.role === 'main' ? main : additional).push({ tax, owner });
    }
  }
  return main.concat(additional);
}

/** The main tax where `j` taxes (its status decides the result's), or null without one. */
export function mainTaxOf(j: CompiledJurisdiction): CompiledTax | null {
  // at(0): an empty list has no first tax, whatever Object.prototype holds.
  const first = taxesOf(j).at(0);
  return first !== undefined && first.tax.role === 'main' ? first.tax : null;
}

/**
 * The rate of a class of a tax on a day; a territory's own rates replace its country's
 * for the main tax (Jungholz, the Azores). Throws TaxRulesError (422) before the class's
 * recorded history.
 */
export function rateOf(tax: CompiledTax, rateClass: RateClass, territoryRates: ClassTable | null, day: number, date: string): CompiledRate {
  const period = inForce(territoryRates?.[rateClass] ?? tax.classes[rateClass], day);
  if (!period) throw beforeHistory(['date'], `no ${rateClass} rate of ${tax.name} is recorded on ${date} (before the data's history)`);
  return period;
}

/** How a tax line names the jurisdiction that levies it: one frozen object per jurisdiction. */
function lineJurisdiction(j: CompiledJurisdiction): LineJurisdiction {
  let line = named.get(j);
  if (line === undefined) named.set(j, (line = Object.freeze({ id: j.id, name: j.name, country: j.country, region: j.region === '' ? null : j.region, level: j.level })));
  return line;
}

/** A charged tax line: the tax at the rate of its treatment's class. */
export function chargedLine(levied: LeviedTax, treatment: CompiledTreatment, rate: CompiledRate): TaxLine {
  return {
    name: levied.tax.name,
    jurisdiction: lineJurisdiction(levied.owner),
    group: levied.tax.role,
    rate: rate.rate,
    taxablePart: treatment.part,
    rateUnits: rate.units,
    partUnits: treatment.partUnits,
    rateClass: treatment.rateClass,
    source: rate.source,
  };
}

/** A line of a tax that is not charged (rate 0): non-taxable, reverse-charged, not registered. */
export function zeroLine(levied: LeviedTax, treatment?: CompiledTreatment): TaxLine {
  return {
    name: levied.tax.name,
    jurisdiction: lineJurisdiction(levied.owner),
    group: levied.tax.role,
    rate: '0',
    taxablePart: treatment?.part ?? '100',
    rateUnits: 0,
    partUnits: treatment?.partUnits ?? PERCENT_100,
    rateClass: null,
    source: null,
  };
}
