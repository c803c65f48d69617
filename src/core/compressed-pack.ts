/**
 * Rule data as the package carries it: a packed rule set (see `PackedRuleData`) whose rule
 * file texts are compressed, each on its own (raw DEFLATE against one shared dictionary, in
 * base64, with its length in front: "length:base64"). A module holding 1.8 MB of rule texts
 * costs its importer the parsing of every byte; compressed, they are a third of that, and a
 * text is decompressed the first time it is read, once. The shared tables, the jurisdiction
 * index and the dictionary, which a rule set reads when it is made, are kept as they are:
 * importing the package decompresses nothing, a DE quote the EU regime and Germany.
 */
import { keepCompressed, type PackedRuleData, type TextsOfKind } from './ruleset.js';
import { base64Bytes, inflateRaw, latin1Bytes, latin1Text } from './inflate.js';

/** The kinds of rule file a pack holds one text of each for. */
type FileKind = 'regimes' | 'countries' | 'territories' | 'usLocal';

/**
 * What the rules build writes: `PackedRuleData` with the texts of each kind of rule file
 * (`regimes`, `countries`, `territories`, `usLocal`) compressed, each returned by a function
 * of its own (`TextFunctions`); the shared tables and the jurisdiction index as they are, and
 * the dictionary the texts are compressed against (one character a byte). The package's packs
 * leave the tax-code file out (`taxCodeTexts: null`): it is a module of its own,
 * generated/tax-code-texts.ts.
 */
export type CompressedRuleData = Omit<PackedRuleData, FileKind> & {
  readonly dictionary: string;
  readonly regimes: TextFunctions;
  readonly countries: TextFunctions;
  readonly territories: TextFunctions;
  readonly usLocal?: TextFunctions;
};

/**
 * The compressed texts of one kind of file ("length:base64"), by key: the keys in one list,
 * "AD,AE,…", and the texts in parts, a part for each first character of the keys, each part a
 * "key=text,key=text" list returned by a function of its own. V8 makes a string of a literal
 * only when it compiles the code holding it: a part whose function has not run takes no heap
 * and is not hashed, so importing the package makes none of them, and a DE quote only the
 * parts of Germany and of the regimes it reaches (the module's source text still holds them
 * all). A part for each first character rather than a function for each text: making the
 * functions costs at import.
 */
export interface TextFunctions {
  readonly keys: string;
  readonly parts: Readonly<Record<string, () => string>>;
}

/** The texts of a "key=text,key=text" list, by key. */
function listed(list: string): Readonly<Record<string, string>> {
  const out = Object.create(null) as Record<string, string>;
  if (list === '') return out;
  for (const entry of list.split(',')) {
    const eq = entry.indexOf('=');
    out[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return out;
}

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
 * checks every text both ways).
 *
 * Measured on Node 20 (instructions of `node --single-threaded`, V8's compiler then on the
 * main thread): loading zlib costs about 35 M instructions, 1.5 ms where nothing has loaded
 * node:stream yet (0.5 ms where something has), then a file takes about a tenth of a
 * millisecond. The portable decoder, decoding the four files of a first account (35 kB)
 * from Node's base64, costs 15–20 M run cold in the interpreter, and 20 M more when V8
 * compiles its loop on the way, which it does or not by the work already done: the import
 * and a first account or a first DE quote, through `taxrules` or `taxrules/eu`, come out
 * between 27 M below zlib's and 19 M above; a first Texas local quote (600 kB of text), 4 M
 * above. In wall time the portable decoder loses: V8 compiles the loop on another thread
 * while the interpreter runs it, so the interpreter decodes most of a small file (the first
 * account 14.7 ms with zlib, 21.6 ms without, medians of 21 processes on busy cores), and
 * Texas's files take 12–24 ms against 4–5 ms. So every text goes through zlib where there is
 * one (docs/performance.md, "The portable decoder").
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
 * decompresses it on first read and keeps the result; each kind's getters are made when the
 * kind is first read. A rule set made from the pack reads none of the
 * getters: it lists the files and decompresses each text as it parses it (see
 * `keepCompressed`), so importing the package reads no text, and a parsed file's text is not
 * kept.
 */
export function compressedPack(c: CompressedRuleData): PackedRuleData {
  let dict: Uint8Array | undefined;
  const dictionary = (): Uint8Array => (dict ??= asciiBytes(c.dictionary));
  const text = (compressed: string): string => decompressText(compressed, dictionary());
  const lazy = (texts: TextsOfKind): Readonly<Record<string, string>> => {
    const out: Record<string, string> = {};
    for (const key of texts.keys()) {
      let value: string | undefined;
      // A descriptor without a prototype: a polluted Object.prototype adds no value to it.
      Object.defineProperty(
        out,
        key,
        Object.assign(Object.create(null) as PropertyDescriptor, {
          enumerable: true,
          get: () => (value ??= text(texts.text(key) as string)),
        }),
      );
    }
    return Object.freeze(out);
  };
  const once = <T>(make: () => T): (() => T) => {
    let made: T | undefined;
    return () => (made ??= make());
  };
  // Each kind: its keys listed once, a text read when asked for, and its getters (spreading the pack reads them all).
  const kind = (functions: TextFunctions) => {
    const parts = new Map<string, Readonly<Record<string, string>>>();
    const texts: TextsOfKind = {
      keys: once(() => (functions.keys === '' ? [] : functions.keys.split(','))),
      text: (key) => {
        const head = key.charAt(0);
        let part = parts.get(head);
        if (part === undefined) {
          if (!Object.hasOwn(functions.parts, head)) return undefined;
          part = listed((functions.parts[head] as () => string)());
          parts.set(head, part);
        }
        return part[key];
      },
    };
    return { texts, getters: once(() => lazy(texts)) };
  };
  const [regimes, countries, territories] = [kind(c.regimes), kind(c.countries), kind(c.territories)];
  const usLocal = c.usLocal === undefined ? undefined : kind(c.usLocal);
  const pack = {
    format: c.format,
    shared: c.shared,
    taxCodeTexts: c.taxCodeTexts,
    ...(c.taxCodeDigest !== undefined ? { taxCodeDigest: c.taxCodeDigest } : {}),
    get regimes() {
      return regimes.getters();
    },
    get countries() {
      return countries.getters();
    },
    get territories() {
      return territories.getters();
    },
    jurisdictions: c.jurisdictions,
    aliases: c.aliases,
    changeDays: c.changeDays,
    ...(c.reportAs ? { reportAs: c.reportAs } : {}),
    ...(c.checked ? { checked: c.checked } : {}),
    ...(c.digest ? { digest: c.digest } : {}),
    ...(c.registrationPlaces !== undefined ? { registrationPlaces: c.registrationPlaces } : {}),
  };
  if (usLocal) Object.defineProperty(pack, 'usLocal', Object.assign(Object.create(null) as PropertyDescriptor, { enumerable: true, get: usLocal.getters }));
  Object.freeze(pack);
  return keepCompressed(pack, { regimes: regimes.texts, countries: countries.texts, territories: territories.texts, usLocal: usLocal?.texts, text });
}
