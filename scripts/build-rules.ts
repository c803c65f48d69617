/**
 * The rules build: validates every file under rules/ against its JSON Schema, checks the
 * rules no schema can express (sorted periods without overlap or gap, sources, known ids,
 * anchored postal-code patterns, classes that cover every date they are used on), that
 * every file is in the canonical layout (scripts/rule-format.ts; `npm run rules:format`), and
 * writes the packed rule data the engine loads (src/generated/ruledata.ts), the EU entry's
 * pack (ruledata-eu.ts, checked the same way) and its tax-ID module list (taxid-eu.ts).
 *
 * Usage: tsx scripts/build-rules.ts [--check] [--rules DIR] [--out FILE]
 *   --check  validate only, write nothing
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { deflateRawSync } from "node:zlib";
import { decompressText } from "../src/core/compressed-pack.js";
import { dirname, join } from "node:path";
import { checkRuleData, type RuleProblem } from '../src/core/rule-checks.js';
import { loadRuleFiles } from './rule-files.js';
import { layoutProblems } from './rule-format.js';
import type { PackedRuleData } from '../src/core/ruleset.js';
import { packRuleData } from '../src/core/pack.js';
import type { RuleData } from '../src/core/rule-data.js';
import { selectRuleData } from '../src/core/rule-subset.js';
import { digestOf } from '../src/core/rules-info.js';
import { decodeUsLocal } from '../src/core/us-local-pack.js';
import { localKey } from '../src/core/us-local.js';
import { isDeepStrictEqual } from 'node:util';
import { taxIdModuleFiles } from './taxid-modules.js';
import { loadUsNexus, writeUsNexusModule } from './us-nexus-file.js';
import { loadCallingCodes, writeCallingCodesModule } from './calling-codes-file.js';
import { loadThresholds, writeThresholdsModule } from './thresholds-file.js';

/**
 * A JSON text in ASCII: each character above U+007F written as a JSON escape (the six
 * characters \u00e9, which JSON.parse reads as the character). V8 holds the text as one-byte,
 * and a decoder turns its bytes into the string natively (TextDecoder).
 */
function oneByte(json: string): string {
  return json.replace(/[^\u0000-\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A JS string literal of a text of characters up to U+00FF, in ASCII (others as \xNN escapes). */
function literal(text: string): string {
  return `'${text.replace(/[\\']/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}'`;
}

/**
 * The dictionary the texts of a pack are compressed against: the openings of a few files of
 * each kind (the keys, sources and notes that recur), at most the 32 KiB DEFLATE can reach.
 */
function dictionaryOf(pack: PackedRuleData): Buffer {
  const sample = (texts: Readonly<Record<string, string>> | undefined): string => {
    const values = Object.values(texts ?? {});
    const step = Math.max(1, Math.ceil(values.length / 4));
    return values.filter((_, i) => i % step === 0).map((t) => t.slice(0, 4000)).join('');
  };
  // ASCII only (JSON texts are, once escaped): the decoder reads it with TextEncoder.
  return Buffer.from(oneByte(sample(pack.usLocal) + sample(pack.regimes) + sample(pack.countries)), 'latin1').subarray(-32768);
}

/**
 * One text compressed as the package carries it ("length:base64"), checked to read back on
 * both decoders (Node's zlib and the portable one). The texts are JSON, written in ASCII.
 */
function compressed(json: string, dictionary: Buffer | undefined): string {
  const text = oneByte(json);
  const bytes = Buffer.from(text, 'latin1');
  const z = deflateRawSync(bytes, { level: 9, ...(dictionary ? { dictionary } : {}) });
  const out = `${bytes.length}:${z.toString('base64')}`;
  if (decompressText(out, dictionary) !== text || decompressText(out, dictionary, true) !== text) throw new Error('a compressed rule text does not read back');
  return out;
}

/**
 * The texts of one kind of file: their keys in one list and the texts in a part for each first
 * character of the keys, each part a "key=text,key=text" literal returned by a function of its
 * own (see TextFunctions in src/core/compressed-pack.ts), which becomes a string only when a
 * text of the part is first read.
 */
function texts(record: Readonly<Record<string, string>>, dictionary: Buffer): string {
  for (const k of Object.keys(record)) if (!/^[A-Za-z0-9_-]+$/.test(k)) throw new Error(`rule file key ${JSON.stringify(k)} cannot be listed in a packed text`);
  const parts = new Map<string, string[]>();
  for (const [k, v] of Object.entries(record)) {
    const part = parts.get(k.charAt(0)) ?? [];
    part.push(`${k}=${compressed(v, dictionary)}`);
    parts.set(k.charAt(0), part);
  }
  const lines = [...parts].map(([head, part]) => `      ${JSON.stringify(head)}: () => ${literal(part.join(','))},`);
  return `{\n    keys: ${literal(Object.keys(record).join(','))},\n    parts: {\n${lines.join('\n')}\n    },\n  }`;
}

/**
 * The source of a pack's compressed data. The tax-code file is left out (`taxCodeTexts: null`)
 * and named by its digest: it is the module of `writeTaxCodeTexts`, which only what lists the
 * codes imports.
 */
function packSource(pack: PackedRuleData): string {
  const dictionary = dictionaryOf(pack);
  return [
    '{',
    `  format: ${JSON.stringify(pack.format)},`,
    `  dictionary: ${literal(dictionary.toString('latin1'))},`,
    `  shared: ${literal(oneByte(pack.shared))},`,
    '  taxCodeTexts: null,',
    `  taxCodeDigest: ${JSON.stringify(taxCodeDigest(pack))},`,
    `  regimes: ${texts(pack.regimes, dictionary)},`,
    `  countries: ${texts(pack.countries, dictionary)},`,
    `  territories: ${texts(pack.territories, dictionary)},`,
    ...(pack.usLocal ? [`  usLocal: ${texts(pack.usLocal, dictionary)},`] : []),
    `  jurisdictions: ${literal(pack.jurisdictions)},`,
    `  aliases: ${JSON.stringify(pack.aliases)},`,
    `  changeDays: ${JSON.stringify(pack.changeDays)},`,
    ...(pack.reportAs ? [`  reportAs: ${JSON.stringify(pack.reportAs)},`] : []),
    ...(pack.checked ? [`  checked: ${JSON.stringify(pack.checked)},`] : []),
    ...(pack.digest ? [`  digest: ${JSON.stringify(pack.digest)},`] : []),
    ...(pack.registrationPlaces !== undefined ? [`  registrationPlaces: ${literal(pack.registrationPlaces)},`] : []),
    '}',
  ].join('\n');
}

/** The tax-code file of a pack, as its own module holds it: JSON in ASCII. */
function taxCodeText(pack: PackedRuleData): string {
  if (typeof pack.taxCodeTexts !== 'string') throw new Error('packRuleData made a pack without its tax-code file');
  return oneByte(pack.taxCodeTexts);
}

function taxCodeDigest(pack: PackedRuleData): string {
  return digestOf([taxCodeText(pack)]);
}

/**
 * Writes the tax-code file the package's packs leave out, as a module of its own: read by
 * listing the codes and by `defaultRuleSet.data`, never by a quote, so a bundle of a quote
 * leaves it out. Every pack of the package must have been packed with this file.
 */
function writeTaxCodeTexts(file: string, packs: readonly PackedRuleData[]): void {
  const texts = new Set(packs.map(taxCodeText));
  if (texts.size !== 1) throw new Error('the packs of the package hold different tax-code files');
  const [text] = texts as Set<string>;
  write(
    file,
    [
      '// Generated by scripts/build-rules.ts from rules/tax-codes.json. Do not edit: change the JSON file and rebuild.',
      "import type { PackagedTaxCodes } from '../core/tax-code-file.js';",
      "import { decompressText } from '../core/compressed-pack.js';",
      '',
      '/** The tax-code file of the package\'s rule packs (which carry only what a quote reads of each code), compressed, and its digest: see tax-code-file.ts. */',
      `export const packagedTaxCodes: PackagedTaxCodes = { digest: ${JSON.stringify(digestOf([text as string]))}, text: () => decompressText(${literal(compressed(text as string, undefined))}) };`,
      '',
    ].join('\n'),
  );
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const rulesDir = arg('--rules') ?? 'rules';
const out = arg('--out') ?? 'src/generated/ruledata.ts';
const checkOnly = process.argv.includes('--check');

const { data, problems: schemaProblems, fileCount } = loadRuleFiles(rulesDir);
const problems: RuleProblem[] = [...schemaProblems];
if (schemaProblems.length === 0) problems.push(...checkRuleData(data));
// One layout for every file keeps each change a diff of the lines it changes.
const layout = layoutProblems(rulesDir);
problems.push(...layout);
// US economic nexus (rules/us/nexus.json): its schema and checks; it ships in a module of its own.
const nexus = loadUsNexus(rulesDir, schemaProblems.length === 0 ? data : undefined);
problems.push(...nexus.problems);
// Country calling codes of phone numbers (rules/evidence/calling-codes.json), for location evidence.
const callingCodes = loadCallingCodes(rulesDir, schemaProblems.length === 0 ? data : undefined);
problems.push(...callingCodes.problems);
// Registration thresholds (rules/registration-thresholds.json), for thresholdEvents.
const thresholds = loadThresholds(rulesDir, schemaProblems.length === 0 ? data : undefined);
problems.push(...thresholds.problems);

if (problems.length > 0) {
  for (const p of problems) console.error(`${p.file}${p.path ? ` ${p.path}` : ''}: ${p.message}`);
  console.error(`rules build failed: ${problems.length} problem(s) in ${fileCount} file(s)`);
  if (layout.length > 0) console.error(`${layout.length} file(s) not in the canonical layout: run \`npm run rules:format\`, then build again`);
  process.exit(1);
}

/** Writes a file only when its content changes (keeps watchers and caches quiet). */
function write(file: string, body: string): void {
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  mkdirSync(dirname(file), { recursive: true });
  if (previous !== body) writeFileSync(file, body);
}

/** Writes one packed rule data module; returns the pack. */
function writePack(file: string, packData: RuleData, what: string): PackedRuleData {
  const pack = packRuleData(packData);
  // The packed local files must read back as the files are.
  for (const l of packData.usLocal ?? []) {
    if (!isDeepStrictEqual(decodeUsLocal(pack.usLocal?.[localKey(l.country, l.state)] as string), l)) throw new Error(`rules/us/local/${l.state}.json does not read back from its packed text`);
  }
  write(
    file,
    [
      '// Generated by scripts/build-rules.ts from rules/. Do not edit: change the JSON files and rebuild.',
      "import type { PackedRuleData } from '../core/ruleset.js';",
      "import { compressedPack } from '../core/compressed-pack.js';",
      '',
      `/** ${what}, packed and compressed: each file is decompressed and parsed on first use. */`,
      `export const defaultRulePack: PackedRuleData = /* @__PURE__ */ compressedPack(${packSource(pack)});`,
      '',
    ].join('\n'),
  );
  return pack;
}

/**
 * Writes the tax-ID module list of the EU entry: the modules of the countries in its pack,
 * plus the OSS (EU) and Northern Ireland (XI) numbers.
 */
function writeTaxIdList(file: string, countries: readonly string[]): void {
  const wanted = new Set([...countries, 'EU', 'XI']);
  const imports: string[] = [];
  const names: string[] = [];
  for (const { file, modules } of taxIdModuleFiles()) {
    const kept = modules.filter((c) => wanted.has(c));
    if (kept.length === 0) continue;
    imports.push(`import { ${kept.join(', ')} } from '../taxid/countries/${file.replace(/\.ts$/, '.js')}';`);
    names.push(...kept);
  }
  write(
    file,
    [
      '// Generated by scripts/build-rules.ts. Do not edit.',
      "import type { TaxIdModule } from '../taxid/types.js';",
      ...imports,
      '',
      '/** The tax-ID modules of the EU entry: the countries of its rule pack, OSS and XI numbers. */',
      `export const taxIdModules: readonly TaxIdModule[] = [${names.join(', ')}];`,
      '',
    ].join('\n'),
  );
}

/**
 * Writes the ISO country codes of rules/world.json as a module of their own: the default
 * tax-ID validator tells a country without offline rules from an unknown prefix by them,
 * without the rule data.
 */
function writeCountryCodes(file: string, codes: readonly string[]): void {
  const odd = codes.filter((c) => !/^[A-Z]{2}$/.test(c));
  if (odd.length > 0) throw new Error(`rules/world.json: country codes not of two capital letters: ${odd.join(', ')}`);
  write(
    file,
    [
      '// Generated by scripts/build-rules.ts from rules/world.json. Do not edit: change the JSON file and rebuild.',
      '',
      '/** The country codes of rules/world.json (the keys of a rule set\'s `world`), in its order, two letters each. */',
      `const CODES = ${JSON.stringify(codes.join(''))};`,
      '',
      '/** The country codes of rules/world.json, as an array. */',
      'export const worldCountryCodes: readonly string[] = /* @__PURE__ */ Array.from({ length: CODES.length / 2 }, (_, i) => CODES.slice(2 * i, 2 * i + 2));',
      '',
    ].join('\n'),
  );
}

if (!checkOnly) {
  const pack = writePack(out, data, 'The default rule data (every file under rules/)');
  const size = JSON.stringify(pack).length;
  console.log(`rules build: ${fileCount} files valid; ${data.countries.length} countries with rules, ${data.regimes.length} regimes, ${data.territories.reduce((n, t) => n + t.territories.length, 0)} territories → ${out} (${(size / 1024).toFixed(0)} KiB)`);
  // The EU entry's pack must stand on its own: the same checks as the whole data.
  // Every country ever a member, their special territories and what those are taxed as (see rule-subset.ts).
  const eu = selectRuleData(data, { regimes: ['EU'] });
  const euProblems = checkRuleData(eu);
  if (euProblems.length > 0) {
    for (const p of euProblems) console.error(`EU pack: ${p.file}${p.path ? ` ${p.path}` : ''}: ${p.message}`);
    process.exit(1);
  }
  const euOut = join(dirname(out), 'ruledata-eu.ts');
  const euPack = writePack(euOut, eu, 'The rule data of the EU entry (EU members, past and present, every special territory and the countries they are taxed as)');
  const euSize = JSON.stringify(euPack).length;
  writeTaxCodeTexts(join(dirname(out), 'tax-code-texts.ts'), [pack, euPack]);
  writeTaxIdList(join(dirname(out), 'taxid-eu.ts'), eu.countries.map((c) => c.country));
  writeCountryCodes(join(dirname(out), 'country-codes.ts'), data.world.countries.map((c) => c.code));
  if (nexus.rules) writeUsNexusModule(join(dirname(out), 'us-nexus.ts'), nexus.rules);
  if (callingCodes.codes) writeCallingCodesModule(join(dirname(out), 'calling-codes.ts'), callingCodes.codes);
  if (thresholds.thresholds) writeThresholdsModule(join(dirname(out), 'registration-thresholds.ts'), thresholds.thresholds);
  console.log(`EU pack: ${eu.countries.length} countries (${eu.countries.map((c) => c.country).join(' ')}) → ${euOut} (${(euSize / 1024).toFixed(0)} KiB)`);
} else {
  console.log(`rules check: ${fileCount} files valid`);
}
