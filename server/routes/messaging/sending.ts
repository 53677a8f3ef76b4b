import type { AppContext } from '../../context.ts';
import type { HandlerGroup } from '../../http/contract.ts';
import {
  cancelMessage,
  pauseMessage,
  resumeMessage,
  retryFailed,
  sendMessage,
  sendState,
} from '../../services/messaging/engine.ts';
import { scoped } from '../scope.ts';

type Ops =
  'sendMessage' | 'pauseMessage' | 'resumeMessage' | 'cancelMessage' | 'retryFailedRecipients' | 'getMessageSendState';

/** A campaign's sending: start, pause, resume, cancel, retry the failed, and its state (the engine's operations). */
export function sendingHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async sendMessage(request) {
      return sendMessage(scoped(ctx, request), request.params.channel, request.params.messageId);
    },
    async pauseMessage(request) {
      return pauseMessage(scoped(ctx, request), request.params.channel, request.params.messageId);
    },
    async resumeMessage(request) {
      return resumeMessage(scoped(ctx, request), request.params.channel, request.params.messageId);
    },
    async cancelMessage(request) {
      return cancelMessage(scoped(ctx, request), request.params.channel, request.params.messageId);
    },
    async retryFailedRecipients(request) {
      return retryFailed(scoped(ctx, request), request.params.channel, request.params.messageId);
    },
    async getMessageSendState(request) {
      return sendState(scoped(ctx, request), request.params.channel, request.params.messageId);
    },
  };
}
