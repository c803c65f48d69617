/** Tax-ID modules outside the EU VAT family: published example numbers, a wrong check digit, a wrong length, separators. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { taxIdModules, validateTaxId } from '../src/index.js';

interface Case {
  country: string;
  kind: string;
  /** Valid numbers as written, each with its canonical form, and where the example comes from. */
  valid: [written: string, normalized: string][];
  source: string;
  /** The first valid number with its check digit changed. */
  checksum: string;
  /** Too short or too long. */
  length: string;
}

const CASES: Case[] = [
  {
    country: 'BR',
    kind: 'br_cnpj',
    valid: [
      ['00.000.000/0001-91', '00000000000191'],
      ['12.ABC.345/01DE-35', '12ABC34501DE35'],
      ['BR 16.727.230/0001-97', '16727230000197'],
    ],
    source: 'Banco do Brasil; the Receita Federal example of an alphanumeric CNPJ; python-stdnum',
    checksum: '00.000.000/0001-92',
    length: '000.000.000-00',
  },
  {
    country: 'AR',
    kind: 'ar_cuit',
    valid: [
      ['33-69345023-9', '33693450239'],
      ['20-05536168-2', '20055361682'],
    ],
    source: 'AFIP’s own CUIT; python-stdnum',
    checksum: '33-69345023-8',
    length: '33-6934502-9',
  },
  {
    country: 'CL',
    kind: 'cl_rut',
    valid: [
      ['60.803.000-K', '60803000K'],
      ['CL 76.086.428-5', '760864285'],
    ],
    source: 'the SII’s own RUT; python-stdnum',
    checksum: '60.803.000-1',
    length: '803.000-K',
  },
  {
    country: 'CO',
    kind: 'co_nit',
    valid: [
      ['800.197.268-4', '8001972684'],
      ['213.123.432-1', '2131234321'],
    ],
    source: 'the DIAN’s own NIT; python-stdnum',
    checksum: '800.197.268-5',
    length: '197.268-4',
  },
  {
    country: 'PE',
    kind: 'pe_ruc',
    valid: [['20131312955', '20131312955']],
    source: 'SUNAT’s own RUC',
    checksum: '20131312956',
    length: '2013131295',
  },
  {
    country: 'RU',
    kind: 'ru_inn',
    valid: [
      ['7707329152', '7707329152'],
      ['RU 1234567894', '1234567894'],
      ['123456789047', '123456789047'],
    ],
    source: 'the Federal Tax Service’s own INN; python-stdnum (10 and 12 digits)',
    checksum: '7707329153',
    length: '77073291',
  },
  {
    country: 'UA',
    kind: 'ua_edrpou',
    valid: [
      ['14360570', '14360570'],
      ['UA 32855961', '32855961'],
    ],
    source: 'PrivatBank; python-stdnum',
    checksum: '14360571',
    length: '1436057',
  },
  {
    country: 'TW',
    kind: 'tw_ubn',
    valid: [
      ['22099131', '22099131'],
      ['0050150-8', '00501508'],
    ],
    source: 'TSMC; a number valid under the 2023 rule only (total 15, divisible by 5, not by 10)',
    checksum: '22099132',
    length: '2209913',
  },
  {
    country: 'TH',
    kind: 'th_tin',
    valid: [
      ['0-99-4-000-61772-1', '0994000617721'],
      ['3 1006 00445 63 5', '3100600445635'],
    ],
    source: 'python-stdnum (a juristic person, a person)',
    checksum: '0-99-4-000-61772-3',
    length: '099400061772',
  },
  {
    country: 'ID',
    kind: 'id_npwp',
    valid: [
      ['01.312.166.0-091.000', '013121660091000'],
      ['0013121660091000', '0013121660091000'],
      ['3171011708450001', '3171011708450001'],
    ],
    source: 'python-stdnum (15 digits; the same number in its 16-digit form; a NIK)',
    checksum: '01.312.166.1-091.000',
    length: '01.312.166.0-091.00',
  },
  {
    country: 'CN',
    kind: 'cn_uscc',
    valid: [['91 110000 600037341L', '91110000600037341L']],
    source: 'python-stdnum',
    checksum: '91110000600037341N',
    length: '91110000600037341',
  },
  {
    country: 'IL',
    kind: 'il_hp',
    valid: [
      ['520013954', '520013954'],
      ['51-617915-7', '516179157'],
    ],
    source: 'Teva Pharmaceutical Industries; python-stdnum',
    checksum: '520013955',
    length: '52001395',
  },
];

describe('tax-ID modules of the world', () => {
  for (const c of CASES) {
    describe(`${c.country} (${c.kind})`, () => {
      it(`accepts published numbers (${c.source}), written with separators, in any case`, () => {
        for (const [written, normalized] of c.valid) {
          expect(validateTaxId(c.country, written), written).toEqual({ valid: true, country: c.country, normalized, kind: c.kind });
          expect(validateTaxId(c.country, written.toLowerCase()).normalized, written).toBe(normalized);
          expect(validateTaxId(c.country, normalized).normalized, written).toBe(normalized);
          expect(validateTaxId(c.country, ` ${[...normalized].join(' ')} `).normalized, written).toBe(normalized);
        }
      });

      it('refuses a wrong check digit and a wrong length, saying which', () => {
        expect(validateTaxId(c.country, c.checksum)).toEqual({ valid: false, country: c.country, normalized: null, kind: c.kind, reason: 'checksum' });
        expect(validateTaxId(c.country, c.length)).toMatchObject({ valid: false, reason: 'length' });
      });

      it('names the number as the country does', () => {
        const module = taxIdModules.find((m) => m.country === c.country);
        expect(module?.names?.[c.kind]).toEqual(expect.any(String));
      });
    });
  }

  it('Brazil: the alphanumeric CNPJ takes letters in its first 12 characters only, and an establishment number other than 0000', () => {
    expect(validateTaxId('BR', '12.ABC.345/01DE-AB')).toMatchObject({ valid: false, reason: 'format' });
    expect(validateTaxId('BR', '12.345.678/0000-95')).toMatchObject({ valid: false, reason: 'format' });
    // A CPF is a person's number, not a business's (as the TCKN for Turkey, the CNP for Romania).
    expect(validateTaxId('BR', '111.444.777-35')).toMatchObject({ valid: false, reason: 'length' });
  });

  it('Taiwan: the 7th digit 7 lets its product count as 1 or 0', () => {
    // 1 0 0 0 0 0 7 3: products 1 0 0 0 0 0 28 3, digit sums 1 + 10 + 3 = 14, +1 = 15.
    expect(validateTaxId('TW', '10000073')).toMatchObject({ valid: true });
  });

  it('Russia: both check digits of a 12-digit INN count', () => {
    expect(validateTaxId('RU', '123456789037')).toMatchObject({ valid: false, reason: 'checksum' });
  });

  it('Israel: a number not starting with 5 is an authorised dealer’s identity number', () => {
    // 000000018 passes the check digit; 000000019 does not.
    expect(validateTaxId('IL', '000000018')).toMatchObject({ valid: true, kind: 'il_osek' });
    expect(validateTaxId('IL', '000000019')).toMatchObject({ valid: false, kind: 'il_osek', reason: 'checksum' });
  });

  it('the README counts the modules and has a row for each country', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toContain(`\`taxIdModules\` holds ${taxIdModules.length} validators`);
    const section = readme.slice(readme.indexOf('## Tax IDs'), readme.indexOf('In both calculation forms'));
    for (const c of CASES) expect(section, c.country).toMatch(new RegExp(`^\\| ${c.country} \\|.*\`${c.kind}\``, 'm'));
  });

  it('every module names each kind of number it returns', () => {
    for (const m of taxIdModules) expect(Object.keys(m.names ?? {}).length, m.country).toBeGreaterThan(0);
  });
});
