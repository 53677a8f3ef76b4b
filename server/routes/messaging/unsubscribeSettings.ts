import type { AppContext } from '../../context.ts';
import type { HandlerGroup } from '../../http/contract.ts';
import { getUnsubscribeSettings, updateUnsubscribeSettings } from '../../services/messaging/unsubscribe.ts';
import { scoped } from '../scope.ts';

type Ops = 'getUnsubscribeSettings' | 'updateUnsubscribeSettings';

/** The company's unsubscribe page (texts per language, colours, list choice); the page itself is in publicLinks.ts. */
export function unsubscribeSettingsHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async getUnsubscribeSettings(request) {
      return getUnsubscribeSettings(scoped(ctx, request));
    },
    async updateUnsubscribeSettings(request) {
      return updateUnsubscribeSettings(scoped(ctx, request), request.body);
    },
  };
}
