/**
 * The decoder of the compressed rule texts the package carries: base64 text to bytes, and a
 * raw DEFLATE stream (RFC 1951) to bytes, with an optional preset dictionary (the bytes the
 * stream may refer back to before its first byte). Plain code over typed arrays, the same in
 * every runtime (no zlib, no streams, nothing asynchronous). A stream that is not valid
 * DEFLATE, or that does not give exactly the length it is said to give, is an Error: the
 * texts are made by the rules build, so that means a damaged package, never a wrong rate.
 *
 * Each rule file is decoded once, on first use, mostly before V8 has compiled the decoder, so
 * it is written for the interpreter: Huffman codes through lookup tables whose entries say
 * what the symbol means, and base64 read four characters at a time.
 */

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = /* @__PURE__ */ (() => {
  const t = new Int16Array(128).fill(-1);
  for (let i = 0; i < B64.length; i++) t[B64.charCodeAt(i)] = i;
  return t;
})();

/** The bytes of a base64 text (padding optional; any other character is an Error). */
export function base64Bytes(text: string): Uint8Array {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 61 /* = */) end--;
  const out = new Uint8Array((end * 3) >> 2);
  // Four characters, three bytes, a step; a character outside the alphabet makes the four
  // characters' value negative (or one is above U+007F), and the step by step reader below
  // names it.
  let i = 0;
  let o = 0;
  for (const whole = end & ~3; i < whole; i += 4) {
    const c0 = text.charCodeAt(i);
    const c1 = text.charCodeAt(i + 1);
    const c2 = text.charCodeAt(i + 2);
    const c3 = text.charCodeAt(i + 3);
    if ((c0 | c1 | c2 | c3) > 127) break;
    const v = ((B64_VALUE[c0] as number) << 18) | ((B64_VALUE[c1] as number) << 12) | ((B64_VALUE[c2] as number) << 6) | (B64_VALUE[c3] as number);
    if (v < 0) break;
    out[o] = v >>> 16;
    out[o + 1] = (v >>> 8) & 0xff;
    out[o + 2] = v & 0xff;
    o += 3;
  }
  let acc = 0;
  let bits = 0;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? (B64_VALUE[c] as number) : -1;
    if (v < 0) throw new Error(`not base64: character ${i}`);
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}

/** The text of bytes read one character per byte (ISO 8859-1: U+0000 to U+00FF). */
export function latin1Text(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 8192) parts.push(String.fromCharCode.apply(null, bytes.subarray(i, i + 8192) as unknown as number[]));
  return parts.join('');
}

/** The bytes of a text of characters up to U+00FF, one byte each. */
export function latin1Bytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0xff) throw new Error(`character ${i} is above U+00FF`);
    out[i] = c;
  }
  return out;
}

// Lengths and distances: base values and extra bits of the codes (RFC 1951, 3.2.5).
const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577];
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
/** The order in which a dynamic block gives the code lengths of its code-length code. */
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/**
 * What a code's symbol means, as a table entry without its code length (the entry's low 4
 * bits): a literal byte b is b × 16; the end of a block 0x1000; the two literal/length
 * symbols that have a code in a block of fixed codes but no meaning, 0x2000; a length is its base × 4096 +
 * its extra bits × 16 (every base is at least 3, so a length entry is at least 0x3000); a
 * distance its base × 256 + its extra bits × 16; a code-length symbol s is s × 16. A decoded
 * entry then says at once what to do, how many bits the code took and what follows it.
 */
interface SymbolValues {
  readonly lit: Int32Array;
  readonly dist: Int32Array;
  readonly codeLength: Int32Array;
}

let values: SymbolValues | undefined;

/** The value of the literal/length symbols 286 and 287, which have a fixed code but no meaning. */
const NO_MEANING = 0x2000;

function symbolValues(): SymbolValues {
  if (!values) {
    const lit = new Int32Array(288);
    for (let s = 0; s < 256; s++) lit[s] = s << 4;
    lit[256] = 0x1000;
    lit[286] = lit[287] = NO_MEANING;
    for (let s = 0; s < 29; s++) lit[257 + s] = ((LENGTH_BASE[s] as number) << 12) | ((LENGTH_EXTRA[s] as number) << 4);
    const dist = new Int32Array(30);
    for (let s = 0; s < 30; s++) dist[s] = ((DIST_BASE[s] as number) << 8) | ((DIST_EXTRA[s] as number) << 4);
    const codeLength = new Int32Array(19);
    for (let s = 0; s < 19; s++) codeLength[s] = s << 4;
    values = { lit, dist, codeLength };
  }
  return values;
}

/**
 * A canonical Huffman code (RFC 1951, 3.2.2) as a table indexed by the next bits of the
 * stream, as many as the code's longest code (at most 15): each entry is a symbol's value
 * (`SymbolValues`) plus its code length, or 0 where no code is (a code whose code lengths
 * leave some unused, and the fixed code's 286 and 287). One lookup decodes any symbol, so the block's loop has no
 * slower way for long codes, which V8 would compile into it.
 */
interface Huffman {
  readonly table: Int32Array;
  readonly mask: number;
}

/** The code of `n` symbols whose code lengths are `lengths[start…]`; an over-subscribed set of lengths is an Error. */
function huffman(lengths: Uint8Array, start: number, n: number, values: Int32Array): Huffman {
  const count = new Uint16Array(16);
  for (let s = 0; s < n; s++) count[lengths[start + s] as number]!++;
  count[0] = 0;
  let left = 1;
  let bits = 1;
  for (let len = 1; len < 16; len++) {
    left = (left << 1) - (count[len] as number);
    if (left < 0) throw new Error('invalid deflate code lengths');
    if (count[len] !== 0) bits = len;
  }
  // The symbols in code order: by code length, then by symbol.
  const offset = new Uint16Array(16);
  for (let len = 1; len < 15; len++) offset[len + 1] = (offset[len] as number) + (count[len] as number);
  const symbol = new Uint16Array(n);
  for (let s = 0; s < n; s++) {
    const len = lengths[start + s] as number;
    if (len !== 0) symbol[offset[len]!++] = s;
  }
  // The stream gives a code's bits first bit first, so a code of `len` bits is at every index
  // whose low `len` bits are the code reversed. The codes of each length are written once, in
  // the table's first 2^len entries, which are then copied over the next 2^len (a native copy,
  // where the interpreter would write each entry 2^(bits - len) times).
  const table = new Int32Array(1 << bits);
  let reversed = 0;
  let k = 0;
  for (let len = 1; len <= bits; len++) {
    if (len > 1) table.copyWithin(1 << (len - 1), 0, 1 << (len - 1));
    for (let c = count[len] as number; c > 0; c--) {
      table[reversed] = (values[symbol[k++] as number] as number) | len;
      // The next code of this length, reversed: add one from the code's last bit, which is the lowest reversed.
      let bit = 1 << (len - 1);
      while ((reversed & bit) !== 0) bit >>>= 1;
      reversed = bit === 0 ? 0 : (reversed & (bit - 1)) + bit;
    }
  }
  return { table, mask: (1 << bits) - 1 };
}

let fixed: { lit: Huffman; dist: Huffman } | undefined;

/** The codes of a block of fixed codes (RFC 1951, 3.2.6); distance codes 30 and 31, which no stream may use, are left out (the last codes of their length, so the others are as the RFC gives them). */
function fixedCodes(): { lit: Huffman; dist: Huffman } {
  if (!fixed) {
    const v = symbolValues();
    const l = new Uint8Array(288);
    l.fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280).fill(8, 280, 288);
    const lit = huffman(l, 0, 288, v.lit);
    // Codes 286 and 287 are no code: the block's loop then has no test of its own for them.
    for (let k = 0; k < lit.table.length; k++) if (((lit.table[k] as number) & ~15) === NO_MEANING) lit.table[k] = 0;
    fixed = { lit, dist: huffman(new Uint8Array(30).fill(5), 0, 30, v.dist) };
  }
  return fixed;
}

/**
 * The bytes a raw DEFLATE stream gives, which must be exactly `length` of them; `dictionary`
 * is what the stream's first back-references may reach (at most 32 KiB are used).
 *
 * The block's symbols and the dynamic header are closures over the reading state (`buf`,
 * `cnt`, `pos`, `o`), which they copy to local variables while they run and write back when
 * they end. So the symbol loop, which V8 compiles once it is hot, is a small function
 * (compiled in a few milliseconds), and nothing it runs only at a block's start or end needs
 * type feedback (a store into an array or object it has not run yet would send the
 * compiled code back to the interpreter at the first block's end).
 */
export function inflateRaw(input: Uint8Array, length: number, dictionary?: Uint8Array): Uint8Array {
  const dict = dictionary ?? new Uint8Array(0);
  const out = new Uint8Array(dict.length + length);
  out.set(dict);
  const end = out.length;
  const n = input.length;
  // The input and two bytes of zeros, which a refill at its end reads.
  const src = new Uint8Array(n + 2);
  src.set(input);
  // The next bits of the stream, lowest first (at most 30, so the buffer stays a small
  // integer), how many, the input position and the output position.
  let buf = 0;
  let cnt = 0;
  let pos = 0;
  let o = dict.length;

  /**
   * A block's symbols, to its end: a byte, or a length and a distance back. A literal is one
   * lookup and a store; a refill adds two bytes when fewer than 15 bits are left, so a code
   * (at most 15 bits) or extra bits (at most 13) never wait for one.
   */
  const inflateBlock = (litTable: Int32Array, litMask: number, distTable: Int32Array, distMask: number): void => {
    const bytes = src;
    const output = out;
    const stop = end;
    let b = buf;
    let c = cnt;
    let p = pos;
    let q = o;
    for (;;) {
      if (c < 15) {
        b |= ((bytes[p] as number) | ((bytes[p + 1] as number) << 8)) << c;
        p += 2;
        c += 16;
      }
      let e = litTable[b & litMask] as number;
      if (e === 0) throw new Error('invalid deflate code');
      b >>>= e & 15;
      c -= e & 15;
      if (e < 0x1000) {
        if (q >= stop) throw new Error('deflate stream longer than said');
        output[q++] = e >>> 4;
        continue;
      }
      if (e < 0x3000) break;
      if (c < 15) {
        b |= ((bytes[p] as number) | ((bytes[p + 1] as number) << 8)) << c;
        p += 2;
        c += 16;
      }
      let x = (e >>> 4) & 15;
      const len = (e >>> 12) + (b & ((1 << x) - 1));
      b >>>= x;
      c -= x;
      if (c < 15) {
        b |= ((bytes[p] as number) | ((bytes[p + 1] as number) << 8)) << c;
        p += 2;
        c += 16;
      }
      e = distTable[b & distMask] as number;
      if (e === 0) throw new Error('invalid deflate code');
      b >>>= e & 15;
      c -= e & 15;
      if (c < 15) {
        b |= ((bytes[p] as number) | ((bytes[p + 1] as number) << 8)) << c;
        p += 2;
        c += 16;
      }
      x = (e >>> 4) & 15;
      const d = (e >>> 8) + (b & ((1 << x) - 1));
      b >>>= x;
      c -= x;
      if (d > q) throw new Error('deflate distance before the start');
      if (q + len > stop) throw new Error('deflate stream longer than said');
      // A copy of 8 bytes or more that does not overlap itself is one native copy: about a
      // thousand instructions, where the interpreter takes a few hundred a byte (and the
      // compiled loop a few: below 8 bytes, the loop). One that overlaps repeats its last `d` bytes.
      if (d >= len && len >= 8) {
        output.copyWithin(q, q - d, q - d + len);
        q += len;
      } else for (let from = q - d, last = q + len; q < last; ) output[q++] = output[from++] as number;
    }
    buf = b;
    cnt = c;
    pos = p;
    o = q;
  };

  /** The two codes of a dynamic block: their code lengths, themselves coded (RFC 1951, 3.2.7). */
  const dynamicCodes = (): { lit: Huffman; dist: Huffman } => {
    const bytes = src;
    let b = buf;
    let c = cnt;
    let p = pos;
    if (c < 15) {
      b |= ((bytes[p] as number) | ((bytes[p + 1] as number) << 8)) << c;
      p += 2;
      c += 16;
    }
    const nlit = (b & 31) + 257;
    const ndist = ((b >>> 5) & 31) + 1;
    const ncode = ((b >>> 10) & 15) + 4;
    b >>>= 14;
    c -= 14;
    if (nlit > 286 || ndist > 30) throw new Error('invalid deflate block header');
    const lengths = new Uint8Array(286 + 30);
    for (let k = 0; k < ncode; k++) {
      if (c < 15) {
        b |= ((bytes[p] as number) | ((bytes[p + 1] as number) << 8)) << c;
        p += 2;
        c += 16;
      }
      lengths[CODE_LENGTH_ORDER[k] as number] = b & 7;
      b >>>= 3;
      c -= 3;
    }
    const v = symbolValues();
    const { table, mask } = huffman(lengths, 0, 19, v.codeLength);
    lengths.fill(0, 0, 19);
    const total = nlit + ndist;
    let k = 0;
    while (k < total) {
      if (c < 15) {
        b |= ((bytes[p] as number) | ((bytes[p + 1] as number) << 8)) << c;
        p += 2;
        c += 16;
      }
      // A code of at most 7 bits, then at most 7 extra bits: 14 of the 15 the buffer holds.
      const e = table[b & mask] as number;
      if (e === 0) throw new Error('invalid deflate code');
      b >>>= e & 15;
      c -= e & 15;
      const sym = e >>> 4;
      if (sym < 16) {
        lengths[k++] = sym;
        continue;
      }
      let repeat: number;
      let value = 0;
      if (sym === 16) {
        if (k === 0) throw new Error('invalid deflate length repeat');
        value = lengths[k - 1] as number;
        repeat = 3 + (b & 3);
        b >>>= 2;
        c -= 2;
      } else if (sym === 17) {
        repeat = 3 + (b & 7);
        b >>>= 3;
        c -= 3;
      } else {
        repeat = 11 + (b & 127);
        b >>>= 7;
        c -= 7;
      }
      if (k + repeat > total) throw new Error('invalid deflate length repeat');
      lengths.fill(value, k, k + repeat);
      k += repeat;
    }
    if (lengths[256] === 0) throw new Error('deflate block without an end code');
    buf = b;
    cnt = c;
    pos = p;
    return { lit: huffman(lengths, 0, nlit, v.lit), dist: huffman(lengths, nlit, ndist, v.dist) };
  };

  let last = 0;
  while (last === 0) {
    if (cnt < 3) {
      buf |= ((src[pos] as number) | ((src[pos + 1] as number) << 8)) << cnt;
      pos += 2;
      cnt += 16;
    }
    last = buf & 1;
    const type = (buf >>> 1) & 3;
    buf >>>= 3;
    cnt -= 3;
    if (type === 0) {
      // A stored block: from the next byte boundary, its length, the length's complement, the bytes.
      pos -= cnt >> 3;
      buf = 0;
      cnt = 0;
      if (pos + 4 > n) throw new Error('deflate stream ends early');
      const len = (src[pos] as number) | ((src[pos + 1] as number) << 8);
      const nlen = (src[pos + 2] as number) | ((src[pos + 3] as number) << 8);
      if (len !== (~nlen & 0xffff)) throw new Error('invalid stored block');
      pos += 4;
      if (pos + len > n || o + len > end) throw new Error('invalid stored block');
      out.set(src.subarray(pos, pos + len), o);
      pos += len;
      o += len;
    } else if (type === 1) {
      const f = fixedCodes();
      inflateBlock(f.lit.table, f.lit.mask, f.dist.table, f.dist.mask);
    } else if (type === 2) {
      const codes = dynamicCodes();
      inflateBlock(codes.lit.table, codes.lit.mask, codes.dist.table, codes.dist.mask);
    } else throw new Error('invalid deflate block type');
  }
  // Bytes read ahead and not used are given back; reading past the end means the stream was cut short.
  if (pos - (cnt >> 3) > n) throw new Error('deflate stream ends early');
  if (o !== end) throw new Error(`deflate stream gave ${o - dict.length} bytes, not ${length}`);
  return out.subarray(dict.length);
}
