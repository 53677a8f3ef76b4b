import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_TEXTS } from '../../../shared/billing.ts';
import { setPlan } from '../../../server/services/billing/operator.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';
import { seedList, seedMessage, seedSender } from '../messaging/sendingFixtures.ts';

// Plan limits where users meet them: creating a contact and starting a campaign past the plan answer 402 with the
// spec's "Upgrade required" text and change nothing; with BILLING=off the same plan limits nothing.
let env: TestEnv;
let off: TestEnv;
let a: Caller;
let b: Caller;

beforeAll(async () => {
  [env, off] = await Promise.all([createTestEnv({ smtpUrl: 'smtp://127.0.0.1:9' }), createTestEnv({ billing: false })]);
  a = await signIn(env, 'Alpha');
  b = await signIn(off, 'Beta');
});
afterAll(() => Promise.all([env.close(), off.close()]));

const contactCount = async (e: TestEnv, companyId: string) =>
  (await e.pool.query<{ n: number }>('select count(*)::int as n from contacts where company_id = $1', [companyId]))
    .rows[0]!.n;

describe('plan limits over HTTP', () => {
  it('refuses a contact past the contacts limit with 402 Upgrade required', async () => {
    const have = await contactCount(env, a.companyId);
    await setPlan(env.ctx.tenants.bind(a.companyId), { name: 'Starter', limits: { contacts: have + 1 } });
    expect((await a.call('POST', '/contacts', { email: 'first.limit@example.org' })).status).toBe(201);
    const refused = await a.call('POST', '/contacts', { email: 'second.limit@example.org' });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'upgrade_required', message: BILLING_TEXTS.upgradeRequired });
    expect(await contactCount(env, a.companyId)).toBe(have + 1);
  });

  it('refuses a campaign whose recipients pass the monthly sends and queues nothing', async () => {
    await setPlan(env.ctx.tenants.bind(a.companyId), { name: 'Starter', limits: { sends: 2 } });
    const senderId = await seedSender(env, a.companyId);
    const list = await seedList(env, a.companyId, 'lim', 3);
    const id = await seedMessage(env, a.companyId, senderId, { include_lists: [list] });
    const res = await a.call('POST', `/channels/email/messages/${id}/send`);
    expect(res.status).toBe(402);
    expect(res.body.message).toBe(BILLING_TEXTS.upgradeRequired);
    const queued = await env.pool.query(
      `select 1 from graphile_worker._private_jobs where key like $1
       union all select 1 from message_recipients where company_id = $2 and message_id = $3`,
      [`message-%:${id}%`, a.companyId, id],
    );
    expect(queued.rows).toHaveLength(0);
    expect((await a.call('GET', `/channels/email/messages/${id}/send-state`)).body.status).toBe('draft');
  });

  it('limits nothing when billing is off', async () => {
    await setPlan(off.ctx.tenants.bind(b.companyId), { name: 'Starter', limits: { contacts: 0 } });
    expect((await b.call('POST', '/contacts', { email: 'free@example.org' })).status).toBe(201);
  });
});
