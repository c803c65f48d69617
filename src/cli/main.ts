import { version } from '../../package.json';
import {
  calculate,
  calculateTaxRate,
  defaultRuleSet,
  explainTaxRate,
  getJurisdiction,
  getTaxCode,
  listJurisdictions,
  listTaxCodes,
  TaxRulesError,
  validateTaxId,
  defineAccount,
  ratesAt,
  rateTable,
  rateTableCsv,
  type Account,
  type RuleSet,
} from '../index.js';
import { TAX_RATE_PARAMETERS, TAX_RATE_PARAMETER_KINDS, type TaxRateParameter } from '../adapters/v20241028.js';
import { parseArgs, UsageError, type FlagSpec } from './args.js';
import { formatPlaceRates, knownCountry, knownRegion, placeOf } from './places.js';
import { countrySuggestions, didYouMean, meant } from './suggest.js';
import { snakeCased } from './snake-case.js';
import { demoAccount } from './demo-account.js';
import { resolve } from 'node:path';
import { directoryArg, readFixtureQueries, readRuleDirectory, ruleDirectoryAtRef, RuleDirectoryError } from './rules-dir.js';
import { RULES, RULES_HELP_TEXT, rulesFlag } from './rules-flag.js';
import { RULES_COMMAND } from './rules-command.js';
import { diffCorpus, diffRules, formatRuleDiff, type DiffQueryCase } from '../testing/diff.js';
import { formatRateChanges, rateChanges } from '../testing/changes.js';
import { existsSync } from 'node:fs';
import { describedLines, json, type CliIO, type Command, type Flags } from './command.js';
export type { CliIO } from './command.js';
import { InputError, InputTooLarge, MAX_INPUT_BYTES, oneLine, parseJson, readJsonFile, readProblem } from './input.js';

/** A flag of quote for a parameter of `GET /tax_rates/calculate`: `--to-country` sets `to_country`. */
interface QueryFlag extends FlagSpec {
  readonly value: string;
  readonly parameter: TaxRateParameter;
}

/** The flags of quote, one per parameter of the v20241028 table, in its order. */
export const QUERY_FLAGS: readonly QueryFlag[] = TAX_RATE_PARAMETERS.map((p) => ({ name: p.name.replace(/_/g, '-'), value: TAX_RATE_PARAMETER_KINDS[p.kind].placeholder, parameter: p }));

/** A query flag's lines of the usage: the flag, its value, and the parameter's description (with the values allowed). */
function queryFlagLines(f: QueryFlag): string[] {
  const kind = TAX_RATE_PARAMETER_KINDS[f.parameter.kind];
  const values = kind.values && !f.value.includes('|') ? ` One of: ${kind.values.join(', ')}.` : '';
  return describedLines(`  --${f.name} ${f.value}`, `${f.parameter.required ? 'Required. ' : ''}${f.parameter.description}${values}`);
}
const ACCOUNT: FlagSpec = { name: 'account', value: 'FILE' };
const MAX_RULES_AGE: FlagSpec = { name: 'max-rules-age', value: 'DAYS' };
const MAX_RULES_AGE_HELP: readonly string[] = describedLines('  --max-rules-age DAYS', "Refuses (422) a tax date more than DAYS days after the day the jurisdiction's rules were last checked.");

/** The age limit of --max-rules-age (a whole number of days), or none. */
function maxRulesAgeFlag(flags: Flags): { maxRulesAge?: number } {
  const v = flags.get('max-rules-age');
  if (v === undefined) return {};
  if (typeof v !== 'string' || !/^\d{1,6}$/.test(v)) throw new UsageError(`--max-rules-age takes a whole number of days, got ${typeof v === 'string' ? v : 'nothing'}`);
  return { maxRulesAge: Number(v) };
}

/** The help of --account (quote, calculate): both forms of the seller's file, the defineAccount one first. */
const ACCOUNT_HELP: readonly string[] = [
  ...describedLines('  --account FILE', 'The seller as JSON, in either form the library takes. By place, as defineAccount reads it:'),
  '                                { "country": "IE", "currency": "EUR", "registrations": [',
  '                                  { "country": "IE" }, { "scheme": "oss" },',
  '                                  { "country": "CA" }, { "country": "CA", "region": "BC" },',
  '                                  { "country": "US", "region": "TX" }] }',
  ...describedLines('', 'or by jurisdiction id:'),
  '                                { "country": "IE", "currency": "EUR",',
  '                                  "registrations": [{ "jurisdiction_id": 372 }] }',
  ...describedLines('', 'Without it: a demo seller in Ireland registered everywhere.'),
];


/** A registration of the `Account` form: its jurisdiction's id, and no place (`country`, `region`, `scheme`) besides. */
const byJurisdictionId = (r: unknown): boolean =>
  typeof r === 'object' && r !== null && Object.hasOwn(r, 'jurisdiction_id') && !['country', 'region', 'scheme'].some((place) => Object.hasOwn(r, place));

/**
 * The account of a file, in either form the library takes, told apart by the registrations'
 * fields: every one by jurisdiction id (`{ "jurisdiction_id": 124 }`) is an `Account`, read as
 * it is; any other (`{ "country": "CA", "region": "BC" }`, `{ "scheme": "oss" }`, a mix of
 * both) is the `defineAccount` form, whose refusals name the registration and the places there
 * are (`{ "region": "BC" }` without its country included).
 */
function accountOf(value: unknown, rules: RuleSet): Account {
  const registrations = (value as { registrations?: unknown } | null)?.registrations;
  const byPlace = Array.isArray(registrations) && !registrations.every(byJurisdictionId);
  return byPlace ? defineAccount(value as Parameters<typeof defineAccount>[0], rules) : (value as Account);
}

/** The seller of `--account FILE`, or the demo seller, which stderr mentions. */
function seller(flags: Flags, io: CliIO, rules: RuleSet = defaultRuleSet): Account {
  const file = flags.get('account');
  if (typeof file === 'string') return accountOf(readJsonFile(file, 'account'), rules);
  io.err('taxrules: no --account given: using a demo seller in Ireland registered in every jurisdiction');
  return demoAccount(rules);
}

/** The request of `calculate`: from FILE, or from stdin for `-` or when stdin is a pipe or a file. */
async function calculationRequest(source: string | undefined, io: CliIO): Promise<unknown> {
  if (source !== undefined && source !== '-') return readJsonFile(source, 'request');
  if (!io.stdin || (source === undefined && io.stdin.isTTY)) {
    throw new UsageError('calculate needs a request: give a FILE, or - (or a pipe) for standard input');
  }
  let text: string;
  try {
    text = await io.stdin.read();
    // The reader caps what it reads; a text past the cap is refused whoever read it.
    if (Buffer.byteLength(text, 'utf8') > MAX_INPUT_BYTES) throw new InputTooLarge();
  } catch (e) {
    throw new InputError(`cannot read the request from standard input: ${readProblem(e)}`);
  }
  return parseJson(text, 'the request on standard input');
}

/** A flag's value, when it was given one (a switch or an absent flag: undefined). */
function flagText(flags: Flags, name: string): string | undefined {
  const v = flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

/** What `jurisdictions` prints without a filter: how many jurisdictions each country has, not the 1 MB list. */
function jurisdictionCounts(rules: RuleSet): { countries: number; jurisdictions: number; by_country: Record<string, number> } {
  const counts: Record<string, number> = {};
  const list = listJurisdictions(null, rules);
  for (const j of list) counts[j.country] = (counts[j.country] ?? 0) + 1;
  return { countries: Object.keys(counts).length, jurisdictions: list.length, by_country: counts };
}

/** A line of progress on a terminal's stderr, rewritten in place and cleared at the end. */
interface Progress {
  show(text: string): void;
  clear(): void;
}

/** Progress for `io`: on stderr when it is a terminal; null otherwise (a pipe, a file, a test), where it would be noise in a log. */
function terminalProgress(io: CliIO): Progress | null {
  const stderr = io.stderr;
  if (!stderr?.isTTY) return null;
  // Carriage return, then erase the line: each report replaces the one before.
  return { show: (text) => stderr.write(`\r\x1b[K${oneLine(text, 120)}`), clear: () => stderr.write('\r\x1b[K') };
}

const COMMANDS: readonly Command[] = [
  {
    name: 'quote',
    synopsis: '[QUERY] [flags]',
    summary: 'the tax of a sale, as GET /tax_rates/calculate (API version 20241028) answers it',
    args: { min: 0, max: 1, names: 'QUERY', hint: 'quote the query string' },
    flags: [...QUERY_FLAGS, ACCOUNT, { name: 'explain' }, MAX_RULES_AGE, RULES],
    help: [
      "QUERY is a query string such as 'to_country=DE&tax_code=ebook&amount=100'; each flag sets",
      'the parameter of its name. An unknown parameter, a blank value or one given twice (in QUERY',
      "and as a flag) is refused. The default tax code is the account's (eservice): goods say",
      '--tax-code standard --product-type good. A US address is found by its ZIP code.',
      '',
      'Flags:',
      '@query-flags',
      ...describedLines(
        '  --explain',
        "How the answer was reached, instead of it: status, reason, jurisdiction, each tax line with its rate and source, notes, amounts (explainTaxRate's result, its fields in snake_case as the answers': taxablePart is taxable_part).",
      ),
      ...ACCOUNT_HELP,
      ...MAX_RULES_AGE_HELP,
      ...describedLines('  --rules DIR', RULES_HELP_TEXT),
      '',
      'Examples:',
      '  taxrules quote --to-country US --to-postal-code 78701 --tax-code standard --product-type good --amount 100',
      "  taxrules quote 'to_country=DE&tax_code=ebook&amount=100' --account seller.json --explain",
      "  taxrules quote 'to_country=DE&tax_code=ebook&amount=100&date=2027-02-01' --rules ./my-rules",
    ],
    run([text], flags, io) {
      const query = new URLSearchParams(text ?? '');
      // Appended, not set: a parameter given both in QUERY and as a flag is refused (given twice), not overridden.
      for (const f of QUERY_FLAGS) {
        const v = flags.get(f.name);
        if (typeof v === 'string') query.append(f.parameter.name, v);
      }
      const rules = rulesFlag(flags, io.cwd ?? process.cwd());
      const account = seller(flags, io, rules);
      const options = { ...maxRulesAgeFlag(flags), rules };
      io.out(json(flags.has('explain') ? snakeCased(explainTaxRate(query, account, options)) : calculateTaxRate(query, account, options)));
      return 0;
    },
  },
  {
    name: 'calculate',
    synopsis: '[FILE|-] [--account FILE] [--rules DIR]',
    summary: 'a line-item calculation (API version 20260309) of a JSON request',
    args: { min: 0, max: 1, names: 'FILE' },
    flags: [ACCOUNT, MAX_RULES_AGE, RULES],
    help: [
      'Reads the request (JSON: customer_address, line_items, currency, …) from FILE, or from',
      'standard input with - or when standard input is not a terminal, and prints the response.',
      '',
      'Flags:',
      ...ACCOUNT_HELP,
      ...MAX_RULES_AGE_HELP,
      ...describedLines('  --rules DIR', RULES_HELP_TEXT),
      '',
      'Example:',
      '  taxrules calculate request.json --account seller.json',
    ],
    async run([source], flags, io) {
      const request = await calculationRequest(source, io);
      const rules = rulesFlag(flags, io.cwd ?? process.cwd());
      io.out(json(calculate(request, seller(flags, io, rules), { ...maxRulesAgeFlag(flags), rules })));
      return 0;
    },
  },
  {
    name: 'validate-tax-id',
    synopsis: '[COUNTRY] TAX_ID',
    summary: 'offline validation of a tax ID: the verdict as JSON',
    args: { min: 1, max: 2, names: 'COUNTRY and TAX_ID', hint: 'quote a number written with spaces' },
    flags: [],
    help: [
      "COUNTRY is the customer's country; without it (or with '') the prefix written on the number",
      'decides. The verdict is printed whatever it is (exit 0): read "valid" (true, false with a',
      'reason, or null where a real country has no offline rule).',
      '',
      'Example:',
      "  taxrules validate-tax-id DE 'DE 136 695 976'",
    ],
    run(args, _flags, io) {
      const [country, taxId] = args.length === 2 ? args : [null, args[0]];
      io.out(json(validateTaxId(country || null, taxId as string)));
      return 0;
    },
  },
  {
    name: 'jurisdictions',
    synopsis: '[--country CC] [--region R|none] [--all]',
    summary: 'the jurisdictions an account can register in (GET /jurisdictions)',
    args: { min: 0, max: 0, names: '' },
    flags: [
      { name: 'country', value: 'CC' },
      { name: 'region', value: 'R|none' },
      { name: 'all' },
      RULES,
    ],
    help: [
      'Lists the jurisdictions of a country (--country), of a region of it (--region; none: the',
      'country-level ones). Without a filter it prints the number of jurisdictions per country',
      '(the whole list, 1 MB of JSON, is mostly US local areas); --all prints every one. A country or',
      'region the rules do not know is refused, naming the one meant.',
      '',
      'Flags:',
      ...describedLines('  --country CC', 'An ISO 3166-1 alpha-2 code, any case (EL and UK as GR and GB).'),
      ...describedLines('  --region R|none', "A region's code (ISO 3166-2, without the country: BC, TX), or none for the country-level jurisdictions."),
      ...describedLines('  --all', 'Every jurisdiction, when no filter is given.'),
      ...describedLines('  --rules DIR', RULES_HELP_TEXT),
      '',
      'Examples:',
      '  taxrules jurisdictions --country CA',
      '  taxrules jurisdictions --country US --region none',
    ],
    run(_args, flags, io) {
      const text = (name: string) => flagText(flags, name);
      const typedCountry = text('country');
      const typedRegion = text('region');
      const rules = rulesFlag(flags, io.cwd ?? process.cwd());
      if (typedCountry === undefined && typedRegion === undefined && !flags.has('all')) {
        io.out(json(jurisdictionCounts(rules)));
        io.err("taxrules: jurisdictions per country; --country CC lists a country's, --all every one");
        return 0;
      }
      const country = typedCountry === undefined ? undefined : knownCountry(typedCountry, rules);
      const region = typedRegion === undefined ? undefined : knownRegion(typedRegion, country, rules);
      const list = listJurisdictions({ country, region }, rules);
      if (list.length === 0 && country !== undefined) io.err(`taxrules: the rules have no jurisdiction in ${country}`);
      io.out(json(list));
      return 0;
    },
  },
  {
    name: 'jurisdiction',
    synopsis: 'ID',
    summary: 'one jurisdiction by its numeric id (GET /jurisdictions/{id})',
    args: { min: 1, max: 1, names: 'ID' },
    flags: [RULES],
    help: ['Flags:', ...describedLines('  --rules DIR', RULES_HELP_TEXT), '', 'Example:', '  taxrules jurisdiction 276'],
    run([id], flags, io) {
      const n = /^[0-9]+$/.test(id as string) ? Number(id) : Number.NaN;
      if (!Number.isSafeInteger(n)) throw new UsageError(`the jurisdiction ID must be a whole number, not ${JSON.stringify(id)}`);
      io.out(json(getJurisdiction(n, rulesFlag(flags, io.cwd ?? process.cwd()))));
      return 0;
    },
  },
  {
    name: 'tax-codes',
    synopsis: '',
    summary: 'the tax codes (GET /tax_codes)',
    args: { min: 0, max: 0, names: '' },
    flags: [RULES],
    help: ['Flags:', ...describedLines('  --rules DIR', RULES_HELP_TEXT), '', 'Example:', '  taxrules tax-codes'],
    run(_args, flags, io) {
      io.out(json(listTaxCodes(rulesFlag(flags, io.cwd ?? process.cwd()))));
      return 0;
    },
  },
  {
    name: 'diff',
    synopsis: '[BASE] NEXT [--exit-code] [--json] [--from YYYY-MM-DD] [--fixtures DIR]',
    summary: 'what a change to the rules changes: NEXT is a rules directory, BASE another, a git ref or the installed rules',
    args: { min: 1, max: 2, names: '[BASE] NEXT' },
    flags: [{ name: 'exit-code' }, { name: 'from', value: 'YYYY-MM-DD' }, { name: 'fixtures', value: 'DIR' }],
    help: [
      'Runs a corpus of cases (every country, region, territory and US local area × the tax codes',
      '× a consumer and a business × around every dated change, and the v20241028 fixtures)',
      'through two rule sets and prints every result that differs. BASE and NEXT are rules',
      'directories; BASE may be a git ref of the repository (its rules directory), or installed:',
      'the rules this package ships, which it is when only NEXT is given (taxrules diff ./my-rules:',
      'what an edited copy of `taxrules rules export` changes). On a terminal,',
      'stderr shows how far it has gone, the share of the cases compared in percent (never in a',
      'pipe or a file).',
      '',
      'Flags:',
      ...describedLines('  --exit-code', 'Exit 1 when a result changes, 0 when none does (as git diff --exit-code); without it, 0 whatever changes.'),
      ...describedLines('  --json', '{ cases, changes } as JSON (and refusals as JSON).'),
      ...describedLines('  --from YYYY-MM-DD', 'The first day of the changes looked at (default 2019-01-01).'),
      ...describedLines('  --fixtures DIR', 'The fixture cases (default fixtures/v20241028 when there).'),
      '',
      'Examples:',
      '  taxrules diff main rules --exit-code      # in CI: fails when the rules change a result',
      '  taxrules diff rules ../my-rules --json --from 2026-01-01',
      '  taxrules diff ./my-rules                  # the installed rules against an edited copy',
    ],
    run(args, flags, io) {
      const [base, next] = args.length === 1 ? ['installed', args[0]] : args;
      const from = flags.get('from');
      if (typeof from === 'string' && !/^\d{4}-\d{2}-\d{2}$/.test(from)) throw new UsageError(`--from must be a date YYYY-MM-DD, not ${JSON.stringify(from)}`);
      let before;
      let after;
      let queries: DiffQueryCase[] = [];
      const fixtures = flags.get('fixtures');
      const cwd = io.cwd ?? process.cwd();
      const progress = terminalProgress(io);
      let diff;
      try {
        try {
          progress?.show(`taxrules diff: reading the base rules, ${base}…`);
          // A directory as the file system finds it (`HEAD:../..` is none), the installed rules, else a git ref.
          const baseDir = directoryArg(base as string, cwd);
          before = baseDir === null && base === 'installed' ? defaultRuleSet.data : readRuleDirectory(baseDir ?? ruleDirectoryAtRef(base as string, cwd));
          progress?.show(`taxrules diff: reading the next rules, ${next}…`);
          const nextDir = directoryArg(next as string, cwd);
          if (nextDir === null) throw new RuleDirectoryError(`${next as string} is not a directory`);
          after = readRuleDirectory(nextDir);
          // The v20241028 fixtures too: the given directory, else fixtures/v20241028 of the working directory when there is one.
          const own = resolve(cwd, 'fixtures/v20241028');
          const fixtureDir = typeof fixtures === 'string' ? resolve(cwd, fixtures) : existsSync(own) ? own : null;
          if (fixtureDir !== null) queries = readFixtureQueries(fixtureDir) as DiffQueryCase[];
        } catch (e) {
          if (e instanceof RuleDirectoryError) throw new UsageError(e.message);
          throw e;
        }
        const options = { ...(typeof from === 'string' ? { from } : {}), queries };
        // Made here only to say its size (diffRules makes the same corpus when given none).
        const corpus = progress ? diffCorpus(before, after, options) : undefined;
        const comparing = `taxrules diff: comparing ${((corpus?.length ?? 0) + queries.length).toLocaleString('en-US')} cases`;
        progress?.show(`${comparing}…`);
        // Then how far it has gone, each report rewriting the line.
        const onProgress = progress ? (done: number, total: number) => progress.show(`${comparing}: ${total === 0 ? 100 : Math.floor((done * 100) / total)}%`) : undefined;
        diff = diffRules(before, after, corpus, { ...options, ...(onProgress ? { onProgress } : {}) });
      } finally {
        progress?.clear();
      }
      io.out(flags.has('json') ? json({ cases: diff.cases, changes: diff.changes }) : formatRuleDiff(diff).trimEnd());
      return flags.has('exit-code') && diff.changes.length > 0 ? 1 : 0;
    },
  },
  {
    name: 'changes',
    synopsis: '--from YYYY-MM-DD --until YYYY-MM-DD [--country CC] [--region R|none] [--rules DIR] [--json]',
    summary: 'the dated rate changes the rules record between two days, by country and region',
    args: { min: 0, max: 0, names: '' },
    flags: [
      { name: 'from', value: 'YYYY-MM-DD' },
      { name: 'until', value: 'YYYY-MM-DD' },
      { name: 'country', value: 'CC' },
      { name: 'region', value: 'R|none' },
      RULES,
    ],
    help: [
      'Lists every rate change the rules record after --from and up to --until: each tax and',
      "rate class of a country or region, and each US local jurisdiction's rate (a tax that",
      'starts or ends changes from or to 0), with its day, the rates before and after and its',
      'source, under a heading per country and region with its count. What a quarter or a year',
      'changed, for a return, an audit or a backfill. A day before a jurisdiction\'s records begin',
      'is no change: see rules/COVERAGE.md for the first day of each state\'s local history.',
      '',
      'Flags:',
      ...describedLines('  --from YYYY-MM-DD', 'Changes from the day after this one. Required.'),
      ...describedLines('  --until YYYY-MM-DD', 'Up to and including this day. Required.'),
      ...describedLines('  --country CC', 'Only this country (ISO 3166-1 alpha-2, any case).'),
      ...describedLines('  --region R|none', 'Only this region (a US state, a province: its code without the country), or none for the country-level taxes.'),
      ...describedLines('  --rules DIR', RULES_HELP_TEXT),
      ...describedLines('  --json', 'The changes as a JSON array.'),
      '',
      'Examples:',
      '  taxrules changes --from 2025-06-30 --until 2026-06-30 --country US',
      '  taxrules changes --from 2026-03-31 --until 2026-06-30 --country US --region CA --json',
    ],
    run(_args, flags, io) {
      const text = (name: string) => flagText(flags, name);
      const from = text('from');
      const until = text('until');
      if (from === undefined || until === undefined) throw new UsageError('changes needs --from and --until, two calendar days YYYY-MM-DD');
      const rules = rulesFlag(flags, io.cwd ?? process.cwd());
      const typedCountry = text('country');
      const country = typedCountry === undefined ? undefined : knownCountry(typedCountry, rules);
      const typedRegion = text('region');
      const region = typedRegion === undefined ? undefined : knownRegion(typedRegion, country, rules);
      const data = rules.data;
      const all = rateChanges(data, { from, until, ...(country ? { country } : {}), ...(region && region !== 'none' ? { region } : {}) });
      // --region none: the country-level taxes only.
      const changes = region === 'none' ? all.filter((c) => c.region === null) : all;
      io.out(flags.has('json') ? json(changes) : formatRateChanges(changes, from, until).trimEnd());
      return 0;
    },
  },
  {
    name: 'rates',
    synopsis: 'PLACE [--date YYYY-MM-DD] [--city CITY] [--json] | --all [--csv] [--date YYYY-MM-DD] [--rules DIR]',
    summary: 'every tax at a place on a day: rate classes, the tax codes at each, jurisdictions, sources',
    args: { min: 0, max: 1, names: 'PLACE', hint: 'quote a postal code written with a space' },
    flags: [
      { name: 'date', value: 'YYYY-MM-DD' },
      { name: 'city', value: 'CITY' },
      { name: 'all' },
      { name: 'csv' },
      RULES,
    ],
    help: [
      'PLACE is a country (DE), a region of one (US-CA, CA-QC: its own taxes, no local ones), a',
      "country and a postal code (PT:9000-001, 'CA:V6B 1A1'), or a US ZIP code alone (10001). For",
      'each tax levied there: its jurisdiction, its rate classes in force on the day (rate, first',
      'day, source) and the tax codes and product categories charged at each, then the codes it',
      'does not charge (exempt, zero-rated, not taxable). The same rules and decisions as a quote:',
      'a domestic sale to a consumer at that place.',
      '',
      'Flags:',
      ...describedLines('  --date YYYY-MM-DD', 'The day (default: today).'),
      ...describedLines('  --city CITY', 'The city, where a US ZIP code spans several local rate areas.'),
      ...describedLines('  --json', "The answer as JSON (ratesAt's)."),
      ...describedLines('  --all', 'Every rate in force on the day instead: a row per rate class of each tax of each jurisdiction, US local ones included, and of each special territory with rates of its own.'),
      ...describedLines('  --csv', 'With --all: CSV with a header line, instead of JSON.'),
      ...describedLines('  --rules DIR', RULES_HELP_TEXT),
      '',
      'Examples:',
      '  taxrules rates 10001 --date 2026-10-01',
      '  taxrules rates PT:9000-001 --date 2027-01-01',
      '  taxrules rates --all --csv --date 2026-10-01 > rates.csv',
    ],
    run([placeText], flags, io) {
      const date = flagText(flags, 'date') ?? localToday();
      if (flags.has('all')) {
        if (placeText !== undefined) throw new UsageError('rates --all takes no PLACE');
        const rows = rateTable(date, { rules: rulesFlag(flags, io.cwd ?? process.cwd()) });
        io.out(flags.has('csv') ? rateTableCsv(rows) : json(rows));
        return 0;
      }
      if (flags.has('csv')) throw new UsageError('--csv is for rates --all (the table of every place)');
      if (placeText === undefined) throw new UsageError('rates needs a PLACE (DE, US-CA, PT:9000-001, 10001), or --all');
      const city = flagText(flags, 'city');
      const rules = rulesFlag(flags, io.cwd ?? process.cwd());
      const answer = ratesAt({ ...placeOf(placeText, rules), ...(city !== undefined ? { city } : {}), date }, { rules });
      io.out(flags.has('json') ? json(answer) : formatPlaceRates(answer));
      return 0;
    },
  },
  {
    name: 'tax-code',
    synopsis: 'ID',
    summary: 'one tax code (GET /tax_codes/{id})',
    args: { min: 1, max: 1, names: 'ID' },
    flags: [RULES],
    help: ['Flags:', ...describedLines('  --rules DIR', RULES_HELP_TEXT), '', 'Example:', '  taxrules tax-code ebook'],
    run([id], flags, io) {
      io.out(json(getTaxCode(id as string, rulesFlag(flags, io.cwd ?? process.cwd()))));
      return 0;
    },
  },
  RULES_COMMAND,
];

const synopsisOf = (c: Command): string => `taxrules ${c.name}${c.synopsis ? ` ${c.synopsis}` : ''}`;

/** The global help: the commands with what each does, the flags of every command, the exit status. */
function usage(): string {
  return [
    'taxrules — offline sales tax, VAT and GST',
    '',
    'Usage: taxrules COMMAND [ARGS] [flags]',
    '',
    'Commands:',
    ...COMMANDS.flatMap((c) => [`  ${synopsisOf(c)}`, `      ${c.summary}`]),
    '',
    'Flags of every command:',
    ...describedLines('  --json', 'A refusal as the whole JSON error body on stderr, not one line (diff: its output as JSON too).'),
    ...describedLines('  -h, --help', "The command's own help: its usage, flags and examples (taxrules help COMMAND too)."),
    ...describedLines('  -V, --version', 'The version of taxrules and of its rules: 0.2.0 (rules 2026-12-04), the rules named by the newest day their sources were checked.'),
    '',
    'Examples:',
    "  taxrules quote 'to_country=DE&tax_code=ebook&amount=100'",
    '  taxrules quote --help',
    '',
    "Run 'taxrules COMMAND --help' for a command's own help and example.",
    '',
    'Exit status: 0 success (validate-tax-id: whatever the verdict; diff without --exit-code);',
    '1 the input was refused (a TaxRulesError: one line on stderr, its whole JSON with --json),',
    'a file or standard input could not be read, or diff --exit-code found changes; 2 usage error.',
  ].join('\n');
}

/** A command's own help: its usage line, what it does, its flags and an example. */
function commandUsage(c: Command): string {
  const lines = [`Usage: ${synopsisOf(c)}`, '', `${c.summary[0]?.toUpperCase() ?? ''}${c.summary.slice(1)}.`, ''];
  for (const line of c.help) {
    if (line === '@query-flags') lines.push(...QUERY_FLAGS.flatMap((f) => queryFlagLines(f)));
    else lines.push(line);
  }
  lines.push('', 'Refusals are one line on stderr (exit 1); --json prints the whole error as JSON.');
  return lines.join('\n');
}

/** The one line of usage shown after a usage error: the command's, or the list of commands. */
function shortUsage(name: unknown): string {
  const command = COMMANDS.find((c) => c.name === name);
  const line = command ? synopsisOf(command) : `taxrules ${COMMANDS.map((c) => c.name).join('|')} [ARGS] [flags]`;
  return `Usage: ${line}\nRun 'taxrules --help' for more.`;
}

function wrongCount(c: Command, given: number): string {
  const { min, max, names, hint } = c.args;
  const counts = ['no', 'one', 'two'];
  const wanted = min === max ? `${counts[min]} argument${min === 1 ? '' : 's'}` : min === 0 ? `at most ${counts[max]} argument${max === 1 ? '' : 's'}` : `${counts[min]} or ${counts[max]} arguments`;
  const got = given === 0 ? 'none' : `${given}`;
  return `${c.name} takes ${wanted}${names ? ` (${names})` : ''}, got ${got}${given > max && hint ? `: ${hint}` : ''}`;
}

/** The command of a name, or a usage error naming the commands meant (`quot`: did you mean quote?). */
function commandNamed(name: string): Command {
  const command = COMMANDS.find((c) => c.name === name);
  if (command) return command;
  if (name.startsWith('-')) throw new UsageError(`unknown flag ${name} (flags go after the command)`);
  throw new UsageError(`unknown command ${name}${didYouMean(name, COMMANDS.map((c) => c.name))}`);
}

/**
 * The command line without the switch every command takes, `--json` (anywhere before a `--`,
 * before the command too, as global flags go), and whether it was there.
 */
function withoutJsonSwitch(argv: readonly string[]): { argv: string[]; json: boolean } {
  const end = argv.indexOf('--');
  const flags = end < 0 ? argv : argv.slice(0, end);
  const rest = end < 0 ? [] : argv.slice(end);
  const kept = flags.filter((a) => a !== '--json');
  return { argv: [...kept, ...rest], json: kept.length < flags.length };
}

async function dispatch(argv: readonly string[], json: boolean, io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) throw new UsageError('no command given');
  if (name === '-h' || name === '--help' || name === 'help') {
    // `taxrules help quote`, as git help and gh help: the command's own help.
    if (rest.length > 1) throw new UsageError(`help takes at most one argument (COMMAND), got ${rest.length}`);
    io.out(rest[0] === undefined ? usage() : commandUsage(commandNamed(rest[0])));
    return 0;
  }
  if (name === '-V' || name === '--version') {
    io.out(versionLine());
    return 0;
  }
  const command = commandNamed(name);
  const p = parseArgs(rest, command.flags);
  if (p.help || p.version) {
    io.out(p.help ? commandUsage(command) : versionLine());
    return 0;
  }
  if (p.problem) throw new UsageError(p.problem);
  if (p.positional.length < command.args.min || p.positional.length > command.args.max) throw new UsageError(wrongCount(command, p.positional.length));
  // --json: refusals as the whole error body (run reads it); diff takes it for its output too.
  if (json) p.flags.set('json', true);
  return command.run(p.positional, p.flags, io);
}

/** What --version prints: the package's version and the version of its rules (the newest day their sources were checked). */
function versionLine(): string {
  return `${version} (rules ${defaultRuleSet.info.version})`;
}

/** Today in the process's time zone (YYYY-MM-DD). */
function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A refusal in one line: `taxrules: 406 invalid_value: tax_code must be …; did you mean ebook? (and 2 more issues)`. */
function errorLine(e: TaxRulesError): string {
  const first = e.issues[0]?.message ?? e.message;
  const more = e.issues.length - 1;
  return `taxrules: ${e.status} ${e.code}: ${oneLine(first)}${more > 0 ? ` (and ${more} more issue${more === 1 ? '' : 's'}; --json shows them all)` : ''}`;
}

/** An error of unknown kind, described without trusting it (its getters may throw). */
function describe(e: unknown): string {
  try {
    return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  } catch {
    return 'an error that cannot be described';
  }
}

/**
 * Runs the command line `argv` (without `node` and the script). Resolves to the exit
 * status and never rejects: a usage error is a line and the usage on stderr (2), a
 * TaxRulesError one line on stderr, or its whole JSON with `--json` (1), anything else one
 * line on stderr (1).
 */
export async function run(argv: readonly string[], io: CliIO): Promise<number> {
  const { argv: args, json: asJson } = withoutJsonSwitch(argv);
  try {
    return await dispatch(args, asJson, io);
  } catch (e) {
    try {
      if (e instanceof UsageError) {
        io.err(`taxrules: ${oneLine(e.message)}\n${shortUsage(args[0])}`);
        return 2;
      }
      if (e instanceof TaxRulesError) {
        io.err(asJson ? json(e.toJSON()) : errorLine(e));
        return 1;
      }
      io.err(`taxrules: ${oneLine(e instanceof InputError ? e.message : describe(e))}`);
    } catch {
      // Nothing can be said where stderr itself fails.
    }
    return 1;
  }
}
