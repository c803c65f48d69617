import { codeChains, loopOf } from './code-chain.js';
import type { DeliveryPeriod, PriceLimit, RuleData, RatePeriod, RateTable, Taxability, TreatmentPeriod, SupplyRule, Territory, TerritoryRules } from './rule-data.js';
import { compareDecimal } from './money.js';
import { dayNumber, DATA_START } from './dates.js';
import { localId, localKey } from './us-local.js';
import { ownData } from './own.js';

/** A problem the rules build found in one file. */
export interface RuleProblem {
  file: string;
  path: string;
  message: string;
}

const RELATIONS = ['domestic', 'union', 'foreign'] as const;
const CUSTOMERS = ['business', 'consumer'] as const;
const SUPPLIES = ['goods', 'digital', 'services'] as const;

/**
 * How a sentence ends: a full stop, `!` or `?`, then perhaps a closing parenthesis or quote
 * (’ and ” written as escapes: one character above U+00FF in a bundle makes V8 hold the
 * whole source as two-byte text, twice the memory and a slower start).
 */
export const SENTENCE_END = /[.!?][)\]'"\u2019\u201d]*$/;

function isAnchored(pattern: string): boolean {
  return pattern.startsWith('^') && pattern.endsWith('$') && !pattern.endsWith('\\$');
}

/** The rate classes of a price limit's taxable bands (every side, every band within). */
function limitClasses(limit: PriceLimit | undefined): NonNullable<TreatmentPeriod['class']>[] {
  if (!limit) return [];
  const out: NonNullable<TreatmentPeriod['class']>[] = [];
  for (const band of [limit.below, limit.above]) {
    if (!band) continue;
    if (band.treatment === 'taxable' && band.class) out.push(band.class);
    out.push(...limitClasses(band.price_limit));
  }
  return out;
}

/**
 * Checks what JSON Schema cannot: real calendar dates, periods sorted without overlap,
 * known ids, anchored patterns, rate classes that cover every date a tax code uses them,
 * place-of-supply tables that answer every case, and notes that end their sentence. Pure: the testing kit runs it on
 * rule sets built in memory too.
 */
export function checkRuleData(given: RuleData): RuleProblem[] {
  const data = ownData(given);
  const problems: RuleProblem[] = [];
  const add = (file: string, path: string, message: string): void => {
    problems.push({ file, path, message });
  };

  const checkDate = (file: string, path: string, value: string | undefined): void => {
    if (value !== undefined && Number.isNaN(dayNumber(value))) add(file, path, `${value} is not a calendar date`);
  };
  // A source is checked on a day that has come: the day after today (UTC) at the latest, for
  // a check made today where the calendar is already a day ahead.
  const latestCheck = dayNumber(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
  const checkChecked = (file: string, path: string, value: string | undefined): void => {
    checkDate(file, path, value);
    if (value !== undefined && dayNumber(value) > latestCheck) add(file, path, `checked ${value} is a day still to come: a source is checked on a day that has been`);
  };
  /** A rate is a percentage of at most 100 (no sales tax, VAT or GST in the rules is more). */
  const checkRate = (file: string, path: string, rate: string | undefined): void => {
    if (rate !== undefined && Number(rate) > 100) add(file, path, `rate ${rate} % is above 100 %`);
  };
  const checkSorted = (file: string, path: string, periods: readonly { from: string }[]): void => {
    periods.forEach((p, i) => {
      checkDate(file, `${path}/${i}/from`, p.from);
      const prev = periods[i - 1];
      if (prev && !(p.from > prev.from)) {
        add(file, `${path}/${i}`, p.from === prev.from ? `two periods start on ${p.from} (overlap)` : `periods out of order: ${p.from} after ${prev.from}`);
      }
    });
  };
  const checkPattern = (file: string, path: string, pattern: string): void => {
    if (!isAnchored(pattern)) add(file, path, `pattern ${pattern} is not anchored with ^…$`);
    try {
      new RegExp(pattern);
    } catch {
      add(file, path, `pattern ${pattern} does not compile`);
    }
  };
  const checkRateTable = (file: string, path: string, table: RateTable | undefined): void => {
    if (!table) return;
    for (const [cls, periods] of Object.entries(table) as [string, RatePeriod[]][]) {
      checkSorted(file, `${path}/${cls}`, periods);
      periods.forEach((p, i) => {
        checkChecked(file, `${path}/${cls}/${i}/checked`, p.checked);
        checkRate(file, `${path}/${cls}/${i}/rate`, p.rate);
      });
    }
  };
  // Tax codes: unique ids; a finer code's parent is a category.
  const codeById = new Map(data.taxCodes.tax_codes.map((c) => [c.id as string, c]));
  const chains = codeChains(data.taxCodes.tax_codes);
  data.taxCodes.tax_codes.forEach((c, i) => {
    const at = `/tax_codes/${i}`;
    if (data.taxCodes.tax_codes.findIndex((o) => o.id === c.id) !== i) add('rules/tax-codes.json', at, `tax code ${c.id} listed twice`);
    if (c.parent !== undefined) {
      const parent = codeById.get(c.parent);
      if (parent?.kind !== 'category' || c.kind !== 'category') add('rules/tax-codes.json', `${at}/parent`, `${c.id}'s parent ${c.parent} must be a product category, and ${c.id} one too`);
      else if (parent.supply !== c.supply) add('rules/tax-codes.json', `${at}/supply`, `${c.id} is ${c.supply}, its parent ${c.parent} ${parent.supply}`);
    }
    if (c.kind === 'category' && c.supply === 'by_product_type') add('rules/tax-codes.json', `${at}/supply`, `a product category says what it is: goods, services or digital`);
    const loop = loopOf(chains.get(c.id) ?? [c.id], (id) => codeById.get(id)?.parent);
    if (loop !== null) add('rules/tax-codes.json', `${at}/parent`, `${c.id} is its own ancestor: its chain of parents runs ${loop.join(' → ')}`);
  });
  /**
   * A price limit and the bands it divides: each side's treatment; a limit inside a side (a
   * band) in its limit's currency, below the limit on the below side, above it on the above
   * side unless it is an excess one (which taxes the part of the price above it); an excess
   * limit has no `above` (its above side is the period's, charged on the part above it).
   */
  const checkLimit = (file: string, at: string, treatment: TreatmentPeriod['treatment'], limit: PriceLimit, outer: { limit: PriceLimit; side: 'below' | 'above' } | null): void => {
    if (!currencyCodes.has(limit.currency)) add(file, `${at}/currency`, `unknown currency ${limit.currency}`);
    if (treatment === 'split' || treatment === 'not_recorded' || treatment === 'exempt' || treatment === 'not_taxable') add(file, at, `a price limit divides taxed articles from others: ${treatment} takes none`);
    if (outer !== null) {
      const o = outer.limit;
      const order = compareDecimal(limit.amount, o.amount);
      if (limit.currency !== o.currency) add(file, `${at}/currency`, `a limit inside a side of another is in its currency (${o.currency}), not ${limit.currency}`);
      else if (outer.side === 'below' && order >= 0) add(file, `${at}/amount`, `a limit on the below side of ${o.currency} ${o.amount} is lower than it, not ${limit.amount}`);
      else if (outer.side === 'above' && limit.kind === 'all_or_nothing' && order <= 0) add(file, `${at}/amount`, `an all_or_nothing limit on the above side of ${o.currency} ${o.amount} is higher than it, not ${limit.amount} (an excess one may be lower: the part of the price above it is taxed)`);
    }
    if (limit.kind === 'excess' && limit.above) add(file, `${at}/above`, 'an excess limit takes no above: above it the period\'s treatment is charged on the part of the price above the limit');
    for (const side of ['below', 'above'] as const) {
      const band = limit[side];
      if (!band) continue;
      if (band.treatment === 'taxable' && !band.class) add(file, `${at}/${side}`, 'a taxable treatment needs a class');
      if (band.treatment !== 'taxable' && band.class) add(file, `${at}/${side}`, `${band.treatment} takes no class`);
      if (band.price_limit) checkLimit(file, `${at}/${side}/price_limit`, band.treatment, band.price_limit, { limit, side });
    }
  };
  // `local`: a US local table, whose taxed period may carry a rate of its own (elsewhere a class names the rate).
  const checkTaxability = (file: string, path: string, tax: Taxability | undefined, local = false): void => {
    if (!tax) return;
    for (const [code, periods] of Object.entries(tax) as [string, TreatmentPeriod[]][]) {
      checkSorted(file, `${path}/${code}`, periods);
      const entry = codeById.get(code);
      if (code !== 'other_categories' && entry === undefined) add(file, `${path}/${code}`, `unknown tax code ${code} (rules/tax-codes.json)`);
      periods.forEach((p, i) => {
        const at = `${path}/${code}/${i}`;
        checkChecked(file, `${at}/checked`, p.checked);
        if (p.treatment === 'taxable' && !p.class) add(file, at, 'a taxable treatment needs a class');
        if (p.treatment !== 'taxable' && (p.class || p.taxable_part || p.consumers)) add(file, at, `${p.treatment} takes no class, taxable_part or consumers`);
        if (p.rate !== undefined && !local) add(file, `${at}/rate`, 'a rate of its own is for a US local table only (rules/us/local): elsewhere a treatment names a rate class');
        else if (p.rate !== undefined && p.treatment !== 'taxable') add(file, `${at}/rate`, `${p.treatment} takes no rate (only taxable does)`);
        if (p.treatment === 'split') {
          if (!p.codes) add(file, at, 'a split names its finer codes (codes)');
          for (const finer of p.codes ?? []) {
            if (codeById.get(finer)?.parent !== code) add(file, `${at}/codes`, `${finer} is not a finer code of ${code} (its parent in rules/tax-codes.json)`);
            else if (!tax[finer as keyof Taxability]) add(file, `${at}/codes`, `${finer} is split out of ${code} but has no treatment in this table`);
          }
        } else if (p.codes) add(file, at, `${p.treatment} takes no codes (only split does)`);
        if (p.treatment === 'not_recorded' && !p.note) add(file, at, 'not_recorded says in its note what the data does not hold');
        if (p.treatment === 'not_recorded' && (entry?.kind === 'spec' || code === 'other_categories')) add(file, at, `${code === 'other_categories' ? 'other_categories' : `the spec's code ${code}`} takes no not_recorded`);
        if ((entry?.kind === 'spec' || code === 'other_categories') && (p.treatment === 'split' || p.price_limit || p.holiday)) {
          if (code !== 'other_categories' || p.treatment === 'split') add(file, at, `${code === 'other_categories' ? 'other_categories' : `the spec's code ${code}`} takes no split${code === 'other_categories' ? '' : ', price limit or holiday'}`);
        }
        if (p.price_limit) checkLimit(file, `${at}/price_limit`, p.treatment, p.price_limit, null);
      });
    }
  };
  const checkDelivery = (file: string, path: string, periods: readonly DeliveryPeriod[] | undefined): void => {
    if (!periods) return;
    checkSorted(file, path, periods);
    periods.forEach((p, i) => checkChecked(file, `${path}/${i}/checked`, p.checked));
  };

  // Notes are sentences: a result's notes are joined with spaces, and a note without its
  // full stop runs into the next one. Every `note` and `notes` entry of every file.
  const checkNotes = (file: string, path: string, value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => checkNotes(file, `${path}/${i}`, item));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [key, item] of Object.entries(value)) {
      const notes = key === 'note' ? [item] : key === 'notes' && Array.isArray(item) ? item : null;
      if (notes === null) {
        checkNotes(file, `${path}/${key}`, item);
        continue;
      }
      notes.forEach((note: unknown, i) => {
        const at = key === 'note' ? `${path}/note` : `${path}/notes/${i}`;
        if (typeof note === 'string' && !SENTENCE_END.test(note)) add(file, at, `note does not end its sentence (., ! or ?): "…${note.slice(-40)}"`);
      });
    }
  };
  for (const r of data.regimes) checkNotes(`rules/regimes/${r.regime}.json`, '', r);
  for (const c of data.countries) checkNotes(`rules/countries/${c.country}.json`, '', c);
  for (const t of data.territories) checkNotes(`rules/territories/${t.country}.json`, '', t);
  for (const l of data.usLocal ?? []) {
    const file = `rules/us/local/${l.state}.json`;
    // Its ZIP rows hold no notes: only the jurisdictions are walked.
    checkNotes(file, '/jurisdictions', l.jurisdictions);
    checkNotes(file, '', { notes: [l.coverage, ...(l.sourcing_note ? [l.sourcing_note] : []), ...(l.single_article_cap ? [l.single_article_cap.note] : []), ...(l.notes ?? [])] });
  }

  const worldCodes = new Set(data.world.countries.map((c) => c.code));
  const noConsumptionTax = new Set(data.world.countries.filter((c) => c.no_consumption_tax).map((c) => c.code));
  const currencyCodes = new Set(data.currencies.currencies.map((c) => c.code));
  const regimeIds = new Set(data.regimes.map((r) => r.regime));
  const ruleCountries = new Set(data.countries.map((c) => c.country));

  // World and currencies: unique codes.
  const seenWorld = new Set<string>();
  for (const c of data.world.countries) {
    if (seenWorld.has(c.code)) add('rules/world.json', c.code, 'duplicate country code');
    seenWorld.add(c.code);
    if (!currencyCodes.has(c.currency)) add('rules/world.json', c.code, `unknown currency ${c.currency}`);
  }
  const seenCurrency = new Set<string>();
  for (const c of data.currencies.currencies) {
    if (seenCurrency.has(c.code)) add('rules/currencies.json', c.code, 'duplicate currency code');
    seenCurrency.add(c.code);
  }

  // Jurisdiction ids: unique across countries and schemes, and below 2^37 (the packed index
  // keeps each id with its owner's number in one double: see unpackOwners in owner-index.ts).
  const jurisdictionIds = new Map<number, string>();
  const claimId = (id: number, owner: string, file: string): void => {
    if (!(Number.isSafeInteger(id) && id > 0 && id < 2 ** 37)) add(file, String(id), `jurisdiction id ${id} is not a whole number from 1 to 2^37 - 1`);
    const previous = jurisdictionIds.get(id);
    if (previous) add(file, String(id), `jurisdiction id ${id} used by ${previous} and ${owner}`);
    else jurisdictionIds.set(id, owner);
  };
  for (const c of data.countries) {
    for (const j of c.jurisdictions) claimId(j.id, `${c.country}${j.region ? `-${j.region}` : ''}`, `rules/countries/${c.country}.json`);
  }
  for (const r of data.regimes) for (const s of r.schemes ?? []) claimId(s.jurisdiction, s.name, `rules/regimes/${r.regime}.json`);

  // Regimes: rules well-formed and total.
  for (const r of data.regimes) {
    const file = `rules/regimes/${r.regime}.json`;
    checkTaxability(file, '/taxability', r.taxability);
    checkDelivery(file, '/delivery', r.delivery);
    // The spec's codes have a default everywhere; a product category is recorded by each tax.
    for (const code of data.taxCodes.tax_codes) {
      if (code.kind === 'spec' && !r.taxability[code.id]) add(file, '/taxability', `no default treatment for tax code ${code.id}`);
    }
    r.supply_rules.forEach((rule, i) => {
      checkDate(file, `/supply_rules/${i}/from`, rule.from);
      checkDate(file, `/supply_rules/${i}/until`, rule.until);
      if (rule.from && rule.until && rule.until < rule.from) add(file, `/supply_rules/${i}`, 'until before from');
      if (rule.seller === 'union' && r.kind !== 'union') add(file, `/supply_rules/${i}`, 'seller "union" only exists in a union regime');
      if ((rule.then === 'reverse_charge' || rule.then === 'outside_scope') && !rule.reason) add(file, `/supply_rules/${i}`, `${rule.then} needs a reason`);
    });
    const boundaries = new Set<string>([DATA_START]);
    for (const rule of r.supply_rules) {
      if (rule.from) boundaries.add(rule.from);
      if (rule.until) boundaries.add(nextDay(rule.until));
    }
    for (const date of boundaries) {
      for (const seller of RELATIONS) {
        if (seller === 'union' && r.kind !== 'union') continue;
        for (const customer of CUSTOMERS) {
          for (const supply of SUPPLIES) {
            if (!r.supply_rules.some((rule) => ruleMatches(rule, seller, customer, supply, date))) {
              add(file, '/supply_rules', `no rule for a ${seller} seller, ${customer} customer, ${supply} supply on ${date}`);
            }
          }
        }
      }
    }
    (r.schemes ?? []).forEach((s, si) =>
      s.covers.forEach((c, i) => {
        const cp = `/schemes/${si}/covers/${i}`;
        checkDate(file, `${cp}/from`, c.from);
        checkDate(file, `${cp}/until`, c.until);
        if (!c.consignment_limit) return;
        if (!currencyCodes.has(c.consignment_limit.currency)) add(file, `${cp}/consignment_limit/currency`, `unknown currency ${c.consignment_limit.currency}`);
        if (!c.supply.includes('goods')) add(file, `${cp}/consignment_limit`, 'a consignment limit needs a cover of goods');
      }),
    );
  }

  // Countries.
  for (const c of data.countries) {
    const file = `rules/countries/${c.country}.json`;
    if (!worldCodes.has(c.country)) add(file, '/country', `${c.country} is not in rules/world.json`);
    if (!currencyCodes.has(c.currency)) add(file, '/currency', `unknown currency ${c.currency}`);
    if (noConsumptionTax.has(c.country)) add(file, '/country', `${c.country} has tax rules here and no_consumption_tax in rules/world.json: remove one`);
    for (const alias of c.aliases ?? []) if (ruleCountries.has(alias)) add(file, '/aliases', `alias ${alias} is a country with its own rules`);
    c.regimes.forEach((m, i) => {
      if (!regimeIds.has(m.regime)) add(file, `/regimes/${i}`, `unknown regime ${m.regime}`);
      checkDate(file, `/regimes/${i}/from`, m.from);
      checkDate(file, `/regimes/${i}/until`, m.until);
      if (m.until && m.until < m.from) add(file, `/regimes/${i}`, 'until before from');
      const prev = c.regimes[i - 1];
      if (prev && (!prev.until || prev.until >= m.from)) add(file, `/regimes/${i}`, `membership from ${m.from} overlaps the one before`);
    });
    if (c.postal_code) {
      checkPattern(file, '/postal_code/pattern', c.postal_code.pattern);
      c.postal_code.regions?.forEach((r, i) => checkPattern(file, `/postal_code/regions/${i}`, r.pattern));
    }
    // A fiscal territory reported under another country (report_as) has its own region code at the top.
    const root = c.report_as ? c.jurisdictions.slice(0, 1) : c.jurisdictions.filter((j) => j.region === '');
    if (root.length !== 1) add(file, '/jurisdictions', 'needs exactly one country-level jurisdiction (region "")');
    const rootTaxes = new Set(root[0]?.taxes.map((t) => t.tax) ?? []);
    const regions = new Set<string>();
    c.jurisdictions.forEach((j, ji) => {
      const jp = `/jurisdictions/${ji}`;
      if (j.region !== '' && regions.has(j.region)) add(file, jp, `region ${j.region} listed twice`);
      regions.add(j.region);
      const taxIds = new Set<string>();
      j.taxes.forEach((t, ti) => {
        const tp = `${jp}/taxes/${ti}`;
        if (taxIds.has(t.tax)) add(file, tp, `tax ${t.tax} listed twice`);
        taxIds.add(t.tax);
        if (t.replaces && !rootTaxes.has(t.replaces)) add(file, tp, `replaces unknown country-level tax ${t.replaces}`);
        if (t.registration !== undefined && !jurisdictionIds.has(t.registration)) add(file, tp, `registration names unknown jurisdiction ${t.registration}`);
        checkDate(file, `${tp}/since`, t.since);
        checkRateTable(file, `${tp}/rates`, t.rates);
        checkTaxability(file, `${tp}/taxability`, t.taxability);
        checkDelivery(file, `${tp}/delivery`, t.delivery);
        // Every class a tax code maps to must have a rate on every day it is used.
        for (const m of c.regimes) {
          const regime = data.regimes.find((r) => r.regime === m.regime);
          if (!regime) continue;
          for (const id of [...data.taxCodes.tax_codes.map((c) => c.id as string), 'other_categories']) {
            const periods = t.taxability?.[id as keyof Taxability] ?? (id === 'other_categories' ? undefined : regime.taxability[id as keyof Taxability]) ?? [];
            periods.forEach((p, pi) => {
              const end = periods[pi + 1]?.from;
              const start = [p.from, t.since ?? '', m.from, DATA_START].sort().at(-1) as string;
              if (end !== undefined && end <= start) return;
              if (m.until !== undefined && m.until < start) return;
              const classes = [p.treatment === 'taxable' ? p.class : undefined, ...limitClasses(p.price_limit), ...(p.consumers ? [p.consumers.class] : [])];
              for (const k of classes) {
                if (!k) continue;
                const cls = t.rates[k];
                if (!cls) add(file, `${tp}/taxability/${id}`, `maps ${id} to class ${k} (from ${p.from}), which has no rates`);
                else if ((cls[0] as RatePeriod).from > start) add(file, `${tp}/rates/${k}`, `class ${k} starts ${cls[0]?.from} but ${id} uses it from ${start}: gap`);
              }
            });
          }
        }
      });
    });
  }

  // Territories.
  for (const t of data.territories) {
    const file = `rules/territories/${t.country}.json`;
    if (!worldCodes.has(t.country)) add(file, '/country', `${t.country} is not in rules/world.json`);
    const sets = Object.keys(t.rate_sets ?? {});
    for (const name of sets) {
      checkRateTable(file, `/rate_sets/${name}`, t.rate_sets?.[name]);
      if (!t.territories.some((terr) => terr.rate_set === name)) add(file, `/rate_sets/${name}`, `rate set ${name} is used by no territory`);
    }
    t.territories.forEach((terr, i) => {
      if (terr.rate_set === undefined) return;
      if (terr.rates) add(file, `/territories/${i}`, 'has both rates and rate_set: give one of them');
      if (!sets.includes(terr.rate_set)) add(file, `/territories/${i}/rate_set`, `unknown rate set ${terr.rate_set} (this file's rate_sets: ${sets.join(', ') || 'none'})`);
    });
    const ids = new Set<string>();
    t.territories.forEach((terr, i) => {
      const tp = `/territories/${i}`;
      if (ids.has(terr.id)) add(file, tp, `territory id ${terr.id} listed twice`);
      ids.add(terr.id);
      terr.match.postal_codes?.forEach((p, pi) => checkPattern(file, `${tp}/match/postal_codes/${pi}`, p));
      terr.match.cities?.forEach((p, pi) => checkPattern(file, `${tp}/match/cities/${pi}`, p));
      if (!terr.match.all && !terr.match.postal_codes?.length && !terr.match.cities?.length) add(file, `${tp}/match`, 'matches nothing');
      checkSorted(file, `${tp}/treatment`, terr.treatment);
      terr.treatment.forEach((tr, ti) => {
        if (tr.kind === 'taxed_as' && !tr.country) add(file, `${tp}/treatment/${ti}`, 'taxed_as needs a country');
        if (tr.country && !ruleCountries.has(tr.country)) add(file, `${tp}/treatment/${ti}`, `country ${tr.country} has no rules file`);
        if (tr.jurisdiction !== undefined && !jurisdictionIds.has(tr.jurisdiction)) add(file, `${tp}/treatment/${ti}`, `unknown jurisdiction ${tr.jurisdiction}`);
        if (tr.goods_regime && !regimeIds.has(tr.goods_regime)) add(file, `${tp}/treatment/${ti}`, `unknown regime ${tr.goods_regime}`);
      });
      checkRateTable(file, `${tp}/rates`, terr.rates);
    });
  }

  // ZIP ranges: sorted, disjoint.
  const zip = data.usZipStates;
  if (zip) {
    zip.ranges.forEach(([a, b], i) => {
      const prev = zip.ranges[i - 1];
      if (b < a) add('rules/us/zip-states.json', `/ranges/${i}`, 'range ends before it starts');
      if (prev && a <= prev[1]) add('rules/us/zip-states.json', `/ranges/${i}`, 'ranges overlap or are out of order');
    });
  }

  // US local taxes: ids follow from codes, codes and sources resolve, rates are sorted, the
  // ZIP rows are sorted, name known codes, and the shares of a ZIP add up to 100.
  const ranges = data.usZipStates?.ranges ?? [];
  const seenStates = new Set<string>();
  for (const l of data.usLocal ?? []) {
    const countryCode = l.country ?? 'US';
    const key = localKey(l.country, l.state);
    const file = countryCode === 'US' ? `rules/us/local/${l.state}.json` : `the local file of ${key}`;
    if (seenStates.has(key)) add(file, '/state', `a second local file for ${key}`);
    seenStates.add(key);
    const state = data.countries.find((c) => c.country === countryCode)?.jurisdictions.find((j) => j.region === l.state && j.region !== '');
    if (!state) {
      add(file, '/state', `${l.state} is not a state of rules/countries/${countryCode}.json`);
      continue;
    }
    if (state.id % 1000 >= 100) add(file, '/state', `the local ids of ${key} follow from its state's number (id ${state.id} % 1000), which must be below 100`);
    const fips = state.id;
    const codes = new Set<string>();
    // Local treatments of product categories: taxed at the local rate (or one of their own), or not, or not recorded; no rate classes.
    const checkLocalTaxability = (path: string, t: Taxability | undefined): void => {
      checkTaxability(file, path, t, true);
      for (const [code, periods] of Object.entries(t ?? {}) as [string, TreatmentPeriod[]][]) {
        if (codeById.get(code)?.kind === 'spec') add(file, `${path}/${code}`, `local taxes follow the state's treatment of the spec's code ${code}`);
        periods.forEach((p, i) => {
          if (p.treatment === 'split' || p.treatment === 'zero_rated' || (p.class !== undefined && p.class !== 'standard') || p.taxable_part || p.consumers || limitClasses(p.price_limit).some((k) => k !== 'standard')) add(file, `${path}/${code}/${i}`, 'a local treatment is taxable (class standard: the local rate, or a rate of its own), exempt, not_taxable or not_recorded, with a price limit or holiday');
        });
      }
    };
    checkLocalTaxability('/taxability', l.taxability);
    l.jurisdictions.forEach((j, ji) => {
      const jp = `/jurisdictions/${ji}`;
      checkLocalTaxability(`${jp}/taxability`, j.taxability);
      if (codes.has(j.code)) add(file, `${jp}/code`, `code ${j.code} listed twice`);
      codes.add(j.code);
      const level = j.code[0] === 'c' ? 'county' : j.code[0] === 'p' ? 'city' : 'district';
      if (j.code[0] === 'c' && j.code.length !== 4) add(file, `${jp}/code`, `a county code is c and the 3-digit county FIPS code, not ${j.code}`);
      if (j.code[0] === 'p' && j.code.length !== 6) add(file, `${jp}/code`, `a place code is p and the 5-digit place FIPS code, not ${j.code}`);
      if (j.level !== level) add(file, `${jp}/level`, `code ${j.code} is a ${level}, not a ${j.level}`);
      const expected = localId(fips, j.code);
      if (j.id !== expected) add(file, `${jp}/id`, `the id of ${j.code} in ${l.state} is ${expected}, not ${j.id}`);
      claimId(j.id, `${countryCode}-${l.state} ${j.name}`, file);
      checkSorted(file, `${jp}/rates`, j.rates);
      j.rates.forEach((p, pi) => {
        checkChecked(file, `${jp}/rates/${pi}/checked`, p.checked);
        checkRate(file, `${jp}/rates/${pi}/rate`, p.rate);
        if (!Object.hasOwn(l.sources, p.source)) add(file, `${jp}/rates/${pi}/source`, `unknown source key ${p.source}`);
      });
      if (j.until !== undefined) {
        checkDate(file, `${jp}/until`, j.until);
        const last = j.rates[j.rates.length - 1];
        if (last && j.until < last.from) add(file, `${jp}/until`, `until ${j.until} is before its last rate's day ${last.from}`);
        if (j.note === undefined) add(file, `${jp}/note`, 'a jurisdiction recorded until a day says why in its note');
      }
    });
    const cap = l.single_article_cap;
    if (cap) {
      if (!Object.hasOwn(l.sources, cap.source)) add(file, '/single_article_cap/source', `unknown source key ${cap.source}`);
      if (!currencyCodes.has(cap.currency)) add(file, '/single_article_cap/currency', `unknown currency ${cap.currency}`);
      checkChecked(file, '/single_article_cap/checked', cap.checked);
    }
    let zip = '';
    let total = 0;
    const endZip = (i: number): void => {
      if (zip !== '' && total !== 100) add(file, `/zips/${i}`, `the shares of ZIP ${zip} add up to ${total}, not 100`);
    };
    l.zips.forEach(([z, list, share], i) => {
      if (zip !== z && countryCode === 'US' && ranges.length > 0 && zipState(ranges, Number(z)) !== l.state) add(file, `/zips/${i}`, `ZIP ${z} is not in ${l.state} (rules/us/zip-states.json)`);
      if (z !== zip) {
        endZip(i);
        if (z < zip) add(file, `/zips/${i}`, `ZIP ${z} after ${zip}: rows are sorted by ZIP`);
        zip = z;
        total = 0;
      }
      total += share;
      for (const c of list === '' ? [] : list.split(' ')) if (!codes.has(c)) add(file, `/zips/${i}`, `unknown code ${c}`);
    });
    endZip(l.zips.length);
  }
  return problems;
}

/**
 * The rates of a territory: its own `rates`, or the table of its file's `rate_sets` that its
 * `rate_set` names (undefined when it has neither, or names a set the file lacks, which
 * `checkRuleData` reports).
 */
export function territoryRates(file: Pick<TerritoryRules, 'rate_sets'>, territory: Pick<Territory, 'rates' | 'rate_set'>): RateTable | undefined {
  if (territory.rates) return territory.rates;
  if (territory.rate_set === undefined) return undefined;
  return Object.hasOwn(file.rate_sets ?? {}, territory.rate_set) ? file.rate_sets?.[territory.rate_set] : undefined;
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Whether a place-of-supply rule applies (shared with the engine). */
export function ruleMatches(rule: SupplyRule, seller: string, customer: string, supply: string, date: string): boolean {
  return (
    (rule.seller === undefined || rule.seller === seller) &&
    (rule.customer === undefined || rule.customer === customer) &&
    (rule.supply === undefined || rule.supply.includes(supply as 'goods')) &&
    (rule.from === undefined || rule.from <= date) &&
    (rule.until === undefined || rule.until >= date)
  );
}

/** The state of a ZIP code in sorted ZIP ranges (rules/us/zip-states.json), or null. */
export function zipState(ranges: readonly (readonly [number, number, string])[], zip: number): string | null {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = ranges[mid] as readonly [number, number, string];
    if (zip < r[0]) hi = mid - 1;
    else if (zip > r[1]) lo = mid + 1;
    else return r[2];
  }
  return null;
}
