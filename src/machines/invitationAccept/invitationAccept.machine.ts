import { assign, setup } from 'xstate';
import { loadPage } from '../../app/navigation.ts';
import { writeSession } from '../../app/sessionStorage.ts';
import { checkConfirmation, checkPassword, issues } from '../../app/validation.ts';
import { acceptInvitation, lookupInvitation } from './invitationAccept.actors.ts';
import type {
  AcceptOutcome,
  InvitationAcceptContext,
  InvitationAcceptEvent,
  LookupOutcome,
} from './invitationAccept.types.ts';

export type * from './invitationAccept.types.ts';

type Form = InvitationAcceptContext['form'];

const required = (value: string) => (value.trim() ? null : ('required' as const));
const formIssues = (form: Form) =>
  issues({
    firstName: required(form.firstName),
    lastName: required(form.lastName),
    password: checkPassword(form.password),
    passwordConfirmation: checkConfirmation(form.password, form.passwordConfirmation),
  });
const formOf = ({ firstName, lastName, password, passwordConfirmation }: Form): Form => ({
  firstName,
  lastName,
  password,
  passwordConfirmation,
});
const emptyForm: Form = { firstName: '', lastName: '', password: '', passwordConfirmation: '' };

/**
 * The invitation page, opened from the emailed link (`?token=`). Without a token: `invalidLink`. `lookingUp` shows
 * what the link offers (company, address, role); an expired, revoked or used link → `invalidLink`; a failed call →
 * `lookupFailed` with a retry. `editing` checks names, password and confirmation, then `accepting`: signed in →
 * `enteringApp` (the session is stored and the app loads at home, as after login); 410 → `invalidLink`; 409 →
 * `emailTaken`; field errors and failures return to `editing`.
 */
export const invitationAcceptMachine = setup({
  types: {
    context: {} as InvitationAcceptContext,
    events: {} as InvitationAcceptEvent,
    input: {} as { token: string | null },
  },
  actors: { lookupInvitation, acceptInvitation },
  guards: {
    hasToken: ({ context }) => Boolean(context.token),
    isFormValid: (_, form: Form) => Object.keys(formIssues(form)).length === 0,
    isFound: (_, outcome: LookupOutcome) => outcome.kind === 'found',
    isGone: (_, outcome: LookupOutcome | AcceptOutcome) => outcome.kind === 'gone',
    isLimited: (_, outcome: LookupOutcome | AcceptOutcome) => outcome.kind === 'limited',
    isSignedIn: (_, outcome: AcceptOutcome) => outcome.kind === 'signedIn',
    isEmailTaken: (_, outcome: AcceptOutcome) => outcome.kind === 'emailTaken',
  },
  actions: {
    assignInvitation: assign((_, outcome: LookupOutcome) =>
      outcome.kind === 'found' ? { invitation: outcome.invitation, error: null } : {},
    ),
    assignForm: assign((_, form: Form) => ({ form: formOf(form), issues: {}, serverErrors: {}, error: null })),
    assignIssues: assign((_, form: Form) => ({ issues: formIssues(form), serverErrors: {}, error: null })),
    assignServerErrors: assign((_, outcome: AcceptOutcome) =>
      outcome.kind === 'rejected' ? { serverErrors: outcome.fieldErrors } : {},
    ),
    assignSession: assign((_, outcome: AcceptOutcome) =>
      outcome.kind === 'signedIn' ? { session: outcome.session } : {},
    ),
    assignUnavailable: assign({ error: 'unavailable' as const }),
    assignLimited: assign({ error: 'tooManyRequests' as const }),
    forgetPasswords: assign(({ context }) => ({ form: { ...context.form, password: '', passwordConfirmation: '' } })),
    persistSession: ({ context }) => {
      if (context.session) writeSession(context.session);
    },
    loadHome: () => loadPage('/'),
  },
}).createMachine({
  id: 'invitationAccept',
  context: ({ input }) => ({
    token: input.token,
    invitation: null,
    form: emptyForm,
    issues: {},
    serverErrors: {},
    error: null,
    session: null,
  }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasToken', target: 'lookingUp' }, { target: 'invalidLink' }] },
    lookingUp: {
      tags: ['busy'],
      invoke: {
        id: 'lookupInvitation',
        src: 'lookupInvitation',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            guard: { type: 'isFound', params: ({ event }) => event.output },
            target: 'editing',
            actions: { type: 'assignInvitation', params: ({ event }) => event.output },
          },
          { guard: { type: 'isGone', params: ({ event }) => event.output }, target: 'invalidLink' },
          { target: 'lookupFailed', actions: 'assignLimited' },
        ],
        onError: { target: 'lookupFailed', actions: 'assignUnavailable' },
      },
    },
    lookupFailed: { tags: ['error'], on: { 'invitation.retry': 'lookingUp' } },
    editing: {
      tags: ['editable'],
      on: {
        'invitation.accept': [
          {
            guard: { type: 'isFormValid', params: ({ event }) => event },
            target: 'accepting',
            actions: { type: 'assignForm', params: ({ event }) => event },
          },
          { actions: { type: 'assignIssues', params: ({ event }) => event } },
        ],
      },
    },
    accepting: {
      tags: ['busy'],
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        input: ({ context }) => ({ token: context.token ?? '', ...context.form }),
        onDone: [
          {
            guard: { type: 'isSignedIn', params: ({ event }) => event.output },
            target: 'enteringApp',
            actions: [{ type: 'assignSession', params: ({ event }) => event.output }, 'forgetPasswords'],
          },
          {
            guard: { type: 'isGone', params: ({ event }) => event.output },
            target: 'invalidLink',
            actions: 'forgetPasswords',
          },
          {
            guard: { type: 'isEmailTaken', params: ({ event }) => event.output },
            target: 'emailTaken',
            actions: 'forgetPasswords',
          },
          {
            guard: { type: 'isLimited', params: ({ event }) => event.output },
            target: 'editing',
            actions: ['assignLimited', 'forgetPasswords'],
          },
          {
            target: 'editing',
            actions: [{ type: 'assignServerErrors', params: ({ event }) => event.output }, 'forgetPasswords'],
          },
        ],
        onError: { target: 'editing', actions: ['assignUnavailable', 'forgetPasswords'] },
      },
    },
    enteringApp: { tags: ['busy'], entry: ['persistSession', 'loadHome'] },
    invalidLink: { tags: ['error'] },
    emailTaken: { tags: ['error'] },
  },
});
