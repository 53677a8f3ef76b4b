import { assign, setup, spawnChild } from 'xstate';
import { appEvents } from '../../app/appEvents.ts';
import { loadPage, safeReturnPath } from '../../app/navigation.ts';
import { applyDocumentLanguage, clearUserData, writeLanguage, writeSession, type StoredSession } from '../../app/sessionStorage.ts';
import { resolveLanguage } from '../../i18n/languages.ts';
import { checkCode, checkEmail, checkPassword, issues } from '../../app/validation.ts';
import { tokenRefreshMachine } from '../tokenRefresh/tokenRefresh.machine.ts';
import { currentUser, login, logout, saveLanguage, sessionEvents } from './session.actors.ts';
import type { LoginOutcome, SessionContext, SessionEvent, SessionInput } from './session.types.ts';

const emptySession: StoredSession = {
  token: '',
  expiresAt: new Date(0).toISOString(),
  refreshExpiresAt: null,
  remember: false,
  cookieDomain: null,
};

/**
 * The user's session. `starting` picks `loggedIn` when a token is stored, else `anonymous`. Login goes
 * anonymous → submitting → (twoFactorRequired → verifying →) enteringApp, which stores the token cookie and reloads at
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
    isLoginFormValid: ({ event }) =>
      event.type === 'login.submit' && checkEmail(event.email) === null && checkPassword(event.password) === null,
    isCodeValid: ({ event }) => event.type === 'login.submitCode' && checkCode(event.code) === null,
    isSignedIn: (_, output: LoginOutcome) => output.kind === 'signedIn',
    isTwoFactorRequired: (_, output: LoginOutcome) => output.kind === 'twoFactorRequired',
    isCodeRejected: (_, output: LoginOutcome) => output.kind === 'rejected' && output.code === 'invalid_2fa_token',
  },
  actions: {
    assignCredentials: assign(({ event }) =>
      event.type === 'login.submit'
        ? {
            credentials: { email: event.email.trim(), password: event.password, remember: event.remember },
            returnTo: safeReturnPath(event.returnTo),
            error: null,
            fieldErrors: {},
          }
        : {},
    ),
    assignFieldErrors: assign(({ event }) =>
      event.type === 'login.submit'
        ? { error: null, fieldErrors: issues({ email: checkEmail(event.email), password: checkPassword(event.password) }) }
        : {},
    ),
    assignCode: assign(({ context, event }) =>
      event.type === 'login.submitCode' && context.credentials
        ? { credentials: { ...context.credentials, totp: event.code.replace(/\s/g, '') }, error: null, fieldErrors: {} }
        : {},
    ),
    assignCodeError: assign(({ event }) =>
      event.type === 'login.submitCode' ? { error: null, fieldErrors: issues({ code: checkCode(event.code) }) } : {},
    ),
    assignSession: assign((_, output: LoginOutcome) => (output.kind === 'signedIn' ? { session: output.session } : {})),
    assignValidToken: assign(({ event }) => (event.type === 'token.validated' ? { session: event.session } : {})),
    assignRejection: assign((_, output: LoginOutcome) => (output.kind === 'rejected' ? { error: output.code } : {})),
    assignUnavailable: assign({ error: 'unavailable' as const }),
    enterTwoFactor: assign({ error: null, fieldErrors: {} }),
    forgetCredentials: assign({ credentials: null }),
    assignUser: assign((_, user: SessionContext['user']) => ({ user })),
    assignLanguage: assign(({ event }) => (event.type === 'language.change' ? { language: event.language } : {})),
    persistLanguage: ({ context }) => {
      if (!context.language) return;
      writeLanguage(context.language);
      applyDocumentLanguage(resolveLanguage(context.language));
    },
    saveLanguage: spawnChild('saveLanguage', {
      input: ({ event }) => ({ language: event.type === 'language.change' ? event.language : 'en' }),
    }),
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
  on: { 'language.change': { actions: ['assignLanguage', 'persistLanguage'] } },
  states: {
    starting: {
      always: [{ guard: 'hasStoredSession', target: 'loggedIn' }, { target: 'anonymous' }],
    },
    anonymous: {
      tags: ['editable'],
      on: {
        'login.submit': [
          { guard: 'isLoginFormValid', target: 'submitting', actions: 'assignCredentials' },
          { actions: 'assignFieldErrors' },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => context.credentials ?? { email: '', password: '', remember: false },
        onDone: [
          { guard: { type: 'isSignedIn', params: ({ event }) => event.output }, target: 'enteringApp', actions: { type: 'assignSession', params: ({ event }) => event.output } },
          { guard: { type: 'isTwoFactorRequired', params: ({ event }) => event.output }, target: 'twoFactorRequired', actions: 'enterTwoFactor' },
          { target: 'anonymous', actions: [{ type: 'assignRejection', params: ({ event }) => event.output }, 'forgetCredentials'] },
        ],
        onError: { target: 'anonymous', actions: ['assignUnavailable', 'forgetCredentials'] },
      },
    },
    twoFactorRequired: {
      tags: ['editable'],
      on: {
        'login.submitCode': [
          { guard: 'isCodeValid', target: 'verifying', actions: 'assignCode' },
          { actions: 'assignCodeError' },
        ],
        'login.cancel': { target: 'anonymous', actions: ['forgetCredentials', 'enterTwoFactor'] },
      },
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => context.credentials ?? { email: '', password: '', remember: false },
        onDone: [
          { guard: { type: 'isSignedIn', params: ({ event }) => event.output }, target: 'enteringApp', actions: { type: 'assignSession', params: ({ event }) => event.output } },
          { guard: { type: 'isCodeRejected', params: ({ event }) => event.output }, target: 'twoFactorRequired', actions: { type: 'assignRejection', params: ({ event }) => event.output } },
          { guard: { type: 'isTwoFactorRequired', params: ({ event }) => event.output }, target: 'twoFactorRequired', actions: 'enterTwoFactor' },
          { target: 'anonymous', actions: [{ type: 'assignRejection', params: ({ event }) => event.output }, 'forgetCredentials'] },
        ],
        onError: { target: 'twoFactorRequired', actions: 'assignUnavailable' },
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
        'token.validated': { actions: 'assignValidToken' },
        'token.rejected': 'expired',
        'session.expired': 'expired',
        'logout.submit': 'loggingOut',
      },
      initial: 'authorizing',
      states: {
        authorizing: {
          tags: ['busy'],
          on: { 'token.validated': { target: 'loading', actions: 'assignValidToken' } },
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
          on: { 'language.change': { actions: ['assignLanguage', 'persistLanguage', 'saveLanguage'] } },
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
