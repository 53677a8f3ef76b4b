import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDigestsTask } from '../../server/jobs/digest.ts';
import { notify } from '../../server/services/notifications/notifications.ts';
import { createTestEnv, createUser, login, bearer, type TestEnv, type TestUser } from './helpers.ts';

let env: TestEnv;
let user: TestUser;
let token: string;
beforeAll(async () => {
  env = await createTestEnv();
  user = await createUser(env, 'Digest Co');
  token = (await login(env, user)).token;
});
afterAll(() => env.close());

const settings = (digest: Record<string, unknown> = {}) => ({
  inApp: { imports: true, sends: false, failures: true },
  email: { imports: false, sends: false, failures: true },
  digest: { enabled: true, pattern: '0 8 * * 1', period: 'week', timeZone: 'Europe/Rome', ...digest },
});
const put = (body: object, t = token) =>
  env.app.inject({ method: 'PUT', url: '/api/account/notifications', headers: bearer(t), payload: body });
const runDigests = () => sendDigestsTask(env.ctx)({}, {} as never);

describe('notification settings', () => {
  it('starts from defaults with the digest off', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/account/notifications', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      inApp: { imports: true, sends: true, failures: true },
      digest: { enabled: false, nextRuns: [] },
    });
  });

  it('saves choices and answers the next five runs in the user time zone', async () => {
    const res = await put(settings());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.inApp.sends).toBe(false);
    expect(body.digest.nextRuns).toHaveLength(5);
    for (const run of body.digest.nextRuns as string[]) {
      const local = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Rome',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(run));
      expect(local).toBe('Mon 08:00');
    }
  });

  it("refuses a malformed pattern with the editor's code, and an unknown time zone", async () => {
    for (const pattern of ['* * * *', '60 * * * *', '0 8 * * 7', '0 8 31 2 *', 'a b c d e']) {
      const res = await put(settings({ pattern }));
      expect(res.statusCode, pattern).toBe(422);
      expect(res.json().errors).toEqual({ 'digest.pattern': ['invalid pattern'] });
    }
    const tz = await put(settings({ timeZone: 'Mars/Olympus' }));
    expect(tz.json().errors).toEqual({ 'digest.timeZone': ['Time zone is not valid'] });
    const types = await put({ ...settings(), inApp: { imports: 'yes', sends: true, failures: true } });
    expect(types.json().errors).toEqual({ 'inApp.imports': ['Imports must be a boolean'] });
  });

  it('keeps each user their own settings', async () => {
    const other = await createUser(env, 'Other Co');
    const otherToken = (await login(env, other)).token;
    const res = await env.app.inject({ method: 'GET', url: '/api/account/notifications', headers: bearer(otherToken) });
    expect(res.json().digest.enabled).toBe(false);
  });
});

describe('notifications', () => {
  it('pushes only to users who want the category in the app, and lists only the company own', async () => {
    env.emitted.length = 0;
    await notify(env.ctx, {
      companyId: user.companyId,
      kind: 'send.finished',
      level: 'success',
      values: { name: 'Spring sale' },
    });
    expect(env.emitted).toEqual([]); // sends are off for this user
    await notify(env.ctx, {
      companyId: user.companyId,
      kind: 'import.finished',
      level: 'success',
      values: { created: 12 },
    });
    expect(env.emitted).toMatchObject([
      {
        room: `user:${user.userId}`,
        event: 'notification.created',
        payload: { kind: 'import.finished', values: { created: 12 } },
      },
    ]);
    const stranger = await createUser(env, 'Stranger');
    await notify(env.ctx, { companyId: stranger.companyId, kind: 'import.failed', level: 'error' });
    const res = await env.app.inject({ method: 'GET', url: '/api/notifications?perPage=10', headers: bearer(token) });
    // The list follows the same choices as the push: the sends category is off for this user (issue 21 §5).
    expect(res.json().map((n: { kind: string }) => n.kind)).toEqual(['import.finished']);
    expect(JSON.parse(String(res.headers.pagination)).total).toBe(1);
  });
});

describe('activity digest', () => {
  it('mails what happened since the last digest when due, then schedules the next run', async () => {
    await put(settings({ pattern: '*/5 * * * *', period: 'hour', timeZone: 'UTC' }));
    await env.pool.query(
      `update notification_settings set digest_next_at = now() - interval '1 minute', digest_last_at = now() - interval '1 day' where user_id = $1`,
      [user.userId],
    );
    await notify(env.ctx, {
      companyId: user.companyId,
      kind: 'import.failed',
      level: 'error',
      values: { file: 'a.csv' },
    });
    await runDigests();
    const { rows } = await env.pool.query(
      `select subject, text_body, status from outbox where kind = 'digest' and to_address = $1`,
      [user.email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].subject).toBe('Your Missiva activity digest');
    expect(rows[0].text_body).toContain('Imports finished: 1');
    expect(rows[0].text_body).toContain('Campaigns sent: 1');
    expect(rows[0].text_body).toContain('Failures: 1');
    const next = await env.pool.query('select digest_next_at from notification_settings where user_id = $1', [
      user.userId,
    ]);
    const at = next.rows[0].digest_next_at as Date;
    expect(at.getTime()).toBeGreaterThan(Date.now());
    expect(at.getUTCMinutes() % 5).toBe(0);
    await runDigests();
    expect(
      (await env.pool.query(`select 1 from outbox where kind = 'digest' and to_address = $1`, [user.email])).rowCount,
    ).toBe(1);
  });
});
