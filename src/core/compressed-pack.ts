/**
 * Rule data as the package carries it: a packed rule set (see `PackedRuleData`) whose rule
 * file texts are compressed, each on its own (raw DEFLATE against one shared dictionary, in
 * base64, with its length in front: "length:base64"). A module holding 1.8 MB of rule texts
 * costs its importer the parsing of every byte; compressed, they are a third of that, and a
 * text is decompressed the first time it is read, once. The shared tables, the jurisdiction
 * index and the dictionary, which a rule set reads when it is made, are kept as they are:
 * importing the package decompresses nothing, a DE quote the EU regime and Germany.
 */
import { keepCompressed, type PackedRuleData } from './ruleset.js';
import { base64Bytes, inflateRaw, latin1Bytes, latin1Text } from './inflate.js';

/**
 * What the rules build writes: `PackedRuleData` with each rule file's text compressed
 * (`regimes`, `countries`, `territories`, `usLocal`), the shared tables and the jurisdiction
 * index as they are, and the dictionary the texts are compressed against (one character a byte).
 */
export type CompressedRuleData = PackedRuleData & { readonly dictionary: string };

/** What the decoder uses of Node's zlib and Buffer (typed here: the library does not depend on Node's types). */
interface NativeZlib {
  inflateRawSync(data: Uint8Array, options?: { dictionary?: Uint8Array }): Uint8Array;
}
interface NativeBuffer {
  from(text: string, encoding: 'base64'): Uint8Array;
}

let native: { zlib: NativeZlib } | null | undefined;

/**
 * Node's own zlib, where the runtime hands it out synchronously (`process.getBuiltinModule`,
 * Node 20.16 and later): nothing is imported, so browsers and edge runtimes, which have no
 * such function, use the decoder of inflate.ts instead (the same bytes: the rules build
 * checks every text both ways). Before V8 has optimised it, the portable decoder takes about
 * 8 ms for Texas's 110 kB, and 0.3–1 ms for a country file of a few kB (a first DE quote reads
 * four or five files, a first account as many); zlib takes about 0.5 ms to load, then a few
 * hundredths of a millisecond a file. So every text goes through zlib where there is one.
 */
function nativeZlib(): { zlib: NativeZlib } | null {
  if (native === undefined) {
    native = null;
    try {
      const get = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
      if (typeof get === 'function') {
        const zlib = get('node:zlib') as NativeZlib | undefined;
        if (typeof zlib?.inflateRawSync === 'function') native = { zlib };
      }
    } catch {
      native = null;
    }
  }
  return native;
}

let decoder: { decode(bytes: Uint8Array): string } | null | undefined;

/** The text of bytes: ASCII (what the rules build writes) through TextDecoder, which every runtime has; else one character a byte. */
function textOf(bytes: Uint8Array): string {
  if (decoder === undefined) decoder = typeof TextDecoder === 'function' ? new TextDecoder() : null;
  return decoder === null ? latin1Text(bytes) : decoder.decode(bytes);
}

/** The bytes of a base64 text: Node's Buffer where it is global, else the portable decoder. */
function bytesOf(base64: string, portable: boolean): Uint8Array {
  const buffer = (globalThis as { Buffer?: NativeBuffer }).Buffer;
  return !portable && typeof buffer?.from === 'function' ? buffer.from(base64, 'base64') : base64Bytes(base64);
}

/** The bytes of an ASCII text (a dictionary): TextEncoder where there is one. */
export function asciiBytes(text: string): Uint8Array {
  return typeof TextEncoder === 'function' ? new TextEncoder().encode(text) : latin1Bytes(text);
}

/**
 * The text of one compressed text: "length:base64" of raw DEFLATE. With `portable`, always
 * through the decoders of inflate.ts (as browsers and edge runtimes decode).
 */
export function decompressText(text: string, dictionary?: Uint8Array, portable = false): string {
  const colon = text.indexOf(':');
  const length = Number(text.slice(0, colon));
  if (colon <= 0 || !Number.isSafeInteger(length)) throw new Error('not a compressed rule text');
  const bytes = bytesOf(text.slice(colon + 1), portable);
  const node = portable ? null : nativeZlib();
  if (node !== null) {
    const out = node.zlib.inflateRawSync(bytes, dictionary ? { dictionary } : {});
    if (out.length !== length) throw new Error(`deflate stream gave ${out.length} bytes, not ${length}`);
    return textOf(out);
  }
  return textOf(inflateRaw(bytes, length, dictionary));
}

/**
 * The packed rule data of compressed texts: every text is read through a getter that
 * decompresses it on first read and keeps the result; each file kind's getters are made when
 * the kind is first read. A rule set made from the pack reads none of them: it lists the files
 * and decompresses each text as it parses it (see `keepCompressed`), so importing the package
 * defines no getter and a parsed file's text is not kept.
 */
export function compressedPack(c: CompressedRuleData): PackedRuleData {
  let dict: Uint8Array | undefined;
  const dictionary = (): Uint8Array => (dict ??= asciiBytes(c.dictionary));
  const lazy = (texts: Readonly<Record<string, string>>): Readonly<Record<string, string>> => {
    const out: Record<string, string> = {};
    for (const key of Object.keys(texts)) {
      let value: string | undefined;
      // A descriptor without a prototype: a polluted Object.prototype adds no value to it.
      Object.defineProperty(
        out,
        key,
        Object.assign(Object.create(null) as PropertyDescriptor, {
          enumerable: true,
          get: () => (value ??= decompressText(texts[key] as string, dictionary())),
        }),
      );
    }
    return Object.freeze(out);
  };
  // Each kind's getters are made when the kind is first read (spreading the pack reads them all).
  const kind = (texts: Readonly<Record<string, string>>): (() => Readonly<Record<string, string>>) => {
    let made: Readonly<Record<string, string>> | undefined;
    return () => (made ??= lazy(texts));
  };
  const [regimes, countries, territories] = [kind(c.regimes), kind(c.countries), kind(c.territories)];
  const pack = {
    format: c.format,
    shared: c.shared,
    get regimes() {
      return regimes();
    },
    get countries() {
      return countries();
    },
    get territories() {
      return territories();
    },
    jurisdictions: c.jurisdictions,
    aliases: c.aliases,
    changeDays: c.changeDays,
    ...(c.reportAs ? { reportAs: c.reportAs } : {}),
    ...(c.checked ? { checked: c.checked } : {}),
    ...(c.digest ? { digest: c.digest } : {}),
  };
  const usLocalTexts = c.usLocal;
  if (usLocalTexts) Object.defineProperty(pack, 'usLocal', Object.assign(Object.create(null) as PropertyDescriptor, { enumerable: true, get: kind(usLocalTexts) }));
  Object.freeze(pack);
  return keepCompressed(pack, { regimes: c.regimes, countries: c.countries, territories: c.territories, ...(usLocalTexts ? { usLocal: usLocalTexts } : {}), text: (t) => decompressText(t, dictionary()) });
}
