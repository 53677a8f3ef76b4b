import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../http/auth.ts';
import type { Actor } from '../../services/contacts/sql.ts';

/** The signed-in caller as the contacts services take it: every query they run is scoped by this company. */
export function actorOf(request: FastifyRequest): Actor {
  const auth = requireAuth(request);
  return { companyId: auth.companyId, userId: auth.userId };
}
