/** `rateChanges` (taxrules/testing) and `taxrules changes`: the dated rate changes the rules record between two days. */
import { describe, expect, it } from 'vitest';
import { rateChanges, formatRateChanges } from '../src/testing.js';
import { defaultRuleSet } from '../src/default-rules.js';
import { run } from '../src/cli/main.js';
import { refused } from './helpers.js';

const data = defaultRuleSet.data;

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await run(args, { out: (s) => (out += `${s}\n`), err: (s) => (err += `${s}\n`) });
  return { code, out, err };
}

describe('rateChanges', () => {
  it('lists national, state and US local changes with the rates before and after, their day and source', () => {
    const changes = rateChanges(data, { from: '2024-12-31', until: '2026-06-30' });
    expect(changes).toContainEqual(expect.objectContaining({ country: 'EE', region: null, tax: 'VAT', rateClass: 'standard', from: '2025-07-01', before: '22', after: '24' }));
    expect(changes).toContainEqual(expect.objectContaining({ country: 'US', region: 'LA', jurisdiction: expect.objectContaining({ name: 'Louisiana', level: 'state' }), from: '2025-01-01', before: '4.45', after: '5' }));
    // Santa Clara County's Measure A, a local change with its source's text.
    const scc = changes.find((c) => c.region === 'CA' && c.jurisdiction.name === 'Santa Clara County');
    expect(scc).toMatchObject({ tax: 'Local sales tax', rateClass: null, from: '2026-04-01', before: '1.875', after: '2.5', source: expect.stringContaining('Measure A') });
    // Sorted by country, region and day.
    const keys = changes.map((c) => `${c.country}|${c.region ?? ''}|${c.from}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('takes changes after from and up to until, filtered by country and region', () => {
    const day = (from: string, until: string) => rateChanges(data, { from, until, country: 'EE' }).map((c) => c.from);
    expect(day('2025-06-30', '2025-07-01')).toEqual(['2025-07-01']);
    expect(day('2025-07-01', '2025-12-31')).toEqual([]);
    const ca = rateChanges(data, { from: '2025-06-30', until: '2026-06-30', country: 'US', region: 'CA' });
    expect(ca.length).toBeGreaterThan(0);
    expect(ca.every((c) => c.country === 'US' && c.region === 'CA')).toBe(true);
    // A period that only begins the records is no change: Texas's local rates start on 2026-05-04.
    expect(rateChanges(data, { from: '2026-01-01', until: '2026-05-31', country: 'US', region: 'TX' })).toEqual([]);
  });

  it('refuses options that are not two calendar days in order, an unknown option and data that is none (400)', () => {
    expect(refused(() => rateChanges(data, { from: '2026-06-30', until: '2025-06-30' })).message).toMatch(/options.until "2025-06-30" is before options.from/);
    expect(refused(() => rateChanges(data, { until: '2025-06-30' } as never)).message).toMatch(/options.from is required/);
    expect(refused(() => rateChanges(data, { from: '2025-02-30', until: '2025-06-30' })).status).toBe(400);
    expect(refused(() => rateChanges(data, { from: '2025-01-01', until: '2025-06-30', to: 'x' } as never)).message).toMatch(/to/);
    expect(refused(() => rateChanges(null as never, { from: '2025-01-01', until: '2025-06-30' })).message).toMatch(/data must be rule data/);
  });

  it('formats a heading per country and region with its count', () => {
    const text = formatRateChanges(rateChanges(data, { from: '2025-06-30', until: '2025-07-01', country: 'EE' }), '2025-06-30', '2025-07-01');
    expect(text).toBe('1 rate change(s) after 2025-06-30 up to 2025-07-01:\n\nEE: 1 change(s)\n  2025-07-01  Estonia (country), VAT standard: 22 % → 24 %\n');
    expect(formatRateChanges([], '2025-07-01', '2025-07-02')).toBe('No rate changes after 2025-07-01 up to 2025-07-02.\n');
  });
});

describe('taxrules changes', () => {
  it('prints the changes, or them as JSON, and refuses a command line without both days', async () => {
    const text = await cli('changes', '--from', '2025-06-30', '--until', '2025-07-01', '--country', 'ee');
    expect([text.code, text.out]).toEqual([0, '1 rate change(s) after 2025-06-30 up to 2025-07-01:\n\nEE: 1 change(s)\n  2025-07-01  Estonia (country), VAT standard: 22 % → 24 %\n']);
    const json = await cli('changes', '--from', '2025-06-30', '--until', '2026-06-30', '--country', 'US', '--region', 'CA', '--json');
    expect(JSON.parse(json.out).every((c: { region: string }) => c.region === 'CA')).toBe(true);
    const none = await cli('changes', '--from', '2024-12-31', '--until', '2025-01-01', '--country', 'US', '--region', 'none');
    expect(none.out).not.toContain('US-');
    const missing = await cli('changes', '--from', '2025-06-30');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('changes needs --from and --until');
  });
});

describe('formatRateChanges', () => {
  it('refuses what rateChanges does not give (400), naming it', () => {
    expect(refused(() => formatRateChanges('x' as never, '2025-01-01', '2025-02-01')).message).toMatch(/changes must be an array of rate changes/);
    expect(refused(() => formatRateChanges([{ country: 'EE' }] as never, '2025-01-01', '2025-02-01')).message).toMatch(/changes\[0\] must be a rate change/);
    expect(refused(() => formatRateChanges([], '2025-13-01', '2025-02-01')).message).toMatch(/from must be a calendar date/);
  });
});
