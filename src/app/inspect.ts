import type { InspectionEvent, Observer } from 'xstate';

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);
let inspect: Inspect | undefined;

/**
 * `?inspect` in a dev build connects the Stately inspector to every actor. Production builds drop this branch (and the
 * inspector package) entirely.
 */
export async function setupInspector(): Promise<void> {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has('inspect')) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  inspect = createBrowserInspector().inspect;
}

/** Options every actor of the app is created with. */
export function actorOptions(): { inspect?: Inspect } {
  return inspect ? { inspect } : {};
}
