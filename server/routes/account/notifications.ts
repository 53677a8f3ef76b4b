import type { AppContext } from '../../context.ts';
import { setPagination, type HandlerGroup } from '../../http/contract.ts';
import { getSettings, listNotifications, updateSettings } from '../../services/notifications/notifications.ts';
import { scoped } from '../scope.ts';

export function notificationHandlers(
  ctx: AppContext,
): HandlerGroup<'getNotificationSettings' | 'updateNotificationSettings' | 'listNotifications'> {
  return {
    async getNotificationSettings(request) {
      return getSettings(scoped(ctx, request));
    },
    async updateNotificationSettings(request) {
      return updateSettings(scoped(ctx, request), request.body);
    },
    async listNotifications(request, reply) {
      const page = request.query.page ?? 1;
      const perPage = request.query.perPage ?? 50;
      const { rows, total } = await listNotifications(scoped(ctx, request), page, perPage);
      setPagination(reply, page, perPage, total);
      return rows;
    },
  };
}
