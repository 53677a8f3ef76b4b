import type { AppContext } from '../../context.ts';
import type { HandlerGroup } from '../../http/contract.ts';
import { HttpError } from '../../http/errors.ts';

type Ops = 'sendTestMessages';

/** Test sends through the channel's adapter (the sending engine's area). */
export function testSendHandlers(_ctx: AppContext): HandlerGroup<Ops> {
  return {
    async sendTestMessages() {
      throw new HttpError(503, 'not_ready', 'Test sends are not available yet');
    },
  };
}
