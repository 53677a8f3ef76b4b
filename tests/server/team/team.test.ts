import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_RETENTION_DAYS } from '../../../shared/audit.ts';
import { BILLING_TEXTS } from '../../../shared/billing.ts';
import { pruneAuditLog } from '../../../server/services/team/auditLog.ts';
import { bearer, createMember, createTestEnv, createUser, login, type TestEnv, type TestUser } from '../helpers.ts';

// The team against the real server and PostgreSQL: invitations mailed through the outbox and accepted with the link,
// role changes, removal (the member's token stops working at once), ownership transfer, the last-owner rule, the audit
// log, and another company's ids answering 404.
let env: TestEnv;
let owner: TestUser;
let ownerToken: string;
let other: TestUser;
let otherToken: string;

beforeAll(async () => {
  env = await createTestEnv();
  owner = await createUser(env, 'Alpha');
  ownerToken = (await login(env, owner)).token;
  other = await createUser(env, 'Beta');
  otherToken = (await login(env, other)).token;
});
afterAll(async () => env.close());

async function call(token: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const res = await env.app.inject({
    method,
    url: `/api${url}`,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null, headers: res.headers };
}

/** The link of the newest invitation mail to an address, as the outbox captured it. */
async function linkTo(email: string): Promise<string> {
  const { rows } = await env.pool.query(
    `select text_body from outbox where to_address = $1 and kind = 'invitation' order by id desc limit 1`,
    [email],
  );
  const token = /invitation\?token=(\S+)/.exec(rows[0]?.text_body ?? '')?.[1];
  if (!token) throw new Error(`no invitation mail to ${email}`);
  return decodeURIComponent(token);
}

const newEmail = (name: string) => `${name}.${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('invitations', () => {
  it('mails a 7-day link that a new person accepts with a name and password, landing signed in', async () => {
    const email = newEmail('viewer');
    const sent = await call(ownerToken, 'POST', '/team/invitations', { email, role: 'viewer' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ email, role: 'viewer', status: 'pending' });
    const days = (Date.parse(sent.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    const token = await linkTo(email);
    const stored = await env.pool.query('select token_hash from invitations where id = $1', [sent.body.id]);
    expect(stored.rows[0].token_hash.toString('utf8')).not.toContain(token.split('.')[2]);

    const preview = await call(null, 'POST', '/invitations/lookup', { token });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ companyName: 'Alpha', email, role: 'viewer' });

    const mismatch = await call(null, 'POST', '/invitations/accept', {
      token,
      firstName: 'Vera',
      lastName: 'Viewer',
      password: 'secret-pass',
      passwordConfirmation: 'other-pass',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.passwordConfirmation).toEqual(['Passwords do not match']);
    const short = await call(null, 'POST', '/invitations/accept', {
      token,
      firstName: 'Vera',
      lastName: 'Viewer',
      password: 'abc',
      passwordConfirmation: 'abc',
    });
    expect(short.status).toBe(422);

    const accepted = await call(null, 'POST', '/invitations/accept', {
      token,
      firstName: 'Vera',
      lastName: 'Viewer',
      password: 'secret-pass',
      passwordConfirmation: 'secret-pass',
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(String(accepted.headers['set-cookie'])).toContain('missiva_refresh=');
    const me = await call(accepted.body.token, 'GET', '/users/me');
    expect(me.body).toMatchObject({ email, role: 'viewer', firstName: 'Vera' });
    // A viewer reads the team but cannot invite.
    expect((await call(accepted.body.token, 'GET', '/team/members')).status).toBe(200);
    expect(
      (await call(accepted.body.token, 'POST', '/team/invitations', { email: newEmail('x'), role: 'viewer' })).status,
    ).toBe(403);

    const again = await call(null, 'POST', '/invitations/lookup', { token });
    expect(again.status).toBe(410);
    const events = await call(ownerToken, 'GET', '/audit-log?event=invitation.accepted');
    expect(events.body[0]).toMatchObject({ event: 'invitation.accepted', details: { email, role: 'viewer' } });
  });

  it('resend gives a new link (the old one stops working); revoke ends it; expiry ends it', async () => {
    const email = newEmail('editor');
    const sent = await call(ownerToken, 'POST', '/team/invitations', { email, role: 'editor' });
    const first = await linkTo(email);
    const pending = await call(ownerToken, 'POST', '/team/invitations', { email, role: 'editor' });
    expect(pending.status).toBe(422);
    expect(pending.body.errors.email).toBeDefined();
    const resent = await call(ownerToken, 'POST', `/team/invitations/${sent.body.id}/resend`);
    expect(resent.status).toBe(200);
    const second = await linkTo(email);
    expect(second).not.toBe(first);
    expect((await call(null, 'POST', '/invitations/lookup', { token: first })).status).toBe(410);
    expect((await call(null, 'POST', '/invitations/lookup', { token: second })).status).toBe(200);

    await env.pool.query(`update invitations set expires_at = now() - interval '1 second' where id = $1`, [
      sent.body.id,
    ]);
    const expired = await call(null, 'POST', '/invitations/lookup', { token: second });
    expect(expired.status).toBe(410);
    expect(expired.body.message).toMatch(/expired or is no longer valid/);
    const listed = await call(ownerToken, 'GET', '/team/invitations');
    expect(listed.body.find((i: { id: number }) => i.id === sent.body.id).status).toBe('expired');

    expect((await call(ownerToken, 'DELETE', `/team/invitations/${sent.body.id}`)).status).toBe(204);
    expect((await call(ownerToken, 'DELETE', `/team/invitations/${sent.body.id}`)).status).toBe(404);
    const log = await call(ownerToken, 'GET', '/audit-log?event=invitation.revoked');
    expect(log.body[0].details.email).toBe(email);
  });

  it('refuses an address with an account in another company, with a clear text', async () => {
    const sent = await call(ownerToken, 'POST', '/team/invitations', { email: other.email, role: 'viewer' });
    expect(sent.status).toBe(201);
    const token = await linkTo(other.email);
    const accepted = await call(null, 'POST', '/invitations/accept', {
      token,
      firstName: 'B',
      lastName: 'B',
      password: 'secret-pass',
      passwordConfirmation: 'secret-pass',
    });
    expect(accepted.status).toBe(409);
    expect(accepted.body.message).toMatch(/account belongs to one company/);
    const member = await call(ownerToken, 'POST', '/team/invitations', { email: owner.email, role: 'viewer' });
    expect(member.status).toBe(422);
  });

  it('answers a guessed or malformed token 410 or 422, never 500', async () => {
    const fake = `${owner.companyId}.1.${'a'.repeat(43)}`;
    expect((await call(null, 'POST', '/invitations/lookup', { token: fake })).status).toBe(410);
    expect((await call(null, 'POST', '/invitations/lookup', { token: 'x' })).status).toBe(422);
    expect((await call(null, 'POST', '/invitations/lookup', { token: 'y'.repeat(40) })).status).toBe(410);
  });
});

describe('members', () => {
  it('lists members with role, 2FA and last activity', async () => {
    const list = await call(ownerToken, 'GET', '/team/members');
    const me = list.body.find((m: { id: string }) => m.id === owner.userId);
    expect(me).toMatchObject({ role: 'owner', twoFactorEnabled: false, email: owner.email });
    expect(me.lastActiveAt).not.toBeNull();
  });

  it('changes a role, and the member is refused what the new role lacks on their next request', async () => {
    const admin = await createMember(env, owner, 'admin');
    const token = (await login(env, admin)).token;
    expect((await call(token, 'GET', '/team/invitations')).status).toBe(200);
    const changed = await call(ownerToken, 'PATCH', `/team/members/${admin.userId}`, { role: 'viewer' });
    expect(changed.status).toBe(200);
    expect(changed.body.role).toBe('viewer');
    expect((await call(token, 'POST', '/team/invitations', { email: newEmail('z'), role: 'viewer' })).status).toBe(403);
    expect((await call(ownerToken, 'PATCH', `/team/members/${admin.userId}`, { role: 'owner' })).status).toBe(422);
    const log = await call(ownerToken, 'GET', `/audit-log?event=member.role_changed`);
    expect(log.body[0].details).toMatchObject({ memberId: admin.userId, from: 'admin', to: 'viewer' });
  });

  it('removes a member: their access token and API keys stop working at once', async () => {
    const editor = await createMember(env, owner, 'admin');
    const token = (await login(env, editor)).token;
    const key = await call(token, 'POST', '/api-keys', { name: 'Sync', access: 'full' });
    expect(key.status).toBe(201);
    expect((await call(token, 'GET', '/team/members')).status).toBe(200);
    expect((await call(ownerToken, 'DELETE', `/team/members/${editor.userId}`)).status).toBe(204);
    expect((await call(token, 'GET', '/team/members')).status).toBe(401);
    const withKey = await env.app.inject({
      method: 'GET',
      url: '/api/contacts',
      headers: { 'api-key': key.body.secret },
    });
    expect(withKey.statusCode).toBe(401);
    expect((await call(ownerToken, 'DELETE', `/team/members/${editor.userId}`)).status).toBe(404);
  });

  it('keeps the last owner: cannot leave or be demoted; a transfer to an admin swaps the roles', async () => {
    const left = await call(ownerToken, 'DELETE', `/team/members/${owner.userId}`);
    expect(left.status).toBe(409);
    expect(left.body.message).toBe('The last owner cannot leave or be demoted. Transfer ownership to an admin first.');
    expect((await call(ownerToken, 'PATCH', `/team/members/${owner.userId}`, { role: 'admin' })).status).toBe(409);
    const viewer = await createMember(env, owner, 'viewer');
    const notAdmin = await call(ownerToken, 'POST', '/team/ownership', { userId: viewer.userId });
    expect(notAdmin.status).toBe(422);
    const admin = await createMember(env, owner, 'admin');
    const adminToken = (await login(env, admin)).token;
    expect((await call(adminToken, 'POST', '/team/ownership', { userId: admin.userId })).status).toBe(403);
    expect((await call(ownerToken, 'POST', '/team/ownership', { userId: admin.userId })).status).toBe(204);
    const list = await call(adminToken, 'GET', '/team/members');
    const roles = Object.fromEntries(list.body.map((m: { id: string; role: string }) => [m.id, m.role]));
    expect(roles[admin.userId]).toBe('owner');
    expect(roles[owner.userId]).toBe('admin');
    // The former owner, now an admin, may not touch the owner; the new owner transfers back.
    expect((await call(ownerToken, 'DELETE', `/team/members/${admin.userId}`)).status).toBe(403);
    expect((await call(adminToken, 'POST', '/team/ownership', { userId: owner.userId })).status).toBe(204);
  });
});

describe('tenancy and the audit log', () => {
  it("answers another company's member and invitation ids 404", async () => {
    const sent = await call(ownerToken, 'POST', '/team/invitations', { email: newEmail('t'), role: 'viewer' });
    expect((await call(otherToken, 'DELETE', `/team/invitations/${sent.body.id}`)).status).toBe(404);
    expect((await call(otherToken, 'POST', `/team/invitations/${sent.body.id}/resend`)).status).toBe(404);
    const viewer = await createMember(env, owner, 'viewer');
    expect((await call(otherToken, 'PATCH', `/team/members/${viewer.userId}`, { role: 'admin' })).status).toBe(404);
    expect((await call(otherToken, 'DELETE', `/team/members/${viewer.userId}`)).status).toBe(404);
    expect((await call(otherToken, 'POST', '/team/ownership', { userId: viewer.userId })).status).toBe(404);
    const theirs = await call(otherToken, 'GET', '/team/members');
    expect(theirs.body.map((m: { id: string }) => m.id)).toEqual([other.userId]);
    const log = await call(otherToken, 'GET', '/audit-log?perPage=100');
    expect(log.body.every((e: { event: string }) => !e.event.startsWith('invitation.'))).toBe(true);
  });

  it('filters by event, member and date, pages, and refuses bad filters with 4xx', async () => {
    const all = await call(ownerToken, 'GET', '/audit-log?perPage=2&page=1');
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(2);
    const info = JSON.parse(String(all.headers.pagination));
    expect(info.total).toBeGreaterThan(2);
    const mine = await call(ownerToken, 'GET', `/audit-log?userId=${owner.userId}&event=login.succeeded`);
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body.every((e: { user: { id: string } }) => e.user.id === owner.userId)).toBe(true);
    const future = await call(ownerToken, 'GET', '/audit-log?from=2999-01-01T00:00:00Z');
    expect(future.body).toEqual([]);
    expect((await call(ownerToken, 'GET', '/audit-log?event=nope')).status).toBe(422);
    expect((await call(ownerToken, 'GET', '/audit-log?from=yesterday')).status).toBe(422);
    const viewer = await createMember(env, owner, 'viewer');
    expect((await call((await login(env, viewer)).token, 'GET', '/audit-log')).status).toBe(403);
  });
});

describe('audit entries of other areas', () => {
  it('records API key creation and revocation with who and from where, never the secret', async () => {
    const key = await call(ownerToken, 'POST', '/api-keys', { name: 'Audit probe', access: 'read' });
    expect((await call(ownerToken, 'DELETE', `/api-keys/${key.body.id}`)).status).toBe(204);
    const created = await call(ownerToken, 'GET', '/audit-log?event=apikey.created');
    expect(created.body[0]).toMatchObject({ details: { keyId: key.body.id, name: 'Audit probe' } });
    expect(created.body[0].user.id).toBe(owner.userId);
    expect(created.body[0].ip).toBeTruthy();
    expect(JSON.stringify(created.body[0])).not.toContain(key.body.secret.slice(12));
    const revoked = await call(ownerToken, 'GET', '/audit-log?event=apikey.revoked');
    expect(revoked.body[0].details).toEqual({ keyId: key.body.id });
  });
});

describe('retention', () => {
  it('deletes entries older than AUDIT_RETENTION_DAYS and keeps younger ones', async () => {
    const insert = (days: number) =>
      env.pool.query(
        `insert into audit_log (company_id, user_id, event, created_at)
         values ($1, $2, 'login.failed', now() - make_interval(days => $3)) returning id`,
        [owner.companyId, owner.userId, days],
      );
    const old = (await insert(AUDIT_RETENTION_DAYS + 1)).rows[0].id;
    const young = (await insert(AUDIT_RETENTION_DAYS - 1)).rows[0].id;
    expect(await pruneAuditLog(env)).toBeGreaterThanOrEqual(1);
    const left = await env.pool.query('select id from audit_log where id = any($1)', [[old, young]]);
    expect(left.rows.map((r) => r.id)).toEqual([young]);
  });
});

describe('seats', () => {
  it("answers 402 'Upgrade required' when the plan's seats are taken, pending invitations included", async () => {
    const company = await createUser(env, 'Gamma');
    const token = (await login(env, company)).token;
    await env.pool.query(
      `insert into billing_plans (company_id, name, max_seats) values ($1, 'Starter', 2)
       on conflict (company_id) do update set max_seats = 2`,
      [company.companyId],
    );
    // The owner holds one seat, a pending invitation the second.
    expect((await call(token, 'POST', '/team/invitations', { email: newEmail('one'), role: 'editor' })).status).toBe(
      201,
    );
    const refused = await call(token, 'POST', '/team/invitations', { email: newEmail('two'), role: 'editor' });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'upgrade_required', message: BILLING_TEXTS.upgradeRequired });
  });
});
