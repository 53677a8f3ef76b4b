import type { OutputFrom } from 'xstate';
import type * as profileActors from '../../src/machines/profile/profile.actors.ts';
import type * as activeSessionsActors from '../../src/machines/activeSessions/activeSessions.actors.ts';
import {
  profileMachine,
  type EmailOutcome,
  type PasswordOutcome,
  type ProfileEvent,
  type SaveOutcome,
} from '../../src/machines/profile/profile.machine.ts';
import {
  activeSessionsMachine,
  type ActiveSession,
  type ActiveSessionsEvent,
} from '../../src/machines/activeSessions/activeSessions.machine.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

const ada = { firstName: 'Ada', lastName: 'Lovelace', phonePrefix: '+39', phoneNumber: '3331234567' };

export const profileEventFixtures = {
  'profile.retry': [{ type: 'profile.retry' }],
  'details.save': [
    { type: 'details.save', details: ada },
    { type: 'details.save', details: { ...ada, phoneNumber: '12a' } },
    { type: 'details.save', details: { ...ada, phonePrefix: '' } },
  ],
  'email.submit': [
    { type: 'email.submit', email: 'ada.new@example.com' },
    { type: 'email.submit', email: 'ada' },
  ],
  'email.restart': [{ type: 'email.restart' }],
  'password.submit': [
    {
      type: 'password.submit',
      change: { currentPassword: 'old-secret', password: 'new-secret', passwordConfirmation: 'new-secret' },
    },
    {
      type: 'password.submit',
      change: { currentPassword: 'old-secret', password: 'new-secret', passwordConfirmation: 'other' },
    },
  ],
} satisfies { [K in ProfileEvent['type']]: Array<Extract<ProfileEvent, { type: K }>> };

export const profileOutputFixtures = {
  loadProfile: { loaded: ada },
  saveProfile: {
    saved: { kind: 'saved', details: ada },
    rejected: { kind: 'rejected', fieldErrors: { phoneNumber: 'phone number already in use' } },
  } satisfies { [K in SaveOutcome['kind']]: Extract<SaveOutcome, { kind: K }> },
  requestEmailChange: {
    sent: { kind: 'sent' },
    rejected: { kind: 'rejected', fieldErrors: { email: 'email already in use' } },
  } satisfies { [K in EmailOutcome['kind']]: Extract<EmailOutcome, { kind: K }> },
  changePassword: {
    changed: { kind: 'changed' },
    rejected: { kind: 'rejected', fieldErrors: { currentPassword: 'Current password is wrong' } },
  } satisfies { [K in PasswordOutcome['kind']]: Extract<PasswordOutcome, { kind: K }> },
} satisfies { [K in keyof typeof profileActors]: Record<string, OutputFrom<(typeof profileActors)[K]>> };

const p = profileOutputFixtures;

export const profileModel: MachineModel<undefined> = {
  name: 'profile',
  machine: profileMachine,
  inputs: { none: undefined },
  events: [
    ...Object.values(profileEventFixtures).flat(),
    done('loadProfile', p.loadProfile.loaded, 'loaded'),
    failed('loadProfile'),
    done('saveProfile', p.saveProfile.saved, 'saved'),
    done('saveProfile', p.saveProfile.rejected, 'rejected'),
    failed('saveProfile'),
    done('requestEmailChange', p.requestEmailChange.sent, 'sent'),
    done('requestEmailChange', p.requestEmailChange.rejected, 'rejected'),
    failed('requestEmailChange'),
    done('changePassword', p.changePassword.changed, 'changed'),
    done('changePassword', p.changePassword.rejected, 'rejected'),
    failed('changePassword'),
  ] as ModelEvent[],
  // Three parallel parts multiply the states; the default projection (value and tags) keeps them finite.
  limit: 2000,
};

const here: ActiveSession = {
  id: '00000000-0000-4000-8000-000000000001',
  device: 'Chrome on Linux',
  address: '127.0.0.1',
  createdAt: '2026-11-01T10:00:00Z',
  lastSeenAt: '2026-11-26T10:00:00Z',
  current: true,
};
const phone: ActiveSession = {
  ...here,
  id: '00000000-0000-4000-8000-000000000002',
  device: 'Safari on iOS',
  current: false,
};

export const activeSessionsEventFixtures = {
  'sessions.retry': [{ type: 'sessions.retry' }],
  'session.revoke': [{ type: 'session.revoke', sessionId: phone.id }],
  'others.revoke': [{ type: 'others.revoke' }],
  'others.confirm': [{ type: 'others.confirm' }],
  'others.cancel': [{ type: 'others.cancel' }],
} satisfies { [K in ActiveSessionsEvent['type']]: Array<Extract<ActiveSessionsEvent, { type: K }>> };

export const activeSessionsOutputFixtures = {
  listSessions: { two: [here, phone], alone: [here] },
  revokeSessions: { alone: [here] },
} satisfies { [K in keyof typeof activeSessionsActors]: Record<string, OutputFrom<(typeof activeSessionsActors)[K]>> };

const a = activeSessionsOutputFixtures;

export const activeSessionsModel: MachineModel<undefined> = {
  name: 'activeSessions',
  machine: activeSessionsMachine,
  inputs: { none: undefined },
  events: [
    ...Object.values(activeSessionsEventFixtures).flat(),
    done('listSessions', a.listSessions.two, 'two'),
    failed('listSessions'),
    done('revokeSessions', a.revokeSessions.alone, 'alone'),
    failed('revokeSessions'),
  ] as ModelEvent[],
  serializeState: (s) => JSON.stringify([s.value, s.context.sessions.length, s.context.error]),
};
