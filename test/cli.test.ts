import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../src/cli/main.js';

function cli(...args: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = run(args, (s) => (out += `${s}\n`), (s) => (err += `${s}\n`));
  return { code, out, err };
}

describe('taxrules CLI', () => {
  it('prints the v20241028 response of a quote with the demo seller, and says so', () => {
    const r = cli('quote', 'to_country=DE&tax_code=ebook&amount=100&date=2026-06-01');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ name: 'VAT', rate: 7, tax_amount: 7, total_amount: 107, status: 'taxable', country: 'DE' });
    expect(r.err).toMatch(/demo seller/);
  });

  it('takes the parameters as flags too', () => {
    const r = cli('quote', '--to-country', 'FR', '--tax-code', 'saas', '--amount', '10', '--date', '2026-06-01');
    expect(JSON.parse(r.out)).toMatchObject({ rate: 20, tax_amount: 2 });
  });

  it('uses the registrations of --account', () => {
    const dir = mkdtempSync(join(tmpdir(), 'taxrules-'));
    const file = join(dir, 'account.json');
    writeFileSync(file, JSON.stringify({ country: 'DE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }] }));
    const r = cli('quote', 'to_country=CH&tax_code=eservice&date=2026-06-01', '--account', file);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ status: 'not_registered', rate: 0 });
    expect(r.err).toBe('');
  });

  it('explains a result with its reason and source', () => {
    const r = cli('quote', 'to_country=DE&to_postal_code=27498&date=2026-06-01', '--explain');
    expect(JSON.parse(r.out)).toMatchObject({ status: 'non_taxable', reason: 'excluded_territory', territory: { name: expect.stringMatching(/Heligoland/) } });
  });

  it('prints refused input as a JSON error and exits 1', () => {
    const r = cli('quote', 'tax_code=books');
    expect(r.code).toBe(1);
    const body = JSON.parse(r.err.slice(r.err.indexOf('{'))) as { error: { status: number; issues: { path: string[] }[] } };
    expect(body.error.status).toBe(400);
    expect(body.error.issues.map((i) => i.path[0]).sort()).toEqual(['tax_code', 'to_country']);
  });

  it('lists jurisdictions and tax codes', () => {
    expect(JSON.parse(cli('jurisdictions', '--country', 'CA', '--region', 'QC').out)).toEqual([{ id: 124024, name: 'Quebec', country: 'CA', region: 'QC' }]);
    expect(JSON.parse(cli('tax-codes').out)).toHaveLength(7);
    expect(JSON.parse(cli('jurisdiction', '276').out)).toEqual({ id: 276, name: 'Germany', country: 'DE', region: '' });
  });

  it('answers usage errors with exit status 2', () => {
    expect(cli().code).toBe(2);
    expect(cli('frobnicate').code).toBe(2);
    expect(cli('quote', '--bogus', 'x').code).toBe(2);
    expect(cli('quote', '--amount').code).toBe(2);
  });
});
