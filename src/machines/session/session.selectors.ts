import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session.machine.ts';
import type { Channel, CurrentUser } from './session.types.ts';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Logged in is derived from the token. */
export const selectIsLoggedIn = (s: SessionSnapshot) =>
  s.context.session?.token != null && !s.matches('loggedOut') && !s.matches('expired');
export const selectUser = (s: SessionSnapshot) => s.context.user;
export const selectLanguage = (s: SessionSnapshot) => s.context.language;
export const selectError = (s: SessionSnapshot) => s.context.error;
export const selectFieldErrors = (s: SessionSnapshot) => s.context.fieldErrors;
export const selectIsBusy = (s: SessionSnapshot) => s.hasTag('busy');
export const selectIsTwoFactorStep = (s: SessionSnapshot) =>
  s.matches('twoFactorRequired') || s.matches({ signingIn: 'verifying' });
export const selectUserFailed = (s: SessionSnapshot) => s.matches({ loggedIn: 'failed' });
/** The app renders while the user is known: ready, or reading the user again in the background (`refreshing`). */
export const selectUserReady = (s: SessionSnapshot) =>
  s.matches({ loggedIn: 'ready' }) || s.matches({ loggedIn: 'refreshing' });

export function fullName(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}

export function initials(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  const letters = [user.firstName, user.lastName].map((n) => n.trim().charAt(0)).join('');
  return (letters || user.email.charAt(0)).toUpperCase();
}

export function activeChannels(user: Pick<CurrentUser, 'memberOf'>): Channel[] {
  return user.memberOf.channels.filter((c) => c.status === 'active');
}
