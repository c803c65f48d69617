import type { Registration, SupplyKind } from './types.js';
import type { CompiledRegime, CompiledScheme } from './ruleset.js';
import { dayNumber } from './dates.js';

/** Registrations with their validity as day numbers, prepared once per call. */
export interface ActiveRegistrations {
  has(jurisdictionId: number, importScheme?: boolean): boolean;
}

/**
 * The registrations in force on `day`: `valid_from` and `valid_until` are inclusive
 * calendar dates; a missing bound is open.
 */
export function activeRegistrations(registrations: readonly Registration[], day: number): ActiveRegistrations {
  const active = new Map<number, boolean>();
  for (const r of registrations) {
    if (r.validFrom !== undefined && dayNumber(r.validFrom) > day) continue;
    if (r.validUntil !== undefined && dayNumber(r.validUntil) < day) continue;
    active.set(r.jurisdictionId, (active.get(r.jurisdictionId) ?? false) || r.importScheme === true);
  }
  return {
    has(id, importScheme = false) {
      const entry = active.get(id);
      return entry !== undefined && (!importScheme || entry);
    },
  };
}

/**
 * The scheme of the regime (EU OSS, IOSS) through which the seller collects for a
 * supply into another member, or null when none covers it.
 */
export function coveringScheme(
  regime: CompiledRegime,
  relation: 'domestic' | 'union' | 'foreign',
  supply: SupplyKind,
  day: number,
  registrations: ActiveRegistrations,
): CompiledScheme | null {
  if (relation === 'domestic') return null;
  for (const scheme of regime.schemes) {
    for (const c of scheme.covers) {
      if (c.seller !== relation || !c.supply.includes(supply) || day < c.from || day > c.until) continue;
      if (registrations.has(scheme.jurisdiction.id, c.importScheme)) return scheme;
    }
  }
  return null;
}
