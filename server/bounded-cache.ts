/**
 * A map that keeps at most `capacity` entries and forgets the oldest insertion first: the in-memory caches of
 * content that only an import changes (keyed by the hotel's content version) and of prepared statements.
 */
export class BoundedCache<V> {
  readonly #entries = new Map<string, V>();
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  /**
   * The entry of `key`, created by `create` when there is none. A created promise that rejects is forgotten,
   * so a failed load is retried by the next call instead of being served from the cache.
   */
  getOrAdd(key: string, create: () => V): V {
    const existing = this.#entries.get(key);
    if (existing !== undefined) return existing;
    const created = create();
    if (created instanceof Promise) created.catch(() => this.#entries.delete(key));
    if (this.#entries.size >= this.#capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, created);
    return created;
  }
}
