import type { Address, TaxBehavior, TaxIdVerdict, TaxInput, TaxLine, TaxReason, TaxResult } from '../core/types.js';
import type { RuleSet } from '../core/ruleset.js';
import { determine, taxAmounts } from '../core/determine.js';
import { dateOfDay } from '../core/dates.js';
import { errorFromIssues, TaxRulesError, type TaxRulesIssue } from '../core/errors.js';
import { canonicalCountry } from '../core/location.js';
import { PERCENT_100, divRound, formatMinor, parseAmount } from '../core/money.js';
import { validateTaxId, verdictOf } from '../taxid/index.js';
import { defaultRuleSet } from '../default-rules.js';
import { PRODUCT_TYPES, TAX_CODES, prepareAccount, type Account } from './account.js';
import { issuesFromZod } from './issues.js';
import { MAX_LINE_ITEMS, requestSchemas, type CalculationJurisdiction, type CalculationRequest, type CalculationRequestOutput, type CalculationResponse, type CalculationLineResult, type LineTax, type TaxBreakdownEntry } from './schemas.js';
export type { CalculationAddress, CalculationLineItem, CalculationRequest, CalculationJurisdiction, LineTax, CalculationLineResult, TaxBreakdownEntry, TaxContext, CalculationResponse } from './schemas.js';
import { AMOUNT_RE, COUNTRY_RE, CURRENCY_RE, isPlainObject } from './input.js';
import type { TaxIdVerdictFunction } from './v20241028.js';

export { MAX_LINE_ITEMS } from './schemas.js';

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
  result: TaxResult;
  jMain: CalculationJurisdiction;
  jAdd: CalculationJurisdiction | null;
  mainEntry: TaxBreakdownEntry & { taxableMinor: bigint; amountMinor: bigint };
  addEntry: (TaxBreakdownEntry & { taxableMinor: bigint; amountMinor: bigint }) | null;
}

function jurisdictionOf(rules: RuleSet, id: number | null, fallback: TaxResult['jurisdiction']): CalculationJurisdiction {
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
  const seen = new Map<string, number>();
  // Each line's amount in minor units, parsed once.
  const lineMinors: bigint[] = new Array<bigint>(req.line_items.length);
  req.line_items.forEach((line, i) => {
    const first = seen.get(line.reference);
    if (first !== undefined) issues.push({ path: ['line_items', i, 'reference'], code: 'invalid_value', message: `line_items.${i}.reference ${JSON.stringify(line.reference)} repeats line_items.${first}.reference; references must be unique` });
    else seen.set(line.reference, i);
    if (minorUnits !== undefined) {
      const amount = parseAmount(line.amount, minorUnits);
      if (!amount.ok) issues.push({ path: ['line_items', i, 'amount'], code: 'malformed', message: `line_items.${i}.amount ${line.amount} has more decimals than ${currency} allows (${minorUnits})` });
      else lineMinors[i] = amount.minor;
    }
  });
  if (issues.length > 0) throw errorFromIssues(issues);

  const now = typeof options.now === 'function' ? options.now() : (options.now ?? Math.floor(Date.now() / 1000));
  const taxDate = dateOfDay(Math.floor((req.tax_date ?? now) / 86_400));
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

  const breakdown = new Map<string, TaxBreakdownEntry & { taxableMinor: bigint; amountMinor: bigint }>();
  let subtotal = 0n;
  let totalTax = 0n;
  let context: TaxResult | null = null;
  // Lines that differ only in their amounts share one determination (same customer, date,
  // code, product type and behaviour); only the amounts are computed per line.
  const plans = new Map<number, Plan>();
  const lines: CalculationLineResult[] = req.line_items.map((line, i) => {
    const taxCode = line.tax_code ?? seller.defaultTaxCode;
    const productType = line.product_type ?? seller.defaultProductType;
    const lineBehavior = line.tax_behavior ?? behavior;
    const planKey = TAX_CODES.indexOf(taxCode) * 4 + (productType === 'good' ? 2 : 0) + (lineBehavior === 'inclusive' ? 1 : 0);
    let plan = plans.get(planKey);
    if (!plan) {
      let planned: TaxResult;
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
      try {
        planned = determine(input, rules, options);
      } catch (e) {
        if (e instanceof TaxRulesError) {
          throw new TaxRulesError(
            e.code,
            e.status,
            e.issues.map((iss) => ({ ...iss, path: PATHS[iss.path.join('.')] ?? ['line_items', i, ...iss.path] })),
            e.message,
          );
        }
        throw e;
      }
      const taxed = planned.status === 'taxable';
      const jMain = jurisdictionOf(rules, planned.main?.jurisdictionId ?? planned.jurisdiction.id, planned.jurisdiction);
      const jAdd = planned.additional ? jurisdictionOf(rules, planned.additional.jurisdictionId, planned.jurisdiction) : null;
      const entryOf = (tl: TaxLine | null, j: CalculationJurisdiction) => {
        const rate = taxed && tl ? tl.rate : '0';
        const key = `${j.id}|${tl?.name ?? null}|${rate}|${planned.status}|${planned.reason}`;
        let entry = breakdown.get(key);
        if (!entry) {
          entry = { jurisdiction: j, name: tl?.name ?? null, rate, status: planned.status, reason: planned.reason, taxable_amount: '', amount: '', taxableMinor: 0n, amountMinor: 0n };
          breakdown.set(key, entry);
        }
        return entry;
      };
      plan = {
        result: planned,
        jMain,
        jAdd,
        mainEntry: entryOf(planned.main, jMain),
        addEntry: planned.additional && jAdd ? entryOf(planned.additional, jAdd) : null,
      };
      plans.set(planKey, plan);
    }
    const { result } = plan;
    context ??= result;
    const amountMinor = lineMinors[i] as bigint;
    const priced = taxAmounts(result.status, result.main, result.additional, amountMinor, lineBehavior);
    const netMinor = priced.subtotal;
    const mainTax = result.status === 'taxable' && result.main ? (priced.taxes[0] ?? 0n) : 0n;
    const additionalTax = result.status === 'taxable' && result.additional ? (priced.taxes[result.main ? 1 : 0] ?? 0n) : 0n;
    subtotal += netMinor;
    totalTax += mainTax + additionalTax;
    const taxes: LineTax[] = [];
    const addTax = (tl: TaxLine | null, additional: boolean, taxMinor: bigint): void => {
      const taxed = result.status === 'taxable' && tl !== null;
      const taxableMinor = taxed ? partOf(netMinor, tl.partUnits) : netMinor;
      taxes.push({
        name: tl?.name ?? null,
        rate: taxed ? tl.rate : '0',
        taxable_part: tl?.taxablePart ?? '100',
        taxable_amount: formatMinor(taxableMinor, mu),
        amount: formatMinor(taxMinor, mu),
        status: result.status,
        reason: result.reason,
        jurisdiction: additional ? (plan.jAdd as CalculationJurisdiction) : plan.jMain,
        additional,
      });
      const entry = additional ? plan.addEntry : plan.mainEntry;
      if (entry) {
        entry.taxableMinor += taxableMinor;
        entry.amountMinor += taxMinor;
      }
    };
    addTax(result.main, false, mainTax);
    if (result.additional) addTax(result.additional, true, additionalTax);
    return {
      reference: line.reference,
      quantity: line.quantity ?? 1,
      tax_code: result.taxCode,
      product_type: result.productType,
      tax_behavior: result.taxBehavior,
      amount: line.amount,
      amount_subtotal: formatMinor(netMinor, mu),
      amount_tax: formatMinor(mainTax + additionalTax, mu),
      amount_total: formatMinor(netMinor + mainTax + additionalTax, mu),
      taxes,
      notes: result.notes.slice(),
    };
  });

  const first = context as unknown as TaxResult;
  return {
    subtotal: formatMinor(subtotal, mu),
    total_tax: formatMinor(totalTax, mu),
    total: formatMinor(subtotal + totalTax, mu),
    currency,
    tax_behavior: behavior,
    tax_context: {
      customer: {
        country: first.customerJurisdiction?.country ?? destination.country,
        region: first.customerJurisdiction?.region ?? null,
        postal_code: req.customer_address.postal_code ?? null,
        jurisdiction: first.customerJurisdiction ? jurisdictionOf(rules, first.customerJurisdiction.id, first.customerJurisdiction) : null,
        territory: first.territory,
      },
      customer_type: first.customer,
      origin: { country: origin.country, postal_code: origin.postalCode ?? null },
      tax_date: taxDate,
    },
    line_items: lines,
    tax_breakdown: [...breakdown.values()].map(({ taxableMinor, amountMinor, ...e }) => ({ ...e, taxable_amount: formatMinor(taxableMinor, mu), amount: formatMinor(amountMinor, mu) })),
    tax_id_validation: req.customer_tax_id ? { tax_id: req.customer_tax_id, country: taxIdCountry, valid: verdictToValid(verdict as TaxIdVerdict) } : null,
  };
}

/** The taxable part of a net amount, from the line's compiled part units (100 % = PERCENT_100). */
function partOf(netMinor: bigint, partUnits: number): bigint {
  return partUnits === PERCENT_100 ? netMinor : divRound(netMinor * BigInt(partUnits), BigInt(PERCENT_100));
}
