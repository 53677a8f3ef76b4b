import { assign, setup, spawnChild } from 'xstate';
import { appEvents } from '../../app/appEvents.ts';
import { loadPage, safeReturnPath } from '../../app/navigation.ts';
import {
  applyDocumentLanguage,
  clearUserData,
  writeLanguage,
  writeSession,
  type StoredSession,
} from '../../app/sessionStorage.ts';
import { resolveLanguage } from '../../i18n/languages.ts';
import { checkCode, checkEmail, checkPassword, issues } from '../../app/validation.ts';
import { tokenRefreshMachine } from '../tokenRefresh/tokenRefresh.machine.ts';
import { currentUser, login, logout, saveLanguage, sessionEvents } from './session.actors.ts';
import type { LoginOutcome, SessionContext, SessionEvent, SessionInput } from './session.types.ts';

type LoginForm = Omit<Extract<SessionEvent, { type: 'login.submit' }>, 'type'>;

const sendsCode = (context: SessionContext) => context.credentials?.totp !== undefined;

const emptySession: StoredSession = {
  token: '',
  expiresAt: new Date(0).toISOString(),
  refreshExpiresAt: null,
  remember: false,
  cookieDomain: null,
};

/**
 * The user's session. `starting` picks `loggedIn` when a token is stored, else `anonymous`. Login goes
 * anonymous → signingIn.submitting → (twoFactorRequired → signingIn.verifying →) enteringApp; `signingIn` holds
 * the one login call for both steps, which stores the token cookie and reloads at
 * the page asked for. `loggedIn` runs the tokenRefresh child, which keeps the access token fresh; `authorizing` waits
 * for its first valid token, then `loading` fetches the current user (`ready`, or `failed` with a retry). Logout (loggingOut → loggedOut) and a 401 (expired) clear all user data,
 * announce the end (realtime disconnects) and reload at / or /login.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: { login, currentUser, logout, saveLanguage, sessionEvents, tokenRefresh: tokenRefreshMachine },
  guards: {
    hasStoredSession: ({ context }) => context.session !== null,
    isLoginFormValid: (_, form: LoginForm) => checkEmail(form.email) === null && checkPassword(form.password) === null,
    isCodeValid: (_, code: string) => checkCode(code) === null,
    isSignedIn: (_, output: LoginOutcome) => output.kind === 'signedIn',
    isTwoFactorRequired: (_, output: LoginOutcome) => output.kind === 'twoFactorRequired',
    /** The call carries a 2FA code: the verifying step, where a failure returns to the code. */
    isSendingCode: ({ context }) => sendsCode(context),
    isCodeRejected: ({ context }, output: LoginOutcome) =>
      sendsCode(context) && output.kind === 'rejected' && output.code === 'invalid_2fa_token',
  },
  actions: {
    assignCredentials: assign((_, form: LoginForm) => ({
      credentials: { email: form.email.trim(), password: form.password, remember: form.remember },
      returnTo: safeReturnPath(form.returnTo),
      error: null,
      fieldErrors: {},
    })),
    assignFieldErrors: assign((_, form: LoginForm) => ({
      error: null,
      fieldErrors: issues({ email: checkEmail(form.email), password: checkPassword(form.password) }),
    })),
    assignCode: assign(({ context }, code: string) => {
      if (!context.credentials) return {};
      return { credentials: { ...context.credentials, totp: code.replace(/\s/g, '') }, error: null, fieldErrors: {} };
    }),
    assignCodeError: assign((_, code: string) => ({ error: null, fieldErrors: issues({ code: checkCode(code) }) })),
    assignSession: assign((_, output: LoginOutcome) => (output.kind === 'signedIn' ? { session: output.session } : {})),
    assignValidToken: assign((_, session: StoredSession) => ({ session })),
    assignRejection: assign((_, output: LoginOutcome) => (output.kind === 'rejected' ? { error: output.code } : {})),
    assignUnavailable: assign({ error: 'unavailable' as const }),
    enterTwoFactor: assign({ error: null, fieldErrors: {} }),
    forgetCredentials: assign({ credentials: null }),
    assignUser: assign((_, user: SessionContext['user']) => ({ user })),
    assignLanguage: assign((_, language: string) => ({ language })),
    persistLanguage: ({ context }) => {
      if (!context.language) return;
      writeLanguage(context.language);
      applyDocumentLanguage(resolveLanguage(context.language));
    },
    saveLanguage: spawnChild('saveLanguage', { input: ({ context }) => ({ language: context.language ?? 'en' }) }),
    persistSession: ({ context }) => {
      if (context.session) writeSession(context.session);
    },
    announceEnded: () => appEvents.emit({ type: 'session.ended' }),
    clearUserData: () => clearUserData(),
    loadReturnPath: ({ context }) => loadPage(context.returnTo),
    loadHome: () => loadPage('/'),
    loadLogin: () => loadPage('/login'),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    session: input.session,
    language: input.language,
    user: null,
    credentials: null,
    returnTo: '/',
    error: null,
    fieldErrors: {},
    startedAt: input.now,
  }),
  initial: 'starting',
  on: {
    'language.change': {
      actions: [{ type: 'assignLanguage', params: ({ event }) => event.language }, 'persistLanguage'],
    },
  },
  states: {
    starting: {
      always: [{ guard: 'hasStoredSession', target: 'loggedIn' }, { target: 'anonymous' }],
    },
    anonymous: {
      tags: ['editable'],
      on: {
        'login.submit': [
          {
            guard: { type: 'isLoginFormValid', params: ({ event }) => event },
            target: 'signingIn.submitting',
            actions: { type: 'assignCredentials', params: ({ event }) => event },
          },
          { actions: { type: 'assignFieldErrors', params: ({ event }) => event } },
        ],
      },
    },
    twoFactorRequired: {
      tags: ['editable'],
      on: {
        'login.submitCode': [
          {
            guard: { type: 'isCodeValid', params: ({ event }) => event.code },
            target: 'signingIn.verifying',
            actions: { type: 'assignCode', params: ({ event }) => event.code },
          },
          { actions: { type: 'assignCodeError', params: ({ event }) => event.code } },
        ],
        'login.cancel': { target: 'anonymous', actions: ['forgetCredentials', 'enterTwoFactor'] },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => context.credentials ?? { email: '', password: '', remember: false },
        onDone: [
          {
            guard: { type: 'isSignedIn', params: ({ event }) => event.output },
            target: 'enteringApp',
            actions: { type: 'assignSession', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isCodeRejected', params: ({ event }) => event.output },
            target: 'twoFactorRequired',
            actions: { type: 'assignRejection', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isTwoFactorRequired', params: ({ event }) => event.output },
            target: 'twoFactorRequired',
            actions: 'enterTwoFactor',
          },
          {
            target: 'anonymous',
            actions: [{ type: 'assignRejection', params: ({ event }) => event.output }, 'forgetCredentials'],
          },
        ],
        onError: [
          { guard: 'isSendingCode', target: 'twoFactorRequired', actions: 'assignUnavailable' },
          { target: 'anonymous', actions: ['assignUnavailable', 'forgetCredentials'] },
        ],
      },
      initial: 'submitting',
      states: {
        /** Email and password sent. */
        submitting: {},
        /** The same call again, with the 2FA code. */
        verifying: {},
      },
    },
    enteringApp: {
      tags: ['busy'],
      entry: ['persistSession', 'forgetCredentials', 'loadReturnPath'],
    },
    loggedIn: {
      invoke: [
        { id: 'sessionEvents', src: 'sessionEvents' },
        {
          id: 'tokenRefresh',
          src: 'tokenRefresh',
          input: ({ context }) => ({ session: context.session ?? emptySession, now: context.startedAt }),
        },
      ],
      on: {
        'token.validated': { actions: { type: 'assignValidToken', params: ({ event }) => event.session } },
        'token.rejected': 'expired',
        'session.expired': 'expired',
        'logout.submit': 'loggingOut',
      },
      initial: 'authorizing',
      states: {
        authorizing: {
          tags: ['busy'],
          on: {
            'token.validated': {
              target: 'loading',
              actions: { type: 'assignValidToken', params: ({ event }) => event.session },
            },
          },
        },
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'currentUser',
            src: 'currentUser',
            onDone: { target: 'ready', actions: { type: 'assignUser', params: ({ event }) => event.output } },
            onError: 'failed',
          },
        },
        ready: {
          on: {
            'user.refresh': 'refreshing',
            'language.change': {
              actions: [
                { type: 'assignLanguage', params: ({ event }) => event.language },
                'persistLanguage',
                'saveLanguage',
              ],
            },
          },
        },
        /** The user changed elsewhere (a role after an ownership transfer): read it again without leaving the app. */
        refreshing: {
          invoke: {
            id: 'currentUser',
            src: 'currentUser',
            onDone: { target: 'ready', actions: { type: 'assignUser', params: ({ event }) => event.output } },
            onError: 'ready',
          },
        },
        failed: { tags: ['error'], on: { 'user.retry': 'loading' } },
      },
    },
    loggingOut: {
      tags: ['busy'],
      invoke: { id: 'logout', src: 'logout', onDone: 'loggedOut', onError: 'loggedOut' },
    },
    loggedOut: { tags: ['busy'], entry: ['clearUserData', 'announceEnded', 'loadHome'] },
    expired: { tags: ['busy'], entry: ['clearUserData', 'announceEnded', 'loadLogin'] },
  },
});
