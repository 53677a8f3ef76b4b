import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_LIMITS } from '../../../shared/integrations.ts';
import { jobKeys, TASKS } from '../../../shared/jobs.ts';
import { WEBHOOK_TEST_EVENT, WEBHOOK_TEXTS } from '../../../shared/webhooks.ts';
import { contractValidator } from '../../../server/http/validation.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';

// Endpoint CRUD with its 422 texts, the signing secret on demand and its rotation, and the delivery log with the
// person's retry, replay and test event. Attempts are written as the delivery job writes them.
let env: TestEnv;
let owner: Caller;
const PUBLIC = 'https://93.184.216.34/hooks/missiva';

beforeAll(async () => {
  env = await createTestEnv();
  owner = await signIn(env, 'Acme');
});
afterAll(() => env.close());

const create = (body: Record<string, unknown>) => owner.call('POST', '/webhooks', body);

describe('endpoints', () => {
  it('creates, reads, lists, changes and deletes an endpoint', async () => {
    const created = await create({ url: ` ${PUBLIC} `, description: 'CRM', eventTypes: ['contact.created'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ url: PUBLIC, description: 'CRM', enabled: true, disabledReason: null });
    const id = created.body.id;
    expect((await owner.call('GET', `/webhooks/${id}`)).body).toEqual(created.body);
    expect((await owner.call('GET', '/webhooks')).body.map((e: { id: number }) => e.id)).toContain(id);
    const changed = await owner.call('PATCH', `/webhooks/${id}`, { eventTypes: ['import.completed'], enabled: false });
    expect(changed.body).toMatchObject({ eventTypes: ['import.completed'], enabled: false, disabledReason: 'manual' });
    expect((await owner.call('DELETE', `/webhooks/${id}`)).status).toBe(204);
    expect((await owner.call('GET', `/webhooks/${id}`)).status).toBe(404);
  });

  it('answers the spec text for a blank URL and names the missing event types', async () => {
    const res = await create({ url: '  ', eventTypes: [] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ url: [FIELD_TEXTS.urlRequired], eventTypes: [WEBHOOK_TEXTS.eventTypesRequired] });
  });

  it.each([
    ['http://93.184.216.34/hook', 'Only https URLs are allowed'],
    ['https://127.0.0.1/hook', 'Refused: private address 127.0.0.1'],
    ['https://10.1.2.3/hook', 'Refused: private address 10.1.2.3'],
    ['https://169.254.169.254/latest', 'Refused: cloud metadata address 169.254.169.254'],
    ['https://user:pw@93.184.216.34/', 'Credentials in the URL are not allowed'],
    ['not a url', 'Not a valid URL'],
  ])('refuses %s with its reason', async (url, reason) => {
    const res = await create({ url, eventTypes: ['message.sent'] });
    expect(res.status).toBe(422);
    expect(res.body.errors.url).toEqual([reason]);
  });

  it('checks a changed URL as on creation', async () => {
    const { body } = await create({ url: PUBLIC, eventTypes: ['message.sent'] });
    const res = await owner.call('PATCH', `/webhooks/${body.id}`, { url: 'https://192.168.1.1/' });
    expect(res.status).toBe(422);
    expect((await owner.call('GET', `/webhooks/${body.id}`)).body.url).toBe(PUBLIC);
  });

  it('re-enabling an endpoint disabled for failing clears its failure', async () => {
    const { body } = await create({ url: PUBLIC, eventTypes: ['message.sent'] });
    await env.pool.query(
      `update webhook_endpoints set enabled = false, disabled_reason = 'failing',
              failing_since = now() - interval '3 days' where id = $1`,
      [body.id],
    );
    expect((await owner.call('GET', `/webhooks/${body.id}`)).body).toMatchObject({ disabledReason: 'failing' });
    const res = await owner.call('PATCH', `/webhooks/${body.id}`, { enabled: true });
    expect(res.body).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it('the contract enum of event types is WEBHOOK_EVENT_TYPES', () => {
    const validate = contractValidator('WebhookEventType');
    for (const type of WEBHOOK_EVENT_TYPES) expect(validate(type)).toBe(true);
    expect(validate(WEBHOOK_TEST_EVENT)).toBe(false);
  });
});

describe('signing secret', () => {
  it('is shown on demand and rotated, the previous one signing for 24 hours', async () => {
    const { body } = await create({ url: PUBLIC, eventTypes: ['message.sent'] });
    const first = await owner.call('GET', `/webhooks/${body.id}/secret`);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body).toEqual({
      secret: expect.stringMatching(/^whsec_/),
      previousSecret: null,
      previousSecretUntil: null,
    });
    const rotated = await owner.call('POST', `/webhooks/${body.id}/secret/rotate`);
    expect(rotated.body.secret).not.toBe(first.body.secret);
    expect(rotated.body.previousSecret).toBe(first.body.secret);
    const until = Date.parse(rotated.body.previousSecretUntil) - Date.now();
    expect(Math.abs(until - WEBHOOK_LIMITS.previousSecretMs)).toBeLessThan(60_000);
    expect((await owner.call('GET', `/webhooks/${body.id}/secret`)).body).toEqual(rotated.body);
    // Once the 24 hours are over the previous secret is neither shown nor announced.
    await env.pool.query(`update webhook_endpoints set previous_secret_until = now() - interval '1 s' where id = $1`, [
      body.id,
    ]);
    expect((await owner.call('GET', `/webhooks/${body.id}/secret`)).body.previousSecret).toBeNull();
    expect((await owner.call('GET', `/webhooks/${body.id}`)).body.previousSecretUntil).toBeNull();
  });
});

/** An event with one delivery to the endpoint, in the state and with the attempts the delivery job would leave. */
async function delivery(endpointId: number, type: string, status: string, attempts: number, ago = '0 s') {
  const { rows } = await env.pool.query<{ id: number }>(
    `with event as (
       insert into webhook_events (company_id, event_uid, type, payload, created_at)
       values ($1, 'evt_' || md5(random()::text), $2, '{}', now() - $5::interval) returning id
     )
     insert into webhook_deliveries (company_id, event_id, endpoint_id, status, attempts, last_status, created_at)
     select $1, event.id, $3, $4, $6, case $4 when 'succeeded' then 200 when 'failed' then 500 end,
            now() - $5::interval from event returning id::int`,
    [owner.companyId, type, endpointId, status, ago, attempts],
  );
  const id = rows[0]!.id;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    await env.pool.query(
      `insert into webhook_attempts (company_id, delivery_id, attempt, request_headers, request_body, response_status,
                                     response_body, duration_ms)
       values ($1, $2, $3, '{"webhook-id": "evt"}', '{"type":"x"}', $4, 'nope', 12)`,
      [owner.companyId, id, attempt, attempt === attempts && status === 'succeeded' ? 200 : 500],
    );
  }
  return id;
}

const jobsOf = async (deliveryId: number) =>
  (
    await env.pool.query('select 1 from graphile_worker.jobs where task_identifier = $1 and key = $2', [
      TASKS.deliverWebhook,
      jobKeys.webhookDelivery(deliveryId),
    ])
  ).rowCount;

describe('delivery log', () => {
  let endpointId: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    endpointId = (await create({ url: PUBLIC, eventTypes: ['message.sent', 'contact.created'] })).body.id;
    ids.oldFailed = await delivery(endpointId, 'message.sent', 'failed', 3, '3 days');
    ids.failed = await delivery(endpointId, 'contact.created', 'failed', 2, '1 hour');
    ids.succeeded = await delivery(endpointId, 'message.sent', 'succeeded', 2, '10 minutes');
    ids.pending = await delivery(endpointId, 'message.sent', 'pending', 0);
  });

  it('lists newest first with attempts, filtered by status and event type, paged', async () => {
    const all = await owner.call('GET', `/webhooks/${endpointId}/deliveries`);
    expect(all.body.map((d: { id: number }) => d.id)).toEqual([ids.pending, ids.succeeded, ids.failed, ids.oldFailed]);
    const succeeded = all.body[1];
    expect(succeeded).toMatchObject({
      status: 'succeeded',
      attemptCount: 2,
      lastStatus: 200,
      eventType: 'message.sent',
    });
    expect(
      succeeded.attempts.map((a: { attempt: number; responseStatus: number }) => [a.attempt, a.responseStatus]),
    ).toEqual([
      [1, 500],
      [2, 200],
    ]);
    expect(succeeded.attempts[0]).toMatchObject({ requestHeaders: { 'webhook-id': 'evt' }, responseBody: 'nope' });
    const failed = await owner.call('GET', `/webhooks/${endpointId}/deliveries?status=failed`);
    expect(failed.body.map((d: { id: number }) => d.id)).toEqual([ids.failed, ids.oldFailed]);
    const contacts = await owner.call('GET', `/webhooks/${endpointId}/deliveries?eventType=contact.created`);
    expect(contacts.body.map((d: { id: number }) => d.id)).toEqual([ids.failed]);
    const page2 = await owner.call('GET', `/webhooks/${endpointId}/deliveries?perPage=3&page=2`);
    expect(page2.body.map((d: { id: number }) => d.id)).toEqual([ids.oldFailed]);
    expect(JSON.parse(String(page2.headers.pagination))).toMatchObject({ page: 2, perPage: 3, total: 4, pages: 2 });
    expect((await owner.call('GET', `/webhooks/${endpointId}/deliveries?status=lost`)).status).toBe(422);
  });

  it('counts deliveries per day by outcome', async () => {
    const days = (await owner.call('GET', `/webhooks/${endpointId}/deliveries/daily`)).body;
    expect(days).toHaveLength(14);
    const sum = (key: string) => days.reduce((n: number, d: Record<string, number>) => n + d[key]!, 0);
    expect([sum('succeeded'), sum('failed'), sum('pending')]).toEqual([1, 2, 1]);
  });

  it('retries one delivery now', async () => {
    const res = await owner.call('POST', `/webhooks/${endpointId}/deliveries/${ids.failed}/retry`);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ id: ids.failed, status: 'pending' });
    expect(await jobsOf(ids.failed!)).toBe(1);
  });

  it('replays the failed deliveries since a time and answers how many', async () => {
    await env.pool.query(`update webhook_deliveries set status = 'failed' where id = $1`, [ids.failed]);
    const since = new Date(Date.now() - 24 * 3600_000).toISOString();
    const res = await owner.call('POST', `/webhooks/${endpointId}/deliveries/replay`, { since });
    expect(res).toMatchObject({ status: 202, body: { count: 1 } });
    const old = await owner.call('GET', `/webhooks/${endpointId}/deliveries?status=failed`);
    expect(old.body.map((d: { id: number }) => d.id)).toEqual([ids.oldFailed]);
  });

  it('sends a test event to this endpoint only; it is in the log', async () => {
    const other = (await create({ url: PUBLIC, eventTypes: [...WEBHOOK_EVENT_TYPES] })).body.id;
    const res = await owner.call('POST', `/webhooks/${endpointId}/test`);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ eventType: WEBHOOK_TEST_EVENT, status: 'pending', attemptCount: 0 });
    expect(await jobsOf(res.body.id)).toBe(1);
    const log = await owner.call('GET', `/webhooks/${endpointId}/deliveries?eventType=${WEBHOOK_TEST_EVENT}`);
    expect(log.body.map((d: { id: number }) => d.id)).toEqual([res.body.id]);
    expect((await owner.call('GET', `/webhooks/${other}/deliveries`)).body).toEqual([]);
  });

  it('refuses retry, replay and test while the endpoint is disabled', async () => {
    await owner.call('PATCH', `/webhooks/${endpointId}`, { enabled: false });
    const since = new Date(0).toISOString();
    for (const res of [
      await owner.call('POST', `/webhooks/${endpointId}/deliveries/${ids.failed}/retry`),
      await owner.call('POST', `/webhooks/${endpointId}/deliveries/replay`, { since }),
      await owner.call('POST', `/webhooks/${endpointId}/test`),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'webhook_disabled', message: WEBHOOK_TEXTS.endpointDisabled });
    }
  });
});
