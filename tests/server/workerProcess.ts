import { spawn, type ChildProcess } from 'node:child_process';
import type { TestEnv } from './helpers.ts';

/**
 * The real server process as `npm start` runs a worker node (ROLE=worker) on a test's database, sending through
 * `smtpUrl`: the crash tests SIGKILL it mid-work and start it again. Each one started is kept in `started`, so the
 * test can kill what is left when it ends.
 */
export function startWorkerProcess(env: TestEnv, smtpUrl: string, started: ChildProcess[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      ROLE: 'worker',
      DATABASE_URL: env.databaseUrl,
      DATA_DIR: env.ctx.config.dataDir,
      SECRET_KEY: env.ctx.config.secret,
      SMTP_URL: smtpUrl,
      SEED: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  started.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, exited: new Promise((resolve) => child.once('exit', resolve)), output: () => stderr };
}
