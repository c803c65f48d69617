import type { Address, ProductType, Registration, SellerAddressRef, TaxCodeId } from '../core/types.js';
import type { RuleSet } from '../core/ruleset.js';
import { dateOfDay, dayNumber } from '../core/dates.js';
import { errorFromIssues, TaxRulesError, type TaxRulesIssue } from '../core/errors.js';
import { canonicalCountry } from '../core/location.js';
import { checkBySchema } from './issues.js';
import { accountSchemas, MAX_REGISTRATIONS, MAX_TAX_DATE, MAX_WEB_LENGTH, PRODUCT_TYPES, WEB_RE, type AccountAddressInput, type AccountInput, type AccountOutput, type AccountRegistrationInput } from './schemas.js';
import { ownCopy, ownFields, prototypePolluted, unreadable } from './read.js';
import { isCountryText, isCurrencyText, hasOwn, isPlainObject, isTaxCodeOrAbsent, oneOfOrAbsent } from './input.js';
import { version } from '../../package.json';
import { contentKey, fieldNames, optionalDateOk, readAtOnce, registrationsRead, sameFields, sameValues, type Fields, type ReadAtOnce, type RegistrationSnapshot, type Snapshot } from './account-read.js';

export { TAX_CODES, PRODUCT_TYPES } from './schemas.js';


/** A registration the schema accepts as it is: its fields walked once, an unknown one refused. */
function plainRegistration(r: unknown): boolean {
  if (!isPlainObject(r)) return false;
  let hasId = false;
  for (const key in r) {
    if (!hasOwn.call(r, key)) continue; // inherited (a polluted prototype): not a field
    const v = r[key];
    switch (key) {
      case 'jurisdiction_id':
        if (typeof v !== 'number' || !Number.isSafeInteger(v) || v <= 0) return false;
        hasId = true;
        break;
      case 'value':
        if (v !== undefined && typeof v !== 'string') return false;
        break;
      case 'valid_from':
      case 'valid_until':
        if (!optionalDateOk(v)) return false;
        break;
      case 'permanent_establishment':
      case 'import_scheme':
        if (v !== undefined && typeof v !== 'boolean') return false;
        break;
      case 'created_at':
        if (v !== undefined && (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0 || v > MAX_TAX_DATE)) return false;
        break;
      default:
        return false;
    }
  }
  return hasId;
}

function plainRegistrations(regs: unknown): boolean {
  if (!Array.isArray(regs) || regs.length > MAX_REGISTRATIONS) return false;
  for (let i = 0; i < regs.length; i++) if (!plainRegistration(regs[i])) return false;
  return true;
}

/**
 * True only for an account the schema accepts as it is (plain objects, every constraint
 * of the account schema met, no field the schema does not know), read then without the
 * schema's copy; anything else goes through the schema, which gives the issues.
 */
export function isPlainValidAccount(a: unknown): a is AccountOutput {
  if (!isPlainObject(a)) return false;
  // The object's own fields, walked once (no probing of absent ones); bits of the required three.
  let required = 0;
  for (const key in a) {
    if (!hasOwn.call(a, key)) continue; // inherited (a polluted prototype): not a field
    const v = a[key];
    switch (key) {
      case 'country':
        if (typeof v !== 'string' || !isCountryText(v)) return false;
        required |= 1;
        break;
      case 'currency':
        if (typeof v !== 'string' || !isCurrencyText(v)) return false;
        required |= 2;
        break;
      case 'registrations':
        if (!plainRegistrations(v)) return false;
        required |= 4;
        break;
      case 'postal_code':
        if (v !== undefined && v !== null && !(typeof v === 'string' && v.length <= 20)) return false;
        break;
      case 'region':
        if (v !== undefined && v !== null && !(typeof v === 'string' && v.length <= 100)) return false;
        break;
      case 'web':
        if (v !== undefined && v !== null && !(typeof v === 'string' && v.length <= MAX_WEB_LENGTH && WEB_RE.test(v))) return false;
        break;
      case 'default_tax_code':
        if (!isTaxCodeOrAbsent(v)) return false;
        break;
      case 'default_product_type':
        if (!oneOfOrAbsent(v, PRODUCT_TYPES)) return false;
        break;
      case 'addresses':
        // An address history is read through the schema (accounts are prepared once, then reused).
        if (v !== undefined) return false;
        break;
      default:
        return false;
    }
  }
  return required === 7;
}

export type AccountRegistration = AccountRegistrationInput;
export type AccountAddress = AccountAddressInput;
export type Account = AccountInput;
/**
 * What every function takes as the seller: a plain `Account`, or the `PreparedAccount` that
 * `prepareAccount` or `defineAccount` gave (checked once: the fast form, whose cost per call
 * does not grow with its registrations).
 */
export type SellerAccount = Account | PreparedAccount;

/**
 * The prepared accounts this copy of the package made, with the rule set each was checked
 * against. A lookup by identity: nothing an input holds (a Proxy, a symbol) can pass for one.
 */
const PREPARED = new WeakMap<object, RuleSet>();

/**
 * The mark of a prepared account, the same in every entry and module format of the package
 * (`taxrules`, `taxrules/eu`, `taxrules/http`; ESM or CommonJS each load their own copy of
 * this module): its value is the package version. A marked account from another copy is
 * never trusted as checked: it is read back into a plain account and checked again against
 * the rule set that takes it (once per account, when it is frozen as preparation leaves it).
 */
const PREPARED_MARK: unique symbol = Symbol.for('taxrules.PreparedAccount') as never;

/** Whether `account` is a prepared account made by this copy of the package (checked against some rule set). */
export function isPreparedAccount(account: unknown): account is PreparedAccount {
  return typeof account === 'object' && account !== null && (PREPARED.has(account) || markedByAnotherCopy(account));
}

/**
 * Whether an object carries the prepared mark of this package version as its own data
 * property (a getter or a Proxy trap is read once; one that throws is not a mark).
 */
function markedByAnotherCopy(account: object): boolean {
  try {
    const d = Object.getOwnPropertyDescriptor(account, PREPARED_MARK);
    return d !== undefined && 'value' in d && d.value === version;
  } catch {
    return false;
  }
}

/** An account checked against the rule set, ready for many calls. */
export interface PreparedAccount {
  readonly country: string;
  readonly postalCode: string | undefined;
  readonly region: string | undefined;
  readonly currency: string;
  readonly defaultTaxCode: TaxCodeId;
  readonly defaultProductType: ProductType;
  readonly registrations: readonly Registration[];
  /** The seller's own address, the origin of sales from home (shared between calls: frozen). */
  readonly origin: Readonly<Address>;
  /** The account's address history, in its order (empty without one): each address's origin and days. */
  readonly addresses: readonly { readonly ref: SellerAddressRef; readonly origin: Readonly<Address>; readonly from: number; readonly until: number }[];
}

/**
 * The seller's address on a tax date: with an address history, the address in force that
 * day (a 422 naming the date when there is none: a calculation never falls back to another
 * address); without one, the account's own.
 */
export function sellerAddressOn(seller: PreparedAccount, date: string): { origin: Readonly<Address>; ref: SellerAddressRef | undefined } {
  if (seller.addresses.length === 0) return { origin: seller.origin, ref: undefined };
  const day = dayNumber(date);
  // A date that is none is refused by the core, with the error a date gets.
  if (Number.isNaN(day)) return { origin: seller.addresses[0]!.origin, ref: seller.addresses[0]!.ref };
  const found = seller.addresses.find((a) => a.from <= day && day <= a.until);
  if (!found) {
    throw new TaxRulesError('unprocessable', 422, [
      { path: ['account', 'addresses'], code: 'unprocessable', message: `the account's addresses have none in force on ${date}: add the seller's address of that day` },
    ]);
  }
  return { origin: found.origin, ref: found.ref };
}

/**
 * Validates an account and returns its neutral form (throws TaxRulesError, paths starting
 * with "account"; only its own fields are read, and an exception while reading them — a
 * getter, a Proxy — is a 400). The result is frozen, registrations included, so that
 * decisions can be shared by identity. See AccountCache for the form that reuses it.
 */
export function prepareAccountAfresh(account: Account, rules: RuleSet): PreparedAccount {
  try {
    return prepareChecked(readAccount(account), rules);
  } catch (e) {
    throw unreadable(e, ['account']);
  }
}

/**
 * An account's own fields, read once (a getter or a Proxy trap runs once per field): what is
 * checked is what is used. Call it inside a `try` that hands an exception to `unreadable`.
 */
function readAccount(account: Account): Account {
  return ownCopy(account, 3, MAX_REGISTRATIONS) as Account;
}

const ACCOUNT_KEYS = ['country', 'postal_code', 'region', 'web', 'currency', 'default_tax_code', 'default_product_type', 'registrations', 'addresses'] as const;
const ADDRESS_KEYS = ['country', 'postal_code', 'region', 'valid_from', 'valid_until'] as const;
const REGISTRATION_KEYS = ['jurisdiction_id', 'value', 'valid_from', 'valid_until', 'permanent_establishment', 'import_scheme', 'created_at'] as const;

/**
 * The first day a registration counts: its `valid_from`, else, as the spec's service sets it
 * ("defaults to the beginning of the current year"), 1 January of the year it was created
 * (`created_at`, UTC); a registration with neither counts from any day.
 */
export function registrationStart(validFrom: string | null | undefined, createdAt: number | undefined): string | undefined {
  if (validFrom) return validFrom;
  if (createdAt === undefined) return undefined;
  return `${dateOfDay(Math.floor(createdAt / 86_400)).slice(0, 4)}-01-01`;
}

function prepareChecked(account: Account, rules: RuleSet): PreparedAccount {
  let a: AccountOutput;
  if (isPlainValidAccount(account)) a = account;
  else {
    // Through the schema, on a copy of the own fields (the schema would read inherited ones).
    const schema = accountSchemas().account;
    const parsed = checkBySchema(schema, ownCopy(account, 3, MAX_REGISTRATIONS), ['account']);
    if (!parsed.success) throw errorFromIssues(parsed.issues);
    a = parsed.data;
  }
  // With a polluted Object.prototype, a field left out would read as the polluted value.
  if (prototypePolluted()) {
    a = ownFields(a, ACCOUNT_KEYS);
    a.registrations = a.registrations.map((r) => ownFields(r, REGISTRATION_KEYS));
    if (a.addresses) a.addresses = a.addresses.map((r) => ownFields(r, ADDRESS_KEYS));
  }
  return preparedOf(a, rules);
}

/** An account the schema accepts, checked against the rule set (a 406 or 422 names each problem) and prepared. */
function preparedOf(a: AccountOutput, rules: RuleSet): PreparedAccount {
  const issues: TaxRulesIssue[] = [];
  const country = canonicalCountry(rules, a.country);
  if (!rules.world.has(country)) issues.push({ path: ['account', 'country'], code: 'invalid_value', message: `account.country ${a.country} is not an ISO 3166-1 country code` });
  const currency = a.currency.toUpperCase();
  if (!rules.currencies.has(currency)) issues.push({ path: ['account', 'currency'], code: 'invalid_value', message: `account.currency ${a.currency} is not an ISO 4217 currency code` });
  a.registrations.forEach((r, i) => {
    if (!rules.jurisdictions.has(r.jurisdiction_id)) {
      issues.push({ path: ['account', 'registrations', i, 'jurisdiction_id'], code: 'invalid_value', message: `account.registrations.${i}.jurisdiction_id ${r.jurisdiction_id} is not a known jurisdiction (see listJurisdictions)` });
    }
    const start = registrationStart(r.valid_from, r.created_at);
    if (start && r.valid_until && r.valid_until < start) {
      const from = r.valid_from ? 'valid_from' : `valid_from (${start}, the first day of the year of created_at)`;
      issues.push({ path: ['account', 'registrations', i, 'valid_until'], code: 'invalid_value', message: `account.registrations.${i}.valid_until is before ${from}` });
    }
  });
  const addresses = (a.addresses ?? []).map((ad, i) => {
    const path = ['account', 'addresses', i];
    const c = canonicalCountry(rules, ad.country);
    if (!rules.world.has(c)) issues.push({ path: [...path, 'country'], code: 'invalid_value', message: `account.addresses.${i}.country ${ad.country} is not an ISO 3166-1 country code` });
    const from = ad.valid_from ? dayNumber(ad.valid_from) : Number.NEGATIVE_INFINITY;
    const until = ad.valid_until ? dayNumber(ad.valid_until) : Number.POSITIVE_INFINITY;
    if (until < from) issues.push({ path: [...path, 'valid_until'], code: 'invalid_value', message: `account.addresses.${i}.valid_until is before valid_from` });
    const ref: SellerAddressRef = Object.freeze({ index: i, country: c, postalCode: ad.postal_code ?? null, region: ad.region ?? null, validFrom: ad.valid_from || null, validUntil: ad.valid_until || null });
    // Every field of an address set, city and street too: none is read from a polluted Object.prototype.
    return Object.freeze({ ref, origin: Object.freeze({ country: c, postalCode: ad.postal_code ?? undefined, region: ad.region ?? undefined, city: undefined, street: undefined }), from, until });
  });
  // One address a day: two in force on the same day would make the origin a guess.
  const byStart = [...addresses].sort((x, y) => x.from - y.from);
  for (let k = 1; k < byStart.length; k++) {
    const prev = byStart[k - 1]!;
    const next = byStart[k]!;
    if (next.from <= prev.until) {
      issues.push({
        path: ['account', 'addresses', next.ref.index, 'valid_from'],
        code: 'invalid_value',
        message: `account.addresses.${next.ref.index} overlaps account.addresses.${prev.ref.index}: a seller has one address a day (end one the day before the next starts)`,
      });
    }
  }
  if (issues.length > 0) throw errorFromIssues(issues);
  const prepared: PreparedAccount = {
    addresses: Object.freeze(addresses),
    country,
    postalCode: a.postal_code ?? undefined,
    region: a.region ?? undefined,
    origin: Object.freeze({ country, postalCode: a.postal_code ?? undefined, region: a.region ?? undefined, city: undefined, street: undefined }),
    currency,
    defaultTaxCode: a.default_tax_code ?? 'eservice',
    defaultProductType: a.default_product_type ?? 'service',
    registrations: Object.freeze(
      a.registrations.map((r) =>
        Object.freeze({
          jurisdictionId: r.jurisdiction_id,
          validFrom: registrationStart(r.valid_from, r.created_at),
          validUntil: r.valid_until || undefined,
          permanentEstablishment: r.permanent_establishment ?? false,
          importScheme: r.import_scheme ?? false,
        }),
      ),
    ),
  };
  // Not enumerable: a copy made by spreading is no prepared account (it is read as a plain one).
  // A descriptor without a prototype: a polluted Object.prototype adds no getter to it.
  Object.defineProperty(prepared, PREPARED_MARK, Object.assign(Object.create(null) as PropertyDescriptor, { value: version }));
  Object.freeze(prepared);
  PREPARED.set(prepared, rules);
  return prepared;
}

/**
 * A prepared account of another copy of the package as a plain account, its fields read once
 * (an exception while reading them is a 400 naming the account), to be checked as any account.
 */
function readPrepared(p: PreparedAccount): Account {
  try {
    return plainOf(p);
  } catch (e) {
    throw unreadable(e, ['account']);
  }
}

/**
 * A prepared account as the plain account it was prepared from (registration tax IDs aside,
 * which preparation does not keep): to check it against another rule set.
 */
function plainOf(p: PreparedAccount): Account {
  const date = (d: string | undefined | null): string | undefined => d ?? undefined;
  return {
    country: p.country,
    currency: p.currency,
    ...(p.postalCode !== undefined ? { postal_code: p.postalCode } : {}),
    ...(p.region !== undefined ? { region: p.region } : {}),
    default_tax_code: p.defaultTaxCode,
    default_product_type: p.defaultProductType,
    registrations: p.registrations.map((r) => ({
      jurisdiction_id: r.jurisdictionId,
      ...(r.validFrom ? { valid_from: r.validFrom } : {}),
      ...(r.validUntil ? { valid_until: r.validUntil } : {}),
      permanent_establishment: r.permanentEstablishment ?? false,
      import_scheme: r.importScheme ?? false,
    })),
    ...(p.addresses.length > 0
      ? {
          addresses: p.addresses.map(({ ref }) => ({
            country: ref.country,
            ...(ref.postalCode !== null ? { postal_code: ref.postalCode } : {}),
            ...(ref.region !== null ? { region: ref.region } : {}),
            ...(date(ref.validFrom) ? { valid_from: date(ref.validFrom) } : {}),
            ...(date(ref.validUntil) ? { valid_until: date(ref.validUntil) } : {}),
          })),
        }
      : {}),
  };
}


/**
 * What preparation read of an account: the values of `copy` (the account's own fields, read
 * once: the values the preparation used), with the identities and field names of the
 * account's own objects, which later calls compare (listed by for…in, which runs no getter).
 */
function snapshotOf(account: Account, copy: Account): Snapshot | null {
  const a = account as Fields;
  const c = copy as unknown as Fields;
  const regs = a.registrations;
  const read = c.registrations;
  if (!Array.isArray(regs) || !Array.isArray(read) || regs.length !== read.length) return null;
  const each: RegistrationSnapshot[] = [];
  let created = false;
  for (let i = 0; i < regs.length; i++) {
    const r = regs[i] as unknown;
    const f = read[i] as unknown;
    if (typeof r !== 'object' || r === null || typeof f !== 'object' || f === null) return null;
    const v = f as Fields;
    each.push({ object: r, fields: fieldNames(r), jurisdiction_id: v.jurisdiction_id, value: v.value, valid_from: v.valid_from, valid_until: v.valid_until, permanent_establishment: v.permanent_establishment, import_scheme: v.import_scheme, created_at: v.created_at });
    if (v.created_at !== undefined || hasOwn.call(r, 'created_at')) created = true;
  }
  return {
    fields: fieldNames(a),
    country: c.country,
    postal_code: c.postal_code,
    region: c.region,
    web: c.web,
    currency: c.currency,
    default_tax_code: c.default_tax_code,
    default_product_type: c.default_product_type,
    registrations: regs as unknown[],
    count: read.length,
    each,
    created,
    addresses: a.addresses,
    addressText: addressText(c.addresses),
  };
}

/** An address history as text, to tell a changed one (null: none, or not an array). */
function addressText(addresses: unknown): string | null {
  if (!Array.isArray(addresses)) return null;
  try {
    return JSON.stringify(addresses.map((ad: unknown) => (typeof ad === 'object' && ad !== null ? [fieldNames(ad), ...ADDRESS_KEYS.map((k) => (ad as Fields)[k])] : ad)));
  } catch {
    return null;
  }
}

/**
 * Whether an account is as its snapshot has it. The account's and each registration's fields
 * are compared by name, in for…in's order (which runs no getter): in a count, a field deleted
 * (one holding undefined reads the same) or made not enumerable would make up for a misspelt
 * one added. Then the values preparation used, by identity.
 */
function unchanged(account: Account, s: Snapshot): boolean {
  const a = account as Fields;
  if (!sameFields(a, s.fields)) return false;
  if (a.addresses !== s.addresses || (s.addresses !== undefined && addressText(a.addresses) !== s.addressText)) return false;
  if (a.country !== s.country || a.currency !== s.currency || a.postal_code !== s.postal_code || a.region !== s.region || a.web !== s.web) return false;
  if (a.default_tax_code !== s.default_tax_code || a.default_product_type !== s.default_product_type) return false;
  const regs = a.registrations as unknown[];
  if (regs !== s.registrations || regs.length !== s.count) return false;
  const created = s.created;
  const each = s.each;
  for (let i = 0; i < s.count; i++) {
    const r = regs[i] as Fields;
    const was = each[i] as RegistrationSnapshot;
    if (r !== was.object || !sameFields(r, was.fields)) return false;
    if (r.jurisdiction_id !== was.jurisdiction_id || r.valid_from !== was.valid_from || r.valid_until !== was.valid_until) return false;
    if (r.permanent_establishment !== was.permanent_establishment || r.import_scheme !== was.import_scheme || r.value !== was.value) return false;
    if (created && r.created_at !== was.created_at) return false;
  }
  return true;
}

/**
 * Whether a value cannot change: a primitive, or a frozen object whose own properties are all
 * data properties (a getter of a frozen object may answer otherwise on every read), and
 * whose values cannot change either, to `depth` levels (an account is shallow).
 */
function fixed(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null) return typeof value !== 'function';
  if (depth === 0 || !Object.isFrozen(value)) return false;
  for (const key of Reflect.ownKeys(value)) {
    const d = Object.getOwnPropertyDescriptor(value, key);
    if (d === undefined || !('value' in d) || !fixed(d.value, depth - 1)) return false;
  }
  return true;
}

/** Whether an account, its registrations, its addresses and everything in them are frozen data: it cannot change. */
function deeplyFrozen(account: Account): boolean {
  return fixed(account, 4);
}

/** How many prepared accounts a rule set keeps by content (the oldest goes first). */
const MAX_BY_CONTENT = 256;

interface ContentEntry {
  readonly values: readonly unknown[];
  readonly account: PreparedAccount;
}

/** Prepared accounts of one rule set, by account object. */
export interface AccountCache {
  /**
   * The prepared form of an account. A `PreparedAccount` of this rule set is returned as it
   * is (one lookup by identity); one of another rule set is checked against this one, once. A
   * plain object is prepared on first use and reused while its fields are unchanged: a deeply
   * frozen one without comparing anything, any other by comparing, on every call, the fields
   * the preparation read and their names (a few property reads per registration); a changed
   * account is prepared afresh, so no answer is ever stale and a field added since (a misspelt
   * one) is refused.
   */
  prepare(account: SellerAccount): PreparedAccount;
}

/** A plain account's preparation: what was read of it, and whether it can change. */
interface PlainEntry {
  readonly snapshot: Snapshot;
  readonly account: PreparedAccount;
  readonly immutable: boolean;
}

export function createAccountCache(rules: RuleSet): AccountCache {
  const prepared = new WeakMap<object, PlainEntry>();
  // Prepared accounts of other rule sets or other copies of the package, checked against this one.
  const foreign = new WeakMap<PreparedAccount, PreparedAccount>();
  // Prepared accounts by what preparation used of them (readAtOnce's values, as text): an
  // account read afresh for each request is prepared once, and its decisions are found by identity.
  const byContent = new Map<string, ContentEntry>();
  // The entry last found or made: a server of one seller finds it without a key.
  let lastContent: ContentEntry | null = null;
  // The last account seen once: seen again, it is remembered by identity.
  let lastSeen: object | null = null;
  // The last prepared account of these rules passed in (one comparison instead of a WeakMap lookup).
  let lastPrepared: PreparedAccount | null = null;
  // The plain account last found or made in `prepared`, and its entry there (no WeakMap lookups
  // for the account a server passes on every call; it is compared as any other).
  let lastPlain: object | null = null;
  let lastEntry: PlainEntry | null = null;

  /** Keeps the preparation of a plain account, as the last one. */
  function keep(plain: object, entry: PlainEntry): void {
    prepared.set(plain, entry);
    lastPlain = plain;
    lastEntry = entry;
  }

  /** A prepared account (they are frozen) of another rule set or another copy of the package, checked against this rule set once. */
  function preparedElsewhere(account: object, checkedWith: RuleSet | undefined): PreparedAccount | undefined {
    const p = account as PreparedAccount;
    if (checkedWith !== undefined) {
      let again = foreign.get(p);
      if (again === undefined) foreign.set(p, (again = prepareAccountAfresh(plainOf(p), rules)));
      return again;
    }
    if (!markedByAnotherCopy(account)) return undefined;
    // Its fields are read back and checked again, once for an account frozen as preparation leaves it.
    const again = foreign.get(p);
    if (again !== undefined) return again;
    const checked = prepareAccountAfresh(readPrepared(p), rules);
    if (deeplyFrozen(account as Account)) foreign.set(p, checked);
    return checked;
  }

  /** The prepared form of what readAtOnce read: the last one made, one of the same content, or a new one. */
  function byValues(read: ReadAtOnce): PreparedAccount {
    if (lastContent !== null && sameValues(lastContent.values, read.values)) return lastContent.account;
    const key = contentKey(read.values);
    let entry = byContent.get(key);
    if (entry === undefined) {
      entry = { values: read.values, account: preparedOf({ ...read, registrations: registrationsRead(read) } as unknown as AccountOutput, rules) };
      if (byContent.size >= MAX_BY_CONTENT) byContent.delete(byContent.keys().next().value as string);
      byContent.set(key, entry);
    }
    lastContent = entry;
    return entry.account;
  }

  function preparePlain(plain: Account): PreparedAccount {
    const known = plain === lastPlain ? (lastEntry as PlainEntry) : prepared.get(plain);
    // A deeply frozen account cannot change: nothing to compare (freezing cannot be undone).
    if (known !== undefined && (known.immutable || unchanged(plain, known.snapshot))) {
      lastPlain = plain;
      lastEntry = known;
      return known.account;
    }
    // An account seen before (changed since, or the last one seen) is remembered by what was
    // read of it; one seen once, as a server reading its account for each request does, is not.
    const again = known !== undefined || plain === lastSeen;
    const read = readAtOnce(plain, again);
    if (read !== undefined) {
      const result = byValues(read);
      if (read.snapshot !== null) {
        keep(plain, { snapshot: read.snapshot, account: result, immutable: deeplyFrozen(plain) });
        lastSeen = null;
      } else lastSeen = plain;
      return result;
    }
    const copy = readAccount(plain);
    const result = prepareChecked(copy, rules);
    const snapshot = snapshotOf(plain, copy);
    if (snapshot !== null) keep(plain, { snapshot, account: result, immutable: deeplyFrozen(plain) });
    return result;
  }

  return {
    prepare(account) {
      if (typeof account !== 'object' || account === null) return prepareAccountAfresh(account as Account, rules);
      // The account last found prepared with these rules: a prepared account stays so (it is
      // frozen, and its mark is never taken back), and a server's calls mostly pass one.
      if (account === lastPrepared) return account as PreparedAccount;
      // One prepared with these rules: one lookup by identity. The plain account last kept is
      // none (a prepared account is marked when it is made, never later): no lookup.
      const checkedWith = account === lastPlain ? undefined : PREPARED.get(account);
      if (checkedWith === rules) return (lastPrepared = account as PreparedAccount);
      try {
        // A prepared account is frozen: a plain one is rarely, and is not looked for a mark;
        // nor is the plain account last kept (Object.isFrozen is a call into V8's runtime).
        if (checkedWith !== undefined || (account !== lastPlain && Object.isFrozen(account))) {
          const elsewhere = preparedElsewhere(account, checkedWith);
          if (elsewhere !== undefined) return elsewhere;
        }
        return preparePlain(account as Account);
      } catch (e) {
        throw unreadable(e, ['account']);
      }
    },
  };
}
