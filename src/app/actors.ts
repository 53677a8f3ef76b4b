import { createActorContext } from '@xstate/react';
import { loadingBarMachine } from '../machines/loadingBar/loadingBar.machine.ts';
import { realtimeMachine } from '../machines/realtime/realtime.machine.ts';
import { releaseMachine } from '../machines/release/release.machine.ts';
import { sessionMachine } from '../machines/session/session.machine.ts';
import { toastsMachine } from '../machines/toasts/toasts.machine.ts';

/** The app-wide actors, each mounted once in App.tsx. */
export const SessionActor = createActorContext(sessionMachine);
export const RealtimeActor = createActorContext(realtimeMachine);
export const LoadingBarActor = createActorContext(loadingBarMachine);
export const ReleaseActor = createActorContext(releaseMachine);
export const ToastsActor = createActorContext(toastsMachine);
