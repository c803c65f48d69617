/**
 * Rates by place: every tax levied at a place on a day, with its rate classes, the tax codes
 * (and product categories) each applies to, the jurisdictions and the source of each rate;
 * and the whole table of a day. Read from the rule set the quotes read, through the same
 * decisions: a tax code is placed in a class by deciding a domestic sale of it to a consumer
 * at that place, exactly as a quote does.
 */
import type { Decision, LineJurisdiction, RateClass, Registration, TaxCodeId, TaxInput, TaxLine, TaxReason, TaxStatus, Territory } from './core/types.js';
import type { ClassTable, CompiledJurisdiction, CompiledRate, CompiledTax, RuleSet } from './core/ruleset.js';
import { inForce } from './core/ruleset.js';
import { dateOfDay, dayNumber } from './core/dates.js';
import { errorFromIssues, guarded, quoted, TaxRulesError, type TaxRulesIssue } from './core/errors.js';
import { locate } from './core/location.js';
import { checkedDayOf } from './core/rules-age.js';
import { ownCopy, readOptions, ruleSetArg, RULE_SET, unknownFields, type OptionCheck } from './adapters/read.js';
import { engineFor } from './adapters/engine.js';

/** A place and a day: what `ratesAt` is asked. */
export interface PlaceQuery {
  /** ISO 3166-1 alpha-2, any case (EL and UK as GR and GB). */
  country: string;
  /** The postal code: it finds a US state and its local rate area, a Canadian province, a special territory (Madeira's 9xxx-xxx). */
  postal_code?: string;
  /** A region (US state, Canadian province) without a postal code: its own taxes, no local ones. */
  region?: string;
  /** The city, where a ZIP code spans several local rate areas. */
  city?: string;
  /** The day, YYYY-MM-DD. */
  date: string;
}

export interface RatesAtOptions {
  /** The rule set (default: `defaultRuleSet`). */
  rules?: RuleSet;
}

/** One rate class of a tax at a place on a day. */
export interface PlaceRateClass {
  rateClass: RateClass;
  /** Percent, a decimal string. */
  rate: string;
  /** The first day of the period in force. */
  from: string;
  /** The publisher of the rate. */
  source: string;
  /** The tax codes and product categories charged at this class here (`standard (good)` where the product type decides). */
  taxCodes: string[];
}

/**
 * Tax codes a tax does not charge at a place: a product category's treatment (`exempt`,
 * `zero_rated`, `not_taxable`), the reason of an answer that charges nothing
 * (`not_taxable_in_jurisdiction`, `product_exempt`, …), or `not_charged` where other taxes of
 * the place charge the code and this one does not.
 */
export interface PlaceUntaxed {
  treatment: string;
  taxCodes: string[];
}

/** One tax levied at a place. */
export interface PlaceTax {
  name: string;
  group: 'main' | 'additional';
  jurisdiction: LineJurisdiction;
  classes: PlaceRateClass[];
  untaxed: PlaceUntaxed[];
}

/** What `ratesAt` answers. */
export interface PlaceRates {
  date: string;
  country: string;
  region: string | null;
  postal_code: string | null;
  territory: Territory | null;
  /** The US local rate area of the postal code, when the state has local taxes in the rules. */
  local: { county: string | null; city: string | null; match: string } | null;
  /** The answer for a standard good sold at home to a consumer there. */
  status: TaxStatus;
  reason: TaxReason;
  taxes: PlaceTax[];
  /** Tax codes the rules do not answer here, with why (a split category names its finer codes). */
  unanswered: { taxCode: string; status: number; message: string }[];
  notes: string[];
  /** The rules' version and the day this place's data was last checked. */
  rules: { version: string; checked: string };
}

const QUERY_FIELDS = ['country', 'postal_code', 'region', 'city', 'date'] as const;
const OPTIONS: { readonly [K in keyof RatesAtOptions]-?: OptionCheck } = { rules: RULE_SET };

/** The query's own fields, checked: every problem at once (400 malformed or missing, 406 an unknown country). */
function readQuery(query: unknown, rules: RuleSet): Required<Pick<PlaceQuery, 'country' | 'date'>> & Pick<PlaceQuery, 'postal_code' | 'region' | 'city'> {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) {
    throw errorFromIssues([{ path: ['place'], code: 'malformed', message: `the place must be an object { country, postal_code?, region?, city?, date }, got ${quoted(query, 60)}` }]);
  }
  const q = ownCopy(query, 1, 0) as Record<string, unknown>;
  const issues: TaxRulesIssue[] = unknownFields(q, QUERY_FIELDS, [], 'field');
  for (const key of QUERY_FIELDS) {
    const v = q[key];
    if (v === undefined) {
      if (key === 'country' || key === 'date') issues.push({ path: [key], code: 'missing', message: `${key} is required${key === 'date' ? ' (YYYY-MM-DD)' : ' (a 2-letter country code)'}` });
    } else if (typeof v !== 'string' || v.trim() === '') issues.push({ path: [key], code: 'malformed', message: `${key} must be a non-empty string, got ${quoted(v, 40)}` });
  }
  if (typeof q.date === 'string' && Number.isNaN(dayNumber(q.date))) issues.push({ path: ['date'], code: 'malformed', message: `date ${quoted(q.date, 20)} is not a calendar date (YYYY-MM-DD)` });
  if (issues.length === 0 && rules.countryOf(q.country as string) === null) issues.push({ path: ['country'], code: 'invalid_value', message: `${quoted(q.country, 20)} is not a country code (ISO 3166-1 alpha-2)` });
  if (issues.length > 0) throw errorFromIssues(issues);
  return q as never;
}

// The registrations of a seller registered everywhere one registers (local taxes come with their state's), per rule set: frozen, so that their index is kept, and every field set, so that none is read from a polluted prototype.
const everywhere = new WeakMap<RuleSet, readonly Registration[]>();

function registeredEverywhere(rules: RuleSet): readonly Registration[] {
  let list = everywhere.get(rules);
  if (list === undefined) {
    const ids = [...rules.jurisdictions.values()].filter((j) => j.level !== 'county' && j.level !== 'city' && j.level !== 'district').map((j) => j.id);
    everywhere.set(rules, (list = Object.freeze(ids.sort((a, b) => a - b).map((jurisdictionId) => Object.freeze({ jurisdictionId, validFrom: undefined, validUntil: undefined, permanentEstablishment: undefined, importScheme: undefined })))));
  }
  return list;
}

/** The product types a tax code is asked as. */
function typesOf(rules: RuleSet, code: TaxCodeId): readonly ('good' | 'service')[] {
  const supply = rules.taxCodes.get(code)?.supply;
  return supply === 'goods' ? ['good'] : supply === 'by_product_type' ? ['good', 'service'] : ['service'];
}

const CLASS_ORDER: readonly RateClass[] = ['standard', 'reduced', 'reduced2', 'reduced3', 'super_reduced', 'parking', 'food', 'rebated', 'zero'];

/** The classes of a tax in force on a day, a territory's own rates first for its main tax. */
function classesOf(tax: CompiledTax, territoryRates: ClassTable | null, day: number): PlaceRateClass[] {
  const out: PlaceRateClass[] = [];
  const names = new Set<RateClass>([...(Object.keys(tax.classes) as RateClass[]), ...(territoryRates ? (Object.keys(territoryRates) as RateClass[]) : [])]);
  for (const rateClass of CLASS_ORDER) {
    if (!names.has(rateClass)) continue;
    const period: CompiledRate | undefined = inForce(territoryRates?.[rateClass] ?? tax.classes[rateClass], day);
    if (period) out.push({ rateClass, rate: period.rate, from: dateOfDay(period.from), source: period.source, taxCodes: [] });
  }
  return out;
}

interface Work {
  readonly rules: RuleSet;
  readonly day: number;
  readonly territoryRates: ClassTable | null;
  readonly taxes: Map<string, PlaceTax>;
}

const keyOf = (name: string, j: LineJurisdiction): string => `${j.id ?? j.name}|${name}`;

/** The tax of a line at the place, added the first time a decision shows it. */
function taxOf(w: Work, line: TaxLine): PlaceTax {
  const key = keyOf(line.name, line.jurisdiction);
  let t = w.taxes.get(key);
  if (t === undefined) {
    const j: CompiledJurisdiction | undefined = line.jurisdiction.id === null ? undefined : w.rules.jurisdictions.get(line.jurisdiction.id);
    const tax = j?.taxes.find((x) => x.name === line.name);
    const own = tax !== undefined && tax.role === 'main' && j?.level === 'country' ? w.territoryRates : null;
    t = { name: line.name, group: line.group, jurisdiction: line.jurisdiction, classes: tax ? classesOf(tax, own, w.day) : [], untaxed: [] };
    w.taxes.set(key, t);
  }
  return t;
}

/** Where a decision puts a code: `key → class or treatment`, one entry per tax it names. */
function placements(w: Work, d: Decision): Map<string, string> {
  const out = new Map<string, string>();
  let charged = false;
  for (const line of d.lines) {
    const t = taxOf(w, line);
    if (line.rateClass !== null) {
      charged = true;
      out.set(keyOf(t.name, t.jurisdiction), `class:${line.rateClass}:${line.rate}:${line.source ?? ''}`);
    }
  }
  if (d.treatments === null) {
    // Nothing charged: the answer is the place's, for every tax levied there (the lines name the main one only).
    if (!charged) for (const [key] of w.taxes) out.set(key, `untaxed:${d.reason}`);
    // Charged by some taxes: each other tax of the place does not charge it (a PST on consulting).
    else for (const [key] of w.taxes) if (!out.has(key)) out.set(key, 'untaxed:not_charged');
    return out;
  }
  // A category's treatment by each tax, the taxes it leaves out of the lines included. A
  // treatment names its jurisdiction by name (a state and its city may share one): each
  // takes the first tax of its name and jurisdiction not yet placed, else the one tax left of its name.
  const taken = new Set<string>();
  for (const a of d.treatments) {
    const free = [...w.taxes.values()].filter((x) => x.name === a.tax && !taken.has(keyOf(x.name, x.jurisdiction)));
    // The jurisdiction named is the tax's own, or the place it applies in (Canada's GST "in British Columbia").
    const t = free.find((x) => x.jurisdiction.name === a.jurisdiction) ?? (free.length === 1 ? free[0] : undefined);
    if (t === undefined) continue;
    const key = keyOf(t.name, t.jurisdiction);
    taken.add(key);
    if (a.treatment !== 'taxable') out.set(key, `untaxed:${a.treatment}`);
  }
  return out;
}

/** Records a code's placements under its label. */
function record(w: Work, label: string, found: Map<string, string>): void {
  for (const [key, slot] of found) {
    const t = w.taxes.get(key) as PlaceTax;
    if (slot.startsWith('class:')) {
      const [, rateClass, rate, ...source] = slot.split(':');
      let c = t.classes.find((x) => x.rateClass === rateClass);
      if (c === undefined) t.classes.push((c = { rateClass: rateClass as RateClass, rate: rate as string, from: '', source: source.join(':'), taxCodes: [] }));
      c.taxCodes.push(label);
    } else {
      const treatment = slot.slice('untaxed:'.length);
      let u = t.untaxed.find((x) => x.treatment === treatment);
      if (u === undefined) t.untaxed.push((u = { treatment, taxCodes: [] }));
      u.taxCodes.push(label);
    }
  }
}

/**
 * Every tax at a place on a day: each with its jurisdiction, its rate classes in force (rate,
 * first day, source) and the tax codes and product categories charged at each, and the codes
 * it does not charge (exempt, not taxable, …). Worked out from the rules the quotes read, by
 * deciding a domestic sale of each code to a consumer at that place, as a quote would. Throws
 * TaxRulesError: 400 for a malformed place, 406 for an unknown country or a postal code that
 * is none of it, 422 for a day before the data's history.
 *
 * @example
 * ```ts
 * import { ratesAt } from 'taxrules';
 * const nyc = ratesAt({ country: 'US', postal_code: '10001', date: '2026-10-01' });
 * nyc.taxes.map((t) => `${t.jurisdiction.name} ${t.classes[0]?.rate}`); // state, county, city and district rates
 * const madeira = ratesAt({ country: 'PT', postal_code: '9000-001', date: '2027-01-01' });
 * madeira.taxes[0]?.classes.find((c) => c.rateClass === 'standard')?.rate; // Madeira's own standard rate
 * ```
 */
export function ratesAt(place: PlaceQuery, options?: RatesAtOptions | null): PlaceRates {
  return guarded(() => {
    const rules = ruleSetArg(readOptions<RatesAtOptions>(options, OPTIONS).rules, ['options', 'rules']);
    const q = readQuery(place, rules);
    const country = rules.countryOf(q.country) as string;
    const day = dayNumber(q.date);
    const address = { country, region: q.region, postalCode: q.postal_code, city: q.city, street: undefined };
    const location = locate(rules, address, day, 'goods', 'destination');
    const w: Work = { rules, day, territoryRates: location.rates, taxes: new Map() };
    const decider = engineFor(rules).decider();
    const currency = rules.world.get(country)?.currency ?? 'EUR';
    const input = (taxCode: TaxCodeId, productType: 'good' | 'service'): TaxInput => ({
      date: q.date,
      origin: address,
      destination: address,
      taxCode,
      productType,
      customerTaxId: undefined,
      taxBehavior: 'exclusive',
      amount: undefined,
      currency: rules.currencies.has(currency) ? currency : 'EUR',
      consignmentValue: undefined,
      registrations: registeredEverywhere(rules),
      sellerAddress: undefined,
    });
    // The standard good first: its answer is the place's, and its taxes lead the list.
    const base = decider(input('standard', 'good'), day);
    for (const line of base.lines) taxOf(w, line);
    const unanswered: PlaceRates['unanswered'] = [];
    for (const code of rules.taxCodes.keys()) {
      const found: Map<string, string>[] = [];
      const types = typesOf(rules, code);
      for (const type of types) {
        try {
          found.push(placements(w, decider(input(code, type), day)));
        } catch (e) {
          if (!(e instanceof TaxRulesError) || e.status === 400) throw e;
          unanswered.push({ taxCode: types.length > 1 ? `${code} (${type})` : code, status: e.status, message: e.message });
          found.push(new Map());
        }
      }
      const same = found.length === 1 || JSON.stringify([...(found[0] as Map<string, string>)]) === JSON.stringify([...(found[1] as Map<string, string>)]);
      if (same) record(w, code, found[0] as Map<string, string>);
      else found.forEach((f, i) => record(w, `${code} (${types[i]})`, f));
    }
    const info = rules.info;
    return {
      date: q.date,
      country,
      region: location.region,
      postal_code: q.postal_code ?? null,
      territory: base.territory,
      local: base.local === null ? null : { county: base.local.county, city: base.local.city, match: base.local.match },
      status: base.status,
      reason: base.reason,
      taxes: [...w.taxes.values()],
      unanswered,
      notes: [...base.notes],
      rules: { version: info.version, checked: checkedDayOf(rules, base) },
    };
  }, []);
}

/** One row of the table of a day: a rate class of a tax of a jurisdiction (or of a special territory's own rates). */
export interface RateTableRow {
  country: string;
  region: string | null;
  /** A special territory with rates of its own (Madeira, the Azores), else null. */
  territory: string | null;
  jurisdiction_id: number | null;
  jurisdiction: string;
  level: string;
  tax: string;
  rate_class: RateClass;
  rate: string;
  from: string;
  source: string;
}

/** The columns of `rateTable`'s CSV, in order. */
export const RATE_TABLE_HEADER: readonly (keyof RateTableRow)[] = ['country', 'region', 'territory', 'jurisdiction_id', 'jurisdiction', 'level', 'tax', 'rate_class', 'rate', 'from', 'source'];

/**
 * Every rate in force on a day: a row per rate class of each tax of each jurisdiction
 * (countries, states, provinces, US counties, cities and districts), and of each special
 * territory's own rates, from the rule set the quotes read. Throws TaxRulesError (400) for a
 * day that is none.
 *
 * @example
 * ```ts
 * import { rateTable, rateTableCsv } from 'taxrules';
 * const rows = rateTable('2026-10-01');
 * rows.filter((r) => r.country === 'DE').map((r) => `${r.rate_class} ${r.rate}`); // Germany's classes
 * const csv = rateTableCsv(rows); // a header line, then a line per row
 * ```
 */
export function rateTable(date: string, options?: RatesAtOptions | null): RateTableRow[] {
  return guarded(() => {
    const rules = ruleSetArg(readOptions<RatesAtOptions>(options, OPTIONS).rules, ['options', 'rules']);
    const day = typeof date === 'string' ? dayNumber(date) : Number.NaN;
    if (Number.isNaN(day)) throw errorFromIssues([{ path: ['date'], code: 'malformed', message: `date must be a calendar date (YYYY-MM-DD), got ${quoted(date, 20)}` }]);
    const rows: RateTableRow[] = [];
    for (const j of rules.jurisdictions.values()) {
      for (const tax of j.taxes) {
        for (const c of classesOf(tax, null, day)) {
          rows.push({ country: j.country, region: j.region === '' ? null : j.region, territory: null, jurisdiction_id: j.id, jurisdiction: j.name, level: j.level, tax: tax.name, rate_class: c.rateClass, rate: c.rate, from: c.from, source: c.source });
        }
      }
    }
    for (const [country, list] of rules.territories) {
      for (const t of list) {
        if (Object.keys(t.rates).length === 0) continue;
        const tr = inForce(t.treatment, day);
        if (!tr || tr.kind !== 'taxed_as') continue;
        const home = rules.countries.get(tr.country ?? country);
        const tax = home?.root.taxes.find((x) => x.role === 'main');
        if (!home || !tax) continue;
        for (const rateClass of CLASS_ORDER) {
          const period = inForce(t.rates[rateClass], day);
          if (period) rows.push({ country: home.code, region: tr.region, territory: t.id, jurisdiction_id: home.root.id, jurisdiction: t.name, level: 'territory', tax: tax.name, rate_class: rateClass, rate: period.rate, from: dateOfDay(period.from), source: period.source });
        }
      }
    }
    return rows;
  }, []);
}

/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvField(v: string | number | null): string {
  const s = v === null ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * Rows of `rateTable` as CSV (RFC 4180): the header `RATE_TABLE_HEADER`, then a line per row.
 *
 * @example
 * ```ts
 * import { rateTable, rateTableCsv } from 'taxrules';
 * rateTableCsv(rateTable('2026-10-01')).split('\n')[0]; // 'country,region,territory,jurisdiction_id,jurisdiction,level,tax,rate_class,rate,from,source'
 * ```
 */
export function rateTableCsv(rows: readonly RateTableRow[]): string {
  return guarded(() => {
    if (!Array.isArray(rows)) throw errorFromIssues([{ path: ['rows'], code: 'malformed', message: `rows must be the rows of rateTable, got ${quoted(rows, 40)}` }]);
    const lines = [RATE_TABLE_HEADER.join(',')];
    rows.forEach((r: unknown, i) => {
      const row = typeof r === 'object' && r !== null && !Array.isArray(r) ? (ownCopy(r, 1, 0) as Record<string, unknown>) : null;
      const fields = row === null ? null : RATE_TABLE_HEADER.map((k) => row[k]);
      if (fields === null || !fields.every((v) => v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))) {
        throw errorFromIssues([{ path: ['rows', i], code: 'malformed', message: `rows.${i} must be a row of rateTable { ${RATE_TABLE_HEADER.join(', ')} }, got ${quoted(r, 60)}` }]);
      }
      lines.push(fields.map((v) => csvField(v as string | number | null)).join(','));
    });
    return lines.join('\n');
  }, ['rows']);
}
