import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { createAddJob, createLogger, openDatabase } from './boot.ts';
import { loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { attachRealtime, realtimeEmitter, type RealtimeServer } from './realtime/socket.ts';
import { hasUsers, seedDemo } from './services/accounts/accounts.ts';
import { startWorker, type JobWorker } from './jobs/worker.ts';

const startedAt = performance.now();
const config = loadConfig();
const log = createLogger(config);

async function main(): Promise<void> {
  const db = await openDatabase(config, log);
  let io: RealtimeServer | undefined;
  const ctx: AppContext = { config, pool: db.pool, log, addJob: createAddJob(db.pool), realtime: realtimeEmitter(() => io) };

  let app: FastifyInstance | undefined;
  let worker: JobWorker | undefined;
  if (config.role !== 'worker') {
    app = await buildApp(ctx, { logger: { loggerInstance: log } as never });
    io = attachRealtime(ctx, app.server);
  }
  if (config.role !== 'api') worker = await startWorker(ctx);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await io?.close();
      await app?.close();
      await worker?.stop();
      await db.close();
    } catch (error) {
      log.error({ err: error }, 'error during shutdown');
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.seed && !(await hasUsers(db.pool))) {
    const demo = await seedDemo(db.pool);
    if (demo.created) {
      console.log(`\n  Demo account created — email: ${demo.email}  password: ${demo.password}\n`);
    }
  }
  if (app) {
    await app.listen({ port: config.port, host: config.host });
    const ms = Math.round(performance.now() - startedAt);
    console.log(`  Missiva is ready at ${config.publicUrl}  (role ${config.role}, ${db.embedded ? 'embedded PostgreSQL' : 'DATABASE_URL'}, ${ms} ms)`);
  } else {
    console.log(`  Missiva worker is running (${Math.round(performance.now() - startedAt)} ms)`);
  }
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, 'Missiva failed to start');
  console.error(error);
  process.exit(1);
});
