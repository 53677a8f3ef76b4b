import type { ActorRefFrom } from 'xstate';
import type { messageReportMachine } from '../../machines/messageReport/messageReport.machine.ts';

/** The report's actor, which the report screen hands to its tabs through the outlet context. */
export type ReportActor = ActorRefFrom<typeof messageReportMachine>;
