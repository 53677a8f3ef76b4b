import type { AnyMachineSnapshot, OutputFrom } from 'xstate';
import type * as sessionActors from '../../src/machines/session/session.actors.ts';
import { sessionMachine } from '../../src/machines/session/session.machine.ts';
import type {
  CurrentUser,
  LoginOutcome,
  SessionEvent,
  SessionInput,
} from '../../src/machines/session/session.types.ts';
import type { StoredSession } from '../../src/app/sessionStorage.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

export const NOW = Date.parse('2030-01-01T12:00:00Z');
const inAnHour = new Date(NOW + 3_600_000).toISOString();

export const storedSession = (expiresAt: string): StoredSession => ({
  token: 'header.payload.signature',
  expiresAt,
  refreshExpiresAt: new Date(NOW + 86_400_000).toISOString(),
  remember: true,
  cookieDomain: null,
});

export const sessionInputs = {
  anonymous: { session: null, language: null, now: NOW },
  loggedIn: { session: storedSession(inAnHour), language: 'it', now: NOW },
} satisfies Record<string, SessionInput>;

/** One or more fixtures per event type: a new event type fails compilation until it has one. */
export const sessionEventFixtures = {
  'login.submit': [
    {
      type: 'login.submit',
      email: 'ada@example.com',
      password: 'correct-horse',
      remember: true,
      returnTo: '/contacts',
    },
    { type: 'login.submit', email: 'ada', password: 'abc', remember: false, returnTo: '/' },
  ],
  'login.submitCode': [
    { type: 'login.submitCode', code: '123456' },
    { type: 'login.submitCode', code: '' },
  ],
  'login.cancel': [{ type: 'login.cancel' }],
  'logout.submit': [{ type: 'logout.submit' }],
  'session.expired': [{ type: 'session.expired' }],
  'user.retry': [{ type: 'user.retry' }],
  'language.change': [{ type: 'language.change', language: 'it' }],
  'token.validated': [{ type: 'token.validated', session: storedSession(inAnHour) }],
  'token.rejected': [{ type: 'token.rejected' }],
} satisfies { [K in SessionEvent['type']]: Array<Extract<SessionEvent, { type: K }>> };

export const user: CurrentUser = {
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phonePrefix: null,
  phoneNumber: null,
  language: 'en',
  role: 'owner',
  twoFactorEnabled: false,
  createdAt: '2030-01-01T00:00:00Z',
  updatedAt: '2030-01-01T00:00:00Z',
  memberOf: {
    id: '00000000-0000-4000-8000-000000000002',
    name: 'Analytical Engines',
    channels: [{ id: '00000000-0000-4000-8000-000000000003', type: 'email', name: 'Newsletter', status: 'active' }],
  },
};

/** Per actor, per outcome kind: a new actor or outcome kind fails compilation until it has a fixture. */
export const sessionOutputFixtures = {
  login: {
    signedIn: { kind: 'signedIn', session: storedSession(inAnHour) },
    twoFactorRequired: { kind: 'twoFactorRequired' },
    rejected: { kind: 'rejected', code: 'invalid_credentials' },
  } satisfies { [K in LoginOutcome['kind']]: Extract<LoginOutcome, { kind: K }> },
  currentUser: { user },
  logout: { ok: undefined },
  saveLanguage: { ok: undefined },
  sessionEvents: {},
} satisfies { [K in keyof typeof sessionActors]: Record<string, OutputFrom<(typeof sessionActors)[K]>> };

const o = sessionOutputFixtures;
const wrongCode: LoginOutcome = { kind: 'rejected', code: 'invalid_2fa_token' };

export const sessionModelEvents: ModelEvent[] = [
  ...Object.values(sessionEventFixtures).flat(),
  done('login', o.login.signedIn, 'signedIn'),
  done('login', o.login.twoFactorRequired, 'twoFactorRequired'),
  done('login', o.login.rejected, 'invalid_credentials'),
  done('login', wrongCode, 'invalid_2fa_token'),
  failed('login'),
  done('currentUser', o.currentUser.user, 'user'),
  failed('currentUser'),
  done('logout', o.logout.ok, 'ok'),
  failed('logout'),
];

const ev = sessionEventFixtures;

export const sessionModel: MachineModel<SessionInput> = {
  name: 'session',
  machine: sessionMachine,
  inputs: sessionInputs,
  events: sessionModelEvents,
  transient: ['session.starting'],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({
      value: s.value,
      error: s.context.error,
      fields: Object.keys(s.context.fieldErrors).sort(),
    }),
  journeys: [
    {
      name: 'change the language while logged in',
      input: 'loggedIn',
      events: [...ev['token.validated'], done('currentUser', user, 'user'), ...ev['language.change']],
    },
  ],
};
