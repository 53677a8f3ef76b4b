import type { AppContext } from '../../context.ts';
import { setPagination, type HandlerGroup } from '../../http/contract.ts';
import { cookieDomain, hostnameOf, refreshCookie } from '../../http/cookies.ts';
import { listAuditLog } from '../../services/team/auditLog.ts';
import {
  acceptInvitation,
  inviteMember,
  listInvitations,
  lookupInvitation,
  resendInvitation,
  revokeInvitation,
} from '../../services/team/invitations.ts';
import { changeRole, listMembers, removeMember, transferOwnership } from '../../services/team/members.ts';
import { scoped } from '../scope.ts';

type Ops =
  | 'listTeamMembers'
  | 'changeMemberRole'
  | 'removeMember'
  | 'transferOwnership'
  | 'listInvitations'
  | 'createInvitation'
  | 'resendInvitation'
  | 'revokeInvitation'
  | 'lookupInvitation'
  | 'acceptInvitation'
  | 'listAuditLog';

/** Team members, invitations (their link's lookup and acceptance need no sign-in) and the audit log. */
export function teamHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async listTeamMembers(request) {
      return listMembers(scoped(ctx, request));
    },
    async changeMemberRole(request) {
      return changeRole(scoped(ctx, request), request.params.userId, request.body.role, request.ip, ctx);
    },
    async removeMember(request, reply) {
      await removeMember(scoped(ctx, request), request.params.userId, request.ip, ctx);
      // An open SPA of the removed member signs out now rather than at its next request.
      ctx.realtime.toUser(request.params.userId, 'session.revoked', { reason: 'member_removed' });
      return reply.status(204).send();
    },
    async transferOwnership(request, reply) {
      await transferOwnership(scoped(ctx, request), request.body.userId, request.ip, ctx);
      return reply.status(204).send();
    },
    async listInvitations(request) {
      return listInvitations(scoped(ctx, request));
    },
    async createInvitation(request, reply) {
      return reply.status(201).send(await inviteMember(scoped(ctx, request), request.body, request.ip, ctx));
    },
    async resendInvitation(request) {
      return resendInvitation(scoped(ctx, request), request.params.invitationId, request.ip, ctx);
    },
    async revokeInvitation(request, reply) {
      await revokeInvitation(scoped(ctx, request), request.params.invitationId, request.ip);
      return reply.status(204).send();
    },
    async lookupInvitation(request) {
      return lookupInvitation(ctx, request.body.token, request.ip);
    },
    async acceptInvitation(request, reply) {
      reply.header('cache-control', 'no-store');
      const session = await acceptInvitation(ctx, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      // Signed in as a login answers: the refresh token only in its HttpOnly cookie.
      const domain = cookieDomain(hostnameOf(request.hostname));
      reply.header(
        'set-cookie',
        refreshCookie(ctx.config, domain, session.refreshToken, new Date(session.refreshExpiresAt)),
      );
      return {
        twoFactorRequired: false,
        token: session.token,
        expiresAt: session.expiresAt,
        refreshExpiresAt: session.refreshExpiresAt,
        cookieDomain: domain,
      };
    },
    async listAuditLog(request, reply) {
      const { page = 1, perPage = 50, ...filter } = request.query;
      const { rows, total } = await listAuditLog(scoped(ctx, request), filter, page, perPage);
      setPagination(reply, page, perPage, total);
      return rows;
    },
  };
}
