import type { AppContext } from '../../context.ts';
import type { HandlerGroup } from '../../http/contract.ts';
import { createApiKey, getApiKey, listApiKeys, revokeApiKey } from '../../services/integrations/apiKeys.ts';
import { auditBy } from '../../services/audit.ts';
import { scoped } from '../scope.ts';

type Ops = 'listApiKeys' | 'createApiKey' | 'getApiKey' | 'revokeApiKey';

/** API keys (`apikeys:manage` in the contract), with a session: the contract marks these operations session-only. */
export function apiKeyHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async listApiKeys(request) {
      return listApiKeys(scoped(ctx, request));
    },
    async createApiKey(request, reply) {
      const scope = scoped(ctx, request);
      const key = await createApiKey(scope, request.body);
      await auditBy(scope, request.ip, 'apikey.created', { keyId: key.id, name: key.name, prefix: key.prefix });
      return reply.status(201).send(key);
    },
    async getApiKey(request) {
      return getApiKey(scoped(ctx, request), request.params.keyId);
    },
    async revokeApiKey(request, reply) {
      const scope = scoped(ctx, request);
      await revokeApiKey(scope, request.params.keyId, ctx);
      await auditBy(scope, request.ip, 'apikey.revoked', { keyId: request.params.keyId });
      return reply.status(204).send();
    },
  };
}
