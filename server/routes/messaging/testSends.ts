import type { AppContext } from '../../context.ts';
import type { HandlerGroup } from '../../http/contract.ts';
import { sendTestMessages } from '../../services/messaging/testSends.ts';
import { scoped } from '../scope.ts';

type Ops = 'sendTestMessages';

/** Test sends through the channel's adapter (the sending engine's area). */
export function testSendHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async sendTestMessages(request) {
      return sendTestMessages(scoped(ctx, request), request.params.channel, request.body);
    },
  };
}
