import type { OutputFrom } from 'xstate';
import type * as incomingActors from '../../src/machines/incomingMessage/incomingMessage.actors.ts';
import {
  incomingMessageMachine,
  type IncomingMessageEvent,
} from '../../src/machines/incomingMessage/incomingMessage.machine.ts';
import { describeModel } from './describeModel.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

// The incoming message drawer's graph: every state reached and every transition walked (STYLE.md). Its model lives
// beside its test, so the shared model list (models.ts) can take it in when the areas merge.
const row = {
  id: 7,
  channel: 'email',
  from: 'giulia@example.org',
  to: null,
  contactId: 3,
  contactName: 'Giulia',
  subject: 'Re: Spring offers',
  inReplyToMessageId: 2,
  campaign: 'Spring offers',
  snippet: 'Hello',
  receivedAt: '2026-03-12T10:02:00Z',
} as const;

export const incomingEventFixtures = {
  'message.open': [{ type: 'message.open', id: 7 }],
  'message.close': [{ type: 'message.close' }],
  'message.retry': [{ type: 'message.retry' }],
} satisfies { [K in IncomingMessageEvent['type']]: Array<Extract<IncomingMessageEvent, { type: K }>> };

export const incomingOutputFixtures = {
  readIncomingMessage: { read: { ...row, text: 'Hello\n> Spring offers' } },
  readIncomingPage: { page: { rows: [row], pagination: null } },
  watchIncoming: {},
} satisfies { [K in keyof typeof incomingActors]: Record<string, OutputFrom<(typeof incomingActors)[K]>> };

export const incomingMessageModel: MachineModel<undefined> = {
  name: 'incomingMessage',
  machine: incomingMessageMachine,
  inputs: { none: undefined },
  events: [
    ...Object.values(incomingEventFixtures).flat(),
    done('readMessage', incomingOutputFixtures.readIncomingMessage.read, 'read'),
    failed('readMessage'),
  ] as ModelEvent[],
};

describeModel(incomingMessageModel as MachineModel);
