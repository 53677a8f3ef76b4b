// Types shared by the team machine and its actors, so neither module imports the other back.
import type { components } from '../../../shared/contract/schema';

export type TeamMember = components['schemas']['TeamMember'];
export type Invitation = components['schemas']['Invitation'];
export type AssignableRole = components['schemas']['AssignableRole'];

export interface TeamData {
  members: TeamMember[];
  invitations: Invitation[];
}

/** What a member does to the team; removing, transferring and revoking are confirmed first. */
export type TeamAction =
  | { kind: 'changeRole'; userId: string; role: AssignableRole }
  | { kind: 'remove'; userId: string }
  | { kind: 'transfer'; userId: string }
  | { kind: 'resend'; invitationId: number }
  | { kind: 'revoke'; invitationId: number };

/** `lastOwner`: 409, the last owner cannot leave or be demoted; `gone`: 404, someone else changed it first. */
export type ActionOutcome = { kind: 'done' } | { kind: 'refused'; code: 'lastOwner' | 'gone' };

export type InviteOutcome = { kind: 'invited' } | { kind: 'rejected'; fieldErrors: Record<string, string> };

export interface InviteInput {
  email: string;
  role: AssignableRole;
}

export type TeamError = 'loadFailed' | 'actionFailed' | 'inviteFailed' | 'lastOwner' | 'gone';
export type TeamNotice = 'invited' | TeamAction['kind'];

export interface TeamContext extends TeamData {
  action: TeamAction | null;
  inviteErrors: Record<string, string>;
  notice: TeamNotice | null;
  error: TeamError | null;
}

export type TeamEvent =
  | { type: 'team.retry' }
  | { type: 'action.request'; action: TeamAction }
  | { type: 'action.confirm' }
  | { type: 'action.cancel' }
  | { type: 'invite.open' }
  | { type: 'invite.submit'; email: string; role: AssignableRole }
  | { type: 'invite.cancel' }
  | { type: 'notice.dismiss' };
