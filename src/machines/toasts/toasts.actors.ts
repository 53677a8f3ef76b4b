import { fromCallback } from 'xstate';
import { appEvents } from '../../app/appEvents.ts';
import type { ToastsEvent } from './toasts.types.ts';

/** Every API status ≥ 400, time-outs and server notifications become toasts. */
export const toastSources = fromCallback<ToastsEvent>(({ sendBack }) =>
  appEvents.subscribe((event) => {
    if (event.type === 'api.failed') sendBack({ type: 'toast.show', message: { kind: 'http', status: event.status } });
    if (event.type === 'api.timedOut') sendBack({ type: 'toast.show', message: { kind: 'timeout' } });
    if (event.type === 'notification.received') {
      const { kind, values, level } = event.notification;
      sendBack({ type: 'toast.show', message: { kind: 'notification', code: kind, values, level } });
    }
  }),
);
