import { afterAll, beforeAll, expect, it } from 'vitest';
import { SmtpPools } from '../../../server/channels/email/adapter.ts';
import { runBatch } from '../../../server/services/messaging/batch.ts';
import { forJob } from '../../../server/services/scope.ts';
import { advanceWorkflow } from '../../../server/services/workflows/engine.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { makeContact, makeList, signIn, type Caller } from '../contacts/fixtures.ts';
import { seedSender, startSmtp } from '../messaging/sendingFixtures.ts';

// list_added → send email (captured on a loopback SMTP server) → wait → clicked? → exit, with every job run twice:
// the contact gets one email, and the run waits, branches and ends.
let env: TestEnv;
let a: Caller;
let pools: SmtpPools;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  env = await createTestEnv({ smtpUrl: smtp.url });
  pools = new SmtpPools(2);
  a = await signIn(env, 'Alpha');
  await seedSender(env, a.companyId);
});
afterAll(async () => {
  pools.close();
  await smtp.close();
  await env.close();
});

it('sends the step email once through the campaign engine, then waits, branches and ends', async () => {
  const { listId } = await makeList(a, 'Signups');
  const template = (await a.call('POST', '/channels/email/templates', { name: 'Welcome letter' })).body;
  const saved = await a.call('PUT', `/channels/email/templates/${template.id}`, {
    subject: 'Welcome aboard',
    source: '<mjml><mj-body><mj-section><mj-column><mj-text>Hello</mj-text></mj-column></mj-section></mj-body></mjml>',
  });
  expect(saved.status).toBe(200);
  const workflow = (await a.call('POST', '/workflows', { name: 'Welcome' })).body;
  const graph = {
    nodes: [
      { id: 'n1', kind: 'trigger', position: { x: 0, y: 0 }, config: { type: 'listAdded', listId } },
      { id: 'n2', kind: 'sendEmail', position: { x: 0, y: 100 }, config: { templateId: template.id } },
      { id: 'n3', kind: 'wait', position: { x: 0, y: 200 }, config: { mode: 'duration', amount: 1, unit: 'hours' } },
      { id: 'n4', kind: 'branch', position: { x: 0, y: 300 }, config: { mode: 'previousEmail', event: 'opened' } },
      { id: 'n5', kind: 'exit', position: { x: 0, y: 400 }, config: {} },
    ],
    edges: [
      { id: 'e1', source: 'n1', handle: 'next', target: 'n2' },
      { id: 'e2', source: 'n2', handle: 'next', target: 'n3' },
      { id: 'e3', source: 'n3', handle: 'next', target: 'n4' },
      { id: 'e4', source: 'n4', handle: 'yes', target: 'n5' },
      { id: 'e5', source: 'n4', handle: 'no', target: 'n5' },
    ],
  };
  expect((await a.call('PUT', `/workflows/${workflow.id}`, { name: 'Welcome', graph })).status).toBe(200);
  expect((await a.call('POST', `/workflows/${workflow.id}/status`, { status: 'active' })).status).toBe(200);
  await makeContact(a, { email: 'giulia@example.org', listIds: [listId] });

  const scope = forJob(env.ctx, a.companyId);
  await advanceWorkflow(scope, workflow.id);
  await advanceWorkflow(scope, workflow.id);
  const run = (await a.call('GET', `/workflows/${workflow.id}/runs`)).body[0];
  const detail = (await a.call('GET', `/workflows/${workflow.id}/runs/${run.id}`)).body;
  const send = detail.steps.find((s: { nodeId: string }) => s.nodeId === 'n2');
  expect(send).toMatchObject({ outcome: 'passed' });
  expect(send.messageId).toBeGreaterThan(0);
  const deps = { transport: (url: string) => pools.get(url), window: 4 };
  await runBatch(scope, deps, send.messageId, 0);
  await runBatch(scope, deps, send.messageId, 0);
  expect(smtp.received.filter((m) => m.to.includes('giulia@example.org'))).toHaveLength(1);
  expect(smtp.received[0]!.raw.toString()).toContain('Welcome aboard');

  await env.pool.query(`update workflow_runs set next_at = now() - interval '1 second' where company_id = $1`, [
    a.companyId,
  ]);
  await advanceWorkflow(scope, workflow.id);
  await advanceWorkflow(scope, workflow.id);
  const done = (await a.call('GET', `/workflows/${workflow.id}/runs/${run.id}`)).body;
  expect(done.status).toBe('exited');
  expect(done.steps.find((s: { nodeId: string }) => s.nodeId === 'n4')).toMatchObject({ handle: 'no' });
});
