import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import { setPagination, type HandlerGroup } from '../../http/contract.ts';
import { getSettings, listNotifications, updateSettings } from '../../services/notifications/notifications.ts';

export function notificationHandlers(ctx: AppContext): HandlerGroup<'getNotificationSettings' | 'updateNotificationSettings' | 'listNotifications'> {
  return {
    async getNotificationSettings(request) {
      return getSettings(ctx, requireAuth(request));
    },
    async updateNotificationSettings(request) {
      return updateSettings(ctx, requireAuth(request), request.body);
    },
    async listNotifications(request, reply) {
      const page = request.query.page ?? 1;
      const perPage = request.query.perPage ?? 50;
      const { rows, total } = await listNotifications(ctx.pool, requireAuth(request), page, perPage);
      setPagination(reply, page, perPage, total);
      return rows;
    },
  };
}
