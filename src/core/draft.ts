/**
 * A decision in the making (`Draft`): what every stage of decide.ts reads and adds to (the
 * notes, the scheme, the local area, the per-article limit), and how a draft becomes the
 * frozen `Decision` (`finish`).
 */
import type { AppliedTreatment, ArticleCap, Decision, DecisionPriceLimit, JurisdictionRef, LocalArea, Money, SupplyKind, TaxLine, TaxReason, TaxStatus } from './types.js';
import type { CompiledJurisdiction, CompiledPriceLimit, CompiledTreatment, RuleSet, TaxCodeEntry } from './compiled.js';
import type { Location } from './location.js';
import type { LocalPlace } from './us-local.js';
import type { ActiveRegistrations } from './registration.js';
import type { Situation } from './situation.js';

export function ref(j: CompiledJurisdiction, location: Location | null, local: LocalPlace | null = location?.local ?? null): JurisdictionRef {
  const region = location?.region ?? (j.region === '' ? null : j.region);
  const area = local?.area ?? null;
  return { id: j.id, country: j.country, region, county: area?.county?.name ?? null, city: area?.city?.name ?? null, name: j.name };
}

/** A sentence: rule notes are joined with spaces, so each ends with its full stop. */
export function sentence(text: string): string {
  const last = text.charCodeAt(text.length - 1);
  if (last === 46 || last === 33 || last === 63) return text; // . ! ?
  return /[.!?]["')\]]*$/.test(text) ? text : `${text}.`;
}

/** Freezes a decision and what it holds (shared parts, such as a line's jurisdiction, are frozen already). */
export function frozen(d: Decision): Decision {
  for (const l of d.lines) Object.freeze(l);
  Object.freeze(d.lines);
  Object.freeze(d.notes);
  Object.freeze(d.jurisdiction);
  if (d.customerJurisdiction) Object.freeze(d.customerJurisdiction);
  if (d.territory) Object.freeze(d.territory);
  if (d.scheme) Object.freeze(d.scheme);
  if (d.consignmentLimit) Object.freeze(d.consignmentLimit);
  if (d.treatments) {
    for (const t of d.treatments) Object.freeze(t);
    Object.freeze(d.treatments);
  }
  if (d.priceLimit) Object.freeze(d.priceLimit);
  if (d.local) {
    for (const a of d.local.alternatives) Object.freeze(a);
    Object.freeze(d.local.alternatives);
    Object.freeze(d.local);
  }
  return Object.freeze(d);
}

/** A price limit and a side of it. */
export interface LimitSide {
  readonly limit: CompiledPriceLimit;
  readonly side: 'below' | 'above';
}

/** A decision in the making: what every outcome carries, and the notes so far. */
export interface Draft {
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
  /** A product category's code entry (null for the spec's codes: see category.ts). */
  readonly category: TaxCodeEntry | null;
  /** A category's treatments by each tax so far (null for the spec's codes). */
  treatments: AppliedTreatment[] | null;
  /** The main tax's treatment period of a category (its holiday, its price limit), or null. */
  period: CompiledTreatment | null;
  /** Under a price limit: the side of it this draft answers, and the limit (the innermost, in a band of nested limits); else null. */
  side: 'below' | 'above' | null;
  limit: CompiledPriceLimit | null;
  /** In a band of nested limits: the limits enclosing `limit`, outer first, with the draft's side of each; else empty. */
  outer: readonly LimitSide[];
  /** The price limit of the decision (its below-limit decision), set on the above side. */
  priceLimit: DecisionPriceLimit | null;
}

/** Adds a note as a sentence (rule notes are joined with spaces). */
export function note(d: Draft, text: string | null | undefined): void {
  if (text) d.notes.push(sentence(text));
}

/** The decision of a draft: frozen, with its notes. */
export function finish(d: Draft, status: TaxStatus, reason: TaxReason, jurisdiction: JurisdictionRef, lines: TaxLine[]): Decision {
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
    treatments: d.treatments,
    priceLimit: d.priceLimit,
  });
}
