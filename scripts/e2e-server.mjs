// The server the Playwright tests run against (started with `node --import tsx`, for the port module it shares with
// the tests): builds the SPA into .tmp/e2e/dist-<port> with a known build id, then starts the real API on E2E_PORT
// (3100) with a fresh embedded PostgreSQL in .tmp/e2e/data-<run>. Tests read .tmp/e2e/server-<port>.json to create
// their users through the CLI against the same data directory. The server's mail (SMTP_URL) goes to a capturing SMTP
// server on E2E_PORT+21000 (below). Tests create their users by posting to E2E_PORT+22000 (below), which runs what the
// CLI's user:create runs, in this process: one hash and one transaction each, not a new process. Everything a run writes is named by its port, so runs on different ports (two
// checkouts' suites, CI beside a developer) do not overwrite each other's build or send users to the other's database.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { E2E_PORT } from '../tests/e2e/port.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const E2E = path.join(ROOT, '.tmp', 'e2e');
const run = `${Date.now()}-${process.pid}`;
const dataDir = path.join(E2E, `data-${run}`);
const port = E2E_PORT;
const distDir = path.join(E2E, `dist-${port}`);
// Below the ephemeral port range (32768–60999 here): an outgoing connection can hold a port in that range, and a
// PostgreSQL that finds its port taken does not start.
const pgPort = Number(process.env.E2E_PG_PORT ?? port + 26000);
const buildId = process.env.BUILD_ID ?? `e2e-${run}`;
// 1 MB, not the default 50 MB: the import test refuses a file just over the limit, and builds it in memory.
const uploadMaxBytes = 1024 * 1024;
// The inbound SMTP listener (bounces, complaints, replies), on a port named by the run's port like the rest.
const inboundSmtpPort = Number(process.env.E2E_INBOUND_SMTP_PORT ?? port + 20000);
// The relay the server sends through (SMTP_URL): a real smtp-server on loopback that keeps every message it accepts
// raw in .tmp/e2e/mail-<port>/, one .eml file each, for the tests to read with mailparser.
const smtpCapturePort = Number(process.env.E2E_SMTP_PORT ?? port + 21000);
const mailDir = path.join(E2E, `mail-${port}`);
// Where tests create their users (tests/e2e/fixtures.ts createUser), on loopback.
const usersPort = Number(process.env.E2E_USERS_PORT ?? port + 22000);
// Recipients at this domain are refused at RCPT (550 5.1.1), standing in for a receiving server that refuses an
// address: the wizard's failing test send (messageWizard.spec, to qa@example.com) relies on it. Others are kept.
const refusedDomain = process.env.E2E_SMTP_REFUSED_DOMAIN ?? 'example.com';

try {
  await fetch(`http://127.0.0.1:${port}/api/health`);
  console.error(`e2e-server: port ${port} is already in use; stop that server first.`);
  process.exit(1);
} catch {
  // free
}

mkdirSync(E2E, { recursive: true });
// Data directories of earlier runs are left for inspection; keep only the last three.
for (const old of readdirSync(E2E)
  .filter((d) => d.startsWith('data-'))
  .sort()
  .slice(0, -3)) {
  rmSync(path.join(E2E, old), { recursive: true, force: true });
}

rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
let captured = 0;
const capture = new SMTPServer({
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  onRcptTo(address, session, callback) {
    if (address.address.toLowerCase().endsWith(`@${refusedDomain}`)) {
      const error = Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 });
      return callback(error);
    }
    callback();
  },
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      captured += 1;
      const name = `${Date.now()}-${process.pid}-${String(captured).padStart(6, '0')}.eml`;
      writeFileSync(path.join(mailDir, name), Buffer.concat(chunks));
      callback(null, 'Queued');
    });
    stream.on('error', callback);
  },
});
await new Promise((resolve, reject) => {
  capture.once('error', reject);
  capture.listen(smtpCapturePort, '127.0.0.1', () => resolve(undefined));
});

const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DIST_DIR: distDir,
  SEED: 'false',
  EMBEDDED_PG_PORT: String(pgPort),
  PUBLIC_URL: `http://localhost:${port}`,
  LOGIN_RATE_LIMIT: '10000',
  UPLOAD_MAX_BYTES: String(uploadMaxBytes),
  INBOUND_SMTP_PORT: String(inboundSmtpPort),
  INBOUND_SMTP_HOST: '127.0.0.1',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  SMTP_URL: `smtp://127.0.0.1:${smtpCapturePort}?tls=off`,
  // Webhook tests post to a receiver on loopback over plain http.
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_ALLOW_HTTP: 'true',
};
delete env.DATABASE_URL;

// The build and the database start side by side: the SPA is built (without source maps, which no test reads) while
// this process starts the embedded PostgreSQL on the run's fresh data directory and migrates it, as the CLI would;
// the server then joins that database, and this process stops it when the server exits.
const building =
  process.env.E2E_SKIP_BUILD === '1'
    ? Promise.resolve(0)
    : new Promise((resolve) => {
        const args = ['build', '--outDir', distDir, '--emptyOutDir', '--sourcemap', 'false', '--logLevel', 'warn'];
        spawn(process.execPath, ['node_modules/vite/bin/vite.js', ...args], {
          cwd: ROOT,
          stdio: 'inherit',
          env: { ...process.env, BUILD_ID: buildId },
        }).on('exit', (code) => resolve(code ?? 1));
      });
const [{ openDatabase }, { loadConfig }, { createLogger }, accounts] = await Promise.all([
  import('../server/boot.ts'),
  import('../server/config.ts'),
  import('../server/logger.ts'),
  import('../server/services/accounts/accounts.ts'),
]);
const config = loadConfig({ ...env, SEED: 'false', LOG_LEVEL: 'warn' });
const [built, database] = await Promise.all([building, openDatabase(config, createLogger(config))]);
if (built !== 0) {
  await database.close();
  process.exit(built);
}

writeFileSync(
  path.join(E2E, `server-${port}.json`),
  JSON.stringify(
    {
      dataDir,
      distDir,
      port,
      pgPort,
      buildId,
      uploadMaxBytes,
      inboundSmtpPort,
      smtpCapturePort,
      mailDir,
      refusedDomain,
      usersPort,
      baseURL: `http://localhost:${port}`,
    },
    null,
    2,
  ),
);

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', async (code, signal) => {
  capture.close();
  users.close();
  await database.close();
  process.exit(code ?? (signal ? 1 : 0));
});

/**
 * POST { email, password, company, firstName, lastName, startingCredits? }: a new company and its owner, as the CLI's
 * user:create makes them, with the installation's starting credits unless the body names others. 201 with the CLI's
 * JSON, 422 with the reason it refuses one, 500 otherwise.
 */
const users = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', async () => {
    const answer = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    try {
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const created = await accounts.createCompanyWithOwner(database.pool, {
        ...input,
        startingCredits: input.startingCredits ?? accounts.startingCredits(config),
      });
      answer(201, { email: input.email, ...created });
    } catch (error) {
      if (error instanceof accounts.AccountError) answer(422, { message: error.message });
      else answer(500, { message: String(error?.stack ?? error) });
    }
  });
});
await new Promise((resolve, reject) => {
  users.once('error', reject);
  users.listen(usersPort, '127.0.0.1', () => resolve(undefined));
});
