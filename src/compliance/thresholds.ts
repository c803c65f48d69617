/**
 * `thresholdEvents`: the days a seller's sales cross the thresholds of
 * rules/registration-thresholds.json (the EU's EUR 10,000 and EUR 100,000, the registration
 * thresholds of non-established sellers in GB, CH, NO, AU, NZ, SG and CA) and the US states'
 * economic nexus (rules/us/nexus.json, through `nexusStatus`).
 */
import { registrationThresholdsText } from '../generated/registration-thresholds.js';
import { errorFromIssues, oneOf, quoted, TAX_CODES_LISTED_IN, TaxRulesError, type TaxRulesIssue } from '../core/errors.js';
import { dateOfDay, dayNumber } from '../core/dates.js';
import { roundDiv } from '../core/money.js';
import type { RuleSet } from '../core/ruleset.js';
import { canonicalCountry, stateOfZip } from '../core/location.js';
import { guarded, ownCopy, ruleSetArg, unknownFields, unreadable } from '../adapters/read.js';
import { ownData } from '../core/own.js';
import { nexusStatus } from '../us/nexus.js';
import { TAX_CODES, type TaxCodeId } from '../generated/tax-codes.js';

/** rules/registration-thresholds.json (see its schema). */
export interface RegistrationThresholds {
  note?: string;
  thresholds: RegistrationThreshold[];
}

export type SupplyGroup = 'digital' | 'goods' | 'services';

export interface RegistrationThreshold {
  id: string;
  name: string;
  jurisdiction: string;
  event?: string;
  sellers: 'eu_established' | 'not_established';
  customers: 'consumers' | 'all';
  destinations: 'other_eu_members' | 'everywhere' | string[];
  requires_sale_in?: string[];
  window: 'calendar_year' | 'rolling_12_months';
  test: 'exceeds' | 'reaches';
  effect: string;
  periods: { from: string; until?: string; amount: string; currency: string; supplies: SupplyGroup[]; source: string; checked: string; note?: string }[];
}

/** One sale of the history. */
export interface ThresholdSale {
  /** The tax point, YYYY-MM-DD. */
  date: string;
  /** Net of tax, a decimal string; negative for a refund. */
  amount: string;
  currency: string;
  /** The customer's country. */
  country: string;
  /** The customer's state or province: required for US customers (or their ZIP code in `postal_code`); read to tell which regional registrations a sale uses. */
  region?: string;
  postal_code?: string;
  tax_code: TaxCodeId;
  customer_type: 'consumer' | 'business';
  /** Required unless the tax code says it (eservice, saas, ebook: digital; consulting: a service). */
  product_type?: 'good' | 'service';
}

/** An exchange rate: units of `to` per unit of `currency`, on a day or over days. */
export interface ThresholdExchangeRate {
  currency: string;
  to: string;
  rate: string | number;
  date?: string;
  from?: string;
  until?: string;
}

export interface ThresholdOptions {
  /** The seller's country of establishment. */
  sellerCountry: string;
  /** Every country the seller is established in (its seat and fixed establishments); default `[sellerCountry]`. */
  establishments?: readonly string[];
  /** The last day looked at (YYYY-MM-DD; default: the last sale's). Sales after it are not read; US nexus, measured over past periods, can be reached on a day without sales. */
  asOf?: string;
  /** For a US seller: its state, where economic nexus does not apply (it has a physical presence). */
  sellerRegion?: string;
  /** Rates into each threshold's currency (EUR, GBP, CHF, NOK, AUD, NZD, SGD, CAD; USD for US states). */
  exchangeRates?: readonly ThresholdExchangeRate[];
  rules?: RuleSet;
  /** thresholdWebhooks: from what share of a threshold a window's total gives `threshold.warning` (default 0.8; more than 0, less than 1). */
  nearRatio?: number;
}

export interface ThresholdEvent {
  /** The threshold's id (`eu.10k`, `gb`, `us.TX`). */
  threshold: string;
  name: string;
  /** The jurisdiction it is about: a country, `EU`, or `US-TX`. */
  jurisdiction: string;
  /** The service's event type where it names one (`threshold.eu.100k`), else `threshold.<id>`. */
  event: string;
  /** The day the threshold was crossed (the tax point of the sale that crossed it). */
  date: string;
  /** The threshold and the total of the window at the end of that day, in the threshold's currency. */
  amount: string;
  currency: string;
  total: string;
  window: { from: string; to: string };
  /** What follows and for how long (`until` null: from then on). */
  effect: { from: string; until: string | null; text: string };
  /** Positions, in the caller's list, of the sales of the day that crossed it. */
  sales: number[];
  source: string;
}

const SALE_FIELDS = ['date', 'amount', 'currency', 'country', 'region', 'postal_code', 'tax_code', 'customer_type', 'product_type'] as const;
const OPTION_FIELDS = ['sellerCountry', 'establishments', 'asOf', 'sellerRegion', 'exchangeRates', 'rules', 'nearRatio'] as const;
const RATE_FIELDS = ['currency', 'to', 'rate', 'date', 'from', 'until'] as const;
const AMOUNT_RE = /^-?(?:0|[1-9]\d{0,17})(?:\.\d{1,10})?$/;
const RATE_RE = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,12})?$/;

/** The most sales read in one call. */
export const MAX_THRESHOLD_SALES = 1_000_000;

let thresholdData: RegistrationThresholds | null = null;

/**
 * The thresholds as the package ships them (rules/registration-thresholds.json).
 *
 * @example
 * ```ts
 * import { registrationThresholds } from 'taxrules';
 *
 * const norway = registrationThresholds().thresholds.find((t) => t.id === 'no');
 * norway?.periods.at(-1);
 * // { from: '2020-04-01', amount: '50000', currency: 'NOK', supplies: ['digital', 'goods'], … }
 * ```
 */
export function registrationThresholds(): RegistrationThresholds {
  thresholdData ??= JSON.parse(registrationThresholdsText) as RegistrationThresholds;
  return thresholdData;
}

export interface Sale {
  index: number;
  day: number;
  amount: Exact;
  currency: string;
  country: string;
  state: string | null;
  consumer: boolean;
  supply: SupplyGroup;
}

/** An exact decimal, `units / 10^scale` (BigInt: no float and no decimal library, so the EU entry stays small). */
class Exact {
  constructor(
    readonly units: bigint,
    readonly scale: number,
  ) {}

  static of(text: string): Exact {
    const negative = text.startsWith('-');
    const [whole, frac = ''] = (negative ? text.slice(1) : text).split('.') as [string, string?];
    const units = BigInt(whole + frac);
    return new Exact(negative ? -units : units, frac.length);
  }

  private at(scale: number): bigint {
    return this.units * 10n ** BigInt(scale - this.scale);
  }

  plus(o: Exact): Exact {
    const scale = Math.max(this.scale, o.scale);
    return new Exact(this.at(scale) + o.at(scale), scale);
  }

  times(o: Exact): Exact {
    return new Exact(this.units * o.units, this.scale + o.scale);
  }

  compare(o: Exact): number {
    const scale = Math.max(this.scale, o.scale);
    const a = this.at(scale);
    const b = o.at(scale);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  /** The shortest decimal text (trailing zeros cut); with `places`, exactly that many, rounded half away from zero. */
  toString(places?: number): string {
    let units = this.units;
    let scale = this.scale;
    if (places !== undefined && places < scale) {
      const d = 10n ** BigInt(scale - places);
      units = units < 0n ? -roundDiv(-units, d) : roundDiv(units, d);
      scale = places;
    }
    const negative = units < 0n;
    let digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
    let text = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
    if (places === undefined && scale > 0) text = text.replace(/\.?0+$/, '');
    else if (places !== undefined && places > scale) text = `${text}${scale === 0 ? '.' : ''}${'0'.repeat(places - scale)}`;
    digits = text;
    return negative && /[1-9]/.test(digits) ? `-${digits}` : digits;
  }
}

const ZERO = new Exact(0n, 0);

interface Rate {
  currency: string;
  to: string;
  rate: Exact;
  from: number;
  until: number;
}

function objectOf(value: unknown, path: (string | number)[], what: string, known: readonly string[], issues: TaxRulesIssue[]): Record<string, unknown> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.push({ path, code: 'malformed', message: `${what} must be an object, got ${quoted(value, 40)}` });
    return null;
  }
  let copy: Record<string, unknown>;
  try {
    copy = ownCopy(value, 1, 0) as Record<string, unknown>;
  } catch (e) {
    throw unreadable(e, path, what);
  }
  const unknown = unknownFields(copy, known, path, 'field');
  issues.push(...unknown);
  return unknown.length > 0 ? null : copy;
}

function dayOf(value: unknown, path: (string | number)[], issues: TaxRulesIssue[]): number | null {
  const day = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayNumber(value) : Number.NaN;
  if (Number.isNaN(day)) {
    issues.push({ path, code: value === undefined ? 'missing' : 'malformed', message: `${path.join('.')} must be a calendar date YYYY-MM-DD, got ${quoted(value, 40)}` });
    return null;
  }
  return day;
}

function countryOf(rules: RuleSet, value: unknown, path: (string | number)[], issues: TaxRulesIssue[]): string | null {
  if (typeof value !== 'string') {
    issues.push({ path, code: value === undefined ? 'missing' : 'malformed', message: `${path.join('.')} must be a 2-letter country code, got ${quoted(value, 40)}` });
    return null;
  }
  const code = canonicalCountry(rules, value.trim().toUpperCase());
  if (!rules.world.has(code)) {
    issues.push({ path, code: 'invalid_value', message: `${path.join('.')} ${quoted(value, 20)} is not an ISO 3166-1 country code` });
    return null;
  }
  return code;
}

function readSales(rules: RuleSet, sales: unknown, issues: TaxRulesIssue[]): Sale[] {
  if (!Array.isArray(sales)) {
    issues.push({ path: ['sales'], code: 'malformed', message: `sales must be an array, got ${quoted(sales, 40)}` });
    return [];
  }
  if (sales.length > MAX_THRESHOLD_SALES) {
    issues.push({ path: ['sales'], code: 'malformed', message: `sales has ${sales.length} rows; at most ${MAX_THRESHOLD_SALES} are read in one call` });
    return [];
  }
  const out: Sale[] = [];
  sales.forEach((raw: unknown, i) => {
    if (issues.length > 20) return;
    const path = ['sales', i];
    const s = objectOf(raw, path, `sales.${i}`, SALE_FIELDS, issues);
    if (!s) return;
    const before = issues.length;
    const day = dayOf(s.date, [...path, 'date'], issues);
    if (typeof s.amount !== 'string' || !AMOUNT_RE.test(s.amount)) issues.push({ path: [...path, 'amount'], code: s.amount === undefined ? 'missing' : 'malformed', message: `sales.${i}.amount must be a decimal string such as "129.95", got ${quoted(s.amount, 40)}` });
    if (typeof s.currency !== 'string' || !rules.currencies.has(s.currency)) issues.push({ path: [...path, 'currency'], code: typeof s.currency === 'string' ? 'invalid_value' : 'missing', message: `sales.${i}.currency must be an ISO 4217 code, got ${quoted(s.currency, 20)}` });
    const country = countryOf(rules, s.country, [...path, 'country'], issues);
    const known = (TAX_CODES as readonly unknown[]).includes(s.tax_code);
    if (!known) issues.push({ path: [...path, 'tax_code'], code: s.tax_code === undefined ? 'missing' : 'invalid_value', message: `sales.${i}.tax_code must be ${oneOf(TAX_CODES, TAX_CODES_LISTED_IN)}, got ${quoted(s.tax_code, 20)}` });
    if (s.customer_type !== 'consumer' && s.customer_type !== 'business') issues.push({ path: [...path, 'customer_type'], code: s.customer_type === undefined ? 'missing' : 'invalid_value', message: `sales.${i}.customer_type must be consumer or business, got ${quoted(s.customer_type, 20)}` });
    if (s.product_type !== undefined && s.product_type !== 'good' && s.product_type !== 'service') issues.push({ path: [...path, 'product_type'], code: 'invalid_value', message: `sales.${i}.product_type must be good or service` });
    const code = s.tax_code as TaxCodeId;
    // What the tax code says of the supply (rules/tax-codes.json): digital, a service, or by product type.
    const kind = known ? rules.taxCodes.get(code)?.supply : undefined;
    if (s.product_type === undefined && kind === 'by_product_type') {
      issues.push({ path: [...path, 'product_type'], code: 'missing', message: `sales.${i}.product_type is required with tax_code ${code}: a good or a service` });
    }
    for (const k of ['region', 'postal_code'] as const) if (s[k] !== undefined && typeof s[k] !== 'string') issues.push({ path: [...path, k], code: 'malformed', message: `sales.${i}.${k} must be a string` });
    if (issues.length > before || day === null || country === null) return;
    let state: string | null = typeof s.region === 'string' && s.region.trim() !== '' ? s.region.trim().toUpperCase() : null;
    if (country === 'US') {
      const zip = typeof s.postal_code === 'string' ? /^(\d{5})(?:-?\d{4})?$/.exec(s.postal_code.trim()) : null;
      const fromZip = zip ? stateOfZip(rules, Number(zip[1])) : null;
      state ??= fromZip;
      if (state === null) issues.push({ path: [...path, 'region'], code: 'missing', message: `sales.${i}: a US sale needs its state (region) or ZIP code (postal_code)` });
    }
    const supply: SupplyGroup = kind === 'digital' ? 'digital' : s.product_type === 'good' ? 'goods' : 'services';
    out.push({ index: i, day, amount: Exact.of(s.amount as string), currency: s.currency as string, country, state, consumer: s.customer_type === 'consumer', supply });
  });
  return out;
}

function readRates(rules: RuleSet, value: unknown, issues: TaxRulesIssue[]): Rate[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    issues.push({ path: ['options', 'exchangeRates'], code: 'malformed', message: 'options.exchangeRates must be an array' });
    return [];
  }
  const out: Rate[] = [];
  value.forEach((raw: unknown, i) => {
    const path = ['options', 'exchangeRates', i];
    const r = objectOf(raw, path, `options.exchangeRates.${i}`, RATE_FIELDS, issues);
    if (!r) return;
    const before = issues.length;
    for (const k of ['currency', 'to'] as const) {
      if (typeof r[k] !== 'string' || !rules.currencies.has(r[k] as string)) issues.push({ path: [...path, k], code: 'invalid_value', message: `options.exchangeRates.${i}.${k} must be an ISO 4217 code, got ${quoted(r[k], 20)}` });
    }
    const text = typeof r.rate === 'number' ? String(r.rate) : r.rate;
    if (typeof text !== 'string' || !RATE_RE.test(text) || Number(text) === 0) issues.push({ path: [...path, 'rate'], code: 'malformed', message: `options.exchangeRates.${i}.rate must be a positive decimal` });
    let from: number | null = null;
    let until: number | null = null;
    if (r.date !== undefined) {
      from = until = dayOf(r.date, [...path, 'date'], issues);
      if (r.from !== undefined || r.until !== undefined) issues.push({ path, code: 'malformed', message: `options.exchangeRates.${i}: date, or from and until, not both` });
    } else {
      from = dayOf(r.from, [...path, 'from'], issues);
      until = dayOf(r.until, [...path, 'until'], issues);
    }
    if (issues.length > before || from === null || until === null) return;
    out.push({ currency: r.currency as string, to: r.to as string, rate: Exact.of(text as string), from, until });
  });
  return out;
}

/** Whether a country is in the EU on a day. */
export function isEuMember(rules: RuleSet, country: string, day: number): boolean {
  const c = rules.countries.get(country);
  return c !== undefined && c.regimes.some((m) => m.regime.id === 'EU' && m.from <= day && day <= m.until);
}

/** The first day of the window a sale's day falls in. */
function windowStart(window: RegistrationThreshold['window'], day: number): number {
  const [y, m] = dateOfDay(day).split('-').map(Number) as [number, number];
  if (window === 'calendar_year') return dayNumber(`${y}-01-01`);
  // The month of the day and the eleven before.
  const months = y * 12 + (m - 1) - 11;
  return dayNumber(`${Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}-01`);
}

const endOfYear = (day: number, years = 0): string => `${Number(dateOfDay(day).slice(0, 4)) + years}-12-31`;

/**
 * The days a sales history crosses each threshold that applies to the seller: the EU-wide
 * EUR 10,000 of cross-border sales to consumers for a seller established in one Member State
 * (Directive 2006/112/EC art. 59c from 2021-07-01; art. 58(2) for electronic services from
 * 2019-01-01): from the crossing sale, for the rest of that year and the next, the customer's
 * Member State taxes them; the spec's `threshold.eu.100k` when an EU seller's cross-border
 * digital sales to consumers reach EUR 100,000 in a year (Implementing Regulation 282/2011 art.
 * 24b(d)); the registration thresholds of sellers not established in GB, CH, NO, AU, NZ, SG and
 * CA; and, for US customers, each state's economic nexus (`nexusStatus`). Calendar-year
 * thresholds give one event per year they are crossed; twelve-month ones (the month of the
 * sale and the eleven before) the first crossing.
 *
 * Amounts are converted with `options.exchangeRates` (exactly; a rate missing for a sale is a
 * 422 naming the currencies and the day). The events are sorted by date and threshold and do
 * not depend on the order of the sales.
 *
 * @example
 * ```ts
 * import { thresholdEvents } from 'taxrules';
 *
 * // A seller established in Ireland: its sales to consumers in other Member States.
 * const sales = [
 *   { date: '2026-02-10', amount: '8500.00', currency: 'EUR', country: 'FR', tax_code: 'saas', customer_type: 'consumer' },
 *   { date: '2026-04-20', amount: '4500.00', currency: 'EUR', country: 'DE', tax_code: 'ebook', customer_type: 'consumer' },
 * ] as const;
 * thresholdEvents(sales, { sellerCountry: 'IE' });
 * // [{ threshold: 'eu.10k', event: 'threshold.eu.10k', date: '2026-04-20', amount: '10000', currency: 'EUR', total: '13000', effect: { from: '2026-04-20', until: '2027-12-31', … }, sales: [1], … }]
 * ```
 */
export function thresholdEvents(sales: readonly ThresholdSale[], options: ThresholdOptions): ThresholdEvent[] {
  return guarded(() => eventsOf(sales, options).events);
}

/** A notification as the spec's webhooks deliver one: `{ event_type, data: { object } }`. */
export interface ThresholdWebhook {
  event_type: string;
  data: { object: ThresholdEvent };
}

/**
 * The webhook notifications of a sales history, as the spec's event table names them, in
 * its payload shape (`{ event_type, data: { object } }`), sorted by date: for each threshold
 * crossed, its specific event (`threshold.eu.10k`, `threshold.eu.100k`, `threshold.no`,
 * `threshold.us.ca` …) and, beside it, the general `threshold.exceeded`; for each window
 * whose total first reaches `options.nearRatio` of a threshold (default 0.8) without
 * crossing it, `threshold.warning` (once per calendar year, once for a twelve-month
 * threshold). The object is the event `thresholdEvents` answers, its `event` the type
 * delivered. US states' nexus gives no warning here: `nexusStatus` tells which are near.
 * Takes the sales and options of `thresholdEvents`, and throws as it does.
 *
 * @example
 * ```ts
 * import { thresholdWebhooks } from 'taxrules';
 *
 * const sales = [
 *   { date: '2026-02-10', amount: '8500.00', currency: 'EUR', country: 'FR', tax_code: 'saas', customer_type: 'consumer' },
 *   { date: '2026-04-20', amount: '4500.00', currency: 'EUR', country: 'DE', tax_code: 'ebook', customer_type: 'consumer' },
 * ] as const;
 * thresholdWebhooks(sales, { sellerCountry: 'IE' }).map((hook) => [hook.event_type, hook.data.object.date, hook.data.object.total]);
 * // [['threshold.warning', '2026-02-10', '8500'], ['threshold.eu.10k', '2026-04-20', '13000'], ['threshold.exceeded', '2026-04-20', '13000']]
 * ```
 */
export function thresholdWebhooks(sales: readonly ThresholdSale[], options: ThresholdOptions): ThresholdWebhook[] {
  return guarded(() => {
    const { events, warnings } = eventsOf(sales, options);
    const out: ThresholdWebhook[] = [];
    for (const e of events) {
      out.push({ event_type: e.event, data: { object: e } });
      out.push({ event_type: 'threshold.exceeded', data: { object: { ...e, event: 'threshold.exceeded' } } });
    }
    for (const w of warnings) out.push({ event_type: 'threshold.warning', data: { object: w } });
    // By date; on a day, a threshold's warning, its specific event, then threshold.exceeded.
    const rank = (t: string): number => (t === 'threshold.warning' ? 0 : t === 'threshold.exceeded' ? 2 : 1);
    return out.sort((a, b) => byDateAndThreshold(a.data.object, b.data.object) || rank(a.event_type) - rank(b.event_type));
  });
}

/** The events, and what the advice reads besides. */
export function eventsOf(salesArg: unknown, optionsArg: unknown): { events: ThresholdEvent[]; warnings: ThresholdEvent[]; sales: Sale[]; rules: RuleSet; asOf: string | null; seller: { country: string; establishments: string[]; region: string | null } } {
  const issues: TaxRulesIssue[] = [];
  const o = objectOf(optionsArg, ['options'], 'options', OPTION_FIELDS, issues) ?? {};
  if (issues.length > 0) throw errorFromIssues(issues);
  const rules = ruleSetArg(o.rules, ['options', 'rules']);
  const sellerCountry = countryOf(rules, o.sellerCountry, ['options', 'sellerCountry'], issues);
  const establishments: string[] = [];
  if (o.establishments !== undefined) {
    if (!Array.isArray(o.establishments)) issues.push({ path: ['options', 'establishments'], code: 'malformed', message: 'options.establishments must be an array of country codes' });
    else o.establishments.forEach((c: unknown, i) => {
      const code = countryOf(rules, c, ['options', 'establishments', i], issues);
      if (code) establishments.push(code);
    });
  }
  if (sellerCountry && !establishments.includes(sellerCountry)) establishments.push(sellerCountry);
  const sellerRegion = typeof o.sellerRegion === 'string' ? o.sellerRegion.trim().toUpperCase() : null;
  if (o.sellerRegion !== undefined && typeof o.sellerRegion !== 'string') issues.push({ path: ['options', 'sellerRegion'], code: 'malformed', message: 'options.sellerRegion must be a string' });
  const rates = readRates(rules, o.exchangeRates, issues);
  const near = nearRatioOf(o.nearRatio, issues);
  const read = readSales(rules, salesArg, issues);
  const asOf = o.asOf === undefined ? null : dayOf(o.asOf, ['options', 'asOf'], issues);
  if (issues.length > 0) throw errorFromIssues(issues);
  const sales = asOf === null ? read : read.filter((s) => s.day <= asOf);
  const lastDay = asOf ?? sales.reduce((m, s) => Math.max(m, s.day), Number.NEGATIVE_INFINITY);

  const missing = new Map<string, TaxRulesIssue>();
  const convert = (s: Sale, to: string): Exact | null => {
    if (s.currency === to) return s.amount;
    const r = rates.find((x) => x.currency === s.currency && x.to === to && x.from <= s.day && s.day <= x.until);
    if (r) return s.amount.times(r.rate);
    const key = `${s.currency}>${to}@${s.day}`;
    if (!missing.has(key)) {
      missing.set(key, { path: ['options', 'exchangeRates'], code: 'unprocessable', message: `no exchange rate from ${s.currency} to ${to} on ${dateOfDay(s.day)} (sales.${s.index})` });
    }
    return null;
  };

  const sorted = [...sales].sort((a, b) => a.day - b.day || a.index - b.index);
  const events: ThresholdEvent[] = [];
  const warnings: ThresholdEvent[] = [];
  // While Object.prototype is polluted, the thresholds are read as a copy of their own fields (a period without `until` has none).
  for (const t of ownData(registrationThresholds()).thresholds) {
    const periodOn = (day: number) => t.periods.find((p) => dayNumber(p.from) <= day && (p.until === undefined || day <= dayNumber(p.until)));
    const applies = (day: number): boolean => {
      if (!sellerCountry) return false;
      if (t.sellers === 'eu_established') {
        const euEstablishments = establishments.filter((c) => isEuMember(rules, c, day));
        return euEstablishments.length === 1 && euEstablishments[0] === sellerCountry;
      }
      const area = Array.isArray(t.destinations) ? t.destinations : [t.jurisdiction];
      return !establishments.some((c) => c === t.jurisdiction || area.includes(c));
    };
    const counts = (s: Sale): boolean => {
      const p = periodOn(s.day);
      if (!p || !p.supplies.includes(s.supply) || !applies(s.day)) return false;
      if (t.customers === 'consumers' && !s.consumer) return false;
      if (t.destinations === 'other_eu_members') return s.country !== sellerCountry && isEuMember(rules, s.country, s.day);
      if (t.destinations === 'everywhere') return true;
      return t.destinations.includes(s.country);
    };
    const counted = sorted.filter(counts);
    if (counted.length === 0) continue;
    const firstSaleIn = t.requires_sale_in ? sorted.find((s) => t.requires_sale_in!.includes(s.country) && periodOn(s.day) !== undefined)?.day ?? null : null;
    if (t.requires_sale_in && firstSaleIn === null) continue;
    const seenWindows = new Set<number>();
    const warnedWindows = new Set<number>();
    let done = false;
    for (let i = 0; i < counted.length && !done; ) {
      const day = counted[i]!.day;
      let j = i;
      while (j < counted.length && counted[j]!.day === day) j++;
      const start = windowStart(t.window, day);
      const period = periodOn(day)!;
      if (t.window === 'calendar_year' && seenWindows.has(start)) {
        i = j;
        continue;
      }
      let total = ZERO;
      let complete = true;
      for (const s of counted) {
        if (s.day < start || s.day > day) continue;
        const v = convert(s, period.currency);
        if (v === null) complete = false;
        else total = total.plus(v);
      }
      const amount = Exact.of(period.amount);
      const crossed = t.test === 'exceeds' ? total.compare(amount) > 0 : total.compare(amount) >= 0;
      const on = firstSaleIn !== null && firstSaleIn > day ? null : day;
      // The first day of a window its total comes near the threshold without crossing it.
      const warnKey = t.window === 'calendar_year' ? start : 0;
      if (complete && !crossed && on !== null && amount.compare(ZERO) > 0 && !warnedWindows.has(warnKey) && total.compare(amount.times(near)) >= 0) {
        warnedWindows.add(warnKey);
        warnings.push({
          threshold: t.id,
          name: t.name,
          jurisdiction: t.jurisdiction,
          event: 'threshold.warning',
          date: dateOfDay(on),
          amount: period.amount,
          currency: period.currency,
          total: total.toString(),
          window: { from: dateOfDay(start), to: dateOfDay(day) },
          effect: { from: dateOfDay(on), until: null, text: `The sales counted have reached ${near.times(Exact.of('100')).toString()} % of the threshold; once they cross it: ${t.effect}` },
          sales: counted.slice(i, j).map((s) => s.index).sort((a, b) => a - b),
          source: period.source,
        });
      }
      if (complete && crossed && on !== null) {
        const id = t.id;
        events.push({
          threshold: id,
          name: t.name,
          jurisdiction: t.jurisdiction,
          event: t.event ?? `threshold.${id}`,
          date: dateOfDay(on),
          amount: period.amount,
          currency: period.currency,
          total: total.toString(),
          window: { from: dateOfDay(start), to: dateOfDay(day) },
          effect: { from: dateOfDay(on), until: t.window === 'calendar_year' && t.sellers === 'eu_established' ? endOfYear(on, 1) : null, text: t.effect },
          sales: counted.slice(i, j).map((s) => s.index).sort((a, b) => a - b),
          source: period.source,
        });
        if (t.window === 'calendar_year') seenWindows.add(start);
        else done = true;
      }
      i = j;
    }
  }
  if (missing.size > 0) throw errorFromIssues([...missing.values()].slice(0, 20), 422);
  events.push(...usEvents(sales, lastDay, sellerCountry, sellerRegion, convert));
  if (missing.size > 0) throw errorFromIssues([...missing.values()].slice(0, 20), 422);
  events.sort(byDateAndThreshold);
  warnings.sort(byDateAndThreshold);
  return { events, warnings, sales, rules, asOf: Number.isFinite(lastDay) ? dateOfDay(lastDay) : null, seller: { country: sellerCountry!, establishments, region: sellerRegion } };
}

const byDateAndThreshold = (a: ThresholdEvent, b: ThresholdEvent): number => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.threshold < b.threshold ? -1 : a.threshold > b.threshold ? 1 : 0);

/** options.nearRatio: a share more than 0 and less than 1 (default 0.8), exactly. */
function nearRatioOf(value: unknown, issues: TaxRulesIssue[]): Exact {
  if (value === undefined) return Exact.of('0.8');
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value >= 1 || !AMOUNT_RE.test(String(value))) {
    issues.push({ path: ['options', 'nearRatio'], code: 'malformed', message: `options.nearRatio must be a share more than 0 and less than 1 (such as 0.8), got ${quoted(value, 40)}` });
    return Exact.of('0.8');
  }
  return Exact.of(String(value));
}

/** The US states' economic nexus, reached by the sales to US customers (in US dollars). */
function usEvents(sales: Sale[], lastDay: number, sellerCountry: string | null, sellerRegion: string | null, convert: (s: Sale, to: string) => Exact | null): ThresholdEvent[] {
  const us = sales.filter((s) => s.country === 'US' && s.state !== null && !(sellerCountry === 'US' && s.state === sellerRegion));
  if (us.length === 0) return [];
  const rows: { date: string; state: string; amount: string }[] = [];
  for (const s of us) {
    const usd = convert(s, 'USD');
    if (usd === null) continue;
    // The nexus rules count positive sales; a refund lowers the day's sales in its state.
    rows.push({ date: dateOfDay(s.day), state: s.state!, amount: usd.toString(2) });
  }
  const byDayState = new Map<string, { date: string; state: string; amount: Exact; indexes: number[] }>();
  us.forEach((s, k) => {
    const row = rows[k];
    if (!row) return;
    const key = `${row.date}|${row.state}`;
    const e = byDayState.get(key) ?? { date: row.date, state: row.state, amount: ZERO, indexes: [] };
    e.amount = e.amount.plus(Exact.of(row.amount));
    e.indexes.push(s.index);
    byDayState.set(key, e);
  });
  const nexusSales = [...byDayState.values()].map((e) => ({ date: e.date, state: e.state, amount: (e.amount.compare(ZERO) < 0 ? ZERO : e.amount).toString(2) }));
  const asOf = dateOfDay(lastDay);
  let report;
  try {
    report = nexusStatus({ sales: nexusSales, asOf });
  } catch (e) {
    if (e instanceof TaxRulesError) throw new TaxRulesError(e.code, e.status, e.issues.map((i) => ({ ...i, path: ['sales', ...i.path.slice(1)] })));
    throw e;
  }
  const out: ThresholdEvent[] = [];
  for (const st of report.states) {
    if (st.status !== 'reached' || !st.reached || !st.rule) continue;
    const day = byDayState.get(`${st.reached.on}|${st.state}`);
    const from = st.reached.window.from;
    const total = [...byDayState.values()].filter((e) => e.state === st.state && e.date >= from && e.date <= st.reached!.on).reduce((sum, e) => sum.plus(e.amount), ZERO);
    out.push({
      threshold: `us.${st.state}`,
      name: `${st.name}: economic nexus`,
      jurisdiction: `US-${st.state}`,
      event: `threshold.us.${st.state.toLowerCase()}`,
      date: st.reached.on,
      amount: st.rule.sales,
      currency: 'USD',
      total: total.toString(2),
      window: { from: st.reached.window.from, to: st.reached.window.to },
      effect: { from: st.reached.on, until: null, text: `Economic nexus reached by ${st.reached.test}: register and collect ${st.name}'s sales tax as its rule says (${st.reached.window.label}).` },
      sales: day ? [...day.indexes].sort((a, b) => a - b) : [],
      source: st.rule.source,
    });
  }
  return out;
}
