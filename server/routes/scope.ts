import type { FastifyRequest } from 'fastify';
import type { AppContext, AuthContext } from '../context.ts';
import { requireAuth, requireRole } from '../http/auth.ts';
import { forTenant, type Scope } from '../services/scope.ts';

/**
 * The services' scope of an authenticated request: its company and user, bound once here from the security handler's
 * context. Every handler of a secured operation gets its scope from this one place; given roles, others get 403.
 */
export function scoped(ctx: AppContext, request: FastifyRequest, ...roles: AuthContext['role'][]): Scope {
  const auth = roles.length ? requireRole(request, ...roles) : requireAuth(request);
  return forTenant(ctx, { companyId: auth.companyId, userId: auth.userId });
}
