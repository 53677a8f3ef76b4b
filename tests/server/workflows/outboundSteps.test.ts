import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { getWebhookSecret } from '../../../server/services/integrations/webhookEndpoints.ts';
import { forJob } from '../../../server/services/scope.ts';
import { WORKFLOW_WEBHOOK_EVENT } from '../../../shared/workflows.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { makeContact, signIn, type Caller } from '../contacts/fixtures.ts';
import { startReceiver, startWebhookWorker, waitFor } from '../integrations/support.ts';
import { activeStepWorkflow, runStep } from './stepFixtures.ts';

// The steps that reach out: a webhook step's call goes through the integrations outbox and delivery jobs to a real
// HTTP receiver on loopback, signed so that the standardwebhooks package verifies it, once though the workflow's job
// runs twice; a notify step notifies the chosen members of the company (nobody of another), once.
let env: TestEnv;
let a: Caller;
let b: Caller;

beforeAll(async () => {
  // The receiver listens on loopback over plain http: this install allows both, as an intranet install would.
  env = await createTestEnv({ webhookAllowPrivate: true, webhookAllowHttp: true });
  a = await signIn(env, 'Alpha');
  b = await signIn(env, 'Beta');
});
afterAll(async () => env?.close());

describe('webhook step', () => {
  it('posts the contact and workflow once as a signed event to the URL, through the delivery machinery', async () => {
    const receiver = await startReceiver();
    const worker = await startWebhookWorker(env.ctx);
    try {
      const contact = await makeContact(a, { email: 'hook@example.org', firstName: 'Ada' });
      const url = `${receiver.url}/crm`;
      const wf = await activeStepWorkflow(a, { kind: 'webhook', config: { url } }, 'Hook flow');
      const trace = await runStep(env, a, wf, [contact.id]);
      expect(trace.get(contact.id)).toMatchObject({ outcome: 'passed' });

      await waitFor(() => receiver.heard.length >= 1, 10_000, 'the webhook call');
      const endpoint = await env.pool.query<{ id: number; event_types: string[] }>(
        'select id::int, event_types from webhook_endpoints where company_id = $1 and url = $2',
        [a.companyId, url],
      );
      // The URL's endpoint, made for the step: it subscribes to no event, so it only hears the steps.
      expect(endpoint.rows).toEqual([{ id: expect.any(Number), event_types: [] }]);
      const { secret } = await getWebhookSecret(forJob(env.ctx, a.companyId), endpoint.rows[0]!.id);
      const heard = receiver.heard[0]!;
      const verified = new Webhook(secret).verify(heard.body, heard.headers as Record<string, string>);
      expect(verified).toMatchObject({
        type: WORKFLOW_WEBHOOK_EVENT,
        data: {
          workflow: { id: wf, name: 'Hook flow' },
          run: { step: 's' },
          contact: { id: contact.id, email: 'hook@example.org', firstName: 'Ada', lastName: null },
        },
      });
      // The endpoint's delivery log lists the call under its own type, and its filter takes that type.
      const log = await a.call(
        'GET',
        `/webhooks/${endpoint.rows[0]!.id}/deliveries?eventType=${WORKFLOW_WEBHOOK_EVENT}`,
      );
      expect(log.status, JSON.stringify(log.body)).toBe(200);
      expect(log.body.map((d: { eventType: string }) => d.eventType)).toEqual([WORKFLOW_WEBHOOK_EVENT]);
      // A second workflow calling the same URL reuses its endpoint; nothing is posted twice meanwhile.
      const again = await activeStepWorkflow(a, { kind: 'webhook', config: { url } }, 'Hook again');
      await runStep(env, a, again, [contact.id]);
      await waitFor(() => receiver.heard.length >= 2, 10_000, 'the second call');
      await new Promise((r) => setTimeout(r, 300));
      expect(receiver.heard).toHaveLength(2);
      expect(new Set(receiver.heard.map((h) => h.headers['webhook-id'])).size).toBe(2);
      const endpoints = await env.pool.query('select 1 from webhook_endpoints where company_id = $1', [a.companyId]);
      expect(endpoints.rowCount).toBe(1);
    } finally {
      await worker.stop();
      await receiver.close();
    }
  });

  it('fails the step when the URL’s endpoint is disabled, and posts nothing', async () => {
    const contact = await makeContact(a, { email: 'off@example.org' });
    const url = 'http://127.0.0.1:9/disabled';
    await env.pool.query(
      `insert into webhook_endpoints (company_id, url, event_types, enabled, disabled_reason, secret_sealed)
       values ($1, $2, '{}', false, 'manual', 'x')`,
      [a.companyId, url],
    );
    const wf = await activeStepWorkflow(a, { kind: 'webhook', config: { url } });
    const trace = await runStep(env, a, wf, [contact.id]);
    expect(trace.get(contact.id)).toMatchObject({ outcome: 'failed', detail: expect.stringMatching(/is disabled$/) });
    const events = await env.pool.query(
      `select 1 from webhook_events where company_id = $1 and type = $2 and (payload #>> '{workflow,id}')::int = $3`,
      [a.companyId, WORKFLOW_WEBHOOK_EVENT, wf],
    );
    expect(events.rowCount).toBe(0);
  });
});

describe('notify step', () => {
  it('notifies the chosen members of the company once, with the workflow, the contact and the note', async () => {
    const contact = await makeContact(a, { email: 'lead@example.org', firstName: 'Lia', lastName: 'Neri' });
    const wf = await activeStepWorkflow(
      a,
      { kind: 'notify', config: { memberIds: [a.userId, b.userId], note: 'Call them today' } },
      'Hot lead',
    );
    const before = env.emitted.length;
    const trace = await runStep(env, a, wf, [contact.id]);
    expect(trace.get(contact.id)).toMatchObject({ outcome: 'passed', detail: 'notified 1 team member(s)' });
    const { rows } = await env.pool.query(
      'select company_id, user_id, kind, values from notifications where kind = $1 order by id',
      ['workflow.notify'],
    );
    expect(rows).toEqual([
      {
        company_id: a.companyId,
        user_id: a.userId,
        kind: 'workflow.notify',
        values: { workflow: 'Hot lead', contact: 'Lia Neri <lead@example.org>', note: 'Call them today' },
      },
    ]);
    const pushed = env.emitted.slice(before).filter((e) => e.event === 'notification.created');
    expect(pushed.map((e) => e.room)).toEqual([`user:${a.userId}`]);
  });

  it('fails the step when no chosen member is of the company', async () => {
    const contact = await makeContact(a, { email: 'nobody@example.org' });
    const wf = await activeStepWorkflow(a, {
      kind: 'notify',
      config: { memberIds: [b.userId], note: 'x' },
    });
    expect((await runStep(env, a, wf, [contact.id])).get(contact.id)).toMatchObject({
      outcome: 'failed',
      detail: 'no team member to notify',
    });
    const notified = await env.pool.query('select 1 from notifications where user_id = $1', [b.userId]);
    expect(notified.rowCount).toBe(0);
  });
});
