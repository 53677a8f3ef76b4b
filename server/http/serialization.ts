import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { deferredBuilds } from './deferred.ts';

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serializer = (doc: unknown) => string;

/** Serializers Fastify asked for, each built at the first answer that needs it. */
const serializers = deferredBuilds<Serializer>();

/**
 * Builds every response serializer no answer has needed yet, so that a response schema fast-json-stringify cannot
 * build shows up without waiting for an answer that uses it. Returns how many were built.
 */
export const compileDeferredSerializers = (): number => serializers.buildPending();

/**
 * Fastify's own response serializers (fast-json-stringify, which also leaves out whatever the contract's response
 * schema does not name), each built at the first answer that needs it (server/http/deferred.ts).
 */
export const deferredSerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => {
    const serializer = serializers.defer(() => compile(route));
    return (doc) => serializer()(doc);
  };
};
