import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpPools } from '../../../server/channels/email/adapter.ts';
import { sendMessageBatchTask } from '../../../server/jobs/sendMessages.ts';
import { setPlan } from '../../../server/services/billing/operator.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';
import { seedList, seedMessage, seedSender, startSmtp } from '../messaging/sendingFixtures.ts';

// The bell's news where it happens (issue 21 §5): a plan limit that refused the user (once a day per limit, however
// often they retry), and a campaign that finished sending (once, from the batch that ended it).
let env: TestEnv;
let a: Caller;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let pools: SmtpPools;
beforeAll(async () => {
  smtp = await startSmtp();
  env = await createTestEnv({ smtpUrl: smtp.url });
  pools = new SmtpPools(2);
  a = await signIn(env, 'Alpha');
});
afterAll(async () => {
  pools.close();
  await smtp.close();
  await env.close();
});

const notices = async (kind: string) =>
  (
    await env.pool.query<{ values: Record<string, unknown> }>(
      'select values from notifications where company_id = $1 and kind = $2 order by id',
      [a.companyId, kind],
    )
  ).rows.map((r) => r.values);

const until = async (probe: () => Promise<boolean>) => {
  for (let i = 0; i < 50 && !(await probe()); i++) await new Promise((r) => setTimeout(r, 20));
};

describe('notifications of every kind', () => {
  it('tells the team once a day when a plan limit refuses the user, however often they retry', async () => {
    await setPlan(env.ctx.tenants.bind(a.companyId), { name: 'Starter', limits: { contacts: 0 } });
    for (const email of ['one.limit@example.org', 'two.limit@example.org'])
      expect((await a.call('POST', '/contacts', { email })).status).toBe(402);
    await until(async () => (await notices('billing.limit_reached')).length > 0);
    await new Promise((r) => setTimeout(r, 100));
    expect(await notices('billing.limit_reached')).toEqual([{ limit: 'contacts', max: 0 }]);
    expect(env.emitted.filter((e) => e.event === 'notification.created').length).toBeGreaterThan(0);
    await setPlan(env.ctx.tenants.bind(a.companyId), { name: 'Open', limits: {} });
  });

  it('says a campaign finished sending, once, from the batch that ended it', async () => {
    const senderId = await seedSender(env, a.companyId);
    const list = await seedList(env, a.companyId, 'fin', 3);
    const id = await seedMessage(env, a.companyId, senderId, { include_lists: [list], name: 'Autumn letter' });
    expect((await a.call('POST', `/channels/email/messages/${id}/send`)).status).toBe(200);
    const task = sendMessageBatchTask(env.ctx, pools, 2);
    const helpers = { logger: { debug: () => {}, warn: () => {} }, job: { attempts: 1, max_attempts: 5 } };
    const run = () => task({ companyId: a.companyId, messageId: id, batch: 0 }, helpers as never);
    await run();
    await run();
    expect(await notices('send.finished')).toEqual([{ name: 'Autumn letter' }]);
  });
});
