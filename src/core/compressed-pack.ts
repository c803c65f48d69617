/**
 * Rule data as the package carries it: a packed rule set (see `PackedRuleData`) whose rule
 * file texts are compressed, each on its own (raw DEFLATE against one shared dictionary, in
 * base64, with its length in front: "length:base64"). A module holding 1.8 MB of rule texts
 * costs its importer the parsing of every byte; compressed, they are a third of that, and a
 * text is decompressed the first time it is read, once. The shared tables, the jurisdiction
 * index and the dictionary, which a rule set reads when it is made, are kept as they are:
 * importing the package decompresses nothing, a DE quote the EU regime and Germany.
 */
import type { PackedRuleData } from './ruleset.js';
import { base64Bytes, inflateRaw, latin1Bytes, latin1Text } from './inflate.js';

/** What the rules build writes: the form of `PackedRuleData`, each text compressed. */
export interface CompressedRuleData {
  readonly format: PackedRuleData['format'];
  /** The dictionary every text is compressed against (one character a byte). */
  readonly dictionary: string;
  /** As in `PackedRuleData` (not compressed). */
  readonly shared: string;
  readonly regimes: Readonly<Record<string, string>>;
  readonly countries: Readonly<Record<string, string>>;
  readonly territories: Readonly<Record<string, string>>;
  readonly usLocal?: Readonly<Record<string, string>>;
  /** As in `PackedRuleData` (not compressed). */
  readonly jurisdictions: string;
  readonly aliases: PackedRuleData['aliases'];
  readonly changeDays: PackedRuleData['changeDays'];
  readonly reportAs?: PackedRuleData['reportAs'];
}

/** The text of one compressed text: "length:base64" of raw DEFLATE. */
export function decompressText(text: string, dictionary?: Uint8Array): string {
  const colon = text.indexOf(':');
  const length = Number(text.slice(0, colon));
  if (colon <= 0 || !Number.isSafeInteger(length)) throw new Error('not a compressed rule text');
  return latin1Text(inflateRaw(base64Bytes(text.slice(colon + 1)), length, dictionary));
}

/**
 * The packed rule data of compressed texts: every text is read through a getter that
 * decompresses it on first read and keeps the result.
 */
export function compressedPack(c: CompressedRuleData): PackedRuleData {
  let dict: Uint8Array | undefined;
  const dictionary = (): Uint8Array => (dict ??= latin1Bytes(c.dictionary));
  const lazy = (texts: Readonly<Record<string, string>>): Readonly<Record<string, string>> => {
    const out: Record<string, string> = {};
    for (const key of Object.keys(texts)) {
      let value: string | undefined;
      Object.defineProperty(out, key, {
        enumerable: true,
        get: () => (value ??= decompressText(texts[key] as string, dictionary())),
      });
    }
    return Object.freeze(out);
  };
  return Object.freeze({
    format: c.format,
    shared: c.shared,
    regimes: lazy(c.regimes),
    countries: lazy(c.countries),
    territories: lazy(c.territories),
    ...(c.usLocal ? { usLocal: lazy(c.usLocal) } : {}),
    jurisdictions: c.jurisdictions,
    aliases: c.aliases,
    changeDays: c.changeDays,
    ...(c.reportAs ? { reportAs: c.reportAs } : {}),
  });
}
