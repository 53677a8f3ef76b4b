import { Readable } from 'node:stream';
import type { preParsingAsyncHookHandler } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's bytes as received, for operations the contract marks `x-raw-body: true` (signature checks). */
    rawBody?: Buffer;
  }
}

type ContractDoc = { paths?: Record<string, Record<string, unknown>> };

/**
 * Operations whose handlers need the body exactly as sent: a provider's signature covers those bytes, and JSON parsed
 * and serialised again is not the same string. The contract marks them with `x-raw-body: true`.
 */
export function operationsKeepingRawBody(contract: ContractDoc): Set<string> {
  const out = new Set<string>();
  for (const item of Object.values(contract.paths ?? {})) {
    for (const op of Object.values(item)) {
      const operation = op as { operationId?: string; 'x-raw-body'?: boolean } | undefined;
      if (operation?.operationId && operation['x-raw-body'] === true) out.add(operation.operationId);
    }
  }
  return out;
}

/** Reads the body, up to the route's body limit (413 past it), and hands a copy of it on to parsing. */
export const keepRawBody: preParsingAsyncHookHandler = async (request, _reply, payload) => {
  const limit = request.routeOptions.bodyLimit ?? 1024 * 1024;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += bytes.length;
    if (size > limit) throw Object.assign(new Error('Request body is too large'), { statusCode: 413 });
    chunks.push(bytes);
  }
  request.rawBody = Buffer.concat(chunks);
  return Readable.from([request.rawBody]);
};
