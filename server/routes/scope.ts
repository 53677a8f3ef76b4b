import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { requireAuth } from '../http/auth.ts';
import { forTenant, type Scope } from '../services/scope.ts';

/**
 * The services' scope of an authenticated request: its company and user, bound once here from the security handler's
 * context. Every handler of a secured operation gets its scope from this one place. Which roles may call the operation
 * is not decided here: the contract's x-permission is checked before the handler runs (server/http/permissions.ts).
 */
export function scoped(ctx: AppContext, request: FastifyRequest): Scope {
  const auth = requireAuth(request);
  return forTenant(ctx, { companyId: auth.companyId, userId: auth.userId });
}
