import type { Address, ProductType, TaxBehavior, TaxCodeId, TaxIdVerdict, TaxInput, TaxLine, JurisdictionRef } from '../core/types.js';
import type { RuleSet } from '../core/ruleset.js';
import { decisionOf, inputDay, notesOf, taxAmounts, type Decision } from '../core/determine.js';
import { dateOfDay } from '../core/dates.js';
import { errorFromIssues, TaxRulesError, type TaxRulesIssue } from '../core/errors.js';
import { canonicalCountry } from '../core/location.js';
import { PERCENT_100, SAFE_PRODUCT_LIMIT, divRound, formatMinor, formatMinorNumber, parseAmount, parseMinorNumber, smallTax, taxInDoubles } from '../core/money.js';
import { validateTaxId, verdictOf } from '../taxid/index.js';
import { defaultRuleSet } from '../default-rules.js';
import { PRODUCT_TYPES, TAX_CODES, prepareAccount, type Account } from './account.js';
import { issuesFromZod } from './issues.js';
import { MAX_LINE_ITEMS, requestSchemas, type CalculationJurisdiction, type CalculationRequest, type CalculationRequestOutput, type CalculationResponse, type CalculationLineResult, type LineTax, type TaxBreakdownEntry } from './schemas.js';
import { AMOUNT_RE, COUNTRY_RE, CURRENCY_RE, isPlainObject } from './input.js';
import type { TaxIdVerdictFunction } from './v20241028.js';

export { MAX_LINE_ITEMS } from './schemas.js';
export type { CalculationAddress, CalculationLineItem, CalculationRequest, CalculationJurisdiction, LineTax, CalculationLineResult, TaxBreakdownEntry, TaxContext, CalculationResponse } from './schemas.js';

type ParsedRequest = CalculationRequestOutput;

function optionalText(v: unknown, max: number): boolean {
  return v === undefined || (typeof v === 'string' && v.length <= max);
}

function oneOfOrAbsent(v: unknown, allowed: readonly string[]): boolean {
  return v === undefined || (typeof v === 'string' && allowed.includes(v));
}

function plainAddress(a: unknown): boolean {
  return (
    isPlainObject(a) &&
    typeof a.country === 'string' &&
    COUNTRY_RE.test(a.country) &&
    optionalText(a.state, 100) &&
    optionalText(a.postal_code, 20) &&
    optionalText(a.city, 200) &&
    optionalText(a.line1, 200) &&
    optionalText(a.line2, 200)
  );
}

const BEHAVIORS = ['exclusive', 'inclusive'] as const;

/**
 * True only for a request the schema accepts as it is (plain objects, every constraint of
 * the request schema met): such a request is read directly, without the schema's
 * copy. Anything else — including what this check is stricter about — goes through the
 * schema, which gives the issues.
 */
export function isPlainValidRequest(r: unknown): r is ParsedRequest {
  if (!isPlainObject(r)) return false;
  if (r.origin_address !== undefined && r.origin_address !== null && !plainAddress(r.origin_address)) return false;
  if (!plainAddress(r.customer_address)) return false;
  if (r.customer_tax_id !== undefined && r.customer_tax_id !== null && !optionalText(r.customer_tax_id, 50)) return false;
  if (r.currency !== undefined && !(typeof r.currency === 'string' && CURRENCY_RE.test(r.currency))) return false;
  if (r.tax_date !== undefined && !(typeof r.tax_date === 'number' && Number.isSafeInteger(r.tax_date) && r.tax_date >= 0)) return false;
  if (!oneOfOrAbsent(r.tax_behavior, BEHAVIORS)) return false;
  const lines = r.line_items;
  if (!Array.isArray(lines) || lines.length < 1 || lines.length > MAX_LINE_ITEMS) return false;
  for (let i = 0; i < lines.length; i++) {
    const l: unknown = lines[i];
    if (!isPlainObject(l)) return false;
    if (typeof l.reference !== 'string' || l.reference.length < 1 || l.reference.length > 200) return false;
    if (typeof l.amount !== 'string' || !AMOUNT_RE.test(l.amount)) return false;
    if (l.quantity !== undefined && !(typeof l.quantity === 'number' && Number.isSafeInteger(l.quantity) && l.quantity > 0)) return false;
    if (!oneOfOrAbsent(l.tax_code, TAX_CODES) || !oneOfOrAbsent(l.product_type, PRODUCT_TYPES) || !oneOfOrAbsent(l.tax_behavior, BEHAVIORS)) return false;
  }
  return true;
}




export interface CalculationOptions {
  rules?: RuleSet;
  /** The current time in Unix seconds, used when the request has no tax_date; default: the clock. */
  now?: number | (() => number);
  taxIdVerdict?: TaxIdVerdictFunction;
  /** Reuse decisions between calls (default true); see CalculateOptions.cache. */
  cache?: boolean;
}

function verdictToValid(v: TaxIdVerdict): boolean | null {
  return v === 'valid' ? true : v === 'invalid' ? false : null;
}

function addressOf(a: NonNullable<ParsedRequest['origin_address']>, rules: RuleSet): Address {
  return {
    country: canonicalCountry(rules, a.country),
    region: a.state,
    postalCode: a.postal_code,
    city: a.city,
    street: [a.line1, a.line2].filter(Boolean).join(', ') || undefined,
  };
}

/** One determination shared by the lines that differ only in their amounts. */
interface Plan {
  /** The decision (shared with the decision table: never changed). */
  d: Decision;
  /** The decision's notes with the tax-ID note, for this document. */
  notes: string[];
  taxCode: TaxCodeId;
  productType: ProductType;
  taxBehavior: TaxBehavior;
  jMain: CalculationJurisdiction;
  jAdd: CalculationJurisdiction | null;
  mainEntry: BreakdownSum;
  addEntry: BreakdownSum | null;
  /** Whole taxable parts and rates ≤ 100 %: small amounts can be taxed in doubles. */
  small: boolean;
  /** Rates of the taxes charged (0 when not taxable), in units of 0.0001 %. */
  mainRate: number;
  addRate: number;
}

function jurisdictionOf(rules: RuleSet, id: number | null, fallback: JurisdictionRef): CalculationJurisdiction {
  const j = id !== null ? rules.jurisdictions.get(id) : undefined;
  if (!j) return { id: fallback.id, name: fallback.name, country: fallback.country, region: fallback.region, level: 'country' };
  return { id: j.id, name: j.name, country: j.country, region: j.region === '' ? null : j.region, level: j.level };
}

const PATHS: Record<string, (string | number)[]> = {
  'destination.postalCode': ['customer_address', 'postal_code'],
  'destination.region': ['customer_address', 'state'],
  'destination.country': ['customer_address', 'country'],
  'origin.postalCode': ['origin_address', 'postal_code'],
  'origin.region': ['origin_address', 'state'],
  'origin.country': ['origin_address', 'country'],
  currency: ['currency'],
  date: ['tax_date'],
};

/**
 * The calculation of version 20260309 (`POST /tax/calculations`): taxes of up to 200 line
 * items for one customer, with per-line taxes, a breakdown per jurisdiction and tax, and
 * the verdict on the customer's tax ID. Every line is determined by the same core as
 * `calculateTaxRate`; each line's taxes are rounded to the minor unit, and the totals are
 * the sums of the lines. Throws TaxRulesError (400/406) listing every problem at once.
 */
export function calculate(request: CalculationRequest | unknown, account: Account, options: CalculationOptions = {}): CalculationResponse {
  const rules = options.rules ?? defaultRuleSet;
  const seller = prepareAccount(account, rules);
  let req: ParsedRequest;
  if (isPlainValidRequest(request)) req = request;
  else {
    const parsed = requestSchemas().request.safeParse(request);
    if (!parsed.success) throw errorFromIssues(issuesFromZod(parsed.error));
    req = parsed.data;
  }
  const issues: TaxRulesIssue[] = [];

  const checkCountry = (path: (string | number)[], value: string): void => {
    if (!rules.world.has(canonicalCountry(rules, value))) issues.push({ path, code: 'invalid_value', message: `${path.join('.')} ${value} is not an ISO 3166-1 country code` });
  };
  checkCountry(['customer_address', 'country'], req.customer_address.country);
  if (req.origin_address) checkCountry(['origin_address', 'country'], req.origin_address.country);
  const currency = req.currency ? req.currency.toUpperCase() : seller.currency;
  const minorUnits = rules.currencies.get(currency);
  if (minorUnits === undefined) issues.push({ path: ['currency'], code: 'invalid_value', message: `currency ${req.currency} is not an ISO 4217 currency code` });
  const count = req.line_items.length;
  const firstOf = firstOfReferences(req.line_items);
  // Each line's amount in minor units, parsed once: as a number when it is small enough for
  // exact arithmetic in doubles (|amount| × any rate < 2^53), else as a BigInt.
  const smallAmounts: number[] = [];
  const bigAmounts: (bigint | undefined)[] = [];
  for (let i = 0; i < count; i++) {
    const line = req.line_items[i] as ParsedRequest['line_items'][number];
    const f = firstOf[i] as number;
    if (f !== i) issues.push({ path: ['line_items', i, 'reference'], code: 'invalid_value', message: `line_items.${i}.reference ${JSON.stringify(line.reference)} repeats line_items.${f}.reference; references must be unique` });
    if (minorUnits === undefined) continue;
    const small = parseMinorNumber(line.amount, minorUnits);
    if (!Number.isNaN(small) && small <= SAFE_PRODUCT_LIMIT && small >= -SAFE_PRODUCT_LIMIT) {
      smallAmounts.push(small);
      continue;
    }
    smallAmounts.push(Number.NaN);
    const amount = parseAmount(line.amount, minorUnits);
    if (!amount.ok) issues.push({ path: ['line_items', i, 'amount'], code: 'malformed', message: `line_items.${i}.amount ${line.amount} has more decimals than ${currency} allows (${minorUnits})` });
    else bigAmounts[i] = amount.minor;
  }
  if (issues.length > 0) throw errorFromIssues(issues);

  const seconds = req.tax_date ?? (typeof options.now === 'function' ? options.now() : (options.now ?? Math.floor(Date.now() / 1000)));
  const taxDate = dateOfDay(Math.floor(seconds / 86_400));
  const destination = addressOf(req.customer_address, rules);
  const origin: Address = req.origin_address
    ? addressOf(req.origin_address, rules)
    : { country: seller.country, postalCode: seller.postalCode, region: seller.region };
  let verdict: TaxIdVerdict | undefined;
  let taxIdCountry = destination.country;
  if (req.customer_tax_id) {
    if (options.taxIdVerdict) verdict = options.taxIdVerdict(destination.country, req.customer_tax_id);
    else {
      const v = validateTaxId(destination.country, req.customer_tax_id);
      verdict = verdictOf(v);
      taxIdCountry = v.country ?? destination.country;
    }
  }
  const behavior: TaxBehavior = req.tax_behavior ?? 'exclusive';
  const mu = minorUnits as number;

  // Few entries per document: a list searched in order beats string keys.
  const breakdown: BreakdownSum[] = [];
  // Totals: lines with small amounts add up in doubles (at most 200 lines below 2^53 / 10^6
  // each: exact), the others in BigInt.
  const totals = { subtotal: 0, tax: 0, bigSubtotal: 0n, bigTax: 0n, big: false };
  let context: Decision | null = null;
  // Lines that differ only in their amounts share one determination (same customer, date,
  // code, product type and behaviour); only the amounts are computed per line.
  const plans: Plan[] = [];
  const lines: CalculationLineResult[] = new Array<CalculationLineResult>(count);
  for (let i = 0; i < count; i++) {
    const line = req.line_items[i] as ParsedRequest['line_items'][number];
    const taxCode = line.tax_code ?? seller.defaultTaxCode;
    const productType = line.product_type ?? seller.defaultProductType;
    const lineBehavior = line.tax_behavior ?? behavior;
    let plan: Plan | undefined;
    for (let p = 0; p < plans.length; p++) {
      const c = plans[p] as Plan;
      if (c.taxCode === taxCode && c.productType === productType && c.taxBehavior === lineBehavior) {
        plan = c;
        break;
      }
    }
    if (plan === undefined) {
      const input: TaxInput = {
        date: taxDate,
        origin,
        destination,
        taxCode,
        productType,
        customerTaxId: req.customer_tax_id && verdict ? { value: req.customer_tax_id, verdict } : undefined,
        taxBehavior: lineBehavior,
        currency,
        registrations: seller.registrations,
      };
      plan = planOf(input, rules, options, breakdown, i);
      plans.push(plan);
    }
    context ??= plan.d;
    const small = smallAmounts[i] as number;
    lines[i] = Number.isNaN(small) || !plan.small
      ? bigLine(line, plan, bigAmounts[i] ?? BigInt(small), lineBehavior, mu, totals)
      : smallLine(line, plan, small, lineBehavior === 'inclusive', mu, totals);
  }

  const first = context as unknown as Decision;
  const sum = (small: number, big: bigint): string => (totals.big ? formatMinor(BigInt(small) + big, mu) : formatMinorNumber(small, mu));
  return {
    subtotal: sum(totals.subtotal, totals.bigSubtotal),
    total_tax: sum(totals.tax, totals.bigTax),
    total: sum(totals.subtotal + totals.tax, totals.bigSubtotal + totals.bigTax),
    currency,
    tax_behavior: behavior,
    tax_context: {
      customer: {
        country: first.customerJurisdiction?.country ?? destination.country,
        region: first.customerJurisdiction?.region ?? null,
        postal_code: req.customer_address.postal_code ?? null,
        jurisdiction: first.customerJurisdiction ? jurisdictionOf(rules, first.customerJurisdiction.id, first.customerJurisdiction) : null,
        territory: first.territory ? { id: first.territory.id, name: first.territory.name } : null,
      },
      customer_type: first.customer,
      origin: { country: origin.country, postal_code: origin.postalCode ?? null },
      tax_date: taxDate,
    },
    line_items: lines,
    tax_breakdown: breakdown.map((b) => ({
      jurisdiction: b.entry.jurisdiction,
      name: b.entry.name,
      rate: b.entry.rate,
      status: b.entry.status,
      reason: b.entry.reason,
      taxable_amount: b.big ? formatMinor(BigInt(b.taxable) + b.bigTaxable, mu) : formatMinorNumber(b.taxable, mu),
      amount: b.big ? formatMinor(BigInt(b.amount) + b.bigAmount, mu) : formatMinorNumber(b.amount, mu),
    })),
    tax_id_validation: req.customer_tax_id ? { tax_id: req.customer_tax_id, country: taxIdCountry, valid: verdictToValid(verdict as TaxIdVerdict) } : null,
  };
}

/**
 * For each line, the index of the first line with its reference (its own index when the
 * reference is new). Small documents compare directly: cheaper than a Map.
 */
function firstOfReferences(lines: readonly { reference: string }[]): number[] {
  const out: number[] = [];
  if (lines.length <= 32) {
    for (let i = 0; i < lines.length; i++) {
      const ref = (lines[i] as { reference: string }).reference;
      let f = i;
      for (let j = 0; j < i; j++) {
        if ((lines[j] as { reference: string }).reference === ref) {
          f = j;
          break;
        }
      }
      out.push(f);
    }
    return out;
  }
  const seen = new Map<string, number>();
  for (let i = 0; i < lines.length; i++) {
    const ref = (lines[i] as { reference: string }).reference;
    const f = seen.get(ref);
    if (f === undefined) seen.set(ref, i);
    out.push(f ?? i);
  }
  return out;
}

/** A breakdown entry and its running sums (doubles for small lines, BigInt for the others). */
interface BreakdownSum {
  entry: Omit<TaxBreakdownEntry, 'taxable_amount' | 'amount'>;
  taxable: number;
  amount: number;
  bigTaxable: bigint;
  bigAmount: bigint;
  big: boolean;
}

interface Totals {
  subtotal: number;
  tax: number;
  bigSubtotal: bigint;
  bigTax: bigint;
  big: boolean;
}

/** Decides the taxes of one kind of line and finds (or opens) its breakdown entries. */
function planOf(input: TaxInput, rules: RuleSet, options: CalculationOptions, breakdown: BreakdownSum[], lineIndex: number): Plan {
  let d: Decision;
  try {
    d = decisionOf(input, rules, inputDay(input), options.cache !== false);
  } catch (e) {
    if (e instanceof TaxRulesError) {
      throw new TaxRulesError(
        e.code,
        e.status,
        e.issues.map((iss) => ({ ...iss, path: PATHS[iss.path.join('.')] ?? ['line_items', lineIndex, ...iss.path] })),
        e.message,
      );
    }
    throw e;
  }
  const taxed = d.status === 'taxable';
  const jMain = jurisdictionOf(rules, d.main?.jurisdictionId ?? d.jurisdiction.id, d.jurisdiction);
  const jAdd = d.additional ? jurisdictionOf(rules, d.additional.jurisdictionId, d.jurisdiction) : null;
  const entryOf = (tl: TaxLine | null, j: CalculationJurisdiction): BreakdownSum => {
    const rate = taxed && tl ? tl.rate : '0';
    const name = tl?.name ?? null;
    for (const sum of breakdown) {
      const e = sum.entry;
      if (e.jurisdiction.id === j.id && e.name === name && e.rate === rate && e.status === d.status && e.reason === d.reason) return sum;
    }
    const sum: BreakdownSum = { entry: { jurisdiction: j, name, rate, status: d.status, reason: d.reason }, taxable: 0, amount: 0, bigTaxable: 0n, bigAmount: 0n, big: false };
    breakdown.push(sum);
    return sum;
  };
  const main = taxed ? d.main : null;
  const add = taxed ? d.additional : null;
  return {
    d,
    notes: notesOf(d, input),
    taxCode: input.taxCode,
    productType: input.productType,
    taxBehavior: input.taxBehavior,
    jMain,
    jAdd,
    mainEntry: entryOf(d.main, jMain),
    addEntry: d.additional && jAdd ? entryOf(d.additional, jAdd) : null,
    small: taxInDoubles(main) && taxInDoubles(add),
    mainRate: main ? main.rateUnits : 0,
    addRate: add ? add.rateUnits : 0,
  };
}

function taxOf(tl: TaxLine | null, plan: Plan, additional: boolean, taxableText: string, amountText: string): LineTax {
  const result = plan.d;
  const taxed = result.status === 'taxable' && tl !== null;
  return {
    name: tl?.name ?? null,
    rate: taxed ? tl.rate : '0',
    taxable_part: tl?.taxablePart ?? '100',
    taxable_amount: taxableText,
    amount: amountText,
    status: result.status,
    reason: result.reason,
    jurisdiction: additional ? (plan.jAdd as CalculationJurisdiction) : plan.jMain,
    additional,
  };
}

function lineOf(line: ParsedRequest['line_items'][number], plan: Plan, taxes: LineTax[], net: string, tax: string, total: string): CalculationLineResult {
  return {
    reference: line.reference,
    quantity: line.quantity ?? 1,
    tax_code: plan.taxCode,
    product_type: plan.productType,
    tax_behavior: plan.taxBehavior,
    amount: line.amount,
    amount_subtotal: net,
    amount_tax: tax,
    amount_total: total,
    taxes,
    notes: plan.notes.length === 0 ? [] : plan.notes.slice(),
  };
}

/**
 * A line whose amount and rates allow exact doubles: whole taxable parts, rates ≤ 100 %,
 * |amount| ≤ 2^53 / 10^6 minor units. Same rounding as the BigInt path (see money.ts).
 */
function smallLine(line: ParsedRequest['line_items'][number], plan: Plan, amount: number, inclusive: boolean, mu: number, totals: Totals): CalculationLineResult {
  const result = plan.d;
  const r1 = plan.mainRate;
  const r2 = plan.addRate;
  const t1 = smallTax(amount, r1, r1 + r2, inclusive);
  const t2 = smallTax(amount, r2, r1 + r2, inclusive);
  const net = inclusive ? amount - t1 - t2 : amount;
  totals.subtotal += net;
  totals.tax += t1 + t2;
  const netText = formatMinorNumber(net, mu);
  const taxes: LineTax[] = [taxOf(result.main, plan, false, netText, formatMinorNumber(t1, mu))];
  const e1 = plan.mainEntry;
  e1.taxable += net;
  e1.amount += t1;
  if (result.additional) {
    taxes.push(taxOf(result.additional, plan, true, netText, formatMinorNumber(t2, mu)));
    const e2 = plan.addEntry;
    if (e2) {
      e2.taxable += net;
      e2.amount += t2;
    }
  }
  return lineOf(line, plan, taxes, netText, formatMinorNumber(t1 + t2, mu), formatMinorNumber(net + t1 + t2, mu));
}

/** Any line, in BigInt: any amount, any taxable part. */
function bigLine(line: ParsedRequest['line_items'][number], plan: Plan, amountMinor: bigint, behavior: TaxBehavior, mu: number, totals: Totals): CalculationLineResult {
  const result = plan.d;
  const priced = taxAmounts(result.status, result.main, result.additional, amountMinor, behavior);
  const netMinor = priced.subtotal;
  const mainTax = result.status === 'taxable' && result.main ? (priced.taxes[0] ?? 0n) : 0n;
  const additionalTax = result.status === 'taxable' && result.additional ? (priced.taxes[result.main ? 1 : 0] ?? 0n) : 0n;
  totals.big = true;
  totals.bigSubtotal += netMinor;
  totals.bigTax += mainTax + additionalTax;
  const taxes: LineTax[] = [];
  const addTax = (tl: TaxLine | null, additional: boolean, taxMinor: bigint): void => {
    const taxed = result.status === 'taxable' && tl !== null;
    const taxableMinor = taxed ? partOf(netMinor, tl.partUnits) : netMinor;
    taxes.push(taxOf(tl, plan, additional, formatMinor(taxableMinor, mu), formatMinor(taxMinor, mu)));
    const entry = additional ? plan.addEntry : plan.mainEntry;
    if (entry) {
      entry.big = true;
      entry.bigTaxable += taxableMinor;
      entry.bigAmount += taxMinor;
    }
  };
  addTax(result.main, false, mainTax);
  if (result.additional) addTax(result.additional, true, additionalTax);
  return lineOf(line, plan, taxes, formatMinor(netMinor, mu), formatMinor(mainTax + additionalTax, mu), formatMinor(netMinor + mainTax + additionalTax, mu));
}

/** The taxable part of a net amount, from the line's compiled part units (100 % = PERCENT_100). */
function partOf(netMinor: bigint, partUnits: number): bigint {
  return partUnits === PERCENT_100 ? netMinor : divRound(netMinor * BigInt(partUnits), BigInt(PERCENT_100));
}
