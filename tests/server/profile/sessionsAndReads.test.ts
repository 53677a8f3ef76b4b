import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../../server/services/notifications/notifications.ts';
import { bearer, createTestEnv, createUser, login, refreshWith, type TestEnv, type TestUser } from '../helpers.ts';

let env: TestEnv;
let user: TestUser;
let other: TestUser;
beforeAll(async () => {
  env = await createTestEnv();
  user = await createUser(env, 'Sessions Co');
  other = await createUser(env, 'Elsewhere Co');
});
afterAll(() => env.close());

const get = (url: string, token: string) =>
  env.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
const del = (url: string, token: string) =>
  env.app.inject({ method: 'DELETE', url: `/api${url}`, headers: bearer(token) });
const post = (url: string, token: string) =>
  env.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token) });
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';

async function loginWith(u: TestUser, userAgent: string) {
  const res = await env.app.inject({
    method: 'POST',
    url: '/api/users/login',
    headers: { 'user-agent': userAgent },
    payload: { email: u.email, password: u.password },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { token: string }).token;
}

describe('active sessions', () => {
  it('lists the user own open sessions with device, address and last seen, the current one marked', async () => {
    const first = await loginWith(user, FIREFOX);
    const second = (await login(env, user)).token;
    const res = await get('/account/sessions', first);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; device: string; address: string; current: boolean; lastSeenAt: string }[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const mine = list.find((s) => s.current)!;
    expect(mine.device).toBe('Firefox · Linux');
    expect(mine.address).toBe('127.0.0.1');
    expect(Number.isNaN(Date.parse(mine.lastSeenAt))).toBe(false);
    // Another company's member sees none of these.
    const theirs = (await get('/account/sessions', (await login(env, other)).token)).json() as { id: string }[];
    expect(theirs.some((s) => list.some((m) => m.id === s.id))).toBe(false);
    void second;
  });

  it('signs out one session: its access token is refused at once, and its refresh token too', async () => {
    const keeper = (await login(env, user)).token;
    const victim = await login(env, user);
    expect((await get('/account/sessions', victim.token)).statusCode).toBe(200);
    const list = (await get('/account/sessions', victim.token)).json() as { id: string; current: boolean }[];
    const victimId = list.find((s) => s.current)!.id;
    const res = await del(`/account/sessions/${victimId}`, keeper);
    expect(res.statusCode).toBe(204);
    expect((await get('/account/sessions', victim.token)).statusCode).toBe(401);
    expect((await refreshWith(env, victim.refreshToken)).statusCode).toBe(401);
    expect((await get('/account/sessions', keeper)).statusCode).toBe(200);
    const audit = await env.pool.query(
      `select details from audit_log where company_id = $1 and event = 'session.revoked' and details->>'sessionId' = $2`,
      [user.companyId, victimId],
    );
    expect(audit.rowCount).toBe(1);
  });

  it("answers 404 for another company's session, an unknown one, and an already ended one", async () => {
    const mine = (await login(env, user)).token;
    const theirs = (await login(env, other)).token;
    const theirId = ((await get('/account/sessions', theirs)).json() as { id: string; current: boolean }[]).find(
      (s) => s.current,
    )!.id;
    expect((await del(`/account/sessions/${theirId}`, mine)).statusCode).toBe(404);
    expect((await get('/account/sessions', theirs)).statusCode).toBe(200);
    expect((await del('/account/sessions/00000000-0000-4000-8000-000000000000', mine)).statusCode).toBe(404);
    expect((await del('/account/sessions/not-a-uuid', mine)).statusCode).toBe(422);
  });

  it('signs out everywhere else, keeping the current session', async () => {
    const a = (await login(env, user)).token;
    const b = (await login(env, user)).token;
    const c = (await login(env, user)).token;
    expect((await del('/account/sessions/others', a)).statusCode).toBe(204);
    expect((await get('/account/sessions', b)).statusCode).toBe(401);
    expect((await get('/account/sessions', c)).statusCode).toBe(401);
    const left = (await get('/account/sessions', a)).json() as { current: boolean }[];
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
  });

  it('refreshing writes last seen at most once a minute', async () => {
    const s = await login(env, user);
    const id = ((await get('/account/sessions', s.token)).json() as { id: string; current: boolean }[]).find(
      (x) => x.current,
    )!.id;
    await env.pool.query(`update sessions set last_seen_at = now() - interval '5 minutes' where id = $1`, [id]);
    const r1 = await refreshWith(env, s.refreshToken);
    expect(r1.statusCode).toBe(200);
    const seen = async () =>
      (await env.pool.query<{ t: Date }>('select last_seen_at as t from sessions where id = $1', [id])).rows[0]!.t;
    const after = await seen();
    expect(Date.now() - after.getTime()).toBeLessThan(60_000);
    await env.pool.query(`update sessions set last_seen_at = now() - interval '30 seconds' where id = $1`, [id]);
    const before = await seen();
    const cookie = /^missiva_refresh=([^;]*)/.exec(
      [r1.headers['set-cookie']].flat().find((c) => String(c).startsWith('missiva_refresh='))!,
    )![1]!;
    expect((await refreshWith(env, cookie)).statusCode).toBe(200);
    expect((await seen()).getTime()).toBe(before.getTime());
  });
});

describe('notification read state', () => {
  it('counts unread per user, marks one and all read, and keeps other users and companies apart', async () => {
    const token = (await login(env, user)).token;
    const theirs = (await login(env, other)).token;
    const before = (await get('/notifications/unread-count', token)).json() as { unread: number };
    await notify(env.ctx, {
      companyId: user.companyId,
      kind: 'import.finished',
      level: 'success',
      values: { rows: 3 },
    });
    await notify(env.ctx, { companyId: user.companyId, kind: 'send.finished', level: 'success', values: {} });
    await notify(env.ctx, { companyId: other.companyId, kind: 'import.finished', level: 'success', values: {} });
    expect((await get('/notifications/unread-count', token)).json()).toEqual({ unread: before.unread + 2 });
    const list = (await get('/notifications', token)).json() as { id: string }[];
    const theirList = (await get('/notifications', theirs)).json() as { id: string }[];
    const first = list[0]!.id;
    expect((await post(`/notifications/${first}/read`, token)).json()).toEqual({ unread: before.unread + 1 });
    // Marking twice is harmless.
    expect((await post(`/notifications/${first}/read`, token)).json()).toEqual({ unread: before.unread + 1 });
    expect((await get(`/notifications/read-states?ids=${first}&ids=${list[1]!.id}`, token)).json()).toEqual([first]);
    // Another company's notification is not found, and its read state is never listed.
    expect((await post(`/notifications/${theirList[0]!.id}/read`, token)).statusCode).toBe(404);
    expect((await get(`/notifications/read-states?ids=${theirList[0]!.id}`, token)).json()).toEqual([]);
    expect((await get('/notifications/unread-count', theirs)).json()).toEqual({ unread: 1 });
    expect((await post('/notifications/read-all', token)).json()).toEqual({ unread: 0 });
    expect((await get('/notifications/unread-count', theirs)).json()).toEqual({ unread: 1 });
  });

  it('refuses bad input with 422 and no sign-in with 401', async () => {
    const token = (await login(env, user)).token;
    expect((await post('/notifications/abc/read', token)).statusCode).toBe(422);
    expect((await post('/notifications/0/read', token)).statusCode).toBe(422);
    expect((await get('/notifications/read-states?ids=x', token)).statusCode).toBe(422);
    expect((await get('/notifications/read-states', token)).statusCode).toBe(422);
    expect((await post('/notifications/999999/read', token)).statusCode).toBe(404);
    const anon = await env.app.inject({ method: 'GET', url: '/api/notifications/unread-count' });
    expect(anon.statusCode).toBe(401);
  });
});
