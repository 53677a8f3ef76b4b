import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';
import { bearer, login, type TestEnv } from '../helpers.ts';

// Company A walks every webhook operation with company B's endpoint and delivery ids: 404 each time, B's rows
// unchanged; a member (not an admin) of a company gets 403.
let env: TestEnv;
let a: Caller;
let b: Caller;
let theirs: { endpointId: number; deliveryId: number };
let mine: number;
const URL = 'https://93.184.216.34/hook';

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  const endpoint = await b.call('POST', '/webhooks', { url: URL, eventTypes: ['contact.created'] });
  expect(endpoint.status).toBe(201);
  const test = await b.call('POST', `/webhooks/${endpoint.body.id}/test`);
  expect(test.status).toBe(202);
  theirs = { endpointId: endpoint.body.id, deliveryId: test.body.id };
  mine = (await a.call('POST', '/webhooks', { url: URL, eventTypes: ['contact.created'] })).body.id;
});
afterAll(() => env.close());

const snapshot = async () => ({
  endpoints: (await b.call('GET', '/webhooks')).body,
  secret: (await b.call('GET', `/webhooks/${theirs.endpointId}/secret`)).body,
  log: (await b.call('GET', `/webhooks/${theirs.endpointId}/deliveries`)).body,
});

describe("another company's webhook ids answer 404", () => {
  const id = () => theirs.endpointId;
  const since = new Date(0).toISOString();
  const probes: Record<string, () => Promise<{ status: number }>> = {
    getWebhookEndpoint: () => a.call('GET', `/webhooks/${id()}`),
    updateWebhookEndpoint: () => a.call('PATCH', `/webhooks/${id()}`, { enabled: false }),
    deleteWebhookEndpoint: () => a.call('DELETE', `/webhooks/${id()}`),
    getWebhookSecret: () => a.call('GET', `/webhooks/${id()}/secret`),
    rotateWebhookSecret: () => a.call('POST', `/webhooks/${id()}/secret/rotate`),
    listWebhookDeliveries: () => a.call('GET', `/webhooks/${id()}/deliveries`),
    listWebhookDeliveryDays: () => a.call('GET', `/webhooks/${id()}/deliveries/daily`),
    retryWebhookDelivery: () => a.call('POST', `/webhooks/${id()}/deliveries/${theirs.deliveryId}/retry`),
    retryWithOwnEndpoint: () => a.call('POST', `/webhooks/${mine}/deliveries/${theirs.deliveryId}/retry`),
    replayWebhookDeliveries: () => a.call('POST', `/webhooks/${id()}/deliveries/replay`, { since }),
    sendWebhookTest: () => a.call('POST', `/webhooks/${id()}/test`),
  };
  for (const [operation, probe] of Object.entries(probes)) {
    it(operation, async () => {
      const before = await snapshot();
      expect((await probe()).status).toBe(404);
      expect(await snapshot()).toEqual(before);
    });
  }

  it('lists only the caller’s own', async () => {
    const ids = (await a.call('GET', '/webhooks')).body.map((e: { id: number }) => e.id);
    expect(ids).toEqual([mine]);
  });
});

describe('members', () => {
  it('without webhooks:manage read endpoints but get 403 on their secret and test', async () => {
    // A viewer of company A, with the owner's password: integrations:read, not webhooks:manage (shared/permissions.ts).
    const email = `member.${Date.now()}@example.com`;
    await env.pool.query(
      `insert into users (company_id, email, password_hash, role)
       select company_id, $2, password_hash, 'viewer' from users where id = $1`,
      [a.userId, email],
    );
    const { token } = await login(env, { email, password: 'secret-pass' });
    for (const url of ['/webhooks', `/webhooks/${mine}`]) {
      const res = await env.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
      expect(res.statusCode, url).toBe(200);
    }
    for (const [method, url] of [
      ['GET', `/webhooks/${mine}/secret`],
      ['POST', `/webhooks/${mine}/test`],
    ] as const) {
      const res = await env.app.inject({ method, url: `/api${url}`, headers: bearer(token) });
      expect(res.statusCode, url).toBe(403);
    }
  });
});
