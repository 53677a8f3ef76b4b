import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { setPagination, type HandlerGroup } from '../../http/contract.ts';
import { listOutbox } from '../../services/mail/outbox.ts';
import { VERSION } from '../../version.ts';
import { scoped } from '../scope.ts';

export function systemHandlers(ctx: AppContext): HandlerGroup<'getHealth' | 'getBuildManifest' | 'listOutbox'> {
  const manifestFile = path.join(ctx.config.distDir, 'build-manifest.json');
  return {
    async getHealth() {
      try {
        await ctx.pool.query('select 1');
      } catch {
        throw new HttpError(
          503,
          'database_unavailable',
          'The server is currently unavailable. Please try again later.',
        );
      }
      return { status: 'ok' as const, database: 'ok' as const, version: VERSION };
    },
    async getBuildManifest(_request, reply) {
      reply.header('cache-control', 'no-store');
      try {
        return JSON.parse(readFileSync(manifestFile, 'utf8')) as { buildId: string; builtAt?: string };
      } catch {
        return { buildId: 'development' };
      }
    },
    async listOutbox(request, reply) {
      const scope = scoped(ctx, request);
      const page = request.query.page ?? 1;
      const perPage = request.query.perPage ?? 50;
      const { rows, total } = await listOutbox(scope, page, perPage, request.query.status);
      setPagination(reply, page, perPage, total);
      return rows;
    },
  };
}
