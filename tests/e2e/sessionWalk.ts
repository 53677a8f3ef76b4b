/**
 * Walks the session machine's generated paths in the browser: each model event becomes a real gesture or the release
 * of a held network request with the step's actor-output fixture; each reached state has a UI assertion.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { expect, type Page, type Request, type Route } from '@playwright/test';
import type { ModelEvent, WalkedPath } from '../model/graph.ts';
import { storedSession } from '../model/session.model.ts';
import type { LoginOutcome } from '../../src/machines/session/session.types.ts';
import { assertLeaves, firstUnrealizable, HeldNetwork, respond, stateOf, type StateAssertion } from './walk.ts';

type Operation = 'login' | 'currentUser' | 'logout' | 'refreshToken' | 'saveLanguage';

function operationOf(request: Request): Operation | null {
  const url = new URL(request.url());
  const key = `${request.method()} ${url.pathname}`;
  const table: Record<string, Operation> = {
    'POST /api/users/login': 'login',
    'GET /api/users/me': 'currentUser',
    'PATCH /api/users/me': 'saveLanguage',
    'POST /api/users/logout': 'logout',
    'POST /api/users/refresh': 'refreshToken',
  };
  return table[key] ?? null;
}

/** The session's requests, held until a step releases them; every other API call answers 404. */
export class SessionNetwork extends HeldNetwork<Operation> {
  constructor() {
    super(operationOf, async (route) => {
      if (route.request().url().includes('build-manifest.json')) {
        await route.fulfill({ json: { buildId: 'walk' } });
        return;
      }
      await route.fulfill({ status: 404, json: { code: 'not_found', message: 'Not found' } });
    });
  }
}

const json = respond;

function loginResponse(route: Route, outcome: LoginOutcome) {
  if (outcome.kind === 'signedIn') return json(route, 200, { twoFactorRequired: false, ...outcome.session });
  if (outcome.kind === 'twoFactorRequired') {
    return json(route, 200, {
      twoFactorRequired: true,
      token: null,
      expiresAt: null,
      refreshExpiresAt: null,
      cookieDomain: null,
    });
  }
  const message =
    outcome.code === 'invalid_2fa_token' ? 'Invalid 2FA token.' : 'Invalid login, please check and try again.';
  return json(route, outcome.code === 'too_many_requests' ? 429 : 401, { code: outcome.code, message });
}

export interface WalkContext {
  page: Page;
  net: SessionNetwork;
  input: string;
}

/** Why a (state, event) pair has no gesture: the UI offers no way to send that event in that state. */
export function unrealizable(before: AnyMachineSnapshot, event: ModelEvent, isFirstStep: boolean): string | null {
  const state = stateOf(before);
  if (state === '{"loggedIn":"authorizing"}') {
    if ((event.type === 'token.validated' || event.type === 'token.rejected') && isFirstStep) return null;
    return 'authorizing only lasts while the page starts: no gesture reaches it';
  }
  if (event.type === 'logout.submit' && state === '{"loggedIn":"loading"}')
    return 'Log out is offered once the user is loaded, or failed to load';
  if (event.type === 'session.expired' && state === '{"loggedIn":"failed"}')
    return 'no request is in flight to answer 401';
  if (event.type === 'token.rejected') return 'the token is refreshed only minutes after start';
  if (event.type === 'user.refresh')
    return 'the team page sends it after an ownership transfer (tests/e2e/team.spec.ts)';
  if (event.type === 'token.validated') return 'token.validated after start comes from a timed refresh';
  return null;
}

export function pathUnrealizable(path: WalkedPath): string | null {
  return firstUnrealizable(path, (before, event, i) => unrealizable(before, event, i === 0));
}

export async function perform(ctx: WalkContext, before: AnyMachineSnapshot, event: ModelEvent): Promise<void> {
  const { page, net } = ctx;
  switch (event.type) {
    case 'login.submit': {
      await page.getByLabel('Email').fill(String(event.email));
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(String(event.password));
      if (event.remember) await page.getByLabel('Remember me').check();
      await page.getByRole('button', { name: 'Log in' }).click();
      return;
    }
    case 'login.submitCode':
      await page.getByLabel('2FA code').fill(String(event.code));
      await page.getByRole('button', { name: 'Verify' }).click();
      return;
    case 'login.cancel':
      await page.getByRole('button', { name: 'Back' }).click();
      return;
    case 'logout.submit':
      if (stateOf(before) === '{"loggedIn":"ready"}') await page.getByTestId('user-menu').click();
      await page.getByRole('button', { name: 'Log out' }).click();
      return;
    case 'user.retry':
      await page.getByRole('button', { name: 'Try again' }).click();
      return;
    case 'language.change':
      await page.getByRole('button', { name: 'Italiano' }).click();
      return;
    case 'token.validated': {
      const session = storedSession(new Date(Date.now() + 3_600_000).toISOString());
      await page.context().addCookies([
        {
          name: 'missiva_session',
          value: encodeURIComponent(JSON.stringify(session)),
          domain: 'localhost',
          path: '/',
        },
      ]);
      await page.goto('/');
      return;
    }
    case 'token.rejected': {
      // Start with an expired access token: the refresh is refused.
      const session = storedSession(new Date(Date.now() - 60_000).toISOString());
      await page.context().addCookies([
        {
          name: 'missiva_session',
          value: encodeURIComponent(JSON.stringify(session)),
          domain: 'localhost',
          path: '/',
        },
      ]);
      await page.goto('/');
      await json(await net.take('refreshToken'), 401, {
        code: 'refresh_invalid',
        message: 'Sorry, you have to be logged in to access this.',
      });
      return;
    }
    case 'session.expired': {
      const state = stateOf(before);
      if (state === '{"loggedIn":"ready"}') await page.getByRole('button', { name: 'Italiano' }).click();
      const route = await net.take(state === '{"loggedIn":"ready"}' ? 'saveLanguage' : 'currentUser');
      await json(route, 401, { code: 'token_invalid', message: 'Sorry, you have to be logged in to access this.' });
      return;
    }
    case 'xstate.done.actor.login':
      await loginResponse(await net.take('login'), event.output as LoginOutcome);
      return;
    case 'xstate.error.actor.login':
      await (await net.take('login')).abort('failed');
      return;
    case 'xstate.done.actor.currentUser':
      await json(await net.take('currentUser'), 200, event.output);
      return;
    case 'xstate.error.actor.currentUser':
      await (await net.take('currentUser')).abort('failed');
      return;
    case 'xstate.done.actor.logout':
      await json(await net.take('logout'), 204);
      return;
    case 'xstate.error.actor.logout':
      await (await net.take('logout')).abort('failed');
      return;
    default:
      throw new Error(`no gesture for ${event.type}`);
  }
}

const sessionCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'missiva_session');

const ERROR_TEXT: Record<string, string> = {
  invalid_credentials: 'Invalid login, please check and try again.',
  invalid_2fa_token: 'Invalid 2FA code. Please try again.',
  unavailable: 'An unexpected error has occurred. Please try again later or contact the support team.',
};

/** One UI assertion per settleable state of the session machine. */
export const stateAssertions: Record<string, StateAssertion<unknown>> = {
  'session.anonymous': async (page, state) => {
    await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
    const error = state.context.error as string | null;
    if (error) await expect(page.getByTestId('login-error')).toHaveText(ERROR_TEXT[error]!);
    else await expect(page.getByTestId('login-error')).toHaveCount(0);
    const fields = state.context.fieldErrors as Record<string, string>;
    if (fields.email) await expect(page.getByText('Email must be at least 5 characters.')).toBeVisible();
    if (fields.password) await expect(page.getByText('Password must be at least 5 characters.')).toBeVisible();
  },
  'session.signingIn.submitting': async (page) => {
    await expect(page.locator('form[aria-busy="true"]')).toBeVisible();
  },
  'session.twoFactorRequired': async (page, state) => {
    await expect(page.getByLabel('2FA code')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Verify' })).toBeEnabled();
    const error = state.context.error as string | null;
    if (error) await expect(page.getByTestId('login-error')).toHaveText(ERROR_TEXT[error]!);
    if ((state.context.fieldErrors as Record<string, string>).code)
      await expect(page.getByText('Enter the code from your authenticator app.')).toBeVisible();
  },
  'session.signingIn.verifying': async (page) => {
    await expect(page.locator('form[aria-busy="true"]')).toBeVisible();
    await expect(page.getByLabel('2FA code')).toBeVisible();
  },
  'session.enteringApp': async (page) => {
    await expect(page).toHaveURL(/\/contacts$/);
    expect(await sessionCookie(page)).toBeTruthy();
  },
  // Only before the page has started: nothing is on screen yet.
  'session.loggedIn.authorizing': async () => {},
  'session.loggedIn.loading': async (page) => {
    await expect(page.getByLabel('Loading…')).toBeVisible();
  },
  'session.loggedIn.ready': async (page) => {
    await expect(page.getByTestId('greeting')).toHaveText(/Hello, Ada|Ciao, Ada/);
    await expect(page.getByTestId('user-menu')).toContainText('Ada Lovelace');
  },
  'session.loggedIn.refreshing': async (page) => {
    await expect(page.getByTestId('user-menu')).toContainText('Ada Lovelace');
  },
  'session.loggedIn.failed': async (page) => {
    await expect(page.getByRole('alert').filter({ hasText: 'Internal Server Error' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
  'session.loggingOut': async (page) => {
    // Logging out cannot be asked twice, and the token is still stored until the server answered.
    await expect(page.getByRole('button', { name: 'Log out', disabled: false })).toHaveCount(0);
    expect(await sessionCookie(page)).toBeTruthy();
  },
  'session.loggedOut': async (page) => {
    await expect(page).toHaveURL(/\/login$/);
    expect(await sessionCookie(page)).toBeUndefined();
  },
  'session.expired': async (page) => {
    await expect(page).toHaveURL(/\/login$/);
    expect(await sessionCookie(page)).toBeUndefined();
  },
};

export async function assertState(page: Page, state: AnyMachineSnapshot): Promise<void> {
  await assertLeaves(stateAssertions, page, state, undefined);
}
