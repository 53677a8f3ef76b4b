/**
 * Builds held back until their first use (the request validators and response serializers of the contract's routes:
 * building them all is most of what building the app costs, and a process serves few operations in its first
 * seconds), with a way to build every one still pending so a test can see a schema that cannot compile.
 */
export function deferredBuilds<T>() {
  const pending = new Set<() => T>();
  return {
    /** `build` wrapped to run once, at the first call. */
    defer(build: () => T): () => T {
      let built: { value: T } | undefined;
      const get = (): T => {
        if (!built) {
          built = { value: build() };
          pending.delete(get);
        }
        return built.value;
      };
      pending.add(get);
      return get;
    },
    /** Builds every deferred build no call has needed yet; returns how many. */
    buildPending(): number {
      const all = [...pending];
      for (const get of all) get();
      return all.length;
    },
  };
}
