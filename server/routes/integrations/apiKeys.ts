import type { AppContext } from '../../context.ts';
import type { HandlerGroup } from '../../http/contract.ts';
import { createApiKey, getApiKey, listApiKeys, revokeApiKey } from '../../services/integrations/apiKeys.ts';
import { scoped } from '../scope.ts';

type Ops = 'listApiKeys' | 'createApiKey' | 'getApiKey' | 'revokeApiKey';

/** API keys (`apikeys:manage` in the contract), with a session: the contract marks these operations session-only. */
export function apiKeyHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async listApiKeys(request) {
      return listApiKeys(scoped(ctx, request));
    },
    async createApiKey(request, reply) {
      return reply.status(201).send(await createApiKey(scoped(ctx, request), request.body));
    },
    async getApiKey(request) {
      return getApiKey(scoped(ctx, request), request.params.keyId);
    },
    async revokeApiKey(request, reply) {
      await revokeApiKey(scoped(ctx, request), request.params.keyId, ctx);
      return reply.status(204).send();
    },
  };
}
