import { assign, setup } from 'xstate';
import { reloadPage } from '../../app/navigation.ts';
import { inviteMember, loadTeam, runTeamAction } from './team.actors.ts';
import type {
  ActionOutcome,
  InviteOutcome,
  TeamAction,
  TeamContext,
  TeamData,
  TeamError,
  TeamEvent,
} from './team.types.ts';

export type * from './team.types.ts';

/** Actions that cannot be undone from this page, so the member confirms them first. */
const CONFIRMED: ReadonlySet<TeamAction['kind']> = new Set(['remove', 'transfer', 'revoke']);

/**
 * Account → Team. `loading` reads members and pending invitations (→ `loadFailed`, retry). From `ready`: the invite
 * dialog (`inviting.editing` → `inviting.saving`: a 422 returns with field errors, success reloads); an action on a
 * member or an invitation runs at once (role change, resend) or after `confirming` (remove, transfer, revoke), then
 * `running` → `refreshing` (a transfer then reloads the page, for the new role). A 409 (the last owner) or 404 returns to `ready` with that error; every outcome reloads.
 */
export const teamMachine = setup({
  types: { context: {} as TeamContext, events: {} as TeamEvent },
  actors: { loadTeam, inviteMember, runTeamAction },
  guards: {
    needsConfirmation: (_, action: TeamAction) => CONFIRMED.has(action.kind),
    isInvited: (_, outcome: InviteOutcome) => outcome.kind === 'invited',
    isDone: (_, outcome: ActionOutcome) => outcome.kind === 'done',
  },
  actions: {
    assignTeam: assign((_, data: TeamData) => ({ members: data.members, invitations: data.invitations })),
    assignAction: assign((_, action: TeamAction) => ({ action, notice: null, error: null })),
    forgetAction: assign({ action: null }),
    openInvite: assign({ inviteErrors: {}, notice: null, error: null }),
    rejectInvite: assign((_, outcome: InviteOutcome) => ({
      inviteErrors: outcome.kind === 'rejected' ? outcome.fieldErrors : {},
    })),
    invited: assign({ notice: 'invited' as const, inviteErrors: {} }),
    succeeded: assign(({ context }) => ({ notice: context.action?.kind ?? null, action: null })),
    refused: assign((_, outcome: ActionOutcome) => ({
      error: outcome.kind === 'refused' ? outcome.code : null,
      action: null,
    })),
    fail: assign((_, error: TeamError) => ({ error, action: null })),
    clear: assign({ notice: null, error: null }),
    /** After a transfer the member is an admin: the page loads again so the session reads the new role. */
    reloadIfTransferred: ({ context }) => {
      if (context.action?.kind === 'transfer') reloadPage();
    },
  },
}).createMachine({
  id: 'team',
  context: { members: [], invitations: [], action: null, inviteErrors: {}, notice: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadTeam',
        src: 'loadTeam',
        onDone: { target: 'ready', actions: { type: 'assignTeam', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: 'loadFailed' } },
      },
    },
    loadFailed: { tags: ['error'], on: { 'team.retry': { target: 'loading', actions: 'clear' } } },
    ready: {
      on: {
        'invite.open': { target: 'inviting', actions: 'openInvite' },
        'action.request': [
          {
            guard: { type: 'needsConfirmation', params: ({ event }) => event.action },
            target: 'confirming',
            actions: { type: 'assignAction', params: ({ event }) => event.action },
          },
          { target: 'running', actions: { type: 'assignAction', params: ({ event }) => event.action } },
        ],
        'notice.dismiss': { actions: 'clear' },
      },
    },
    inviting: {
      initial: 'editing',
      on: { 'invite.cancel': { target: 'ready' } },
      states: {
        editing: { on: { 'invite.submit': { target: 'saving', actions: 'clear' } } },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'inviteMember',
            src: 'inviteMember',
            input: ({ event }) => {
              const submitted = event as Extract<TeamEvent, { type: 'invite.submit' }>;
              return { email: submitted.email.trim(), role: submitted.role };
            },
            onDone: [
              {
                guard: { type: 'isInvited', params: ({ event }) => event.output },
                target: '#team.refreshing',
                actions: 'invited',
              },
              { target: 'editing', actions: { type: 'rejectInvite', params: ({ event }) => event.output } },
            ],
            onError: { target: 'editing', actions: { type: 'fail', params: 'inviteFailed' } },
          },
        },
      },
    },
    confirming: {
      on: {
        'action.confirm': 'running',
        'action.cancel': { target: 'ready', actions: 'forgetAction' },
      },
    },
    running: {
      tags: ['busy'],
      invoke: {
        id: 'runTeamAction',
        src: 'runTeamAction',
        input: ({ context }) => context.action!,
        onDone: [
          {
            guard: { type: 'isDone', params: ({ event }) => event.output },
            target: 'refreshing',
            actions: ['reloadIfTransferred', 'succeeded'],
          },
          { target: 'refreshing', actions: { type: 'refused', params: ({ event }) => event.output } },
        ],
        onError: { target: 'refreshing', actions: { type: 'fail', params: 'actionFailed' } },
      },
    },
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'loadTeam',
        src: 'loadTeam',
        onDone: { target: 'ready', actions: { type: 'assignTeam', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'fail', params: 'loadFailed' } },
      },
    },
  },
});
