import type { Middleware } from 'openapi-fetch';
import type { AppEvent } from '../../app/appEvents.ts';
import { RequestTimeoutError } from '../client.ts';

async function readCode(response: Response): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : null;
  } catch {
    return null;
  }
}

/**
 * Turns transport facts into app events: request started/finished (loading bar), every status ≥ 400 (error toast),
 * a 401 on an authenticated request (session expired), a time-out. It never touches the UI.
 */
export function createTransportMiddleware(emit: (event: AppEvent) => void): Middleware {
  return {
    onRequest({ id }) {
      emit({ type: 'api.requestStarted', id });
    },
    async onResponse({ id, request, response, schemaPath }) {
      emit({ type: 'api.requestFinished', id });
      if (response.status < 400) return;
      const code = await readCode(response);
      emit({ type: 'api.failed', status: response.status, code, path: schemaPath });
      if (response.status === 401 && request.headers.has('Authorization'))
        emit({ type: 'api.unauthorized', code, path: schemaPath });
    },
    onError({ id, error, schemaPath }) {
      emit({ type: 'api.requestFinished', id });
      if (error instanceof RequestTimeoutError) emit({ type: 'api.timedOut', path: schemaPath });
    },
  };
}
