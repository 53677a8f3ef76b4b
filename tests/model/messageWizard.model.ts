import type { AnyMachineSnapshot, OutputFrom, SnapshotFrom } from 'xstate';
import type * as messageWizardActors from '../../src/machines/messageWizard/messageWizard.actors.ts';
import {
  messageWizardMachine,
  type ChecklistItem,
  type LoadedMessage,
  type MessageOptions,
  type Message,
  type MessageWizardEvent,
  type MessageWizardInput,
  type SaveOutcome,
  type SendOutcome,
  type TestSendOutcome,
} from '../../src/machines/messageWizard/messageWizard.machine.ts';
import { after, done, failed, type Journey, type MachineModel, type ModelEvent } from './graph.ts';

const at = '2026-01-01T10:00:00.000Z';
export const draftMessage: Message = {
  id: 7,
  channel: 'email',
  name: 'Spring sale',
  status: 'draft',
  subject: 'Spring is here',
  previewText: null,
  fromName: 'Acme',
  senderId: 3,
  replyTo: null,
  type: 'regular',
  category: 'marketing',
  templateId: null,
  design: null,
  source: null,
  html: '<p>Hi {{ contact.first_name }}</p>',
  text: null,
  embedImages: false,
  mirrorLink: true,
  includeLists: [],
  includeSegments: [],
  excludeLists: [],
  excludeSegments: [],
  schedule: { mode: 'now' },
  scheduledAt: null,
  createdAt: at,
  updatedAt: at,
};
const options: MessageOptions = {
  senders: [{ id: 3, name: 'News', address: 'news@acme.test' }],
  templates: [{ id: 4, name: 'Spring', thumbnail: null, updatedAt: at }],
  lists: [{ id: 1, name: 'Readers', memberCount: 120 }],
  segments: [{ id: 2, name: 'Italians' }],
};
const item = (key: ChecklistItem['key'], ok: boolean, blocking: boolean): ChecklistItem => ({ key, ok, blocking });

export const messageWizardEventFixtures = {
  'wizard.retry': [{ type: 'wizard.retry' }],
  'field.change': [
    { type: 'field.change', patch: { subject: 'Spring sale' } },
    { type: 'field.change', patch: { includeLists: [1] } },
    { type: 'field.change', patch: { includeLists: [] } },
  ],
  'autosave.retry': [{ type: 'autosave.retry' }],
  'checklist.refresh': [{ type: 'checklist.refresh' }],
  'testSend.submit': [
    { type: 'testSend.submit', addresses: ['qa@acme.test'] },
    { type: 'testSend.submit', addresses: ['not an address'] },
  ],
  'wizard.send': [{ type: 'wizard.send' }],
  'wizard.delete': [{ type: 'wizard.delete' }],
  'delete.confirm': [{ type: 'delete.confirm' }],
  'delete.cancel': [{ type: 'delete.cancel' }],
} satisfies { [K in MessageWizardEvent['type']]: Array<Extract<MessageWizardEvent, { type: K }>> };

export const messageWizardOutputFixtures = {
  loadMessage: {
    draft: { message: draftMessage, options },
    sent: { message: { ...draftMessage, status: 'sent' as const }, options },
  } satisfies Record<string, LoadedMessage>,
  saveMessage: {
    saved: { kind: 'saved', message: { ...draftMessage, subject: 'Spring sale' } },
    rejected: { kind: 'rejected', issues: { name: 'nameRequired' } },
    locked: { kind: 'locked' },
  } satisfies { [K in SaveOutcome['kind']]: Extract<SaveOutcome, { kind: K }> },
  countAudience: { some: 118 },
  loadChecklist: {
    ready: [item('content', true, true), item('previewText', false, false)],
    blocked: [item('content', true, true), item('senderVerified', false, true)],
  },
  sendTest: {
    sent: { kind: 'sent', addresses: ['qa@acme.test'] },
    rejected: { kind: 'rejected' },
  } satisfies { [K in TestSendOutcome['kind']]: Extract<TestSendOutcome, { kind: K }> },
  sendMessage: {
    sent: { kind: 'sent', message: { ...draftMessage, status: 'sending' as const } },
    scheduled: { kind: 'scheduled', message: { ...draftMessage, status: 'scheduled' as const } },
    refused: { kind: 'refused' },
  } satisfies { [K in SendOutcome['kind']]: Extract<SendOutcome, { kind: K }> },
  deleteMessage: { deleted: undefined },
} satisfies {
  [
    K in keyof typeof messageWizardActors as K extends
      `${string}Message` | `${string}Audience` | 'loadChecklist' | 'sendTest'
      ? K extends 'createDraftMessage'
        ? never
        : K
      : never
  ]: Record<string, OutputFrom<(typeof messageWizardActors)[K]>>;
};

const e = messageWizardEventFixtures;
const o = messageWizardOutputFixtures;
const R = 'messageWizard.ready';

type Snapshot = SnapshotFrom<typeof messageWizardMachine>;

const loaded = done('loadMessage', o.loadMessage.draft, 'draft');
const checked = done('loadChecklist', o.loadChecklist.ready, 'ready');
/** The fixture at `index` of a list, which must hold it. */
const nth = <T>(list: T[], index = 0): T => {
  const fixture = list[index];
  if (fixture === undefined) throw new Error(`no fixture #${index}`);
  return fixture;
};
const subjectChange = nth(e['field.change'], 0);
const listPicked = nth(e['field.change'], 1);
const listsCleared = nth(e['field.change'], 2);
const goodAddresses = nth(e['testSend.submit'], 0);
const badAddresses = nth(e['testSend.submit'], 1);
const refresh = nth(e['checklist.refresh']);
const send = nth(e['wizard.send']);

/**
 * Journeys as a user makes them on step-3 (which reads the checklist when it opens): shortest paths reach the same
 * states by sending a test or a change straight after loading, which the screens cannot do, and never take the
 * self-transitions of a test send refused or a save that refreshes the checklist.
 */
const journeys = [
  {
    name: 'test sends from step-3: sent, refused, addresses invalid, failed',
    input: 'email',
    events: [
      loaded,
      refresh,
      checked,
      goodAddresses,
      done('sendTest', o.sendTest.sent, 'sent'),
      goodAddresses,
      done('sendTest', o.sendTest.rejected, 'rejected'),
      badAddresses,
      goodAddresses,
      failed('sendTest'),
    ],
  },
  {
    name: 'a change saved on step-3 reads the checklist again, then the campaign is sent',
    input: 'email',
    events: [
      loaded,
      refresh,
      checked,
      subjectChange,
      after('AUTOSAVE_DEBOUNCE', `${R}.autosave.debouncing`),
      done('saveMessage', o.saveMessage.saved, 'saved'),
      checked,
      send,
      done('sendMessage', o.sendMessage.sent, 'sent'),
    ],
  },
  {
    name: 'recipients picked, counted, then removed',
    input: 'email',
    events: [
      loaded,
      listPicked,
      after('COUNT_DEBOUNCE', `${R}.count.debouncing`),
      done('countAudience', o.countAudience.some, 'some'),
      listsCleared,
      after('COUNT_DEBOUNCE', `${R}.count.debouncing`),
    ],
  },
] satisfies Journey[];

export const messageWizardModel: MachineModel<MessageWizardInput> = {
  name: 'messageWizard',
  machine: messageWizardMachine,
  inputs: { email: { channel: 'email', id: 7 } },
  events: [
    ...Object.values(e).flat(),
    done('loadMessage', o.loadMessage.draft, 'draft'),
    done('loadMessage', o.loadMessage.sent, 'not a draft'),
    failed('loadMessage'),
    after('AUTOSAVE_DEBOUNCE', `${R}.autosave.debouncing`),
    done('saveMessage', o.saveMessage.saved, 'saved'),
    done('saveMessage', o.saveMessage.rejected, 'rejected'),
    done('saveMessage', o.saveMessage.locked, 'locked'),
    failed('saveMessage'),
    after('COUNT_DEBOUNCE', `${R}.count.debouncing`),
    done('countAudience', o.countAudience.some, 'some'),
    failed('countAudience'),
    done('loadChecklist', o.loadChecklist.ready, 'ready'),
    done('loadChecklist', o.loadChecklist.blocked, 'blocked'),
    failed('loadChecklist'),
    done('sendTest', o.sendTest.sent, 'sent'),
    done('sendTest', o.sendTest.rejected, 'rejected'),
    failed('sendTest'),
    done('sendMessage', o.sendMessage.sent, 'sent'),
    done('sendMessage', o.sendMessage.scheduled, 'scheduled'),
    done('sendMessage', o.sendMessage.refused, 'refused'),
    failed('sendMessage'),
    done('deleteMessage', o.deleteMessage.deleted, 'deleted'),
    failed('deleteMessage'),
  ] as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) => {
    const c = (s as Snapshot).context;
    return JSON.stringify({
      value: s.value,
      pending: Object.keys(c.pending).length > 0,
      audience: (c.draft.includeLists?.length ?? 0) > 0,
      checklist: c.checklist?.every((i) => i.ok || !i.blocking) ?? null,
      stale: c.checklistStale,
    });
  },
  journeys,
  transient: ['messageWizard.ready.count.starting'],
  limit: 100_000,
};
