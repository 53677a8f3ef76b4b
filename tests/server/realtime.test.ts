import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents, NotificationPayload } from '../../shared/realtime-events.ts';
import { attachRealtime, realtimeEmitter, type RealtimeServer } from '../../server/realtime/socket.ts';
import { createTestEnv, createUser, login, type TestEnv } from './helpers.ts';

let env: TestEnv;
let io: RealtimeServer;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  env = await createTestEnv();
  io = attachRealtime(env.ctx, env.app.server);
  await env.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await io.close();
  await env.close();
});

function open(auth: Record<string, unknown>): Socket<ServerToClientEvents, ClientToServerEvents> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(base, {
    transports: ['websocket'],
    auth,
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return socket;
}

const outcome = (socket: Socket) =>
  new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
  });

describe('realtime', () => {
  it('refuses a missing, malformed or revoked token with a clear connect_error', async () => {
    expect(await outcome(open({}))).toBe('token_missing');
    expect(await outcome(open({ token: 'nope' }))).toBe('token_invalid');
    const user = await createUser(env);
    const session = await login(env, user);
    await env.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(await outcome(open({ token: session.token }))).toBe('session_revoked');
  });

  it('joins the user and company rooms and delivers only to them', async () => {
    const alice = await createUser(env, 'Alpha');
    const bob = await createUser(env, 'Beta');
    const a = open({ token: (await login(env, alice)).token });
    const aReady = outcome(a);
    const b = open({ token: (await login(env, bob)).token });
    const bReady = outcome(b);
    expect(await aReady).toBe('connected');
    expect(await bReady).toBe('connected');
    const seenByB: string[] = [];
    b.on('notification.created', (n) => seenByB.push(n.id));
    const got = new Promise<NotificationPayload>((resolve) => a.once('notification.created', resolve));
    const note: NotificationPayload = {
      id: 'n1',
      kind: 'import.finished',
      values: { created: 3 },
      level: 'success',
      createdAt: new Date().toISOString(),
    };
    realtimeEmitter(() => io).toCompany(alice.companyId, 'notification.created', note);
    expect(await got).toEqual(note);
    const ack = await new Promise<string>((resolve) => a.emit('ping.sent', resolve));
    expect(Date.parse(ack)).not.toBeNaN();
    expect(seenByB).toEqual([]);
  });

  it('accepts the bearer token in an Authorization header too', async () => {
    const user = await createUser(env);
    const { token } = await login(env, user);
    const socket = connect(base, {
      transports: ['websocket'],
      extraHeaders: { authorization: `Bearer ${token}` },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    expect(await outcome(socket)).toBe('connected');
  });
});
