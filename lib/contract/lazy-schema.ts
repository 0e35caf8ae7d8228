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
  // What zod asks of a schema (its fields, `in`, instanceof) is asked of the built one, with it as `this` for
  // its getters (zod's lazy fields).
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key, schema()),
    has: (_, key) => Reflect.has(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
