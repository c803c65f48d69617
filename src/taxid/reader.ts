import type { TaxIdCheck, TaxIdModule, TaxIdReason, TaxIdValidation } from './types.js';

/**
 * A package module's reading of a number: `id` read in place from index `at` (after the
 * prefix written on it, 0 when it carries none), answering the validator's verdict itself.
 * The validator of a package module then cuts no body off the number, and the module makes
 * no answer for the validator to copy, nor its normalized form when that is the number as
 * given (`DE` + the body of `DE…`): a call makes only its verdict.
 *
 * The validator hands a reader the number as given first, before testing that it is compact
 * (so `id` may hold separators and small letters): a reader answers `valid: true`, or
 * `valid: false` for a wrong check (`reason: 'checksum'`), only when every character from
 * `at` to the end is one it read and found to be of the number's own characters, which the
 * cleaning keeps as they are (digits, capitals A–Z; the `+` and `*` of old Irish numbers), as
 * a well-formed number is: the number as given was then compact, and its answer is the
 * compact number's. Any other answer is kept only if the number was compact; else the
 * cleaned number is read again. `test/taxid.test.ts` holds every package module's reader to
 * the module called through `validate`, on numbers with separators and small letters.
 */
export type TaxIdReader = (id: string, at: number) => TaxIdValidation;

/** A reader and the country its verdicts name. */
interface Reading {
  readonly country: string;
  readonly read: TaxIdReader;
}

/**
 * The package modules' readers, by the module's `validate` (which answers what the reader
 * answers, as a `TaxIdCheck`). Filled as each module is made, never changed; a module is
 * recognised by identity: a caller's own module, or one whose `validate` was replaced, is
 * called through `validate`.
 */
const readings = new WeakMap<object, Reading>();

/** The reader behind a module's `validate` for its `country`, if it is a package module's. */
export function readerOf(validate: unknown, country: string): TaxIdReader | undefined {
  if (typeof validate !== 'function') return undefined;
  const r = readings.get(validate);
  return r !== undefined && r.country === country ? r.read : undefined;
}

/** A valid number's verdict (the validator's own shape: valid, country, normalized, kind). */
export const validIn = (country: string, kind: string, normalized: string): TaxIdValidation => ({ valid: true, country, normalized, kind });

/** An invalid number's verdict (valid, country, normalized, kind, reason). */
export const invalidIn = (country: string, kind: string | null, reason: TaxIdReason): TaxIdValidation => ({ valid: false, country, normalized: null, kind, reason });

/**
 * `prefix` + the number read from `at`: the number as given when it was written with that
 * prefix (no string made), else the prefix joined to the rest (the `GR…` of an `EL` number,
 * a number given without its prefix).
 */
export function withPrefix(prefix: string, id: string, at: number): string {
  if (at === prefix.length) {
    let same = true;
    for (let i = 0; i < at; i++) if (id.charCodeAt(i) !== prefix.charCodeAt(i)) same = false;
    if (same) return id;
  }
  return prefix + (at === 0 ? id : id.slice(at));
}

/** The module's answer for a verdict of its reader. */
function checkOf(v: TaxIdValidation): TaxIdCheck {
  return v.valid === true ? { ok: true, kind: v.kind as string, normalized: v.normalized as string } : { ok: false, kind: v.kind, reason: v.reason as TaxIdReason };
}

/**
 * A package module written as a reader: `validate(body)` answers the reader's verdict on the
 * body as a `TaxIdCheck`, and validators built from the module call the reader.
 */
export function readerModule(country: string, prefixes: readonly string[], names: Readonly<Record<string, string>>, read: TaxIdReader): TaxIdModule {
  const validate = (body: string): TaxIdCheck => checkOf(read(body, 0));
  readings.set(validate, { country, read });
  return { country, prefixes, names, validate };
}
