import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createTestEnv, createUser, login, type TestEnv, type TestUser } from '../helpers.ts';
import { emitWebhookEvent } from '../../../server/services/integrations/outbox.ts';
import { newWebhookSecret } from '../../../server/services/integrations/signing.ts';
import { createEndpoint, startReceiver, startWebhookWorker, waitFor } from './support.ts';

let env: TestEnv;
let user: TestUser;

beforeAll(async () => {
  // The receivers listen on loopback over plain http: this install allows both, as an intranet install would.
  env = await createTestEnv({ webhookAllowPrivate: true, webhookAllowHttp: true });
});
// A company per test: endpoints of an earlier test (their receivers closed) stay out of the next one.
beforeEach(async () => {
  user = await createUser(env);
});
afterAll(async () => env?.close());

const emit = (type: 'contact.created' | 'contact.updated', data: Record<string, unknown>) =>
  env.ctx.tenants.bind(user.companyId).transaction((db) => emitWebhookEvent(db, user.companyId, type, data));

async function deliveriesOf(endpointId: number) {
  const { rows } = await env.pool.query<{ id: number; status: string; attempts: number; last_error: string | null }>(
    'select id::int, status, attempts, last_error from webhook_deliveries where endpoint_id = $1 order by id',
    [endpointId],
  );
  return rows;
}

async function attemptsOf(endpointId: number) {
  const { rows } = await env.pool.query<{
    attempt: number;
    response_status: number | null;
    response_body: string | null;
    error: string | null;
    request_headers: Record<string, string>;
    created_at: Date;
  }>(
    `select a.attempt, a.response_status, a.response_body, a.error, a.request_headers, a.created_at
       from webhook_attempts a join webhook_deliveries d on d.company_id = a.company_id and d.id = a.delivery_id
      where d.endpoint_id = $1 order by a.id`,
    [endpointId],
  );
  return rows;
}

describe('webhook delivery', () => {
  it('signs by Standard Webhooks: the reference package verifies; every endpoint gets one webhook-id', async () => {
    const receiver = await startReceiver();
    const previous = newWebhookSecret();
    const a = await createEndpoint(env.ctx, user.companyId, `${receiver.url}/a`, ['contact.created']);
    const b = await createEndpoint(env.ctx, user.companyId, `${receiver.url}/b`, ['contact.created'], {
      previousSecret: previous,
    });
    const other = await createEndpoint(env.ctx, user.companyId, `${receiver.url}/other`, ['contact.deleted']);
    const worker = await startWebhookWorker(env.ctx);
    try {
      const uid = await emit('contact.created', { id: 7, email: 'ada@example.com' });
      await waitFor(() => receiver.heard.length >= 2, 10_000, 'two deliveries');
      const byPath = Object.fromEntries(receiver.heard.map((h) => [h.url, h]));
      expect(Object.keys(byPath).sort()).toEqual(['/a', '/b']);
      for (const [path, secret] of [
        ['/a', a.secret],
        ['/b', b.secret],
        ['/b', previous],
      ] as const) {
        const heard = byPath[path]!;
        const verified = new Webhook(secret).verify(heard.body, heard.headers as Record<string, string>);
        expect(verified).toMatchObject({ type: 'contact.created', data: { id: 7, email: 'ada@example.com' } });
        expect(heard.headers['webhook-id']).toBe(uid);
      }
      // During a rotation both secrets sign, space-separated; a wrong secret does not verify.
      expect(String(byPath['/b']!.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(() =>
        new Webhook(newWebhookSecret()).verify(byPath['/a']!.body, byPath['/a']!.headers as Record<string, string>),
      ).toThrow();
      expect(JSON.parse(byPath['/a']!.body)).toEqual({
        type: 'contact.created',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        data: { id: 7, email: 'ada@example.com' },
      });
      await waitFor(async () => (await deliveriesOf(a.id))[0]?.status === 'succeeded', 5_000, 'success recorded');
      expect(await deliveriesOf(other.id)).toEqual([]);
      // The log keeps the request headers (the signature, never a secret) and the answer.
      const [logged] = await attemptsOf(a.id);
      expect(logged).toMatchObject({ attempt: 1, response_status: 200, response_body: 'ok', error: null });
      expect(logged!.request_headers['webhook-id']).toBe(uid);
      expect(JSON.stringify(logged!.request_headers)).not.toContain(a.secret.slice(6));
      // The log shows the body byte for byte as the receiver heard it (rebuilt from the event, not copied).
      const { token } = await login(env, user);
      const log = await env.app.inject({
        method: 'GET',
        url: `/api/webhooks/${a.id}/deliveries`,
        headers: { authorization: `Bearer ${token}` },
      });
      const shown = log.json()[0].attempts[0];
      expect(shown.requestBody).toBe(byPath['/a']!.body);
      expect(new Webhook(a.secret).verify(shown.requestBody, shown.requestHeaders)).toMatchObject({ data: { id: 7 } });
    } finally {
      await worker.stop();
      await receiver.close();
    }
  });

  it('writes nothing when the change rolls back: the event lives and dies with its transaction', async () => {
    const receiver = await startReceiver();
    const endpoint = await createEndpoint(env.ctx, user.companyId, receiver.url, ['contact.updated']);
    await expect(
      env.ctx.tenants.bind(user.companyId).transaction(async (db) => {
        await emitWebhookEvent(db, user.companyId, 'contact.updated', { id: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
    const { rows } = await env.pool.query(`select 1 from graphile_worker.jobs where key = $1`, [
      `webhook-endpoint:${endpoint.id}`,
    ]);
    expect(rows).toEqual([]);
    await receiver.close();
  });

  it('retries on the backoff schedule, logs each attempt in plain words, and fails after the last delay', async () => {
    const receiver = await startReceiver((_h, res) => {
      res.statusCode = 503;
      res.end('x'.repeat(100_000)); // more than the 2 kB the log keeps
    });
    const endpoint = await createEndpoint(env.ctx, user.companyId, receiver.url, ['contact.updated']);
    const worker = await startWebhookWorker(env.ctx, { retryDelaysMs: [300, 600] });
    try {
      await emit('contact.updated', { id: 2 });
      const failed = await waitFor(
        async () => {
          const rows = await deliveriesOf(endpoint.id);
          return rows[0]?.status === 'failed' ? rows : null;
        },
        15_000,
        'the delivery to fail',
      );
      expect(failed![0]).toMatchObject({ attempts: 3, last_error: 'Responded with status 503' });
      const attempts = await attemptsOf(endpoint.id);
      expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
      expect(attempts.every((a) => a.response_status === 503 && a.response_body!.length === 2048)).toBe(true);
      // The delays between attempts follow the schedule (at least the configured wait).
      const gaps = attempts.slice(1).map((a, i) => a.created_at.getTime() - attempts[i]!.created_at.getTime());
      expect(gaps[0]).toBeGreaterThanOrEqual(250);
      expect(gaps[1]).toBeGreaterThanOrEqual(550);
      expect(receiver.heard).toHaveLength(3);
      // Every attempt of the event carries the same webhook-id.
      expect(new Set(receiver.heard.map((h) => h.headers['webhook-id'])).size).toBe(1);
    } finally {
      await worker.stop();
      await receiver.close();
    }
  });

  // Timed by a real worker's polling on the CI host: run again (up to twice) when a loaded host is slower than its
  // wait; a disabling that never happens still fails.
  it(
    'disables an endpoint failing past the limit, tells its owner once, stops its pending deliveries',
    { retry: 2 },
    async () => {
      const receiver = await startReceiver((_h, res) => {
        res.statusCode = 500;
        res.end();
      });
      const endpoint = await createEndpoint(env.ctx, user.companyId, receiver.url, ['contact.created']);
      const worker = await startWebhookWorker(env.ctx, {
        retryDelaysMs: [200, 200, 200, 200, 200],
        disableAfterMs: 300,
      });
      try {
        await emit('contact.created', { id: 3 });
        await emit('contact.created', { id: 4 });
        const disabled = await waitFor(
          async () => {
            const { rows } = await env.pool.query<{ enabled: boolean; disabled_reason: string | null }>(
              'select enabled, disabled_reason from webhook_endpoints where id = $1',
              [endpoint.id],
            );
            return rows[0]!.enabled ? null : rows[0];
          },
          20_000,
          'the endpoint to be disabled',
        );
        expect(disabled).toEqual({ enabled: false, disabled_reason: 'failing' });
        const heardWhenDisabled = receiver.heard.length;
        await new Promise((r) => setTimeout(r, 800));
        expect(receiver.heard.length).toBe(heardWhenDisabled);
        const deliveries = await deliveriesOf(endpoint.id);
        expect(deliveries.every((d) => d.status === 'pending')).toBe(true);
        const { rows: notes } = await env.pool.query<{ user_id: string; values: { url: string } }>(
          `select user_id, values from notifications where company_id = $1 and kind = 'webhook.disabled'`,
          [user.companyId],
        );
        expect(notes).toEqual([{ user_id: user.userId, values: { url: receiver.url } }]);
      } finally {
        await worker.stop();
        await receiver.close();
      }
    },
  );

  it('follows no redirect, times out, says "Connection refused"; a success clears failing', async () => {
    const receiver = await startReceiver((heard, res) => {
      if (heard.url === '/moved') {
        res.writeHead(302, { location: '/elsewhere' }).end();
      } else if (heard.url === '/silent') {
        // never answers
      } else res.end('ok');
    });
    const closed = await startReceiver();
    await closed.close();
    const moved = await createEndpoint(env.ctx, user.companyId, `${receiver.url}/moved`, ['contact.deleted']);
    const silent = await createEndpoint(env.ctx, user.companyId, `${receiver.url}/silent`, ['contact.deleted']);
    const refused = await createEndpoint(env.ctx, user.companyId, closed.url, ['contact.deleted']);
    const worker = await startWebhookWorker(env.ctx, { timeoutMs: 500, retryDelaysMs: [60_000] });
    try {
      await env.ctx.tenants
        .bind(user.companyId)
        .transaction((db) => emitWebhookEvent(db, user.companyId, 'contact.deleted', { id: 5 }));
      const firstAttempt = async (id: number) => waitFor(async () => (await attemptsOf(id))[0], 10_000, 'attempt');
      expect(await firstAttempt(moved.id)).toMatchObject({
        response_status: 302,
        error: 'Responded with status 302 (redirects are not followed)',
      });
      expect(await firstAttempt(silent.id)).toMatchObject({ response_status: null, error: 'Timed out after 0.5 s' });
      expect(await firstAttempt(refused.id)).toMatchObject({ error: 'Connection refused' });
      expect(receiver.heard.map((h) => h.url).sort()).toEqual(['/moved', '/silent']);
      const { rows } = await env.pool.query<{ failing: boolean }>(
        'select failing_since is not null as failing from webhook_endpoints where id = $1',
        [moved.id],
      );
      expect(rows[0]!.failing).toBe(true);
      // The moved endpoint is fixed; its retry succeeds and the endpoint is healthy again.
      receiver.setAnswer((_h, res) => res.end('ok'));
      await env.pool.query(`update webhook_deliveries set next_attempt_at = now() where endpoint_id = $1`, [moved.id]);
      await env.ctx.tenants
        .bind(user.companyId)
        .transaction((db) =>
          db.query(`select missiva_add_job('drain_webhook_endpoint', $1::json, 25, $2)`, [
            JSON.stringify({ companyId: user.companyId, endpointId: moved.id }),
            `webhook-endpoint:${moved.id}`,
          ]),
        );
      await waitFor(async () => (await deliveriesOf(moved.id))[0]?.status === 'succeeded', 10_000, 'the retry');
      const after = await env.pool.query<{ failing: boolean }>(
        'select failing_since is not null as failing from webhook_endpoints where id = $1',
        [moved.id],
      );
      expect(after.rows[0]!.failing).toBe(false);
    } finally {
      await worker.stop();
      await receiver.close();
    }
  });
});
