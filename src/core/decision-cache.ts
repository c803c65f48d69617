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
 *
 * Each generation is a tree of Maps walked with the key's parts (registrations, epoch,
 * then `addressKey` of the origin and of the destination, then `supplyKey`): no key
 * string is built per call, and a seller's calls share the node of their origin. Where
 * the decision read the consignment's value (it names the `consignmentLimit` it was
 * checked against), the leaf holds the decisions by the value's band (`consignmentKey`).
 */
import type { Address, Decision, Money, Registration, TaxInput } from './types.js';
import type { RuleSet } from './ruleset.js';
import { addressKey, consignmentKey, decide, situationOf, supplyKey, type CurrencyConverter, type Situation } from './decide.js';
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

/** A node of a generation's tree: the next part of a key leads to a node, the last one to a leaf. */
type Node = Map<string | number, unknown>;

/** The decisions of a situation whose answer depends on the consignment's band against a limit. */
class ByConsignment {
  readonly decisions = new Map<string, Decision>();
  constructor(readonly limit: Money) {}
}

type Leaf = Decision | ByConsignment;

interface Generation {
  readonly root: Node;
  entries: number;
}

function child(node: Node, part: string | number): Node {
  let next = node.get(part) as Node | undefined;
  if (next === undefined) node.set(part, (next = new Map()));
  return next;
}

/** The node at the end of `parts` from `node`, made where missing. */
function descend(node: Node, parts: readonly (string | number)[]): Node {
  let n = node;
  for (let i = 0; i < parts.length; i++) n = child(n, parts[i] as string | number);
  return n;
}

const EMPTY: Node = new Map();

/** The node at the end of `parts` from `node`, or undefined where a part is missing. */
function descendOrNull(node: Node, parts: readonly (string | number)[]): Node | undefined {
  let n: Node | undefined = node;
  for (let i = 0; i < parts.length && n !== undefined; i++) n = n.get(parts[i] as string | number) as Node | undefined;
  return n;
}

/** The leaf at the end of `parts` (the first `count`) from `node`, or undefined. */
function lookup(node: Node, parts: readonly (string | number)[], count: number): Leaf | undefined {
  let n: Node | undefined = node;
  const last = count - 1;
  for (let i = 0; i < last && n !== undefined; i++) n = n.get(parts[i] as string | number) as Node | undefined;
  return n?.get(parts[last] as string | number) as Leaf | undefined;
}

/** The node that holds the leaf at the end of `parts` (the first `count`) from `node`, made where missing. */
function parentOf(node: Node, parts: readonly (string | number)[], count: number): Node {
  let n = node;
  for (let i = 0; i < count - 1; i++) n = child(n, parts[i] as string | number);
  return n;
}

export function createDecisionCache(rules: RuleSet, options: DecisionCacheOptions = {}): DecisionCache {
  const maxBytes = options.maxBytes ?? DEFAULT_CACHE_BYTES;
  const convert = options.convertCurrency;
  // Registration sets take a bounded share (an eighth) of the budget; decisions the rest.
  const maxSets = Math.max(1, Math.floor(maxBytes / 8 / REGISTRATION_SET_BYTES));
  // Two generations of `half` entries each (no cache below two).
  const half = Math.max(0, Math.floor((maxBytes - maxSets * REGISTRATION_SET_BYTES) / DECISION_BYTES / 2));
  const maxEntries = 2 * half;
  let young: Generation = { root: new Map(), entries: 0 };
  let old: Generation = { root: new Map(), entries: 0 };
  let hits = 0;
  let misses = 0;
  let nextSetId = 1;
  const byIdentity = new WeakMap<readonly Registration[], RegistrationSet>();
  const byContent = new Map<string, RegistrationSet>();
  let lastList: readonly Registration[] | null = null;
  let lastSet: RegistrationSet | null = null;
  // The young generation's node of the last (registrations, epoch, frozen origin).
  let lastOrigin: unknown = null;
  let lastOriginSet: RegistrationSet | null = null;
  let lastOriginEpoch = -1;
  let lastOriginNode: Node | null = null;
  // The key parts of a call: filled and walked before anything can call back in.
  const scratch: (string | number)[] = [];
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

  /**
   * The young generation's node for the registrations, epoch and origin of a call; made only
   * when a decision is stored (`make`), so that calls that fail take no memory.
   */
  function originNode(set: RegistrationSet, epoch: number, origin: Address, make: boolean): Node | undefined {
    if (origin === lastOrigin && set === lastOriginSet && epoch === lastOriginEpoch && lastOriginNode !== null) return lastOriginNode;
    const parts: (string | number)[] = [set.id, epoch];
    const path = parts.slice(0, addressKey(rules, origin, parts, 2));
    const node = make ? descend(young.root, path) : descendOrNull(young.root, path);
    if (node === undefined) return undefined;
    // Only an origin nobody can change is remembered by identity (a prepared account's is frozen).
    if (Object.isFrozen(origin)) {
      lastOrigin = origin;
      lastOriginSet = set;
      lastOriginEpoch = epoch;
      lastOriginNode = node;
    }
    return node;
  }

  /**
   * Stores a decision in the young generation (from its origin node), which makes way when
   * full: at the key, or under the consignment's band when the decision read it.
   */
  function store(key: readonly (string | number)[], s: Situation, day: number, set: RegistrationSet, epoch: number, origin: Address, d: Decision): void {
    if (young.entries >= half) {
      old = young;
      young = { root: new Map(), entries: 0 };
      lastOriginNode = null;
    }
    const parent = parentOf(originNode(set, epoch, origin, true) as Node, key, key.length);
    const last = key[key.length - 1] as string | number;
    if (d.consignmentLimit === null) parent.set(last, d);
    else {
      let leaf = parent.get(last) as Leaf | undefined;
      if (!(leaf instanceof ByConsignment)) parent.set(last, (leaf = new ByConsignment(d.consignmentLimit)));
      leaf.decisions.set(consignmentKey(s, d.consignmentLimit, day, convert), d);
    }
    young.entries++;
  }

  /** The decision of a leaf for a situation, if it holds one. */
  function fromLeaf(leaf: Leaf | undefined, s: Situation, day: number): Decision | undefined {
    if (leaf === undefined || !(leaf instanceof ByConsignment)) return leaf;
    return leaf.decisions.get(consignmentKey(s, leaf.limit, day, convert));
  }

  return {
    decisionOf(input, day) {
      const situation = situationOf(input);
      if (maxEntries === 0) return decide(situation, rules, day, activeOn(indexRegistrations(input.registrations), day), convert);
      const set = setOf(input.registrations);
      const epoch = epochOf(set, day);
      const from = originNode(set, epoch, input.origin, false);
      const count = supplyKey(situation, scratch, addressKey(rules, situation.destination, scratch, 0));
      const known = from === undefined ? undefined : fromLeaf(lookup(from, scratch, count), situation, day);
      if (known !== undefined) {
        hits++;
        return known;
      }
      // A miss: the key made afresh (a currency converter may have called back in and used the scratch).
      const key: (string | number)[] = [];
      supplyKey(situation, key, addressKey(rules, situation.destination, key, 0));
      const origin: (string | number)[] = [];
      const head = [set.id, epoch, ...origin.slice(0, addressKey(rules, input.origin, origin, 0))];
      let d = fromLeaf(lookup(descendOrNull(old.root, head) ?? EMPTY, key, count), situation, day);
      if (d !== undefined) hits++;
      else {
        misses++;
        d = decide(situation, rules, day, activeFor(set, day), convert);
      }
      store(key, situation, day, set, epoch, input.origin, d);
      return d;
    },
    stats() {
      const entries = young.entries + old.entries;
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
      young = { root: new Map(), entries: 0 };
      old = { root: new Map(), entries: 0 };
      byContent.clear();
      lastList = null;
      lastSet = null;
      lastOriginNode = null;
      hits = 0;
      misses = 0;
    },
  };
}
