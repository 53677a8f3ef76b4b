import { fromCallback } from 'xstate';
import { appEvents } from '../../app/appEvents.ts';
import type { LoadingBarEvent } from './loadingBar.types.ts';

/** API requests and route loads drive the bar. */
export const loadEvents = fromCallback<LoadingBarEvent>(({ sendBack }) =>
  appEvents.subscribe((event) => {
    if (event.type === 'api.requestStarted' || event.type === 'route.loadStarted') sendBack({ type: 'load.started' });
    if (event.type === 'api.requestFinished' || event.type === 'route.loadFinished')
      sendBack({ type: 'load.finished' });
  }),
);
