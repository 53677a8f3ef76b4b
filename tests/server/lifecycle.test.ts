import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real process, as `npm start` runs it: embedded PostgreSQL in a fresh DATA_DIR, seeded demo account, signals.
const dataDir = mkdtempSync(path.join(tmpdir(), 'missiva-life-'));
chmodSync(dataDir, 0o755);
const port = 40000 + Math.floor(Math.random() * 5000);
const pgPort = 45000 + Math.floor(Math.random() * 5000);
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  EMBEDDED_PG_PORT: String(pgPort),
  LOG_LEVEL: 'warn',
  SMTP_URL: '',
};
const children: ChildProcess[] = [];

function start(extra: Record<string, string> = {}): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready: ${out}`)), 30_000);
    child.stdout!.on('data', () => {
      if (out.includes('Missiva is ready')) {
        clearTimeout(timer);
        resolve({ child, output: () => out });
      }
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
const pgRunning = () => existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'));

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  spawnSync('pkill', ['-9', '-f', '--', `postgres -D ${path.join(dataDir, 'postgres')}`]);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('process lifecycle', () => {
  let demoPassword = '';

  it('first start initialises the database, seeds a demo account with a random password and serves the API', async () => {
    const { child, output } = await start();
    const match = /email: (\S+)\s+password: (\S+)/.exec(output());
    expect(match?.[1]).toBe('demo@missiva.local');
    demoPassword = match![2]!;
    expect(demoPassword.length).toBeGreaterThanOrEqual(10);
    const login = await fetch(`http://127.0.0.1:${port}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@missiva.local', password: demoPassword }),
    });
    expect(login.status).toBe(200);

    // The CLI joins the running server's database.
    const cli = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/cli.ts',
        'user:create',
        '--email',
        'ops@example.com',
        '--password',
        'ops-pass',
        '--company',
        'Ops',
      ],
      { env, encoding: 'utf8' },
    );
    expect(cli.status, cli.stderr).toBe(0);
    const again = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/cli.ts',
        'user:create',
        '--email',
        'ops@example.com',
        '--password',
        'ops-pass',
        '--company',
        'Ops',
      ],
      { env, encoding: 'utf8' },
    );
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('email already in use');

    child.kill('SIGKILL');
    await exited(child);
  });

  it('starts cleanly after a SIGKILL, without seeding again, and stops everything on SIGTERM', async () => {
    spawnSync('pkill', ['-9', '-f', '--', `postgres -D ${path.join(dataDir, 'postgres')}`]);
    expect(pgRunning()).toBe(true); // stale pid file left by the crash
    const { child, output } = await start();
    expect(output()).not.toContain('Demo account created');
    const res = await fetch(`http://127.0.0.1:${port}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@example.com', password: 'ops-pass' }),
    });
    expect(res.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    expect(pgRunning()).toBe(false);
  });

  it('keeps the server key across restarts', () => {
    expect(readFileSync(path.join(dataDir, 'secret-key'), 'utf8').trim().length).toBeGreaterThanOrEqual(32);
  });
});
