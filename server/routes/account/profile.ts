import type { AppContext } from '../../context.ts';
import type { HandlerGroup } from '../../http/contract.ts';
import { requireAuth } from '../../http/auth.ts';
import { confirmEmailChange, requestEmailChange } from '../../services/profile/emailChange.ts';
import { listActiveSessions, revokeOtherSessions, revokeOwnSession } from '../../services/profile/activeSessions.ts';
import { countUnread, markAllRead, markRead, readStates } from '../../services/notifications/notificationReads.ts';
import { scoped } from '../scope.ts';

type Ops =
  | 'listActiveSessions'
  | 'revokeActiveSession'
  | 'revokeOtherSessions'
  | 'countUnreadNotifications'
  | 'listNotificationReadStates'
  | 'markNotificationRead'
  | 'markAllNotificationsRead'
  | 'requestEmailChange'
  | 'confirmEmailChange';

/** The signed-in user's own sessions and the read state of their notifications (the bell's centre). */
export function profileHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async listActiveSessions(request) {
      return listActiveSessions(scoped(ctx, request), requireAuth(request));
    },
    async revokeActiveSession(request, reply) {
      await revokeOwnSession(ctx, scoped(ctx, request), requireAuth(request), request.params.sessionId, request.ip);
      return reply.status(204).send();
    },
    async revokeOtherSessions(request, reply) {
      scoped(ctx, request);
      await revokeOtherSessions(ctx, requireAuth(request), request.ip);
      return reply.status(204).send();
    },
    async countUnreadNotifications(request) {
      return countUnread(scoped(ctx, request));
    },
    async listNotificationReadStates(request) {
      return readStates(scoped(ctx, request), request.query.ids);
    },
    async markNotificationRead(request) {
      return markRead(scoped(ctx, request), request.params.notificationId);
    },
    async markAllNotificationsRead(request) {
      return markAllRead(scoped(ctx, request));
    },
    async requestEmailChange(request, reply) {
      scoped(ctx, request);
      await requestEmailChange(ctx, requireAuth(request), request.body.email, request.ip);
      return reply.status(202).send();
    },
    async confirmEmailChange(request) {
      return confirmEmailChange(ctx, request.body.token, request.ip);
    },
  };
}
