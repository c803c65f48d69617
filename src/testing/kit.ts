/**
 * fast-check arbitraries for taxrules' inputs and the engine's invariants as reusable
 * properties: for the project's own property tests and for suites that embed taxrules
 * (vitest, jest, node:test: a property is run with `fc.assert`). fast-check is a peer
 * dependency of this entry (`taxrules/testing/fast-check`), and of no other.
 */
import fc from 'fast-check';
import type { Account, SellerAccount } from '../adapters/account.js';
import { calculateTaxRate, explainTaxRate, type TaxRateQuery } from '../adapters/v20241028.js';
import type { CalculationRequest } from '../adapters/v20260309.js';
import { errorFromIssues, TaxRulesError } from '../core/errors.js';
import { dateOfDay, dayNumber } from '../core/dates.js';
import { stateOfZip } from '../core/location.js';
import type { RuleSet } from '../core/ruleset.js';
import type { TaxCodeId } from '../core/types.js';
import { formatMinor } from '../core/money.js';
import { samplePostalCode } from './diff.js';
import { guarded, readOptions, ruleSetArg, RULE_SET, type OptionCheck } from '../adapters/read.js';
import { isPreparedAccount } from '../adapters/account.js';
import { prepareAccount } from '../boundary.js';
import { DATE, isObject, malformed } from './checks.js';

import { registeredEverywhere, TAX_CODES } from './accounts.js';

export { registeredEverywhere, TAX_CODES };

/** A place a quote can be for: a country, a state or province by a postal code of it, a special territory by one of its postal codes. */
export interface KitDestination {
  to_country: string;
  to_postal_code?: string;
}

export interface KitOptions {
  rules?: RuleSet;
  /** First and last day of the dates drawn (default 2015-01-01 to 2027-12-31). */
  from?: string;
  until?: string;
}

/** The options of the kit and its invariants, checked: a rule set, dates from ≤ until, a plain account the rules accept. */
interface Checked {
  rules: RuleSet;
  from?: string;
  until?: string;
  account?: Account;
}

const DEFAULT_FROM = '2015-01-01';
const DEFAULT_UNTIL = '2027-12-31';

const KIT_OPTIONS: { readonly [K in keyof KitOptions]-?: OptionCheck } = { rules: RULE_SET, from: DATE, until: DATE };
const INVARIANT_OPTIONS: { readonly [K in keyof InvariantOptions]-?: OptionCheck } = { ...KIT_OPTIONS, account: [isObject, 'an account { country, currency, registrations, … }'] };

/**
 * The options of taxArbitraries (`account` too for an invariant), checked: absent or null is
 * the defaults; anything else wrong is a TaxRulesError naming the option, before any drawing.
 */
function checkedOptions(options: unknown, invariant: boolean): Checked {
  const o = guarded(() => readOptions<InvariantOptions>(options, (invariant ? INVARIANT_OPTIONS : KIT_OPTIONS) as typeof INVARIANT_OPTIONS), ['options']);
  const rules = ruleSetArg(o.rules, ['options', 'rules']);
  const from = o.from ?? DEFAULT_FROM;
  const until = o.until ?? DEFAULT_UNTIL;
  if (dayNumber(from) > dayNumber(until)) {
    throw malformed(['options', o.from !== undefined ? 'from' : 'until'], `options.from (${from}${o.from === undefined ? ', the default' : ''}) is after options.until (${until}${o.until === undefined ? ', the default' : ''})`);
  }
  const account = o.account;
  if (account !== undefined) {
    if (isPreparedAccount(account)) throw malformed(['options', 'account'], 'options.account must be a plain account, not a prepared one: the invariants take registrations away from it');
    guarded(() => {
      prepareAccount(account, rules);
    }, ['options', 'account']);
  }
  return { rules, ...(o.from !== undefined ? { from: o.from } : {}), ...(o.until !== undefined ? { until: o.until } : {}), ...(account !== undefined ? { account } : {}) };
}

interface World {
  rules: RuleSet;
  destinations: KitDestination[];
  /** Change days of each destination's country (its rates' periods), for dates on both sides of them. */
  changes: Map<string, number[]>;
  first: number;
  last: number;
}

const worlds = new WeakMap<RuleSet, Map<string, World>>();

function worldOf(options: Checked): World {
  const rules = options.rules;
  const key = `${options.from ?? ''}|${options.until ?? ''}`;
  const cached = worlds.get(rules)?.get(key);
  if (cached) return cached;
  const first = dayNumber(options.from ?? DEFAULT_FROM);
  const last = dayNumber(options.until ?? DEFAULT_UNTIL);
  const destinations: KitDestination[] = [];
  const changes = new Map<string, number[]>();
  // A ZIP code of each US state, from the rules' ZIP table.
  const zipOfState = new Map<string, string>();
  for (let zip = 501; zip <= 99_950; zip += 50) {
    const state = stateOfZip(rules, zip);
    if (state && !zipOfState.has(state)) zipOfState.set(state, String(zip).padStart(5, '0'));
  }
  for (const code of [...rules.world.keys()].sort()) {
    const country = rules.countries.get(code);
    if (!country) continue;
    const days = new Set<number>();
    for (const j of [country.root, ...country.byRegion.values()]) {
      for (const tax of j.taxes) for (const periods of Object.values(tax.classes)) for (const p of periods ?? []) if (p.from >= first && p.from <= last) days.add(p.from);
    }
    changes.set(code, [...days].sort((a, b) => a - b));
    if (country.byRegion.size === 0) destinations.push({ to_country: code });
    for (const region of country.byRegion.keys()) {
      const postal = code === 'US' ? zipOfState.get(region) : (() => {
        // The region's prefix, completed to the country's postal code form (R → R0A0A0).
        const rule = country.regionRules.find((r) => r.region === region);
        const prefix = rule ? samplePostalCode(rule.pattern.source) : null;
        const whole = country.postalPattern ? samplePostalCode(country.postalPattern.source) : null;
        const candidate = prefix !== null && whole !== null ? prefix + whole.slice(prefix.length) : prefix;
        return candidate !== null && rule!.pattern.test(candidate) && (!country.postalPattern || country.postalPattern.test(candidate)) ? candidate : null;
      })();
      if (postal) destinations.push({ to_country: code, to_postal_code: postal });
    }
    for (const t of rules.territories.get(code) ?? []) {
      if (t.all || t.cities.length > 0 || t.postalCodes.length === 0) continue;
      const postal = samplePostalCode(t.postalCodes[0]!.source);
      if (postal && (!country.postalPattern || country.postalPattern.test(postal))) destinations.push({ to_country: code, to_postal_code: postal });
    }
  }
  const world = { rules, destinations, changes, first, last };
  const byKey = worlds.get(rules) ?? new Map<string, World>();
  byKey.set(key, world);
  worlds.set(rules, byKey);
  return world;
}

/**
 * The arbitraries of a rule set (default: every rule file): destinations weighted to real
 * places (every country with rules, every state and province by a postal code of it, every
 * special territory by one of its postal codes), dates — uniform, and on both sides of every
 * rate change of the destination's country —, the seven tax codes, quotes of both API forms,
 * accounts with realistic registrations, and malformed queries.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { calculateTaxRate, TaxRulesError } from 'taxrules';
 * import { registeredEverywhere, taxArbitraries } from 'taxrules/testing/fast-check';
 *
 * // A property of your own over quotes of 2026: a seller registered everywhere is never told it is not registered.
 * const { query } = taxArbitraries({ from: '2026-01-01', until: '2026-12-31' });
 * const seller = registeredEverywhere();
 * fc.assert(
 *   fc.property(query, (q) => {
 *     try {
 *       return calculateTaxRate(q, seller).status !== 'not_registered';
 *     } catch (e) {
 *       // 422: a category a country splits into finer codes, which the query must name.
 *       return e instanceof TaxRulesError && e.status === 422;
 *     }
 *   }),
 *   { numRuns: 50 },
 * );
 * ```
 */
export function taxArbitraries(options: KitOptions = {}) {
  return arbitrariesOf(checkedOptions(options, false));
}

function arbitrariesOf(options: Checked) {
  const world = worldOf(options);
  if (world.destinations.length === 0) throw errorFromIssues([{ path: ['options', 'rules'], code: 'invalid_value', message: 'options.rules has no country with rules: there is no place to draw' }]);
  const destination = fc.constantFrom(...world.destinations);
  // The rule set's own codes (a product category it does not list is an unknown code, 406).
  const taxCode = fc.constantFrom(...TAX_CODES.filter((c) => world.rules.taxCodes.has(c)));
  const productType = fc.constantFrom('good' as const, 'service' as const);
  /** A product type a code is asked with: a goods category's is a good, a services category's a service (another is refused, 400). */
  const fit = (code: TaxCodeId, type: 'good' | 'service'): 'good' | 'service' => {
    const entry = world.rules.taxCodes.get(code);
    return entry?.kind !== 'category' ? type : entry.supply === 'goods' ? 'good' : entry.supply === 'services' ? 'service' : type;
  };
  const anyDate = fc.integer({ min: world.first, max: world.last }).map(dateOfDay);
  /** A date for a destination: any day, or the day before or of one of its country's rate changes. */
  const dateFor = (country: string) => {
    const days = world.changes.get(country) ?? [];
    return days.length === 0 ? anyDate : fc.oneof(anyDate, fc.constantFrom(...days).chain((d) => fc.constantFrom(dateOfDay(d - 1), dateOfDay(d))));
  };
  const amount = fc.integer({ min: 0, max: 100_000_000 }).map((n) => formatMinor(BigInt(n), 2));
  /** A v20241028 query (`GET /tax_rates/calculate`), in EUR. */
  const query: fc.Arbitrary<TaxRateQuery> = destination.chain((dest) =>
    fc.record({ date: dateFor(dest.to_country), tax_code: taxCode, product_type: productType, amount, behavior: fc.constantFrom('exclusive' as const, 'inclusive' as const) }).map(
      ({ date, tax_code, product_type, amount: a, behavior }) => ({ ...dest, date, tax_code, product_type: fit(tax_code, product_type), amount: a, currency: 'EUR', tax_behavior: behavior }),
    ),
  );
  /** A v20260309 calculation request of 1 to 5 lines. */
  const request: fc.Arbitrary<CalculationRequest> = destination.chain((dest) =>
    fc
      .record({
        date: dateFor(dest.to_country),
        lines: fc.array(fc.record({ amount, tax_code: taxCode, product_type: productType }), { minLength: 1, maxLength: 5 }),
      })
      .map(({ date, lines }) => ({
        customer_address: { country: dest.to_country, ...(dest.to_postal_code ? { postal_code: dest.to_postal_code } : {}) },
        currency: 'EUR',
        tax_date: dayNumber(date) * 86_400,
        line_items: lines.map((l, i) => ({ reference: `line-${i + 1}`, ...l, product_type: fit(l.tax_code, l.product_type) })),
      })),
  );
  const jurisdictionIds = [...world.rules.jurisdictions.values()].filter((j) => j.level !== 'county' && j.level !== 'city' && j.level !== 'district').map((j) => j.id);
  // Sellers' countries: those without regions (a seller's state is no part of the draw), else any.
  const whole = world.destinations.filter((d) => !d.to_postal_code).map((d) => d.to_country);
  const homes = whole.length > 0 ? whole : [...new Set(world.destinations.map((d) => d.to_country))];
  /** An account: a seller in a country with rules, registered at home and in a random set of other jurisdictions (some with dates). */
  const account: fc.Arbitrary<Account> = fc
    .record({
      country: fc.constantFrom(...homes),
      registrations: fc.uniqueArray(fc.constantFrom(...jurisdictionIds), { maxLength: 12 }),
      since: fc.option(anyDate, { nil: undefined }),
    })
    .map(({ country, registrations, since }) => {
      const home = world.rules.countries.get(country)?.root.id;
      const ids = [...new Set([...(home !== undefined ? [home] : []), ...registrations])];
      return { country, currency: 'EUR', registrations: ids.map((id, i) => (i > 0 && since ? { jurisdiction_id: id, valid_from: since } : { jurisdiction_id: id })) };
    });
  /** A query with one thing wrong: a missing country, a misspelt name, a date that is none, an amount that is no decimal. */
  const malformedQuery: fc.Arbitrary<Record<string, string>> = fc.oneof(
    query.map(({ to_country: _c, ...rest }) => ({ ...(rest as Record<string, string>) })),
    query.map((q) => ({ ...(q as Record<string, string>), tax_cod: 'saas' })),
    query.map((q) => ({ ...(q as Record<string, string>), date: '2026-02-30' })),
    query.map((q) => ({ ...(q as Record<string, string>), amount: '12,50' })),
  );
  return { destination, taxCode, productType, date: anyDate, dateFor, amount, query, request, account, malformedQuery, destinations: world.destinations };
}

/** A quote, or null when the rules refuse it with 422 (a date before a tax's recorded history). */
function quote(q: TaxRateQuery, account: SellerAccount, rules: RuleSet) {
  try {
    return calculateTaxRate(q, account, { rules });
  } catch (e) {
    if (e instanceof TaxRulesError && e.status === 422) return null;
    throw e;
  }
}

/** Whether a query's answer is a zero-rated supply (reason zero_rated). */
function zeroRated(q: TaxRateQuery, account: SellerAccount, rules: RuleSet): boolean {
  const r = explainTaxRate(q, account, { rules });
  // A holiday that zero-rates answers with its own reason (tax_holiday), its treatment zero_rated.
  return r.reason === 'zero_rated' || (r.reason === 'tax_holiday' && (r.treatments ?? []).some((t) => t.treatment === 'zero_rated'));
}

export interface InvariantOptions extends KitOptions {
  /** A plain account (the invariants take registrations away from it). */
  account?: Account;
}

/**
 * The engine's invariants as fast-check properties over the kit's arbitraries; run one with
 * `fc.assert(invariants.taxableIffPositiveRate(), { numRuns: 200 })`.
 */
export const invariants = {
  /** `status` is `taxable` exactly when the rate is above zero. */
  taxableIffPositiveRate(options: InvariantOptions = {}) {
    const o = checkedOptions(options, true);
    const rules = o.rules;
    const account = o.account ?? registeredEverywhere(rules);
    return fc.property(arbitrariesOf(o).query, (q) => {
      const r = quote(q, account, rules);
      if (r === null) return;
      // A zero-rated product category (or one a holiday zero-rates) is taxable at 0 (the seller reports it).
      if ((r.status === 'taxable') !== r.rate > 0 && !(r.status === 'taxable' && zeroRated(q, account, rules))) throw new Error(`status ${r.status} with rate ${r.rate} for ${JSON.stringify(q)}`);
    });
  },

  /** A tax-exclusive amount, quoted back as the inclusive total, gives the same total and a subtotal within one minor unit per tax. */
  inclusiveRoundTrip(options: InvariantOptions = {}) {
    const o = checkedOptions(options, true);
    const rules = o.rules;
    const account = o.account ?? registeredEverywhere(rules);
    return fc.property(arbitrariesOf(o).query, (q) => {
      const ex = quote({ ...q, tax_behavior: 'exclusive' }, account, rules);
      if (ex === null || ex.total_amount === null || ex.subtotal === null) return;
      const inc = quote({ ...q, tax_behavior: 'inclusive', amount: ex.total_amount.toFixed(2) }, account, rules);
      if (inc === null || inc.subtotal === null) return;
      const lines = ex.additional_rate ? 2 : 1;
      if (inc.total_amount !== ex.total_amount || Math.abs(inc.subtotal - ex.subtotal) > lines / 100 + 1e-9) {
        throw new Error(`round trip of ${JSON.stringify(q)}: exclusive ${ex.subtotal} → ${ex.total_amount}, inclusive ${inc.subtotal} → ${inc.total_amount}`);
      }
    });
  },

  /** More money never bears less tax. */
  monotonicInAmount(options: InvariantOptions = {}) {
    const o = checkedOptions(options, true);
    const rules = o.rules;
    const account = o.account ?? registeredEverywhere(rules);
    return fc.property(arbitrariesOf(o).query, fc.integer({ min: 0, max: 1_000_000 }), (q, extra) => {
      const small = quote({ ...q, tax_behavior: 'exclusive' }, account, rules);
      const larger = quote({ ...q, tax_behavior: 'exclusive', amount: formatMinor(BigInt(Math.round(Number(q.amount) * 100)) + BigInt(extra), 2) }, account, rules);
      if (small === null || larger === null) return;
      if ((larger.tax_amount ?? 0) < (small.tax_amount ?? 0)) throw new Error(`tax fell from ${small.tax_amount} to ${larger.tax_amount} for ${JSON.stringify(q)} + ${extra}`);
    });
  },

  /** Without the registrations of the jurisdiction that taxes a sale (and of the schemes), that jurisdiction's tax is not charged: the answer is `not_registered`, untaxed, or another jurisdiction's tax. */
  removedRegistrationIsNotRegistered(options: InvariantOptions = {}) {
    const o = checkedOptions(options, true);
    const rules = o.rules;
    const account = o.account ?? registeredEverywhere(rules);
    return fc.property(arbitrariesOf(o).query, (q) => {
      const r = quote(q, account, rules);
      if (r === null || r.status !== 'taxable') return;
      const taxing = new Set<number>();
      for (const j of rules.jurisdictions.values()) {
        if (j.country === r.country && (j.region === (r.region ?? '') || j.region === '') && j.level !== 'county' && j.level !== 'city' && j.level !== 'district') taxing.add(j.id);
      }
      const scheme = [...rules.jurisdictions.values()].filter((j) => j.level === 'scheme').map((j) => j.id);
      const without = { ...account, registrations: account.registrations.filter((x) => !taxing.has(x.jurisdiction_id) && !scheme.includes(x.jurisdiction_id)) };
      const after = quote(q, without, rules);
      // Either not_registered (or untaxed), or taxed by another jurisdiction (a distance sale falls back to the seller's home country).
      if (after !== null && after.status === 'taxable' && after.country === r.country && after.region === r.region) {
        throw new Error(`still taxed by ${r.country}${r.region ? `-${r.region}` : ''} without its registrations: ${JSON.stringify(q)}`);
      }
    });
  },

  /** The answer does not depend on the order of the query's keys. */
  keyOrderIndependent(options: InvariantOptions = {}) {
    const o = checkedOptions(options, true);
    const rules = o.rules;
    const account = o.account ?? registeredEverywhere(rules);
    return fc.property(arbitrariesOf(o).query, fc.infiniteStream(fc.nat()), (q, seeds) => {
      const entries = Object.entries(q).map((e) => [seeds.next().value as number, e] as const);
      const shuffled = Object.fromEntries(entries.sort((a, b) => a[0] - b[0]).map(([, e]) => e)) as TaxRateQuery;
      const a = quote(q, account, rules);
      const b = quote(shuffled, account, rules);
      if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`key order changed the answer for ${JSON.stringify(q)}`);
    });
  },

  /** Each rate class of each tax has at most one period in force on any day: its periods start on distinct, increasing days. */
  onePeriodPerDate(options: KitOptions = {}) {
    const rules = checkedOptions(options, true).rules;
    const countries = [...rules.world.keys()].filter((c) => rules.countries.get(c) !== undefined);
    if (countries.length === 0) throw errorFromIssues([{ path: ['options', 'rules'], code: 'invalid_value', message: 'options.rules has no country with rules' }]);
    return fc.property(fc.constantFrom(...countries), (code) => {
      const country = rules.countries.get(code)!;
      for (const j of [country.root, ...country.byRegion.values()]) {
        for (const tax of j.taxes) {
          for (const [cls, periods] of Object.entries(tax.classes)) {
            const starts = (periods ?? []).map((p) => p.from);
            for (let i = 1; i < starts.length; i++) if (!(starts[i]! > starts[i - 1]!)) throw new Error(`${code} ${tax.name} ${cls}: two periods in force on ${dateOfDay(starts[i]!)}`);
          }
        }
      }
    });
  },
};
