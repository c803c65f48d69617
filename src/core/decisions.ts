import type { Address, Registration, TaxInput } from './types.js';
import type { ClassTable, RuleSet } from './ruleset.js';
import { canonicalCountry } from './location.js';
import { dayNumber } from './dates.js';
import type { Decision } from './determine.js';

/*
 * The decision table: decisions reused between calls.
 *
 * A decision depends on the rules, the seller's registrations, the day and the supply
 * situation (destination, origin, tax code, product type, business or consumer). Every
 * dated thing the core reads — rate, taxability, territory and regime periods, supply
 * rules, scheme covers, registrations — changes only on a known day, so the days between
 * two consecutive changes form an epoch in which every decision stays the same. The table
 * is filled lazily: the first call of a situation in an epoch decides it, later ones look it
 * up (a handful of Map reads). It is bounded: past MAX_DECISIONS it starts empty again.
 */

const MAX_DECISIONS = 50_000;
const FIRST_DAY = -(2 ** 31);

interface CountryNode {
  /** Whether postal code, city or region can change where an address of this country is. */
  readonly addressMatters: boolean;
  /** What follows for an address of the country alone (or whose details do not matter). */
  readonly bare: Map<string, unknown>;
  /** What follows, by postal code, then city, then region, when they matter. */
  readonly detailed: Map<string, unknown>;
}

interface DecisionTable {
  /** First day of each epoch, ascending; the first is before any date. */
  readonly starts: Int32Array;
  epochs: (Map<string, CountryNode> | undefined)[];
  lastDay: number;
  lastEpoch: number;
  /** The origin address object of the last call and its node in the last epoch (sellers reuse theirs). */
  lastOrigin: Address | null;
  lastOriginNode: Map<string, CountryNode> | null;
  size: number;
}

const changeDays = new WeakMap<RuleSet, number[]>();

/**
 * Every day on which something dated in the rules starts or stops: as the data carries
 * them (packed data does), else worked out once per rule set.
 */
export function ruleChangeDays(rules: RuleSet): readonly number[] {
  if (rules.changeDays) return rules.changeDays;
  let days = changeDays.get(rules);
  if (days) return days;
  days = computeRuleChangeDays(rules);
  changeDays.set(rules, days);
  return days;
}

/** Works out the rule change days by reading every rule (compiling every country). */
export function computeRuleChangeDays(rules: RuleSet): number[] {
  const set = new Set<number>();
  const add = (d: number): void => {
    if (Number.isFinite(d) && d > FIRST_DAY && d < 2 ** 31) set.add(d);
  };
  const periods = (list: readonly { from: number }[] | undefined): void => {
    if (list) for (const p of list) add(p.from);
  };
  const classes = (table: ClassTable): void => {
    for (const list of Object.values(table)) periods(list);
  };
  for (const j of rules.jurisdictions.values()) {
    for (const t of j.taxes) {
      add(t.since);
      classes(t.classes);
      for (const list of Object.values(t.taxability)) periods(list);
    }
  }
  for (const r of rules.regimes.values()) {
    for (const s of r.rules) {
      add(s.from);
      add(s.until + 1);
    }
    for (const scheme of r.schemes) {
      for (const c of scheme.covers) {
        add(c.from);
        add(c.until + 1);
      }
    }
    for (const list of Object.values(r.taxability)) periods(list);
  }
  for (const c of rules.countries.values()) {
    for (const m of c.regimes) {
      add(m.from);
      add(m.until + 1);
    }
  }
  for (const list of rules.territories.values()) {
    for (const t of list) {
      periods(t.treatment);
      classes(t.rates);
    }
  }
  return [...set].sort((a, b) => a - b);
}

function createTable(rules: RuleSet, registrations: readonly Registration[]): DecisionTable {
  const set = new Set(ruleChangeDays(rules));
  for (const r of registrations) {
    if (r.validFrom !== undefined) set.add(dayNumber(r.validFrom));
    if (r.validUntil !== undefined) set.add(dayNumber(r.validUntil) + 1);
  }
  const starts = new Int32Array(set.size + 1);
  starts[0] = FIRST_DAY;
  let i = 1;
  for (const d of set) if (Number.isFinite(d)) starts[i++] = d;
  const used = starts.subarray(0, i).sort();
  return { starts: used, epochs: [], lastDay: Number.NaN, lastEpoch: 0, lastOrigin: null, lastOriginNode: null, size: 0 };
}

/** What decides about registrations, as text: sellers with the same registrations share a table. */
function registrationsKey(registrations: readonly Registration[]): string {
  let key = '';
  for (const r of registrations) key += `${r.jurisdictionId}|${r.validFrom ?? ''}|${r.validUntil ?? ''}|${r.importScheme === true ? 1 : 0};`;
  return key;
}

const MAX_TABLES = 1_000;

interface Tables {
  /** By the registrations array itself (a prepared account keeps its own). */
  byArray: WeakMap<readonly Registration[], DecisionTable>;
  /** By content, for accounts prepared afresh on each call (loaded per request). */
  byKey: Map<string, DecisionTable>;
}

const tables = new WeakMap<RuleSet, Tables>();

let lastRules: RuleSet | null = null;
let lastRegistrations: readonly Registration[] | null = null;
let lastTable: DecisionTable | null = null;

function tableOf(rules: RuleSet, registrations: readonly Registration[]): DecisionTable {
  if (rules === lastRules && registrations === lastRegistrations) return lastTable as DecisionTable;
  let t = tables.get(rules);
  if (!t) tables.set(rules, (t = { byArray: new WeakMap(), byKey: new Map() }));
  let table = t.byArray.get(registrations);
  if (!table) {
    const key = registrationsKey(registrations);
    table = t.byKey.get(key);
    if (!table) {
      // Bounded: the oldest table goes when there are too many.
      if (t.byKey.size >= MAX_TABLES) t.byKey.delete(t.byKey.keys().next().value as string);
      t.byKey.set(key, (table = createTable(rules, registrations)));
    }
    t.byArray.set(registrations, table);
  }
  lastRules = rules;
  lastRegistrations = registrations;
  lastTable = table;
  return table;
}

function epochOf(table: DecisionTable, day: number): number {
  if (day === table.lastDay) return table.lastEpoch;
  table.lastOrigin = null;
  const starts = table.starts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= day) lo = mid;
    else hi = mid - 1;
  }
  table.lastDay = day;
  table.lastEpoch = lo;
  return lo;
}

function countryNode(rules: RuleSet, map: Map<string, CountryNode>, code: string): CountryNode {
  let node = map.get(code);
  if (!node) {
    const c = canonicalCountry(rules, code);
    const addressMatters = rules.territories.has(c) || (rules.countries.get(c)?.byRegion.size ?? 0) > 0;
    map.set(code, (node = { addressMatters, bare: new Map(), detailed: new Map() }));
  }
  return node;
}

function child(map: Map<string, unknown>, key: string): Map<string, unknown> {
  let next = map.get(key) as Map<string, unknown> | undefined;
  if (!next) map.set(key, (next = new Map()));
  return next;
}

/** The node that follows an address: its country's, then its details where they matter. */
function addressNode(rules: RuleSet, map: Map<string, CountryNode>, a: Address): Map<string, unknown> {
  const node = countryNode(rules, map, a.country);
  if (!node.addressMatters || (a.postalCode === undefined && a.city === undefined && a.region === undefined)) return node.bare;
  return child(child(child(node.detailed, a.postalCode ?? ''), a.city ?? ''), a.region ?? '');
}

/**
 * The decision for an input on its day (a valid day number), from the decision table of
 * the rules and the input's registrations: what `decide` gives, without deciding again.
 * The registrations array is taken as unchanging (prepared accounts are).
 */
export function decisionFor(input: TaxInput, rules: RuleSet, day: number, decide: (input: TaxInput, rules: RuleSet, day: number) => Decision): Decision {
  const table = tableOf(rules, input.registrations);
  const epoch = epochOf(table, day);
  // Origin first (a seller's calls share it), then destination, then the supply.
  let destinations: Map<string, CountryNode>;
  // Only a frozen origin can be remembered by identity (a prepared account's is).
  if (input.origin === table.lastOrigin && table.lastOriginNode !== null) destinations = table.lastOriginNode;
  else {
    let origins = table.epochs[epoch];
    if (!origins) table.epochs[epoch] = origins = new Map();
    destinations = addressNode(rules, origins, input.origin) as Map<string, CountryNode>;
    if (Object.isFrozen(input.origin)) {
      table.lastOrigin = input.origin;
      table.lastOriginNode = destinations;
    }
  }
  const map = addressNode(rules, destinations, input.destination);

  let slots = map.get(input.taxCode) as (Decision | undefined)[] | undefined;
  const slot = (input.productType === 'good' ? 2 : 0) + (input.customerTaxId?.verdict === 'valid' ? 1 : 0);
  const known = slots?.[slot];
  if (known) return known;
  const decision = decide(input, rules, day);
  if (!decision.reusable) return decision;
  if (table.size >= MAX_DECISIONS) {
    // Bounded memory: start again (the usual working set is far smaller).
    table.epochs = [];
    table.lastOrigin = null;
    table.size = 0;
    return decision;
  }
  if (!slots) map.set(input.taxCode, (slots = [undefined, undefined, undefined, undefined]));
  slots[slot] = decision;
  table.size++;
  return decision;
}
