import { assign, setup } from 'xstate';
import { PhonePrefix } from '../../../shared/contract/schemas.ts';
import { checkConfirmation, checkEmail, checkPassword, issues } from '../../app/validation.ts';
import { changePassword, loadProfile, requestEmailChange, saveProfile } from './profile.actors.ts';
import type {
  EmailOutcome,
  PasswordChange,
  PasswordOutcome,
  ProfileContext,
  ProfileDetails,
  ProfileEvent,
  SaveOutcome,
} from './profile.types.ts';

export type * from './profile.types.ts';

/** The contract's phone rules (PATCH /users/me): 4 to 20 digits, or none; a prefix of 1 to 4 digits after a +. */
const PHONE = /^[0-9]{4,20}$/;
const PREFIX = new RegExp(PhonePrefix.pattern);
const detailIssues = (d: ProfileDetails) =>
  issues({
    phoneNumber: d.phoneNumber === '' || PHONE.test(d.phoneNumber) ? null : ('invalid' as const),
    phonePrefix:
      d.phonePrefix !== ''
        ? PREFIX.test(d.phonePrefix)
          ? null
          : ('invalid' as const)
        : d.phoneNumber !== ''
          ? ('required' as const)
          : null,
  });
const passwordIssues = (c: PasswordChange) =>
  issues({
    currentPassword: c.currentPassword ? null : ('required' as const),
    password: checkPassword(c.password),
    passwordConfirmation: checkConfirmation(c.password, c.passwordConfirmation),
  });
const noPassword: PasswordChange = { currentPassword: '', password: '', passwordConfirmation: '' };
const rejected = (o: { kind: string; fieldErrors?: Record<string, string> }) => o.fieldErrors ?? {};

/**
 * The profile page: `loading` the user, then three independent parts. `details` (names, phone) saves through
 * PATCH /users/me; `email` asks for a change and waits in `sent` ("check your inbox"); `password` changes it with the
 * current one. Each part checks its form before calling, returns server field errors to its form, and a failed call
 * sets `error` for the spec's message.
 */
export const profileMachine = setup({
  types: { context: {} as ProfileContext, events: {} as ProfileEvent },
  actors: { loadProfile, saveProfile, requestEmailChange, changePassword },
  guards: {
    areDetailsValid: ({ event }) =>
      event.type === 'details.save' && Object.keys(detailIssues(event.details)).length === 0,
    isEmailValid: ({ event }) => event.type === 'email.submit' && checkEmail(event.email) === null,
    isPasswordValid: ({ event }) =>
      event.type === 'password.submit' && Object.keys(passwordIssues(event.change)).length === 0,
    isSaved: (_, o: SaveOutcome) => o.kind === 'saved',
    isSent: (_, o: EmailOutcome) => o.kind === 'sent',
    isChanged: (_, o: PasswordOutcome) => o.kind === 'changed',
  },
  actions: {
    assignDetails: assign((_, details: ProfileDetails) => ({
      details,
      detailIssues: {},
      detailErrors: {},
      error: null,
    })),
    assignDetailIssues: assign((_, details: ProfileDetails) => ({ details, detailIssues: detailIssues(details) })),
    assignDetailErrors: assign((_, o: SaveOutcome) => ({ detailErrors: rejected(o) })),
    assignEmail: assign((_, email: string) => ({ newEmail: email, emailIssues: {}, emailErrors: {}, error: null })),
    assignEmailIssues: assign((_, email: string) => ({
      newEmail: email,
      emailIssues: issues({ email: checkEmail(email) }),
    })),
    assignEmailErrors: assign((_, o: EmailOutcome) => ({ emailErrors: rejected(o) })),
    assignPassword: assign((_, c: PasswordChange) => ({
      password: c,
      passwordIssues: {},
      passwordErrors: {},
      error: null,
    })),
    assignPasswordIssues: assign((_, c: PasswordChange) => ({ passwordIssues: passwordIssues(c) })),
    assignPasswordErrors: assign((_, o: PasswordOutcome) => ({ passwordErrors: rejected(o) })),
    forgetPasswords: assign({ password: noPassword }),
    fail: assign((_, error: NonNullable<ProfileContext['error']>) => ({ error })),
  },
}).createMachine({
  id: 'profile',
  context: {
    details: { firstName: '', lastName: '', phonePrefix: '', phoneNumber: '' },
    detailIssues: {},
    detailErrors: {},
    newEmail: '',
    emailIssues: {},
    emailErrors: {},
    password: noPassword,
    passwordIssues: {},
    passwordErrors: {},
    error: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: { target: 'ready', actions: { type: 'assignDetails', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: 'loadFailed' } },
      },
    },
    loadFailed: { tags: ['error'], on: { 'profile.retry': 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        details: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'details.save': [
                  {
                    guard: 'areDetailsValid',
                    target: 'saving',
                    actions: { type: 'assignDetails', params: ({ event }) => event.details },
                  },
                  { target: 'editing', actions: { type: 'assignDetailIssues', params: ({ event }) => event.details } },
                ],
              },
            },
            saving: {
              tags: ['busy'],
              invoke: {
                id: 'saveProfile',
                src: 'saveProfile',
                input: ({ context }) => context.details,
                onDone: [
                  {
                    guard: { type: 'isSaved', params: ({ event }) => event.output },
                    target: 'saved',
                    actions: {
                      type: 'assignDetails',
                      params: ({ event, context }) =>
                        event.output.kind === 'saved' ? event.output.details : context.details,
                    },
                  },
                  { target: 'editing', actions: { type: 'assignDetailErrors', params: ({ event }) => event.output } },
                ],
                onError: { target: 'editing', actions: { type: 'fail', params: 'saveFailed' } },
              },
            },
            // A later save starts again from the form's checks.
            saved: {
              on: {
                'details.save': [
                  {
                    guard: 'areDetailsValid',
                    target: 'saving',
                    actions: { type: 'assignDetails', params: ({ event }) => event.details },
                  },
                  { target: 'editing', actions: { type: 'assignDetailIssues', params: ({ event }) => event.details } },
                ],
              },
            },
          },
        },
        email: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'email.submit': [
                  {
                    guard: 'isEmailValid',
                    target: 'sending',
                    actions: { type: 'assignEmail', params: ({ event }) => event.email },
                  },
                  { actions: { type: 'assignEmailIssues', params: ({ event }) => event.email } },
                ],
              },
            },
            sending: {
              tags: ['busy'],
              invoke: {
                id: 'requestEmailChange',
                src: 'requestEmailChange',
                input: ({ context }) => ({ email: context.newEmail }),
                onDone: [
                  { guard: { type: 'isSent', params: ({ event }) => event.output }, target: 'sent' },
                  { target: 'editing', actions: { type: 'assignEmailErrors', params: ({ event }) => event.output } },
                ],
                onError: { target: 'editing', actions: { type: 'fail', params: 'emailFailed' } },
              },
            },
            sent: { on: { 'email.restart': 'editing' } },
          },
        },
        password: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'password.submit': [
                  {
                    guard: 'isPasswordValid',
                    target: 'changing',
                    actions: { type: 'assignPassword', params: ({ event }) => event.change },
                  },
                  { actions: { type: 'assignPasswordIssues', params: ({ event }) => event.change } },
                ],
              },
            },
            changing: {
              tags: ['busy'],
              invoke: {
                id: 'changePassword',
                src: 'changePassword',
                input: ({ context }) => context.password,
                onDone: [
                  {
                    guard: { type: 'isChanged', params: ({ event }) => event.output },
                    target: 'changed',
                    actions: 'forgetPasswords',
                  },
                  {
                    target: 'editing',
                    actions: [{ type: 'assignPasswordErrors', params: ({ event }) => event.output }, 'forgetPasswords'],
                  },
                ],
                onError: {
                  target: 'editing',
                  actions: [{ type: 'fail', params: 'passwordFailed' }, 'forgetPasswords'],
                },
              },
            },
            // Another change starts again from the form's checks.
            changed: {
              on: {
                'password.submit': [
                  {
                    guard: 'isPasswordValid',
                    target: 'changing',
                    actions: { type: 'assignPassword', params: ({ event }) => event.change },
                  },
                  { target: 'editing', actions: { type: 'assignPasswordIssues', params: ({ event }) => event.change } },
                ],
              },
            },
          },
        },
      },
    },
  },
});
