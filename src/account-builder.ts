/**
 * `defineAccount`: an account written with country, region and scheme codes instead of
 * numeric jurisdiction ids, checked and turned into the plain `Account` every function takes.
 */
import type { Account } from './adapters/account.js';
import { prepareAccount } from './boundary.js';
import { errorFromIssues, quoted, type TaxRulesIssue } from './core/errors.js';
import type { RuleSet } from './core/ruleset.js';
import { canonicalCountry } from './core/location.js';
import { guarded, ownCopy, ruleSetArg, unknownFields, unreadable } from './adapters/read.js';

/** The registration schemes `defineAccount` names (a scheme is a jurisdiction of its own). */
export const REGISTRATION_SCHEMES = { oss: { country: 'EU', name: 'the EU One-Stop Shop (OSS)' } } as const;
export type RegistrationScheme = keyof typeof REGISTRATION_SCHEMES;

/** What a registration may say besides where it is. */
interface RegistrationFields {
  /** The registration's tax ID. */
  value?: string;
  valid_from?: string | null;
  valid_until?: string | null;
  permanent_establishment?: boolean;
  import_scheme?: boolean;
  /** When it was created (Unix seconds): without `valid_from`, it counts from 1 January of that year (UTC). */
  created_at?: number;
}

/**
 * One registration: a country (and a state, province or territory: `{ country: 'US', region:
 * 'TX' }`, `{ country: 'CA', region: 'BC' }`), a scheme (`{ scheme: 'oss' }`), or a
 * jurisdiction id as the spec writes it.
 */
export type RegistrationSpec = RegistrationFields & ({ country: string; region?: string } | { scheme: RegistrationScheme } | { jurisdiction_id: number });

/** An account with its registrations written as `RegistrationSpec`s. */
export interface AccountSpec {
  country: string;
  currency: string;
  postal_code?: string | null;
  region?: string | null;
  /** The seller's web site, a URI (kept as given; it decides no tax). */
  web?: string | null;
  default_tax_code?: Account['default_tax_code'];
  default_product_type?: Account['default_product_type'];
  registrations?: readonly RegistrationSpec[];
  /** The seller's address history, as `Account` has it. */
  addresses?: Account['addresses'];
}

const ACCOUNT_FIELDS = ['country', 'currency', 'postal_code', 'region', 'web', 'default_tax_code', 'default_product_type', 'registrations', 'addresses'] as const;
const PASSED_FIELDS = ['value', 'valid_from', 'valid_until', 'permanent_establishment', 'import_scheme', 'created_at'] as const;
const REGISTRATION_FIELDS = ['country', 'region', 'scheme', 'jurisdiction_id', ...PASSED_FIELDS] as const;

/**
 * The account `spec` describes, with each registration's `jurisdiction_id` looked up in the
 * rules. The result is a plain `Account`, deeply frozen, checked as `prepareAccount` checks one and
 * prepared once (every later call reuses the preparation without comparing it). An unknown field, a
 * country or region without a jurisdiction (the message lists the regions there are), a US
 * county or city, or a registration that names two places is a TaxRulesError.
 *
 * @example
 * ```ts
 * import { defineAccount } from 'taxrules';
 *
 * // A seller in Ireland, registered at home, in the EU One-Stop Shop and in Texas.
 * defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss', valid_from: '2021-07-01' }, { country: 'US', region: 'TX' }] });
 * // { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000, valid_from: '2021-07-01' }, { jurisdiction_id: 840048 }] }
 * ```
 */
export function defineAccount(spec: AccountSpec, rules?: RuleSet): Account {
  return guarded(() => defined(spec, rules));
}

function defined(spec: unknown, rulesArg: unknown): Account {
  const rules = ruleSetArg(rulesArg);
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    throw errorFromIssues([{ path: ['account'], code: 'malformed', message: `the account must be an object { country, currency, registrations? }, got ${quoted(spec, 60)}` }]);
  }
  let a: Record<string, unknown>;
  try {
    a = ownCopy(spec, 3, 10_000) as Record<string, unknown>;
  } catch (e) {
    throw unreadable(e, ['account']);
  }
  const issues: TaxRulesIssue[] = unknownFields(a, ACCOUNT_FIELDS, ['account'], 'field');
  const regs = a.registrations ?? [];
  if (!Array.isArray(regs)) issues.push({ path: ['account', 'registrations'], code: 'malformed', message: 'account.registrations must be an array' });
  const registrations: Record<string, unknown>[] = [];
  (Array.isArray(regs) ? regs : []).forEach((r: unknown, i) => {
    const path = ['account', 'registrations', i];
    if (typeof r !== 'object' || r === null || Array.isArray(r)) {
      issues.push({ path, code: 'malformed', message: `account.registrations.${i} must be an object such as { country: 'DE' } or { scheme: 'oss' }` });
      return;
    }
    const reg = r as Record<string, unknown>;
    const own = unknownFields(reg, REGISTRATION_FIELDS, path, 'field');
    issues.push(...own);
    if (own.length > 0) return;
    const id = jurisdictionOf(reg, path, rules, issues, homeRegion(a, reg));
    if (id === null) return;
    const out: Record<string, unknown> = { jurisdiction_id: id };
    for (const k of PASSED_FIELDS) if (reg[k] !== undefined) out[k] = reg[k];
    registrations.push(out);
  });
  if (issues.length > 0) throw errorFromIssues(issues);
  const account: Record<string, unknown> = {};
  for (const k of ACCOUNT_FIELDS) if (a[k] !== undefined) account[k] = a[k];
  account.registrations = Object.freeze(registrations.map((r) => Object.freeze(r)));
  // The spec's own addresses (a copy of its own fields): an account without any gets none from a polluted Object.prototype.
  if (Array.isArray(a.addresses)) account.addresses = Object.freeze((a.addresses as object[]).map((x) => Object.freeze(x)));
  const frozen = Object.freeze(account) as unknown as Account;
  // Everything else (country, currency, dates, types) as every function checks it; the
  // preparation is kept: a frozen account cannot change, so no call compares it again.
  prepareAccount(frozen, rules);
  return frozen;
}

/** The seller's own region when the registration is in the seller's country (`us` and `US` alike), else undefined. */
function homeRegion(account: Record<string, unknown>, reg: Record<string, unknown>): unknown {
  const [a, r] = [account.country, reg.country];
  return typeof a === 'string' && typeof r === 'string' && a.toUpperCase() === r.toUpperCase() ? account.region : undefined;
}

/**
 * The refusal of a registration in a country whose taxes are all its regions' (the US): a
 * registration without its state has no rate to price a sale with, so the message shows the
 * form that has one, with the seller's own region when it is one of them.
 */
function regionMissing(at: string, country: string, level: string, regions: readonly string[], home: unknown): string {
  const example = typeof home === 'string' && regions.includes(home.toUpperCase()) ? home.toUpperCase() : regions[0];
  return `${at}: a ${country} registration is made per ${level}, and one without its ${level} cannot be priced; name the ${level}, as { country: '${country}', region: '${example}' }: give region, one of ${regions.join(', ')}`;
}

/** The jurisdiction id a registration names; `home` is the seller's region, for the example of a refusal. */
function jurisdictionOf(reg: Record<string, unknown>, path: (string | number)[], rules: RuleSet, issues: TaxRulesIssue[], home: unknown): number | null {
  const where = (['country', 'scheme', 'jurisdiction_id'] as const).filter((k) => reg[k] !== undefined);
  const at = path.join('.');
  if (where.length !== 1) {
    issues.push({
      path,
      code: where.length === 0 ? 'missing' : 'malformed',
      message: where.length === 0 ? `${at} needs one of country (with region), scheme or jurisdiction_id` : `${at} names ${where.join(' and ')}: give one of them`,
    });
    return null;
  }
  if (reg.region !== undefined && where[0] !== 'country') {
    issues.push({ path: [...path, 'region'], code: 'malformed', message: `${at}.region goes with country, not with ${where[0]}` });
    return null;
  }
  if (where[0] === 'jurisdiction_id') return reg.jurisdiction_id as number; // checked with the account
  if (where[0] === 'scheme') {
    const scheme = reg.scheme;
    const known = Object.keys(REGISTRATION_SCHEMES);
    if (typeof scheme !== 'string' || !known.includes(scheme)) {
      issues.push({ path: [...path, 'scheme'], code: typeof scheme === 'string' ? 'invalid_value' : 'malformed', message: `${at}.scheme must be one of ${known.join(', ')}, got ${quoted(scheme, 40)}` });
      return null;
    }
    const { country } = REGISTRATION_SCHEMES[scheme as RegistrationScheme];
    const j = rules.schemePlaces.find((x) => x.country === country);
    if (!j) {
      issues.push({ path: [...path, 'scheme'], code: 'invalid_value', message: `the rules have no jurisdiction for the scheme ${scheme}` });
      return null;
    }
    return j.id;
  }
  const country = reg.country;
  const region = reg.region;
  if (typeof country !== 'string' || !/^[A-Za-z]{2}$/.test(country)) {
    issues.push({ path: [...path, 'country'], code: 'malformed', message: `${at}.country must be a 2-letter country code, got ${quoted(country, 40)}` });
    return null;
  }
  if (region !== undefined && (typeof region !== 'string' || region === '')) {
    issues.push({ path: [...path, 'region'], code: 'malformed', message: `${at}.region must be a region code such as "TX", got ${quoted(region, 40)}` });
    return null;
  }
  const cc = canonicalCountry(rules, country.toUpperCase());
  // Country, state, province and territory jurisdictions: US counties, cities and districts are collected under the state's registration.
  const inCountry = rules.registrationPlaces(cc);
  const wanted = typeof region === 'string' ? region.toUpperCase() : '';
  const regions = inCountry.filter((x) => x.region !== '').map((x) => x.region);
  const j = inCountry.find((x) => x.region === wanted);
  // A country whose taxes are all its regions' (the US): its own jurisdiction registers nothing.
  if (j && !(wanted === '' && !j.taxed && regions.length > 0)) return j.id;
  if (inCountry.length === 0) {
    issues.push({ path: [...path, 'country'], code: 'invalid_value', message: `${at}.country ${country}: the rules have no jurisdiction to register in there (see listJurisdictions)` });
  } else if (wanted === '') {
    issues.push({ path: [...path, 'region'], code: 'missing', message: regionMissing(at, cc, inCountry.find((x) => x.region !== '')?.level ?? 'region', regions, home) });
  } else {
    issues.push({
      path: [...path, 'region'],
      code: 'invalid_value',
      message: `${at}.region ${quoted(region, 20)} is not a region of ${cc} with a registration; the regions are ${regions.join(', ') || 'none: register the country'}`,
    });
  }
  return null;
}
