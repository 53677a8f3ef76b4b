import { appEvents } from '../app/appEvents.ts';
import { readLanguage, readSession } from '../app/sessionStorage.ts';
import { createApiClient } from './client.ts';
import { createHeadersMiddleware } from './middleware/headers.ts';
import { createTimeoutMiddleware } from './middleware/timeout.ts';
import { createTransportMiddleware } from './middleware/transport.ts';
import { resolveLanguage } from '../i18n/languages.ts';

/** The app's one API client: the only instance actors use. */
export const api = createApiClient({
  baseUrl: '/api',
  middleware: [
    createTransportMiddleware(appEvents.emit),
    createHeadersMiddleware({
      getLanguage: () => resolveLanguage(readLanguage()),
      getToken: () => readSession()?.token ?? null,
    }),
    createTimeoutMiddleware(),
  ],
});
