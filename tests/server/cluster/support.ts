import { io as connect, type Socket } from 'socket.io-client';
import { createPool, type Pool } from '../../../server/db/pool.ts';
import { createCompanyWithOwner } from '../../../server/services/accounts/accounts.ts';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../shared/realtime-events.ts';
import type { Cluster } from '../../../scripts/cluster/cluster.ts';
import { multipart } from '../contacts/fixtures.ts';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The owner's system pool on the cluster's database (what the CLI uses). */
export const systemPool = (cluster: Cluster): Pool => createPool(cluster.databaseUrl, 3, { system: true });

let counter = 0;
/** A new company and its owner, created as the CLI creates them. */
export async function newOwner(pool: Pool, company = 'Acme') {
  counter += 1;
  const email = `cluster${counter}.${Date.now()}@example.com`;
  const password = 'secret-pass';
  const ids = await createCompanyWithOwner(pool, { company, email, password, firstName: 'Ada', lastName: 'Lovelace' });
  return { email, password, ...ids };
}

export interface Answer {
  status: number;
  body: any;
}

/** One HTTP call to a base URL (a node or the proxy), JSON in and out. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
  };
}

export async function signIn(base: string, user: { email: string; password: string }): Promise<string> {
  const res = await call(base, 'POST', '/users/login', { body: { email: user.email, password: user.password } });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

export const nodeUrl = (port: number | undefined) => `http://127.0.0.1:${port}`;

/** A websocket to one node (or the proxy), resolved once connected. */
export async function openSocket(
  base: string,
  token: string,
  options: { reconnection?: boolean } = {},
): Promise<ClientSocket> {
  const socket: ClientSocket = connect(base, {
    transports: ['websocket'],
    auth: { token },
    reconnection: options.reconnection ?? false,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return socket;
}

/** Uploads a CSV through `base` and starts its import into a new list; answers the import's id. */
export async function startCsvImport(base: string, token: string, csv: string): Promise<number> {
  const folder = await call(base, 'POST', '/contact-folders', { token, body: { name: `Folder ${Date.now()}` } });
  const list = await call(base, 'POST', '/contact-lists', {
    token,
    body: { name: 'Cluster', folderId: folder.body.id },
  });
  const body = multipart('cluster.csv', csv);
  const res = await fetch(`${base}/api/contact-imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    body: body.payload,
  });
  const uploaded = (await res.json()) as { id: number };
  if (!res.ok) throw new Error(`upload: ${res.status} ${JSON.stringify(uploaded)}`);
  const started = await call(base, 'POST', `/contact-imports/${uploaded.id}/start`, {
    token,
    body: { mapping: [{ target: 'email' }, { target: 'firstName' }], listIds: [list.body.id] },
  });
  if (started.status >= 300) throw new Error(`start: ${started.status} ${JSON.stringify(started.body)}`);
  return uploaded.id;
}

/** A CSV of `rows` distinct contacts, `email,first name`. */
export function contactsCsv(rows: number, prefix: string): string {
  const lines = ['email,first name'];
  for (let i = 0; i < rows; i++) lines.push(`${prefix}${i}@example.com,Name${i}`);
  return lines.join('\n');
}

export async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    await sleep(100);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}
