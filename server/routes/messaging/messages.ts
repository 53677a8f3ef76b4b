import type { AppContext } from '../../context.ts';
import type { HandlerGroup } from '../../http/contract.ts';
import { countAudience } from '../../services/messaging/audience.ts';
import { presendChecklist } from '../../services/messaging/checklist.ts';
import { messageOptions } from '../../services/messaging/messageOptions.ts';
import {
  createMessage,
  deleteMessage,
  duplicateMessage,
  getMessage,
  updateMessage,
} from '../../services/messaging/messages.ts';
import { scoped } from '../scope.ts';

type Ops =
  | 'createMessage'
  | 'getMessage'
  | 'updateMessage'
  | 'deleteMessage'
  | 'duplicateMessage'
  | 'getMessageChecklist'
  | 'countMessageAudience'
  | 'getMessageOptions';

/** Campaigns as the wizard edits them: drafts, autosave, duplicates, the live recipient count and the checklist. */
export function messageHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async createMessage(request, reply) {
      const message = await createMessage(scoped(ctx, request), request.params.channel, request.body);
      return reply.status(201).send(message);
    },
    async getMessage(request) {
      return getMessage(scoped(ctx, request), request.params.channel, request.params.messageId);
    },
    async updateMessage(request) {
      const { channel, messageId } = request.params;
      return updateMessage(scoped(ctx, request), channel, messageId, request.body);
    },
    async deleteMessage(request, reply) {
      await deleteMessage(scoped(ctx, request), request.params.channel, request.params.messageId);
      return reply.status(204).send();
    },
    async duplicateMessage(request, reply) {
      const { channel, messageId } = request.params;
      return reply.status(201).send(await duplicateMessage(scoped(ctx, request), channel, messageId));
    },
    async getMessageChecklist(request) {
      const scope = scoped(ctx, request);
      const { channel, messageId } = request.params;
      // The channel in the path must be the message's: another channel's id is not found.
      await getMessage(scope, channel, messageId);
      return presendChecklist(scope, messageId);
    },
    async countMessageAudience(request) {
      return { count: await countAudience(scoped(ctx, request), request.params.channel, request.body) };
    },
    async getMessageOptions(request) {
      return messageOptions(scoped(ctx, request), request.params.channel);
    },
  };
}
