/**
 * Shared pieces of the platform benchmarks: spawning the real server (`node --import tsx server/main.ts`) on a temp
 * DATA_DIR, a Fastify hello-world reference, a run-time bound, and cleanup that leaves no process or directory behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const children = new Set<ChildProcess>();
const dataDirs = new Set<string>();

// ---------------------------------------------------------------------------------------------------------------
// Cleanup and run-time bound

/** The postmaster of an embedded cluster, by the pid in its postmaster.pid, only if that pid still runs on this dir. */
function postmasterPid(dataDir: string): number | undefined {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid) return undefined;
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes(dataDir) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Synchronous, so it also runs from process.on('exit'): SIGKILL what is still alive, then remove the temp dirs. */
export function cleanupNow(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
  for (const dir of dataDirs) {
    const pid = postmasterPid(dir);
    if (pid) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      /* PostgreSQL may still be writing; nothing more we can do synchronously */
    }
  }
  dataDirs.clear();
}

/** Cleans up on every way out and bounds the whole run: past `limitMs` the script fails. */
export function installGuards(name: string, limitMs: number): void {
  process.on('exit', cleanupNow);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      console.error(`\n${name}: interrupted (${signal}), cleaning up`);
      process.exit(130);
    });
  }
  process.on('uncaughtException', (error) => {
    console.error(`${name}: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  });
  process.on('unhandledRejection', (error) => {
    console.error(`${name}: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  });
  setTimeout(() => {
    console.error(`${name}: exceeded its ${Math.round(limitMs / 1000)} s bound, stopping`);
    process.exit(1);
  }, limitMs).unref();
}

// ---------------------------------------------------------------------------------------------------------------
// Machine

export function machineLine(): string {
  const cpus = os.cpus();
  const gib = (os.totalmem() / 1024 ** 3).toFixed(0);
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, ${gib} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

/** Load averages (1, 5, 15 min), as `uptime` shows them. */
export function loadLine(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
}

// ---------------------------------------------------------------------------------------------------------------
// Processes

/** Ports handed out so far from BENCH_PORTS, so two calls before either port is bound do not get the same one. */
const handedOut = new Set<number>();

/** Whether `port` can be bound on loopback now; with 0, the port the system picks. */
function tryPort(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(undefined));
    srv.listen(port, '127.0.0.1', () => {
      const address = srv.address();
      const bound = typeof address === 'object' && address ? address.port : undefined;
      srv.close(() => resolve(bound));
    });
  });
}

/**
 * A port free on loopback: the first free one of BENCH_PORTS (`from-to`, e.g. `56400-56499`, for a machine where each
 * user has a range of ports), else one the system picks.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
  if (!range) {
    const port = await tryPort(0);
    if (port === undefined) throw new Error('no free port');
    return port;
  }
  for (let port = Number(range[1]); port <= Number(range[2]); port++) {
    if (handedOut.has(port) || (await tryPort(port)) === undefined) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port in BENCH_PORTS ${process.env.BENCH_PORTS}`);
}

export function makeDataDir(prefix = 'missiva-bench-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o755); // PostgreSQL runs as the `postgres` user when we are root
  dataDirs.add(dir);
  return dir;
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  dataDirs.delete(dir);
}

export interface Started {
  child: ChildProcess;
  /** Wall time from spawn to the ready line, measured here. */
  wallMs: number;
  output: () => string;
}

/** Spawns a process and resolves when a line matches `ready`; on timeout or early exit it is killed and rejects. */
export function spawnUntil(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  timeoutMs: number,
): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let out = '';
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      reject(new Error(`${message}\n--- output ---\n${out.slice(-4000)}`));
    };
    const timer = setTimeout(() => fail(`not ready within ${timeoutMs} ms`), timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      // Once ready, keep only a tail: a server logging every request must not make this process grow and slow down.
      if (settled && out.length > 64_000) out = out.slice(-8_000);
      if (!settled && ready.test(out)) {
        settled = true;
        clearTimeout(timer);
        resolve({ child, wallMs: performance.now() - t0, output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (settled && out.length > 64_000) out = out.slice(-8_000);
    });
    child.once('error', (error) => fail(`could not spawn: ${error.message}`));
    child.once('exit', (code, signal) => fail(`exited before ready (code ${code}, signal ${signal})`));
  });
}

/** SIGTERM, then SIGKILL after `graceMs`. Resolves with the time to exit and how it ended. */
export async function stop(child: ChildProcess, graceMs = 15_000): Promise<{ ms: number; clean: boolean }> {
  if (child.exitCode !== null || child.signalCode !== null) return { ms: 0, clean: child.exitCode === 0 };
  const t0 = performance.now();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  const code = await exited;
  clearTimeout(timer);
  return { ms: performance.now() - t0, clean: code === 0 };
}

export interface ServerOptions {
  dataDir: string;
  port: number;
  pgPort: number;
  env?: Record<string, string>;
  timeoutMs?: number;
  /**
   * Run the server (and the PostgreSQL it starts) at this nice level: for a benchmark that measures another program on
   * the same cores, such as a browser, where in use the server runs on a machine of its own.
   */
  nice?: number;
}

export interface MissivaServer extends Started {
  /** The server's own figure from its ready line (time since main.ts started running). */
  reportedMs: number | undefined;
  demoPassword: string | undefined;
}

/** `node --import tsx server/main.ts`, as `npm start` runs it, with embedded PostgreSQL in `dataDir`. */
export async function startMissiva({
  dataDir,
  port,
  pgPort,
  env = {},
  timeoutMs = 30_000,
  nice,
}: ServerOptions): Promise<MissivaServer> {
  const node = [process.execPath, '--import', 'tsx', 'server/main.ts'];
  // `nice` runs node in its own process (exec), so the child's pid stays the server's.
  const [command, ...args] = nice === undefined ? node : ['nice', '-n', String(nice), ...node];
  const started = await spawnUntil(
    command!,
    args,
    {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      // API only: the runs must not depend on whether (or while) someone builds the SPA into ./dist.
      DIST_DIR: path.join(dataDir, 'no-dist'),
      ...env,
    },
    /Missiva is ready at .*\(.*?(\d+) ms\)/,
    timeoutMs,
  );
  const out = started.output();
  const reported = /Missiva is ready at .*\(.*?(\d+) ms\)/.exec(out)?.[1];
  const demo = /Demo account created — email: \S+\s+password: (\S+)/.exec(out)?.[1];
  return { ...started, reportedMs: reported ? Number(reported) : undefined, demoPassword: demo };
}

const HELLO = `
const fastify = require('fastify')({ logger: false });
fastify.get('/', async () => ({ hello: 'world' }));
fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => console.log('hello ready'));
`;

/** The reference: a Fastify 5 hello-world in its own `node -e` process, as our server runs in its own process. */
export function startHello(port: number, timeoutMs = 15_000): Promise<Started> {
  return spawnUntil(process.execPath, ['-e', HELLO], { ...process.env, PORT: String(port) }, /hello ready/, timeoutMs);
}

// ---------------------------------------------------------------------------------------------------------------
// CPU accounting from /proc, to see where the time of a load run goes

const TICK_MS = 10; // USER_HZ is 100 on Linux

function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // after "pid (comm) ": state=0, ppid=1, ..., utime=11, stime=12
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

function childrenOf(ppid: number): number[] {
  try {
    return readFileSync(`/proc/${ppid}/task/${ppid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** CPU time used so far by the server process and by the embedded PostgreSQL (postmaster and its backends). */
export function cpuSnapshot(
  serverPid: number,
  dataDir: string,
): { node: number; postgres: number; backends: Map<number, number> } {
  const postmaster = postmasterPid(dataDir);
  const backends = new Map<number, number>();
  let postgres = 0;
  if (postmaster) {
    for (const pid of [postmaster, ...childrenOf(postmaster)]) {
      const ms = cpuMsOf(pid);
      backends.set(pid, ms);
      postgres += ms;
    }
  }
  return { node: cpuMsOf(serverPid), postgres, backends };
}

/** CPU used between two snapshots; backends that appeared in between count from zero. */
export function cpuDelta(
  before: ReturnType<typeof cpuSnapshot>,
  after: ReturnType<typeof cpuSnapshot>,
): { node: number; postgres: number } {
  let postgres = 0;
  for (const [pid, ms] of after.backends) postgres += ms - (before.backends.get(pid) ?? 0);
  return { node: after.node - before.node, postgres };
}

// ---------------------------------------------------------------------------------------------------------------
// Numbers

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export const median = (values: number[]) => percentile(values, 50);

export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => '| ' + r.map((c, i) => c.padEnd(widths[i]!)).join(' | ') + ' |';
  return [line(rows[0]!), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...rows.slice(1).map(line)].join(
    '\n',
  );
}
