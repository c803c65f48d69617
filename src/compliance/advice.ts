/**
 * `registrationAdvice`: from a sales history and the seller's account, where it collects
 * today, where the thresholds say it should be registered, and which registrations no sale
 * has used for a year.
 */
import type { Account, SellerAccount } from '../adapters/account.js';
import { prepareAccount } from '../boundary.js';
import { dayNumber, dateOfDay } from '../core/dates.js';
import type { CompiledJurisdiction, RuleSet } from '../core/ruleset.js';
import { guarded, optionsObject } from '../adapters/read.js';
import { eventsOf, isEuMember, type Sale, type ThresholdEvent, type ThresholdOptions, type ThresholdSale } from './thresholds.js';

/** A jurisdiction as the advice names it. */
export interface AdviceJurisdiction {
  id: number;
  name: string;
  country: string;
  /** Null for a country-level jurisdiction or a scheme, as in every answer. */
  region: string | null;
}

export interface RegistrationAdvice {
  /** The day the advice is for: `options.asOf`, else the last sale's. */
  asOf: string | null;
  /** The registrations in force on that day. */
  collecting: { jurisdiction: AdviceJurisdiction; validFrom: string | null; validUntil: string | null }[];
  /**
   * Where to register: a threshold crossed whose effect lasts on `asOf`, and no registration
   * in force there. `options` lists the registrations that would do (for the EU's EUR 10,000:
   * the One-Stop Shop, or each Member State sold to).
   */
  register: { jurisdiction: AdviceJurisdiction; options: AdviceJurisdiction[]; event: ThresholdEvent; reason: string }[];
  /** Registrations in force with no sale in their jurisdiction in the year to `asOf` (the seller's home country's is never listed). */
  unused: { jurisdiction: AdviceJurisdiction; lastSale: string | null }[];
  /** Crossed thresholds that ask for something other than a registration (`threshold.eu.100k`: two pieces of location evidence). */
  notices: ThresholdEvent[];
}

const show = (j: CompiledJurisdiction): AdviceJurisdiction => ({ id: j.id, name: j.name, country: j.country, region: j.region === '' ? null : j.region });

/**
 * The advice for `account` from `sales` (as `thresholdEvents` reads them, with its options
 * but `sellerCountry`, which is the account's country). A threshold whose effect lasts on the
 * day of the advice, in a jurisdiction where no registration is in force that day, is a
 * registration to make; a registration in force whose jurisdiction had no sale in the
 * twelve months to that day is unused. Throws TaxRulesError as `thresholdEvents` and
 * `prepareAccount` do.
 *
 * @example
 * ```ts
 * import { defineAccount, registrationAdvice } from 'taxrules';
 *
 * const sales = [
 *   { date: '2026-02-10', amount: '8500.00', currency: 'EUR', country: 'FR', tax_code: 'saas', customer_type: 'consumer' },
 *   { date: '2026-04-20', amount: '4500.00', currency: 'EUR', country: 'DE', tax_code: 'ebook', customer_type: 'consumer' },
 * ] as const;
 * const account = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { country: 'GB' }] });
 * const advice = registrationAdvice(sales, account, { asOf: '2026-06-30' });
 * advice.register.map((r) => [r.jurisdiction.name, r.options.map((o) => o.country)]);
 * // [['EU One-Stop Shop (OSS)', ['EU', 'DE']]]
 * advice.unused.map((u) => u.jurisdiction.name);
 * // ['United Kingdom']
 * ```
 */
export function registrationAdvice(sales: readonly ThresholdSale[], account: SellerAccount, options?: Omit<ThresholdOptions, 'sellerCountry'> | null): RegistrationAdvice {
  return guarded(() => adviceOf(sales, account, options));
}

function adviceOf(salesArg: unknown, account: SellerAccount, optionsArg: unknown): RegistrationAdvice {
  // Options that are no object (a string of a million characters) are refused before any is read.
  const options = optionsObject(optionsArg as object | null | undefined) as Record<string, unknown>;
  const rules = Object.hasOwn(options, 'rules') ? (options.rules as RuleSet | undefined) : undefined;
  const seller = prepareAccount(account, rules);
  const { events, sales, rules: ruleSet, asOf } = eventsOf(salesArg, { ...options, sellerCountry: seller.country });
  const today = asOf === null ? null : dayNumber(asOf);
  const inForce = (r: { validFrom?: string | undefined; validUntil?: string | undefined }) =>
    today !== null && (!r.validFrom || dayNumber(r.validFrom) <= today) && (!r.validUntil || today <= dayNumber(r.validUntil));
  const registered = seller.registrations.filter(inForce);
  const isRegistered = (id: number) => registered.some((r) => r.jurisdictionId === id);
  const jurisdiction = (id: number) => ruleSet.jurisdictions.get(id) ?? null;

  const collecting = registered
    .map((r) => ({ r, j: jurisdiction(r.jurisdictionId) }))
    .filter((x): x is { r: (typeof registered)[number]; j: CompiledJurisdiction } => x.j !== null)
    .map(({ r, j }) => ({ jurisdiction: show(j), validFrom: r.validFrom ?? null, validUntil: r.validUntil ?? null }))
    .sort((a, b) => a.jurisdiction.id - b.jurisdiction.id);

  const oss = [...ruleSet.jurisdictions.values()].find((j) => j.level === 'scheme' && j.country === 'EU') ?? null;
  const countryJurisdiction = (code: string): CompiledJurisdiction | null => ruleSet.countries.get(code)?.root ?? null;
  const register: RegistrationAdvice['register'] = [];
  const notices: ThresholdEvent[] = [];
  for (const e of events) {
    if (today === null || (e.effect.until !== null && dayNumber(e.effect.until) < today)) continue;
    if (e.threshold === 'eu.100k') {
      notices.push(e);
      continue;
    }
    if (e.threshold === 'eu.10k') {
      // The Member States sold to since the crossing: each, or the One-Stop Shop for all.
      const states = [...new Set(sales.filter((s) => s.day >= dayNumber(e.date) && s.consumer && s.country !== seller.country && isEuMember(ruleSet, s.country, s.day)).map((s) => s.country))].sort();
      const targets = states.map(countryJurisdiction).filter((j): j is CompiledJurisdiction => j !== null && j.country !== seller.country);
      if ((oss && isRegistered(oss.id)) || targets.every((j) => isRegistered(j.id))) continue;
      register.push({
        jurisdiction: oss ? show(oss) : show(targets[0]!),
        options: [...(oss ? [show(oss)] : []), ...targets.map(show)],
        event: e,
        reason: `${e.name} exceeded on ${e.date} (${e.total} ${e.currency} of ${e.amount}): sales to consumers in ${states.join(', ')} are taxed there`,
      });
      continue;
    }
    const j = e.jurisdiction.startsWith('US-') ? (ruleSet.countries.get('US')?.byRegion.get(e.jurisdiction.slice(3)) ?? null) : countryJurisdiction(e.jurisdiction);
    if (!j || isRegistered(j.id)) continue;
    register.push({ jurisdiction: show(j), options: [show(j)], event: e, reason: `${e.name}: ${e.total} ${e.currency} by ${e.date}, past the threshold of ${e.amount} ${e.currency}` });
  }

  const unused: RegistrationAdvice['unused'] = [];
  if (today !== null) {
    const since = today - 365;
    for (const r of registered) {
      const j = jurisdiction(r.jurisdictionId);
      if (!j || (j.country === seller.country && j.region === '')) continue;
      const used = (s: Sale) => (j.level === 'scheme' ? s.consumer && s.country !== seller.country && isEuMember(ruleSet, s.country, s.day) : s.country === j.country && (j.region === '' || s.state === j.region));
      const last = sales.filter(used).reduce((m, s) => Math.max(m, s.day), Number.NEGATIVE_INFINITY);
      if (last < since) unused.push({ jurisdiction: show(j), lastSale: Number.isFinite(last) ? dateOfDay(last) : null });
    }
    unused.sort((a, b) => a.jurisdiction.id - b.jurisdiction.id);
  }
  return { asOf, collecting, register, unused, notices };
}
