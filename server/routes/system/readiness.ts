import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import type { HandlerGroup } from '../../http/contract.ts';

/**
 * The load balancer's readiness check: a node that is shutting down (it finishes what it has in hand) or cannot reach
 * PostgreSQL answers 503, so the balancer sends new requests to the other nodes.
 */
export function readinessHandlers(ctx: AppContext): HandlerGroup<'getReadiness'> {
  return {
    async getReadiness() {
      if (ctx.draining) throw new HttpError(503, 'draining', 'This node is shutting down.');
      try {
        await ctx.pool.query('select 1');
      } catch {
        throw new HttpError(
          503,
          'database_unavailable',
          'The server is currently unavailable. Please try again later.',
        );
      }
      return { status: 'ready' as const, role: ctx.config.role };
    },
  };
}
