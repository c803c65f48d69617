import type { Money, Registration, SupplyKind } from './types.js';
import type { CompiledRegime, CompiledScheme } from './ruleset.js';
import { dayNumber } from './dates.js';
import { compareDecimal } from './money.js';

/** The registrations of one seller in force on one day. */
export interface ActiveRegistrations {
  /** Registered for the jurisdiction's taxes (with import-scheme enrolment when asked). */
  has(jurisdictionId: number, importScheme?: boolean): boolean;
  /** Has a permanent establishment in the jurisdiction. */
  establishedIn(jurisdictionId: number): boolean;
}

interface Span {
  from: number;
  until: number;
  importScheme: boolean;
  establishment: boolean;
}

/** A seller's registrations indexed by jurisdiction (build once per set of registrations). */
export type RegistrationIndex = ReadonlyMap<number, readonly Span[]>;

export function indexRegistrations(registrations: readonly Registration[]): RegistrationIndex {
  const index = new Map<number, Span[]>();
  for (const r of registrations) {
    const span: Span = {
      from: r.validFrom !== undefined ? dayNumber(r.validFrom) : Number.NEGATIVE_INFINITY,
      until: r.validUntil !== undefined ? dayNumber(r.validUntil) : Number.POSITIVE_INFINITY,
      importScheme: r.importScheme === true,
      establishment: r.permanentEstablishment === true,
    };
    const list = index.get(r.jurisdictionId);
    if (list) list.push(span);
    else index.set(r.jurisdictionId, [span]);
  }
  return index;
}

/** Whether the caller can no longer change the registrations (a prepared account's are frozen). */
export function isFrozenList(registrations: readonly Registration[]): boolean {
  if (!Object.isFrozen(registrations)) return false;
  for (const r of registrations) if (!Object.isFrozen(r)) return false;
  return true;
}

/** The days on which a registration starts or stops counting (its first day, the day after its last). */
export function registrationDays(registrations: readonly Registration[]): number[] {
  const days: number[] = [];
  for (const r of registrations) {
    if (r.validFrom !== undefined) days.push(dayNumber(r.validFrom));
    if (r.validUntil !== undefined) days.push(dayNumber(r.validUntil) + 1);
  }
  return days;
}

/**
 * The registrations in force on `day`: `validFrom` and `validUntil` are inclusive
 * calendar dates; a missing bound is open.
 */
export function activeOn(index: RegistrationIndex, day: number): ActiveRegistrations {
  const find = (id: number, test: (s: Span) => boolean): boolean => {
    const spans = index.get(id);
    if (!spans) return false;
    for (const s of spans) if (s.from <= day && day <= s.until && test(s)) return true;
    return false;
  };
  return {
    has: (id, importScheme = false) => find(id, (s) => !importScheme || s.importScheme),
    establishedIn: (id) => find(id, (s) => s.establishment),
  };
}

/** The registrations of a list in force on `day` (indexes the list: for one-off use). */
export function activeRegistrations(registrations: readonly Registration[], day: number): ActiveRegistrations {
  return activeOn(indexRegistrations(registrations), day);
}

/**
 * Where a consignment stands against a scheme's value limit: `within` or `above` it, or
 * `unknown` (no amount: a rate-only answer, which holds for consignments within).
 */
export type ConsignmentBand = 'within' | 'above' | 'unknown';

/** The band of a consignment value against a limit in the same currency; null when the currencies differ. */
export function consignmentBand(value: Money | undefined, limit: Money): ConsignmentBand | null {
  if (value === undefined) return 'unknown';
  if (value.currency !== limit.currency) return null;
  return compareDecimal(value.amount, limit.amount) <= 0 ? 'within' : 'above';
}

/** A scheme that covers a supply, or would but for the consignment's value. */
export interface SchemeMatch {
  readonly scheme: CompiledScheme;
  readonly limit: Money | null;
  /** False when the consignment is above the limit: the scheme does not cover it. */
  readonly covers: boolean;
}

/**
 * The scheme of the regime (EU OSS, IOSS) through which the seller collects for a supply
 * into another member, or null when none would. A scheme limited by the consignment's
 * value (IOSS: EUR 150) covers it only within the limit; `consignment` says where it is.
 */
export function coveringScheme(
  regime: CompiledRegime,
  relation: 'domestic' | 'union' | 'foreign',
  supply: SupplyKind,
  day: number,
  registrations: ActiveRegistrations,
  consignment: ConsignmentBand,
): SchemeMatch | null {
  if (relation === 'domestic') return null;
  for (const scheme of regime.schemes) {
    for (const c of scheme.covers) {
      if (c.seller !== relation || !c.supply.includes(supply) || day < c.from || day > c.until) continue;
      if (!registrations.has(scheme.jurisdiction.id, c.importScheme)) continue;
      return { scheme, limit: c.consignmentLimit, covers: c.consignmentLimit === null || consignment !== 'above' };
    }
  }
  return null;
}

/**
 * Whether the seller collects a tax charged at a place, and if not, why: registered for the
 * tax; collecting through a scheme (with its notes); or not collecting — registered only in
 * the country whose tax does not reach the territory (`excluded_territory`), or not at all.
 */
export type Collection =
  | { readonly kind: 'registered' }
  | { readonly kind: 'scheme'; readonly scheme: { readonly id: number; readonly name: string }; readonly notes: readonly string[] }
  | { readonly kind: 'excluded_territory' | 'not_registered'; readonly note: string };

const REGISTERED: Collection = { kind: 'registered' };

/** What the registration stage reads of a taxed place: the tax, who levies it, a scheme, and a territory outside its country's tax area. */
export interface CollectionQuestion {
  readonly tax: { readonly name: string; readonly registration: number };
  /** The name of the jurisdiction that levies it. */
  readonly levier: string;
  /** The scheme through which the seller could collect, or null. */
  readonly via: SchemeMatch | null;
  /** Whether the consignment's value was given (a scheme limited by value notes its limit when not). */
  readonly valueKnown: boolean;
  /** The customer's territory is outside its country's tax area: the territory's name, the area's, and the country tax's registration. */
  readonly excluded: { readonly territory: string; readonly area: string; readonly registration: number } | null;
}

/** The registration stage: whether the seller collects the tax (see Collection). */
export function collection(registrations: ActiveRegistrations, q: CollectionQuestion): Collection {
  if (registrations.has(q.tax.registration)) return REGISTERED;
  const via = q.via;
  if (via !== null) {
    const name = via.scheme.jurisdiction.name;
    const notes = [`Collected through the ${name}.`];
    if (via.limit && !q.valueKnown) notes.push(`The ${name} covers consignments of an intrinsic value up to ${via.limit.currency} ${via.limit.amount} only; above that, import VAT is due at the border.`);
    return { kind: 'scheme', scheme: { id: via.scheme.jurisdiction.id, name }, notes };
  }
  const ex = q.excluded;
  if (ex !== null && registrations.has(ex.registration)) {
    return { kind: 'excluded_territory', note: `${ex.territory} is outside the ${ex.area} tax area; ${q.tax.name} applies there instead, and the seller is not registered for it.` };
  }
  return { kind: 'not_registered', note: `Not registered for ${q.tax.name} in ${q.levier}: no tax is charged.` };
}
