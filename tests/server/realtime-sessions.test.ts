import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachRealtime, realtimeEmitter, type RealtimeServer } from '../../server/realtime/socket.ts';
import { bearer, createTestEnv, createUser, login, refreshWith, type TestEnv } from './helpers.ts';

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

async function connected(token: string): Promise<Socket> {
  const socket = connect(base, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** The reason the server gave for closing the socket, or 'still connected' after a while. */
const closedWithin = (socket: Socket, ms = 3000) =>
  new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve('still connected'), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

const post = (url: string, token: string, payload?: object) =>
  env.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('sockets of an ended session', () => {
  it('are disconnected by logout, and events stop reaching them', async () => {
    const user = await createUser(env);
    const { token } = await login(env, user);
    const socket = await connected(token);
    const seen: string[] = [];
    socket.onAny((event: string) => seen.push(event));
    const closed = closedWithin(socket);
    expect((await post('/users/logout', token)).statusCode).toBe(204);
    expect(await closed).toBe('io server disconnect');
    realtimeEmitter(() => io).toCompany(user.companyId, 'notification.created', {
      id: 'n1',
      kind: 'import.finished',
      values: {},
      level: 'info',
      createdAt: new Date().toISOString(),
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen.filter((event) => event === 'notification.created')).toEqual([]);
  });

  it('are disconnected by a password change, except those of the session that made it', async () => {
    const user = await createUser(env);
    const mine = await login(env, user);
    const other = await login(env, user);
    const [own, elsewhere] = [await connected(mine.token), await connected(other.token)];
    const [ownClosed, elsewhereClosed] = [closedWithin(own, 1500), closedWithin(elsewhere)];
    const changed = await post('/users/password', mine.token, {
      currentPassword: user.password,
      password: 'new-secret',
      passwordConfirmation: 'new-secret',
    });
    expect(changed.statusCode).toBe(204);
    expect(await elsewhereClosed).toBe('io server disconnect');
    expect(await ownClosed).toBe('still connected');
  });

  it('are disconnected when a reused refresh token revokes the session', async () => {
    const user = await createUser(env);
    const session = await login(env, user);
    const socket = await connected(session.token);
    const closed = closedWithin(socket);
    expect((await refreshWith(env, session.refreshToken)).statusCode).toBe(200);
    await env.pool.query(`update refresh_tokens set used_at = used_at - interval '1 minute' where used_at is not null`);
    expect((await refreshWith(env, session.refreshToken)).statusCode).toBe(401);
    expect(await closed).toBe('io server disconnect');
  });
});
