/**
 * "Did you mean" on the command line: the edit-distance helper of src/cli/suggest.ts, and
 * the suggestions the CLI makes with it for commands, flags and values.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../src/cli/main.js';
import { countrySuggestions, didYouMean, editDistance, suggestionsFor } from '../src/cli/suggest.js';
import { defaultRuleSet } from '../src/index.js';

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await run(args, { out: (s) => (out += `${s}\n`), err: (s) => (err += `${s}\n`) });
  return { code, out, err };
}
/** The first line of stderr, after the note on the demo seller if any. */
const firstLine = (err: string): string => err.replace(/^taxrules: no --account given.*\n/, '').split('\n')[0] as string;

const COMMANDS = ['quote', 'calculate', 'validate-tax-id', 'jurisdictions', 'jurisdiction', 'tax-codes', 'diff', 'tax-code'];

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and adjacent transpositions as one edit each', () => {
    const cases: [string, string, number][] = [
      ['', '', 0],
      ['quote', 'quote', 0],
      ['quot', 'quote', 1],
      ['quotee', 'quote', 1],
      ['qoute', 'quote', 1],
      ['quoet', 'quote', 1],
      ['amout', 'amount', 1],
      ['kitten', 'sitting', 3],
      ['', 'abc', 3],
      ['ca', 'abc', 3],
    ];
    for (const [a, b, d] of cases) {
      expect(editDistance(a, b), `${a} → ${b}`).toBe(d);
      expect(editDistance(b, a), `${b} → ${a}`).toBe(d);
    }
  });
});

describe('suggestionsFor', () => {
  it('names the closest known names within a typo, case aside, else those the word begins', () => {
    expect(suggestionsFor('quot', COMMANDS)).toEqual(['quote']);
    expect(suggestionsFor('QUOTE', COMMANDS)).toEqual(['quote']);
    expect(suggestionsFor('tax-cod', COMMANDS)).toEqual(['tax-code']);
    expect(suggestionsFor('juris', COMMANDS)).toEqual(['jurisdictions', 'jurisdiction']);
    expect(suggestionsFor('tax', COMMANDS)).toEqual(['tax-codes', 'tax-code']);
    expect(suggestionsFor('frobnicate', COMMANDS)).toEqual([]);
    // Too short to tell, or too long to be a typo.
    expect(suggestionsFor('q', COMMANDS)).toEqual([]);
    expect(suggestionsFor(`quote${'e'.repeat(100)}`, COMMANDS)).toEqual([]);
  });

  it('lists three names at most, and formats them as a sentence', () => {
    const names = ['to-country', 'to-postal-code', 'to-region', 'to-city', 'to-street'];
    expect(suggestionsFor('to-', names)).toEqual(['to-country', 'to-postal-code', 'to-region']);
    expect(didYouMean('to-', names, '--')).toBe('; did you mean --to-country, --to-postal-code or --to-region?');
    expect(didYouMean('juris', COMMANDS)).toBe('; did you mean jurisdictions or jurisdiction?');
    expect(didYouMean('quot', COMMANDS)).toBe('; did you mean quote?');
    expect(didYouMean('zzz', COMMANDS)).toBe('');
  });
});

describe('countrySuggestions', () => {
  it('reads a numeric code or a name, and guesses nothing for a two-letter code that is none', () => {
    const world = defaultRuleSet.world;
    expect(countrySuggestions('276', world)).toEqual(['DE']);
    expect(countrySuggestions('germany', world)).toEqual(['DE']);
    expect(countrySuggestions('Germny', world)).toEqual(['DE']);
    expect(countrySuggestions('switzerland', world)).toEqual(['CH']);
    expect(countrySuggestions('ZZ', world)).toEqual([]);
    expect(countrySuggestions('XY', world)).toEqual([]);
    expect(countrySuggestions('999', world)).toEqual([]);
  });
});

describe('the CLI names what was meant', () => {
  it('for a command: by a typo or the start of its name', async () => {
    const cases: [string, string][] = [
      ['quot', 'taxrules: unknown command quot; did you mean quote?'],
      ['Quote', 'taxrules: unknown command Quote; did you mean quote?'],
      ['juris', 'taxrules: unknown command juris; did you mean jurisdictions or jurisdiction?'],
      ['tax', 'taxrules: unknown command tax; did you mean tax-codes or tax-code?'],
      ['validate', 'taxrules: unknown command validate; did you mean validate-tax-id?'],
      ['frobnicate', 'taxrules: unknown command frobnicate'],
    ];
    for (const [name, line] of cases) {
      const r = await cli(name);
      expect(r.code, name).toBe(2);
      expect(r.err.split('\n')[0], name).toBe(line);
    }
  });

  it('for a flag: `--amout`, `-amount` (one dash) and `--to-contry` of quote, `--exit-cod` of diff', async () => {
    const cases: [string[], string][] = [
      [['quote', '--amout', '5'], 'taxrules: unknown flag --amout; did you mean --amount?'],
      [['quote', '-amount', '5'], 'taxrules: unknown flag -amount; did you mean --amount?'],
      [['quote', '-amount=5'], 'taxrules: unknown flag -amount=5; did you mean --amount?'],
      [['quote', '--to-contry', 'DE'], 'taxrules: unknown flag --to-contry; did you mean --to-country?'],
      [['diff', 'a', 'b', '--exit-cod'], 'taxrules: unknown flag --exit-cod; did you mean --exit-code?'],
      [['jurisdictions', '--countr', 'DE'], 'taxrules: unknown flag --countr; did you mean --country?'],
      [['quote', '-x'], 'taxrules: unknown flag -x'],
    ];
    for (const [args, line] of cases) {
      const r = await cli(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err.split('\n')[0], args.join(' ')).toBe(line);
    }
  });

  it('for a value of a known set: tax code, product type, tax behaviour (the library names them)', async () => {
    const cases: [string[], string][] = [
      [['quote', '--to-country', 'DE', '--tax-code', 'ebok'], 'did you mean ebook?'],
      [['quote', '--to-country', 'DE', '--product-type', 'goood'], 'did you mean good?'],
      [['quote', '--to-country', 'DE', '--tax-behavior', 'exclusiv'], 'did you mean exclusive?'],
      [['tax-code', 'ebok'], 'did you mean ebook?'],
    ];
    for (const [args, meant] of cases) {
      const r = await cli(...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(firstLine(r.err), args.join(' ')).toContain(meant);
    }
  });

  it('for a country of jurisdictions: by its name or numeric code, never a guess for a two-letter code', async () => {
    const germany = await cli('jurisdictions', '--country', 'germany');
    expect(germany.code).toBe(1);
    expect(firstLine(germany.err)).toBe('taxrules: 406 invalid_value: --country "germany" is no ISO 3166-1 country code; did you mean DE?');
    expect(firstLine((await cli('jurisdictions', '--country', '124')).err)).toMatch(/did you mean CA\?$/);
    const zz = await cli('jurisdictions', '--country', 'ZZ');
    expect(zz.code).toBe(1);
    expect(firstLine(zz.err)).toBe(`taxrules: 406 invalid_value: --country "ZZ" is no ISO 3166-1 country code ('taxrules jurisdictions' counts the jurisdictions of each country)`);
  });

  it('for a region of jurisdictions: the regions of the country, and the one meant', async () => {
    const txx = await cli('jurisdictions', '--country', 'US', '--region', 'TXX');
    expect(txx.code).toBe(1);
    expect(firstLine(txx.err)).toMatch(/^taxrules: 406 invalid_value: --region "TXX" is no region of US with a jurisdiction; did you mean TX\? \(its regions: AL, AK, .*\bWY\b/);
    const bc = await cli('jurisdictions', '--region', 'BCC');
    expect(firstLine(bc.err)).toBe('taxrules: 406 invalid_value: --region "BCC" is no region with a jurisdiction; did you mean BC?');
    const bavaria = await cli('jurisdictions', '--country', 'DE', '--region', 'BY');
    expect(bavaria.code).toBe(1);
    expect(firstLine(bavaria.err)).toBe('taxrules: 406 invalid_value: --region "BY": DE has no jurisdiction of a region (--region none lists the country-level ones)');
  });
});
