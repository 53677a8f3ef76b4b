import { assign, setup } from 'xstate';
import {
  exportRecipients,
  readReport,
  resendToNonOpeners,
  retryFailed,
  watchMessages,
} from './messageReport.actors.ts';
import type {
  MessageReportContext,
  MessageReportEvent,
  MessageReportInput,
  ReportActionError,
  ReportData,
} from './messageReport.types.ts';

export type * from './messageReport.types.ts';

type ExportEvent = Extract<MessageReportEvent, { type: 'report.export' }>;

/**
 * A campaign's report: `loading` reads the summary, links and timeline → `ready` or `failed` (retry reads again).
 * In `ready`, a realtime `message.updated` of this campaign re-reads it in place (`refreshing`, figures kept on
 * screen); "resend to non-openers" (`resending`) ends in `resent` with the new draft for the wizard; "retry failed"
 * (`retrying`, only with recipients not delivered) and the CSV export (`exporting`) return to `idle`, an error named
 * in `actionError`.
 */
export const messageReportMachine = setup({
  types: {
    context: {} as MessageReportContext,
    events: {} as MessageReportEvent,
    input: {} as MessageReportInput,
  },
  actors: { readReport, resendToNonOpeners, retryFailed, exportRecipients, watchMessages },
  guards: {
    isThisMessage: ({ context }, messageId: number) => messageId === context.messageId,
    hasFailed: ({ context }) => (context.data?.summary.notDelivered ?? 0) > 0,
    hasNonOpeners: ({ context }) => (context.data?.summary.delivered ?? 0) > (context.data?.summary.opened ?? 0),
  },
  actions: {
    assignData: assign((_, data: ReportData) => ({ data })),
    assignCreated: assign((_, created: number) => ({ created, actionError: null })),
    failAction: assign((_, actionError: ReportActionError) => ({ actionError })),
    clearActionError: assign({ actionError: null }),
  },
}).createMachine({
  id: 'messageReport',
  context: ({ input }) => ({ ...input, data: null, created: null, actionError: null }),
  invoke: { id: 'watchMessages', src: 'watchMessages' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'readReport',
        src: 'readReport',
        input: ({ context }) => ({ channel: context.channel, messageId: context.messageId }),
        onDone: { target: 'ready', actions: { type: 'assignData', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: { tags: ['error'], on: { 'report.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'message.updated': {
              guard: { type: 'isThisMessage', params: ({ event }) => event.messageId },
              target: 'refreshing',
            },
            'report.resend': { guard: 'hasNonOpeners', target: 'resending', actions: 'clearActionError' },
            'report.retryFailed': { guard: 'hasFailed', target: 'retrying', actions: 'clearActionError' },
            'report.export': { target: 'exporting', actions: 'clearActionError' },
          },
        },
        refreshing: {
          invoke: {
            id: 'readReport',
            src: 'readReport',
            input: ({ context }) => ({ channel: context.channel, messageId: context.messageId }),
            onDone: { target: 'idle', actions: { type: 'assignData', params: ({ event }) => event.output } },
            // A failed live read keeps the figures shown; the next update reads again.
            onError: 'idle',
          },
        },
        resending: {
          tags: ['busy'],
          invoke: {
            id: 'resendToNonOpeners',
            src: 'resendToNonOpeners',
            input: ({ context }) => ({ channel: context.channel, messageId: context.messageId }),
            onDone: {
              target: '#messageReport.resent',
              actions: { type: 'assignCreated', params: ({ event }) => event.output.id },
            },
            onError: { target: 'idle', actions: { type: 'failAction', params: 'resendFailed' } },
          },
        },
        retrying: {
          tags: ['busy'],
          invoke: {
            id: 'retryFailed',
            src: 'retryFailed',
            input: ({ context }) => ({ channel: context.channel, messageId: context.messageId }),
            onDone: 'refreshing',
            onError: { target: 'idle', actions: { type: 'failAction', params: 'retryFailed' } },
          },
        },
        exporting: {
          tags: ['busy'],
          invoke: {
            id: 'exportRecipients',
            src: 'exportRecipients',
            input: ({ context, event }) => ({
              channel: context.channel,
              messageId: context.messageId,
              request: (event as ExportEvent).request,
            }),
            onDone: 'idle',
            onError: { target: 'idle', actions: { type: 'failAction', params: 'exportFailed' } },
          },
        },
      },
    },
    resent: { type: 'final' },
  },
});
