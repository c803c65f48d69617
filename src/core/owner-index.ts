/**
 * The jurisdiction index of packed rule data: every jurisdiction id with its owner (a country
 * code, "@" and a regime id for schemes, or "us:" and a state key for local taxes), packed as
 * text, unpacked into typed arrays, and looked up by id.
 */

/** The owner index as packed: owners in runs, each id as its step from the last (base 36). */
export function packOwners(owners: readonly (readonly [number, string])[]): string {
  const runs: string[] = [];
  let owner: string | null = null;
  let ids: string[] = [];
  let last = 0;
  for (const [id, o] of owners) {
    if (o !== owner) {
      if (owner !== null) runs.push(`${owner}|${ids.join(',')}`);
      [owner, ids, last] = [o, [], 0];
    }
    ids.push((id - last).toString(36));
    last = id;
  }
  if (owner !== null) runs.push(`${owner}|${ids.join(',')}`);
  return runs.join(';');
}

/**
 * The jurisdiction index, unpacked: every id in listing order with its owner, and the ids
 * sorted (each with its owner's number in the low 16 bits of a float: sorted natively, searched
 * by halving) for membership and owner lookups without a Map or a Set of thousands of keys.
 */
export interface OwnerIndex {
  /** Ids in listing order (doubles: ids run past 2^31). */
  readonly ids: Float64Array;
  /** Each id's owner, as its number in `owners`. */
  readonly ownerOf: Uint16Array;
  readonly owners: readonly string[];
  /** id × 65536 + owner number, ascending. */
  readonly sorted: Float64Array;
}

/** The owner index of a packed jurisdiction list: one pass over its characters. */
export function unpackOwners(text: string): OwnerIndex {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44 /* , */ || c === 59 /* ; */) count++;
  }
  if (text.length > 0) count++;
  const ids = new Float64Array(count);
  const ownerOf = new Uint16Array(count);
  const owners: string[] = [];
  let n = 0;
  let i = 0;
  while (i < text.length) {
    const bar = text.indexOf('|', i);
    owners.push(text.slice(i, bar));
    const owner = owners.length - 1;
    let id = 0;
    let step = 0;
    let sign = 1;
    for (i = bar + 1; ; i++) {
      const c = i < text.length ? text.charCodeAt(i) : 59;
      if (c === 44 || c === 59) {
        id += sign * step;
        ids[n] = id;
        ownerOf[n++] = owner;
        step = 0;
        sign = 1;
        if (c === 59) break;
      } else if (c === 45 /* - */) sign = -1;
      else step = step * 36 + (c <= 57 ? c - 48 : c - 87); // base 36: 0-9, a-z
    }
    i++;
  }
  const sorted = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const id = ids[k] as number;
    // Exact while id × 65536 stays a safe integer: ids below 2^37 (the rules build checks them).
    if (!(id > 0 && id < 2 ** 37)) throw new Error(`jurisdiction id ${id} is out of the index's range`);
    sorted[k] = id * 65536 + (ownerOf[k] as number);
  }
  sorted.sort();
  return { ids: n === count ? ids : ids.subarray(0, n), ownerOf, owners, sorted };
}

/**
 * The owner of a jurisdiction id, looked up in two parts of a packed index: the runs of the
 * countries and regimes first (a few hundred ids: what accounts and most quotes name), then,
 * for an id not among them, the whole index, whose US local ids (some 8,500) cost a cold
 * process several milliseconds to unpack. Ids are unique across the index (the rules build
 * refuses a repeated one), so the first part's answer is the whole index's.
 */
export function ownerLookup(text: string): { ownerOf(id: number): string | undefined; readonly all: OwnerIndex } {
  let head: OwnerIndex | undefined;
  let all: OwnerIndex | undefined;
  const whole = (): OwnerIndex => (all ??= unpackOwners(text));
  const local = (run: string): boolean => run.startsWith('us:');
  const headOf = (): OwnerIndex => {
    const runs = text.split(';');
    return runs.some(local) ? unpackOwners(runs.filter((run) => !local(run)).join(';')) : whole();
  };
  return {
    ownerOf(id) {
      if (!Number.isSafeInteger(id)) return undefined;
      head ??= headOf();
      return ownerIn(head, id) ?? (head === all ? undefined : ownerIn(whole(), id));
    },
    get all() {
      return whole();
    },
  };
}

/** The owner of a jurisdiction id in an owner index, or undefined. */
export function ownerIn(index: OwnerIndex, id: number): string | undefined {
  if (!Number.isSafeInteger(id)) return undefined;
  const s = index.sorted;
  let lo = 0;
  let hi = s.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = s[mid] as number;
    const vid = Math.floor(v / 65536);
    if (vid === id) return index.owners[v - vid * 65536];
    if (vid < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}
