/**
 * `taxrules diff` as git diff behaves: `--exit-code` for CI, progress on stderr only when a
 * person watches it (a terminal), never in a pipe or a log. On the mini rule set, written to
 * temporary directories, with Avalonia's standard rate raised in a copy.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { run, type CliIO } from '../src/cli/main.js';
import type { RuleData } from '../src/core/rule-data.js';
import { miniRuleData } from './support/mini-rules.js';
import { writeRules } from './support/rule-files.js';


interface Outcome {
  code: number;
  out: string;
  /** What `err` received, line by line. */
  err: string;
  /** What the raw stderr stream received (progress). */
  stream: string;
}

/** `taxrules ARGS` in `work`, stderr a terminal or not (`tty` undefined: no stream given, as in the other tests). */
async function cli(tty: boolean | undefined, ...args: string[]): Promise<Outcome> {
  const o: Outcome = { code: 0, out: '', err: '', stream: '' };
  const io: CliIO = { out: (t) => (o.out += `${t}\n`), err: (t) => (o.err += `${t}\n`), cwd: work, ...(tty === undefined ? {} : { stderr: { isTTY: tty, write: (t) => (o.stream += t) } }) };
  o.code = await run(args, io);
  return o;
}

let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'taxrules-cli-diff-'));
  writeRules(miniRuleData, join(work, 'base'));
  // Avalonia's standard rate raised from 20 % to 22 % on 2030-01-01 (the mini rule set's table: XA standard 20 from 2020-07-01).
  const raised = structuredClone(miniRuleData) as RuleData;
  const standard = raised.countries.find((c) => c.country === 'XA')!.jurisdictions[0]!.taxes[0]!.rates.standard!;
  standard.push({ ...standard.at(-1)!, from: '2030-01-01', rate: '22' });
  writeRules(raised, join(work, 'next'));
});

describe('diff --exit-code', () => {
  it('exits 1 when a result changes and 0 when none does; without it, 0 either way', async () => {
    expect((await cli(undefined, 'diff', 'base', 'next', '--exit-code')).code).toBe(1);
    expect((await cli(undefined, 'diff', 'base', 'base', '--exit-code')).code).toBe(0);
    expect((await cli(undefined, 'diff', 'base', 'next')).code).toBe(0);
  });

  it('with --json anywhere (before the command too): the changes as JSON, and the same exit status', async () => {
    const after = await cli(undefined, 'diff', 'base', 'next', '--exit-code', '--json');
    const before = await cli(undefined, '--json', 'diff', 'base', 'next', '--exit-code');
    expect(after.code).toBe(1);
    expect(before).toEqual(after);
    const diff = JSON.parse(after.out) as { cases: number; changes: { field: string; after: unknown }[] };
    expect(diff.changes.length).toBeGreaterThan(0);
    expect(diff.changes.some((c) => c.field === 'rates' && JSON.stringify(c.after).includes('VAT 22% (Avalonia)'))).toBe(true);
  });
});

describe('diff progress', () => {
  it('on a terminal: on the stderr stream, each step rewriting the line, cleared before the answer', async () => {
    const watched = await cli(true, 'diff', 'base', 'next', '--exit-code');
    const plain = await cli(false, 'diff', 'base', 'next', '--exit-code');
    const steps = watched.stream.split('\r\x1b[K');
    expect(steps[0]).toBe('');
    expect(steps.slice(1, 4)).toEqual([
      'taxrules diff: reading the base rules, base…',
      'taxrules diff: reading the next rules, next…',
      expect.stringMatching(/^taxrules diff: comparing [1-9][\d,]* cases…$/),
    ]);
    // Cleared: the last write erases the line, so the answer starts on a clean one.
    expect(steps.at(-1)).toBe('');
    const { cases } = JSON.parse((await cli(false, 'diff', 'base', 'next', '--json')).out) as { cases: number };
    const comparing = `taxrules diff: comparing ${cases.toLocaleString('en-US')} cases`;
    expect(steps[3]).toBe(`${comparing}…`);
    // Then the share of the cases compared, rising to 100 %, each rewriting the line.
    const shares = steps.slice(4, -1).map((step) => {
      expect(step).toMatch(new RegExp(`^${comparing}: \\d{1,3}%$`));
      return Number(/(\d+)%$/.exec(step)![1]);
    });
    expect(shares.length).toBeGreaterThan(1);
    expect(shares.length).toBeLessThanOrEqual(101);
    expect(shares.at(-1)).toBe(100);
    for (let i = 1; i < shares.length; i++) expect(shares[i]).toBeGreaterThanOrEqual(shares[i - 1]!);
    // The answer is the same watched or not, and nothing of the progress is in a line of stderr.
    expect({ code: watched.code, out: watched.out, err: watched.err }).toEqual({ code: plain.code, out: plain.out, err: plain.err });
    expect(watched.err).toBe('');
  });

  it('not on a terminal (a pipe, a file, a test without a stream): nothing', async () => {
    expect((await cli(false, 'diff', 'base', 'next')).stream).toBe('');
    const none = await cli(undefined, 'diff', 'base', 'next');
    expect(none.err).toBe('');
  });

  it('cleared when the diff is refused too', async () => {
    const r = await cli(true, 'diff', 'base', 'no/such/dir');
    expect(r.code).toBe(2);
    expect(r.stream.endsWith('\r\x1b[K')).toBe(true);
    expect(r.err).toMatch(/^taxrules: .*no\/such\/dir/);
  });
});

describe('diff arguments', () => {
  it('refuses a base that is neither a directory nor a git ref, never reading the path its text resolves to (HEAD:../next is not next)', async () => {
    // Read by its text alone, HEAD:../next is work/next: the same rules as next, "No changes", exit 0.
    const r = await cli(undefined, 'diff', 'HEAD:../next', 'next');
    expect(r.code).toBe(2);
    expect(r.out).not.toMatch(/No changes/);
    expect(r.err).toMatch(/HEAD:\.\.\/next.*neither a directory nor a git ref/);
    const n = await cli(undefined, 'diff', 'base', 'HEAD:../next');
    expect([n.code, n.err]).toEqual([2, expect.stringMatching(/HEAD:\.\.\/next is not a directory/)]);
  });

  it('refuses a directory that holds two sets of rule data', async () => {
    const both = join(work, 'both');
    writeRules(miniRuleData, join(both, 'one'));
    writeRules(miniRuleData, join(both, 'two'));
    const r = await cli(undefined, 'diff', 'both', 'next');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/more than one set of rule data/);
  });
});
