/** ratesAt, rateTable and `taxrules rates`: every tax at a place on a day, read from the rules and decisions the quotes use. */
import { describe, expect, it } from 'vitest';
import { explainTaxRate, ratesAt, rateTable, rateTableCsv, RATE_TABLE_HEADER, rulesInfo, TaxRulesError, type PlaceRates } from '../src/index.js';
import { run } from '../src/cli/main.js';
import { miniRules } from './support/mini-rules.js';
import { refused, registeredEverywhere } from './helpers.js';

const mini = { rules: miniRules };
const RATE_SOURCE = 'Test data: fictional rate for the logic tests';
const byJurisdiction = (r: PlaceRates, id: number) => r.taxes.find((t) => t.jurisdiction.id === id);

describe('ratesAt on the test rules', () => {
  it('gives a country’s tax with its classes in force on the day, their sources and the codes at each', () => {
    const xa = ratesAt({ country: 'XA', date: '2026-06-01' }, mini);
    expect(xa.taxes.map((t) => [t.name, t.jurisdiction.id, t.group])).toEqual([['VAT', 901, 'main']]);
    const vat = xa.taxes[0]!;
    const standard = vat.classes.find((c) => c.rateClass === 'standard')!;
    expect(standard).toMatchObject({ rate: '20', from: '2020-07-01', source: RATE_SOURCE });
    expect(standard.taxCodes).toEqual(expect.arrayContaining(['standard']));
    const reduced = vat.classes.find((c) => c.rateClass === 'reduced')!;
    expect(reduced).toMatchObject({ rate: '10', from: '2010-01-01' });
    // E-books at the reduced rate from 2019, food reduced, clothing reduced2, books zero-rated (table of mini-rules.ts).
    expect(reduced.taxCodes).toEqual(expect.arrayContaining(['reduced', 'ebook', 'food']));
    expect(vat.classes.find((c) => c.rateClass === 'reduced2')).toMatchObject({ rate: '5' });
    expect(vat.classes.find((c) => c.rateClass === 'reduced2')!.taxCodes).toContain('clothing');
    expect(vat.untaxed.find((u) => u.taxCodes.includes('newspapers'))?.treatment).toBe('exempt');
    expect(vat.untaxed.find((u) => u.taxCodes.includes('exempt'))).toBeDefined();
    expect(xa.rules).toEqual({ version: rulesInfo(miniRules).version, checked: rulesInfo(miniRules).jurisdictions.XA });
  });

  it('follows the day: the rate before a change, and a code before its class', () => {
    const before = ratesAt({ country: 'XA', date: '2018-06-01' }, mini).taxes[0]!;
    expect(before.classes.find((c) => c.rateClass === 'standard')).toMatchObject({ rate: '18', from: '2010-01-01' });
    expect(before.classes.find((c) => c.rateClass === 'standard')!.taxCodes).toContain('ebook');
  });

  it('lists a state’s tax and each local tax of a ZIP code’s rate area, with their jurisdictions', () => {
    const r = ratesAt({ country: 'XD', postal_code: '10001', date: '2026-06-01' }, mini);
    expect(r.region).toBe('NO');
    expect(r.local).toMatchObject({ county: 'Redwood County', city: 'Lakeside', match: 'zip' });
    expect(r.taxes.map((t) => [t.jurisdiction.id, t.jurisdiction.level, t.classes.find((c) => c.rateClass === 'standard')?.rate])).toEqual([
      [904001, 'state', '6'],
      [90401001, 'county', '1'],
      [9040100100, 'city', '1.5'],
      [90401000001, 'district', '0.5'],
    ]);
  });

  it('gives an additional tax apart, with the codes it does not tax', () => {
    const r = ratesAt({ country: 'XC', postal_code: '1234', date: '2026-06-01' }, mini);
    expect(r.taxes.map((t) => [t.name, t.group])).toEqual([['GST', 'main'], ['PST', 'additional']]);
    const pst = byJurisdiction(r, 903001)!;
    expect(pst.classes.find((c) => c.rateClass === 'standard')).toMatchObject({ rate: '7', from: '2016-01-01' });
    expect(pst.untaxed.find((u) => u.taxCodes.includes('consulting'))?.treatment).toBe('not_charged');
    expect(byJurisdiction(r, 903)!.classes.find((c) => c.rateClass === 'standard')!.taxCodes).toContain('consulting');
  });

  it('refuses a place it cannot read: 400 malformed or missing, 406 an unknown country or postal code', () => {
    expect(refused(() => ratesAt({ country: 'XA' } as never, mini)).status).toBe(400);
    expect(refused(() => ratesAt({ country: 'XA', date: '2026-02-30' }, mini)).status).toBe(400);
    const typo = refused(() => ratesAt({ contry: 'XA', date: '2026-06-01' } as never, mini));
    expect(typo.status).toBe(400);
    expect(typo.message).toContain('country');
    expect(refused(() => ratesAt({ country: 'QQ', date: '2026-06-01' }, mini)).status).toBe(406);
    expect(refused(() => ratesAt({ country: 'XD', postal_code: '99999', date: '2026-06-01' }, mini)).status).toBe(406);
    expect(refused(() => ratesAt(null as never)).status).toBe(400);
    expect(refused(() => ratesAt({ country: 'XA', date: '2026-06-01' }, { rules: {} as never })).status).toBe(400);
  });
});

describe('ratesAt on the shipped rules: what the quotes charge', () => {
  /** Every code a place lists at a class of a main tax is quoted at the sum of those classes' rates. */
  function agreesWithQuotes(r: PlaceRates, postal: string | undefined, currency: string): void {
    const sums = new Map<string, number>();
    for (const t of r.taxes) {
      if (t.group !== 'main') continue;
      for (const c of t.classes) for (const code of c.taxCodes) sums.set(code, (sums.get(code) ?? 0) + Number(c.rate));
    }
    expect(sums.size).toBeGreaterThan(5);
    const account = registeredEverywhere(r.country, postal, currency);
    for (const [label, sum] of sums) {
      const [code, type] = label.split(' (') as [string, string | undefined];
      const productType = type ? type.replace(')', '') : undefined;
      const query = { to_country: r.country, ...(postal ? { to_postal_code: postal } : {}), tax_code: code, ...(productType ? { product_type: productType } : {}), date: r.date, currency };
      const quoted = explainTaxRate(query as never, account).lines.filter((l) => l.group === 'main').reduce((n, l) => n + Number(l.rate), 0);
      expect(quoted, `${r.country} ${postal ?? ''} ${label}`).toBeCloseTo(sum, 6);
    }
  }

  it('New York City (10001): the state, city and district rates, each code at the rate a quote charges', () => {
    const r = ratesAt({ country: 'US', postal_code: '10001', date: '2026-10-01' });
    expect(r.local).toMatchObject({ city: 'New York', match: 'zip' });
    expect(r.taxes.map((t) => t.jurisdiction.level)).toEqual(['state', 'city', 'district']);
    expect(r.taxes[0]!.untaxed.find((u) => u.treatment === 'exempt')!.taxCodes).toContain('food');
    agreesWithQuotes(r, '10001', 'USD');
  });

  it('Madeira: Portugal’s VAT at Madeira’s own rates, as quotes charge them', () => {
    const r = ratesAt({ country: 'PT', postal_code: '9000-001', date: '2027-01-01' });
    expect(r.territory).toMatchObject({ name: 'Madeira' });
    const standard = r.taxes[0]!.classes.find((c) => c.rateClass === 'standard')!;
    const mainland = ratesAt({ country: 'PT', date: '2027-01-01' }).taxes[0]!.classes.find((c) => c.rateClass === 'standard')!;
    expect(Number(standard.rate)).toBeLessThan(Number(mainland.rate));
    agreesWithQuotes(r, '9000-001', 'EUR');
    agreesWithQuotes(ratesAt({ country: 'DE', date: '2026-06-01' }), undefined, 'EUR');
  });
});

describe('rateTable and rateTableCsv', () => {
  it('gives every rate class in force on a day, local and territories’ own rates included, as the places do', () => {
    const rows = rateTable('2026-10-01');
    const de = rows.filter((r) => r.country === 'DE' && r.territory === null);
    const place = ratesAt({ country: 'DE', date: '2026-10-01' }).taxes[0]!.classes;
    expect(de.map((r) => [r.rate_class, r.rate, r.from, r.source])).toEqual(place.map((c) => [c.rateClass, c.rate, c.from, c.source]));
    expect(rows.some((r) => r.level === 'district' && r.country === 'US')).toBe(true);
    const madeira = rows.filter((r) => r.territory === 'PT-MADEI').map((r) => [r.rate_class, r.rate]);
    const atMadeira = ratesAt({ country: 'PT', postal_code: '9000-001', date: '2026-10-01' }).taxes[0]!.classes.map((c) => [c.rateClass, c.rate]);
    expect(madeira).toEqual(atMadeira);
    expect(rateTable('2026-10-01', mini).every((r) => r.country.startsWith('X'))).toBe(true);
    expect(refused(() => rateTable('2026-13-01')).status).toBe(400);
  });

  it('writes CSV with a header and fields quoted where they hold a comma or a quote', () => {
    const rows = rateTable('2026-10-01', mini);
    const csv = rateTableCsv([...rows, { ...rows[0]!, jurisdiction: 'A "quoted", name' }]).split('\n');
    expect(csv[0]).toBe(RATE_TABLE_HEADER.join(','));
    expect(csv).toHaveLength(rows.length + 2);
    expect(csv.at(-1)).toContain('"A ""quoted"", name"');
    expect(() => rateTableCsv('x' as never)).toThrow(TaxRulesError);
  });
});

describe('taxrules rates', () => {
  async function cli(...args: string[]) {
    let out = '';
    let err = '';
    const code = await run(args, { out: (s) => (out += `${s}\n`), err: (s) => (err += `${s}\n`) });
    return { code, out, err };
  }

  it('prints the taxes of a ZIP code, a country and a postal code, or a region; --json is ratesAt’s answer', async () => {
    const text = await cli('rates', '10001', '--date', '2026-10-01');
    expect(text.code).toBe(0);
    expect(text.out).toContain('Sales tax (main) · New York (state 840036)');
    expect(text.out).toContain('Metropolitan Commuter Transportation District');
    const asJson = await cli('rates', 'PT:9000-001', '--date', '2027-01-01', '--json');
    expect(JSON.parse(asJson.out)).toEqual(JSON.parse(JSON.stringify(ratesAt({ country: 'PT', postal_code: '9000-001', date: '2027-01-01' }))));
    const region = JSON.parse((await cli('rates', 'us-ca', '--date', '2026-10-01', '--json')).out) as PlaceRates;
    expect(region).toMatchObject({ country: 'US', region: 'CA', local: { match: 'none' } });
  });

  it('prints the whole table of a day with --all --csv', async () => {
    const all = await cli('rates', '--all', '--csv', '--date', '2026-10-01');
    expect(all.code).toBe(0);
    expect(all.out.trimEnd()).toBe(rateTableCsv(rateTable('2026-10-01')));
  });

  it('refuses a PLACE it cannot read (2), or a country that is none (1)', async () => {
    expect((await cli('rates')).code).toBe(2);
    expect((await cli('rates', 'nowhere!')).code).toBe(2);
    expect((await cli('rates', 'DE', '--csv')).code).toBe(2);
    expect((await cli('rates', 'QQ')).code).toBe(1);
    expect((await cli('rates', 'DE', '--date', '2026-02-30')).code).toBe(1);
  });
});
