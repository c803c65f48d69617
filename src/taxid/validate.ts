import { isCompactUpper } from '../core/text.js';
import { errorFromIssues, quoted, unreadable, type TaxRulesIssue } from '../core/errors.js';
import { unknownFields } from '../core/fields.js';
import { ownCopy } from '../core/own.js';
import { readerOf, type TaxIdReader } from './reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from './types.js';

/**
 * Separators people write inside tax IDs; removed before validation. Besides the ASCII
 * hyphen, the dashes a word processor substitutes for it (U+2010–U+2015, minus sign U+2212).
 */
const NOISE = /[\s.\-/,:_()\u2010-\u2015\u2212]+/g;

const UNKNOWN: TaxIdValidation = /* @__PURE__ */ Object.freeze({ valid: null, country: null, normalized: null, kind: null }) as TaxIdValidation;

const isLetter = (c: number): boolean => c >= 65 && c <= 90;

/**
 * The longest `country` or `taxId` string read, in UTF-16 units. The longest numbers (a
 * Canadian QST or a Swiss VAT number written with every separator) stay under 40; the bound
 * keeps the work per call small whatever a caller passes. Longer input is refused unread.
 */
export const MAX_TAX_ID_INPUT = 256;

/** A refusal of input the validator does not read. */
const refused = (country: string | null, reason: 'format' | 'length'): TaxIdValidation => ({ valid: false, country, normalized: null, kind: null, reason });

/**
 * Validates a tax ID. Total: any value for either argument gives a verdict of plain
 * strings, booleans and nulls, and nothing throws. Only strings are read (and for `country`,
 * `null`, `undefined` or `''`, meaning "the prefix written on the number decides"); other
 * values are never touched (no `toString`, no getters) and answer `valid: false` with
 * `reason: 'format'`.
 */
export type TaxIdValidator = (country: string | null | undefined, taxId: string) => TaxIdValidation;

/** The most modules a validator is built from (the package has 82), and the most prefixes one module lists. */
export const MAX_TAX_ID_MODULES = 1_000;

/** The most codes read from `countryCodes` (ISO 3166-1 has 249; two capitals make 676). */
export const MAX_COUNTRY_CODES = 1_000;

/**
 * How deep the factory reads its modules: the list, a module, its `prefixes` and `names`
 * (3 levels of arrays and objects). A country, a prefix and a name are strings, so a value
 * nested deeper is refused by its type, unread: nothing a caller hands over is walked
 * recursively, however deep it is.
 */
export const TAX_ID_MODULES_DEPTH = 3;

const MODULE_FIELDS = ['country', 'prefixes', 'names', 'validate'] as const;
const COUNTRY = /^[A-Z]{2}$/;
/** A prefix: 2 to 8 capitals A–Z (the longest in use, CHE, has 3); the number is read uppercased. */
const PREFIX = /^[A-Z]{2,8}$/;

/**
 * A value as a message shows it: a string, number or boolean quoted, an object or a function
 * by its kind only (it may be a Proxy, or nested 10,000 deep: it is not read).
 */
function shown(v: unknown): string {
  if (typeof v === 'function') return 'a function';
  if (typeof v !== 'object' || v === null) return quoted(v);
  try {
    return Array.isArray(v) ? 'an array' : 'an object';
  } catch {
    return 'an object';
  }
}

/**
 * Where a number is read: the module, and the index its body starts at (after the prefix
 * written on it; 0 without one). Made once per prefix and per module, never per call.
 */
interface Route {
  readonly module: Entry;
  readonly at: number;
}

/** A prefix longer than 2 letters, and its route. */
interface LongPrefix {
  prefix: string;
  route: Route;
}

/** A module as `readModules` hands it over: a copy of its own fields, read once. */
interface ModuleCopy {
  country: string;
  prefixes: readonly string[];
  validate(body: string): unknown;
}

/**
 * A module as the validator holds it. The copy has a null prototype, which V8 keeps as a
 * dictionary: each call would look its fields up by hash. This record of fixed shape is read
 * by offset; `validate` is still called on the copy (`self`), as a module may read `this`.
 */
interface Entry {
  readonly country: string;
  /** The module lists prefixes: its numbers may carry one (the VAT-number family). */
  readonly prefixed: boolean;
  readonly validate: (this: ModuleCopy, body: string) => unknown;
  readonly self: ModuleCopy;
  /** A package module's reader (see reader.ts), called in place of `validate`. */
  readonly read: TaxIdReader | undefined;
  /** The route of a number written without a prefix. */
  readonly bare: Route;
}

/** The problems of one module's copy (`ownCopy`), at `modules.<i>`. */
function moduleIssues(m: unknown, i: number): TaxRulesIssue[] {
  const at = ['modules', i];
  if (typeof m !== 'object' || m === null || Array.isArray(m)) return [{ path: at, code: 'malformed', message: `modules.${i} must be a tax-ID module { country, prefixes, validate }, got ${shown(m)}` }];
  const { country, prefixes, names, validate } = m as Record<string, unknown>;
  const issues = unknownFields(m, MODULE_FIELDS, at, 'field');
  const bad = (field: (string | number)[], message: string): void => {
    issues.push({ path: [...at, ...field], code: 'malformed', message: `modules.${i}.${field.join('.')} ${message}` });
  };
  if (typeof country !== 'string' || !COUNTRY.test(country)) bad(['country'], `must be a 2-letter country code in capitals, got ${shown(country)}`);
  if (!Array.isArray(prefixes)) bad(['prefixes'], `must be an array of prefixes ([] for none), got ${shown(prefixes)}`);
  else if (prefixes.length > MAX_TAX_ID_MODULES) bad(['prefixes'], `has more than ${MAX_TAX_ID_MODULES} prefixes`);
  else {
    for (let j = 0; j < prefixes.length; j++) {
      const p: unknown = prefixes[j];
      if (typeof p !== 'string' || !PREFIX.test(p)) bad(['prefixes', j], `must be 2 to 8 capitals A-Z, got ${shown(p)}`);
    }
  }
  if (names !== undefined && (typeof names !== 'object' || names === null || Array.isArray(names) || Object.values(names).some((n) => typeof n !== 'string'))) {
    bad(['names'], `must be an object of names by kind ({ br_cnpj: "CNPJ …" }), got ${shown(names)}`);
  }
  if (typeof validate !== 'function') bad(['validate'], `must be a function, got ${shown(validate)}`);
  return issues;
}

/**
 * The modules handed to the factory, checked: an array of at most MAX_TAX_ID_MODULES plain
 * objects, each country once, read own fields only and TAX_ID_MODULES_DEPTH levels deep
 * into a copy (a getter runs once; a module's `validate` is called on the copy). A getter or
 * a Proxy trap that throws is a 400 naming `modules`, as is any problem.
 */
function readModules(modules: unknown): ModuleCopy[] {
  let copy: unknown;
  try {
    copy = ownCopy(modules, TAX_ID_MODULES_DEPTH, MAX_TAX_ID_MODULES);
  } catch (e) {
    throw unreadable(e, ['modules'], 'the tax-ID modules');
  }
  if (!Array.isArray(copy)) throw errorFromIssues([{ path: ['modules'], code: 'malformed', message: `modules must be an array of tax-ID modules, got ${shown(copy)}` }]);
  if (copy.length > MAX_TAX_ID_MODULES) throw errorFromIssues([{ path: ['modules'], code: 'malformed', message: `modules has more than ${MAX_TAX_ID_MODULES} modules` }]);
  const issues: TaxRulesIssue[] = [];
  const seen = new Set<unknown>();
  copy.forEach((m: unknown, i) => {
    for (const issue of moduleIssues(m, i)) issues.push(issue);
    const country = (m as { country?: unknown } | null)?.country;
    if (typeof country === 'string' && seen.has(country)) issues.push({ path: ['modules', i, 'country'], code: 'malformed', message: `modules.${i}.country: two tax-ID modules for ${shown(country)}` });
    seen.add(country);
  });
  if (issues.length > 0) throw errorFromIssues(issues);
  return copy as ModuleCopy[];
}

/** The country codes handed to the factory: an iterable of at most MAX_COUNTRY_CODES codes of 2 capitals. */
function readCountryCodes(codes: unknown): Set<string> {
  const out = new Set<string>();
  const issues: TaxRulesIssue[] = [];
  try {
    if (typeof codes !== 'object' || codes === null || typeof (codes as Partial<Iterable<unknown>>)[Symbol.iterator] !== 'function') {
      throw errorFromIssues([{ path: ['countryCodes'], code: 'malformed', message: `countryCodes must be an iterable of country codes (an array, a Set), got ${shown(codes)}` }]);
    }
    let i = 0;
    for (const c of codes as Iterable<unknown>) {
      if (i === MAX_COUNTRY_CODES) {
        issues.push({ path: ['countryCodes'], code: 'malformed', message: `countryCodes has more than ${MAX_COUNTRY_CODES} codes` });
        break;
      }
      if (typeof c === 'string' && COUNTRY.test(c)) out.add(c);
      else issues.push({ path: ['countryCodes', i], code: 'malformed', message: `countryCodes.${i} must be a 2-letter country code in capitals, got ${shown(c)}` });
      i++;
    }
  } catch (e) {
    throw unreadable(e, ['countryCodes'], 'the country codes');
  }
  if (issues.length > 0) throw errorFromIssues(issues);
  return out;
}

/** The reasons a module may give (the others are the validator's own, or an online check's). */
const isModuleReason = (r: unknown): r is TaxIdReason => r === 'checksum' || r === 'format' || r === 'length' || r === 'unknown_prefix';

/**
 * The verdict of a module on the number `id` read from `at` (after its prefix). A package
 * module's reader reads it in place and makes the verdict; any other module receives the body
 * cut off the number and answers a TaxIdCheck, copied into the verdict. A module that
 * throws, or answers anything but a TaxIdCheck, answers nothing: `valid: null`, as a country
 * without offline rules (the validator never throws).
 */
function verdict(entry: Entry, id: string, at: number): TaxIdValidation {
  const country = entry.country;
  try {
    const read = entry.read;
    if (read !== undefined) return read(id, at);
    const body = at === 0 ? id : id.slice(at);
    const r = entry.validate.call(entry.self, body) as Record<string, unknown> | null;
    if (typeof r === 'object' && r !== null) {
      const ok = r.ok;
      const kind = r.kind;
      if (ok === true && typeof kind === 'string') {
        const normalized = r.normalized;
        if (typeof normalized === 'string') return { valid: true, country, normalized, kind };
      } else if (ok === false && (kind === null || typeof kind === 'string')) {
        const reason = r.reason;
        if (isModuleReason(reason)) return { valid: false, country, normalized: null, kind, reason };
      }
    }
  } catch {
    // Answered below, as a module without an answer.
  }
  return { ...UNKNOWN, country };
}

/**
 * Builds a validator from country modules. A prefix written on the number (`DE…`, `EL…`,
 * `XI…`, `EU…`, `CHE…`) decides whose rules apply when the given country's own numbers
 * are written with a prefix (the VAT-number family); otherwise the given country's module
 * reads the number as it is. `countryCodes` (ISO 3166-1) lets a prefix naming a country
 * without a module answer `valid: null` instead of `unknown_prefix`. Both are checked first
 * (see `readModules`, `readCountryCodes`): anything else is a TaxRulesError (400).
 */
export function createTaxIdValidator(modules: readonly TaxIdModule[], countryCodes?: Iterable<string> | null): TaxIdValidator {
  const entries = readModules(modules).map((m): Entry => {
    const entry = { country: m.country, prefixed: m.prefixes.length > 0, validate: m.validate, self: m, read: readerOf(m.validate, m.country), bare: undefined as unknown as Route };
    entry.bare = { module: entry, at: 0 };
    return entry;
  });
  // Country codes (ISO 3166-1), to tell a country without offline rules from an unknown prefix.
  const knownCountries = countryCodes === undefined || countryCodes === null ? new Set<string>() : readCountryCodes(countryCodes);
  const byCountry = new Map<string, Entry>();
  const byPrefix = new Map<string, Entry>();
  for (const m of entries) {
    byCountry.set(m.country, m);
    for (const p of m.self.prefixes) byPrefix.set(p, m);
  }
  // Prefixes by their first two letters' codes, in 26 × 26 tables: the route of the 2-letter
  // prefix, and the longer prefixes (CHE) starting with those letters, longest first.
  const prefix2: (Route | undefined)[] = new Array(26 * 26).fill(undefined);
  const longPrefixes: (LongPrefix[] | undefined)[] = new Array(26 * 26).fill(undefined);
  for (const [p, m] of byPrefix) {
    const slot = (p.charCodeAt(0) - 65) * 26 + (p.charCodeAt(1) - 65);
    if (p.length === 2) prefix2[slot] = { module: m, at: 2 };
    else (longPrefixes[slot] ??= []).push({ prefix: p, route: { module: m, at: p.length } });
  }
  for (const list of longPrefixes) list?.sort((a, b) => b.prefix.length - a.prefix.length);

  /**
   * The route of a number (the given country's module, `own`, if any): the prefix written on
   * it decides for the VAT-number family and for no country given; else the country's module
   * reads it whole; `undefined` when no module reads it.
   */
  function routeOf(id: string, own: Entry | undefined): Route | undefined {
    if (own !== undefined && !own.prefixed) return own.bare;
    let hit: Route | undefined;
    const a = id.charCodeAt(0) - 65;
    const b = id.charCodeAt(1) - 65;
    if (a >= 0 && a < 26 && b >= 0 && b < 26) {
      const slot = a * 26 + b;
      const long = longPrefixes[slot];
      if (long !== undefined) {
        for (let i = 0; i < long.length; i++) {
          const lp = long[i] as LongPrefix;
          if (id.length > lp.prefix.length && id.startsWith(lp.prefix)) {
            hit = lp.route;
            break;
          }
        }
      }
      if (hit === undefined && id.length > 2) hit = prefix2[slot];
    }
    if (hit !== undefined && (own === undefined || hit.module === own || hit.module.prefixed)) return hit;
    return own?.bare;
  }

  return function validateTaxId(country: unknown, taxId: unknown): TaxIdValidation {
    // typeof is the only operation applied to a value before it is known to be a string: it
    // cannot throw, even for a revoked proxy.
    if (country !== null && country !== undefined && (typeof country !== 'string' || country.length > MAX_TAX_ID_INPUT)) return refused(null, 'format');
    let cc = typeof country !== 'string' || country === '' ? '' : isCompactUpper(country) ? country : country.trim().toUpperCase();
    if (cc === 'EL') cc = 'GR';
    else if (cc === 'UK') cc = 'GB';
    const own = cc ? byCountry.get(cc) : undefined;
    // A code that is no country (XX) is no issuing country: a refusal names none.
    const given = own ? own.country : cc && (knownCountries.size === 0 || knownCountries.has(cc)) ? cc : null;
    if (typeof taxId !== 'string') return refused(given, 'format');
    if (taxId.length > MAX_TAX_ID_INPUT) return refused(given, 'length');

    // A package module first reads the number as given: a valid answer, or a wrong check digit,
    // means each character was read and found one of the number's own, which the cleaning
    // keeps (see reader.ts), so the test of every character is not made; any other answer
    // stands once that test passes.
    let first: TaxIdValidation | undefined;
    let asGiven: Route | undefined;
    if (taxId.length > 0) {
      asGiven = routeOf(taxId, own);
      if (asGiven !== undefined && asGiven.module.read !== undefined) {
        first = verdict(asGiven.module, taxId, asGiven.at);
        if (first.valid === true || first.reason === 'checksum') return first;
      }
    }
    let id = taxId;
    if (!isCompactUpper(taxId)) id = taxId.toUpperCase().replace(NOISE, '');
    else if (first !== undefined) return first;
    if (id.length === 0) return refused(given, 'format');

    // A compact number's route is the one found for it as given.
    const route = id === taxId ? asGiven : routeOf(id, own);
    if (route === undefined) {
      if (!cc && id.length > 2 && isLetter(id.charCodeAt(0)) && isLetter(id.charCodeAt(1))) {
        // A prefix naming a country without offline rules (BR…) is unknown, not invalid.
        const named = id.slice(0, 2);
        return knownCountries.has(named) ? { ...UNKNOWN, country: named } : { valid: false, country: null, normalized: null, kind: null, reason: 'unknown_prefix' };
      }
      // A country code that is no country is no tax ID of anyone's: false, saying so. A real
      // country without offline rules is null: only its register can tell.
      if (cc) return knownCountries.size === 0 || knownCountries.has(cc) ? { ...UNKNOWN, country: cc } : { valid: false, country: null, normalized: null, kind: null, reason: 'unknown_country' };
      // No country given, and no prefix on the number that names one: nobody's number that we can tell.
      return { valid: false, country: null, normalized: null, kind: null, reason: 'unknown_prefix' };
    }
    return verdict(route.module, id, route.at);
  };
}
