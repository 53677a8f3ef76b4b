import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import {
  sessionEventFixtures,
  sessionInputs,
  sessionModel,
  sessionOutputFixtures,
  user,
} from '../../../tests/model/session.model.ts';
import { sessionMachine } from './session.machine.ts';
import { fullName, initials, activeChannels, selectIsLoggedIn } from './session.selectors.ts';
import type { LoginInput, LoginOutcome, SessionEvent } from './session.types.ts';

describeModel(sessionModel);

function start(input: keyof typeof sessionInputs, loginOutcomes: LoginOutcome[] = []) {
  const effects = {
    persistSession: vi.fn(),
    clearUserData: vi.fn(),
    announceEnded: vi.fn(),
    loadReturnPath: vi.fn(),
    loadHome: vi.fn(),
    loadLogin: vi.fn(),
    persistLanguage: vi.fn(),
  };
  const logins: LoginInput[] = [];
  const machine = sessionMachine.provide({
    actions: {
      persistSession: ({ context }) => effects.persistSession(context.session),
      clearUserData: effects.clearUserData,
      announceEnded: effects.announceEnded,
      loadReturnPath: ({ context }) => effects.loadReturnPath(context.returnTo),
      loadHome: effects.loadHome,
      loadLogin: effects.loadLogin,
      persistLanguage: ({ context }) => effects.persistLanguage(context.language),
    },
    actors: {
      login: fromPromise<LoginOutcome, LoginInput>(async ({ input }) => {
        logins.push(input);
        const next = loginOutcomes.shift();
        if (!next) throw new Error('network');
        return next;
      }),
      currentUser: fromPromise(async () => user),
      logout: fromPromise<void>(async () => undefined),
      saveLanguage: fromPromise<void, { language: string }>(async () => undefined),
      sessionEvents: fromCallback(() => () => {}),
      tokenRefresh: fromCallback(({ sendBack }) => {
        sendBack({ type: 'token.validated', session: sessionOutputFixtures.login.signedIn.session });
        return () => {};
      }) as never,
    },
  });
  const actor = createActor(machine, { input: sessionInputs[input] }).start();
  return { actor, effects, logins };
}

const validLogin: SessionEvent = sessionEventFixtures['login.submit'][0]!;
const invalidLogin: SessionEvent = sessionEventFixtures['login.submit'][1]!;

describe('session machine at runtime', () => {
  it('logs in, stores the token and reloads at the page asked for', async () => {
    const { actor, effects, logins } = start('anonymous', [sessionOutputFixtures.login.signedIn]);
    actor.send(validLogin);
    await waitFor(actor, (s) => s.matches('enteringApp'));
    expect(logins).toEqual([{ email: 'ada@example.com', password: 'correct-horse', remember: true }]);
    expect(effects.persistSession).toHaveBeenCalledWith(sessionOutputFixtures.login.signedIn.session);
    expect(effects.loadReturnPath).toHaveBeenCalledWith('/contacts');
    expect(actor.getSnapshot().context.credentials).toBeNull();
  });

  it('asks for the 2FA code, then sends it with the credentials', async () => {
    const { actor, logins } = start('anonymous', [
      sessionOutputFixtures.login.twoFactorRequired,
      { kind: 'rejected', code: 'invalid_2fa_token' },
      sessionOutputFixtures.login.signedIn,
    ]);
    actor.send(validLogin);
    await waitFor(actor, (s) => s.matches('twoFactorRequired'));
    actor.send({ type: 'login.submitCode', code: '111 111' });
    await waitFor(actor, (s) => s.matches('twoFactorRequired') && s.context.error === 'invalid_2fa_token');
    actor.send({ type: 'login.submitCode', code: '222222' });
    await waitFor(actor, (s) => s.matches('enteringApp'));
    expect(logins.map((l) => l.totp)).toEqual([undefined, '111111', '222222']);
  });

  it('keeps field issues as codes and never calls the API for an invalid form', () => {
    const { actor, logins } = start('anonymous');
    actor.send(invalidLogin);
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'tooShort', password: 'tooShort' });
    expect(logins).toEqual([]);
  });

  it('reports an unreachable server as unavailable', async () => {
    const { actor } = start('anonymous', []);
    actor.send(validLogin);
    await waitFor(actor, (s) => s.matches('anonymous') && s.context.error === 'unavailable');
  });

  it('never returns to another origin after login', async () => {
    const { actor, effects } = start('anonymous', [sessionOutputFixtures.login.signedIn]);
    actor.send({ ...sessionEventFixtures['login.submit'][0]!, returnTo: '//evil.example/steal' });
    await waitFor(actor, (s) => s.matches('enteringApp'));
    expect(effects.loadReturnPath).toHaveBeenCalledWith('/');
  });

  it('loads the user once the token is valid, and logs out: clear, announce, reload at /', async () => {
    const { actor, effects } = start('loggedIn');
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }));
    expect(selectIsLoggedIn(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'logout.submit' });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(effects.clearUserData).toHaveBeenCalledOnce();
    expect(effects.announceEnded).toHaveBeenCalledOnce();
    expect(effects.loadHome).toHaveBeenCalledOnce();
    expect(selectIsLoggedIn(actor.getSnapshot())).toBe(false);
  });

  it('a 401 (session.expired) clears the data and goes to /login', async () => {
    const { actor, effects } = start('loggedIn');
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }));
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().value).toBe('expired');
    expect(effects.clearUserData).toHaveBeenCalledOnce();
    expect(effects.loadLogin).toHaveBeenCalledOnce();
  });

  it('stores the last used language', () => {
    const { actor, effects } = start('anonymous');
    actor.send({ type: 'language.change', language: 'it' });
    expect(effects.persistLanguage).toHaveBeenCalledWith('it');
  });
});

describe('session selectors', () => {
  it('derives full name, initials and active channels', () => {
    expect(fullName(user)).toBe('Ada Lovelace');
    expect(initials(user)).toBe('AL');
    expect(initials({ firstName: '', lastName: '', email: 'zed@example.com' })).toBe('Z');
    expect(fullName({ firstName: '', lastName: '', email: 'zed@example.com' })).toBe('zed@example.com');
    expect(
      activeChannels({
        memberOf: {
          ...user.memberOf,
          channels: [...user.memberOf.channels, { id: 'x', type: 'sms', name: 'SMS', status: 'inactive' }],
        },
      }),
    ).toHaveLength(1);
  });
});
