/**
 * The tax-code file (rules/tax-codes.json) in two parts. A quote reads of a code only what
 * decides and names it: its kind, supply, parent, place of supply and name (`TaxCodeRecord`,
 * in a pack's shared tables). Its description, the SST term, the Annex III point, the
 * jurisdictions and law of a finer code are read only by what lists the codes
 * (`listTaxCodes`, `getTaxCode`, `GET /tax_codes`, the CLI) and by `RuleSet.data`: with 233
 * codes they are four fifths of the file (29 of 34 kB gzipped). A pack made from rule data
 * carries the file whole beside the records; the package's own packs leave it out, and the
 * file is a generated module of its own (generated/tax-code-texts.ts) that only those readers
 * import, so a bundler leaves it out of a program that only quotes.
 */
import type { TaxCodeRules } from './rule-data.js';
import type { RuleSet, TaxCodeEntry } from './compiled.js';
import type { TaxCodeId } from './types.js';
import { TaxRulesError } from './errors.js';
import { ownData } from './own.js';

/** What a pack's shared tables hold of a tax code: what a quote reads (see TaxCodeEntry). */
export type TaxCodeRecord = Omit<TaxCodeEntry, 'chain'>;

/**
 * The tax-code file of the package's packs, as its generated module holds it: compressed as
 * the rule texts are (see compressed-pack.ts), a fourth of the JSON's 130 kB to compile and
 * keep in a process that never lists the codes, decompressed when it is read.
 */
export interface PackagedTaxCodes {
  /** The digest (`digestOf`) of the file's JSON, which a pack packed without the file names. */
  readonly digest: string;
  /** The file's JSON, decompressed at each call. */
  text(): string;
}

/** The records of a tax-code file, in its order: the fields a quote reads, nothing else. */
export function taxCodeRecords(file: TaxCodeRules): TaxCodeRecord[] {
  return file.tax_codes.map((c) => ({
    id: c.id as TaxCodeId,
    name: c.name,
    supply: c.supply,
    kind: c.kind,
    ...(c.parent !== undefined ? { parent: c.parent as TaxCodeId } : {}),
    ...(c.place_of_supply !== undefined ? { place_of_supply: c.place_of_supply } : {}),
  }));
}

/** Where a rule set finds its tax-code file. */
interface FileSource {
  /** The pack's own file, parsed afresh at each call; null when the pack was made without it. */
  readonly own: (() => TaxCodeRules) | null;
  /** For a pack without the file: the digest of the file it was packed with. */
  readonly digest: string | null;
  /** The package's file, once given (`withPackagedTaxCodes`) or first read with it. */
  packaged?: PackagedTaxCodes;
  /** The descriptions by code, read once for listing. */
  descriptions?: ReadonlyMap<string, string>;
}

/** The tax-code file of each rule set made by `createRuleSet`. */
const sources = new WeakMap<object, FileSource>();

/** Records where a rule set made from a pack finds its tax-code file. */
export function keepTaxCodeSource(rules: RuleSet, own: (() => TaxCodeRules) | null, digest: string | null): void {
  sources.set(rules, { own, digest });
}

function accept(source: FileSource, packaged: PackagedTaxCodes): void {
  if (packaged.digest !== source.digest) {
    throw new TaxRulesError('invalid_value', 422, [
      { path: ['taxCodeDigest'], code: 'invalid_value', message: `the rule set was packed with tax codes of digest ${source.digest}, and this taxrules holds ${packaged.digest}: pack the rule data again with this version's packRuleData` },
    ]);
  }
  source.packaged = packaged;
}

/**
 * Gives a rule set packed without its tax-code file (the package's own) the package's file;
 * returns the rule set. The public `defaultRuleSet` is the package's rule set given its file:
 * a program that names it reads `data` whole, and a program that only quotes, which never
 * reads the file, leaves this call and the file out of its bundle.
 */
export function withPackagedTaxCodes<R extends RuleSet>(rules: R, packaged: PackagedTaxCodes): R {
  const source = sources.get(rules);
  if (source !== undefined && source.own === null) accept(source, packaged);
  return rules;
}

function parsedFile(source: FileSource, packaged: PackagedTaxCodes | undefined): TaxCodeRules {
  if (source.own !== null) return source.own();
  if (source.packaged === undefined && packaged !== undefined) accept(source, packaged);
  if (source.packaged === undefined) {
    throw new TaxRulesError('unprocessable', 422, [
      { path: ['taxCodes'], code: 'unprocessable', message: "this rule set's tax-code texts are taxrules's own module, which this program does not load: import defaultRuleSet from taxrules to read them" },
    ]);
  }
  return ownData(JSON.parse(source.packaged.text()) as TaxCodeRules);
}

/**
 * A rule set's tax-code file, as rules/tax-codes.json holds it (a copy of its own at each
 * call). `packaged`: the package's file, for a rule set packed without one.
 */
export function taxCodeFile(rules: RuleSet, packaged?: PackagedTaxCodes): TaxCodeRules {
  const source = sources.get(rules);
  // A rule set not made by createRuleSet: its data is all there is.
  return source === undefined ? rules.data.taxCodes : parsedFile(source, packaged);
}

/** The description of each of a rule set's tax codes, by code (read once per rule set). */
export function taxCodeDescriptions(rules: RuleSet, packaged?: PackagedTaxCodes): ReadonlyMap<string, string> {
  const source = sources.get(rules);
  const read = (): ReadonlyMap<string, string> => {
    const out = new Map(taxCodeFile(rules, packaged).tax_codes.map((c) => [c.id as string, c.description]));
    const missing = [...rules.taxCodes.keys()].filter((id) => !out.has(id));
    if (missing.length > 0) throw new TaxRulesError('invalid_value', 422, [{ path: ['taxCodeTexts'], code: 'invalid_value', message: `the tax-code file of the rule set lacks ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}: pack the rule data again with packRuleData` }]);
    return out;
  };
  if (source === undefined) return read();
  return (source.descriptions ??= read());
}
