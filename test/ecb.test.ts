/**
 * `taxrules/ecb`: the ECB's euro reference rates as data (rules/fx/ecb.json) and the answers
 * read from them. The expected rates are the ECB's, as its eurofxref-hist.csv gives them
 * (2024-06-03: USD 1.0842, GBP 0.85175, JPY 170.09; 2024-06-07: USD 1.0898; 2024-03-28: USD
 * 1.0811; 2014-12-31: USD 1.2141; 2022-12-30: HRK 7.5365; 2022-03-01: RUB 117.201;
 * 2025-12-31: BGN 1.9558; 2018-02-01: ISK 125.01); derived rates are checked against an exact
 * BigInt division, not against decimal.js.
 */
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { computeTransaction, createCalculator, defineAccount } from '../src/index.js';
import { ecbConvert, ecbCrossRate, ecbExchangeRates, ecbReferenceRate, ecbReferenceRates, ECB_RATE_DIGITS, TaxRulesError } from '../src/ecb.js';
import { ecbTable, type EcbPack } from '../src/ecb/table.js';
import { exchangeRates, referenceRate } from '../src/ecb/rates.js';
import { exchangeTableIssues } from '../src/adapters/exchange-rates.js';
import { dateOfDay, dayNumber } from '../src/core/dates.js';
import { loadJsonRuleFile } from '../scripts/json-rule-file.js';
import { refused } from './helpers.js';

interface EcbFile {
  source: string;
  checked: string;
  first: string;
  last: string;
  days: string;
  rates: Record<string, string>;
}

const file = JSON.parse(readFileSync('rules/fx/ecb.json', 'utf8')) as EcbFile;
const days = file.days.split(' ');
const dayIndex = new Map(days.map((d, i) => [d, i]));
const series = new Map(Object.entries(file.rates).map(([c, text]) => [c, text.split(' ')]));

/** The file's rate of a currency on a publication day (null: not quoted, or no publication). */
function fileRate(currency: string, date: string): string | null {
  const i = dayIndex.get(date);
  const v = i === undefined ? undefined : series.get(currency)?.[i];
  return v === undefined || v === '-' ? null : v;
}

/** A decimal text as an integer and its scale. */
function units(text: string): [bigint, number] {
  const [whole, frac = ''] = text.split('.');
  return [BigInt(`${whole}${frac}`), frac.length];
}

/** a / b rounded half up to `digits` significant digits, exactly (BigInt), in plain notation. */
function quotient(a: string, b: string, digits = ECB_RATE_DIGITS): string {
  const [ua, sa] = units(a);
  const [ub, sb] = units(b);
  // a / b = num / den; q = num × 10^k / den is brought to `digits` digits before rounding.
  let num = ua * 10n ** BigInt(sb);
  let den = ub * 10n ** BigInt(sa);
  let k = 0;
  const low = 10n ** BigInt(digits - 1);
  while (num / den >= low * 10n) {
    den *= 10n;
    k--;
  }
  while (num / den < low) {
    num *= 10n;
    k++;
  }
  let q = num / den + ((num % den) * 2n >= den ? 1n : 0n);
  if (q === low * 10n) {
    q = low;
    k--;
  }
  const text = q.toString();
  const plain = k <= 0 ? text + '0'.repeat(-k) : k >= text.length ? `0.${'0'.repeat(k - text.length)}${text}` : `${text.slice(0, text.length - k)}.${text.slice(text.length - k)}`;
  return plain.includes('.') ? plain.replace(/0+$/, '').replace(/\.$/, '') : plain;
}

/** A pack of a few made-up publications (see EcbPack), for what the real data does not show. */
function miniPack(dates: string[], rates: Record<string, string>): EcbPack {
  const pack = (text: string) => `${text.length}:${deflateRawSync(Buffer.from(text, 'latin1')).toString('base64')}`;
  return {
    source: 'test',
    checked: dates[dates.length - 1] as string,
    first: dates[0] as string,
    last: dates[dates.length - 1] as string,
    days: pack(dates.join(' ')),
    rates: Object.fromEntries(Object.entries(rates).map(([c, r]) => [c, pack(r)])),
  };
}

describe('the data (rules/fx/ecb.json)', () => {
  it('holds to its schema and its shape: every day from 2015-01-01 to its last publication has a publication on or before it', () => {
    const { value, problems } = loadJsonRuleFile<EcbFile>('rules', 'fx/ecb.json', 'fx-ecb.schema.json');
    expect(problems).toEqual([]);
    expect(value?.source).toMatch(/^European Central Bank, euro foreign exchange reference rates, https:\/\/www\.ecb\.europa\.eu\//);
    expect(file.first <= '2015-01-01').toBe(true);
    expect(days[0]).toBe(file.first);
    expect(days[days.length - 1]).toBe(file.last);
    expect(file.checked >= file.last).toBe(true);
    for (let i = 1; i < days.length; i++) expect(days[i]! > days[i - 1]!, days[i]).toBe(true);
    for (const [currency, text] of Object.entries(file.rates)) {
      const values = text.split(' ');
      expect(values.length, currency).toBeLessThanOrEqual(days.length);
      expect(values[values.length - 1], currency).not.toBe('-');
    }
  });

  it('gives the rates of the ECB file', () => {
    expect(fileRate('USD', '2024-06-03')).toBe('1.0842');
    expect(fileRate('GBP', '2024-06-03')).toBe('0.85175');
    expect(fileRate('JPY', '2024-06-03')).toBe('170.09');
    expect(fileRate('USD', '2014-12-31')).toBe('1.2141');
    expect(fileRate('USD', '2024-03-29')).toBeNull(); // Good Friday: no publication
    expect(days).not.toContain('2024-03-29');
  });

  it('ships as the package reads it: src/ecb/data.ts gives every rate of every day of the file (rerun scripts/import-ecb.ts --module when not)', () => {
    expect(ecbReferenceRates).toMatchObject({ source: file.source, checked: file.checked, first: file.first, last: file.last });
    expect(ecbReferenceRates.currencies).toEqual(Object.keys(file.rates));
    for (const [currency, text] of Object.entries(file.rates)) {
      text.split(' ').forEach((rate, i) => {
        if (rate === '-') return;
        expect(ecbReferenceRate(currency, days[i]!), `${currency} ${days[i]}`).toMatchObject({ rate, published: days[i] });
      });
    }
  });
});

describe('ecbReferenceRate', () => {
  it('gives the rate the ECB published for the day, and says so', () => {
    expect(ecbReferenceRate('USD', '2024-06-03')).toEqual({ currency: 'USD', date: '2024-06-03', published: '2024-06-03', rate: '1.0842', source: file.source });
    expect(ecbReferenceRate('usd', '2024-06-03').currency).toBe('USD');
    expect(ecbReferenceRate('JPY', '2024-06-03').rate).toBe('170.09');
    expect(ecbReferenceRate('EUR', '2024-06-03')).toMatchObject({ rate: '1', published: '2024-06-03' });
  });

  it('takes the last publication before a day without one: a weekend, a TARGET closing day', () => {
    // Saturday and Sunday take Friday 2024-06-07's USD 1.0898.
    expect(ecbReferenceRate('USD', '2024-06-08')).toMatchObject({ published: '2024-06-07', rate: '1.0898', date: '2024-06-08' });
    expect(ecbReferenceRate('USD', '2024-06-09')).toMatchObject({ published: '2024-06-07', rate: '1.0898' });
    // Good Friday and Easter Monday 2024 take Thursday 2024-03-28's USD 1.0811.
    expect(ecbReferenceRate('USD', '2024-03-29')).toMatchObject({ published: '2024-03-28', rate: '1.0811' });
    expect(ecbReferenceRate('USD', '2024-04-01')).toMatchObject({ published: '2024-03-28', rate: '1.0811' });
    // 1 January 2015 takes 2014-12-31's USD 1.2141.
    expect(ecbReferenceRate('USD', '2015-01-01')).toMatchObject({ published: '2014-12-31', rate: '1.2141' });
  });

  it('refuses a day after the last publication or before the first (422), naming the range', () => {
    const after = refused(() => ecbReferenceRate('USD', dateOfDay(dayNumber(file.last) + 1)));
    expect(after).toMatchObject({ status: 422, code: 'unprocessable', field: 'date' });
    expect(after.message).toContain(`run from ${file.first} to ${file.last}`);
    expect(refused(() => ecbReferenceRate('USD', '2030-01-01')).message).toMatch(/2030-01-01 is after the last publication/);
    const before = refused(() => ecbReferenceRate('USD', '2014-12-30'));
    expect(before).toMatchObject({ status: 422, field: 'date' });
    expect(before.message).toContain(`run from ${file.first} to ${file.last}`);
    expect(ecbReferenceRate('USD', file.last).published).toBe(file.last);
  });

  it('refuses a currency the ECB does not quote (406), a malformed code or date (400)', () => {
    for (const code of ['XAU', 'AED', 'XXX']) expect(refused(() => ecbReferenceRate(code, '2024-06-03')), code).toMatchObject({ status: 406, code: 'invalid_value', field: 'currency' });
    expect(refused(() => ecbReferenceRate('AED', '2024-06-03')).message).toMatch(/AED has no ECB reference rate: the ECB quotes EUR against USD, JPY/);
    for (const code of ['US', 'USDX', '', 'U$D', 840]) expect(refused(() => ecbReferenceRate(code as string, '2024-06-03')), String(code)).toMatchObject({ status: 400, field: 'currency' });
    for (const date of ['2024-02-30', '2024-6-3', '20240603', null]) expect(refused(() => ecbReferenceRate('USD', date as string)), String(date)).toMatchObject({ status: 400, field: 'date' });
    expect(refused(() => ecbReferenceRate('USD', '2024-06-03x'))).toBeInstanceOf(TaxRulesError);
    // Every problem at once.
    expect(refused(() => ecbReferenceRate('US', '2024-02-30')).issues.map((i) => i.path.join('.'))).toEqual(['currency', 'date']);
  });

  it('ends a currency on its last publication, starts it on its first (422 outside, naming it)', () => {
    expect(ecbReferenceRate('HRK', '2022-12-30').rate).toBe('7.5365');
    expect(ecbReferenceRate('HRK', '2023-01-01').published).toBe('2022-12-30');
    const hrk = refused(() => ecbReferenceRate('HRK', '2023-01-02'));
    expect(hrk).toMatchObject({ status: 422, field: 'currency' });
    expect(hrk.message).toBe('the ECB published no HRK rate on 2023-01-02: its last was on 2022-12-30');
    expect(ecbReferenceRate('RUB', '2022-03-01').rate).toBe('117.201');
    expect(refused(() => ecbReferenceRate('RUB', '2022-03-02')).message).toMatch(/its last was on 2022-03-01$/);
    expect(ecbReferenceRate('BGN', '2025-12-31').rate).toBe('1.9558');
    expect(refused(() => ecbReferenceRate('BGN', '2026-01-02')).message).toMatch(/its last was on 2025-12-31$/);
    expect(ecbReferenceRate('ISK', '2018-02-01').rate).toBe('125.01');
    expect(refused(() => ecbReferenceRate('ISK', '2018-01-31')).message).toMatch(/its first was on 2018-02-01$/);
  });

  it('refuses a day a currency was not quoted between two of its quotes (a gap the real data does not have)', () => {
    const table = ecbTable(miniPack(['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05'], { USD: '1.1 - 1.2', JPY: '150 151 152 153' }));
    expect(referenceRate(table, 'USD', '2024-01-02').rate).toBe('1.1');
    expect(refused(() => referenceRate(table, 'USD', '2024-01-03')).message).toBe('the ECB published no USD rate on 2024-01-03');
    expect(referenceRate(table, 'USD', '2024-01-04')).toMatchObject({ rate: '1.2', published: '2024-01-04' });
    expect(refused(() => referenceRate(table, 'USD', '2024-01-05')).message).toBe('the ECB published no USD rate on 2024-01-05: its last was on 2024-01-04');
    expect(exchangeRates(table, '2024-01-02', '2024-01-05', { currencies: ['USD'] }).map((e) => [e.from, e.until, e.rate])).toEqual([
      ['2024-01-02', '2024-01-02', '0.9090909091'],
      ['2024-01-04', '2024-01-04', '0.8333333333'],
    ]);
  });
});

describe('ecbCrossRate', () => {
  it('divides the rate of one currency by the other, both of the same publication, rounded half up to 10 significant digits', () => {
    expect(ecbCrossRate('USD', 'GBP', '2024-06-03')).toEqual({ from: 'USD', to: 'GBP', date: '2024-06-03', published: '2024-06-03', rate: quotient('0.85175', '1.0842'), source: file.source });
    expect(ecbCrossRate('USD', 'GBP', '2024-06-03').rate).toBe('0.7856022874');
    expect(ecbCrossRate('EUR', 'GBP', '2024-06-03').rate).toBe('0.85175');
    expect(ecbCrossRate('GBP', 'EUR', '2024-06-03').rate).toBe(quotient('1', '0.85175'));
    expect(ecbCrossRate('JPY', 'USD', '2024-06-08')).toMatchObject({ published: '2024-06-07', rate: quotient(fileRate('USD', '2024-06-07')!, fileRate('JPY', '2024-06-07')!) });
    expect(ecbCrossRate('gbp', 'GBP', '2030-01-01')).toMatchObject({ rate: '1', published: '2030-01-01' });
  });

  it('agrees with an exact division for every pair of currencies on every fifth publication of 2024', () => {
    const currencies = ['EUR', ...Object.keys(file.rates)];
    for (const date of days.filter((d, i) => d.startsWith('2024-') && i % 5 === 0)) {
      for (const from of currencies) {
        for (const to of currencies) {
          const a = from === 'EUR' ? '1' : fileRate(from, date);
          const b = to === 'EUR' ? '1' : fileRate(to, date);
          if (a === null || b === null || from === to) continue;
          expect(ecbCrossRate(from, to, date).rate, `${from} ${to} ${date}`).toBe(from === 'EUR' ? b : quotient(b, a));
        }
      }
    }
  });

  it('refuses as ecbReferenceRate does, at from, to or date', () => {
    expect(refused(() => ecbCrossRate('AED', 'USD', '2024-06-03'))).toMatchObject({ status: 406, field: 'from' });
    expect(refused(() => ecbCrossRate('USD', 'HRK', '2024-06-03'))).toMatchObject({ status: 422, field: 'to' });
    expect(refused(() => ecbCrossRate('USD', 'GBP', '2030-01-01'))).toMatchObject({ status: 422, field: 'date' });
  });
});

describe('ecbExchangeRates', () => {
  const june = ecbExchangeRates('2024-06-01', '2024-06-30');

  it('is a table options.exchangeRates takes, covering each day once per currency with the publication it takes', () => {
    expect(exchangeTableIssues(june)).toEqual([]);
    const usd = june.filter((e) => e.currency === 'USD');
    for (let day = dayNumber('2024-06-01'); day <= dayNumber('2024-06-30'); day++) {
      const date = dateOfDay(day);
      const covering = usd.filter((e) => e.from! <= date && date <= e.until!);
      expect(covering, date).toHaveLength(1);
      expect(covering[0]!.rate, date).toBe(quotient('1', ecbReferenceRate('USD', date).rate));
    }
    expect(usd[0]).toEqual({ currency: 'USD', from: '2024-06-01', until: '2024-06-02', rate: quotient('1', '1.0852') }); // Friday 2024-05-31's
    expect(usd.find((e) => e.from === '2024-06-07')).toEqual({ currency: 'USD', from: '2024-06-07', until: '2024-06-09', rate: '0.9175995596' });
    // A pegged currency is one entry; one the ECB no longer quotes is none.
    expect(june.filter((e) => e.currency === 'BGN')).toEqual([{ currency: 'BGN', from: '2024-06-01', until: '2024-06-30', rate: quotient('1', '1.9558') }]);
    expect(june.some((e) => e.currency === 'HRK' || e.currency === 'EUR')).toBe(false);
  });

  it('gives cross rates for an account in another currency, EUR among them', () => {
    const gbp = ecbExchangeRates('2024-06-03', '2024-06-03', { account: 'GBP', currencies: ['EUR', 'USD', 'GBP'] });
    expect(gbp).toEqual([
      { currency: 'EUR', from: '2024-06-03', until: '2024-06-03', rate: '0.85175' },
      { currency: 'USD', from: '2024-06-03', until: '2024-06-03', rate: quotient('0.85175', '1.0842') },
    ]);
  });

  it('refuses days outside the data (422), malformed days or options (400), unknown currencies (406), a currency without a rate in the days (422)', () => {
    expect(refused(() => ecbExchangeRates('2024-06-01', '2030-01-01'))).toMatchObject({ status: 422, field: 'until' });
    expect(refused(() => ecbExchangeRates('2014-01-01', '2014-12-31'))).toMatchObject({ status: 422, field: 'from' });
    expect(refused(() => ecbExchangeRates('2024-06-30', '2024-06-01'))).toMatchObject({ status: 400, field: 'until' });
    expect(refused(() => ecbExchangeRates('2024-06-01', '2024-06-30', { curencies: ['USD'] } as never))).toMatchObject({ status: 400, field: 'options.curencies' });
    expect(refused(() => ecbExchangeRates('2024-06-01', '2024-06-30', { currencies: 'USD' } as never))).toMatchObject({ status: 400, field: 'options.currencies' });
    expect(refused(() => ecbExchangeRates('2024-06-01', '2024-06-30', { currencies: ['USD', 'AED'] }))).toMatchObject({ status: 406, field: 'options.currencies.1' });
    const hrk = refused(() => ecbExchangeRates('2024-06-01', '2024-06-30', { currencies: ['HRK'] }));
    expect(hrk).toMatchObject({ status: 422, field: 'options.currencies.0' });
    expect(hrk.message).toBe('the ECB published no HRK rate for the days 2024-06-01 to 2024-06-30: its last was on 2022-12-30');
    expect(refused(() => ecbExchangeRates('2024-06-01', '2024-06-30', { account: 'HRK' }))).toMatchObject({ status: 422, field: 'options.account' });
    expect(refused(() => ecbExchangeRates('2024-06-01', '2024-06-30', { currencies: ['USD', 'HRK', 'RUB'] })).issues.map((i) => i.path.join('.'))).toEqual(['options.currencies.1', 'options.currencies.2']);
    expect(refused(() => ecbExchangeRates('2024-13-01', '2024-06-30', { account: 'EU', currencies: ['AED'] })).issues.map((i) => [i.path.join('.'), i.code])).toEqual([
      ['from', 'malformed'],
      ['options.account', 'malformed'],
      ['options.currencies.0', 'invalid_value'],
    ]);
  });

  it('converts a USD sale of a EUR account at the ECB rate of its date (computeTransaction)', () => {
    const account = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }] });
    const sale = (date: string) =>
      computeTransaction(
        { source_id: `ch_${date}`, date, currency: 'USD', customer: { address: { country: 'IE' } }, items: [{ reference: 'book', amount: '100.00', tax_code: 'standard', product_type: 'good' }] },
        account,
        { exchangeRates: june },
      );
    // USD 123.00 (23 % VAT) at 1 / 1.0842 = 0.9223390518: EUR 113.45, the VAT USD 23.00 EUR 21.21.
    expect(sale('2024-06-03').exchange_rate).toMatchObject({ from: 'USD', to: 'EUR', rate: '0.9223390518', date: '2024-06-03', total: '113.45', total_tax: '21.21' });
    // A Saturday's sale at Friday's rate, 1 / 1.0898.
    expect(sale('2024-06-08').exchange_rate).toMatchObject({ rate: '0.9175995596', date: '2024-06-08' });
  });
});

describe('ecbConvert', () => {
  const seller = { country: 'US', postal_code: '98101', currency: 'EUR', registrations: [{ jurisdiction_id: 9000, valid_from: '2021-07-01', import_scheme: true }] };
  const goods = { to_country: 'DE', tax_code: 'standard', product_type: 'good', date: '2024-06-03', currency: 'USD' } as const;

  it('converts a value exactly at the cross rate of its day', () => {
    expect(ecbConvert({ amount: '162', currency: 'USD' }, 'EUR', '2024-06-03')).toBe('149.4189263916'); // 162 × 0.9223390518
    expect(ecbConvert({ amount: '100', currency: 'EUR' }, 'GBP', '2024-06-03')).toBe('85.175');
    expect(ecbConvert({ amount: '10.50', currency: 'usd' }, 'USD', '2024-06-03')).toBe('10.50');
    expect(refused(() => ecbConvert({ amount: '1e3', currency: 'USD' }, 'EUR', '2024-06-03'))).toMatchObject({ status: 400 });
  });

  it('lets a calculator check the import scheme\'s EUR 150 on a consignment in USD', () => {
    const calc = createCalculator({ convertCurrency: ecbConvert });
    // USD 162 is EUR 149.42 on 2024-06-03: within the limit, the seller charges the VAT; USD 163 (EUR 150.34) is above.
    expect(calc.calculateTaxRate({ ...goods, amount: '162' }, seller)).toMatchObject({ status: 'taxable', rate: 19 });
    expect(calc.calculateTaxRate({ ...goods, amount: '163' }, seller)).toMatchObject({ status: 'non_taxable', rate: 0 });
    // A day after the data: the converter's 422 names the range.
    const late = refused(() => calc.calculateTaxRate({ ...goods, amount: '162', date: '2030-01-01' }, seller));
    expect(late.status).toBe(422);
    expect(late.message).toContain(`run from ${file.first} to ${file.last}`);
  });
});

describe('the entries', () => {
  it('keeps the ECB data out of the main entry, and the engine out of taxrules/ecb', async () => {
    const bundle = async (entry: string) =>
      (await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'neutral', mainFields: ['module', 'main'], write: false, minifyWhitespace: true, minifySyntax: true })).outputFiles[0]!.text;
    const sample = /USD: '(\d+:[A-Za-z0-9+/]{40})/.exec(readFileSync('src/ecb/data.ts', 'utf8'))![1]!;
    const main = await bundle('src/index.ts');
    expect(main).not.toContain(sample);
    expect(main).not.toContain('euro_reference_exchange_rates');
    const ecb = await bundle('src/ecb.ts');
    expect(ecb).toContain(sample);
    expect(ecb).not.toMatch(/createRuleSet/);
    expect(ecb.length).toBeLessThan(400_000);
  });
});
