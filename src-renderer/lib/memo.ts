/**
 * A plain cache of objects made on first request. Views read it while rendering, so it must not
 * be reactive state itself (writing state while rendering is not allowed); what it holds is.
 */
export class Memo<K, V> {
  readonly #entries = new Map<K, V>();

  get(key: K, make: () => V): V {
    let value = this.#entries.get(key);
    if (value === undefined) {
      value = make();
      this.#entries.set(key, value);
    }
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }
}
