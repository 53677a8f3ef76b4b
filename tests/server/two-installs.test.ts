import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Real processes, as `npm start` runs them: each install has its own DATA_DIR and with it its own embedded PostgreSQL.
const dirs: string[] = [];
const children: ChildProcess[] = [];

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'missiva-install-'));
  chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts Missiva and settles with its output once it is ready or has exited. */
function start(env: Record<string, string>): Promise<{ ready: boolean; code: number | null; output: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'error', SMTP_URL: '', SEED: 'false', ...env };
  if (!('EMBEDDED_PG_PORT' in env)) delete childEnv.EMBEDDED_PG_PORT;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve) => {
    const done = (ready: boolean, code: number | null) => resolve({ ready, code, output });
    const timer = setTimeout(() => done(false, null), 45_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Missiva is ready')) {
        clearTimeout(timer);
        done(true, null);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      done(false, code);
    });
  });
}

afterAll(async () => {
  const exits = children
    .filter((c) => c.exitCode === null && c.signalCode === null)
    .map((c) => new Promise((r) => c.once('exit', r)));
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(exits);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('two installs on one machine', () => {
  it('start side by side with their own DATA_DIR and PORT, and both answer /api/health', async () => {
    const ports = [await freePort(), await freePort()];
    const [a, b] = await Promise.all(ports.map((port) => start({ DATA_DIR: dataDir(), PORT: String(port) })));
    expect(a!.ready, a!.output).toBe(true);
    expect(b!.ready, b!.output).toBe(true);
    for (const port of ports) {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'ok', database: 'ok' });
    }
  }, 120_000);

  it('says in one line which setting to change when EMBEDDED_PG_PORT is taken', async () => {
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const taken = (busy.address() as net.AddressInfo).port;
    try {
      const res = await start({ DATA_DIR: dataDir(), PORT: String(await freePort()), EMBEDDED_PG_PORT: String(taken) });
      expect(res.code).toBe(1);
      const lines = res.output.trim().split('\n');
      expect(lines, res.output).toHaveLength(1);
      expect(lines[0]).toContain(`127.0.0.1:${taken}`);
      expect(lines[0]).toContain('set EMBEDDED_PG_PORT to a free port');
    } finally {
      busy.close();
    }
  }, 60_000);

  it('says in one line which setting to change when PORT is taken', async () => {
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '0.0.0.0', resolve));
    const taken = (busy.address() as net.AddressInfo).port;
    try {
      // The first install's folder: its database is up already, so only the HTTP port can fail.
      const res = await start({ DATA_DIR: dirs[0]!, PORT: String(taken) });
      expect(res.code).toBe(1);
      expect(res.output.trim().split('\n'), res.output).toEqual([
        `Missiva cannot listen on 0.0.0.0:${taken} (another program uses it): set PORT to another port.`,
      ]);
    } finally {
      busy.close();
    }
  }, 60_000);
});
