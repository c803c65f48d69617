import { spawnSync } from 'node:child_process';
import { closeSync, createReadStream, mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { build, type Options } from 'tsup';
import { describe, expect, it } from 'vitest';
import { run, type CliIO } from '../src/cli/main.js';
import { MAX_INPUT_BYTES, readStreamCapped } from '../src/cli/input.js';
import { TAX_RATE_PARAMETERS } from '../src/adapters/v20241028.js';
import { TAX_CODES } from '../src/generated/tax-codes.js';
import { rulesInfo } from '../src/index.js';
import { dateOfDay, dayNumber } from '../src/core/dates.js';
import tsupConfig from '../tsup.config.js';

interface Outcome {
  code: number;
  out: string;
  err: string;
}

/** A terminal on stdin: nothing to read. */
const terminal: CliIO['stdin'] = { isTTY: true, read: () => Promise.reject(new Error('no reading from a terminal in tests')) };
/** A pipe on stdin carrying `text`. */
const pipe = (text: string): CliIO['stdin'] => ({ isTTY: false, read: async () => text });

async function cliWith(stdin: CliIO['stdin'], ...args: string[]): Promise<Outcome> {
  let out = '';
  let err = '';
  const code = await run(args, { out: (s) => (out += `${s}\n`), err: (s) => (err += `${s}\n`), stdin });
  return { code, out, err };
}
const cli = (...args: string[]) => cliWith(terminal, ...args);

const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
const STACK_LINE = /\n\s+at /;

const dir = mkdtempSync(join(tmpdir(), 'taxrules-cli-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** A German e-book sale on 2026-06-01 (Unix 1780315200): reduced rate 7 % (UStG § 12(2) no. 14). */
const EBOOK_REQUEST = { customer_address: { country: 'DE' }, currency: 'EUR', tax_date: 1_780_315_200, line_items: [{ reference: 'book', amount: '100.00', tax_code: 'ebook' }] };
const GERMAN_SELLER = { country: 'DE', postal_code: '10115', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }] };

describe('taxrules CLI', () => {
  it('prints the v20241028 response of a quote with the demo seller, and says so', async () => {
    const r = await cli('quote', 'to_country=DE&tax_code=ebook&amount=100&date=2026-06-01');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ name: 'VAT', rate: 7, tax_amount: 7, total_amount: 107, status: 'taxable', country: 'DE' });
    expect(r.err).toMatch(/demo seller/);
  });

  it('takes the parameters as flags too', async () => {
    const r = await cli('quote', '--to-country', 'FR', '--tax-code', 'saas', '--amount', '10', '--date=2026-06-01');
    expect(JSON.parse(r.out)).toMatchObject({ rate: 20, tax_amount: 2 });
  });

  it('uses the registrations of --account', async () => {
    const account = file('account.json', JSON.stringify({ country: 'DE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }] }));
    const r = await cli('quote', 'to_country=CH&tax_code=eservice&date=2026-06-01', '--account', account);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ status: 'not_registered', rate: 0 });
    expect(r.err).toBe('');
  });

  it('explains a result with its reason and source', async () => {
    const r = await cli('quote', 'to_country=DE&to_postal_code=27498&date=2026-06-01', '--explain');
    expect(JSON.parse(r.out)).toMatchObject({ status: 'non_taxable', reason: 'excluded_territory', territory: { name: expect.stringMatching(/Heligoland/) } });
  });

  it('prints refused input as one line, and with --json as the JSON error, and exits 1', async () => {
    const line = await cli('quote', 'tax_code=bookz');
    expect(line.code).toBe(1);
    expect(line.err.split('\n').at(-2)).toBe('taxrules: 400 invalid_request: to_country is required (and 1 more issue; --json shows them all)');
    const r = await cli('quote', 'tax_code=bookz', '--json');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    const body = JSON.parse(r.err.slice(r.err.indexOf('{'))) as { error: { status: number; issues: { path: string[] }[] } };
    expect(body.error.status).toBe(400);
    expect(body.error.issues.map((i) => i.path[0]).sort()).toEqual(['tax_code', 'to_country']);
  });

  it('has a flag of quote for every parameter of the v20241028 table, described in the usage', async () => {
    const usage = (await cli('quote', '--help')).out;
    for (const p of TAX_RATE_PARAMETERS) {
      const flag = `--${p.name.replace(/_/g, '-')}`;
      expect(usage, flag).toContain(`  ${flag} `);
      // Given blank, each flag's parameter is the one refused: the flag sets that parameter.
      const args = p.name === 'to_country' ? ['quote', `${flag}=`, '--json'] : ['quote', '--to-country', 'DE', `${flag}=`, '--json'];
      const r = await cli(...args);
      expect(r.code, flag).toBe(1);
      const body = JSON.parse(r.err.slice(r.err.indexOf('{'))) as { error: { issues: { path: string[]; message: string }[] } };
      expect(body.error.issues, flag).toEqual([{ path: [p.name], code: 'malformed', message: `${p.name} is blank: give it a value or leave it out` }]);
    }
    expect(usage.replace(/\s+/g, ' ')).toContain(`--tax-code CODE What is sold; default: the account\'s default_tax_code. One of: ${TAX_CODES.join(', ')}.`);
  });

  it('refuses an unknown parameter of QUERY (exit 1, the error JSON naming the likely one)', async () => {
    const r = await cli('quote', 'to_country=DE&tax_cod=ebook&date=2026-06-01', '--json');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(JSON.parse(r.err.slice(r.err.indexOf('{')))).toEqual({
      error: { code: 'invalid_request', status: 400, message: 'tax_cod: unknown parameter; did you mean tax_code?', issues: [{ path: ['tax_cod'], code: 'unknown_field', message: 'tax_cod: unknown parameter; did you mean tax_code?' }] },
    });
  });

  it('refuses a parameter given both in QUERY and as a flag rather than letting one win', async () => {
    const r = await cli('quote', 'to_country=DE&currency=USD&date=2026-06-01', '--currency', 'EUR', '--json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.err.slice(r.err.indexOf('{'))).error.issues).toEqual([{ path: ['currency'], code: 'malformed', message: 'currency is given 2 times' }]);
  });

  it('lists jurisdictions and tax codes', async () => {
    expect(JSON.parse((await cli('jurisdictions', '--country', 'CA', '--region', 'QC')).out)).toEqual([{ id: 124024, name: 'Quebec', country: 'CA', region: 'QC' }]);
    expect((JSON.parse((await cli('tax-codes')).out) as unknown[]).length).toBeGreaterThanOrEqual(27);
    expect(JSON.parse((await cli('jurisdiction', '276')).out)).toEqual({ id: 276, name: 'Germany', country: 'DE', region: null });
    expect(JSON.parse((await cli('tax-code', 'ebook')).out)).toMatchObject({ id: 'ebook' });
  });
});

describe('help and version', () => {
  it('--help, -h and help print the usage on stdout and exit 0, alone or after a command', async () => {
    for (const args of [['--help'], ['-h'], ['help']]) {
      const r = await cli(...args);
      expect({ args, code: r.code, err: r.err }).toEqual({ args, code: 0, err: '' });
      expect(r.out).toMatch(/^taxrules — offline sales tax/);
      for (const command of ['quote', 'calculate', 'validate-tax-id', 'jurisdictions', 'jurisdiction', 'tax-codes', 'tax-code', 'diff', 'rules']) expect(r.out).toContain(`taxrules ${command}`);
      expect(r.out).toMatch(/Exit status:/);
      expect(r.out).toContain("Run 'taxrules COMMAND --help'");
    }
  });

  it("a command's --help is its own: usage, flags and an example, even after a wrong flag or argument", async () => {
    const cases: [string[], string, string][] = [
      [['quote', '--help'], 'Usage: taxrules quote [QUERY] [flags]', 'taxrules quote --to-country US --to-postal-code 78701'],
      [['quote', '--bogus', '-h'], 'Usage: taxrules quote [QUERY] [flags]', '--account FILE'],
      [['calculate', '-h'], 'Usage: taxrules calculate', 'taxrules calculate request.json --account seller.json'],
      [['validate-tax-id', '--help'], 'Usage: taxrules validate-tax-id', "taxrules validate-tax-id DE 'DE 136 695 976'"],
      [['jurisdiction', 'abc', '-h'], 'Usage: taxrules jurisdiction ID', 'taxrules jurisdiction 276'],
      [['diff', '--help'], 'Usage: taxrules diff [BASE] NEXT', '--exit-code'],
      [['rules', '--help'], 'Usage: taxrules rules info|export DIR', 'taxrules rules export ./my-rules'],
    ];
    for (const [args, head, shown] of cases) {
      const r = await cli(...args);
      expect({ args, code: r.code, err: r.err }).toEqual({ args, code: 0, err: '' });
      expect(r.out.startsWith(head), args.join(' ')).toBe(true);
      expect(r.out, args.join(' ')).toContain(shown);
      expect(r.out).not.toMatch(/^taxrules — offline sales tax/);
    }
    expect((await cli('quote', '--help')).out).toContain('{ "country": "US", "region": "TX" }');
  });

  it('names the command or flag meant', async () => {
    expect((await cli('quot')).err).toMatch(/^taxrules: unknown command quot; did you mean quote\?/);
    expect((await cli('quote', '--amout', '5')).err).toMatch(/^taxrules: unknown flag --amout; did you mean --amount\?/);
    // The list of tax codes is long: the line names the spec's seven, how many more and where they are listed, then the value given and the one meant.
    const line = (await cli('quote', 'to_country=DE&tax_code=ebok')).err.split('\n').find((l) => l.startsWith('taxrules: 406')) ?? '';
    expect(line).toBe(`taxrules: 406 invalid_value: tax_code must be one of: consulting, eservice, ebook, saas, standard, reduced, exempt … and ${TAX_CODES.length - 7} more (listTaxCodes() or GET /tax_codes lists them); got "ebok"; did you mean ebook?`);
  });

  it('--version and -V print the version of package.json and the rules version, and exit 0', async () => {
    for (const args of [['--version'], ['-V'], ['quote', '--version'], ['tax-codes', '-V']]) {
      expect(await cli(...args)).toEqual({ code: 0, out: `${VERSION} (rules ${rulesInfo().version})\n`, err: '' });
    }
  });

  it('--max-rules-age refuses a tax date too long after the rules were last checked (422), and takes a date within it', async () => {
    const checked = rulesInfo().jurisdictions.DE!;
    const late = dateOfDay(dayNumber(checked) + 31);
    const query = `to_country=DE&tax_code=ebook&amount=100&date=${late}`;
    const refused = await cli('quote', query, '--max-rules-age', '30', '--json');
    expect(refused.code).toBe(1);
    const body = JSON.parse(refused.err.slice(refused.err.indexOf('{'))) as { error: { status: number; issues: { path: string[]; message: string }[] } };
    expect(body.error.status).toBe(422);
    expect(body.error.issues[0]!.path).toEqual(['date']);
    expect(body.error.issues[0]!.message).toContain(`last checked (${checked}`);
    expect((await cli('quote', query, '--max-rules-age', '31')).code).toBe(0);
    expect((await cli('quote', query)).code).toBe(0);
    expect((await cli('quote', query, '--max-rules-age', 'soon')).code).toBe(2);
  });
});

describe('usage errors: one line saying what is wrong, then the usage, on stderr; exit 2', () => {
  const cases: [string[], RegExp][] = [
    [[], /no command given/],
    [['frobnicate'], /unknown command frobnicate/],
    [['--explain', 'quote'], /unknown flag --explain/],
    [['quote', 'to_country=DE', '--bogus', 'x'], /unknown flag --bogus/],
    [['quote', 'to_country=DE', '--bogus'], /unknown flag --bogus/],
    [['quote', 'to_country=DE', '-x'], /unknown flag -x/],
    [['quote', 'to_country=DE', '--country', 'DE'], /unknown flag --country/],
    [['quote', 'to_country=DE', '--explain=yes'], /--explain takes no value/],
    [['quote', '--amount'], /--amount needs a value/],
    [['quote', '--amount', '--date', '2026-06-01'], /--amount needs a value/],
    [['quote', 'to_country=DE', 'amount=1'], /quote takes at most one argument/],
    [['jurisdictions', 'DE'], /jurisdictions takes no arguments/],
    [['jurisdictions', '--tax-code', 'ebook'], /unknown flag --tax-code/],
    [['jurisdiction'], /jurisdiction takes one argument \(ID\), got none/],
    [['jurisdiction', '1', '2'], /jurisdiction takes one argument/],
    [['tax-codes', 'all'], /tax-codes takes no arguments/],
    [['tax-code'], /tax-code takes one argument/],
    [['validate-tax-id'], /validate-tax-id takes one or two arguments/],
    [['validate-tax-id', 'DE', 'DE', '136695976'], /got 3: quote a number written with spaces/],
    [['validate-tax-id', 'DE', 'DE136695976', '--strict'], /unknown flag --strict/],
    [['calculate', 'a.json', 'b.json'], /calculate takes at most one argument/],
    [['calculate', '--account'], /--account needs a value/],
    [['calculate', '--explain'], /unknown flag --explain/],
  ];
  for (const [args, message] of cases) {
    it(`taxrules ${args.join(' ')}`, async () => {
      const r = await cli(...args);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      const lines = r.err.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^taxrules: /);
      expect(lines[0]).toMatch(message);
      expect(lines[1]).toMatch(/^Usage: taxrules /);
      expect(lines).toHaveLength(3);
    });
  }

  it("shows the command's own usage line", async () => {
    expect((await cli('jurisdiction', '1', '2')).err).toContain('Usage: taxrules jurisdiction ID\n');
    expect((await cli('quote', '--bogus')).err).toContain('Usage: taxrules quote [QUERY] [flags]\n');
  });

  it('a jurisdiction id must be a whole number, not NaN', async () => {
    for (const id of ['abc', '1.5', '-1', '1e3', '', ' 276', '0x114', '99999999999999999999']) {
      const r = await cli('jurisdiction', '--', id);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/^taxrules: the jurisdiction ID must be a whole number/);
      expect(r.err).not.toMatch(/NaN/);
    }
    // A whole number that names no jurisdiction is refused input, not a usage error.
    const unknown = await cli('jurisdiction', '999');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/^taxrules: 404 not_found: /);
    expect(JSON.parse((await cli('jurisdiction', '999', '--json')).err)).toMatchObject({ error: { status: 404 } });
  });
});

describe('files that cannot be read: one line naming the file and the problem, exit 1', () => {
  const sub = join(dir, 'a-directory');
  mkdirSync(sub);
  const cases: [string, string, RegExp][] = [
    ['a directory', sub, /it is a directory/],
    ['a missing file', join(dir, 'missing.json'), /no such file/],
    ['invalid JSON', file('broken.json', '{ "country": "DE",\n  oops }'), /is not valid JSON: /],
    ['an empty file', file('empty.json', ''), /is not valid JSON: /],
  ];
  for (const [what, path, problem] of cases) {
    it(`--account with ${what}`, async () => {
      for (const args of [['quote', 'to_country=DE', '--account', path], ['calculate', file('request.json', JSON.stringify(EBOOK_REQUEST)), '--account', path]]) {
        const r = await cli(...args);
        expect(r.code).toBe(1);
        expect(r.out).toBe('');
        expect(r.err).toMatch(problem);
        expect(r.err).toContain(`the account file ${JSON.stringify(path)}`);
        expect(r.err.split('\n')).toHaveLength(2);
      }
    });
    it(`calculate of ${what}`, async () => {
      const r = await cli('calculate', path);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(problem);
      expect(r.err).toContain(`the request file ${JSON.stringify(path)}`);
      expect(r.err.split('\n')).toHaveLength(2);
    });
  }

  it('reads a file that starts with a byte-order mark', async () => {
    const account = file('bom.json', `\ufeff${JSON.stringify(GERMAN_SELLER)}`);
    expect((await cli('quote', 'to_country=DE&tax_code=ebook&amount=100&date=2026-06-01', '--account', account)).code).toBe(0);
  });
});

describe('calculate', () => {
  it('reads the request from a file and prints the v20260309 response', async () => {
    const r = await cli('calculate', file('ebook.json', JSON.stringify(EBOOK_REQUEST)), '--account', file('seller.json', JSON.stringify(GERMAN_SELLER)));
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(r.out)).toMatchObject({ subtotal: '100.00', total_tax: '7.00', total: '107.00', currency: 'EUR', line_items: [{ reference: 'book', amount_tax: '7.00' }] });
  });

  it('reads the request from stdin with - or when stdin is a pipe, and never from a terminal', async () => {
    const seller = file('seller.json', JSON.stringify(GERMAN_SELLER));
    for (const args of [['-'], []]) {
      const r = await cliWith(pipe(JSON.stringify(EBOOK_REQUEST)), 'calculate', ...args, '--account', seller);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.out)).toMatchObject({ total_tax: '7.00' });
    }
    const tty = await cli('calculate');
    expect(tty.code).toBe(2);
    expect(tty.err).toMatch(/^taxrules: calculate needs a request/);
    const none = await cliWith(undefined, 'calculate', '-');
    expect(none.code).toBe(2);
  });

  it('uses the demo seller without --account, and says so on stderr', async () => {
    const r = await cliWith(pipe(JSON.stringify(EBOOK_REQUEST)), 'calculate');
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/demo seller/);
    expect(JSON.parse(r.out)).toMatchObject({ total_tax: '7.00' });
  });

  it('prints a refused request as the JSON of the TaxRulesError and exits 1', async () => {
    const r = await cliWith(pipe('{ "line_items": [] }'), 'calculate', '--account', file('seller.json', JSON.stringify(GERMAN_SELLER)), '--json');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    const body = JSON.parse(r.err) as { error: { status: number; issues: { path: (string | number)[] }[] } };
    expect(body.error.status).toBe(400);
    expect(body.error.issues.map((i) => i.path[0])).toEqual(['customer_address', 'line_items']);
  });

  it('says so in one line when stdin is not JSON or cannot be read', async () => {
    const bad = await cliWith(pipe('customer_address=DE'), 'calculate', '-');
    expect(bad).toMatchObject({ code: 1, out: '' });
    expect(bad.err).toMatch(/^taxrules: the request on standard input is not valid JSON: .*\n$/);
    const failing = await cliWith({ isTTY: false, read: () => Promise.reject(new Error('EIO: i/o error, read')) }, 'calculate');
    expect(failing).toEqual({ code: 1, out: '', err: 'taxrules: cannot read the request from standard input: EIO: i/o error, read\n' });
  });

  it('refuses a file or stdin past 50 MB in one line, as soon as reading passes it', async () => {
    const seller = file('seller.json', JSON.stringify(GERMAN_SELLER));
    for (const [what, args] of [
      ['request', ['calculate', '/dev/zero', '--account', seller]],
      ['account', ['quote', 'to_country=DE&date=2026-06-01', '--account', '/dev/zero']],
      ['account', ['calculate', file('ebook.json', JSON.stringify(EBOOK_REQUEST)), '--account', '/dev/zero']],
    ] as const) {
      const r = await cli(...args);
      expect(r).toMatchObject({ code: 1, out: '' });
      expect(r.err).toBe(`taxrules: cannot read the ${what} file "/dev/zero": it is larger than 50 MB, the most taxrules reads\n`);
    }
    // Standard input read as the command reads it, from a stream that never ends.
    const endless = await cliWith({ isTTY: false, read: () => readStreamCapped(createReadStream('/dev/zero')) }, 'calculate', '--account', seller);
    expect(endless).toEqual({ code: 1, out: '', err: 'taxrules: cannot read the request from standard input: it is larger than 50 MB, the most taxrules reads\n' });
    // A reader of its own that hands over more than the cap is refused too.
    const long = await cliWith(pipe(' '.repeat(MAX_INPUT_BYTES + 1)), 'calculate', '--account', seller);
    expect(long.code).toBe(1);
    expect(long.err.split('\n')).toEqual([expect.stringMatching(/^taxrules: cannot read the request from standard input: it is larger than 50 MB/), '']);
    // Just under the cap is read (and is not JSON).
    expect((await cliWith(pipe(' '.repeat(MAX_INPUT_BYTES)), 'calculate', '--account', seller)).err).toMatch(/is not valid JSON/);
  });
});

describe('validate-tax-id', () => {
  it('prints the verdict of validateTaxId and exits 0 whatever it is', async () => {
    const valid = await cli('validate-tax-id', 'DE', 'DE 136 695 976');
    expect(valid).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(valid.out)).toEqual({ valid: true, country: 'DE', normalized: 'DE136695976', kind: 'eu_vat' });
    const invalid = await cli('validate-tax-id', 'FR', 'FR40303265046');
    expect(invalid.code).toBe(0);
    expect(JSON.parse(invalid.out)).toEqual({ valid: false, country: 'FR', normalized: null, kind: 'eu_vat', reason: 'checksum' });
    const noRule = await cli('validate-tax-id', 'NG', '12345678-0001');
    expect(noRule.code).toBe(0);
    expect(JSON.parse(noRule.out)).toEqual({ valid: null, country: 'NG', normalized: null, kind: null });
  });

  it('lets the prefix decide without a country, or with an empty one', async () => {
    for (const args of [['EL094259216'], ['', 'EL094259216']]) {
      const r = await cli('validate-tax-id', ...args);
      expect(JSON.parse(r.out)).toMatchObject({ valid: true, country: 'GR', normalized: 'EL094259216' });
    }
  });
});

describe('nothing prints a stack trace', () => {
  it('reports an unexpected error as one line with exit 1', async () => {
    const notText = await run([42 as never], { out: () => {}, err: () => {} });
    expect(notText).toBe(1);
    let err = '';
    const code = await run(['tax-codes'], {
      out: () => {
        throw new Error('write EPIPE\n    at afterWriteDispatched (node:internal/stream_base_commons:161:15)');
      },
      err: (s) => (err += `${s}\n`),
    });
    expect(code).toBe(1);
    expect(err).toBe('taxrules: Error: write EPIPE at afterWriteDispatched (node:internal/stream_base_commons:161:15)\n');
  });

  it('resolves for any argument list: exit 0, 1 or 2, no stack, a usage error in three lines', async () => {
    const word = fc.oneof(
      fc.constantFrom('quote', 'calculate', 'validate-tax-id', 'jurisdictions', 'jurisdiction', 'tax-codes', 'tax-code', 'help', '-', '--', '=', '-h', '-V'),
      fc.constantFrom('--account', '--explain', '--country', '--region', '--all', '--json', '--amount', '--to-country', '--date', '--tax-id', '--account=/', '--account=', '--bogus', '--=', '---'),
      fc.constantFrom('/', '.', '/dev/null', join(dir, 'missing.json'), 'to_country=DE', 'to_country=US&to_postal_code=98101', 'DE136695976', '276', 'abc', '__proto__', 'constructor', 'NaN', '1e999', '%', '%zz'),
      fc.string({ maxLength: 12 }),
      fc.string({ unit: 'binary', maxLength: 30 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(word, { maxLength: 6 }), async (args) => {
        const r = await cliWith(pipe('{"customer_address":{"country":"DE"},"line_items":[{"reference":"a","amount":"1.00"}]}'), ...args);
        expect([0, 1, 2]).toContain(r.code);
        expect(r.err).not.toMatch(STACK_LINE);
        if (r.code === 2) {
          expect(r.out).toBe('');
          expect(r.err.trimEnd().split('\n')).toHaveLength(3);
        }
        if (r.code === 1) {
          // A TaxRulesError as JSON, or one line; after the note on the demo seller, if any.
          const report = r.err.replace(/^taxrules: no --account given.*\n/, '');
          if (report.startsWith('{')) expect(JSON.parse(report)).toHaveProperty('error.status');
          else expect(report).toMatch(/^taxrules: [^\n]*\n$/);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('the built CLI (tsup, as dist/cli.js)', () => {
  it('runs from its bundle: version, a quote, calculate from a pipe, errors without traces', async () => {
    const out = mkdtempSync(join(tmpdir(), 'taxrules-dist-'));
    const cliEntry = (tsupConfig as Options[]).find((o) => typeof o.entry === 'object' && o.entry !== null && 'cli' in o.entry);
    await build({ ...cliEntry, outDir: out, config: false, silent: true, sourcemap: false, dts: false });
    const bin = join(out, 'cli.js');
    // The bundle stands alone: run it from a directory without package.json or node_modules.
    const exec = (args: string[], input?: string) => spawnSync(process.execPath, [bin, ...args], { cwd: out, input, encoding: 'utf8' });

    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node')).toBe(true);
    expect(exec(['--version'])).toMatchObject({ status: 0, stdout: `${VERSION} (rules ${rulesInfo().version})\n`, stderr: '' });
    const quote = exec(['quote', 'to_country=DE&tax_code=ebook&amount=100&date=2026-06-01']);
    expect(quote.status).toBe(0);
    expect(JSON.parse(quote.stdout)).toMatchObject({ rate: 7, tax_amount: 7 });
    const piped = exec(['calculate'], JSON.stringify(EBOOK_REQUEST));
    expect(piped.status).toBe(0);
    expect(JSON.parse(piped.stdout)).toMatchObject({ total_tax: '7.00' });
    expect(exec(['validate-tax-id', 'DE', 'DE136695977'])).toMatchObject({ status: 0, stdout: expect.stringContaining('"reason": "checksum"') });
    const usage = exec(['jurisdiction', 'abc']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/^taxrules: the jurisdiction ID must be a whole number/);
    const directory = exec(['quote', 'to_country=DE', '--account', out]);
    expect(directory.status).toBe(1);
    expect(directory.stderr).toBe(`taxrules: cannot read the account file ${JSON.stringify(out)}: it is a directory\n`);
    const empty = exec(['calculate'], '');
    expect(empty.status).toBe(1);
    expect(empty.stderr).not.toMatch(STACK_LINE);
    // Standard input without end: refused past 50 MB, one line, exit 1 (not read until memory runs out).
    const zero = openSync('/dev/zero', 'r');
    try {
      const endless = spawnSync(process.execPath, [bin, 'calculate', '-'], { cwd: out, stdio: [zero, 'pipe', 'pipe'], encoding: 'utf8' });
      expect(endless.status).toBe(1);
      expect(endless.stderr).toBe('taxrules: cannot read the request from standard input: it is larger than 50 MB, the most taxrules reads\n');
    } finally {
      closeSync(zero);
    }
  });
});

describe('the account in the defineAccount form, jurisdictions and diff', () => {
  it('--account takes registrations by place, as defineAccount reads them', async () => {
    const byPlace = file('by-place.json', JSON.stringify({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss' }, { country: 'CA' }, { country: 'CA', region: 'BC' }] }));
    const r = await cli('quote', 'to_country=CA&to_postal_code=V6B1A1&tax_code=saas&amount=100&date=2026-06-01', '--account', byPlace);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(r.out)).toMatchObject({ rate: 5, additional_rate: 7, status: 'taxable' });
    const usState = file('us-state.json', JSON.stringify({ country: 'US', postal_code: '78701', currency: 'USD', registrations: [{ country: 'US', region: 'TX' }] }));
    expect(JSON.parse((await cli('quote', 'to_country=US&to_postal_code=78701&tax_code=standard&product_type=good&amount=100&date=2026-10-01', '--account', usState)).out)).toMatchObject({ rate: 8.25 });
    // A place without a registration: refused, naming what there is.
    const bare = file('bare-us.json', JSON.stringify({ country: 'IE', currency: 'EUR', registrations: [{ country: 'US' }] }));
    const refused = await cli('quote', 'to_country=US&to_postal_code=78701', '--account', bare);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/region/);
  });

  it('jurisdictions: a country code that is none is refused; without a filter, counts per country', async () => {
    const zz = await cli('jurisdictions', '--country', 'ZZ');
    expect(zz.code).toBe(1);
    expect(zz.err).toMatch(/^taxrules: 406 invalid_value: --country "ZZ" is no ISO 3166-1 country code/);
    const all = await cli('jurisdictions');
    expect(all.code).toBe(0);
    const summary = JSON.parse(all.out) as { countries: number; jurisdictions: number; by_country: Record<string, number> };
    expect(summary.countries).toBeGreaterThan(100);
    expect(summary.by_country.CA).toBe(14);
    expect(all.out.length).toBeLessThan(10_000);
    expect(JSON.parse((await cli('jurisdictions', '--all')).out)).toHaveLength(summary.jurisdictions);
  });
});
