/**
 * The decoder of the compressed rule texts the package carries: base64 text to bytes, and a
 * raw DEFLATE stream (RFC 1951) to bytes, with an optional preset dictionary (the bytes the
 * stream may refer back to before its first byte). Plain code over typed arrays, the same in
 * every runtime (no zlib, no streams, nothing asynchronous). A stream that is not valid
 * DEFLATE, or that does not give exactly the length it is said to give, is an Error: the
 * texts are made by the rules build, so that means a damaged package, never a wrong rate.
 *
 * Huffman codes are decoded canonically, one bit at a time (as zlib's `puff` does): each
 * rule file is decoded once, on first use, and a file of 100 kB takes well under a
 * millisecond.
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
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < end; i++) {
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

/** Bits of the first-level lookup of a Huffman code; longer codes (rare symbols) are decoded bit by bit. */
const TABLE_BITS = 10;
const TABLE_MASK = (1 << TABLE_BITS) - 1;

/**
 * A canonical Huffman code: a lookup by the next TABLE_BITS bits of the stream (each entry
 * the symbol × 16 + its code length, 0 where a longer code starts), and for longer codes how
 * many codes of each length there are and the symbols in code order.
 */
interface Huffman {
  readonly table: Int32Array;
  readonly count: Uint16Array;
  readonly symbol: Uint16Array;
}

function huffman(lengths: ArrayLike<number>, n: number): Huffman {
  const count = new Uint16Array(16);
  const symbol = new Uint16Array(n);
  for (let s = 0; s < n; s++) count[lengths[s] as number]!++;
  count[0] = 0;
  const offset = new Uint16Array(16);
  const next = new Uint16Array(16);
  // The first code of each length (RFC 1951, 3.2.2), and where its symbols start in code order.
  let code = 0;
  for (let len = 1; len < 16; len++) {
    offset[len] = len === 1 ? 0 : (offset[len - 1] as number) + (count[len - 1] as number);
    code = (code + (len === 1 ? 0 : (count[len - 1] as number))) << 1;
    next[len] = code;
  }
  const table = new Int32Array(1 << TABLE_BITS);
  for (let s = 0; s < n; s++) {
    const len = lengths[s] as number;
    if (len === 0) continue;
    symbol[offset[len]!++] = s;
    const c = next[len]!++;
    if (len > TABLE_BITS) continue;
    // The stream gives a code's bits first bit first: the table is indexed by the code reversed.
    let r = 0;
    for (let k = 0; k < len; k++) r |= ((c >> k) & 1) << (len - 1 - k);
    for (let k = r; k <= TABLE_MASK; k += 1 << len) table[k] = (s << 4) | len;
  }
  return { table, count, symbol };
}

/** A code longer than the table's: decoded from `bits` (next bit lowest), as symbol × 16 + length. */
function slowDecode(h: Huffman, bits: number): number {
  let code = 0;
  let first = 0;
  let index = 0;
  for (let len = 1; len < 16; len++) {
    code |= (bits >>> (len - 1)) & 1;
    const count = h.count[len] as number;
    if (code - first < count) return ((h.symbol[index + code - first] as number) << 4) | len;
    index += count;
    first = (first + count) << 1;
    code <<= 1;
  }
  throw new Error('invalid deflate code');
}

let fixed: { lit: Huffman; dist: Huffman } | undefined;

function fixedCodes(): { lit: Huffman; dist: Huffman } {
  if (!fixed) {
    const l = new Uint8Array(288);
    l.fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280).fill(8, 280, 288);
    fixed = { lit: huffman(l, 288), dist: huffman(new Uint8Array(30).fill(5), 30) };
  }
  return fixed;
}

/**
 * The bytes a raw DEFLATE stream gives, which must be exactly `length` of them; `dictionary`
 * is what the stream's first back-references may reach (at most 32 KiB are used). One
 * function over local variables (the bit buffer, positions): it runs fast even before the
 * engine has optimised it, which is when it runs.
 */
export function inflateRaw(input: Uint8Array, length: number, dictionary?: Uint8Array): Uint8Array {
  const dict = dictionary ?? new Uint8Array(0);
  const out = new Uint8Array(dict.length + length);
  out.set(dict);
  const end = out.length;
  const n = input.length;
  let o = dict.length;
  let pos = 0;
  // The next bits of the stream, lowest first; past its end, zeros (checked at the end).
  let buf = 0;
  let cnt = 0;
  const lengths = new Uint8Array(19);
  const all = new Uint8Array(286 + 30);
  let last = 0;
  while (last === 0) {
    while (cnt < 16) {
      buf |= (pos < n ? (input[pos] as number) : 0) << cnt;
      pos++;
      cnt += 8;
    }
    last = buf & 1;
    const type = (buf >>> 1) & 3;
    buf >>>= 3;
    cnt -= 3;
    let lit: Huffman;
    let dist: Huffman;
    if (type === 0) {
      // A stored block: from the next byte boundary, its length, the length's complement, the bytes.
      buf >>>= cnt & 7;
      cnt -= cnt & 7;
      pos -= cnt >> 3;
      buf = 0;
      cnt = 0;
      if (pos + 4 > n) throw new Error('deflate stream ends early');
      const len = (input[pos] as number) | ((input[pos + 1] as number) << 8);
      const nlen = (input[pos + 2] as number) | ((input[pos + 3] as number) << 8);
      if (len !== (~nlen & 0xffff)) throw new Error('invalid stored block');
      pos += 4;
      if (pos + len > n || o + len > end) throw new Error('invalid stored block');
      out.set(input.subarray(pos, pos + len), o);
      pos += len;
      o += len;
      continue;
    } else if (type === 1) {
      const f = fixedCodes();
      lit = f.lit;
      dist = f.dist;
    } else if (type === 2) {
      // A dynamic block: the code lengths of its two codes, themselves coded.
      while (cnt < 16) {
        buf |= (pos < n ? (input[pos] as number) : 0) << cnt;
        pos++;
        cnt += 8;
      }
      const nlit = (buf & 31) + 257;
      const ndist = ((buf >>> 5) & 31) + 1;
      const ncode = ((buf >>> 10) & 15) + 4;
      buf >>>= 14;
      cnt -= 14;
      if (nlit > 286 || ndist > 30) throw new Error('invalid deflate block header');
      lengths.fill(0);
      for (let k = 0; k < ncode; k++) {
        while (cnt < 16) {
          buf |= (pos < n ? (input[pos] as number) : 0) << cnt;
          pos++;
          cnt += 8;
        }
        lengths[CODE_LENGTH_ORDER[k] as number] = buf & 7;
        buf >>>= 3;
        cnt -= 3;
      }
      const lencode = huffman(lengths, 19);
      const total = nlit + ndist;
      all.fill(0);
      let k = 0;
      while (k < total) {
        while (cnt < 16) {
          buf |= (pos < n ? (input[pos] as number) : 0) << cnt;
          pos++;
          cnt += 8;
        }
        let e = lencode.table[buf & TABLE_MASK] as number;
        if (e === 0) e = slowDecode(lencode, buf);
        buf >>>= e & 15;
        cnt -= e & 15;
        const sym = e >>> 4;
        if (sym < 16) {
          all[k++] = sym;
          continue;
        }
        let repeat: number;
        let value = 0;
        if (sym === 16) {
          if (k === 0) throw new Error('invalid deflate length repeat');
          value = all[k - 1] as number;
          repeat = 3 + (buf & 3);
          buf >>>= 2;
          cnt -= 2;
        } else if (sym === 17) {
          repeat = 3 + (buf & 7);
          buf >>>= 3;
          cnt -= 3;
        } else {
          repeat = 11 + (buf & 127);
          buf >>>= 7;
          cnt -= 7;
        }
        if (k + repeat > total) throw new Error('invalid deflate length repeat');
        while (repeat-- > 0) all[k++] = value;
      }
      if (all[256] === 0) throw new Error('deflate block without an end code');
      lit = huffman(all.subarray(0, nlit), nlit);
      dist = huffman(all.subarray(nlit, total), ndist);
    } else throw new Error('invalid deflate block type');

    // The block's symbols: a byte, the end of the block, or a length and a distance back.
    const litTable = lit.table;
    const distTable = dist.table;
    for (;;) {
      while (cnt < 16) {
        buf |= (pos < n ? (input[pos] as number) : 0) << cnt;
        pos++;
        cnt += 8;
      }
      let e = litTable[buf & TABLE_MASK] as number;
      if (e === 0) e = slowDecode(lit, buf);
      buf >>>= e & 15;
      cnt -= e & 15;
      let sym = e >>> 4;
      if (sym < 256) {
        if (o >= end) throw new Error('deflate stream longer than said');
        out[o++] = sym;
        continue;
      }
      if (sym === 256) break;
      sym -= 257;
      if (sym >= 29) throw new Error('invalid deflate length code');
      // Length extra bits (at most 5), then the distance code (at most 15) and its extra bits (at most 13).
      const lx = LENGTH_EXTRA[sym] as number;
      while (cnt < lx) {
        buf |= (pos < n ? (input[pos] as number) : 0) << cnt;
        pos++;
        cnt += 8;
      }
      const len = (LENGTH_BASE[sym] as number) + (buf & ((1 << lx) - 1));
      buf >>>= lx;
      cnt -= lx;
      while (cnt < 16) {
        buf |= (pos < n ? (input[pos] as number) : 0) << cnt;
        pos++;
        cnt += 8;
      }
      e = distTable[buf & TABLE_MASK] as number;
      if (e === 0) e = slowDecode(dist, buf);
      buf >>>= e & 15;
      cnt -= e & 15;
      const dsym = e >>> 4;
      if (dsym >= 30) throw new Error('invalid deflate distance code');
      const dx = DIST_EXTRA[dsym] as number;
      while (cnt < dx) {
        buf |= (pos < n ? (input[pos] as number) : 0) << cnt;
        pos++;
        cnt += 8;
      }
      const d = (DIST_BASE[dsym] as number) + (buf & ((1 << dx) - 1));
      buf >>>= dx;
      cnt -= dx;
      if (d > o) throw new Error('deflate distance before the start');
      if (o + len > end) throw new Error('deflate stream longer than said');
      for (let k = 0; k < len; k++, o++) out[o] = out[o - d] as number;
    }
  }
  // Bytes read ahead and not used are given back; reading past the end means the stream was cut short.
  if (pos - (cnt >> 3) > n) throw new Error('deflate stream ends early');
  if (o !== end) throw new Error(`deflate stream gave ${o - dict.length} bytes, not ${length}`);
  return out.subarray(dict.length);
}
