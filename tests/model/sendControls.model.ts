import type { AnyMachineSnapshot } from 'xstate';
import {
  sendControlsMachine,
  type ControlOutcome,
  type SendControlsEvent,
  type SendControlsInput,
  type SendState,
} from '../../src/machines/sendControls/sendControls.machine.ts';
import { after, done, failed, type MachineModel, type ModelEvent } from './graph.ts';

const base: SendState = {
  id: 9,
  status: 'sending',
  recipientsTotal: 1000,
  recipientsExcluded: 0,
  pending: 600,
  deferred: 10,
  sent: 390,
  notDelivered: 0,
  skipped: 0,
  pendingReason: 'rate_limit',
  scheduledAt: null,
  nextRunAt: null,
  failure: null,
};
const paused: SendState = { ...base, status: 'paused', pendingReason: null };
const cancelled: SendState = { ...base, status: 'cancelled', pending: 0, deferred: 0, pendingReason: null };

export const sendControlsEventFixtures = {
  'send.pause': [{ type: 'send.pause' }],
  'send.resume': [{ type: 'send.resume' }],
  'send.cancel': [{ type: 'send.cancel' }],
  'cancel.confirm': [{ type: 'cancel.confirm' }],
  'cancel.dismiss': [{ type: 'cancel.dismiss' }],
  'send.refresh': [{ type: 'send.refresh' }],
} satisfies { [K in SendControlsEvent['type']]: Array<Extract<SendControlsEvent, { type: K }>> };

const outcome = {
  paused: { kind: 'done', state: paused },
  resumed: { kind: 'done', state: base },
  cancelled: { kind: 'done', state: cancelled },
  conflict: { kind: 'conflict', message: 'The campaign is not sending' },
} satisfies Record<string, ControlOutcome>;

export const sendControlsModel: MachineModel<SendControlsInput> = {
  name: 'sendControls',
  machine: sendControlsMachine,
  inputs: { email: { channel: 'email', messageId: 9 } },
  events: [
    ...Object.values(sendControlsEventFixtures).flat(),
    done('readSendState', base, 'sending'),
    done('readSendState', paused, 'paused'),
    done('readSendState', cancelled, 'cancelled'),
    failed('readSendState'),
    after('REFRESH', 'sendControls.ready'),
    done('pause', outcome.paused, 'paused'),
    done('pause', outcome.conflict, 'conflict'),
    failed('pause'),
    done('resume', outcome.resumed, 'resumed'),
    failed('resume'),
    done('cancel', outcome.cancelled, 'cancelled'),
    failed('cancel'),
  ] as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({
      value: s.value,
      status: s.context.state?.status ?? null,
      error: s.context.error,
      conflict: s.context.conflict !== null,
    }),
};
