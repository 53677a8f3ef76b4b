import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_SECRET } from '../global-setup.ts';
import { createTestEnv, createUser, type TestEnv, type TestUser } from '../helpers.ts';

// The operator's CLI commands against a real database: credits:grant and plan:set write the ledger, the plan and the
// audit log; bad arguments exit with 2 and change nothing.
let env: TestEnv;
let acme: TestUser;
beforeAll(async () => {
  env = await createTestEnv({ billingStartingCredits: 0 });
  acme = await createUser(env, 'Acme');
});
afterAll(() => env.close());

function cli(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
    env: { ...process.env, DATABASE_URL: env.databaseUrl, SECRET_KEY: TEST_SECRET, DATA_DIR: '.tmp/test-data' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('exit', (status) => resolve({ status, stdout, stderr })));
}

it('grants credits and sets a plan, with ledger and audit entries', async () => {
  const grant = await cli('credits:grant', acme.companyId, 'sms', '300', 'Spring', 'promotion');
  expect(grant.status, grant.stderr).toBe(0);
  expect(JSON.parse(grant.stdout)).toMatchObject({ channel: 'sms', granted: 300, balance: 300 });
  const plan = await cli('plan:set', acme.companyId, 'Growth', '--contacts', '5000', '--sends', '20000');
  expect(plan.status, plan.stderr).toBe(0);
  const { rows } = await env.pool.query(
    `select name, max_contacts, max_seats, max_sends_per_month from billing_plans where company_id = $1`,
    [acme.companyId],
  );
  expect(rows).toEqual([{ name: 'Growth', max_contacts: 5000, max_seats: null, max_sends_per_month: 20000 }]);
  const ledger = await env.pool.query(`select amount, reason, detail from credit_ledger where company_id = $1`, [
    acme.companyId,
  ]);
  expect(ledger.rows).toEqual([{ amount: 300, reason: 'grant', detail: { reason: 'Spring promotion' } }]);
  const audit = await env.pool.query(`select event from audit_log where company_id = $1 order by id`, [acme.companyId]);
  expect(audit.rows.map((r) => r.event)).toEqual(['credits.granted', 'plan.changed']);
}, 60_000);

it('refuses bad arguments with exit code 2 and changes nothing', async () => {
  expect((await cli('credits:grant', acme.companyId, 'fax', '5')).status).toBe(2);
  expect((await cli('credits:grant', acme.companyId, 'sms', '-5')).status).toBe(2);
  expect((await cli('credits:grant', 'not-a-company', 'sms', '5')).status).toBe(2);
  expect((await cli('plan:set', acme.companyId, 'Tiny', '--seats', 'many')).status).toBe(2);
  const { rows } = await env.pool.query(`select count(*)::int as n from credit_ledger where company_id = $1`, [
    acme.companyId,
  ]);
  expect(rows[0].n).toBe(1);
}, 60_000);
