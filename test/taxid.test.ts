import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculate, calculateTaxRate, checkTaxId, createTaxIdValidator, offlineTaxIdVerdict, taxIdModules, validateTaxId, verdictOf } from '../src/index.js';
import type { Account, TaxIdModule, TaxIdValidation, TaxRateQuery } from '../src/index.js';
import { MAX_COUNTRY_CODES, MAX_TAX_ID_MODULES, TAX_ID_MODULES_DEPTH } from '../src/taxid/validate.js';
import { iso7064Mod11_10Valid, luhnValid } from '../src/taxid/algorithms.js';
import { worldCountryCodes } from '../src/generated/country-codes.js';
import { refused } from './helpers.js';

describe('validateTaxId', () => {
  it('accepts valid numbers with or without prefix, in any case, with separators', () => {
    expect(validateTaxId('DE', 'DE136695976')).toEqual({ valid: true, country: 'DE', normalized: 'DE136695976', kind: 'eu_vat' });
    expect(validateTaxId('DE', '136 695 976').normalized).toBe('DE136695976');
    expect(validateTaxId('DE', 'de-136.695.976').valid).toBe(true);
    expect(validateTaxId(null, 'DE136695976').country).toBe('DE');
  });

  it('reads EL and GR for Greece, XI for Northern Ireland and EU for OSS numbers', () => {
    expect(validateTaxId('GR', 'EL094259216')).toMatchObject({ valid: true, country: 'GR', normalized: 'EL094259216' });
    expect(validateTaxId('EL', '094259216')).toMatchObject({ valid: true, country: 'GR' });
    expect(validateTaxId('GR', 'GR094259216')).toMatchObject({ valid: true, normalized: 'EL094259216' });
    expect(validateTaxId('GB', 'XI 980 7806 84')).toMatchObject({ valid: true, country: 'XI', normalized: 'XI980780684' });
    expect(validateTaxId('GB', 'GB980780684')).toMatchObject({ valid: true, country: 'GB', kind: 'gb_vat' });
    expect(validateTaxId(null, 'EU372022452')).toMatchObject({ valid: true, country: 'EU', kind: 'eu_oss' });
  });

  it('lets the prefix written on a VAT number decide whose rules apply', () => {
    expect(validateTaxId('DE', 'FR40303265045')).toMatchObject({ valid: true, country: 'FR' });
    expect(validateTaxId('DE', 'FR40303265046')).toMatchObject({ valid: false, country: 'FR', reason: 'checksum' });
  });

  it('says why a number is invalid', () => {
    expect(validateTaxId('DE', 'DE136695977')).toMatchObject({ valid: false, reason: 'checksum', normalized: null });
    expect(validateTaxId('DE', 'DE13669597')).toMatchObject({ valid: false, reason: 'length' });
    expect(validateTaxId('DE', 'DE13669597X')).toMatchObject({ valid: false, reason: 'format' });
    expect(validateTaxId(null, 'ZZ123456789')).toMatchObject({ valid: false, reason: 'unknown_prefix' });
    expect(validateTaxId('DE', '')).toMatchObject({ valid: false, reason: 'format' });
  });

  it('gives null only where the country has no offline rule', () => {
    expect(validateTaxId('NG', '12345678-0001')).toEqual({ valid: null, country: 'NG', normalized: null, kind: null });
    expect(validateTaxId(null, '123456789')).toEqual({ valid: false, country: null, normalized: null, kind: null, reason: 'unknown_prefix' });
    expect(validateTaxId('XX', '123')).toEqual({ valid: false, country: null, normalized: null, kind: null, reason: 'unknown_country' });
    expect(validateTaxId(null, 'QQ124567')).toMatchObject({ valid: false, reason: 'unknown_prefix' });
  });

  it('names no issuing country for a code that is none, whatever the number (null stays for a real country)', () => {
    expect(validateTaxId('XX', '')).toEqual({ valid: false, country: null, normalized: null, kind: null, reason: 'format' });
    expect(validateTaxId('XX', 42 as never)).toEqual({ valid: false, country: null, normalized: null, kind: null, reason: 'format' });
    expect(validateTaxId('XX', 'x'.repeat(300))).toEqual({ valid: false, country: null, normalized: null, kind: null, reason: 'length' });
    // As the CLI's one-argument form reads it: the number alone, its prefix naming no country.
    expect(validateTaxId(null, 'QQ124567')).toEqual({ valid: false, country: null, normalized: null, kind: null, reason: 'unknown_prefix' });
    expect(validateTaxId('NG', '')).toEqual({ valid: false, country: 'NG', normalized: null, kind: null, reason: 'format' });
  });

  it('answers false for an unknown country even with an online checker that is down: null is only the register’s silence', async () => {
    const down = async (): Promise<boolean | null> => {
      throw new Error('VIES is down');
    };
    expect(await checkTaxId('XX', '123', down)).toEqual({ valid: false, country: null, normalized: null, kind: null, reason: 'unknown_country', online: 'not_checked' });
    expect(await checkTaxId(null, 'QQ124567', down)).toMatchObject({ valid: false, reason: 'unknown_prefix', online: 'not_checked' });
    expect(await checkTaxId('NG', '12345678-0001', down)).toMatchObject({ valid: null, online: 'unavailable' });
  });

  it('knows the non-EU number types', () => {
    expect(validateTaxId('CH', 'CHE-109.298.651 TVA')).toMatchObject({ valid: true, country: 'CH', kind: 'ch_vat' });
    expect(validateTaxId('NO', 'NO 995 525 828 MVA')).toMatchObject({ valid: true, kind: 'no_vat' });
    expect(validateTaxId('AU', '51 824 753 556')).toMatchObject({ valid: true, kind: 'au_abn' });
    expect(validateTaxId('CA', '123456782RT0001')).toMatchObject({ valid: true, kind: 'ca_gst_hst' });
    // python-stdnum's jp.cn examples: 5-8356-7825-6246 valid, 2-8356-7825-6246 a wrong check digit.
    expect(validateTaxId('JP', 'T5835678256246')).toMatchObject({ valid: true, kind: 'jp_invoice' });
    expect(validateTaxId('JP', 'T2835678256246')).toMatchObject({ valid: false, reason: 'checksum' });
    // python-stdnum's us.ein examples; 07 is not an IRS campus prefix.
    expect(validateTaxId('US', '91-1144442')).toMatchObject({ valid: true, kind: 'us_ein', normalized: '911144442' });
    expect(validateTaxId('US', '07-1144442')).toMatchObject({ valid: false });
  });

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ maxLength: 3 })), fc.string({ maxLength: 40 }), (country, id) => {
        const r = validateTaxId(country, id);
        expect([true, false, null]).toContain(r.valid);
      }),
    );
  });
});

/** Valid numbers are generated by completing random digits with the check digit(s) that validate. */
function complete(country: string, prefix: string, head: string, checkDigits: number): string | null {
  const n = 10 ** checkDigits;
  for (let i = 0; i < n; i++) {
    const candidate = `${prefix}${head}${String(i).padStart(checkDigits, '0')}`;
    if (validateTaxId(country, candidate).valid === true) return candidate;
  }
  return null;
}

// Number types whose check detects every single-digit change: [country, prefix, digits before the check, check digits, fixed leading digits]
const SINGLE_DIGIT_SAFE: [string, string, number, number, string][] = [
  ['DE', 'DE', 8, 1, '1'],
  ['AT', 'AT', 8, 1, 'U'],
  ['IT', 'IT', 10, 1, '0'],
  ['HR', 'HR', 10, 1, ''],
  ['DK', 'DK', 7, 1, '1'],
  ['BE', 'BE', 8, 2, '0'],
  ['LU', 'LU', 6, 2, '1'],
  ['FR', 'FR', 9, 0, ''],
  ['AU', '', 9, 2, '5'],
  ['CA', '', 8, 1, '1'],
  ['NO', 'NO', 8, 1, '9'],
];

describe('validateTaxId properties', () => {
  for (const [country, prefix, headLength, checkDigits, lead] of SINGLE_DIGIT_SAFE) {
    it(`${country}: a valid number stays valid through formatting noise and fails when any one digit changes`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.integer({ min: 0, max: 9 }), { minLength: headLength - lead.length, maxLength: headLength - lead.length }),
          fc.array(fc.constantFrom(' ', '.', '-', ''), { minLength: 20, maxLength: 20 }),
          fc.boolean(),
          fc.integer({ min: 0, max: 50 }),
          fc.integer({ min: 1, max: 9 }),
          (digits, noise, lower, where, delta) => {
            let number: string | null;
            if (country === 'FR') {
              // FR: 2 key digits before the 9-digit SIREN.
              const siren = `${lead}${digits.join('')}`;
              number = null;
              for (let k = 0; k < 100 && !number; k++) {
                const c = `FR${String(k).padStart(2, '0')}${siren}`;
                if (validateTaxId('FR', c).valid) number = c;
              }
            } else number = complete(country, prefix, `${lead}${digits.join('')}`, checkDigits);
            fc.pre(number !== null);
            const valid = number as string;
            // Noise: separators between characters, lower case, prefix dropped or kept.
            const body = valid.slice(prefix.length);
            const noisy = [...body].map((ch, i) => `${noise[i % noise.length]}${ch}`).join('');
            const written = (where % 2 === 0 ? prefix : '') + (lower ? noisy.toLowerCase() : noisy);
            expect(validateTaxId(country, written)).toMatchObject({ valid: true, normalized: validateTaxId(country, valid).normalized });
            // Change one digit of the number (not the prefix).
            const digitPositions = [...valid].map((ch, i) => (i >= prefix.length && ch >= '0' && ch <= '9' ? i : -1)).filter((i) => i >= 0);
            const pos = digitPositions[where % digitPositions.length] as number;
            const changed = `${valid.slice(0, pos)}${(Number(valid[pos]) + delta) % 10}${valid.slice(pos + 1)}`;
            expect(validateTaxId(country, changed).valid).toBe(false);
          },
        ),
        { numRuns: 150 },
      );
    });
  }
});

describe('one-pass check digits against the shared algorithms', () => {
  // DE and IT read each character once (digit test and check digit together); the reference
  // reads the number in separate steps with the shared algorithms (ISO 7064 MOD 11,10, Luhn).
  const isDigits = (s: string): boolean => /^[0-9]+$/.test(s);
  const DE = taxIdModules.find((m) => m.country === 'DE') as TaxIdModule;
  const IT = taxIdModules.find((m) => m.country === 'IT') as TaxIdModule;
  const body = (length: number): fc.Arbitrary<string> =>
    fc.array(fc.oneof({ weight: 20, arbitrary: fc.constantFrom(...'0123456789') }, { weight: 1, arbitrary: fc.constantFrom('A', 'U', '/', ' ') }), { minLength: length - 1, maxLength: length + 1 }).map((a) => a.join(''));
  it('DE: the verdict of the reference', () => {
    fc.assert(
      fc.property(body(9), (b) => {
        const reason = b.length !== 9 ? (isDigits(b) ? 'length' : 'format') : !isDigits(b) || b[0] === '0' ? 'format' : iso7064Mod11_10Valid(b) ? null : 'checksum';
        expect(DE.validate(b)).toEqual(reason === null ? { ok: true, kind: 'eu_vat', normalized: `DE${b}` } : { ok: false, kind: 'eu_vat', reason });
      }),
      { numRuns: 5000 },
    );
  });
  it('IT: the verdict of the reference', () => {
    fc.assert(
      fc.property(body(11), (b) => {
        const office = Number(b.slice(7, 10));
        const officeOk = (office >= 1 && office <= 100) || [120, 121, 888, 999].includes(office);
        const reason = !isDigits(b) ? 'format' : b.length !== 11 ? 'length' : /^0{7}/.test(b) || !officeOk ? 'format' : luhnValid(b) ? null : 'checksum';
        expect(IT.validate(b)).toEqual(reason === null ? { ok: true, kind: 'eu_vat', normalized: `IT${b}` } : { ok: false, kind: 'eu_vat', reason });
      }),
      { numRuns: 5000 },
    );
  });
});

describe('package modules read in place', () => {
  // A validator recognises the package modules and calls their readers (the number read in
  // place, the verdict made by the module); the reference calls every module through its
  // public validate, on the body cut off the number, as a caller's own module is called.
  const throughValidate = createTaxIdValidator(
    taxIdModules.map((m) => ({ ...m, validate: (body: string) => m.validate(body) })),
    worldCountryCodes,
  );
  const seeds = ['DE136695976', 'FR40303265045', 'FRK7399859412', 'ESA28015865', 'ESX1234567L', 'ES12345678Z', 'NL004495445B01', 'NL4495445B01', 'ATU13585627', 'IT00743110157', 'BE0411905847', 'BE411905847', 'PL5260250995', 'EL094259216', 'GR094259216', 'XI980780684', 'GB980780684', 'EU372022452', 'CHE109298651MWST', 'DK13585628', 'SE556188840401', 'CZ25123891', 'IE6388047V', 'IE8Z49289F', 'IE8+49289F', 'BR16727230000197',
    'EE100931558', 'FI20774740', 'HR33392005961', 'HU12892312', 'LT119511515', 'LT100001919017', 'LU15027442', 'LV40003521600', 'MT11679112', 'PT501964843', 'RO18547290', 'SI15012557', 'SK2022749619', 'CY10259033P', 'EL94259216', 'BG175074752', 'BG7523169263', 'CZ7103192745', 'CZ640903926', 'CZ8106255430'];
  const edit = fc.tuple(fc.nat(20), fc.constantFrom(...'0123456789ABLUZ -./b+*'), fc.constantFrom('replace', 'insert', 'delete'));
  const number = fc.tuple(fc.constantFrom(...seeds), fc.array(edit, { maxLength: 3 }), fc.boolean()).map(([seed, edits, cut]) => {
    let s = seed;
    for (const [at, ch, op] of edits) {
      const i = at % (s.length + 1);
      s = op === 'delete' ? s.slice(0, i) + s.slice(i + 1) : s.slice(0, i) + ch + s.slice(op === 'replace' ? i + 1 : i);
    }
    return cut ? s.slice(2) : s;
  });
  const country = fc.constantFrom(null, '', 'DE', 'de', 'FR', 'NL', 'BE', 'EL', 'GR', 'GB', 'UK', 'XI', 'CH', 'BR', 'XX');

  it('answers what the modules answer through validate, field by field and in the same order', () => {
    fc.assert(
      fc.property(country, number, (c, id) => {
        expect(JSON.stringify(validateTaxId(c, id))).toBe(JSON.stringify(throughValidate(c, id)));
      }),
      { numRuns: 20_000 },
    );
  });

  it('a normalized number is the string given when it was written in its canonical form', () => {
    const id = 'DE136695976';
    expect(validateTaxId(null, id).normalized).toBe(id);
    expect(validateTaxId('DE', '136695976').normalized).toBe(id);
    expect(validateTaxId('GR', 'GR094259216').normalized).toBe('EL094259216');
    expect(validateTaxId(null, 'NL4495445B01').normalized).toBe('NL004495445B01');
    expect(validateTaxId(null, 'BE411905847').normalized).toBe('BE0411905847');
  });
});

describe('tax IDs in calculations', () => {
  const seller: Account = { country: 'DE', postal_code: '10115', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }, { jurisdiction_id: 9000, valid_from: '2021-07-01' }] };
  const sale: TaxRateQuery = { to_country: 'FR', tax_code: 'saas', amount: '100', date: '2026-06-01' };

  it('a valid EU VAT number makes the customer a business: reverse charge', () => {
    expect(calculateTaxRate({ ...sale, tax_id: 'FR40303265045' }, seller)).toMatchObject({ status: 'reverse_charge', rate: 0 });
  });

  it('an invalid one leaves the customer a consumer, and the result says so', () => {
    const r = calculateTaxRate({ ...sale, tax_id: 'FR40303265046' }, seller);
    expect(r).toMatchObject({ status: 'taxable', rate: 20 });
    expect(r.notes).toContain('FR40303265046 is not valid');
  });

  it('v20260309 reports the validation and applies it', () => {
    const base = { customer_address: { country: 'FR' }, tax_date: 1_780_315_200, line_items: [{ reference: 'a', amount: '100.00', tax_code: 'saas' as const }] };
    const ok = calculate({ ...base, customer_tax_id: 'FR 40 303 265 045' }, seller);
    expect(ok.tax_id_validation).toEqual({ tax_id: 'FR 40 303 265 045', country: 'FR', valid: true });
    expect(ok.total_tax).toBe('0.00');
    const bad = calculate({ ...base, customer_tax_id: 'FR40303265046' }, seller);
    expect(bad.tax_id_validation?.valid).toBe(false);
    expect(bad.total_tax).toBe('20.00');
  });

  it('takes an online verdict from the server through checkTaxId and taxIdVerdict', async () => {
    const online = async () => false;
    const checked = await checkTaxId('FR', 'FR40303265045', online);
    expect(checked).toMatchObject({ valid: false, online: 'invalid', reason: 'rejected_online' });
    const r = calculateTaxRate({ ...sale, tax_id: 'FR40303265045' }, seller, { taxIdVerdict: () => verdictOf(checked) });
    expect(r.status).toBe('taxable');
    const failing = await checkTaxId('FR', 'FR40303265045', async () => {
      throw new Error('VIES down');
    });
    expect(failing).toEqual({ valid: null, country: 'FR', normalized: 'FR40303265045', kind: 'eu_vat', online: 'unavailable' });
    expect(calculateTaxRate({ ...sale, tax_id: 'FR40303265045' }, seller, { taxIdVerdict: () => verdictOf(failing) }).status).toBe('taxable');
  });
});

// ---- Totality: any JavaScript value in, a plain JSON verdict out ----

const REASONS = ['format', 'length', 'checksum', 'unknown_prefix', 'unknown_country', 'rejected_online'];
const VERDICTS = ['valid', 'invalid', 'unknown'];

const KEYS = ['valid', 'country', 'normalized', 'kind', 'reason', 'online'];
const stringOrNull = (v: unknown): boolean => v === null || typeof v === 'string';

/**
 * What is wrong with a verdict: not the documented shape, or not carried unchanged by JSON
 * (a BigInt, function, symbol or undefined inside). Plain checks, not `expect`: the
 * property below runs them 100 000 times.
 */
function verdictProblem(r: TaxIdValidation): string | null {
  if (typeof r !== 'object' || r === null || Object.getPrototypeOf(r) !== Object.prototype) return 'not a plain object';
  const extra = Object.keys(r).find((k) => !KEYS.includes(k));
  if (extra !== undefined) return `unexpected key ${extra}`;
  if (r.valid !== true && r.valid !== false && r.valid !== null) return 'valid is not true, false or null';
  if (!stringOrNull(r.country) || !stringOrNull(r.normalized) || !stringOrNull(r.kind)) return 'country, normalized or kind is not a string or null';
  if (r.valid === false ? !REASONS.includes(r.reason as string) : 'reason' in r) return 'reason does not go with valid';
  const copy = JSON.parse(JSON.stringify(r)) as Record<string, unknown>;
  if (Object.keys(copy).length !== Object.keys(r).length || Object.entries(r).some(([k, v]) => copy[k] !== v)) return 'changed by a JSON round trip';
  return null;
}

function expectPlainVerdict(r: TaxIdValidation): void {
  expect(verdictProblem(r)).toBeNull();
}

const revoked = Proxy.revocable({}, {});
revoked.revoke();
const trap = () => {
  throw new Error('trap');
};
/** Objects built to break code that reads them. */
const HOSTILE: unknown[] = [
  { toString: trap },
  { valueOf: trap, toString: trap },
  { [Symbol.toPrimitive]: trap },
  Object.create(null),
  Object.defineProperty({}, 'length', { get: trap }),
  Object.defineProperty({}, 'valid', { get: trap, enumerable: true }),
  new Proxy({}, { get: trap, has: trap, ownKeys: trap, getPrototypeOf: trap, getOwnPropertyDescriptor: trap }),
  new Proxy(() => 'DE136695976', { apply: trap, get: trap }),
  revoked.proxy,
  ['DE'],
  ['DE136695976'],
  new String('DE136695976'),
  Symbol('DE'),
  Symbol.iterator,
  1n,
  2n ** 70n,
  136695976,
  Number.NaN,
  -0,
  Number.POSITIVE_INFINITY,
  true,
  false,
  () => 'DE136695976',
  new Date(Number.NaN),
  /DE/g,
  new Map([['DE', 'DE136695976']]),
  new Uint8Array(3),
  Promise.resolve('DE136695976'),
  new Error('DE136695976'),
  'DE136695976',
  `DE${'1'.repeat(254)}`,
  `DE${'1'.repeat(255)}`,
  ' '.repeat(300),
  'x'.repeat(1_000_000),
  '\uD800DE136695976',
  'DE136695976\u0000',
  '',
  '__proto__',
  'constructor',
  'hasOwnProperty',
];

/** Strings shaped like tax IDs: a known prefix or country, digits and letters, noise between them. */
const taxIdLike = fc
  .tuple(
    fc.constantFrom('', 'DE', 'EL', 'GR', 'XI', 'EU', 'CHE', 'FR', 'NO', 'GB', 'T', 'ZZ', 'de', 'Che'),
    fc.array(fc.constantFrom(...'0123456789ABCKMRTVWXZ'), { maxLength: 18 }),
    fc.constantFrom('', ' ', '-', '.', ' MWST', 'RT0001', 'TQ0001', 'MVA'),
  )
  .map(([p, body, tail]) => `${p}${body.join('')}${tail}`);
const countryLike = fc.constantFrom(null, undefined, '', ' de ', 'DE', 'EL', 'UK', 'XI', 'EU', 'CH', 'CA', 'US', 'BR', 'ZZ', 'el', '__PROTO__', 'CONSTRUCTOR');
/**
 * A hostile value travels through fast-check as its index: fast-check itself probes values
 * (`cloneMethod in value`), which a trapping proxy would answer with an exception.
 */
class Hostile {
  constructor(readonly index: number) {}
  [fc.toStringMethod](): string {
    return `HOSTILE[${this.index}]`;
  }
}
const unwrap = (v: unknown): unknown => (v instanceof Hostile ? HOSTILE[v.index] : v);

const anyValue = fc.oneof(
  { weight: 4, arbitrary: fc.anything({ maxDepth: 2, withBigInt: true, withObjectString: true, withNullPrototype: true, withBoxedValues: true, withMap: true, withSet: true, withTypedArray: true, withDate: true, withSparseArray: true, withUnicodeString: true }) },
  { weight: 2, arbitrary: fc.nat({ max: HOSTILE.length - 1 }).map((i) => new Hostile(i)) },
  { weight: 3, arbitrary: taxIdLike },
  { weight: 2, arbitrary: countryLike },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
);

describe('tax-ID validation is total', () => {
  it('refuses what is not a string without reading it', () => {
    expect(validateTaxId(['DE'] as never, 'DE136695976')).toEqual({ valid: false, country: null, normalized: null, kind: null, reason: 'format' });
    expect(validateTaxId('EU', Object.create(null) as never)).toEqual({ valid: false, country: 'EU', normalized: null, kind: null, reason: 'format' });
    expect(validateTaxId('DE', { toString: trap } as never)).toEqual({ valid: false, country: 'DE', normalized: null, kind: null, reason: 'format' });
    expect(validateTaxId(1n as never, 'DE136695976')).toEqual({ valid: false, country: null, normalized: null, kind: null, reason: 'format' });
    expect(validateTaxId('DE', 136695976 as never)).toMatchObject({ valid: false, reason: 'format' });
    expect(validateTaxId('DE', new String('DE136695976') as never)).toMatchObject({ valid: false, reason: 'format' });
    expect(validateTaxId(revoked.proxy as never, revoked.proxy as never)).toMatchObject({ valid: false, reason: 'format' });
    // null, undefined and '' for the country let the prefix decide.
    for (const none of [null, undefined, '', '  ']) expect(validateTaxId(none, 'DE136695976')).toMatchObject({ valid: true, country: 'DE' });
  });

  it('refuses long input unread: a tax ID over 256 characters is too long, a country that long is no country', () => {
    const padded = `DE136695976${' '.repeat(256 - 11)}`;
    expect(validateTaxId('DE', padded)).toMatchObject({ valid: true, normalized: 'DE136695976' });
    expect(validateTaxId('DE', `${padded} `)).toEqual({ valid: false, country: 'DE', normalized: null, kind: null, reason: 'length' });
    expect(validateTaxId(null, '1'.repeat(10_000_000))).toMatchObject({ valid: false, reason: 'length' });
    expect(validateTaxId(`DE${' '.repeat(300)}`, 'DE136695976')).toEqual({ valid: false, country: null, normalized: null, kind: null, reason: 'format' });
  });

  it('a validator built from modules is total too', () => {
    const own = createTaxIdValidator(taxIdModules.filter((m) => m.country === 'DE'));
    expect(own('DE', 'DE136695976').valid).toBe(true);
    expect(own({ toString: trap } as never, 'x')).toMatchObject({ valid: false, reason: 'format' });
    expect(own('DE', Symbol('x') as never)).toMatchObject({ valid: false, country: 'DE', reason: 'format' });
  });

  it('verdictOf and offlineTaxIdVerdict answer for anything', () => {
    expect(verdictOf(null as never)).toBe('unknown');
    expect(verdictOf(Object.defineProperty({}, 'valid', { get: trap }) as never)).toBe('unknown');
    expect(verdictOf(revoked.proxy as never)).toBe('unknown');
    expect(verdictOf({ valid: 'yes' } as never)).toBe('unknown');
    expect(verdictOf({ valid: false } as never)).toBe('invalid');
    expect(offlineTaxIdVerdict(['FR'] as never, 'FR40303265045')).toBe('invalid');
    expect(offlineTaxIdVerdict('FR', 'FR40303265045')).toBe('valid');
  });

  it('never throws and always answers plain JSON, for 100 000 random and hostile values', () => {
    fc.assert(
      fc.property(anyValue, anyValue, (a, b) => {
        const country = unwrap(a);
        const taxId = unwrap(b);
        const r = validateTaxId(country as never, taxId as never);
        const problem = verdictProblem(r);
        if (problem) throw new Error(problem);
        if (typeof taxId !== 'string' && (r.valid !== false || r.reason !== 'format')) throw new Error('a tax ID that is not a string is not refused as format');
        if (country !== null && country !== undefined && typeof country !== 'string' && (r.valid !== false || r.reason !== 'format' || r.country !== null)) {
          throw new Error('a country that is not a string is not refused as format');
        }
        if (!VERDICTS.includes(offlineTaxIdVerdict(country as never, taxId as never))) throw new Error('offlineTaxIdVerdict');
        if (!VERDICTS.includes(verdictOf(taxId as never))) throw new Error('verdictOf');
      }),
      { numRuns: 100_000 },
    );
  });
});

describe('checkTaxId', () => {
  const FR = 'FR40303265045';

  it('takes only true and false from the online checker; anything else keeps the offline verdict as unknown', async () => {
    expect(await checkTaxId('FR', FR, async () => true)).toMatchObject({ valid: true, online: 'valid' });
    expect(await checkTaxId('FR', FR, async () => null)).toMatchObject({ valid: true, online: 'unknown' });
    // A checker that forgot to return is no rejection of the number.
    expect(await checkTaxId('FR', FR, (async () => undefined) as never)).toMatchObject({ valid: true, online: 'unknown' });
    expect(await checkTaxId('FR', FR, (async () => 0) as never)).toMatchObject({ valid: true, online: 'unknown' });
    expect(await checkTaxId('FR', FR)).toMatchObject({ valid: true, online: 'not_checked' });
    expect(await checkTaxId('FR', 'FR40303265046', async () => true)).toMatchObject({ valid: false, reason: 'checksum', online: 'not_checked' });
  });

  it('answers valid: null, online unavailable, when the checker throws, rejects or is no function', async () => {
    const broken: unknown[] = [
      () => {
        throw new TypeError('sync');
      },
      () => Promise.reject(new Error('VIES down')),
      () => Promise.reject(Symbol('odd')),
      () => ({ then: trap }),
      'https://ec.europa.eu/taxation_customs/vies',
      revoked.proxy,
    ];
    for (const online of broken) {
      const r = await checkTaxId('FR', FR, online as never);
      expect(r).toEqual({ valid: null, country: 'FR', normalized: FR, kind: 'eu_vat', online: 'unavailable' });
      expect(verdictOf(r)).toBe('unknown');
    }
  });

  it('always resolves to plain JSON, whatever the arguments and the checker', async () => {
    const checker = fc.constantFrom<unknown>(
      undefined,
      null,
      async () => true,
      async () => false,
      async () => null,
      async () => 1n,
      () => 'yes',
      trap,
      () => Promise.reject(new Error('down')),
      'revoked',
    );
    await fc.assert(
      fc.asyncProperty(anyValue, anyValue, checker, async (country, taxId, online) => {
        const r = await checkTaxId(unwrap(country) as never, unwrap(taxId) as never, (online === 'revoked' ? revoked.proxy : online) as never);
        expectPlainVerdict(r);
        expect(['valid', 'invalid', 'unknown', 'unavailable', 'not_checked']).toContain(r.online);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('createTaxIdValidator checks what it is built from', () => {
  const DE = taxIdModules.find((m) => m.country === 'DE')!;
  const module = (fields: object): TaxIdModule => ({ country: 'ZZ', prefixes: ['ZZ'], validate: (body: string) => (body === '1' ? { ok: true, kind: 'zz', normalized: 'ZZ1' } : { ok: false, kind: 'zz', reason: 'checksum' }), ...fields }) as TaxIdModule;
  const refusal = (modules: unknown, codes?: unknown) => {
    const e = refused(() => createTaxIdValidator(modules as never, codes as never));
    expect(e.status).toBe(400);
    return e;
  };
  const fields = (modules: unknown, codes?: unknown) => refusal(modules, codes).issues.map((i) => i.path.join('.'));
  let deep: unknown = 'ZZ';
  for (let i = 0; i < 10_000; i++) deep = [deep];

  it('builds a working validator from modules of its own', () => {
    const own = createTaxIdValidator([DE, module({})], ['DE', 'ZZ', 'BR']);
    expect(own(null, 'ZZ1')).toEqual({ valid: true, country: 'ZZ', normalized: 'ZZ1', kind: 'zz' });
    expect(own('ZZ', '2')).toEqual({ valid: false, country: 'ZZ', normalized: null, kind: 'zz', reason: 'checksum' });
    expect(own(null, 'DE136695976').valid).toBe(true);
    expect(own(null, 'BR16727230000197')).toMatchObject({ valid: null, country: 'BR' });
    expect(createTaxIdValidator(taxIdModules, new Set(['DE']))('DE', 'DE136695976').valid).toBe(true);
  });

  it(`refuses values nested 10,000 deep with a 400, unread (it reads ${TAX_ID_MODULES_DEPTH} levels: the list, a module, its prefixes and names)`, () => {
    expect(fields([module({ prefixes: deep })])).toEqual(['modules.0.prefixes.0']);
    expect(fields([module({ prefixes: [deep] })])).toEqual(['modules.0.prefixes.0']);
    expect(fields([module({ country: deep, names: { zz: deep } })])).toEqual(['modules.0.country', 'modules.0.names']);
    expect(fields(deep)).toEqual(['modules.0']);
    expect(fields([module({})], deep)).toEqual(['countryCodes.0']);
    expect(refusal([module({ prefixes: [deep] })]).message).toBe('modules.0.prefixes.0 must be 2 to 8 capitals A-Z, got an array');
  });

  it('refuses anything but an array of modules and an iterable of codes, naming the field', () => {
    for (const modules of [undefined, null, 5, 'DE', {}, new Set([DE])]) expect(fields(modules)).toEqual(['modules']);
    expect(fields([5, null, [DE]])).toEqual(['modules.0', 'modules.1', 'modules.2']);
    for (const codes of [5, 'DE', {}, () => ['DE']]) expect(fields([DE], codes)).toEqual(['countryCodes']);
    expect(fields([DE], ['DE', 'de', 5, 'DEU'])).toEqual(['countryCodes.1', 'countryCodes.2', 'countryCodes.3']);
    expect(createTaxIdValidator([DE], null as never)(null, 'BR16727230000197')).toMatchObject({ valid: false, reason: 'unknown_prefix' });
  });

  it('refuses a module of the wrong shape, every problem at once', () => {
    const e = refusal([module({ country: 'zz', prefixes: ['', 'zz', 'TOOLONGPREFIX', 5], names: { zz: 5 }, validate: 'yes', prefix: ['ZZ'] })]);
    expect(e.issues.map((i) => [i.path.join('.'), i.code])).toEqual([
      ['modules.0.prefix', 'unknown_field'],
      ['modules.0.country', 'malformed'],
      ['modules.0.prefixes.0', 'malformed'],
      ['modules.0.prefixes.1', 'malformed'],
      ['modules.0.prefixes.2', 'malformed'],
      ['modules.0.prefixes.3', 'malformed'],
      ['modules.0.names', 'malformed'],
      ['modules.0.validate', 'malformed'],
    ]);
    expect(e.issues[0]?.message).toMatch(/did you mean prefixes\?/);
    expect(refusal([DE, DE]).issues).toEqual([{ path: ['modules', 1, 'country'], code: 'malformed', message: 'modules.1.country: two tax-ID modules for "DE"' }]);
    // Fields on a prototype are not the module's.
    expect(fields([Object.create(DE)])).toEqual(['modules.0.country', 'modules.0.prefixes', 'modules.0.validate']);
  });

  it('turns a revoked proxy or a throwing getter into a 400 with the exception as cause', () => {
    const revokedArray = Proxy.revocable([], {});
    revokedArray.revoke();
    const boom = new Error('boom');
    const throwing = (key: string) => Object.defineProperty(module({}), key, { get: () => { throw boom; }, enumerable: true });
    for (const [modules, codes, field] of [
      [revoked.proxy, undefined, 'modules'],
      [revokedArray.proxy, undefined, 'modules'],
      [[revoked.proxy], undefined, 'modules'],
      [[module({ prefixes: revoked.proxy })], undefined, 'modules'],
      [[throwing('country')], undefined, 'modules'],
      [[throwing('validate')], undefined, 'modules'],
      [new Proxy([module({})], { get: () => { throw boom; } }), undefined, 'modules'],
      [[module({})], revoked.proxy, 'countryCodes'],
      [[module({})], { [Symbol.iterator]: () => { throw boom; } }, 'countryCodes'],
      [[module({})], Object.defineProperty({}, Symbol.iterator, { get: () => { throw boom; } }), 'countryCodes'],
    ] as const) {
      const e = refusal(modules, codes);
      expect(e.field).toBe(field);
      expect(e.message).toMatch(/could not be read/);
      expect((e as { cause?: unknown }).cause).toBeInstanceOf(Error);
    }
    // A revoked proxy where a prefix belongs is refused by its type, unread.
    expect(refusal([module({ prefixes: [revoked.proxy] })]).issues[0]).toMatchObject({ path: ['modules', 0, 'prefixes', 0], message: 'modules.0.prefixes.0 must be 2 to 8 capitals A-Z, got an object' });
  });

  it('reads a bounded amount: at most 1,000 modules and 1,000 country codes, an endless iterable included', () => {
    expect(refusal(new Array(2 ** 32 - 1)).issues).toEqual([{ path: ['modules'], code: 'malformed', message: `modules has more than ${MAX_TAX_ID_MODULES} modules` }]);
    function* endless(): Generator<string> {
      for (;;) yield 'DE';
    }
    expect(refusal([module({})], endless()).issues).toEqual([{ path: ['countryCodes'], code: 'malformed', message: `countryCodes has more than ${MAX_COUNTRY_CODES} codes` }]);
  });

  it('reads each field once, into a copy: a getter runs once and a later change to the module changes nothing', () => {
    let reads = 0;
    const counted = Object.defineProperty(module({}), 'prefixes', { get: () => (++reads === 1 ? ['ZZ'] : [deep]), enumerable: true });
    const own = createTaxIdValidator([counted]);
    expect(reads).toBe(1);
    (counted as { country: string }).country = 'YY';
    expect(own(null, 'ZZ1')).toMatchObject({ valid: true, country: 'ZZ' });
  });

  it('answers valid: null for a module that throws or answers anything but a check, and never throws', () => {
    const answers: unknown[] = [null, 5, {}, { ok: true }, { ok: true, kind: 'zz' }, { ok: false, kind: 5, reason: 'checksum' }, { ok: false, kind: null, reason: 'online' }, revoked.proxy, Object.defineProperty({}, 'ok', { get: trap })];
    for (const answer of [...answers, 'throws']) {
      const own = createTaxIdValidator([module({ validate: () => (answer === 'throws' ? trap() : answer) })]);
      expect(own(null, 'ZZ1')).toEqual({ valid: null, country: 'ZZ', normalized: null, kind: null });
    }
    expect(createTaxIdValidator([module({ validate: () => ({ ok: false, kind: null, reason: 'format' }) })])('ZZ', '1')).toEqual({ valid: false, country: 'ZZ', normalized: null, kind: null, reason: 'format' });
  });

  it('answers the same with Object.prototype polluted', () => {
    const cases: [string | null, string][] = [
      ['DE', 'DE136695976'],
      ['EL', '094259216'],
      ['UK', 'GB980780684'],
      ['BR', '16727230000197'],
      [null, 'ZZ1'],
    ];
    const build = () => createTaxIdValidator([...taxIdModules, module({})], ['BR', 'ZZ']);
    const clean = cases.map(([c, id]) => [validateTaxId(c, id), build()(c, id)] as const);
    const pollution: Record<string, unknown> = { DE: 'FR', EL: 'DE', UK: 'ZZ', names: 5, prefixes: [''], validate: trap, country: 'FR', ok: false, reason: 'checksum' };
    const proto = Object.prototype as Record<string, unknown>;
    let answers: unknown;
    try {
      Object.assign(proto, pollution);
      answers = cases.map(([c, id]) => [validateTaxId(c, id), build()(c, id)]);
    } finally {
      for (const key of Object.keys(pollution)) delete proto[key];
    }
    expect(JSON.stringify(answers)).toBe(JSON.stringify(clean));
    expect(clean.map(([v]) => v.valid)).toEqual([true, true, true, true, false]);
  });
});
