import type { Middleware } from 'openapi-fetch';
import { RequestTimeoutError } from '../client.ts';

export const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Aborts a request that has not answered within the time-out and turns the abort into a RequestTimeoutError.
 * An explicit controller and timer per request (cleared on the answer), so nothing depends on how a runtime keeps
 * `AbortSignal.timeout` alive.
 */
export function createTimeoutMiddleware(timeoutMs: number = REQUEST_TIMEOUT_MS): Middleware {
  const pending = new Map<string, { timer: ReturnType<typeof setTimeout>; controller: AbortController }>();
  const settle = (id: string) => {
    const entry = pending.get(id);
    if (entry) clearTimeout(entry.timer);
    pending.delete(id);
    return entry;
  };
  return {
    onRequest({ request, id }) {
      const controller = new AbortController();
      const timer = setTimeout(
        () => controller.abort(new DOMException('The request timed out', 'TimeoutError')),
        timeoutMs,
      );
      pending.set(id, { timer, controller });
      const signal = AbortSignal.any([request.signal, controller.signal]);
      return new Request(request, { signal });
    },
    onResponse({ id }) {
      settle(id);
    },
    onError({ id, schemaPath }) {
      const entry = settle(id);
      return entry?.controller.signal.aborted ? new RequestTimeoutError(schemaPath) : undefined;
    },
  };
}
