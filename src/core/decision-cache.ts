/**
 * The decision cache: decisions reused between calls, bounded in memory.
 *
 * A decision depends on the rules, the seller's registrations, the day and the situation
 * (see `Situation` and `situationKey` in decide.ts). Every dated thing the pipeline reads —
 * rate, taxability, territory and regime periods, supply rules, scheme covers,
 * registrations — changes only on a known day, so the days between two consecutive
 * changes form an epoch in which every decision stays the same. The key is therefore
 * (registrations, epoch, situation key); the first call of a key decides it, later ones
 * read it.
 *
 * Registrations are keyed by content, never by an object the caller can still change: a
 * frozen array of frozen registrations (what `prepareAccount` makes) is remembered by
 * identity, anything else is read afresh on every call (its cost grows with the number of
 * registrations). The cache holds at most `maxBytes` (default 32 MiB) by a measured
 * per-entry size: entries live in two generations, and when the young one is full the
 * old one is dropped, so what is in use stays and the rest goes.
 */
import type { Decision, Registration, TaxInput } from './types.js';
import type { RuleSet } from './ruleset.js';
import { decide, situationKey, situationOf, type CurrencyConverter } from './decide.js';
import { activeOn, indexRegistrations, registrationDays, type ActiveRegistrations, type RegistrationIndex } from './registration.js';


/** Bytes one cached decision holds, measured (decision, lines, notes, key, map slot) and rounded up. */
export const DECISION_BYTES = 2_048;
/** Bytes one remembered set of registrations holds besides its registrations, rounded up. */
const REGISTRATION_SET_BYTES = 4_096;
export const DEFAULT_CACHE_BYTES = 32 * 2 ** 20;
const FIRST_DAY = -(2 ** 31);

export interface DecisionCacheOptions {
  /** Upper bound of the memory the cache holds, in bytes (default 32 MiB); 0 turns it off. */
  readonly maxBytes?: number;
  /** Converts a consignment's value for schemes limited in another currency (IOSS: EUR). */
  readonly convertCurrency?: CurrencyConverter;
}

export interface DecisionCacheStats {
  readonly entries: number;
  readonly maxEntries: number;
  readonly registrationSets: number;
  /** Estimated bytes held, at most `maxBytes`. */
  readonly bytes: number;
  readonly maxBytes: number;
  readonly hits: number;
  readonly misses: number;
}

export interface DecisionCache {
  /** The decision for an input on its day (a valid day number): as `decide` gives it, from the cache when it can. */
  decisionOf(input: TaxInput, day: number): Decision;
  stats(): DecisionCacheStats;
  clear(): void;
}

/** A set of registrations with its index and its epochs (rule change days and its own days). */
interface RegistrationSet {
  readonly id: number;
  readonly index: RegistrationIndex;
  readonly starts: Int32Array;
  readonly size: number;
  lastDay: number;
  lastEpoch: number;
  lastActive: ActiveRegistrations | null;
}

/** Whether the caller can no longer change the registrations (a prepared account's are frozen). */
function isFrozenList(registrations: readonly Registration[]): boolean {
  if (!Object.isFrozen(registrations)) return false;
  for (const r of registrations) if (!Object.isFrozen(r)) return false;
  return true;
}

/** What decides about registrations, as text. */
function registrationsKey(registrations: readonly Registration[]): string {
  let key = '';
  for (const r of registrations) {
    key += `${r.jurisdictionId}|${r.validFrom ?? ''}|${r.validUntil ?? ''}|${r.importScheme === true ? 1 : 0}|${r.permanentEstablishment === true ? 1 : 0};`;
  }
  return key;
}

export function createDecisionCache(rules: RuleSet, options: DecisionCacheOptions = {}): DecisionCache {
  const maxBytes = options.maxBytes ?? DEFAULT_CACHE_BYTES;
  const convert = options.convertCurrency;
  // Registration sets take a bounded share (an eighth) of the budget; decisions the rest.
  const maxSets = Math.max(1, Math.floor(maxBytes / 8 / REGISTRATION_SET_BYTES));
  const maxEntries = Math.max(0, Math.floor((maxBytes - maxSets * REGISTRATION_SET_BYTES) / DECISION_BYTES));
  const half = Math.max(1, Math.floor(maxEntries / 2));
  let young = new Map<string, Decision>();
  let old = new Map<string, Decision>();
  let hits = 0;
  let misses = 0;
  let nextSetId = 1;
  const byIdentity = new WeakMap<readonly Registration[], RegistrationSet>();
  const byContent = new Map<string, RegistrationSet>();
  let lastList: readonly Registration[] | null = null;
  let lastSet: RegistrationSet | null = null;

  function makeSet(registrations: readonly Registration[]): RegistrationSet {
    const days = new Set(rules.changeDays);
    for (const d of registrationDays(registrations)) days.add(d);
    const starts = new Int32Array(days.size + 1);
    starts[0] = FIRST_DAY;
    let i = 1;
    for (const d of days) if (Number.isFinite(d)) starts[i++] = d;
    return { id: nextSetId++, index: indexRegistrations(registrations), starts: starts.subarray(0, i).sort(), size: registrations.length, lastDay: Number.NaN, lastEpoch: 0, lastActive: null };
  }

  function setOf(registrations: readonly Registration[]): RegistrationSet {
    if (registrations === lastList && lastSet !== null) return lastSet;
    const frozen = isFrozenList(registrations);
    let set = frozen ? byIdentity.get(registrations) : undefined;
    if (set === undefined) {
      const key = registrationsKey(registrations);
      set = byContent.get(key);
      if (set === undefined) {
        if (byContent.size >= maxSets) byContent.delete(byContent.keys().next().value as string);
        set = makeSet(registrations);
        byContent.set(key, set);
      }
      if (frozen) byIdentity.set(registrations, set);
    }
    if (frozen) {
      lastList = registrations;
      lastSet = set;
    }
    return set;
  }

  function epochOf(set: RegistrationSet, day: number): number {
    if (day === set.lastDay) return set.lastEpoch;
    const starts = set.starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= day) lo = mid;
      else hi = mid - 1;
    }
    set.lastDay = day;
    set.lastEpoch = lo;
    set.lastActive = null;
    return lo;
  }

  function activeFor(set: RegistrationSet, day: number): ActiveRegistrations {
    // Within an epoch the same registrations are in force: one view per epoch is enough.
    epochOf(set, day);
    return (set.lastActive ??= activeOn(set.index, day));
  }

  return {
    decisionOf(input, day) {
      const situation = situationOf(input);
      if (maxEntries === 0) return decide(situation, rules, day, activeOn(indexRegistrations(input.registrations), day), convert);
      const set = setOf(input.registrations);
      const key = `${set.id}.${epochOf(set, day)}|${situationKey(rules, situation, day, convert)}`;
      let d = young.get(key);
      if (d !== undefined) {
        hits++;
        return d;
      }
      d = old.get(key);
      if (d !== undefined) hits++;
      else {
        misses++;
        d = decide(situation, rules, day, activeFor(set, day), convert);
      }
      if (young.size >= half) {
        old = young;
        young = new Map();
      }
      young.set(key, d);
      return d;
    },
    stats() {
      const entries = young.size + old.size;
      return {
        entries,
        maxEntries,
        registrationSets: byContent.size,
        bytes: entries * DECISION_BYTES + byContent.size * REGISTRATION_SET_BYTES,
        maxBytes,
        hits,
        misses,
      };
    },
    clear() {
      young = new Map();
      old = new Map();
      byContent.clear();
      lastList = null;
      lastSet = null;
      hits = 0;
      misses = 0;
    },
  };
}
