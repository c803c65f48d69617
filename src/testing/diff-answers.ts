/**
 * How diffRules asks a case of a rule set and compares the two answers: the case's input built
 * once for both, asked as `determine` asks it, and compared field by field as the changes show
 * them (a tax line's text built only for a change), never through JSON of both answers.
 */
import type { RuleSet } from '../core/ruleset.js';
import type { Decision, JurisdictionRef, TaxInput, TaxLine } from '../core/types.js';
import type { SaleOptions } from '../core/sale.js';
import { freshDecider, inputIssue, notesOf, priceInput } from '../core/determine.js';
import { TaxRulesError, unreadable } from '../core/errors.js';
import { ownData, TAX_INPUT_LEVELS } from '../core/own.js';
import type { DiffCase } from './diff-local.js';

/** The seller's place in every case: Ireland. */
const ORIGIN = { country: 'IE', postalCode: 'D02X285' } as const;
/** A business customer's tax ID, the same for every case. */
const BUSINESS: TaxInput['customerTaxId'] = Object.freeze({ value: 'business', verdict: 'valid' });

/** A case's answer as the diff compares it: the decision `determine`'s result is made of, or the refusal's status and message. */
export type Answer = Decision | string;

/** The fields a change names, in the order a report lists them (see `changedFields`). */
const FIELDS = ['status', 'reason', 'jurisdiction', 'scheme', 'rates', 'notes', 'error'] as const;
export type Field = (typeof FIELDS)[number];
/** The fields of an answer that is no refusal: all but `error`. */
const RESULT_FIELDS = FIELDS.slice(0, -1) as readonly Field[];
/** A refusal's fields first, then the rest: the order of a case refused before and answered after. */
const ERROR_FIRST: readonly Field[] = ['error', ...RESULT_FIELDS];

/** The neutral input of a case, the same for both rule sets (read as its own fields only, as the calculator reads one). */
export function inputOf(c: DiffCase, registrations: TaxInput['registrations']): TaxInput {
  return ownData<TaxInput>(
    {
      date: c.date,
      origin: ORIGIN,
      destination: { country: c.country, region: c.region || undefined, postalCode: c.postalCode || undefined, city: undefined, street: undefined },
      taxCode: c.taxCode,
      productType: c.productType,
      customerTaxId: c.customer === 'business' ? BUSINESS : undefined,
      taxBehavior: 'exclusive',
      currency: 'EUR',
      registrations,
    },
    TAX_INPUT_LEVELS,
  );
}

/**
 * How a rule set answers an input: as `determine` does (its one way in, `priceInput`, with a
 * decider that decides afresh), read from the decision rather than from the result built of
 * it. An exception of anything but a TaxRulesError is one (400), as `Calculator.determine`
 * makes it.
 */
function ask(sale: SaleOptions, input: TaxInput): Answer {
  try {
    return priceInput(input, sale).line.decision;
  } catch (e) {
    const error = e instanceof TaxRulesError ? e : unreadable(e, ['input']);
    return `${error.status} ${error.message}`;
  }
}

/**
 * Whether `Error.stackTraceLimit` is V8's own setting, writable, so that `askBoth` may turn it
 * off for the two questions of a case (elsewhere, or frozen by a hardened runtime, it is left as
 * it is).
 */
export function stacksSettable(): boolean {
  const d = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit');
  return d !== undefined && typeof d.value === 'number' && d.writable === true;
}

/**
 * Both rule sets' answers to a case's input. With `stackless`, asked with no stack captured:
 * a refusal is read here for its status and message only, never its stack, and capturing a
 * stack for each was a sixth of a full diff's time (209,356 of its 575,664 questions are
 * refused); any other exception becomes one as in `ask`. The limit is put back before
 * anything else runs: an error the caller meets (its callback's, one thrown out of
 * diffRules) has its stack, and so has every error of the library's own API.
 */
export function askBoth(before: SaleOptions, after: SaleOptions, input: TaxInput, stackless: boolean): [Answer, Answer] {
  if (!stackless) return [ask(before, input), ask(after, input)];
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return [ask(before, input), ask(after, input)];
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** The one-line sale of `priceInput` for a rule set, as `determine` prices one without a decision cache. */
export function saleOf(rules: RuleSet): SaleOptions {
  return Object.freeze({ rules, decider: freshDecider(rules), convert: undefined, issue: inputIssue, exemption: undefined });
}

/** A tax line as a change shows it. */
const rateText = (l: TaxLine): string => `${l.name} ${l.rate}%${l.taxablePart === '100' ? '' : ` of ${l.taxablePart}%`} (${l.jurisdiction.name})`;

/** A field of an answer to `input` as a change shows it (null where the answer has none: a refusal's result fields, a result's error). */
export function fieldOf(a: Answer, field: Field, input: TaxInput): unknown {
  if (field === 'error') return typeof a === 'string' ? a : null;
  if (typeof a === 'string') return null;
  const r = a;
  switch (field) {
    case 'status':
      return r.status;
    case 'reason':
      return r.reason;
    case 'jurisdiction':
      return r.jurisdiction.id;
    case 'scheme':
      return r.scheme?.id ?? null;
    case 'rates':
      return r.lines.map(rateText);
    case 'notes':
      return notesOf(r, input);
  }
}

/** Two lists of texts alike, item by item. */
function sameTexts(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Two lists of tax lines alike as changes show them: in what each one's text is made of, else (names with spaces, …) in the text itself. */
function sameRates(a: readonly TaxLine[], b: readonly TaxLine[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as TaxLine;
    const y = b[i] as TaxLine;
    if (x.name === y.name && x.rate === y.rate && x.taxablePart === y.taxablePart && x.jurisdiction.name === y.jurisdiction.name) continue;
    if (rateText(x) !== rateText(y)) return false;
  }
  return true;
}

/** Whether a field of two decisions for `input` shows alike (as its JSON would: strings, numbers, null, lists of strings). */
function sameField(a: Decision, b: Decision, field: Field, input: TaxInput): boolean {
  switch (field) {
    case 'status':
      return a.status === b.status;
    case 'reason':
      return a.reason === b.reason;
    case 'jurisdiction':
      return a.jurisdiction.id === b.jurisdiction.id;
    case 'scheme':
      return (a.scheme?.id ?? null) === (b.scheme?.id ?? null);
    case 'rates':
      return sameRates(a.lines, b.lines);
    case 'notes':
      return sameTexts(notesOf(a, input), notesOf(b, input));
    case 'error':
      return true;
  }
}

/** The fields that differ between two answers to `input`, in the order of FIELDS; all of them when one side is answered and the other refused (a refusal first when it is before). */
export function changedFields(a: Answer, b: Answer, input: TaxInput): readonly Field[] {
  const refusedBefore = typeof a === 'string';
  const refusedAfter = typeof b === 'string';
  if (!refusedBefore && !refusedAfter) {
    let differ: Field[] | null = null;
    for (const f of RESULT_FIELDS) if (!sameField(a, b, f, input)) (differ ??= []).push(f);
    return differ ?? [];
  }
  if (refusedBefore && refusedAfter) return a === b ? [] : ['error'];
  return refusedBefore ? ERROR_FIRST : FIELDS;
}

/** The jurisdiction that taxes the case after the change, else before; null when neither answers. */
export function taxedBy(a: Answer, b: Answer): { id: number | null; country: string; region: string | null } | null {
  const j: JurisdictionRef | undefined = typeof b !== 'string' ? b.jurisdiction : typeof a !== 'string' ? a.jurisdiction : undefined;
  return j === undefined ? null : { id: j.id, country: j.country, region: j.region };
}
