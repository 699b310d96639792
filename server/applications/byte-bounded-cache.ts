// A least-recently-used map bounded both in entries and in bytes: the oldest entries leave until
// the sizes of those kept add up to no more than `maxBytes`. An entry larger than the whole
// budget is not kept at all.

export interface ByteBounds {
  maxEntries: number;
  maxBytes: number;
}

export class ByteBoundedCache<V> {
  readonly #entries = new Map<string, { value: V; bytes: number }>();
  #bytes = 0;

  constructor(
    private readonly bounds: ByteBounds,
    private readonly sizeOf: (value: V) => number,
  ) {}

  /** The bytes the entries kept are counted as. */
  get bytes() {
    return this.#bytes;
  }

  get size() {
    return this.#entries.size;
  }

  /** The value, now the most recently used; undefined when not kept. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V) {
    this.delete(key);
    const bytes = this.sizeOf(value);
    if (bytes > this.bounds.maxBytes) return;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    while (this.#entries.size > this.bounds.maxEntries || this.#bytes > this.bounds.maxBytes) {
      this.delete(this.#entries.keys().next().value!);
    }
  }

  delete(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  clear() {
    this.#entries.clear();
    this.#bytes = 0;
  }
}
