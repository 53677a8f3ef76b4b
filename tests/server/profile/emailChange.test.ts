import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestEnv, createUser, login, type TestEnv, type TestUser } from '../helpers.ts';

let env: TestEnv;
let user: TestUser;
let other: TestUser;
let token: string;
beforeAll(async () => {
  env = await createTestEnv();
  user = await createUser(env, 'Email Co');
  other = await createUser(env, 'Other Co');
  token = (await login(env, user)).token;
});
afterAll(() => env.close());

const request = (email: unknown, t = token) =>
  env.app.inject({ method: 'POST', url: '/api/account/email', headers: bearer(t), payload: { email } });
const confirm = (body: Record<string, unknown>) =>
  env.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: body });

/** The captured mails the outbox holds for an address (no SMTP in these tests: mails are captured). */
async function mailsTo(address: string) {
  const { rows } = await env.pool.query<{ subject: string; text_body: string; kind: string }>(
    'select subject, text_body, kind from outbox where to_address = $1 order by id',
    [address],
  );
  return rows;
}
const tokenIn = (text: string) => /confirm\?token=([^\s]+)/.exec(text)![1]!;

describe('email change', () => {
  it('sends a 24 h link to the new address, tells the old one, and changes the address only when it is opened', async () => {
    const next = `new.${Date.now()}@example.org`;
    expect((await request(next)).statusCode).toBe(202);
    const [link] = await mailsTo(next);
    expect(link!.kind).toBe('email_change_confirm');
    expect(link!.text_body).toContain('24 hours');
    const [notice] = await mailsTo(user.email);
    expect(notice!.kind).toBe('email_change_notice');
    expect(notice!.text_body).toContain(next);
    // Not yet changed: the old address still signs in; only the hash of the token is stored.
    await login(env, user);
    const raw = decodeURIComponent(tokenIn(link!.text_body));
    const stored = await env.pool.query("select 1 from email_change_tokens where token_hash = convert_to($1, 'UTF8')", [
      raw,
    ]);
    expect(stored.rowCount).toBe(0);
    const res = await confirm({ token: raw });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: next });
    await login(env, { email: next, password: user.password });
    await expect(login(env, user)).rejects.toThrow(/login failed: 401/);
    // Used once only.
    expect((await confirm({ token: raw })).statusCode).toBe(410);
    const events = await env.pool.query<{ event: string }>(
      `select event from audit_log where user_id = $1 and event like 'email.%' order by id`,
      [user.userId],
    );
    expect(events.rows.map((r) => r.event)).toEqual(['email.change_requested', 'email.changed']);
    user = { ...user, email: next };
  });

  it('refuses an expired link with 410', async () => {
    const next = `late.${Date.now()}@example.org`;
    expect((await request(next)).statusCode).toBe(202);
    const raw = decodeURIComponent(tokenIn((await mailsTo(next))[0]!.text_body));
    await env.pool.query(
      `update email_change_tokens set expires_at = now() - interval '1 second' where new_email = $1`,
      [next],
    );
    expect((await confirm({ token: raw })).statusCode).toBe(410);
  });

  it('refuses an address in use by anyone, in any company, with the field text', async () => {
    const res = await request(other.email);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['email already in use'] });
  });

  it('refuses bad input with 422 and no sign-in with 401', async () => {
    for (const bad of ['not-an-email', '', 42, null, `${'a'.repeat(250)}@example.org`]) {
      expect((await request(bad)).statusCode, String(bad)).toBe(422);
    }
    expect((await confirm({})).statusCode).toBe(422);
    expect((await confirm({ token: '' })).statusCode).toBe(422);
    expect((await confirm({ token: 'unknown' })).statusCode).toBe(410);
    const anon = await env.app.inject({ method: 'POST', url: '/api/account/email', payload: { email: 'a@b.org' } });
    expect(anon.statusCode).toBe(401);
  });
});
