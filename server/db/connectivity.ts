import type { FastifyBaseLogger } from 'fastify';
import type { Pool } from './pool.ts';

/**
 * Watches a pool's connections to PostgreSQL for a process that outlives a database restart. The first connection
 * lost logs one warning; from then on a probe tries `select 1` every `probeMs` and, when it answers, logs one line
 * saying the connection is back and how long it was down. Nothing restarts: pg's pool opens new connections by itself,
 * and the long-lived listeners (realtime adapter, auth cache, job queue) reconnect on their own.
 */
export function watchDatabase(pool: Pool, log: FastifyBaseLogger, probeMs = 500): { stop(): void } {
  let lostAt: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let probing = false;
  const probe = async () => {
    if (probing || lostAt === undefined) return;
    probing = true;
    try {
      await pool.query('select 1');
      log.info({ downMs: Date.now() - lostAt }, 'database connection restored');
      lostAt = undefined;
      clearInterval(timer);
    } catch {
      // still down: the next probe tries again
    } finally {
      probing = false;
    }
  };
  const lost = (error: Error) => {
    if (lostAt !== undefined) return;
    lostAt = Date.now();
    log.warn({ err: error }, 'database connection lost; reconnecting');
    timer = setInterval(() => void probe(), probeMs);
    timer.unref();
  };
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  return {
    stop() {
      clearInterval(timer);
      pool.off('error', lost);
    },
  };
}
