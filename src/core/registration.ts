import type { Registration, SupplyKind } from './types.js';
import type { CompiledRegime, CompiledScheme } from './ruleset.js';
import { dayNumber } from './dates.js';

/** The registrations of one seller in force on one day. */
export interface ActiveRegistrations {
  has(jurisdictionId: number, importScheme?: boolean): boolean;
}

interface Span {
  from: number;
  until: number;
  importScheme: boolean;
}

type RegistrationIndex = Map<number, Span[]>;

// Indexes are built once per registrations array (accounts are prepared once and reused).
const indexes = new WeakMap<readonly Registration[], RegistrationIndex>();

function indexOf(registrations: readonly Registration[]): RegistrationIndex {
  let index = indexes.get(registrations);
  if (!index) {
    index = new Map();
    for (const r of registrations) {
      const span: Span = {
        from: r.validFrom !== undefined ? dayNumber(r.validFrom) : Number.NEGATIVE_INFINITY,
        until: r.validUntil !== undefined ? dayNumber(r.validUntil) : Number.POSITIVE_INFINITY,
        importScheme: r.importScheme === true,
      };
      const list = index.get(r.jurisdictionId);
      if (list) list.push(span);
      else index.set(r.jurisdictionId, [span]);
    }
    indexes.set(registrations, index);
  }
  return index;
}

/**
 * The registrations in force on `day`: `validFrom` and `validUntil` are inclusive
 * calendar dates; a missing bound is open.
 */
export function activeRegistrations(registrations: readonly Registration[], day: number): ActiveRegistrations {
  const index = indexOf(registrations);
  return {
    has(id, importScheme = false) {
      const spans = index.get(id);
      if (!spans) return false;
      for (const s of spans) if (s.from <= day && day <= s.until && (!importScheme || s.importScheme)) return true;
      return false;
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
