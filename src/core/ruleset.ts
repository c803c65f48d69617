import type { CountryRules, DeliveryPeriod, RegimeRules, RuleData, RatePeriod, RateTable, Taxability, TerritoryRules, TreatmentPeriod, UsLocalRules } from './rule-data.js';
import type { JurisdictionLevel, Money, RateClass, SupplyKind, TaxCodeId, TaxReason } from './types.js';
import { dayNumber } from './dates.js';
import { decimalUnits } from './money.js';
import { computeRuleChangeDays } from './change-days.js';
import { territoryRates } from './rule-checks.js';
import { compileUsLocal, localKey, type UsLocalRows } from './us-local.js';
import { compileTaxability } from './compile-treatments.js';
import { decodeUsLocal, encodeUsLocal, readUsLocal } from './us-local-pack.js';
import { TaxRulesError, quoted } from './errors.js';
import { ownData } from './own.js';
import { canonicalTexts, checkedDays, digestOf, versionOf, type RulesInfo } from './rules-info.js';
import { ownerLookup, packOwners, type OwnerIndex } from './owner-index.js';

import { codeChains } from './code-chain.js';
import { LazyMap } from './lazy-map.js';
import { placeLookup, type PlaceLookup } from './registration-places.js';
import { keepTaxCodeSource, taxCodeFile, taxCodeRecords, type TaxCodeRecord } from './tax-code-file.js';
import type { ClassTable, CompiledDelivery, CompiledCountry, CompiledJurisdiction, CompiledMembership, CompiledRate, CompiledRegime, CompiledScheme, CompiledSchemeCover, CompiledSupplyRule, CompiledTax, CompiledTerritory, CompiledTerritoryTreatment, CompiledTreatment, RuleSet, TaxCodeEntry, WorldEntry, CompiledUsLocal } from './compiled.js';

export type { ClassTable, CompiledCountry, CompiledJurisdiction, CompiledMembership, CompiledRate, CompiledRegime, CompiledScheme, CompiledSchemeCover, CompiledSupplyRule, CompiledTax, CompiledTerritory, CompiledTerritoryTreatment, CompiledTreatment, RuleSet, TaxCodeEntry, WorldEntry };

const FAR_FUTURE = /* @__PURE__ */ dayNumber('9999-12-31');
const FAR_PAST = /* @__PURE__ */ dayNumber('0001-01-01');

function compileRates(table: RateTable | undefined): ClassTable {
  // Without a prototype: a class the table lacks reads as absent, whatever Object.prototype holds.
  const out = Object.create(null) as ClassTable;
  if (!table) return out;
  for (const [cls, periods] of Object.entries(table) as [RateClass, RatePeriod[]][]) {
    out[cls] = periods.map((p) => ({ from: dayNumber(p.from), rate: p.rate, units: decimalUnits(p.rate, 4), source: p.source }));
  }
  return out;
}

function compileDelivery(periods: readonly DeliveryPeriod[] | undefined): readonly CompiledDelivery[] {
  return Object.freeze((periods ?? []).map((p) => Object.freeze({ from: dayNumber(p.from), treatment: p.treatment, conditions: p.conditions ?? null, source: p.source, note: p.note ?? null })));
}

/**
 * Rule data as the package ships it: the shared tables, and each regime, country and
 * territory file as its own JSON text, parsed the first time a lookup needs it. The index
 * (jurisdiction owners, aliases, change days) answers without parsing. Make one with
 * `packRuleData`; `createRuleSet` takes either form.
 */
export interface PackedRuleData {
  readonly format: 'taxrules-pack-3';
  /**
   * JSON of { world, currencies, taxCodes, usZipStates }, `taxCodes` the records a quote reads
   * (TaxCodeRecord: id, name, supply, kind, parent, place of supply), in the file's order.
   */
  readonly shared: string;
  /**
   * The tax-code file (rules/tax-codes.json) as JSON: the descriptions, laws and the rest that
   * only listing the codes and `RuleSet.data` read. Null in the package's own packs, whose file
   * is a module of its own (see tax-code-file.ts) named by `taxCodeDigest`.
   */
  readonly taxCodeTexts: string | null;
  /** For a pack without its tax-code file: the digest of the file it was packed with. */
  readonly taxCodeDigest?: string;
  /** Regime id → JSON of its file. */
  readonly regimes: Readonly<Record<string, string>>;
  /** Country code → JSON of its file. */
  readonly countries: Readonly<Record<string, string>>;
  /** Typed country code → JSON of its territories file. */
  readonly territories: Readonly<Record<string, string>>;
  /** US state code → its local-tax file, packed (see us-local-pack.ts; absent: none). */
  readonly usLocal?: Readonly<Record<string, string>>;
  /**
   * Every jurisdiction id with its owner (a country code, "@" and a regime id for schemes,
   * or "us:" and a state code for local taxes), in listing order: "owner|ids;owner|ids",
   * the ids of an owner as steps from the one before, in base 36 (see `packOwners`).
   */
  readonly jurisdictions: string;
  /** Alternative codes (EL, UK) → country code. */
  readonly aliases: Readonly<Record<string, string>>;
  /** Every rule change day (day numbers, ascending); null: worked out on first use. */
  readonly changeDays: readonly number[] | null;
  /**
   * Country code → the country its jurisdictions report (`report_as`), for the files that
   * have one (IC → ES): which countries a country's registrations are in, without parsing
   * every file (absent: worked out by parsing them).
   */
  readonly reportAs?: Readonly<Record<string, string>>;
  /**
   * Per jurisdiction, the newest day its data was checked (see RulesInfo; absent: worked
   * out from the data on first use).
   */
  readonly checked?: Readonly<Record<string, string>>;
  /** The data's digest (see RulesInfo; absent: worked out from the data on first use). */
  readonly digest?: string;
  /**
   * Where a seller registers, per country code and scheme (see registration-places.ts), so
   * that looking a registration up compiles no country (absent: read from compiled countries).
   */
  readonly registrationPlaces?: string;
}

interface SharedRules {
  world: RuleData['world'];
  currencies: RuleData['currencies'];
  taxCodes: TaxCodeRecord[];
  usZipStates?: RuleData['usZipStates'];
}

/** Where a rule set reads its parts from: packed JSON texts, each parsed on first use. */
interface RuleSource {
  readonly shared: SharedRules;
  regimeIds: readonly string[];
  regime(id: string): RegimeRules;
  countryCodes: readonly string[];
  country(code: string): CountryRules;
  territoryCodes: readonly string[];
  territories(code: string): TerritoryRules;
  usLocalStates: readonly string[];
  usLocal(state: string): UsLocalRows;
  /** Every jurisdiction id with its owner (the whole index: unpacked when first read). */
  readonly jurisdictions: OwnerIndex;
  /** The owner of a jurisdiction id, or undefined (see `ownerLookup`). */
  ownerOf(id: number): string | undefined;
  /** The regimes that own scheme jurisdictions, in listing order (read without unpacking the index). */
  readonly schemeRegimes: readonly string[];
  aliases: readonly (readonly [string, string])[];
  changeDays: readonly number[] | null;
  /** Country code → reported code, for the files that have one (null: not carried). */
  reportAs: Readonly<Record<string, string>> | null;
  /** Per jurisdiction, the newest day its data was checked (null: not carried). */
  checked: Readonly<Record<string, string>> | null;
  /** The data's digest (null: not carried). */
  digest: string | null;
  /** Where a seller registers, packed (null: not carried). */
  registrationPlaces: string | null;
  /** The tax-code file, parsed afresh (null: the pack was made without it; see `taxCodeDigest`). */
  taxCodeFile: (() => RuleData['taxCodes']) | null;
  taxCodeDigest: string | null;
  /** The rule data, with the tax-code file given. */
  data(taxCodes: () => RuleData['taxCodes']): RuleData;
}

/**
 * Whether the data is packed. A pack of taxrules 0.2 (`taxrules-pack-2`: the tax-code file
 * whole in its shared tables) is read as it is; a pack of another format is refused (422).
 */
function isPacked(data: RuleData | PackedRuleData): data is PackedRuleData {
  const format = (data as { format?: unknown }).format;
  if (format === 'taxrules-pack-3') {
    const p = data as PackedRuleData;
    if (typeof p.taxCodeTexts === 'string' || (p.taxCodeTexts === null && typeof p.taxCodeDigest === 'string')) return true;
    throw new TaxRulesError('invalid_value', 422, [{ path: ['taxCodeTexts'], code: 'invalid_value', message: `a pack must carry its tax-code file (taxCodeTexts: JSON), got ${quoted(p.taxCodeTexts, 40)}: pack the rule data again with packRuleData` }]);
  }
  if (format === 'taxrules-pack-2') return true;
  // A pack of another version of taxrules: its texts are not this version's to read.
  if (typeof format === 'string' && format.startsWith('taxrules-pack-')) {
    throw new TaxRulesError('invalid_value', 422, [{ path: ['format'], code: 'invalid_value', message: `rule data packed as ${quoted(format)} by another version of taxrules: pack it again with this version's packRuleData` }]);
  }
  return false;
}

/**
 * The shared tables of a pack and its tax-code file: a `taxrules-pack-2` pack's shared tables
 * hold the file whole, whose records are made from it.
 */
function sharedOf(pack: PackedRuleData): { shared: () => SharedRules; file: (() => RuleData['taxCodes']) | null } {
  const parse = <T>(text: string): T => ownData(JSON.parse(text) as T);
  if ((pack.format as string) === 'taxrules-pack-2') {
    const file = (): RuleData['taxCodes'] => parse<{ taxCodes: RuleData['taxCodes'] }>(pack.shared).taxCodes;
    return {
      shared: () => {
        const old = parse<Omit<SharedRules, 'taxCodes'> & { taxCodes: RuleData['taxCodes'] }>(pack.shared);
        return { ...old, taxCodes: taxCodeRecords(old.taxCodes) };
      },
      file,
    };
  }
  const texts = pack.taxCodeTexts;
  return { shared: () => parse<SharedRules>(pack.shared), file: typeof texts === 'string' ? () => parse<RuleData['taxCodes']>(texts) : null };
}

/** The jurisdiction owners of rule data, in the order a rule set lists them. */
function ownersOf(data: RuleData): [number, string][] {
  const out: [number, string][] = [];
  for (const r of data.regimes) for (const s of r.schemes ?? []) out.push([s.jurisdiction, `@${r.regime}`]);
  for (const c of data.countries) for (const j of c.jurisdictions) out.push([j.id, c.country]);
  for (const l of data.usLocal ?? []) for (const j of l.jurisdictions) out.push([j.id, `us:${localKey(l.country, l.state)}`]);
  return out;
}

function aliasesOf(data: RuleData): [string, string][] {
  const out: [string, string][] = [];
  for (const c of data.countries) for (const a of c.aliases ?? []) out.push([a, c.country]);
  return out;
}

/** One kind's rule texts by key: the keys (one list, listed without reading a text) and one text. */
export interface TextsOfKind {
  keys(): readonly string[];
  text(key: string): string | undefined;
}

/**
 * The rule texts of a pack as `compressedPack` holds them: each kind's compressed texts by
 * key (each read when first asked for), and how to read one.
 */
export interface CompressedTexts {
  readonly regimes: TextsOfKind;
  readonly countries: TextsOfKind;
  readonly territories: TextsOfKind;
  readonly usLocal: TextsOfKind | undefined;
  text(compressed: string): string;
}

/** Packs made by `compressedPack`, with their texts as compressed (see `keepCompressed`). */
const compressedTexts = new WeakMap<PackedRuleData, CompressedTexts>();

/**
 * Marks a pack whose texts `texts` holds compressed: a rule set made from it lists the files
 * from those maps and decompresses a text when it parses it, rather than through the pack's
 * getters (made for a reader of the pack as PackedRuleData, they keep every text they return).
 */
export function keepCompressed(pack: PackedRuleData, texts: CompressedTexts): PackedRuleData {
  compressedTexts.set(pack, texts);
  return pack;
}

function packedSource(pack: PackedRuleData): RuleSource {
  let shared: SharedRules | undefined;
  const tables = sharedOf(pack);
  const owners = ownerLookup(pack.jurisdictions);
  const compressed = compressedTexts.get(pack);
  const textOf = compressed ? (t: string): string => compressed.text(t) : (t: string): string => t;
  // Each kind's texts by key: a compressed pack's are read when first needed; a plain pack's
  // are the objects it holds now.
  const plain = (texts: Readonly<Record<string, string>> | undefined): TextsOfKind => {
    const keys = Object.keys(texts ?? {});
    return { keys: () => keys, text: (key) => (texts !== undefined && Object.hasOwn(texts, key) ? texts[key] : undefined) };
  };
  const kinds: { regimes: TextsOfKind; countries: TextsOfKind; territories: TextsOfKind; usLocal: TextsOfKind } = compressed
    ? { regimes: compressed.regimes, countries: compressed.countries, territories: compressed.territories, usLocal: compressed.usLocal ?? plain(undefined) }
    : { regimes: plain(pack.regimes), countries: plain(pack.countries), territories: plain(pack.territories), usLocal: plain(pack.usLocal) };
  const parsed = <T>(texts: TextsOfKind): ((key: string) => T) => {
    const done = new Map<string, T>();
    return (key) => {
      let v = done.get(key);
      if (v === undefined) {
        v = ownData(JSON.parse(textOf(texts.text(key) as string)) as T);
        done.set(key, v);
      }
      return v;
    };
  };
  // A state's local file is read once, when it is compiled (its ZIP rows are large): not kept.
  const usLocal = (state: string): UsLocalRows => readUsLocal(textOf(kinds.usLocal.text(state) as string));
  // The data handed out is a copy of its own: changing it cannot reach what is compiled later.
  const fresh = <T>(texts: TextsOfKind): T[] => texts.keys().map((key) => ownData(JSON.parse(textOf(texts.text(key) as string)) as T));
  let data: RuleData | undefined;
  return {
    get shared() {
      return (shared ??= tables.shared());
    },
    get regimeIds() {
      return kinds.regimes.keys();
    },
    regime: parsed<RegimeRules>(kinds.regimes),
    get countryCodes() {
      return kinds.countries.keys();
    },
    country: parsed<CountryRules>(kinds.countries),
    get territoryCodes() {
      return kinds.territories.keys();
    },
    territories: parsed<TerritoryRules>(kinds.territories),
    get usLocalStates() {
      return kinds.usLocal.keys();
    },
    usLocal,
    get jurisdictions() {
      return owners.all;
    },
    ownerOf: (id) => owners.ownerOf(id),
    get schemeRegimes() {
      return [...pack.jurisdictions.matchAll(/(?:^|;)@([^|;]+)\|/g)].map((m) => m[1] as string);
    },
    aliases: Object.entries(pack.aliases),
    changeDays: pack.changeDays,
    reportAs: pack.reportAs ?? null,
    checked: Object.hasOwn(pack, 'checked') ? (pack.checked ?? null) : null,
    digest: Object.hasOwn(pack, 'digest') ? (pack.digest ?? null) : null,
    registrationPlaces: Object.hasOwn(pack, 'registrationPlaces') && typeof pack.registrationPlaces === 'string' ? pack.registrationPlaces : null,
    taxCodeFile: tables.file,
    taxCodeDigest: typeof pack.taxCodeDigest === 'string' ? pack.taxCodeDigest : null,
    data: (taxCodes) =>
      (data ??= {
        ...sharedData(tables.shared(), taxCodes()),
        regimes: fresh<RegimeRules>(kinds.regimes),
        countries: fresh<CountryRules>(kinds.countries),
        territories: fresh<TerritoryRules>(kinds.territories),
        ...((compressed ? compressed.usLocal : pack.usLocal) ? { usLocal: kinds.usLocal.keys().map((key) => decodeUsLocal(textOf(kinds.usLocal.text(key) as string))) } : {}),
      }),
  };
}

/** The shared tables of rule data, with its tax-code file in the records' place. */
function sharedData(shared: SharedRules, taxCodes: RuleData['taxCodes']): Pick<RuleData, 'world' | 'currencies' | 'taxCodes' | 'usZipStates'> {
  return { world: shared.world, currencies: shared.currencies, taxCodes, ...(shared.usZipStates ? { usZipStates: shared.usZipStates } : {}) };
}

/**
 * Packs rule data with the given change days (see `packRuleData` in pack.ts, which works
 * them out).
 */
/** The jurisdiction id of a local file's state (0 when its country has no such state: the rules build reports it). */
function localStateId(data: RuleData, l: NonNullable<RuleData['usLocal']>[number]): number {
  const country = data.countries.find((c) => c.country === (l.country ?? 'US'));
  return country?.jurisdictions.find((j) => j.region === l.state)?.id ?? 0;
}

export function packWithChangeDays(data: RuleData, changeDays: readonly number[] | null): PackedRuleData {
  const texts = <T>(list: readonly T[], key: (t: T) => string): Record<string, string> => Object.fromEntries(list.map((t) => [key(t), JSON.stringify(t)]));
  return {
    format: 'taxrules-pack-3',
    shared: JSON.stringify({ world: data.world, currencies: data.currencies, taxCodes: taxCodeRecords(data.taxCodes), ...(data.usZipStates ? { usZipStates: data.usZipStates } : {}) }),
    taxCodeTexts: JSON.stringify(data.taxCodes),
    regimes: texts(data.regimes, (r) => r.regime),
    countries: texts(data.countries, (c) => c.country),
    territories: texts(data.territories, (t) => t.country),
    ...(data.usLocal ? { usLocal: Object.fromEntries(data.usLocal.map((l) => [localKey(l.country, l.state), encodeUsLocal(l, localStateId(data, l))])) } : {}),
    jurisdictions: packOwners(ownersOf(data)),
    aliases: Object.fromEntries(aliasesOf(data)),
    changeDays: changeDays ? [...changeDays] : null,
    reportAs: Object.fromEntries(data.countries.filter((c) => c.report_as !== undefined).map((c) => [c.country, c.report_as as string])),
  };
}

/**
 * Indexes rule data for lookups. The data is assumed to have passed the rules build.
 * Takes the data as the rules build writes it, or packed (see `packRuleData`); either way
 * each country is compiled on first use.
 */
export function createRuleSet(input: RuleData | PackedRuleData): RuleSet {
  // Plain data is packed first: the rule set keeps a copy of its own, so changing the
  // objects afterwards cannot change answers, and compiles each country on first use.
  // While Object.prototype is polluted, the data is read as a copy of its own fields (a packed
  // one at its top level: its texts are parsed, and copied, one by one).
  const src = packedSource(isPacked(input) ? ownData(input, 1) : packWithChangeDays(ownData(input), null));
  // Nothing is parsed until a lookup needs it: making the default rule set costs an import nothing.
  let tables: { world: Map<string, WorldEntry>; currencies: Map<string, number>; nonTenderCurrencies: Map<string, string>; taxCodes: Map<TaxCodeId, TaxCodeEntry> } | undefined;
  const shared = () => {
    if (tables === undefined) {
      const data = src.shared;
      tables = {
        world: new Map(data.world.countries.map((c) => [c.code, { ...c }])),
        currencies: new Map(data.currencies.currencies.filter((c) => c.tender !== false).map((c) => [c.code, c.minor_units])),
        nonTenderCurrencies: new Map(data.currencies.currencies.filter((c) => c.tender === false).map((c) => [c.code, c.name])),
        taxCodes: codeTable(data.taxCodes),
      };
    }
    return tables;
  };
  const ownerOf = (id: number): string | undefined => src.ownerOf(id);

  const regimes: LazyMap<string, CompiledRegime> = new LazyMap(() => src.regimeIds, (id) => compileRegime(src.regime(id)));
  const countries: LazyMap<string, CompiledCountry> = new LazyMap(() => src.countryCodes, (code) => compileCountry(src.country(code)));
  const jurisdictions: LazyMap<number, CompiledJurisdiction> = new LazyMap(
    () => Array.from(src.jurisdictions.ids),
    (id: number): CompiledJurisdiction | undefined => {
      // A jurisdiction is made with its owner, which puts it into this map.
      const owner = ownerOf(id) as string;
      if (owner.startsWith('@')) regimes.get(owner.slice(1));
      else if (owner.startsWith('us:')) usLocal.get(owner.slice(3));
      else countries.get(owner);
      return jurisdictions.peek(id);
    },
    (id: number) => typeof id === 'number' && ownerOf(id) !== undefined,
  );

  function compileRegime(r: RegimeRules): CompiledRegime {
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
        untaxedNotes: null,
      };
      jurisdictions.put(j.id, j);
      return {
        jurisdiction: j,
        covers: s.covers.map((c) => ({
          seller: c.seller,
          supply: c.supply,
          importScheme: c.import_scheme ?? false,
          consignmentLimit: c.consignment_limit ? { amount: c.consignment_limit.amount, currency: c.consignment_limit.currency } : null,
          from: dayNumber(c.from),
          until: c.until ? dayNumber(c.until) : FAR_FUTURE,
        })),
      };
    });
    return {
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
      delivery: compileDelivery(r.delivery),
    };
  }

  function compileCountry(c: CountryRules): CompiledCountry {
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
      all: [],
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
        untaxedNotes: j.taxes.length === 0 && j.notes && j.notes.length > 0 ? Object.freeze([...j.notes]) : null,
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
          delivery: compileDelivery(t.delivery),
        })),
      };
      jurisdictions.put(cj.id, cj);
      return cj;
    });
    const root = (c.report_as ? compiled[0] : compiled.find((j) => j.region === '')) as CompiledJurisdiction;
    country.root = root;
    country.all = Object.freeze(compiled);
    for (const j of compiled) {
      if (j === root) continue;
      j.parent = root;
      country.byRegion.set(j.region, j);
    }
    return country;
  }

  const territories: LazyMap<string, readonly CompiledTerritory[]> = new LazyMap(() => src.territoryCodes, (code) => {
    const file = src.territories(code);
    return file.territories.map((t) => ({
      id: t.id,
      name: t.name,
      all: t.match.all ?? false,
      postalCodes: (t.match.postal_codes ?? []).map((p) => new RegExp(p)),
      cities: (t.match.cities ?? []).map((p) => new RegExp(p)),
      // A territory's own rates, or the shared table of its file that it names.
      rates: compileRates(territoryRates(file, t)),
      treatment: t.treatment.map((tr) => ({
        from: dayNumber(tr.from),
        kind: tr.kind,
        country: tr.country ?? null,
        region: tr.region ?? null,
        jurisdiction: tr.jurisdiction ?? null,
        goodsRegime: tr.goods_regime ?? null,
        note: tr.note ?? null,
      })),
    }));
  });

  // A state's local file is compiled with (after) the US rules, whose state jurisdiction it hangs from.
  const usLocal: LazyMap<string, CompiledUsLocal> = new LazyMap(() => src.usLocalStates, (key) => {
    const dash = key.indexOf('-');
    const stateJ = countries.get(dash < 0 ? 'US' : key.slice(0, dash))?.byRegion.get(key.slice(dash + 1));
    return stateJ ? compileUsLocal(src.usLocal(key), stateJ, (j) => jurisdictions.put(j.id, j)) : undefined;
  });

  let zips: { starts: Int32Array; ends: Int32Array; states: readonly string[] } | undefined;
  const zipTable = () => {
    if (zips === undefined) {
      const ranges = src.shared.usZipStates?.ranges ?? [];
      zips = { starts: new Int32Array(ranges.map((r) => r[0])), ends: new Int32Array(ranges.map((r) => r[1])), states: ranges.map((r) => r[2]) };
    }
    return zips;
  };

  let reportAs: Readonly<Record<string, string>> | null = src.reportAs;
  const reportedBy = new Map<string, readonly CompiledJurisdiction[]>();
  let schemeJurisdictions: readonly CompiledJurisdiction[] | undefined;
  let limits: Money[] | undefined;
  let changeDays = src.changeDays;
  const aliases = new Map(src.aliases);
  // By the code as typed; only codes of the world list are remembered (a bounded set).
  const matters = new Map<string, boolean>();
  // By the code as typed, two letters in any case: at most 2 704 entries.
  const codes = new Map<string, string | null>();
  let info: RulesInfo | undefined;
  let places: PlaceLookup | undefined;
  const rules: RuleSet = {
    get data() {
      return src.data(() => taxCodeFile(rules));
    },
    get info() {
      if (info === undefined) {
        const days = Object.freeze({ ...(src.checked ?? checkedDays(rules.data)) });
        info = Object.freeze({ version: versionOf(days), digest: src.digest ?? digestOf(canonicalTexts(rules.data)), jurisdictions: days });
      }
      return info;
    },
    get consignmentLimits() {
      if (limits === undefined) {
        const found = new Map<string, Money>();
        for (const id of src.regimeIds) {
          for (const s of src.regime(id).schemes ?? []) {
            for (const c of s.covers) if (c.consignment_limit) found.set(`${c.consignment_limit.currency} ${c.consignment_limit.amount}`, { ...c.consignment_limit });
          }
        }
        limits = [...found.values()];
      }
      return limits;
    },
    get world() {
      return shared().world;
    },
    get currencies() {
      return shared().currencies;
    },
    get nonTenderCurrencies() {
      return shared().nonTenderCurrencies;
    },
    get taxCodes() {
      return shared().taxCodes;
    },
    regimes,
    countries,
    aliases,
    countryOf(typed: string): string | null {
      let code = codes.get(typed);
      if (code === undefined) {
        const upper = typed.trim().toUpperCase();
        const c = aliases.get(upper) ?? upper;
        code = shared().world.has(c) ? c : null;
        if (/^[A-Za-z]{2}$/.test(typed)) codes.set(typed, code);
      }
      return code;
    },
    detailsMatter(typed: string): boolean {
      let m = matters.get(typed);
      if (m === undefined) {
        const upper = typed.trim().toUpperCase();
        const code = aliases.get(upper) ?? upper;
        m = territories.has(code) || (countries.get(code)?.byRegion.size ?? 0) > 0;
        if (shared().world.has(code) || aliases.has(upper)) matters.set(typed, m);
      }
      return m;
    },
    jurisdictions,
    territories,
    usLocal,
    get zipStarts() {
      return zipTable().starts;
    },
    get zipEnds() {
      return zipTable().ends;
    },
    get zipStates() {
      return zipTable().states;
    },
    get changeDays() {
      return (changeDays ??= computeRuleChangeDays(rules));
    },
    countryJurisdictions(code: string): readonly CompiledJurisdiction[] {
      let found = reportedBy.get(code);
      if (found === undefined) {
        reportAs ??= Object.fromEntries(src.countryCodes.flatMap((c) => { const r = src.country(c).report_as; return r === undefined ? [] : [[c, r]]; }));
        // Own fields only: the table is a plain object, and Object.prototype may be polluted.
        const files = src.countryCodes.filter((c) => (reportAs !== null && Object.hasOwn(reportAs, c) ? reportAs[c] : c) === code);
        found = Object.freeze(files.flatMap((c) => countries.get(c)?.all ?? []));
        if (files.length > 0 || shared().world.has(code)) reportedBy.set(code, found);
      }
      return found;
    },
    get schemeJurisdictions() {
      // The schemes' regimes only are compiled; their schemes are listed in their files' order.
      return (schemeJurisdictions ??= Object.freeze(src.schemeRegimes.flatMap((id) => regimes.get(id)?.schemes.map((sc) => sc.jurisdiction) ?? [])));
    },
    registrationPlaces: (code) => (places ??= placeLookup(src.registrationPlaces, rules)).of(code),
    get schemePlaces() {
      return (places ??= placeLookup(src.registrationPlaces, rules)).schemes;
    },
  };
  keepTaxCodeSource(rules, src.taxCodeFile, src.taxCodeDigest);
  return rules;
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

/** The tax codes by id, each with its chain (code-chain.ts): the order a category's treatment is looked for in a table. */
function codeTable(codes: readonly TaxCodeRecord[]): Map<TaxCodeId, TaxCodeEntry> {
  const chains = codeChains(codes);
  // Every entry of one shape, its fields named (a spread of records of several shapes took
  // about 1 ms for 233 codes on first use, before V8 optimised it).
  return new Map(
    codes.map((c) => [c.id, { id: c.id, name: c.name, supply: c.supply, kind: c.kind, parent: c.parent, chain: chains.get(c.id) ?? [c.id], place_of_supply: c.place_of_supply }]),
  );
}
