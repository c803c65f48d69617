/**
 * A read-only map whose keys are known up front (listed the first time they are needed) and
 * whose values are made on first read. Iterating it makes every value.
 */
export class LazyMap<K, V> implements ReadonlyMap<K, V> {
  private readonly made = new Map<K, V>();
  private keyList: readonly K[] | undefined;
  private keySet: ReadonlySet<K> | undefined;

  constructor(
    private readonly listKeys: () => readonly K[],
    private readonly make: (key: K) => V | undefined,
    /** Whether a key is one of the map's, without listing them (default: a Set of the list). */
    private readonly contains: (key: K) => boolean = (key) => this.set().has(key),
  ) {}

  private list(): readonly K[] {
    return (this.keyList ??= this.listKeys());
  }

  private set(): ReadonlySet<K> {
    return (this.keySet ??= new Set(this.list()));
  }

  /** Stores a value made while making another (a country's jurisdictions). */
  put(key: K, value: V): void {
    this.made.set(key, value);
  }

  /** The value if it is made already. */
  peek(key: K): V | undefined {
    return this.made.get(key);
  }

  get(key: K): V | undefined {
    const v = this.made.get(key);
    if (v !== undefined || !this.contains(key)) return v;
    const m = this.make(key);
    if (m !== undefined) this.made.set(key, m);
    return m;
  }

  has(key: K): boolean {
    return this.made.has(key) || this.contains(key);
  }

  get size(): number {
    return this.list().length;
  }

  *entries(): MapIterator<[K, V]> {
    for (const k of this.list()) yield [k, this.get(k) as V];
  }

  keys(): MapIterator<K> {
    return this.list().values() as MapIterator<K>;
  }

  *values(): MapIterator<V> {
    for (const k of this.list()) yield this.get(k) as V;
  }

  forEach(fn: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const k of this.list()) fn.call(thisArg, this.get(k) as V, k, this);
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }
}
