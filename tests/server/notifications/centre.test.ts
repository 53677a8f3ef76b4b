import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../../server/services/notifications/notifications.ts';
import { bearer, createMember, createTestEnv, createUser, login, type TestEnv, type TestUser } from '../helpers.ts';

// The bell's list and badge follow /account/notifications: a category the user switched off in the app is neither
// listed nor counted (errors belong to `failures`, whatever their kind); kinds without a category always show. A
// notification addressed to another member of the same company is not the user's: 404 to mark it read.
let env: TestEnv;
let user: TestUser;
let colleague: TestUser;
let token: string;

beforeAll(async () => {
  env = await createTestEnv();
  user = await createUser(env, 'Bellco');
  colleague = await createMember(env, user, 'editor');
  token = (await login(env, user)).token;
});
afterAll(() => env.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  env.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
const kinds = async () =>
  ((await call('GET', '/notifications?perPage=100')).json() as { kind: string }[]).map((n) => n.kind);
const unread = async () => ((await call('GET', '/notifications/unread-count')).json() as { unread: number }).unread;

describe('the notifications centre', () => {
  it('hides and stops counting the categories switched off on /account/notifications', async () => {
    const companyId = user.companyId;
    await notify(env.ctx, { companyId, kind: 'import.finished', level: 'success', values: { count: 3 } });
    await notify(env.ctx, { companyId, kind: 'send.finished', level: 'success', values: { name: 'Autumn' } });
    await notify(env.ctx, { companyId, kind: 'import.failed', level: 'error' });
    await notify(env.ctx, { companyId, kind: 'billing.low_balance', level: 'warning', values: { channel: 'email' } });
    expect(await unread()).toBe(4);
    expect(await kinds()).toEqual(['billing.low_balance', 'import.failed', 'send.finished', 'import.finished']);

    const settings = (await call('GET', '/account/notifications')).json();
    const saved = await call('PUT', '/account/notifications', {
      inApp: { imports: false, sends: true, failures: false },
      email: settings.email,
      digest: { enabled: false, pattern: settings.digest.pattern, period: 'week', timeZone: 'UTC' },
    });
    expect(saved.statusCode).toBe(200);
    expect(await kinds()).toEqual(['billing.low_balance', 'send.finished']);
    expect(await unread()).toBe(2);
    const page = await call('GET', '/notifications?perPage=1');
    // The total behind "load more" counts only what is shown.
    expect(JSON.parse(String(page.headers.pagination))).toMatchObject({ total: 2, pages: 2 });

    // Switched back on, they are listed and unread again: hiding is not reading.
    await call('PUT', '/account/notifications', {
      inApp: { imports: true, sends: true, failures: true },
      email: settings.email,
      digest: { enabled: false, pattern: settings.digest.pattern, period: 'week', timeZone: 'UTC' },
    });
    expect(await unread()).toBe(4);
  });

  it("answers 404 for a colleague's own notification and keeps it out of the user's list", async () => {
    await notify(env.ctx, { companyId: user.companyId, userId: colleague.userId, kind: 'export.ready', level: 'info' });
    const { rows } = await env.pool.query<{ id: string }>(
      `select id::text from notifications where user_id = $1 and kind = 'export.ready'`,
      [colleague.userId],
    );
    expect((await call('POST', `/notifications/${rows[0]!.id}/read`)).statusCode).toBe(404);
    expect(await kinds()).not.toContain('export.ready');
  });
});
