import { fromCallback, fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { unwrap } from '../../api/client.ts';
import { appEvents } from '../../app/appEvents.ts';
import type { ReleaseEvent } from './release.types.ts';

/** The build manifest the server serves beside the SPA (also at /build-manifest.json). */
export const fetchManifest = fromPromise<{ buildId: string }>(async () => {
  const { buildId } = unwrap(await api.GET('/build-manifest.json', { cache: 'no-store' }));
  return { buildId };
});

/** Navigations (from the router) and chunk-load failures (lazy routes, Vite's preload errors) reach the machine. */
export const releaseEvents = fromCallback<ReleaseEvent>(({ sendBack }) => {
  const unsubscribe = appEvents.subscribe((event) => {
    if (event.type === 'route.changed') sendBack({ type: 'route.changed', href: event.href });
    if (event.type === 'chunk.failed') sendBack({ type: 'chunk.failed', at: event.at });
  });
  const onPreloadError = (event: Event) => {
    event.preventDefault();
    sendBack({ type: 'chunk.failed', at: Date.now() });
  };
  if (typeof window !== 'undefined') window.addEventListener('vite:preloadError', onPreloadError);
  return () => {
    unsubscribe();
    if (typeof window !== 'undefined') window.removeEventListener('vite:preloadError', onPreloadError);
  };
});
