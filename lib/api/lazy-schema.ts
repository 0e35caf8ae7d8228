/**
 * A schema built on its first use instead of when its module loads. The worker's every start evaluates the
 * modules before its listeners are registered, and building the contract's object schemas was the largest
 * part of that (issue 29); most starts read a few of them, or none.
 */
// Making one has no effect, so the bundler drops a schema nothing uses, as it did zod's own (annotated) calls.
/*#__NO_SIDE_EFFECTS__*/
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = () => {
    built ??= build();
    return built;
  };
  // Everything is asked of the built schema, with it as `this` for its getters (zod's lazy fields).
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key, schema()),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_, key) => {
      const found = Reflect.getOwnPropertyDescriptor(schema(), key);
      // The proxy's own target is an empty object: a property it reports must be configurable.
      return found ? { ...found, configurable: true } : undefined;
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
