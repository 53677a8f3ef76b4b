import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { apiError, firstFieldErrors, unwrap } from '../../api/client.ts';
import type { ActionOutcome, InviteInput, InviteOutcome, TeamAction, TeamData } from './team.types.ts';

export const loadTeam = fromPromise<TeamData>(async () => {
  const [members, invitations] = await Promise.all([api.GET('/team/members'), api.GET('/team/invitations')]);
  return { members: unwrap(members), invitations: unwrap(invitations) };
});

export const inviteMember = fromPromise<InviteOutcome, InviteInput>(async ({ input }) => {
  const result = await api.POST('/team/invitations', { body: input });
  if (result.response.status === 422) return { kind: 'rejected', fieldErrors: firstFieldErrors(result.error) };
  unwrap(result);
  return { kind: 'invited' };
});

function call(action: TeamAction) {
  switch (action.kind) {
    case 'changeRole':
      return api.PATCH('/team/members/{userId}', {
        params: { path: { userId: action.userId } },
        body: { role: action.role },
      });
    case 'remove':
      return api.DELETE('/team/members/{userId}', { params: { path: { userId: action.userId } } });
    case 'transfer':
      return api.POST('/team/ownership', { body: { userId: action.userId } });
    case 'resend':
      return api.POST('/team/invitations/{invitationId}/resend', {
        params: { path: { invitationId: action.invitationId } },
      });
    case 'revoke':
      return api.DELETE('/team/invitations/{invitationId}', {
        params: { path: { invitationId: action.invitationId } },
      });
  }
}

export const runTeamAction = fromPromise<ActionOutcome, TeamAction>(async ({ input }) => {
  const { error, response } = await call(input);
  if (response.ok) return { kind: 'done' };
  if (response.status === 409) return { kind: 'refused', code: 'lastOwner' };
  if (response.status === 404) return { kind: 'refused', code: 'gone' };
  throw apiError({ error, response });
});
