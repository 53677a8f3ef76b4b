import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestEnv, createUser, login, type TestEnv, type TestUser } from '../helpers.ts';

// The invitation page says who invited: the token lookup answers the inviter's name beside the company and role, and
// null once that member is gone (the invitation itself stays valid).
let env: TestEnv;
let owner: TestUser;
let token: string;

beforeAll(async () => {
  env = await createTestEnv();
  owner = await createUser(env, 'Gamma');
  token = (await login(env, owner)).token;
  await env.pool.query(`update users set first_name = 'Grace', last_name = 'Hopper' where id = $1`, [owner.userId]);
});
afterAll(() => env.close());

async function invite(email: string): Promise<string> {
  const sent = await env.app.inject({
    method: 'POST',
    url: '/api/team/invitations',
    headers: bearer(token),
    payload: { email, role: 'editor' },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const { rows } = await env.pool.query<{ text_body: string }>(
    `select text_body from outbox where to_address = $1 and kind = 'invitation' order by id desc limit 1`,
    [email],
  );
  const link = /invitation\?token=(\S+)/.exec(rows[0]?.text_body ?? '')?.[1];
  if (!link) throw new Error(`no invitation mail to ${email}`);
  return decodeURIComponent(link);
}

const lookup = (link: string) =>
  env.app.inject({ method: 'POST', url: '/api/invitations/lookup', payload: { token: link } });

describe('invitation lookup', () => {
  it('names the inviter, the company and the role', async () => {
    const res = await lookup(await invite('eddie.editor@example.com'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ inviterName: 'Grace Hopper', companyName: 'Gamma', role: 'editor' });
  });

  it('answers a null inviter when the inviter has no name left', async () => {
    const link = await invite('nina.nameless@example.com');
    await env.pool.query(`update invitations set invited_by = null where company_id = $1`, [owner.companyId]);
    expect((await lookup(link)).json()).toMatchObject({ inviterName: null, companyName: 'Gamma' });
  });
});
