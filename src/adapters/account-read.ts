/**
 * An account read in one pass (`readAtOnce`): each own field read once and checked as the
 * schema checks it, the values preparation uses gathered on the way, and what was read kept
 * flat to compare on later calls. Anything else is left to the schema (`account.ts`).
 */
import type { ProductType, TaxCodeId } from '../core/types.js';
import { prototypePolluted } from './read.js';
import { isCountryText, isCurrencyText, isPlainObject, isTaxCodeOrAbsent, oneOfOrAbsent } from './input.js';
import { MAX_REGISTRATIONS, MAX_TAX_DATE, MAX_WEB_LENGTH, PRODUCT_TYPES, WEB_RE, type AccountInput as Account } from './schemas.js';
import { dayNumber } from '../core/dates.js';

/** An optional date field's value as the schema accepts it: absent, null, empty, or a calendar date. */
export function optionalDateOk(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (typeof v === 'string' && !Number.isNaN(dayNumber(v)));
}

/** What preparation read of a registration: compared on every later call. */
export interface RegistrationSnapshot {
  readonly object: unknown;
  /**
   * Its fields' names, as for…in lists them: a field added since (a misspelt one) is refused,
   * not ignored. Names, not a count: a field deleted (one holding undefined reads the same) or
   * made not enumerable would make up for one added in a count.
   */
  readonly fields: readonly string[];
  readonly jurisdiction_id: unknown;
  readonly value: unknown;
  readonly valid_from: unknown;
  readonly valid_until: unknown;
  readonly permanent_establishment: unknown;
  readonly import_scheme: unknown;
  readonly created_at: unknown;
}

/** What preparation read of an account (named fields: every later call compares them). */
export interface Snapshot {
  /** The account's fields' names, as for…in lists them (see RegistrationSnapshot). */
  readonly fields: readonly string[];
  readonly country: unknown;
  readonly postal_code: unknown;
  readonly region: unknown;
  readonly web: unknown;
  readonly currency: unknown;
  readonly default_tax_code: unknown;
  readonly default_product_type: unknown;
  readonly registrations: readonly unknown[];
  readonly count: number;
  readonly each: readonly RegistrationSnapshot[];
  /** Whether a registration has a created_at field, even one holding undefined (only then is it compared). */
  readonly created: boolean;
  /** The address history as read: its array, and each address's JSON (addresses are few). */
  readonly addresses: unknown;
  readonly addressText: string | null;
}

export type Fields = Record<string, unknown>;

/** An object's fields' names, as for…in lists them (it runs no getter). */
export function fieldNames(o: object): string[] {
  const names: string[] = [];
  for (const key in o) names.push(key);
  return names;
}

/** Whether for…in lists an object's fields as `names`, in that order. */
export function sameFields(o: object, names: readonly string[]): boolean {
  let i = 0;
  for (const key in o) if (key !== names[i++]) return false;
  return i === names.length;
}

/** Values as one text: each its type and content, strings length-prefixed (no two lists share one). */
export function contentKey(values: readonly unknown[]): string {
  let key = '';
  for (const v of values) {
    switch (typeof v) {
      case 'string':
        key += `s${v.length}:${v}`;
        break;
      case 'number':
        key += `#${v};`;
        break;
      case 'boolean':
        key += v ? 't' : 'f';
        break;
      default:
        key += v === null ? 'n' : 'u';
    }
  }
  return key;
}

/** Whether two lists of values read are the same, value by value. */
export function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A registration as read in one pass (each field once). */
interface ReadRegistration {
  readonly jurisdiction_id: number;
  readonly valid_from: string | null | undefined;
  readonly valid_until: string | null | undefined;
  readonly created_at: number | undefined;
  readonly permanent_establishment: boolean | undefined;
  readonly import_scheme: boolean | undefined;
}

/** An account read in one pass: what preparation uses, its content key, and what was read (when asked). */
export interface ReadAtOnce {
  /**
   * Everything preparation uses, as read, in one order: the account's six fields, then six of
   * each registration. Two accounts with the same values prepare alike.
   */
  readonly values: readonly unknown[];
  readonly country: string;
  readonly currency: string;
  readonly postal_code: string | null | undefined;
  readonly region: string | null | undefined;
  readonly default_tax_code: TaxCodeId | undefined;
  readonly default_product_type: ProductType | undefined;
  /** How many registrations were read (their fields are in `values`: see `registrationsRead`). */
  readonly count: number;
  /** The values read, to compare on later calls (only when asked for: an account seen again). */
  readonly snapshot: Snapshot | null;
}

/**
 * The registrations of an account read in one pass, from its values: made only when the
 * account is prepared, not for an account of a content already prepared (a server reading
 * its account for each request).
 */
export function registrationsRead(read: ReadAtOnce): ReadRegistration[] {
  const out: ReadRegistration[] = [];
  const v = read.values;
  for (let i = 0, at = 6; i < read.count; i++, at += 6) {
    out.push({
      jurisdiction_id: v[at] as number,
      valid_from: v[at + 1] as string | null | undefined,
      valid_until: v[at + 2] as string | null | undefined,
      created_at: v[at + 3] as number | undefined,
      permanent_establishment: v[at + 4] as boolean | undefined,
      import_scheme: v[at + 5] as boolean | undefined,
    });
  }
  return out;
}

/** An account's own fields as read in one pass (each once), before its registrations are. */
interface AccountFields {
  /** The fields' names, when asked for (a snapshot keeps them). */
  readonly fields: readonly string[] | null;
  readonly country: string;
  readonly currency: string;
  readonly registrations: readonly unknown[];
  readonly postal_code: string | null | undefined;
  readonly region: string | null | undefined;
  readonly web: unknown;
  readonly default_tax_code: TaxCodeId | undefined;
  readonly default_product_type: ProductType | undefined;
}

/** Whether a value read for an account's field is one the schema accepts there (addresses and unknown fields: no). */
function accountFieldOk(key: string, v: unknown): boolean {
  switch (key) {
    case 'country':
      return typeof v === 'string' && isCountryText(v);
    case 'currency':
      return typeof v === 'string' && isCurrencyText(v);
    case 'registrations':
      return Array.isArray(v) && v.length <= MAX_REGISTRATIONS;
    case 'postal_code':
      return v === undefined || v === null || (typeof v === 'string' && v.length <= 20);
    case 'region':
      return v === undefined || v === null || (typeof v === 'string' && v.length <= 100);
    case 'web':
      return v === undefined || v === null || (typeof v === 'string' && v.length <= MAX_WEB_LENGTH && WEB_RE.test(v));
    case 'default_tax_code':
      return isTaxCodeOrAbsent(v);
    case 'default_product_type':
      return oneOfOrAbsent(v, PRODUCT_TYPES);
    default:
      // addresses (read through the schema) and any field the schema does not know
      return false;
  }
}

/** A plain account's own fields, each read once and checked as the schema checks it; undefined for anything else. */
function readAccountFields(a: Fields, withNames: boolean): AccountFields | undefined {
  // Without a prototype: a field the account leaves out reads as absent, whatever Object.prototype holds.
  const read = Object.create(null) as Fields;
  const fields: string[] | null = withNames ? [] : null;
  for (const key in a) {
    if (fields !== null) fields.push(key);
    const v = a[key];
    if (!accountFieldOk(key, v)) return undefined;
    read[key] = v;
  }
  if (read.country === undefined || read.currency === undefined || read.registrations === undefined) return undefined;
  return {
    fields,
    country: read.country as string,
    currency: read.currency as string,
    registrations: read.registrations as unknown[],
    postal_code: read.postal_code as string | null | undefined,
    region: read.region as string | null | undefined,
    web: read.web,
    default_tax_code: read.default_tax_code as TaxCodeId | undefined,
    default_product_type: read.default_product_type as ProductType | undefined,
  };
}

/** Whether a value read for a registration's field is one the schema accepts there. */
function registrationFieldOk(key: string, v: unknown): boolean {
  switch (key) {
    case 'jurisdiction_id':
      return typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
    case 'value':
      return v === undefined || typeof v === 'string';
    case 'valid_from':
    case 'valid_until':
      return optionalDateOk(v);
    case 'permanent_establishment':
    case 'import_scheme':
      return v === undefined || typeof v === 'boolean';
    case 'created_at':
      return v === undefined || (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= MAX_TAX_DATE);
    default:
      return false;
  }
}

/**
 * A registration's own fields, each read once and checked, into `values` (six for the content
 * key, from `at`) and, when given, `each` (what the snapshot keeps of it): 1 when read (2
 * when it has a `created_at` field, even one holding undefined), 0 for anything the schema would refuse or name.
 */
function readRegistration(r: unknown, values: unknown[], at: number, each: RegistrationSnapshot[] | null): 0 | 1 | 2 {
  if (!isPlainObject(r)) return 0;
  // The fields, each read once (locals: no object per registration unless a snapshot is kept).
  let id: unknown, value: unknown, from: unknown, until: unknown, pe: unknown, scheme: unknown, created: unknown;
  const names: string[] | null = each === null ? null : [];
  // A created_at field holding undefined counts too: set later, it changes the registration's start.
  let hasCreated = false;
  for (const k in r) {
    if (names !== null) names.push(k);
    const v = r[k];
    if (!registrationFieldOk(k, v)) return 0;
    if (k === 'jurisdiction_id') id = v;
    else if (k === 'value') value = v;
    else if (k === 'valid_from') from = v;
    else if (k === 'valid_until') until = v;
    else if (k === 'permanent_establishment') pe = v;
    else if (k === 'import_scheme') scheme = v;
    else {
      created = v;
      hasCreated = true;
    }
  }
  if (id === undefined) return 0;
  values[at] = id;
  values[at + 1] = from;
  values[at + 2] = until;
  values[at + 3] = created;
  values[at + 4] = pe;
  values[at + 5] = scheme;
  if (names !== null) {
    (each as RegistrationSnapshot[]).push({ object: r, fields: names, jurisdiction_id: id, value, valid_from: from, valid_until: until, permanent_establishment: pe, import_scheme: scheme, created_at: created });
  }
  return hasCreated ? 2 : 1;
}

/**
 * A plain account read in one pass: each own field read once (a getter runs once), checked as
 * the schema checks it, and the values preparation uses gathered on the way (no copy of the
 * account). Undefined for anything else — an address history, a field the schema does not
 * know, a value it refuses, an object that is not plain, a polluted Object.prototype — which
 * the schema then reads and names (the same answer, with its issues).
 */
export function readAtOnce(account: Account, withSnapshot: boolean): ReadAtOnce | undefined {
  if (!isPlainObject(account) || prototypePolluted()) return undefined;
  const a = readAccountFields(account as Fields, withSnapshot);
  if (a === undefined) return undefined;
  const regs = a.registrations;
  const values: unknown[] = []; // filled in order, as `each`: packed arrays
  values[0] = a.country;
  values[1] = a.currency;
  values[2] = a.postal_code;
  values[3] = a.region;
  values[4] = a.default_tax_code;
  values[5] = a.default_product_type;
  const each: RegistrationSnapshot[] | null = withSnapshot ? [] : null;
  let created = false;
  for (let i = 0; i < regs.length; i++) {
    const r = readRegistration(regs[i], values, 6 + 6 * i, each);
    if (r === 0) return undefined;
    if (r === 2) created = true;
  }
  const snapshot: Snapshot | null =
    each === null
      ? null
      : { fields: a.fields as string[], country: a.country, postal_code: a.postal_code, region: a.region, web: a.web, currency: a.currency, default_tax_code: a.default_tax_code, default_product_type: a.default_product_type, registrations: regs, count: regs.length, each, created, addresses: undefined, addressText: null };
  return { values, country: a.country, currency: a.currency, postal_code: a.postal_code, region: a.region, default_tax_code: a.default_tax_code, default_product_type: a.default_product_type, count: regs.length, snapshot };
}
