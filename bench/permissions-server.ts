/**
 * The permissions benchmark's server: one process, one embedded PostgreSQL, the demo company, and the API built twice
 * on two ports, with the x-permission check and with it bypassed (`enforcePermissions: false`, which only this script
 * sets). Prints `permissions-bench ready <port with check> <port without> <demo password>`. Run by bench/permissions.ts.
 */
import pino from 'pino';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/boot.ts';
import { loadConfig } from '../server/config.ts';
import type { AppContext } from '../server/context.ts';
import { seedDemo } from '../server/services/accounts/accounts.ts';
import { AuthCache } from '../server/services/auth/authCache.ts';

const config = loadConfig();
const log = pino({ level: 'warn' });
const db = await openDatabase(config, log);
const demo = await seedDemo(db.pool);
const authCache = await AuthCache.start(db.pool, log);
const ctx: AppContext = { config, pool: db.pool, tenants: db.tenants, log, realtime: noRealtime(), authCache };
const checked = await buildApp(ctx, { serveSpa: false });
const bypassed = await buildApp(ctx, { serveSpa: false, enforcePermissions: false });
await checked.listen({ port: 0, host: '127.0.0.1' });
await bypassed.listen({ port: 0, host: '127.0.0.1' });
const portOf = (app: typeof checked) => (app.server.address() as { port: number }).port;
console.log(`permissions-bench ready ${portOf(checked)} ${portOf(bypassed)} ${demo.password}`);

const shutdown = async () => {
  await checked.close();
  await bypassed.close();
  await authCache.close();
  await db.close();
  process.exit(0);
};
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());

function noRealtime(): AppContext['realtime'] {
  return { toUser: () => undefined, toCompany: () => undefined };
}
