import { constants, deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64Bytes, inflateRaw, latin1Bytes, latin1Text } from '../../src/core/inflate.js';
import { compressedPack, decompressText } from '../../src/core/compressed-pack.js';

const deflate = (data: Uint8Array, options: Parameters<typeof deflateRawSync>[1] = {}): Uint8Array => new Uint8Array(deflateRawSync(data, options));

/** Bytes of a text-like shape: runs and repeats, as rule files have, or noise. */
const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 5000 }),
  fc.array(fc.constantFrom('{"from":"2026-01-01","rate":"19"', ',"source":"https://example.org/a"', '}', '\u00e9', 'x', '\n'), { maxLength: 400 }).map((parts) => latin1Bytes(parts.join(''))),
  fc.tuple(fc.uint8Array({ minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 3000 })).map(([unit, n]) => {
    const out = new Uint8Array(unit.length * n);
    for (let i = 0; i < n; i++) out.set(unit, i * unit.length);
    return out;
  }),
);

const options = fc.record({
  level: fc.constantFrom(0, 1, 6, 9),
  strategy: fc.constantFrom(constants.Z_DEFAULT_STRATEGY, constants.Z_FIXED, constants.Z_HUFFMAN_ONLY, constants.Z_RLE, constants.Z_FILTERED),
});

describe('inflateRaw', () => {
  it('reads what zlib writes: stored, fixed and dynamic blocks, every level and strategy', () => {
    fc.assert(
      fc.property(bytes, options, (data, o) => {
        expect(inflateRaw(deflate(data, o), data.length)).toEqual(data);
      }),
      { numRuns: 400 },
    );
  });

  it('reads a stream written against a preset dictionary', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 40_000 }), bytes, fc.constantFrom(1, 9), (dictionary, data, level) => {
        const withDictionary = new Uint8Array([...dictionary.subarray(-20), ...data]);
        expect(inflateRaw(deflate(withDictionary, { level, dictionary }), withDictionary.length, dictionary)).toEqual(withDictionary);
      }),
      { numRuns: 150 },
    );
  });

  it('reads a long stream of many blocks (a large US local file)', () => {
    const parts: string[] = [];
    for (let i = 0; i < 20_000; i++) parts.push(`${(i * 7919) % 100_000},${i % 17},"${i % 5 === 0 ? 'City' : 'County'} ${i % 311}";`);
    const data = latin1Bytes(parts.join(''));
    expect(inflateRaw(deflate(data, { level: 9 }), data.length)).toEqual(data);
  });

  it('reads each kind of block zlib writes, with and without a dictionary, at every level', () => {
    // The first block's type (RFC 1951, 3.2.3): bits 1-2 of the stream.
    const firstType = (z: Uint8Array): number => ((z[0] as number) >> 1) & 3;
    const text = latin1Bytes('{"country":"DE","rates":{"standard":[{"from":"2020-07-01","rate":"16","source":"https://example.org"}]}}'.repeat(30));
    const noise = Uint8Array.from({ length: 3000 }, (_, i) => (i * 2654435761) >>> 24);
    const dictionary = text.subarray(0, 700);
    const cases: Array<[Uint8Array, Parameters<typeof deflateRawSync>[1], number]> = [
      [text, { level: 0 }, 0],
      [text, { level: 9, strategy: constants.Z_FIXED }, 1],
      [text, { level: 9 }, 2],
      [noise, { level: 1 }, 2],
      [text, { level: 6, dictionary }, 2],
      [text, { level: 1, dictionary, strategy: constants.Z_FIXED }, 1],
    ];
    for (const [data, o, type] of cases) {
      const z = deflate(data, o);
      expect(firstType(z)).toBe(type);
      expect(inflateRaw(z, data.length, o?.dictionary as Uint8Array | undefined)).toEqual(data);
    }
  });

  it('reads codes of every length up to 15 bits (symbols of very unequal frequency)', () => {
    // 2^k of byte 65 + k (k < 15), in one block (zlib's memLevel 9 holds 32,767 symbols): the
    // Huffman code of the block is a comb whose two rarest symbols have codes of 15 bits.
    const data = new Uint8Array(2 ** 15 - 1);
    for (let k = 0, at = 0; k < 15; k++) data.fill(65 + k, at, (at += 2 ** k));
    for (const level of [1, 9]) expect(inflateRaw(deflate(data, { level, memLevel: 9, strategy: constants.Z_HUFFMAN_ONLY }), data.length)).toEqual(data);
  });

  it('refuses what no encoder writes: an over-subscribed code, codes 286-287 and 30-31, a distance before the start', () => {
    /** A stream from fields written lowest bit first, and Huffman codes (`code: true`) first bit first (RFC 1951, 3.1.1). */
    const stream = (fields: Array<[value: number, bits: number, code?: boolean]>): Uint8Array => {
      const out: number[] = [];
      let acc = 0;
      let n = 0;
      for (const [value, bits, code] of fields) {
        for (let k = 0; k < bits; k++) {
          acc |= ((code ? value >> (bits - 1 - k) : value >> k) & 1) << n;
          if (++n === 8) (out.push(acc), (acc = 0), (n = 0));
        }
      }
      if (n > 0) out.push(acc);
      return Uint8Array.from(out);
    };
    const fixedBlock: Array<[number, number, boolean?]> = [[1, 1], [1, 2]];
    const END: [number, number, boolean] = [0, 7, true];
    // Literal/length codes 286 and 287 exist in the fixed code (8 bits, 0xc6 and 0xc7) but mean nothing.
    expect(() => inflateRaw(stream([...fixedBlock, [0xc6, 8, true], END]), 3)).toThrow(/invalid deflate code/);
    expect(() => inflateRaw(stream([...fixedBlock, [0xc7, 8, true], END]), 3)).toThrow(/invalid deflate code/);
    // Length 3 (code 257: 7 bits 0000001) at distance code 30 (5 bits 11110).
    expect(() => inflateRaw(stream([...fixedBlock, [0x30 + 65, 8, true], [1, 7, true], [30, 5, true], END]), 4)).toThrow(/invalid deflate code/);
    // Length 3 at distance 1 (code 0) with nothing before it; with a byte before it, three more of it.
    const back = stream([...fixedBlock, [1, 7, true], [0, 5, true], END]);
    expect(() => inflateRaw(back, 3)).toThrow(/distance before the start/);
    expect(inflateRaw(back, 3, latin1Bytes('x'))).toEqual(latin1Bytes('xxx'));
    // Distance 5 (code 4 and one extra bit 0) reaches back past a dictionary of four bytes.
    expect(() => inflateRaw(stream([...fixedBlock, [1, 7, true], [4, 5, true], [0, 1], END]), 3, latin1Bytes('abcd'))).toThrow(/distance before the start/);
    expect(inflateRaw(stream([...fixedBlock, [1, 7, true], [3, 5, true], END]), 3, latin1Bytes('abcd'))).toEqual(latin1Bytes('abc'));
    // A dynamic block whose code-length code gives 19 codes of one bit: over-subscribed.
    const lengthsOfOneBit = Array.from({ length: 19 }, (): [number, number] => [1, 3]);
    expect(() => inflateRaw(stream([[1, 1], [2, 2], [0, 5], [0, 5], [15, 4], ...lengthsOfOneBit, [0, 32]]), 1)).toThrow(/invalid deflate code lengths/);
  });

  it('refuses a damaged stream or one of another length: an Error, never other bytes', () => {
    const data = latin1Bytes('{"country":"DE","rates":{"standard":[{"from":"2020-07-01","rate":"16"}]}}'.repeat(20));
    const z = deflate(data, { level: 9 });
    expect(() => inflateRaw(z, data.length + 1)).toThrow(/gave .* bytes, not/);
    expect(() => inflateRaw(z, data.length - 1)).toThrow(/longer than said/);
    expect(() => inflateRaw(z.subarray(0, z.length >> 1), data.length)).toThrow(Error);
    expect(() => inflateRaw(new Uint8Array([0x07]), 1)).toThrow(/block type/);
    // Any flipped byte is refused by the decoder's own checks (never a TypeError or RangeError
    // from reading past a table), or decodes to exactly the length said (then the JSON reader judges it).
    fc.assert(
      fc.property(fc.nat(z.length - 1), fc.integer({ min: 1, max: 255 }), (at, flip) => {
        const bad = z.slice();
        bad[at] = (bad[at] as number) ^ flip;
        try {
          inflateRaw(bad, data.length);
        } catch (e) {
          expect((e as Error).constructor).toBe(Error);
          expect((e as Error).message).toMatch(/deflate|stored block/);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('base64 and one-byte texts', () => {
  it('reads base64 as Node does, and latin1 both ways', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), (data) => {
        const b64 = Buffer.from(data).toString('base64');
        expect(base64Bytes(b64)).toEqual(data);
        expect(base64Bytes(b64.replace(/=+$/, ''))).toEqual(data);
        expect(latin1Bytes(latin1Text(data))).toEqual(data);
        expect(latin1Text(data)).toBe(Buffer.from(data).toString('latin1'));
      }),
    );
    expect(() => base64Bytes('ab$d')).toThrow(/not base64: character 2/);
    // A bad character after whole groups of four, in the last group, or beyond U+007F.
    expect(() => base64Bytes('QUJDREVG$Q==')).toThrow(/not base64: character 8/);
    expect(() => base64Bytes('QUJDREVGR0h')).not.toThrow();
    expect(() => base64Bytes('QUJDREV\u0141')).toThrow(/not base64: character 7/);
    expect(() => base64Bytes('QUJD\u0100EVG')).toThrow(/not base64: character 4/);
    expect(() => latin1Bytes('\u2014')).toThrow(/above U\+00FF/);
  });
});

describe('decompressText', () => {
  it('reads every text of the default pack the same with Node\'s zlib and with the portable decoder', async () => {
    const { defaultRulePack } = await import('../../src/generated/ruledata.js');
    const source = await import('node:fs').then((fs) => fs.readFileSync('src/generated/ruledata.ts', 'utf8'));
    // Each kind's texts are in parts, each a "key=text,key=text" list a function returns.
    const kinds = [...source.matchAll(/^ {2}(regimes|countries|territories|usLocal): \{$/gm)].map((m) => m[1]);
    expect(kinds).toEqual(['regimes', 'countries', 'territories', 'usLocal']);
    const lists = [...source.matchAll(/^ {6}"[A-Z]": \(\) => '([^']*)',$/gm)].map((m) => m[1] as string);
    const texts = lists.flatMap((list) => [...list.matchAll(/(?:^|,)[A-Z]{2}(?:-[A-Z0-9]+)?=(\d+:[A-Za-z0-9+/=]+)(?=,|$)/g)].map((m) => m[1] as string));
    expect(texts.length).toBeGreaterThan(250);
    const dictionaryLine = /^ {2}dictionary: '(.*)',$/m.exec(source)?.[1] ?? '';
    // The literal as the module reads it.
    const dictionary = new TextEncoder().encode(new Function(`return '${dictionaryLine}';`)() as string);
    for (const t of texts) expect(decompressText(t, dictionary, true)).toBe(decompressText(t, dictionary));
    // And the pack reads them as the files hold them (ASCII, characters above U+007F as JSON escapes).
    expect(Object.values(defaultRulePack.usLocal ?? {}).every((t) => /^[\x00-\x7f]*$/.test(t))).toBe(true);
  });
});

describe('compressedPack', () => {
  const dictionary = latin1Bytes('{"from":"2026-01-01","rate":"20","source":"https://example.org"}');
  const text = (json: string): string => `${json.length}:${Buffer.from(deflate(latin1Bytes(json), { level: 9, dictionary })).toString('base64')}`;

  it('decompresses each text on first read, once, and keeps the rest as they are', () => {
    const de = '{"country":"DE","name":"Germany"}';
    const pack = compressedPack({
      format: 'taxrules-pack-3',
      dictionary: latin1Text(dictionary),
      shared: '{"world":{}}',
      taxCodeTexts: null,
      taxCodeDigest: '00000000',
      regimes: { keys: '', parts: {} },
      countries: { keys: 'DE,JP', parts: { D: () => `DE=${text(de)}`, J: () => 'JP=9:not-base64!' } },
      territories: { keys: '', parts: {} },
      jurisdictions: 'DE|1',
      aliases: {},
      changeDays: null,
    });
    expect(Object.keys(pack.countries)).toEqual(['DE', 'JP']);
    expect(pack.countries.DE).toBe(de);
    expect(pack.countries.DE).toBe(de);
    expect(pack.shared).toBe('{"world":{}}');
    // A damaged text fails when it is read, not before.
    expect(() => pack.countries.JP).toThrow(Error);
    expect(() => decompressText('no length')).toThrow(/not a compressed rule text/);
  });

  it('gives a rule set made from it the files its getters give (the rule set reads the compressed texts itself)', async () => {
    const { defaultRulePack } = await import('../../src/generated/ruledata.js');
    const { createRuleSet } = await import('../../src/core/ruleset.js');
    const { withPackagedTaxCodes } = await import('../../src/core/tax-code-file.js');
    const { packagedTaxCodes } = await import('../../src/generated/tax-code-texts.js');
    // A copy of the pack's fields: its texts are read through the pack's getters.
    const throughGetters = { ...defaultRulePack };
    const whole = (rules: ReturnType<typeof createRuleSet>) => withPackagedTaxCodes(rules, packagedTaxCodes).data;
    expect(whole(createRuleSet(defaultRulePack))).toEqual(whole(createRuleSet(throughGetters)));
  });
});
