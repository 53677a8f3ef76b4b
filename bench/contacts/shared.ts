/**
 * Pieces shared by the contacts benchmarks: the real server on a temp DATA_DIR (embedded PostgreSQL), a signed-in
 * demo owner, a SQL connection to the same database, and a deterministic generator for contact data.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort, makeDataDir, startMissiva, type MissivaServer } from '../platform/harness.ts';

export interface Bench {
  base: string;
  token: string;
  server: MissivaServer;
  dataDir: string;
  databaseUrl: string;
  sql: pg.Pool;
  call<T = any>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T; ms: number }>;
}

export async function startBench(env: Record<string, string> = {}, options: { nice?: number } = {}): Promise<Bench> {
  const dataDir = makeDataDir('missiva-bench-contacts-');
  const port = await freePort();
  const pgPort = await freePort();
  const server = await startMissiva({ dataDir, port, pgPort, env, timeoutMs: 60_000, nice: options.nice });
  if (!server.demoPassword) throw new Error('no demo account was seeded');
  const base = `http://127.0.0.1:${port}`;
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  const databaseUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/missiva`;
  const login = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@missiva.local', password: server.demoPassword }),
  });
  const { token } = (await login.json()) as { token: string };
  const sql = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const call: Bench['call'] = async (method, url, body) => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    const ms = performance.now() - t0;
    return { status: res.status, body: text ? JSON.parse(text) : undefined, ms };
  };
  return { base, token, server, dataDir, databaseUrl, sql, call };
}

/** mulberry32: the same data on every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const FIRST = [
  'Giulia',
  'Marco',
  'Anna',
  'Luca',
  'Sara',
  'Paolo',
  'Elena',
  'Davide',
  'Chiara',
  'Matteo',
  'Emma',
  'Noah',
  'Olivia',
  'Liam',
];
export const LAST = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Smith',
  'Jones',
  'Brown',
];
export const COUNTRIES = ['IT', 'IT', 'FR', 'DE', 'ES', 'GB', 'US', 'NL', 'BE', 'CH'];
export const LANGUAGES = ['it', 'en', 'fr', 'de', 'es'];
export const PLANS = ['free', 'basic', 'pro', 'gold'];

export function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

export const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024)} MB`;

/** Peak and current resident memory of a process, from /proc. */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}
