import type { AnyMachineSnapshot, OutputFrom } from 'xstate';
import type * as senderSettingsActors from '../../src/machines/senderSettings/senderSettings.actors.ts';
import { senderFormMachine } from '../../src/machines/senderSettings/senderForm.machine.ts';
import {
  senderSettingsMachine,
  type DeleteOutcome,
  type ResendOutcome,
  type SaveSenderOutcome,
  type Sender,
  type SenderFormEvent,
  type SenderFormInput,
  type SenderSettingsEvent,
  type SendingDomain,
} from '../../src/machines/senderSettings/senderSettings.machine.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

const sender: Sender = {
  id: 7,
  channel: 'email',
  name: 'News',
  address: 'news@shop.example',
  replyTo: null,
  domainId: 3,
  status: 'pending',
  verifiedAt: null,
  verificationSentAt: '2026-01-01T10:00:00.000Z',
  relayConfigured: false,
  ratePerMinute: null,
  warmup: { enabled: false, startedOn: null, initial: 3000, increasePct: 15 },
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};
const domain: SendingDomain = {
  id: 3,
  domain: 'shop.example',
  keySelector: 'missiva1',
  returnPathHost: 'bounces.shop.example',
  records: [
    {
      kind: 'dkim',
      type: 'TXT',
      host: 'missiva1._domainkey.shop.example',
      value: 'v=DKIM1; k=rsa; p=AB',
      status: 'unchecked',
      seen: [],
    },
  ],
  checkedAt: null,
  createdAt: '2026-01-01T10:00:00.000Z',
};
const checked: SendingDomain = {
  ...domain,
  records: [{ ...domain.records[0]!, status: 'found' }],
  checkedAt: '2026-01-02T10:00:00.000Z',
};

export const senderSettingsEventFixtures = {
  'settings.retry': [{ type: 'settings.retry' }],
  'sender.add': [{ type: 'sender.add' }],
  'sender.edit': [{ type: 'sender.edit', senderId: 7 }],
  'sender.delete': [{ type: 'sender.delete', senderId: 7 }],
  'delete.confirm': [{ type: 'delete.confirm' }],
  'delete.cancel': [{ type: 'delete.cancel' }],
  'sender.resend': [{ type: 'sender.resend', senderId: 7 }],
  'domain.check': [{ type: 'domain.check', domainId: 3 }],
  'notice.dismiss': [{ type: 'notice.dismiss' }],
} satisfies { [K in SenderSettingsEvent['type']]: Array<Extract<SenderSettingsEvent, { type: K }>> };

export const senderSettingsOutputFixtures = {
  loadSenderSettings: { loaded: { senders: [sender], domains: [domain] } },
  deleteSender: { deleted: { kind: 'deleted' }, inUse: { kind: 'inUse' } } satisfies {
    [K in DeleteOutcome['kind']]: Extract<DeleteOutcome, { kind: K }>;
  },
  resendVerification: { sent: { kind: 'sent', sender }, tooSoon: { kind: 'tooSoon' } } satisfies {
    [K in ResendOutcome['kind']]: Extract<ResendOutcome, { kind: K }>;
  },
  checkDomain: { checked },
  saveSender: {
    saved: { kind: 'saved', sender },
    rejected: { kind: 'rejected', errors: { address: 'addressTaken' } },
  } satisfies { [K in SaveSenderOutcome['kind']]: Extract<SaveSenderOutcome, { kind: K }> },
} satisfies {
  [K in keyof typeof senderSettingsActors]: Record<string, OutputFrom<(typeof senderSettingsActors)[K]>>;
};

const o = senderSettingsOutputFixtures;
const e = senderSettingsEventFixtures;

export const senderSettingsModel: MachineModel<undefined> = {
  name: 'senderSettings',
  machine: senderSettingsMachine,
  inputs: { none: undefined },
  events: [
    ...Object.values(e).flat(),
    done('loadSenderSettings', o.loadSenderSettings.loaded, 'loaded'),
    failed('loadSenderSettings'),
    done('senderForm', sender, 'saved'),
    done('senderForm', null, 'cancelled'),
    done('deleteSender', o.deleteSender.deleted, 'deleted'),
    done('deleteSender', o.deleteSender.inUse, 'inUse'),
    failed('deleteSender'),
    done('resendVerification', o.resendVerification.sent, 'sent'),
    done('resendVerification', o.resendVerification.tooSoon, 'tooSoon'),
    failed('resendVerification'),
    done('checkDomain', o.checkDomain.checked, 'checked'),
    failed('checkDomain'),
  ] as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({ value: s.value, notice: s.context.notice, error: s.context.error }),
};

export const senderFormEventFixtures = {
  'form.change': [
    { type: 'form.change', field: 'address', value: 'news@shop.example' },
    { type: 'form.change', field: 'warmupEnabled', value: true },
  ],
  'form.submit': [{ type: 'form.submit' }],
  'form.cancel': [{ type: 'form.cancel' }],
} satisfies { [K in SenderFormEvent['type']]: Array<Extract<SenderFormEvent, { type: K }>> };

export const senderFormModel: MachineModel<SenderFormInput> = {
  name: 'senderForm',
  machine: senderFormMachine,
  inputs: { adding: { sender: null }, editing: { sender } },
  events: [
    ...Object.values(senderFormEventFixtures).flat(),
    done('saveSender', o.saveSender.saved, 'saved'),
    done('saveSender', o.saveSender.rejected, 'rejected'),
    failed('saveSender'),
  ] as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({
      value: s.value,
      error: s.context.error,
      fieldErrors: Object.keys(s.context.fieldErrors as object),
    }),
};
