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
 * then `addressKey` of the origin), to the node of an origin: no key string is built per
 * call, and a seller's calls share the node of their origin. Under it, the destination's
 * country and the supply number (`supplyNumber`) make one number (see `lettersOf`),
 * which leads to the leaf, or, where the destination's details matter (`addressKey`), to
 * the leaves by the details' text: one or two lookups a call (the numbers never meet the
 * texts by which the same node leads on to origins with details). Where the decision read the
 * consignment's value (it names the `consignmentLimit` it was checked against), the leaf
 * holds the decisions by the value's band (`consignmentKey`).
 */
import type { Address, Decision, Money, Registration, TaxInput } from './types.js';
import type { RuleSet } from './ruleset.js';
import { decide } from './decide.js';
import { addressKey, consignmentKey, customerOf, detailsKey, situationOf, supplyNumber, supplyNumberOf, type CurrencyConverter, type Situation } from './situation.js';
import { TAX_CODES } from '../generated/tax-codes.js';
import { activeOn, indexRegistrations, isFrozenList, registrationDays, type ActiveRegistrations, type RegistrationIndex } from './registration.js';


/**
 * Bytes a distinct decision holds besides its content key (2 bytes a character): its
 * objects, measured on the default rules and rounded up.
 */
const DECISION_BYTES = 1_024;
/** Bytes a cache entry holds: a map slot, measured and rounded up. */
const ENTRY_BYTES = 96;
/**
 * Bytes an entry by a destination's details holds besides its slot and its key's characters (2
 * bytes each): the key's string and what the heap keeps of the entry beyond the count of its
 * parts, rounded up to what bench/cache-memory.mjs measured (the heap's growth under a worst
 * case of distinct addresses within the cache's bound, as when each details' text had a map).
 */
const DETAILS_KEY_BYTES = 256;
/** Bytes a map of leaves by details holds (one for each country and supply where details matter), measured and rounded up. */
const DETAILS_BYTES = 256;
/** Supply numbers (see supplyNumberOf): four for each tax code. */
const SUPPLIES = TAX_CODES.length * 4;
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
  /**
   * The decision the cache's young generation holds for an input on its day, else undefined:
   * no decision is made, stored or moved (the registrations' set is read or made, as by any
   * call). `code` is the index of the input's tax code in
   * TAX_CODES (taxCodeNumber), as a reader that checked the code found it.
   */
  knownDecision(input: TaxInput, day: number, code: number): HeldDecision | undefined;
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


/** What decides about registrations, as text. */
function registrationsKey(registrations: readonly Registration[]): string {
  let key = '';
  for (const r of registrations) {
    key += `${r.jurisdictionId}|${r.validFrom ?? ''}|${r.validUntil ?? ''}|${r.importScheme === true ? 1 : 0}|${r.permanentEstablishment === true ? 1 : 0};`;
  }
  return key;
}

/**
 * A decision as a generation holds it, with what the reader of knownDecision works out from
 * it once (v20241028's answer parts): kept beside the decision, so that no second lookup by
 * the decision is needed. It goes with the generation.
 */
export interface HeldDecision {
  readonly decision: Decision;
  answerParts: unknown;
}

/** A node of a generation's tree: the next part of a key leads to a node, the last one to a leaf. */
type Node = Map<string | number, unknown>;

/** The decisions of a situation whose answer depends on the consignment's band against a limit. */
class ByConsignment {
  readonly decisions = new Map<string, HeldDecision>();
  constructor(readonly limit: Money) {}
}

type Leaf = HeldDecision | ByConsignment;

interface Generation {
  readonly root: Node;
  entries: number;
  bytes: number;
  /** Its distinct decisions by content: many situations share one (every ZIP code of a state). */
  readonly decisions: Map<string, HeldDecision>;
}

function generation(): Generation {
  return { root: new Map(), entries: 0, bytes: 0, decisions: new Map() };
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

/** The node at the end of `parts` from `node`, or undefined where a part is missing. */
function descendOrNull(node: Node, parts: readonly (string | number)[]): Node | undefined {
  let n: Node | undefined = node;
  for (let i = 0; i < parts.length && n !== undefined; i++) n = n.get(parts[i] as string | number) as Node | undefined;
  return n;
}

/**
 * A country's two capital letters (as the rules write every country) as a number, 0 to
 * 675; -1 for a country written otherwise (its decisions are not held). With the supply
 * number it makes the destination's slot in an origin's node, `letters * SUPPLIES +
 * supply`, one number for each pair; a destination whose details matter has its leaves by
 * details under the slot's complement (`~slot`), which no pair has.
 */
function lettersOf(country: string): number {
  if (country.length !== 2) return -1;
  const a = country.charCodeAt(0) - 65;
  const b = country.charCodeAt(1) - 65;
  return a >= 0 && a < 26 && b >= 0 && b < 26 ? a * 26 + b : -1;
}

/** The leaf of a destination's slot and details (null: none that matter) under an origin's node, or undefined. */
function lookup(node: Node, slot: number, details: string | null): Leaf | undefined {
  if (details === null) return node.get(slot) as Leaf | undefined;
  return (node.get(~slot) as Map<string, Leaf> | undefined)?.get(details);
}

export function createDecisionCache(rules: RuleSet, options: DecisionCacheOptions = {}): DecisionCache {
  const maxBytes = options.maxBytes ?? DEFAULT_CACHE_BYTES;
  const convert = options.convertCurrency;
  // Registration sets take a bounded share (an eighth) of the budget; decisions the rest.
  const maxSets = Math.max(1, Math.floor(maxBytes / 8 / REGISTRATION_SET_BYTES));
  // Two generations of `half` bytes each; none when a generation cannot hold one decision.
  const budget = maxBytes - maxSets * REGISTRATION_SET_BYTES;
  const half = budget / 2 >= 4 * DECISION_BYTES ? Math.floor(budget / 2) : 0;
  // As many entries as fit when they share their decisions and have short keys.
  const maxEntries = half === 0 ? 0 : 2 * Math.floor(half / ENTRY_BYTES);
  let young = generation();
  let old = generation();
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
  // Whether a destination's details matter (addressKey), by its country's letters (see
  // lettersOf): 0 not yet known, 1 they do not, 2 they do.
  const matters = new Int8Array(26 * 26);
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
    // A list remembered by identity was frozen then, and freezing cannot be undone.
    let set = byIdentity.get(registrations);
    const frozen = set !== undefined || isFrozenList(registrations);
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
   * full: at the key, or under the consignment's band when the decision read it. A
   * decision equal to one the generation holds is stored as that one.
   */
  function store(slot: number, details: string | null, s: Situation, day: number, set: RegistrationSet, epoch: number, origin: Address, d: Decision): Decision {
    const content = JSON.stringify(d);
    // An entry by details holds its key's string; a map of them (one for each country and
    // supply) is counted in the check below, added when it is made.
    const entryBytes = details === null ? ENTRY_BYTES : ENTRY_BYTES + DETAILS_KEY_BYTES + 2 * details.length;
    const mapBytes = details === null ? 0 : DETAILS_BYTES;
    const decisionBytes = DECISION_BYTES + 2 * content.length;
    // An entry larger than a whole (empty) generation is given, never stored: it would break the bound.
    if (entryBytes + mapBytes + decisionBytes > half) return d;
    if (young.bytes + entryBytes + mapBytes + (young.decisions.has(content) ? 0 : decisionBytes) > half) {
      old = young;
      young = generation();
      lastOriginNode = null;
    }
    let shared = young.decisions.get(content);
    if (shared === undefined) {
      young.decisions.set(content, (shared = { decision: d, answerParts: undefined }));
      young.bytes += decisionBytes;
    }
    let parent = originNode(set, epoch, origin, true) as Node;
    let at: string | number = slot;
    if (details !== null) {
      const known = parent.get(~slot) as Node | undefined;
      if (known === undefined) {
        parent.set(~slot, (parent = new Map()));
        young.bytes += mapBytes;
      } else parent = known;
      at = details;
    }
    const limit = shared.decision.consignmentLimit;
    if (limit === null) parent.set(at, shared);
    else {
      let leaf = parent.get(at) as Leaf | undefined;
      if (!(leaf instanceof ByConsignment)) parent.set(at, (leaf = new ByConsignment(limit)));
      leaf.decisions.set(consignmentKey(s, limit, day, convert), shared);
    }
    young.entries++;
    young.bytes += entryBytes;
    return shared.decision;
  }

  /** The decision of a leaf for a situation, if it holds one. */
  function fromLeaf(leaf: Leaf | undefined, s: Situation, day: number): HeldDecision | undefined {
    if (leaf === undefined || !(leaf instanceof ByConsignment)) return leaf;
    return leaf.decisions.get(consignmentKey(s, leaf.limit, day, convert));
  }

  /**
   * A destination's details as its key (addressKey's), or null where they are none or do
   * not matter; whether they matter is remembered by the country's letters (see lettersOf),
   * where rules.detailsMatter looks the country up each time.
   */
  function detailsOf(a: Address, letters: number): string | null {
    const { postalCode, city, region } = a;
    if (postalCode === undefined && city === undefined && region === undefined) return null;
    let m = matters[letters] as number;
    if (m === 0) matters[letters] = m = rules.detailsMatter(a.country) ? 2 : 1;
    return m === 2 ? detailsKey(postalCode, city, region, true) : null;
  }

  /** The young generation's decision for an input, its registrations' set and epoch, if it holds one. */
  function known(input: TaxInput, day: number, set: RegistrationSet, epoch: number, supply: number): HeldDecision | undefined {
    const destination = input.destination;
    const letters = lettersOf(destination.country);
    if (letters < 0) return undefined;
    // The origin's node of the last call, compared here rather than in a call of originNode.
    const origin = input.origin;
    const from = origin === lastOrigin && set === lastOriginSet && epoch === lastOriginEpoch && lastOriginNode !== null ? lastOriginNode : originNode(set, epoch, origin, false);
    if (from === undefined) return undefined;
    // The key of the situation, read from the input (the situation itself is made on a miss).
    const leaf = lookup(from, letters * SUPPLIES + supply, detailsOf(destination, letters));
    return leaf instanceof ByConsignment ? fromLeaf(leaf, situationOf(input), day) : leaf;
  }

  return {
    knownDecision(input, day, code) {
      if (half === 0) return undefined;
      const set = setOf(input.registrations);
      const d = known(input, day, set, epochOf(set, day), supplyNumberOf(code, input.productType, customerOf(input)));
      if (d !== undefined) hits++;
      return d;
    },
    decisionOf(input, day) {
      if (half === 0) return decide(situationOf(input), rules, day, activeOn(indexRegistrations(input.registrations), day), convert);
      const set = setOf(input.registrations);
      const epoch = epochOf(set, day);
      const found = known(input, day, set, epoch, supplyNumber(input.taxCode, input.productType, customerOf(input)));
      if (found !== undefined) {
        hits++;
        return found.decision;
      }
      const situation = situationOf(input);
      const letters = lettersOf(situation.destination.country);
      // A country written otherwise than the rules write one: decided, not held.
      if (letters < 0) {
        misses++;
        return decide(situation, rules, day, activeFor(set, day), convert);
      }
      const slot = letters * SUPPLIES + supplyNumber(situation.taxCode, situation.productType, situation.customer);
      const details = detailsOf(situation.destination, letters);
      const origin: (string | number)[] = [];
      const head = [set.id, epoch, ...origin.slice(0, addressKey(rules, input.origin, origin, 0))];
      const from = descendOrNull(old.root, head);
      const held = from === undefined ? undefined : fromLeaf(lookup(from, slot, details), situation, day);
      let d: Decision;
      if (held !== undefined) {
        hits++;
        d = held.decision;
      } else {
        misses++;
        d = decide(situation, rules, day, activeFor(set, day), convert);
      }
      return store(slot, details, situation, day, set, epoch, input.origin, d);
    },
    stats() {
      const entries = young.entries + old.entries;
      return {
        entries,
        maxEntries,
        registrationSets: byContent.size,
        bytes: young.bytes + old.bytes + byContent.size * REGISTRATION_SET_BYTES,
        maxBytes,
        hits,
        misses,
      };
    },
    clear() {
      young = generation();
      old = generation();
      byContent.clear();
      lastList = null;
      lastSet = null;
      lastOriginNode = null;
      matters.fill(0);
      hits = 0;
      misses = 0;
    },
  };
}
