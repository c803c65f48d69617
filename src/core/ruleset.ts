import type { RuleData, RatePeriod, RateTable, Taxability, TreatmentPeriod } from './rule-data.js';
import type { RateClass, SupplyKind, TaxCodeId } from './types.js';
import { dayNumber } from './dates.js';
import { decimalUnits } from './money.js';

/** A rate period with its start as a day number and the rate scaled to integer units of 0.0001 %. */
export interface CompiledRate {
  from: number;
  rate: string;
  units: number;
  source: string;
}

export interface CompiledTreatment {
  from: number;
  treatment: 'taxable' | 'exempt' | 'not_taxable';
  rateClass: RateClass | null;
  /** Taxable part as a percentage string, "100" by default. */
  part: string;
  /** Taxable part in units of 0.0001 %. */
  partUnits: number;
  note: string | null;
}

export type ClassTable = Partial<Record<RateClass, CompiledRate[]>>;

export interface CompiledTax {
  id: string;
  name: string;
  localName: string | null;
  role: 'main' | 'additional';
  replaces: string | null;
  /** Jurisdiction whose registration collects this tax. */
  registration: number;
  since: number;
  classes: ClassTable;
  taxability: Partial<Record<TaxCodeId, CompiledTreatment[]>>;
}

export interface CompiledJurisdiction {
  id: number;
  name: string;
  /** Country code reported in results. */
  country: string;
  region: string;
  level: 'country' | 'state' | 'province' | 'territory' | 'scheme';
  taxes: CompiledTax[];
  sourcing: 'origin' | 'destination' | null;
  parent: CompiledJurisdiction | null;
  /** The rules country this jurisdiction belongs to (null for schemes). */
  home: CompiledCountry | null;
}

export interface CompiledSupplyRule {
  seller: 'domestic' | 'union' | 'foreign' | null;
  customer: 'business' | 'consumer' | null;
  supply: readonly SupplyKind[] | null;
  from: number;
  until: number;
  then: 'destination' | 'destination_if_registered' | 'origin' | 'reverse_charge' | 'outside_scope';
  reason: string | null;
  note: string | null;
}

export interface CompiledSchemeCover {
  seller: 'union' | 'foreign';
  supply: readonly SupplyKind[];
  importScheme: boolean;
  from: number;
  until: number;
}

export interface CompiledScheme {
  jurisdiction: CompiledJurisdiction;
  covers: CompiledSchemeCover[];
}

export interface CompiledRegime {
  id: string;
  name: string;
  kind: 'union' | 'single_area';
  rules: CompiledSupplyRule[];
  schemes: CompiledScheme[];
  taxability: Record<TaxCodeId, CompiledTreatment[]>;
}

export interface CompiledMembership {
  regime: CompiledRegime;
  from: number;
  until: number;
}

export interface CompiledCountry {
  code: string;
  name: string;
  currency: string;
  regimes: CompiledMembership[];
  postalPattern: RegExp | null;
  regionRules: { pattern: RegExp; region: string }[];
  root: CompiledJurisdiction;
  byRegion: Map<string, CompiledJurisdiction>;
}

export interface CompiledTerritoryTreatment {
  from: number;
  kind: 'excluded' | 'taxed_as' | 'none';
  country: string | null;
  region: string | null;
  jurisdiction: number | null;
  goodsRegime: string | null;
  note: string | null;
}

export interface CompiledTerritory {
  id: string;
  name: string;
  all: boolean;
  postalCodes: RegExp[];
  cities: RegExp[];
  treatment: CompiledTerritoryTreatment[];
  rates: ClassTable;
}

export interface WorldEntry {
  code: string;
  numeric: number;
  name: string;
  currency: string;
}

export interface TaxCodeEntry {
  id: TaxCodeId;
  name: string;
  description: string;
  supply: 'digital' | 'services' | 'by_product_type';
}

/**
 * A compiled, indexed rule set: what the core reads. Build one with `createRuleSet` from
 * rule data (the default one is exported as `defaultRuleSet`); it is immutable and can be
 * shared between calls and threads.
 */
export interface RuleSet {
  readonly data: RuleData;
  readonly world: ReadonlyMap<string, WorldEntry>;
  readonly currencies: ReadonlyMap<string, number>;
  readonly taxCodes: ReadonlyMap<TaxCodeId, TaxCodeEntry>;
  readonly regimes: ReadonlyMap<string, CompiledRegime>;
  readonly countries: ReadonlyMap<string, CompiledCountry>;
  /** Alternative codes (EL, UK) → the country's code. */
  readonly aliases: ReadonlyMap<string, string>;
  readonly jurisdictions: ReadonlyMap<number, CompiledJurisdiction>;
  readonly territories: ReadonlyMap<string, readonly CompiledTerritory[]>;
  /** US ZIP ranges: first ZIP, last ZIP, state. */
  readonly zipStarts: Int32Array;
  readonly zipEnds: Int32Array;
  readonly zipStates: readonly string[];
}

const FAR_FUTURE = dayNumber('9999-12-31');
const FAR_PAST = dayNumber('0001-01-01');

function compileRates(table: RateTable | undefined): ClassTable {
  const out: ClassTable = {};
  if (!table) return out;
  for (const [cls, periods] of Object.entries(table) as [RateClass, RatePeriod[]][]) {
    out[cls] = periods.map((p) => ({ from: dayNumber(p.from), rate: p.rate, units: decimalUnits(p.rate, 4), source: p.source }));
  }
  return out;
}

function compileTreatments(periods: TreatmentPeriod[]): CompiledTreatment[] {
  return periods.map((p) => {
    const part = p.taxable_part ?? '100';
    return {
      from: dayNumber(p.from),
      treatment: p.treatment,
      rateClass: p.class ?? null,
      part,
      partUnits: decimalUnits(part, 4),
      note: p.note ?? null,
    };
  });
}

function compileTaxability(t: Taxability | undefined): Partial<Record<TaxCodeId, CompiledTreatment[]>> {
  const out: Partial<Record<TaxCodeId, CompiledTreatment[]>> = {};
  if (!t) return out;
  for (const [code, periods] of Object.entries(t) as [TaxCodeId, TreatmentPeriod[]][]) out[code] = compileTreatments(periods);
  return out;
}

/** Indexes rule data for lookups. The data is assumed to have passed the rules build. */
export function createRuleSet(data: RuleData): RuleSet {
  const world = new Map(data.world.countries.map((c) => [c.code, { ...c }]));
  const currencies = new Map(data.currencies.currencies.map((c) => [c.code, c.minor_units]));
  const taxCodes = new Map(data.taxCodes.tax_codes.map((c) => [c.id, { ...c }]));
  const jurisdictions = new Map<number, CompiledJurisdiction>();

  const regimes = new Map<string, CompiledRegime>();
  for (const r of data.regimes) {
    const schemes: CompiledScheme[] = (r.schemes ?? []).map((s) => {
      const j: CompiledJurisdiction = {
        id: s.jurisdiction,
        name: s.name,
        country: s.country,
        region: '',
        level: 'scheme',
        taxes: [],
        sourcing: null,
        parent: null,
        home: null,
      };
      jurisdictions.set(j.id, j);
      return {
        jurisdiction: j,
        covers: s.covers.map((c) => ({
          seller: c.seller,
          supply: c.supply,
          importScheme: c.import_scheme ?? false,
          from: dayNumber(c.from),
          until: c.until ? dayNumber(c.until) : FAR_FUTURE,
        })),
      };
    });
    regimes.set(r.regime, {
      id: r.regime,
      name: r.name,
      kind: r.kind,
      schemes,
      rules: r.supply_rules.map((s) => ({
        seller: s.seller ?? null,
        customer: s.customer ?? null,
        supply: s.supply ?? null,
        from: s.from ? dayNumber(s.from) : FAR_PAST,
        until: s.until ? dayNumber(s.until) : FAR_FUTURE,
        then: s.then,
        reason: s.reason ?? null,
        note: s.note ?? null,
      })),
      taxability: compileTaxability(r.taxability) as Record<TaxCodeId, CompiledTreatment[]>,
    });
  }

  const countries = new Map<string, CompiledCountry>();
  const aliases = new Map<string, string>();
  for (const c of data.countries) {
    const reported = c.report_as ?? c.country;
    const country: CompiledCountry = {
      code: c.country,
      name: c.name,
      currency: c.currency,
      regimes: c.regimes.map((m) => ({
        regime: regimes.get(m.regime) as CompiledRegime,
        from: dayNumber(m.from),
        until: m.until ? dayNumber(m.until) : FAR_FUTURE,
      })),
      postalPattern: c.postal_code ? new RegExp(c.postal_code.pattern) : null,
      regionRules: (c.postal_code?.regions ?? []).map((r) => ({ pattern: new RegExp(r.pattern), region: r.region })),
      root: undefined as unknown as CompiledJurisdiction,
      byRegion: new Map(),
    };
    const compiled = c.jurisdictions.map((j) => {
      const cj: CompiledJurisdiction = {
        id: j.id,
        name: j.name,
        country: reported,
        region: j.region,
        level: j.level,
        sourcing: j.sourcing ?? null,
        parent: null,
        home: country,
        taxes: j.taxes.map((t) => ({
          id: t.tax,
          name: t.name,
          localName: t.local_name ?? null,
          role: t.role,
          replaces: t.replaces ?? null,
          registration: t.registration ?? j.id,
          since: t.since ? dayNumber(t.since) : FAR_PAST,
          classes: compileRates(t.rates),
          taxability: compileTaxability(t.taxability),
        })),
      };
      jurisdictions.set(cj.id, cj);
      return cj;
    });
    const root = (c.report_as ? compiled[0] : compiled.find((j) => j.region === '')) as CompiledJurisdiction;
    country.root = root;
    for (const j of compiled) {
      if (j === root) continue;
      j.parent = root;
      country.byRegion.set(j.region, j);
    }
    countries.set(c.country, country);
    for (const a of c.aliases ?? []) aliases.set(a, c.country);
  }

  const territories = new Map<string, CompiledTerritory[]>();
  for (const file of data.territories) {
    territories.set(
      file.country,
      file.territories.map((t) => ({
        id: t.id,
        name: t.name,
        all: t.match.all ?? false,
        postalCodes: (t.match.postal_codes ?? []).map((p) => new RegExp(p)),
        cities: (t.match.cities ?? []).map((p) => new RegExp(p)),
        rates: compileRates(t.rates),
        treatment: t.treatment.map((tr) => ({
          from: dayNumber(tr.from),
          kind: tr.kind,
          country: tr.country ?? null,
          region: tr.region ?? null,
          jurisdiction: tr.jurisdiction ?? null,
          goodsRegime: tr.goods_regime ?? null,
          note: tr.note ?? null,
        })),
      })),
    );
  }

  const ranges = data.usZipStates?.ranges ?? [];
  const zipStarts = new Int32Array(ranges.map((r) => r[0]));
  const zipEnds = new Int32Array(ranges.map((r) => r[1]));
  const zipStates = ranges.map((r) => r[2]);

  return { data, world, currencies, taxCodes, regimes, countries, aliases, jurisdictions, territories, zipStarts, zipEnds, zipStates };
}

/** The entry of a dated list in force on `day` (lists are short: scan from the end). */
export function inForce<T extends { from: number }>(periods: readonly T[] | undefined, day: number): T | undefined {
  if (!periods) return undefined;
  for (let i = periods.length - 1; i >= 0; i--) {
    const p = periods[i] as T;
    if (p.from <= day) return p;
  }
  return undefined;
}
