import { afterAll, beforeAll, expect, it } from 'vitest';
import { BILLING_NOTIFICATIONS } from '../../../shared/billing.ts';
import { afterDebit } from '../../../server/services/billing/alerts.ts';
import { credit, debit } from '../../../server/services/billing/ledger.ts';
import { createTestEnv, createUser, type TestEnv, type TestUser } from '../helpers.ts';

// A debit that crosses the low-balance threshold notifies the company and emails its owners, once per crossing.
let env: TestEnv;
let acme: TestUser;
beforeAll(async () => {
  env = await createTestEnv({ billingStartingCredits: 0 });
  acme = await createUser(env, 'Acme');
});
afterAll(() => env.close());

it('notifies and emails the owners once when a debit crosses the threshold', async () => {
  const db = env.ctx.tenants.bind(acme.companyId);
  await credit(db, acme.companyId, { channel: 'sms', kind: 'grant', amount: 10 });
  await env.pool.query(
    `update credit_balances set low_balance_threshold = 6 where company_id = $1 and channel = 'sms'`,
    [acme.companyId],
  );
  for (const quantity of [3, 3, 1]) {
    const result = await debit(db, acme.companyId, { channel: 'sms', kind: 'send', quantity });
    await afterDebit(env.ctx, acme.companyId, 'sms', result);
  }
  const notes = await env.pool.query(`select kind, values from notifications where company_id = $1`, [acme.companyId]);
  expect(notes.rows).toEqual([
    { kind: BILLING_NOTIFICATIONS.lowBalance, values: { channel: 'sms', balance: 4, threshold: 6 } },
  ]);
  const mail = await env.pool.query(`select to_address, subject from outbox where company_id = $1 and kind = $2`, [
    acme.companyId,
    BILLING_NOTIFICATIONS.lowBalance,
  ]);
  expect(mail.rows).toEqual([{ to_address: acme.email, subject: 'Low credit balance on sms' }]);
});
