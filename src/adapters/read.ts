/**
 * Reading what a caller hands over, which may be anything: an object whose fields come from
 * a prototype, a getter or a Proxy trap that throws, an option of the wrong type. Only own
 * fields are read, and whatever goes wrong while reading is a TaxRulesError (400), never a
 * TypeError: a library that computes taxes must not turn a mistake into a wrong tax or a crash.
 */
import type { RuleSet } from '../core/ruleset.js';
import { errorFromIssues, guarded, quoted, TaxRulesError, unreadable, type TaxRulesIssue } from '../core/errors.js';
import { packagedRuleSet } from '../default-rules.js';
import { shortKey, unknownFields } from '../core/fields.js';
import { ownCopy, prototypePolluted } from '../core/own.js';

export { ownCopy, prototypePolluted, shortKey, unknownFields };

export { guarded, unreadable } from '../core/errors.js';

/** The test of one option and what it must be, for the message. */
export type OptionCheck = readonly [test: (value: unknown) => boolean, expected: string];

/**
 * No options: without a prototype, so a polluted Object.prototype adds none. Such an object
 * is a dictionary to V8 (each field read a hash lookup): a hot path may test for it by identity
 * instead of reading its fields.
 */
export const NO_OPTIONS: Readonly<Record<string, never>> = /* @__PURE__ */ Object.freeze(Object.create(null) as Record<string, never>);

const EMPTY = NO_OPTIONS;

/**
 * Options handed on to a function that checks their fields itself: absent (undefined or
 * null) is the defaults, anything but an object a 400 naming `options`.
 */
export function optionsObject<T extends object>(options: T | null | undefined, path: (string | number)[] = ['options']): T {
  if (options === undefined || options === null) return EMPTY as T;
  let array: boolean;
  try {
    array = Array.isArray(options);
  } catch (e) {
    // A revoked Proxy throws even when asked whether it is an array.
    throw unreadable(e, path);
  }
  if (typeof options !== 'object' || array) {
    throw errorFromIssues([{ path, code: 'malformed', message: `${path.join('.')} must be an object, got ${quoted(options, 60)}` }]);
  }
  // With a polluted Object.prototype an option left out would read as the polluted value:
  // the options' own fields, on an object without a prototype.
  if (prototypePolluted()) return guarded(() => Object.assign(Object.create(null) as T, options), path);
  return options;
}

/**
 * The options of a call, checked: absent (undefined or null) means the defaults; anything
 * but an object is a 400 naming `options`; an unknown option (`cach`) is refused with the
 * one meant, and a known one of the wrong type is refused with what it must be. Returns a
 * copy of the own fields, so a getter runs once.
 */
export function readOptions<T extends object>(options: unknown, checks: { readonly [K in keyof T]-?: OptionCheck }, path: (string | number)[] = ['options']): T {
  if (optionsObject(options as object | null | undefined, path) === EMPTY) return EMPTY as T;
  const name = path.join('.');
  let copy: Record<string, unknown>;
  try {
    copy = ownCopy(options, 1, 0) as Record<string, unknown>;
  } catch (e) {
    throw unreadable(e, path);
  }
  const known = Object.keys(checks);
  const issues: TaxRulesIssue[] = unknownFields(copy, known, path, 'option');
  for (const key of known) {
    const v = copy[key];
    const check = (checks as Record<string, OptionCheck>)[key] as OptionCheck;
    if (v !== undefined && !check[0](v)) issues.push({ path: [...path, key], code: 'malformed', message: `${name}.${key} must be ${check[1]}, got ${quoted(v, 60)}` });
  }
  if (issues.length > 0) throw errorFromIssues(issues);
  return copy as T;
}

/** Whether a value is a rule set (what `createRuleSet` returns), not rule data or anything else. */
export function isRuleSet(v: unknown): v is RuleSet {
  return typeof v === 'object' && v !== null && typeof (v as { countryOf?: unknown }).countryOf === 'function' && typeof (v as { detailsMatter?: unknown }).detailsMatter === 'function';
}

export const isFunction = (v: unknown): boolean => typeof v === 'function';
export const isBoolean = (v: unknown): boolean => typeof v === 'boolean';
export const RULE_SET: OptionCheck = [isRuleSet, 'a rule set (createRuleSet(data), or defaultRuleSet)'];
export const TAX_ID_VERDICT: OptionCheck = [isFunction, "a function (country, taxId) => 'valid' | 'invalid' | 'unknown'"];
/** A table of dated exchange rates, or a function asked for each (see adapters/exchange-rates.ts). */
export const EXCHANGE_RATES: OptionCheck = [(v) => Array.isArray(v) || typeof v === 'function', 'an array of { currency, date | from, until, rate }, or a function (currency, date, accountCurrency) => rate'];

/** A rule-set argument: absent (undefined or null) is the default rule set; anything but a rule set is a 400. */
export function ruleSetArg(rules: unknown, path: (string | number)[] = ['rules']): RuleSet {
  if (rules === undefined || rules === null) return packagedRuleSet;
  let ok: boolean;
  try {
    ok = isRuleSet(rules);
  } catch (e) {
    // A Proxy or a getter that throws while it is looked at.
    throw unreadable(e, path);
  }
  if (ok) return rules as RuleSet;
  throw errorFromIssues([{ path, code: 'malformed', message: `${path.join('.')} must be ${RULE_SET[1]}, got ${quoted(rules, 60)}` }]);
}

/** The named fields of an object, own ones only (absent ones undefined), on a bag without a prototype. */
export function ownFields<T>(value: T, keys: readonly string[]): T {
  const out = Object.create(null) as Record<string, unknown>;
  for (const k of keys) out[k] = Object.hasOwn(value as object, k) ? (value as Record<string, unknown>)[k] : undefined;
  return out as T;
}
