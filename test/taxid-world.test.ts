/** Tax-ID modules outside the EU VAT family: published example numbers, a wrong check digit, a wrong length, separators. */
import { docsText } from './support/docs.js';
import { describe, expect, it } from 'vitest';
import { taxIdModules, validateTaxId } from '../src/index.js';

interface Case {
  country: string;
  kind: string;
  /** Valid numbers as written, each with its canonical form, and where the example comes from. */
  valid: [written: string, normalized: string][];
  source: string;
  /** The first valid number with its check digit changed (numbers with a published check). */
  checksum?: string;
  /** A number of the wrong shape (format-only numbers). */
  format?: string;
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
  {
    country: 'EC',
    kind: 'ec_ruc',
    valid: [
      ['1710034065001', '1710034065001'],
      ['1792060346-001', '1792060346001'],
    ],
    source: 'a person’s RUC (cédula + 001); a company’s, python-stdnum',
    checksum: '1710034066001',
    length: '171003406500',
  },
  {
    country: 'UY',
    kind: 'uy_rut',
    valid: [
      ['21-100342-001-7', '211003420017'],
      ['UY 21 140634 001 1', '211406340011'],
    ],
    source: 'python-stdnum',
    checksum: '21-100342-001-8',
    length: '21100342001',
  },
  {
    country: 'PY',
    kind: 'py_ruc',
    valid: [
      ['80028061-0', '800280610'],
      ['2660-3', '26603'],
    ],
    source: 'python-stdnum',
    checksum: '80028061-1',
    length: '660-3',
  },
  {
    country: 'DO',
    kind: 'do_rnc',
    valid: [
      ['401-50625-4', '401506254'],
      ['1-01-85004-3', '101850043'],
    ],
    source: 'the DGII’s own RNC; python-stdnum',
    checksum: '401-50625-5',
    length: '401-5062-4',
  },
  {
    country: 'GT',
    kind: 'gt_nit',
    valid: [
      ['576937-K', '576937K'],
      ['7108-0', '71080'],
    ],
    source: 'python-stdnum (a K check character, a short NIT)',
    checksum: '576937-1',
    length: '1234567890123',
  },
  {
    country: 'SV',
    kind: 'sv_nit',
    valid: [
      ['0614-050707-104-8', '06140507071048'],
      ['0614-050707-001-1', '06140507070011'],
    ],
    source: 'python-stdnum and stdnum-js (a serial over 100, the newer check; one up to 100, the older)',
    checksum: '0614-050707-104-0',
    length: '0614-050707-104',
  },
  {
    country: 'VE',
    kind: 've_rif',
    valid: [
      ['G-20000303-0', 'G200003030'],
      ['V-11470283-4', 'V114702834'],
    ],
    source: 'SENIAT’s own RIF; python-stdnum',
    checksum: 'G-20000303-1',
    length: 'G-2000030-0',
  },
  {
    country: 'RS',
    kind: 'rs_pib',
    valid: [['RS101134702', '101134702']],
    source: 'python-stdnum',
    checksum: '101134703',
    length: '10113470',
  },
  {
    country: 'ME',
    kind: 'me_pib',
    valid: [['02655284', '02655284']],
    source: 'python-stdnum',
    checksum: '02655283',
    length: '0265528',
  },
  {
    country: 'MK',
    kind: 'mk_edb',
    valid: [
      ['MK4030000375897', '4030000375897'],
      ['МК 4020990116747', '4020990116747'],
    ],
    source: 'python-stdnum (with the prefix in Latin and in Cyrillic letters)',
    checksum: '4030000375890',
    length: '403000037589',
  },
  {
    country: 'MD',
    kind: 'md_idno',
    valid: [['1008600038413', '1008600038413']],
    source: 'python-stdnum',
    checksum: '1008600038412',
    length: '100860003841',
  },
  {
    country: 'KZ',
    kind: 'kz_bin',
    valid: [
      ['971240001315', '971240001315'],
      ['940140000385', '940140000385'],
    ],
    source: 'Kaspi Bank; Halyk Bank',
    checksum: '971240001316',
    length: '97124000131',
  },
  {
    country: 'VN',
    kind: 'vn_mst',
    valid: [
      ['0100233488', '0100233488'],
      ['0314409058-002', '0314409058002'],
    ],
    source: 'python-stdnum (a head office, a branch)',
    checksum: '0100233480',
    length: '010023348',
  },
  {
    country: 'BY',
    kind: 'by_unp',
    valid: [
      ['591705582', '591705582'],
      ['УНП 591705582', '591705582'],
    ],
    source: 'python-stdnum',
    checksum: '591705583',
    length: '59170558',
  },
  {
    country: 'GH',
    kind: 'gh_tin',
    valid: [['C0000803561', 'C0000803561']],
    source: 'python-stdnum',
    checksum: 'C0000803562',
    length: 'C000080356',
  },
  {
    country: 'MA',
    kind: 'ma_ice',
    valid: [['00 21 36 09 30 00 040', '002136093000040']],
    source: 'python-stdnum',
    checksum: '002136093000041',
    length: '00213609300004',
  },
  {
    country: 'AL',
    kind: 'al_nipt',
    valid: [
      ['J91402501L', 'J91402501L'],
      ['AL K22218003V', 'K22218003V'],
    ],
    source: 'python-stdnum',
    format: 'Z22218003V',
    length: 'J9140250L',
  },
  {
    country: 'AZ',
    kind: 'az_voen',
    valid: [
      ['1400057421', '1400057421'],
      ['300725012', '0300725012'],
    ],
    source: 'python-stdnum (one written without its leading 0)',
    format: '1400057424',
    length: '14000574',
  },
  {
    country: 'EG',
    kind: 'eg_tn',
    valid: [
      ['100-531-385', '100531385'],
      ['٣٣١-١٠٥-٢٦٨', '331105268'],
    ],
    source: 'python-stdnum (in ASCII and in Arabic-Indic digits)',
    format: 'VV3456789',
    length: '10053138',
  },
  {
    country: 'KE',
    kind: 'ke_pin',
    valid: [
      ['P051365947M', 'P051365947M'],
      ['a004416331m', 'A004416331M'],
    ],
    source: 'python-stdnum',
    format: 'X1234567897',
    length: 'P05136594M',
  },
  {
    country: 'DZ',
    kind: 'dz_nif',
    valid: [
      ['416001000000007', '416001000000007'],
      ['000 216 001 808 337 13010', '00021600180833713010'],
    ],
    source: 'python-stdnum (15 digits; 20 with an establishment)',
    format: 'X1600100000000V',
    length: '41600100000000',
  },
  {
    country: 'TN',
    kind: 'tn_mf',
    valid: [
      ['1234567/M/A/E/001', '1234567MAE001'],
      ['121/J', '0000121J'],
    ],
    source: 'python-stdnum (the full form of a secondary establishment; a short one)',
    format: '1219773U',
    length: '12345678J',
  },
  {
    country: 'OM',
    kind: 'om_vat',
    valid: [
      ['OM1100006083', 'OM1100006083'],
      ['1100006083', 'OM1100006083'],
    ],
    source: 'Omantel’s VAT certificate (cited by python-stdnum)',
    format: 'OM11000060AB',
    length: 'OM110000608',
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

      it(c.checksum ? 'refuses a wrong check digit and a wrong length, saying which' : 'refuses a wrong shape and a wrong length, saying which (format only)', () => {
        if (c.checksum) expect(validateTaxId(c.country, c.checksum)).toEqual({ valid: false, country: c.country, normalized: null, kind: c.kind, reason: 'checksum' });
        if (c.format) expect(validateTaxId(c.country, c.format)).toEqual({ valid: false, country: c.country, normalized: null, kind: c.kind, reason: 'format' });
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
    // A CPF is a person's number; every business, a sole trader (MEI) too, has a CNPJ.
    expect(validateTaxId('BR', '111.444.777-35')).toMatchObject({ valid: false, reason: 'length' });
  });

  it('Taiwan: the 7th digit 7 lets its product count as 1 or 0', () => {
    // 1 0 0 0 0 0 7 3: products 1 0 0 0 0 0 28 3, digit sums 1 + 10 + 3 = 14, +1 = 15.
    expect(validateTaxId('TW', '10000073')).toMatchObject({ valid: true });
  });

  it('Ecuador: a company’s RUC is read by its structure, as the SRI issues some without a modulo-11 check digit', () => {
    // 1793221293001, registered with the SRI (python-stdnum issue 457), fails the old check.
    expect(validateTaxId('EC', '1793221293001')).toMatchObject({ valid: true, kind: 'ec_ruc' });
    expect(validateTaxId('EC', '1793221293000')).toMatchObject({ valid: false, reason: 'format' });
    expect(validateTaxId('EC', '2593221293001')).toMatchObject({ valid: false, reason: 'format' });
  });

  it('Kazakhstan: a 5th digit 0–3 (the first of the day of birth) makes an IIN, with a date that exists', () => {
    // Born 1990-01-01, a man of the 20th century (3), serial 0001: Σ digit × 1…11 = 51, 51 mod 11 = 7.
    expect(validateTaxId('KZ', '900101300017')).toMatchObject({ valid: true, kind: 'kz_iin' });
    expect(validateTaxId('KZ', '900101300018')).toMatchObject({ valid: false, kind: 'kz_iin', reason: 'checksum' });
    expect(validateTaxId('KZ', '900231300017')).toMatchObject({ valid: false, kind: 'kz_iin', reason: 'format' });
  });

  it('Tunisia: the establishment number is 000 for the main establishment only', () => {
    expect(validateTaxId('TN', '1234567/M/A/M/001')).toMatchObject({ valid: false, reason: 'format' });
    expect(validateTaxId('TN', '1234567/M/A/E/000')).toMatchObject({ valid: false, reason: 'format' });
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
    const readme = docsText();
    expect(readme).toContain(`\`taxIdModules\` holds ${taxIdModules.length} validators`);
    const section = readme.slice(readme.indexOf('## Tax IDs'), readme.indexOf('In both calculation forms'));
    for (const c of CASES) expect(section, c.country).toMatch(new RegExp(`^\\| ${c.country} \\|.*\`${c.kind}\``, 'm'));
  });

  it('every module names each kind of number it returns', () => {
    for (const m of taxIdModules) expect(Object.keys(m.names ?? {}).length, m.country).toBeGreaterThan(0);
  });
});
