import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serializer = (doc: unknown) => string;

/** Serializers Fastify asked for that no answer has needed yet: built at their first answer. */
const deferred = new Set<() => Serializer>();

/**
 * Builds every response serializer no answer has needed yet, so that a response schema fast-json-stringify cannot
 * build shows up without waiting for an answer that uses it. Returns how many were built.
 */
export function compileDeferredSerializers(): number {
  const pending = [...deferred];
  for (const build of pending) build();
  return pending.length;
}

/**
 * Fastify's own response serializers (fast-json-stringify, which also leaves out whatever the contract's response
 * schema does not name), each built at the first answer that needs it: building all of them for the contract's
 * responses is a large part of what building the app costs, and one process gives few kinds of answer at first.
 */
export const deferredSerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => {
    let serialize: Serializer | undefined;
    const build = (): Serializer => {
      if (!serialize) {
        serialize = compile(route);
        deferred.delete(build);
      }
      return serialize;
    };
    deferred.add(build);
    return (doc) => build()(doc);
  };
};
